import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import type { Submission } from '@conform-to/react'
import {
  RECURRENCE_FIELD_OF,
  RECURRENCE_INTENT,
  recurrenceFormSchema,
  recurrenceFormValues,
  recurrenceOfForm,
  type RecurrenceForm,
} from '~/models/recurring-order'
import { requireCheckoutStep, type CheckoutContext } from './checkout-flow.server'
import { refusalReply } from './cost-centers.server'
import { parseSubmission } from './form.server'
import { loginUrl } from './guards.server'
import { setBasketRecurrence } from './recurring-orders.server'
import { redirectWithToast } from './toast.server'

/* The review step's server side besides its loader and action: "order regularly", and the order call. */

/** What the order call answers when ICM went away while it ran: the order may have been placed. */
export const ORDER_OUTCOME_UNKNOWN = 'order-outcome-unknown'

/** Today as the form's first possible start date (yyyy-mm-dd); the API's own rule is the authority. */
export const today = () => new Date().toISOString().slice(0, 10)

export const isLoggedIn = (shopper: Pick<CheckoutContext, 'session'>) =>
  !!shopper.session.get('user') && !shopper.session.get('isAnonymous')

/**
 * "Order regularly" (spec §3, ADR 0020): sets the basket's recurrence, or removes it ("order once"), by a PATCH
 * of the basket; the API's refusals (400, 422 `basket.recurrence.*`) show at the field they name. Logged-in
 * customers only: a guest's post goes to the login page.
 */
export async function saveRecurrence(args: ActionFunctionArgs, form: FormData) {
  const ctx = await requireCheckoutStep(args, 'review')
  if (!isLoggedIn(ctx)) throw redirect(loginUrl(args.request, ctx))
  const submission = parseSubmission(form, { schema: recurrenceFormSchema(ctx.t), t: ctx.t })
  if (submission.status !== 'success')
    return data({ intent: RECURRENCE_INTENT, result: submission.reply() }, { status: 400 })
  const recurrence = recurrenceOfForm(submission.value)
  const page = `/${ctx.locale.lang}/checkout/review`
  // "Order once" on a basket without a recurrence changes nothing: nothing is sent.
  if (!recurrence && !ctx.basket.recurrence) return redirect(page, { status: 303 })
  const saved = await setBasketRecurrence(ctx.scope, ctx.basket.id, recurrence)
  if (!saved.ok)
    return data(
      {
        intent: RECURRENCE_INTENT,
        result: refusalReply(submission, ctx.t, saved.errors, RECURRENCE_FIELD_OF),
      },
      { status: 422 },
    )
  return redirectWithToast(ctx.session, page, {
    key: recurrence ? 'checkout.recurrence.saved.message' : 'checkout.recurrence.removed.message',
    type: 'success',
  })
}

/**
 * The schedule the place-order post carries (the review's one form, `reviewFormSchema`): what the form shows is
 * what is ordered, whether "Save schedule" was pressed or not (issue 32). When it differs from the basket's,
 * the basket's recurrence is set (or removed) first; the API's refusal comes back at its field (422) and
 * nothing is ordered. Null when there is nothing to change or the change was made.
 */
export async function applyPostedRecurrence(
  ctx: CheckoutContext,
  form: FormData,
  submission: Submission<unknown>,
) {
  // A post without the schedule's choice (a client that shows none) leaves the basket's recurrence as it is.
  const value = submission.status === 'success' ? (submission.value as Partial<RecurrenceForm>) : undefined
  if (!form.has('recurring') || !value?.recurring || !isLoggedIn(ctx)) return null
  const wanted = recurrenceOfForm(value as RecurrenceForm)
  const current = ctx.basket.recurrence
    ? recurrenceOfForm({
        intent: RECURRENCE_INTENT,
        ...recurrenceFormValues(ctx.basket.recurrence, today()),
      } as RecurrenceForm)
    : null
  if (JSON.stringify(wanted) === JSON.stringify(current)) return null
  const saved = await setBasketRecurrence(ctx.scope, ctx.basket.id, wanted)
  if (saved.ok) return null
  return data({ result: refusalReply(submission, ctx.t, saved.errors, RECURRENCE_FIELD_OF) }, { status: 422 })
}

/**
 * The order call itself: when ICM went away or timed out while it ran, the order may well have been placed.
 * The shopper is told exactly that (and how to check) instead of the general maintenance page (issue 14).
 */
export async function placeOrder<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (error instanceof Response && (error.status === 503 || error.status === 504))
      throw Response.json(
        { reason: ORDER_OUTCOME_UNKNOWN },
        { status: error.status, headers: { 'Retry-After': '30' } },
      )
    throw error
  }
}
