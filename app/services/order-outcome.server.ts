import { redirect } from '@remix-run/node'
import { stepPath } from '~/models/checkout-steps'
import type { ValidationResults } from '~/models/checkout-validation'
import { continueOrder, type OrderOutcome } from './orders.server'
import { paymentReturnUrls, redirectWithValidation } from './checkout-flow.server'
import type { Shopper } from './shopper.server'

/**
 * The order is placed: the receipt shows it by its id. A guest's token becomes the order's token (type
 * `order` with the order id) so the receipt can be reloaded; the next add to basket starts a fresh one.
 */
export async function finishOrder(shopper: Shopper, orderId: string) {
  const { session, locale } = shopper
  session.set('orderId', orderId)
  if (session.get('isAnonymous') !== false && !session.get('user')) session.set('type', 'order')
  return redirect(`${stepPath(locale.lang, 'receipt')}?orderId=${encodeURIComponent(orderId)}`, {
    status: 303,
  })
}

/**
 * The basket became a requisition (issue 18): the receipt shows it with its number and who must approve it.
 * Only logged-in business users submit requisitions, and only they can read it: the id in the address is
 * enough, no token is kept for it.
 */
export function finishRequisition(shopper: Shopper, requisitionId: string) {
  return redirect(
    `${stepPath(shopper.locale.lang, 'receipt')}?requisitionId=${encodeURIComponent(requisitionId)}`,
    { status: 303 },
  )
}

/**
 * The basket became a recurring order (spec §4: STOPPED with exit reason `recurring.order`): the receipt shows
 * it by its `recurringOrderId`. Only logged-in customers set up recurring orders and read them.
 */
export function finishRecurringOrder(shopper: Shopper, recurringOrderId: string) {
  return redirect(
    `${stepPath(shopper.locale.lang, 'receipt')}?recurringOrderId=${encodeURIComponent(recurringOrderId)}`,
    { status: 303 },
  )
}

const asErrors = (messages: { code: string; message?: string }[], scopes: string[]): ValidationResults => ({
  valid: false,
  adjusted: false,
  errors: messages.map((m) => ({ ...m, scopes })),
  infos: [],
})

/**
 * Where the shopper goes after `POST orders` (spec §4 "Submitting an order"): ROLLED_BACK → payment page with
 * `error=true` and the infos as errors; STOPPED with a redirect → the provider's page; STOPPED asking for
 * redirect URLs → the order is continued with them and the answer followed; basket not found → the basket page
 * with `error=true`; otherwise the receipt.
 */
export async function followOrderOutcome(
  request: Request,
  shopper: Shopper,
  outcome: OrderOutcome,
): Promise<Response> {
  const { session, locale } = shopper
  const lang = locale.lang
  switch (outcome.kind) {
    case 'completed':
      return finishOrder(shopper, outcome.orderId)
    case 'requisition':
      return finishRequisition(shopper, outcome.requisitionId)
    case 'recurring':
      return finishRecurringOrder(shopper, outcome.recurringOrderId)
    case 'rolledBack':
      return redirectWithValidation(
        session,
        `${stepPath(lang, 'payment')}?error=true`,
        asErrors(outcome.infos.length ? outcome.infos : [{ code: 'checkout.order.rolled_back.error' }], [
          'Payment',
        ]),
      )
    case 'redirect':
      return redirect(outcome.url, { status: 303 })
    case 'redirectUrlsRequired': {
      const next = await continueOrder(
        shopper.scope,
        outcome.orderId,
        paymentReturnUrls(request, lang, locale.id, outcome.orderId),
      )
      if (next.kind === 'redirectUrlsRequired')
        throw new Response(null, { status: 502, statusText: 'Bad Gateway' })
      return followOrderOutcome(request, shopper, next)
    }
    case 'basketNotFound':
      return redirect(`${stepPath(lang, 'basket')}?error=true`, {
        status: 303,
      })
    case 'refused':
      return redirectWithValidation(
        session,
        `${stepPath(lang, 'review')}?error=true`,
        asErrors(outcome.errors, ['All']),
      )
  }
}
