import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { messageText } from '~/models/messages'
import { quoteRequestPath, quotesPath } from '~/models/quote'
import { currentBasket } from '~/services/basket.server'
import { fixedT } from '~/services/i18n.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { requireQuoting } from '~/services/quote-pages.server'
import { createQuoteRequest } from '~/services/quotes.server'
import { redirectWithToast } from '~/services/toast.server'

/** Nothing to show here: the quote list is where the user looks at their requests. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale } = await requireQuoting({ request, params, context })
  throw redirect(quotesPath(locale.lang))
}

/**
 * "Create quote request" of the basket page (a plain form post): a new request with all the basket's lines
 * (`POST quoterequests?basketID=`), then its page with a toast; the basket stays as it is. An empty or gone
 * basket, or the API's refusal, goes back to the basket saying so.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireQuoting({ request, params, context })
  const { locale, scope, session, user } = shopper
  const t = fixedT(locale.id)
  const basketUrl = `/${locale.lang}/basket`
  const basket = await loginAgainIfRefused(request, shopper, currentBasket(scope))
  if (!basket || basket.lines.length === 0)
    return redirectWithToast(session, basketUrl, { key: 'quote.basket.empty', type: 'error' })
  const created = await loginAgainIfRefused(
    request,
    shopper,
    createQuoteRequest(scope, user, { basketID: basket.id }),
  )
  if (!created.ok)
    return redirectWithToast(session, basketUrl, {
      key: 'quote.basket.failed',
      type: 'error',
      details: created.errors.map((error) => messageText(t, error)),
    })
  return redirectWithToast(session, quoteRequestPath(locale.lang, created.value), {
    key: 'quote.basket.created',
    type: 'success',
  })
}
