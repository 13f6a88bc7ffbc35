import { redirect } from '@remix-run/node'
import { stepPath } from '~/models/checkout-steps'
import { checkoutBasket } from './checkout.server'
import { continueOrder } from './orders.server'
import { returnToOpenTender } from './payments.server'
import { shopperOf, type PageArgs } from './shopper.server'
import { redirectWithToast } from './toast.server'
import { finishOrder } from './order-outcome.server'

/**
 * The payment provider's return (spec §4 "Payment redirect return"), on the payment, review or receipt page:
 * `?redirect=success|cancel|failure` plus the provider's parameters. Without an order id the status goes to the
 * basket's open tender; with one, to the waiting order. Every query parameter is passed on as name/value, the
 * status upper-cased. Answers the redirect to the page to show, or null when the URL is no return.
 */
export async function handlePaymentReturn(args: PageArgs): Promise<Response | null> {
  const { request } = args
  const url = new URL(request.url)
  const status = url.searchParams.get('redirect')
  if (!status || !/^(success|cancel|failure)$/i.test(status)) return null
  const shopper = await shopperOf(args)
  const { scope, session, locale } = shopper
  const lang = locale.lang
  const parameters = [...url.searchParams].map(([name, value]) => ({ name, value }))
  const orderId = url.searchParams.get('orderId')
  const upper = status.toUpperCase()
  const paymentPage = `${stepPath(lang, 'payment')}?error=true`
  if (orderId) {
    const outcome = await continueOrder(scope, orderId, { status: upper, parameters })
    if (outcome.kind === 'completed') return finishOrder(shopper, outcome.orderId)
    return redirectWithToast(session, paymentPage, {
      key: upper === 'CANCEL' ? 'checkout.payment.cancelled.message' : 'checkout.payment.failed.message',
      type: 'error',
    })
  }
  const basket = await checkoutBasket(scope)
  if (!basket) throw redirect(`${stepPath(lang, 'basket')}?error=true`)
  const result = await returnToOpenTender(scope, basket.id, upper, parameters)
  if (result.ok && result.value.authorized) return redirect(stepPath(lang, 'review'))
  return redirectWithToast(session, paymentPage, {
    key: !result.ok
      ? 'checkout.payment.return_refused.message'
      : upper === 'CANCEL'
        ? 'checkout.payment.cancelled.message'
        : 'checkout.payment.failed.message',
    type: 'error',
  })
}
