import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import {
  PunchoutBreadcrumb,
  PunchoutUserFields,
  userFieldLabels,
  useTypeName,
} from '~/components/punchout/PunchoutAdmin'
import type { PunchoutType } from '~/models/punchout'
import { punchoutUserEditSchema } from '~/models/punchout-forms'
import { noindexMeta } from '~/models/seo'
import { formText, parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused, refusedAtFields } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { notFound, privateHeaders } from '~/services/http.server'
import {
  deletePunchoutUser,
  punchoutAdminBase,
  punchoutListUrl,
  punchoutUsers,
  requirePunchoutLogin,
  requirePunchoutManager,
  requireType,
  updatePunchoutUser,
} from '~/services/punchout-admin.server'
import type { IcmScope } from '~/services/icm.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const SECRETS = ['password', 'passwordConfirmation']

/** The user of the path, as the type's list has them (ICM has no read of one punchout user); else a 404. */
async function punchoutUserOf(scope: IcmScope, customerNo: string, type: PunchoutType, login: string) {
  const users = await punchoutUsers(scope, customerNo, type)
  const user = users.find((candidate) => candidate.login.toLowerCase() === login.toLowerCase())
  if (!user) throw notFound()
  return user
}

/**
 * `/{lang}/account/punchout/{type}/users/{login}`: a new password and the status of a punchout user, and
 * deleting the user, confirmed first on `?delete=confirm` (works without JavaScript).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requirePunchoutManager({ request, params, context })
  const type = requireType(params.type)
  const login = requirePunchoutLogin(params.login)
  const user = await loginAgainIfRefused(
    request,
    shopper,
    punchoutUserOf(shopper.scope, shopper.customerNo, type, login),
  )
  return data(
    {
      title: shopper.t('account.punchout.user.edit.heading', { login: user.login }),
      user,
      listUrl: punchoutListUrl(shopper.locale.lang, type),
      base: punchoutAdminBase(shopper.locale.lang),
      confirmDelete: new URL(request.url).searchParams.get('delete') === 'confirm',
    },
    { headers: privateHeaders() },
  )
}

/** `PUT …/users/{login}` (intent update) or `DELETE …/users/{login}` (intent delete). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requirePunchoutManager({ request, params, context })
  const type = requireType(params.type)
  const login = requirePunchoutLogin(params.login)
  const { t, scope, customerNo, session, locale } = shopper
  const form = await readForm(request)
  const listUrl = punchoutListUrl(locale.lang, type)
  if (formText(form, 'intent') === 'delete') {
    const result = await loginAgainIfRefused(
      request,
      shopper,
      deletePunchoutUser(scope, customerNo, type, login),
    )
    if (!result.ok)
      return redirectWithToast(session, listUrl, {
        key: 'account.punchout.user.delete.failed',
        values: { login },
        type: 'error',
      })
    return redirectWithToast(session, listUrl, {
      key: 'account.punchout.user.delete.success',
      values: { login },
      type: 'success',
    })
  }
  const submission = parseSubmission(form, { schema: punchoutUserEditSchema(t), t })
  if (submission.status !== 'success') return invalid(submission, { hideFields: SECRETS })
  const { password, active } = submission.value
  const result = await loginAgainIfRefused(
    request,
    shopper,
    updatePunchoutUser(scope, customerNo, type, { login, active, ...(password ? { password } : {}) }),
  )
  if (!result.ok)
    return result.errors.some((error) => error.paths?.includes('password'))
      ? refusedAtFields(submission, t, result.errors, ['password'], { hideFields: SECRETS })
      : refused(submission, t, result.errors, { hideFields: SECRETS })
  return redirectWithToast(session, listUrl, {
    key: 'account.punchout.user.edit.success',
    values: { login },
    type: 'success',
  })
}

export default function PunchoutUserPage() {
  const { user, listUrl, base, confirmDelete } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const typeName = useTypeName()
  const [form, fields] = useShopForm({
    id: 'punchout-user-edit',
    schema: punchoutUserEditSchema(t),
    defaultValue: { active: user.active },
  })
  const here = `${base}/${user.type}/users/${encodeURIComponent(user.login)}`
  const heading = t('account.punchout.user.edit.heading', { login: user.login })
  return (
    <>
      <PunchoutBreadcrumb listUrl={listUrl} page={heading} />
      <h1>{heading}</h1>
      <p>{t('account.punchout.user.create.type', { type: typeName(user.type) })}</p>
      {confirmDelete ? (
        <Form method="post" action={here} className="punchout-delete-confirm" aria-labelledby="delete-q">
          <p id="delete-q">{t('account.punchout.user.delete.confirm', { login: user.login })}</p>
          <SubmitButton intent="delete" className="danger">
            {t('account.punchout.user.delete.confirm_button')}
          </SubmitButton>{' '}
          <Link to={here}>{t('account.punchout.cancel')}</Link>
        </Form>
      ) : (
        <>
          <Form method="post" action={here} {...getFormProps(form)} className="org-form punchout-user-form">
            <input type="hidden" name="intent" value="update" />
            <FormErrors form={form} label={userFieldLabels(t, true)} />
            <PunchoutUserFields fields={fields} editing />
            <SubmitButton className="primary">{t('account.punchout.user.edit.submit')}</SubmitButton>{' '}
            <Link to={listUrl}>{t('account.punchout.cancel')}</Link>
          </Form>
          <p>
            <Link to={`${here}?delete=confirm`} className="button danger">
              {t('account.punchout.user.delete')}
            </Link>
          </p>
        </>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
