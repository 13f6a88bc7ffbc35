import '~/browser/account-texts'
import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { PunchoutBreadcrumb } from '~/components/punchout/PunchoutAdmin'
import { cxmlConfigurationSchema, PUNCHOUT_FORM_LIMITS } from '~/models/punchout-forms'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refusedAtFields } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import {
  cxmlConfiguration,
  punchoutListUrl,
  requirePunchoutLogin,
  requirePunchoutManager,
  updateCxmlConfiguration,
} from '~/services/punchout-admin.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/**
 * `/{lang}/account/punchout/cxml/configuration/{login}` (spec shell §3, §7; the PWA's cXML configuration
 * page): every configuration entry of a cXML user with its value, its default and what it is for. An empty
 * value goes back to the default.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requirePunchoutManager({ request, params, context })
  const login = requirePunchoutLogin(params.login)
  const entries = await loginAgainIfRefused(
    request,
    shopper,
    cxmlConfiguration(shopper.scope, shopper.customerNo, login),
  )
  return data(
    {
      title: shopper.t('account.punchout.cxml.configuration.heading', { login }),
      login,
      entries,
      listUrl: punchoutListUrl(shopper.locale.lang, 'cxml'),
    },
    { headers: privateHeaders() },
  )
}

/** `PATCH …/cxml1.2/users/{login}/configurations`; ICM's refusal shows on the form. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requirePunchoutManager({ request, params, context })
  const login = requirePunchoutLogin(params.login)
  const { t, scope, customerNo, session, locale } = shopper
  const submission = parseSubmission(
    await readForm(request, { maxFields: PUNCHOUT_FORM_LIMITS.cxmlEntries * 2 + 10 }),
    { schema: cxmlConfigurationSchema(t), t },
  )
  if (submission.status !== 'success') return invalid(submission)
  const result = await loginAgainIfRefused(
    request,
    shopper,
    updateCxmlConfiguration(
      scope,
      customerNo,
      login,
      submission.value.entries.map((entry) => ({ name: entry.name, value: entry.value ?? '' })),
    ),
  )
  // ICM names each entry it refuses by its place in the change (`[2].value`): shown at that entry's field.
  if (!result.ok)
    return refusedAtFields(
      submission,
      t,
      result.errors.map((error) => ({ ...error, paths: error.paths?.map((path) => `entries${path}`) })),
      submission.value.entries.map((_, index) => `entries[${index}].value`),
    )
  return redirectWithToast(session, punchoutListUrl(locale.lang, 'cxml'), {
    key: 'account.punchout.cxml.configuration.success',
    values: { login },
    type: 'success',
  })
}

export default function CxmlConfigurationPage() {
  const { login, entries, listUrl } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'cxml-configuration',
    schema: cxmlConfigurationSchema(t),
    defaultValue: { entries: entries.map((entry) => ({ name: entry.name, value: entry.value })) },
  })
  const rows = fields.entries.getFieldList()
  const heading = t('account.punchout.cxml.configuration.heading', { login })
  return (
    <>
      <PunchoutBreadcrumb listUrl={listUrl} page={heading} />
      <h1>{heading}</h1>
      {entries.length === 0 ? (
        <p>{t('account.punchout.cxml.configuration.empty')}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="org-form cxml-configuration">
          <FormErrors form={form} />
          {entries.map((entry, index) => {
            const row = rows[index]?.getFieldset()
            if (!row) return null
            const hintId = `${row.value.id}-hint`
            const input = getInputProps(row.value, { type: 'text', ariaDescribedBy: hintId })
            const textarea = getTextareaProps(row.value, { ariaDescribedBy: hintId })
            return (
              <div className="form-field" key={entry.name}>
                <input type="hidden" name={row.name.name} value={entry.name} />
                <label htmlFor={row.value.id}>{entry.name}</label>
                {entry.long ? (
                  <textarea {...textarea} key={textarea.key} rows={3} placeholder={entry.defaultValue} />
                ) : (
                  <input {...input} key={input.key} placeholder={entry.defaultValue} />
                )}
                <p className="field-hint" id={hintId}>
                  {[
                    entry.description,
                    entry.defaultValue
                      ? t('account.punchout.cxml.configuration.default', { value: entry.defaultValue })
                      : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                </p>
                <ErrorList id={row.value.errorId} errors={row.value.errors} />
              </div>
            )
          })}
          <SubmitButton className="primary">{t('account.punchout.cxml.configuration.submit')}</SubmitButton>{' '}
          <Link to={listUrl}>{t('account.punchout.cancel')}</Link>
        </Form>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
