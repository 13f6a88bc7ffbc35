import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { QuoteListTable } from '~/components/quote/QuoteParts'
import { useShell } from '~/components/useShell'
import { messageText } from '~/models/messages'
import { freeTextQuotePath, quotesPath } from '~/models/quote'
import { noindexMeta } from '~/models/seo'
import { isFeatureEnabled } from '~/services/features.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { requireQuoting } from '~/services/quote-pages.server'
import { deleteQuoteRequest, listQuotes } from '~/services/quotes.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const ListSchema = z.object({ intent: z.literal('deleteRequest'), id: z.string().min(1).max(100) })

/**
 * `/account/quotes` (spec shell §2.1 `quote-list`: login required, the login redirect carries
 * `messageKey=quotes`; noindex): the user's quote requests and quotes with their states, dates and totals,
 * each linked to its page; with free-text quoting the way to ask for one.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireQuoting({ request, params, context }, { list: true })
  const { locale, scope, user } = shopper
  const entries = await loginAgainIfRefused(request, shopper, listQuotes(scope, user))
  return data(
    {
      title: fixedT(locale.id)('account.quotes.title'),
      entries,
      freeTextUrl: isFeatureEnabled('freetextQuoting') ? freeTextQuotePath(locale.lang) : null,
    },
    { headers: privateHeaders() },
  )
}

/** Deletes a request not yet submitted: post/redirect/get with a toast; a refusal says the API's reason. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireQuoting({ request, params, context }, { list: true })
  const { locale, scope, session, user } = shopper
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: ListSchema, t })
  const here = quotesPath(locale.lang)
  if (submission.status !== 'success')
    return redirectWithToast(session, here, { key: 'account.quotes.change.failed', type: 'error' })
  const result = await loginAgainIfRefused(
    request,
    shopper,
    deleteQuoteRequest(scope, user, submission.value.id),
  )
  if (!result.ok)
    return redirectWithToast(session, here, {
      key: 'account.quotes.change.failed',
      type: 'error',
      details: result.errors.map((error) => messageText(t, error)),
    })
  return redirectWithToast(session, here, { key: 'account.quotes.delete.success', type: 'success' })
}

export default function QuoteListPage() {
  const { title, entries, freeTextUrl } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <AccountBreadcrumb lang={locale.lang} trail={[{ name: title }]} />
      <h1>{title}</h1>
      <p>{t('account.quotes.intro')}</p>
      {entries.length === 0 ? <p data-testid="quotes-empty">{t('account.quotes.empty')}</p> : null}
      {entries.length > 0 ? <QuoteListTable entries={entries} /> : null}
      {freeTextUrl ? (
        <p>
          <Link to={freeTextUrl}>{t('account.quotes.free_text.link')}</Link>
        </p>
      ) : null}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
