/**
 * Placing the orders of recurring orders on their days (ADR 0020): `placeDueRecurringOrders(db, at)` is what
 * the scheduler's job runs (jobs/recurring-orders.ts), with the time handed in, so that tests move time
 * instead of waiting for it.
 *
 * Each due recurring order is placed in a transaction of its own:
 * 1. its row is locked, skipping one another runner holds (`for update skip locked`), and read again: still
 *    active, not expired, due;
 * 2. its day's execution row (recurring order, occurrence) is inserted; that key is what places each day's
 *    order once, whatever runs the job, however often, in however many API processes;
 * 3. inside a savepoint, a copy of its template basket (lines, addresses, shipping, payment, cost center) is
 *    ordered by `createOrder` for its buyer, as the buyer's own `POST orders` would: validated with scope All,
 *    a requisition instead when the buyer's budget asks for approval (approvers.ts);
 * 4. the order names the recurring order; the schedule moves on to its next day, or ends (`expired`). A
 *    refusal (the product sold out, the address gone, the buyer switched off) rolls the savepoint back, is
 *    kept as the execution's and the recurring order's error, and switches it off; it never stops the run.
 * A run that comes late places only the latest day due, and only within the catch-up window and before the
 * schedule's end date; a day it cannot place so is skipped: recorded as the execution's outcome, reported in
 * the run's outcomes (the job logs them), and the schedule goes on with its next day.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  basketPayments,
  baskets,
  customers,
  lineItems,
  orders,
  paymentMethods,
  recurringOrderExecutions,
  recurringOrders,
  users,
} from '../db/schema'
import type { BasketRow } from './basket'
import type { Locale } from './channel'
import { DomainError, refusedError } from './errors'
import { createOrder, type SnapshotOf } from './orders'
import { redirectsAfterCheckout, redirectsBeforeCheckout } from './payment-methods'
import { permissionIdsOfRoles } from './permissions'
import { addDays, dayOf, latestOccurrence, nextOccurrence } from './recurrence'
import { scheduleOfRow, type RecurringOrderRow } from './recurring-orders'
import type { Principal } from './tokens'

/** What one run did for one recurring order's day. */
export type RecurringRunOutcome = {
  recurringOrderId: string
  occurrence: number
  scheduledFor: string
  /** `skipped`: the run came too late for the day (MISSED_LATE) or after the schedule ended (MISSED_ENDED). */
  outcome: 'order' | 'requisition' | 'failed' | 'skipped'
  /** The order (or requisition) placed. */
  orderId?: string
  errorCode?: string
}

/** The most recurring orders one run places; the next run goes on with the rest. */
export const RUN_BATCH = 100

/**
 * How many days late a run may still place a day it missed (RECURRING_ORDERS_CATCH_UP_DAYS): a scheduler that
 * was down over a weekend places Friday's order on Monday; one down for weeks does not send a buyer goods
 * ordered for a need long past.
 */
export const CATCH_UP_DAYS = 3

/** Why a day was skipped: the run came more than the catch-up window late, or after the schedule's end date. */
export const MISSED_LATE = 'recurringorder.occurrence.missed.late'
export const MISSED_ENDED = 'recurringorder.occurrence.missed.ended'

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/** The buyer as a principal of their own, as their token would make it; none when inactive or gone. */
async function buyerPrincipal(
  t: Db,
  userId: string,
): Promise<Extract<Principal, { anonymous: false }> | null> {
  const [row] = await t
    .select({
      customerNo: users.customerNo,
      login: users.login,
      active: users.active,
      customerType: customers.type,
      roleIds: users.roles,
      permissionIds: permissionIdsOfRoles(users.roles),
    })
    .from(users)
    .innerJoin(customers, eq(customers.customerNo, users.customerNo))
    .where(eq(users.id, userId))
  if (!row || !row.active) return null
  return {
    anonymous: false,
    subject: userId,
    token: '',
    userId,
    customerNo: row.customerNo,
    customerType: row.customerType === 'SMBCustomer' ? 'SMBCustomer' : 'PrivateCustomer',
    login: row.login,
    roleIds: row.roleIds ?? [],
    permissionIds: row.permissionIds,
  }
}

/**
 * A new open basket of the buyer with the template's lines (new ids; mandatory items keep their parent),
 * addresses, shipping method, cost center, texts and payment. Desired delivery days are not copied: they were
 * meant for one delivery.
 */
