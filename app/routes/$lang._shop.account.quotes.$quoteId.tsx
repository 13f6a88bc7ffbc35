import '~/browser/account-texts'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { formatDate } from '~/components/order/OrderStatus'
import { SubmitButton } from '~/components/form-controls'
import { QuoteDate, QuoteLinesTable, QuoteStateBadge } from '~/components/quote/QuoteParts'
import { useShell } from '~/components/useShell'
import { messageText } from '~/models/messages'
import { acceptable, quotePath, quoteRequestPath, quotesPath } from '~/models/quote'
import { noindexMeta } from '~/models/seo'
import { currentBasket } from '~/services/basket.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { requireQuoting } from '~/services/quote-pages.server'
import {
  addQuoteToBasket,
  createQuoteRequest,
  getQuote,
  quoteProducts,
  rejectQuote,
  removeQuoteFromBasket,
} from '~/services/quotes.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const QuoteSchema = z.object({ intent: z.enum(['accept', 'reject', 'copy', 'removeFromBasket']) })

/**
 * A quote of the shop (`/account/quotes/{id}`; feature quoting, logged in, noindex): the quoted price per piece
 * and line beside the list price, how long it is valid, the seller's comment; while it is open, "Add quote to
 * basket" (accepting it: its lines go into the basket at the quoted prices) and "Reject"; always "Copy to new
 * request". Someone else's or an unknown id is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireQuoting({ request, params, context })
  const { locale, scope, user } = shopper
  const now = Date.now()
  const quote = await loginAgainIfRefused(request, shopper, getQuote(scope, user, params.quoteId ?? '', now))
  const products = await quoteProducts(
    scope,
    quote.lines.map((line) => line.sku),
  )
  const t = fixedT(locale.id)
  return data(
    {
      title: t('account.quotes.quote.title', { number: quote.number }),
      quote,
      products,
      acceptable: acceptable(quote, now),
      notYetValid: quote.state === 'responded' && Date.parse(quote.validFromDate) > now,
    },
    { headers: privateHeaders() },
  )
}

/**
 * Accept (into the basket, then the basket page), reject, copy into a new request, or take the quote's lines
 * out of the basket again: post/redirect/get with a toast; the API's refusal (an expired quote) in the toast.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireQuoting({ request, params, context })
  const { locale, scope, session, user } = shopper
  const t = fixedT(locale.id)
  const id = params.quoteId ?? ''
  const here = quotePath(locale.lang, id)
  const submission = parseSubmission(await readForm(request), { schema: QuoteSchema, t })
  if (submission.status !== 'success')
    return redirectWithToast(session, here, { key: 'account.quotes.change.failed', type: 'error' })
  const failed = (result: { errors: { code: string; message?: string }[] }) =>
    redirectWithToast(session, here, {
      key: 'account.quotes.change.failed',
      type: 'error',
      details: result.errors.map((error) => messageText(t, error)),
    })
  const call = <T,>(promise: Promise<T>) => loginAgainIfRefused(request, shopper, promise)
  switch (submission.value.intent) {
    case 'accept': {
      const result = await call(addQuoteToBasket(scope, id))
      if (!result.ok) return failed(result)
      return redirectWithToast(session, `/${locale.lang}/basket`, {
        key: 'account.quotes.quote.accepted',
        type: 'success',
      })
    }
    case 'reject': {
      const result = await call(rejectQuote(scope, user, id))
      if (!result.ok) return failed(result)
      return redirectWithToast(session, here, { key: 'account.quotes.quote.rejected', type: 'success' })
    }
    case 'copy': {
      const result = await call(createQuoteRequest(scope, user, { quoteID: id }))
      if (!result.ok) return failed(result)
      return redirectWithToast(session, quoteRequestPath(locale.lang, result.value), {
        key: 'account.quotes.request.copied',
        type: 'success',
      })
    }
    case 'removeFromBasket': {
      const basket = await call(currentBasket(scope))
      if (!basket) throw redirect(`/${locale.lang}/basket`, 303)
      const result = await call(removeQuoteFromBasket(scope, basket.id, id))
      if (!result.ok) return failed(result)
      return redirectWithToast(session, `/${locale.lang}/basket`, {
        key: 'account.quotes.quote.removed_from_basket',
        type: 'success',
      })
    }
  }
  throw redirect(here, 303)
}

export default function QuotePage() {
  const { title, quote, products, acceptable, notYetValid } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <AccountBreadcrumb
        lang={locale.lang}
        trail={[{ name: t('account.quotes.title'), url: quotesPath(locale.lang) }, { name: title }]}
      />
      <h1>{title}</h1>
      <dl className="order-summary quote-summary">
        <dt>{t('account.quotes.column.state')}</dt>
        <dd>
          <QuoteStateBadge state={quote.state} />
        </dd>
        {quote.displayName ? (
          <>
            <dt>{t('account.quotes.request.name.label')}</dt>
            <dd>{quote.displayName}</dd>
          </>
        ) : null}
        <dt>{t('account.quotes.column.created')}</dt>
        <dd>
          <QuoteDate value={quote.creationDate} />
        </dd>
        <dt>{t('account.quotes.quote.validity')}</dt>
        <dd data-testid="quote-validity">
          {t('account.quotes.quote.valid_range', {
            from: formatDate(quote.validFromDate, locale.tag),
            to: formatDate(quote.validToDate, locale.tag),
          })}
        </dd>
        {quote.sellerComment ? (
          <>
            <dt>{t('account.quotes.quote.seller_comment')}</dt>
            <dd className="quote-note" data-testid="quote-seller-comment">
              {quote.sellerComment}
            </dd>
          </>
        ) : null}
        {quote.description ? (
          <>
            <dt>{t('account.quotes.request.note.label')}</dt>
            <dd className="quote-note">{quote.description}</dd>
          </>
        ) : null}
      </dl>
      <QuoteLinesTable
        caption={t('account.quotes.lines.caption')}
        products={products}
        lines={quote.lines.map((line, i) => ({ key: `${i}-${line.sku}`, ...line }))}
        total={quote.total}
        originTotal={quote.originTotal}
      />
      <p className="field-hint">{t('account.quotes.quote.net_hint')}</p>
      {notYetValid ? <p role="note">{t('account.quotes.quote.not_yet_valid')}</p> : null}
      <div className="quote-actions">
        {acceptable ? (
          <Form method="post">
            <SubmitButton intent="accept" className="primary">
              {t('account.quotes.quote.accept')}
            </SubmitButton>
          </Form>
        ) : null}
        {quote.state === 'responded' ? (
          <Form method="post">
            <SubmitButton intent="reject">{t('account.quotes.quote.reject')}</SubmitButton>
          </Form>
        ) : null}
        {quote.state === 'accepted' ? (
          <Form method="post">
            <SubmitButton intent="removeFromBasket" className="link-button">
              {t('account.quotes.quote.remove_from_basket')}
            </SubmitButton>
          </Form>
        ) : null}
        <Form method="post">
          <SubmitButton intent="copy">{t('account.quotes.copy')}</SubmitButton>
        </Form>
      </div>
      {quote.quoteRequestId ? (
        <p>
          <Link to={quoteRequestPath(locale.lang, quote.quoteRequestId)}>
            {t('account.quotes.quote.to_request')}
          </Link>
        </p>
      ) : null}
      <p>
        <Link to={quotesPath(locale.lang)}>{t('account.quotes.back')}</Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
