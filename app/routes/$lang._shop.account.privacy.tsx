import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { CheckboxField, useShopForm } from '~/components/forms'
import { formatDate } from '~/components/order/OrderStatus'
import { TableHead } from '~/components/TableHead'
import { useShell } from '~/components/useShell'
import type { ListedRequest } from '~/models/privacy'
import { privacyFormSchema } from '~/models/privacy-form'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { askPersonalDataRequest, listPersonalDataRequests } from '~/services/privacy.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const pathOf = (lang: string) => `/${lang}/account/privacy`
export const copyPathOf = (lang: string, id: string) => `${pathOf(lang)}/copy/${encodeURIComponent(id)}`

/**
 * Data protection (`/{lang}/account/privacy`, issue 33): what the two requests do, a form for each (the
 * deletion's with a box to tick), and the user's requests with their state; a confirmed copy opens here for
 * seven days, as a page and as a JSON file (ADR 0031).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const t = fixedT(shopper.locale.id)
  const requests = await loginAgainIfRefused(request, shopper, listPersonalDataRequests(shopper.scope))
  return data(
    {
      title: t('account.privacy.title'),
      requests,
      business: shopper.user.customerType === 'SMBCustomer',
    },
    { headers: privateHeaders() },
  )
}

/** `POST gdpr-requests {type}`: the mail goes out, the page says so (post/redirect/get). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const t = fixedT(shopper.locale.id)
  const submission = parseSubmission(await readForm(request), { schema: privacyFormSchema(t), t })
  if (submission.status !== 'success') return invalid(submission)
  const result = await loginAgainIfRefused(
    request,
    shopper,
    askPersonalDataRequest(shopper.scope, submission.value.intent),
  )
  if (!result.ok) return refused(submission, t, result.errors)
  return redirectWithToast(shopper.session, pathOf(shopper.locale.lang), {
    key: 'account.privacy.requested.message',
    type: 'success',
  })
}

function RequestState({ request }: { request: ListedRequest }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  if (request.state === 'pending')
    return (
      <>
        {t('account.privacy.status.pending', {
          date: formatDate(request.confirmationExpiryDate, locale.tag),
        })}
      </>
    )
  if (request.state === 'expired') return <>{t('account.privacy.status.expired')}</>
  return (
    <>
      {t('account.privacy.status.confirmed', {
        date: formatDate(request.confirmationDate ?? request.creationDate, locale.tag),
      })}
      {request.copyAvailable ? (
        <>
          {' '}
          <Link to={copyPathOf(locale.lang, request.id)}>{t('account.privacy.copy.view')}</Link>{' '}
          <a href={`${copyPathOf(locale.lang, request.id)}/json`} download>
            {t('account.privacy.copy.download')}
          </a>
          {request.copyExpiryDate ? (
            <small>
              {' '}
              {t('account.privacy.copy.available_until', {
                date: formatDate(request.copyExpiryDate, locale.tag),
              })}
            </small>
          ) : null}
        </>
      ) : null}
    </>
  )
}

function Requests({ requests }: { requests: ListedRequest[] }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  if (requests.length === 0) return <p>{t('account.privacy.requests.empty')}</p>
  return (
    <table className="privacy-requests card-table">
      <TableHead
        columns={[
          { label: t('account.privacy.requests.type') },
          { label: t('account.privacy.requests.date') },
          { label: t('account.privacy.requests.status') },
        ]}
      />
      <tbody>
        {requests.map((request) => (
          <tr key={request.id} data-testid="privacy-request">
            <td data-label={t('account.privacy.requests.type')}>
              {t(`account.privacy.type.${request.type}`)}
            </td>
            <td data-label={t('account.privacy.requests.date')}>
              {formatDate(request.creationDate, locale.tag)}
            </td>
            <td data-label={t('account.privacy.requests.status')}>
              <RequestState request={request} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export default function PrivacyPage() {
  const { requests, business } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const schema = privacyFormSchema(t)
  // Each form shows the answer to its own post only.
  const answer = useActionData<typeof action>()?.result
  const answerOf = (intent: string) => (answer?.initialValue?.intent === intent ? answer : null)
  const [copyForm] = useShopForm({ id: 'privacy-copy', schema, lastResult: answerOf('copy') })
  const [deletionForm, deletionFields] = useShopForm({
    id: 'privacy-deletion',
    schema,
    lastResult: answerOf('deletion'),
  })
  return (
    <>
      <AccountBreadcrumb lang={locale.lang} trail={[{ name: t('account.privacy.title') }]} />
      <h1>{t('account.privacy.title')}</h1>
      <p>{t('account.privacy.intro')}</p>
      <section aria-labelledby="privacy-copy-heading" className="privacy-section">
        <h2 id="privacy-copy-heading">{t('account.privacy.copy.heading')}</h2>
        <p>{t('account.privacy.copy.text')}</p>
        <Form method="post" {...getFormProps(copyForm)}>
          <FormErrors form={copyForm} />
          <SubmitButton intent="copy">{t('account.privacy.copy.button')}</SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="privacy-deletion-heading" className="privacy-section">
        <h2 id="privacy-deletion-heading">{t('account.privacy.deletion.heading')}</h2>
        <p>{t('account.privacy.deletion.text')}</p>
        {business ? <p>{t('account.privacy.deletion.business_text')}</p> : null}
        <Form method="post" {...getFormProps(deletionForm)}>
          <FormErrors form={deletionForm} />
          <CheckboxField
            meta={deletionFields.understood}
            label={t('account.privacy.deletion.confirm.label')}
          />
          <SubmitButton intent="deletion" className="danger">
            {t('account.privacy.deletion.button')}
          </SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="privacy-requests-heading" className="privacy-section">
        <h2 id="privacy-requests-heading">{t('account.privacy.requests.heading')}</h2>
        <Requests requests={requests} />
      </section>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
