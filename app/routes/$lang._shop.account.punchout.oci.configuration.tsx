import '~/browser/account-texts'
import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { PunchoutBreadcrumb } from '~/components/punchout/PunchoutAdmin'
import { messageText } from '~/models/messages'
import type { OciConfigurationItem } from '~/models/punchout'
import { ociConfigurationSchema, ociItemsOf, PUNCHOUT_FORM_LIMITS } from '~/models/punchout-forms'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, type ActionResult } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import {
  ociConfiguration,
  ociOptions,
  punchoutListUrl,
  requirePunchoutManager,
  updateOciConfiguration,
} from '~/services/punchout-admin.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const L = PUNCHOUT_FORM_LIMITS
/** The form's fields at most: per OCI field its name, value and formatter, and two fields per mapping row. */
const FORM_LIMITS = {
  maxFields: L.ociItems * (3 + (L.ociMappings + L.ociBlankMappings) * 2),
  maxBytes: 256 * 1024,
}

/** The rows a field's form shows: its mappings, and empty ones to add more without JavaScript. */
const withBlankMappings = (item: OciConfigurationItem) => ({
  field: item.field,
  transform: item.transform,
  formatter: item.formatter,
  mappings: [...item.mappings, ...Array.from({ length: L.ociBlankMappings }, () => ({ from: '', to: '' }))],
})

/**
 * `/{lang}/account/punchout/oci/configuration` (spec shell §3, §7; the PWA's OCI configuration page): per OCI
 * field what the transfer puts in it (text with placeholders), how it is formatted, and which values it maps
 * to others; the placeholders and formatters are the ones ICM offers (`GET …/oci5`).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requirePunchoutManager({ request, params, context })
  const [options, items] = await loginAgainIfRefused(
    request,
    shopper,
    Promise.all([
      ociOptions(shopper.scope, shopper.customerNo),
      ociConfiguration(shopper.scope, shopper.customerNo),
    ]),
  )
  return data(
    {
      title: shopper.t('account.punchout.oci.configuration.heading'),
      options,
      items: items.map(withBlankMappings),
      listUrl: punchoutListUrl(shopper.locale.lang, 'oci'),
    },
    { headers: privateHeaders() },
  )
}

/** `PUT …/oci5/configurations {items}`; a 400 shows ICM's own words (spec §8). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requirePunchoutManager({ request, params, context })
  const { t, scope, customerNo, session, locale } = shopper
  const submission = parseSubmission(await readForm(request, FORM_LIMITS), {
    schema: ociConfigurationSchema(t),
    t,
  })
  if (submission.status !== 'success') return invalid(submission)
  const result = await loginAgainIfRefused(
    request,
    shopper,
    updateOciConfiguration(scope, customerNo, ociItemsOf(submission.value)),
  )
  // Spec §8: a refused OCI configuration shows ICM's own text (it names the field and placeholder it means).
  if (!result.ok)
    return data<ActionResult>(
      {
        result: submission.reply({
          formErrors: result.errors.map((error) => error.message || messageText(t, error)),
        }),
      },
      { status: 422 },
    )
  return redirectWithToast(session, punchoutListUrl(locale.lang, 'oci'), {
    key: 'account.punchout.oci.configuration.success',
    type: 'success',
  })
}

export default function OciConfigurationPage() {
  const { options, items, listUrl } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'oci-configuration',
    schema: ociConfigurationSchema(t),
    defaultValue: { items },
  })
  const rows = fields.items.getFieldList()
  const heading = t('account.punchout.oci.configuration.heading')
  return (
    <>
      <PunchoutBreadcrumb listUrl={listUrl} page={heading} />
      <h1>{heading}</h1>
      <p>{t('account.punchout.oci.configuration.intro')}</p>
      {options.placeholders.length > 0 ? (
        <p className="field-hint">
          {t('account.punchout.oci.configuration.placeholders', {
            placeholders: options.placeholders.map((id) => `{${id}}`).join(', '),
          })}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="org-form oci-configuration">
        <FormErrors form={form} />
        {items.map((item, index) => {
          const row = rows[index]?.getFieldset()
          if (!row) return null
          const transform = getInputProps(row.transform, { type: 'text' })
          const formatter = getSelectProps(row.formatter)
          const mappings = row.mappings.getFieldList()
          return (
            <fieldset key={item.field} className="oci-field">
              <legend>{item.field}</legend>
              <input type="hidden" name={row.field.name} value={item.field} />
              <div className="form-field">
                <label htmlFor={row.transform.id}>{t('account.punchout.oci.configuration.transform')}</label>
                <input {...transform} key={transform.key} maxLength={L.ociText} />
                <ErrorList id={row.transform.errorId} errors={row.transform.errors} />
              </div>
              <div className="form-field">
                <label htmlFor={row.formatter.id}>{t('account.punchout.oci.configuration.formatter')}</label>
                <select {...formatter} key={formatter.key}>
                  <option value="">{t('account.punchout.oci.configuration.formatter.none')}</option>
                  {options.formatters.map((id) => (
                    <option key={id} value={id}>
                      {id}
                    </option>
                  ))}
                </select>
              </div>
              <table className="oci-mappings">
                <caption>{t('account.punchout.oci.configuration.mappings')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('account.punchout.oci.configuration.mapping.from')}</th>
                    <th scope="col">{t('account.punchout.oci.configuration.mapping.to')}</th>
                  </tr>
                </thead>
                <tbody>
                  {mappings.map((mapping, position) => {
                    const pair = mapping.getFieldset()
                    const from = getInputProps(pair.from, { type: 'text' })
                    const to = getInputProps(pair.to, { type: 'text' })
                    const label = (key: string) => t(key, { field: item.field, position: position + 1 })
                    return (
                      <tr key={mapping.key}>
                        <td>
                          <input
                            {...from}
                            key={from.key}
                            aria-label={label('account.punchout.oci.configuration.mapping.from.label')}
                          />
                        </td>
                        <td>
                          <input
                            {...to}
                            key={to.key}
                            aria-label={label('account.punchout.oci.configuration.mapping.to.label')}
                          />
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </fieldset>
          )
        })}
        <SubmitButton className="primary">{t('account.punchout.oci.configuration.submit')}</SubmitButton>{' '}
        <Link to={listUrl}>{t('account.punchout.cancel')}</Link>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
