import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { CheckboxField, Field, useShopForm } from '~/components/forms'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import {
  UserBudgetFields,
  userFieldLabels,
  UserProfileFields,
  UserRoleFields,
} from '~/components/organization/UserForm'
import { useShell } from '~/components/useShell'
import { newUserBody, userCreateSchema, userName, userRefusal } from '~/models/b2b-user'
import { noindexMeta } from '~/models/seo'
import { createUsers, listRoles, requireUserManager, userUrl } from '~/services/b2b-users.server'
import { organizationAccessOf } from '~/services/company.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { clearParentVisited, requireParentVisited } from '~/services/organization.server'
import { ssoProviders } from '~/services/sso-provider.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const FIELDS = ['login', 'title', 'firstName', 'lastName', 'email', 'phoneHome', 'roleIDs']
const BUDGET_FIELDS = ['orderSpentLimit', 'budget', 'budgetPeriod']

/**
 * The new-user form (spec org §2 `users/create`): profile, roles and budget in one. Opened directly, without
 * the user list before it, it goes to the list (§5).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  requireParentVisited(shopper, shopper.usersUrl)
  const roles = await loginAgainIfRefused(request, shopper, listRoles(shopper.scope, shopper.customerNo))
  return data(
    {
      title: shopper.t('account.user.new.heading'),
      roles,
      currency: shopper.locale.currency,
      usersUrl: shopper.usersUrl,
      access: organizationAccessOf(shopper.user),
      /** The identity providers an invitation signs in with; none: the password link only. */
      providers: ssoProviders().map((provider) => provider.displayName),
    },
    { headers: privateHeaders() },
  )
}

/**
 * `POST customers/{no}/users` with the one new user; the API mails them a link to set their password. Success
 * goes to the new user's page with a toast saying so; the API's refusals are shown on the form.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const { t, scope, customerNo, usersUrl, session } = shopper
  const submission = parseSubmission(await readForm(request), {
    schema: userCreateSchema(t, shopper.locale.tag),
    t,
  })
  if (submission.status !== 'success') return invalid(submission)
  const form = submission.value
  const result = await loginAgainIfRefused(
    request,
    shopper,
    createUsers(scope, customerNo, [newUserBody(form, shopper.locale.currency)]),
  )
  if (!result.ok) {
    const fields = [...FIELDS, ...BUDGET_FIELDS].filter((field) => field !== 'login' || form.login)
    const { fieldErrors, formMessages } = userRefusal(result.errors, fields, t)
    return refused(submission, t, formMessages, { fieldErrors })
  }
  const created = result.value[0]
  const login = created?.login ?? form.login ?? form.email
  clearParentVisited(session)
  return redirectWithToast(session, userUrl(usersUrl, login), {
    key: form.invite ? 'account.user.new.invited' : 'account.user.new.success',
    values: { name: userName({ ...form, login }), email: form.email },
    type: 'success',
  })
}

export default function NewUserPage() {
  const { roles, currency, usersUrl, access, providers } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'user-create', schema: userCreateSchema(t, locale.tag) })
  return (
    <>
      <Breadcrumb
        items={[
          { name: t('account.organization.user_management'), url: usersUrl },
          { name: t('account.user.new.heading') },
        ]}
        homeUrl={`/${locale.lang}/home`}
      />
      <h1>{t('account.user.new.heading')}</h1>
      <OrganizationNav current="users" access={access} />
      <Form method="post" {...getFormProps(form)} className="org-form user-form">
        <FormErrors form={form} label={userFieldLabels(t)} />
        <fieldset>
          <legend>{t('account.user.profile.label')}</legend>
          <UserProfileFields fields={fields} />
          <Field
            meta={fields.login}
            label={t('account.user.login.label')}
            hint={t('account.user.login.hint')}
            autoComplete="off"
          />
        </fieldset>
        <UserRoleFields meta={fields.roleIDs} roles={roles} />
        <UserBudgetFields fields={fields} currency={currency} />
        {providers.length > 0 ? (
          <CheckboxField
            meta={fields.invite}
            label={t('account.user.new.invite.label', { providers: providers.join(', ') })}
          />
        ) : null}
        <p className="hint">
          {t('account.user.new.mail_hint')}
          {providers.length > 0 ? ` ${t('account.user.new.invite.hint')}` : null}
        </p>
        <SubmitButton>{t('account.user.new.submit')}</SubmitButton>{' '}
        <Link to={usersUrl}>{t('account.user.cancel')}</Link>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
