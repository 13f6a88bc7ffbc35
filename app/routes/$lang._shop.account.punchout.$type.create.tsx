import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import {
  PunchoutBreadcrumb,
  PunchoutUserFields,
  userFieldLabels,
  useTypeName,
} from '~/components/punchout/PunchoutAdmin'
import { punchoutUserCreateSchema } from '~/models/punchout-forms'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refusedAtFields } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import {
  createPunchoutUser,
  punchoutListUrl,
  requirePunchoutManager,
  requireType,
} from '~/services/punchout-admin.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const SECRETS = ['password', 'passwordConfirmation']

/** `/{lang}/account/punchout/{type}/create`: a new punchout user of the type (login, password, active). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requirePunchoutManager({ request, params, context })
  const type = requireType(params.type)
  return data(
    {
      title: shopper.t('account.punchout.user.create.heading'),
      type,
      listUrl: punchoutListUrl(shopper.locale.lang, type),
    },
    { headers: privateHeaders() },
  )
}

/**
 * `POST …/punchouts/{type}/users`: success goes to the type's list with a toast; the API's refusals (a login
 * taken, a password its rule refuses) show on the form, never with the passwords filled in again.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requirePunchoutManager({ request, params, context })
  const type = requireType(params.type)
  const { t, scope, customerNo, session, locale } = shopper
  const submission = parseSubmission(await readForm(request), { schema: punchoutUserCreateSchema(t), t })
  if (submission.status !== 'success') return invalid(submission, { hideFields: SECRETS })
  const { login, password, active } = submission.value
  const result = await loginAgainIfRefused(
    request,
    shopper,
    createPunchoutUser(scope, customerNo, type, { login, password, active }),
  )
  if (!result.ok)
    return refusedAtFields(submission, t, result.errors, ['login', 'password'], { hideFields: SECRETS })
  return redirectWithToast(session, punchoutListUrl(locale.lang, type), {
    key: 'account.punchout.user.create.success',
    values: { login },
    type: 'success',
  })
}

export default function PunchoutUserCreatePage() {
  const { type, listUrl } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const typeName = useTypeName()
  const [form, fields] = useShopForm({
    id: 'punchout-user-create',
    schema: punchoutUserCreateSchema(t),
    defaultValue: { active: true },
  })
  return (
    <>
      <PunchoutBreadcrumb listUrl={listUrl} page={t('account.punchout.user.create.heading')} />
      <h1>{t('account.punchout.user.create.heading')}</h1>
      <p>{t('account.punchout.user.create.type', { type: typeName(type) })}</p>
      <Form method="post" {...getFormProps(form)} className="org-form punchout-user-form">
        <FormErrors form={form} label={userFieldLabels(t, false)} />
        <Field
          meta={fields.login}
          label={t('account.punchout.username.label')}
          hint={t('account.punchout.username.hint')}
          autoComplete="off"
        />
        <PunchoutUserFields fields={fields} editing={false} />
        <SubmitButton className="primary">{t('account.punchout.user.create.submit')}</SubmitButton>{' '}
        <Link to={listUrl}>{t('account.punchout.cancel')}</Link>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
