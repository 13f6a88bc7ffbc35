/**
 * What the recurring order pages' actions do (spec §4 "Recurring orders"): switch one on or off (a PATCH only
 * when that changes it) and delete one after the confirmation step, each answered by post/redirect/get with a
 * toast. The list and the detail page share them; the detail page passes its `context`.
 */
import { redirect } from '@remix-run/node'
import { type RecurringOrderContext } from '~/models/recurring-order'
import { formText, readForm } from './form.server'
import { loginAgainIfRefused, type LoggedIn } from './guards.server'
import {
  deleteRecurringOrder,
  recurringOrderScopeOf,
  setRecurringOrderActive,
} from './recurring-orders.server'
import { redirectWithToast } from './toast.server'

/**
 * Runs a posted `intent` (`toggle` with `id` and the wanted `active`, or `delete` with `id`) and goes to
 * `back` (or `afterDelete` once deleted). Anything else is a 400.
 */
export async function recurringOrderAction(
  request: Request,
  shopper: LoggedIn,
  context: RecurringOrderContext,
  { back, afterDelete }: { back: string; afterDelete: string },
) {
  const form = await readForm(request)
  const intent = formText(form, 'intent')
  const id = formText(form, 'id') ?? ''
  const scope = recurringOrderScopeOf(shopper.user, context)
  if (intent === 'toggle') {
    const active = formText(form, 'active')
    if (active !== 'true' && active !== 'false') throw new Response(null, { status: 400 })
    const wanted = active === 'true'
    const { changed, number, expired } = await loginAgainIfRefused(
      request,
      shopper,
      setRecurringOrderActive(shopper.scope, scope, id, wanted),
    )
    if (expired)
      return redirectWithToast(shopper.session, back, {
        key: 'account.recurring_orders.expired.message',
        values: { number },
        type: 'error',
      })
    if (!changed) return redirect(back, { status: 303 })
    return redirectWithToast(shopper.session, back, {
      key: wanted
        ? 'account.recurring_orders.activated.message'
        : 'account.recurring_orders.deactivated.message',
      values: { number },
      type: 'success',
    })
  }
  if (intent === 'delete') {
    await loginAgainIfRefused(request, shopper, deleteRecurringOrder(shopper.scope, scope, id))
    return redirectWithToast(shopper.session, afterDelete, {
      key: 'account.recurring_order.delete.confirmation',
      type: 'success',
    })
  }
  throw new Response(null, { status: 400, statusText: 'Bad Request' })
}