async function copyOfTemplate(t: Db, template: BasketRow): Promise<BasketRow> {
  const [copy] = await t
    .insert(baskets)
    .values({
      owner: template.owner,
      userId: template.userId,
      customerNo: template.customerNo,
      currency: template.currency,
      messageToMerchant: template.messageToMerchant,
      externalOrderReference: template.externalOrderReference,
      invoiceToAddressId: template.invoiceToAddressId,
      commonShipToAddressId: template.commonShipToAddressId,
      shippingMethodId: template.shippingMethodId,
      email: template.email,
      costCenter: template.costCenter,
    })
    .returning()
  const lines = await t
    .select()
    .from(lineItems)
    .where(eq(lineItems.basketId, template.id))
    .orderBy(asc(lineItems.position))
  const ids = new Map(lines.map((line) => [line.id, randomUUID()]))
  const parentsFirst = [...lines].sort(
    (a, b) => Number(a.mandatorySelectionItemOf !== null) - Number(b.mandatorySelectionItemOf !== null),
  )
  if (parentsFirst.length) {
    await t.insert(lineItems).values(
      parentsFirst.map((line) => ({
        id: ids.get(line.id)!,
        basketId: copy!.id,
        position: line.position,
        sku: line.sku,
        quantity: line.quantity,
        warrantyId: line.warrantyId,
        mandatorySelectionItemOf: line.mandatorySelectionItemOf
          ? (ids.get(line.mandatorySelectionItemOf) ?? null)
          : null,
        customFields: line.customFields,
      })),
    )
  }
  const [payment] = await t.select().from(basketPayments).where(eq(basketPayments.basketId, template.id))
  if (payment)
    await t.insert(basketPayments).values({
      basketId: copy!.id,
      paymentMethodId: payment.paymentMethodId,
      paymentInstrumentId: payment.paymentInstrumentId,
    })
  return copy!
}

type Placement = { outcome: 'order' | 'requisition'; orderId: string }

/** Places the order of a recurring order's day from its template, inside the caller's savepoint; or throws. */
async function placeFromTemplate(t: Db, row: RecurringOrderRow, snapshotOf: SnapshotOf): Promise<Placement> {
  const principal = await buyerPrincipal(t, row.userId)
  if (!principal)
    throw refusedError('recurringorder.buyer.inactive.error', "The buyer's account is not active any more.")
  const [template] = await t.select().from(baskets).where(eq(baskets.id, row.id))
  if (!template)
    throw refusedError('recurringorder.template.missing.error', 'The recurring order has no basket.')
  const [method] = await t
    .select({ capabilities: paymentMethods.capabilities })
    .from(basketPayments)
    .innerJoin(paymentMethods, eq(paymentMethods.id, basketPayments.paymentMethodId))
    .where(eq(basketPayments.basketId, template.id))
  if (method && (redirectsBeforeCheckout(method) || redirectsAfterCheckout(method)))
    throw refusedError(
      'basket.recurrence.payment_page.error',
      'The payment method needs the buyer on a payment page; a recurring order cannot be paid with it.',
    )
  const copy = await copyOfTemplate(t, template)
  const result = await createOrder(
    t,
    principal,
    row.locale as Locale,
    { basketId: copy.id, termsAccepted: true },
    snapshotOf,
  )
  if (result.outcome === 'created') return { outcome: 'order', orderId: result.order.order.id }
  if (result.outcome === 'requisition') return { outcome: 'requisition', orderId: result.order.order.id }
  if (result.outcome === 'rolled-back') throw refusedError(result.notice.code, result.notice.message)
  throw new Error(`placing recurring order ${row.documentNo}: unexpected outcome ${result.outcome}`)
}

/** The code and message a refused placement leaves on the recurring order: the most specific cause's. */
function failureOf(error: unknown): { code: string; message: string } {
  if (error instanceof DomainError) {
    const cause = error.causes[0]
    return cause ? { code: cause.code, message: cause.message } : { code: error.code, message: error.message }
  }
  return { code: 'recurringorder.placement.error', message: 'The order could not be placed.' }
}

