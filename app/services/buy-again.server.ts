/**
 * "Buy again" (issue 19): an order's items, or one of its lines, put back into the current basket in one add,
 * with the quantities ordered and the warranty chosen then. ICM fits quantities to today's rules
 * (`adjustmentsAllowed`) and refuses what cannot be ordered any more; the rest is added, and the toast on the
 * basket says, by product name, what was added and what was not and why. A plain form post: the same
 * without JavaScript.
 */
import type { Order } from '~/models/order'
import { fittedAddDetails } from './add-to-basket.server'
import { addToBasket, type BasketItem } from './basket.server'
import { loginAgainIfRefused, type LoggedIn } from './guards.server'
import { fixedT } from './i18n.server'
import { getOrder } from './orders.server'
import type { Toast } from './session.server'
import { boundedToast, redirectWithToast } from './toast.server'

/** The items to add for the order, or for its line `lineId` (undefined when the order has no such line). */
export function buyAgainItems(order: Pick<Order, 'lines'>, lineId?: string): BasketItem[] | undefined {
  const lines = lineId === undefined ? order.lines : order.lines.filter((line) => line.id === lineId)
  if (lines.length === 0) return lineId === undefined ? [] : undefined
  return lines.map((line) => ({
    sku: line.sku,
    quantity: line.quantity,
    ...(line.warranty ? { warranty: line.warranty.id } : {}),
  }))
}

/**
 * Adds the order's items (or one line's) to the basket and goes to the basket with a toast. An unknown order
 * or someone else's is a 404, as its page is; so is a line the order does not have.
 */
export async function buyAgain(
  request: Request,
  shopper: LoggedIn,
  orderId: string,
  lineId?: string,
): Promise<Response> {
  const order = await loginAgainIfRefused(request, shopper, getOrder(shopper.scope, orderId))
  const items = buyAgainItems(order, lineId)
  if (!items) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const result = await addToBasket(shopper.scope, shopper.session, items, { adjustmentsAllowed: true })
  const t = fixedT(shopper.locale.id)
  const nameOf = (sku: string) => order.lines.find((line) => line.sku === sku)?.name ?? sku
  const details = fittedAddDetails(t, result, nameOf)
  const number = order.documentNumber ?? order.id
  const added = result.added.length
  const toast: Toast =
    added > 0
      ? {
          // One product is named; more are counted, with the order they came from.
          ...(added === 1
            ? {
                key: 'account.orders.buy_again.added_one_product',
                values: { name: nameOf(result.added[0]!.sku) },
              }
            : { key: 'account.orders.buy_again.added', values: { count: added, number } }),
          type: details.length ? 'info' : 'success',
        }
      : { key: 'account.orders.buy_again.none', values: { number }, type: 'error' }
  return redirectWithToast(
    shopper.session,
    `/${shopper.locale.lang}/basket`,
    boundedToast(details.length ? { ...toast, details } : toast, (count) =>
      t('ede.shopping_cart.add_items.more.message', { count }),
    ),
  )
}