/** Places the due day of one recurring order, once; undefined when it is not (any longer) due or is taken. */
async function placeDay(
  db: Db,
  id: string,
  at: Date,
  snapshotOf: SnapshotOf,
  catchUpDays: number,
): Promise<RecurringRunOutcome | undefined> {
  const today = dayOf(at)
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const [row] = await t
      .select()
      .from(recurringOrders)
      .where(
        and(
          eq(recurringOrders.id, id),
          eq(recurringOrders.active, true),
          eq(recurringOrders.expired, false),
          lte(recurringOrders.nextOrderDate, today),
        ),
      )
      .for('update', { skipLocked: true })
    if (!row?.nextOrderDate) return undefined
    // A run that comes late (the API was down, the job behind) places the latest day due, not every one missed,
    // and that only within the catch-up window and while the schedule has not ended; else it skips the day.
    const schedule = scheduleOfRow(row)
    const due = latestOccurrence(schedule, { from: row.nextOccurrence, onOrBefore: today }) ?? {
      occurrence: row.nextOccurrence,
      day: row.nextOrderDate,
    }
    const key = { recurringOrderId: row.id, occurrence: due.occurrence }
    const after = { from: due.occurrence + 1, onOrAfter: addDays(today, 1) }
    /** The schedule goes on with its next day without this one placed, or ends. */
    const moveOn = async () => {
      const next = nextOccurrence(schedule, { ...after, orderCount: row.orderCount })
      await t
        .update(recurringOrders)
        .set({
          nextOccurrence: next?.occurrence ?? after.from,
          nextOrderDate: next?.day ?? null,
          expired: next === null,
        })
        .where(eq(recurringOrders.id, row.id))
    }
    const missed =
      schedule.endDate && today > schedule.endDate
        ? MISSED_ENDED
        : daysBetween(due.day, today) > catchUpDays
          ? MISSED_LATE
          : undefined
    if (missed) {
      await t
        .insert(recurringOrderExecutions)
        .values({ ...key, scheduledFor: due.day, ranAt: at, outcome: 'skipped', errorCode: missed })
        .onConflictDoUpdate({
          target: [recurringOrderExecutions.recurringOrderId, recurringOrderExecutions.occurrence],
          set: { ranAt: at, outcome: 'skipped', errorCode: missed },
          setWhere: eq(recurringOrderExecutions.outcome, 'failed'),
        })
      await moveOn()
      return { ...key, scheduledFor: due.day, outcome: 'skipped' as const, errorCode: missed }
    }
    // The day's key: a day placed before is never placed again; one that failed may be tried again.
    const claimed = await t
      .insert(recurringOrderExecutions)
      .values({ ...key, scheduledFor: due.day, ranAt: at, outcome: 'failed' })
      .onConflictDoUpdate({
        target: [recurringOrderExecutions.recurringOrderId, recurringOrderExecutions.occurrence],
        set: { ranAt: at, errorCode: null },
        setWhere: eq(recurringOrderExecutions.outcome, 'failed'),
      })
      .returning()
    if (!claimed.length) {
      // This day was placed before without the schedule moving on: move on, never place it twice.
      await moveOn()
      return undefined
    }
    const whichExecution = and(
      eq(recurringOrderExecutions.recurringOrderId, key.recurringOrderId),
      eq(recurringOrderExecutions.occurrence, key.occurrence),
    )
    const base = { ...key, scheduledFor: due.day }
    let placed: Placement
    try {
      placed = await t.transaction((savepoint) =>
        placeFromTemplate(savepoint as unknown as Db, row, snapshotOf),
      )
    } catch (error) {
      const failure = failureOf(error)
      await t.update(recurringOrderExecutions).set({ errorCode: failure.code }).where(whichExecution)
      await t
        .update(recurringOrders)
        .set({ active: false, errorCode: failure.code, errorMessage: failure.message })
        .where(eq(recurringOrders.id, row.id))
      return { ...base, outcome: 'failed' as const, errorCode: failure.code }
    }
    await t.update(orders).set({ recurringOrderId: row.id }).where(eq(orders.id, placed.orderId))
    await t
      .update(recurringOrderExecutions)
      .set({ outcome: placed.outcome, orderId: placed.orderId })
      .where(whichExecution)
    const orderCount = row.orderCount + 1
    const next = nextOccurrence(schedule, { ...after, orderCount })
    await t
      .update(recurringOrders)
      .set({
        orderCount,
        lastOrderAt: at,
        nextOccurrence: next?.occurrence ?? after.from,
        nextOrderDate: next?.day ?? null,
        expired: next === null,
        errorCode: null,
        errorMessage: null,
      })
      .where(eq(recurringOrders.id, row.id))
    return { ...base, outcome: placed.outcome, orderId: placed.orderId }
  })
}

/**
 * Places the orders of every recurring order due at `at` (its next day is `at`'s UTC day or earlier): at most
 * `limit` of them, the longest waiting first; with `only`, only those of them named there. A day more than
 * `catchUpDays` behind `at`, or due after its schedule's end date, is skipped (recorded, reported, not placed)
 * and the schedule moves on. One that fails to run at all (the database gone for a moment) is reported as
 * failed without a record and is due again on the next run; the others go on.
 */
export async function placeDueRecurringOrders(
  db: Db,
  at: Date,
  snapshotOf: SnapshotOf,
  {
    limit = RUN_BATCH,
    only,
    catchUpDays = CATCH_UP_DAYS,
  }: { limit?: number; only?: readonly string[]; catchUpDays?: number } = {},
): Promise<RecurringRunOutcome[]> {
  if (only && only.length === 0) return []
  const due = await db
    .select({ id: recurringOrders.id, nextOrderDate: recurringOrders.nextOrderDate })
    .from(recurringOrders)
    .where(
      and(
        eq(recurringOrders.active, true),
        eq(recurringOrders.expired, false),
        lte(recurringOrders.nextOrderDate, dayOf(at)),
        only ? inArray(recurringOrders.id, [...only]) : undefined,
      ),
    )
    .orderBy(asc(recurringOrders.nextOrderDate), asc(recurringOrders.createdAt))
    .limit(limit)
  const outcomes: RecurringRunOutcome[] = []
  for (const { id, nextOrderDate } of due) {
    try {
      const outcome = await placeDay(db, id, at, snapshotOf, catchUpDays)
      if (outcome) outcomes.push(outcome)
    } catch (error) {
      outcomes.push({
        recurringOrderId: id,
        occurrence: -1,
        scheduledFor: nextOrderDate ?? '',
        outcome: 'failed',
        errorCode: failureOf(error).code,
      })
    }
  }
  return outcomes
}
