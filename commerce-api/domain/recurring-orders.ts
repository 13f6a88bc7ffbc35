/**
 * Recurring orders (ADR 0020; spec commerce-and-checkout §3 "Recurring order", §6): a logged-in user's basket
 * with a recurrence becomes one on `POST orders` (orders.ts hands it here after the basket passed the same
 * validation as an order), keeps the basket as its template, and is read, switched on and off and deleted by
 * its buyer, or by who manages the business customer's users for all of the customer's. Placing its orders on
 * their days is recurring-order-runs.ts. The wire format is icm/recurring-orders.ts.
 */
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import {
  baskets,
  customers,
  orders,
  recurringOrderNumbers,
  recurringOrders,
  requisitionStages,
  users,
} from '../db/schema'
import type { BasketState } from './basket'
import type { Locale } from './channel'
import { findCostCenter } from './cost-centers'
import { notFoundError, refusedError } from './errors'
import type { MessageCode } from './message-codes'
import { isUuid } from './ids'
import type { SnapshotOf } from './order-types'
import { redirectsAfterCheckout, redirectsBeforeCheckout } from './payment-methods'
import {
  dayOf,
  nextOccurrence,
  recurrenceProblems,
  scheduleOf,
  type Schedule,
  parseInterval,
} from './recurrence'
import type { Principal } from './tokens'

export type RecurringOrderRow = typeof recurringOrders.$inferSelect

/** Whose recurring orders a call reaches: all of a customer's, or one user's of it. */
export type RecurringOrderScope = { customerNo: string; userId?: string }

/** The buyer of a recurring order as ICM names it (`buyer`): the user and their company. */
export type RecurringOrderBuyer = {
  login: string
  email: string
  title: string | null
  firstName: string
  lastName: string
  customerNo: string
  companyName: string | null
  businessPartnerNo: string | null
}

export type RecurringOrderView = { order: RecurringOrderRow; buyer: RecurringOrderBuyer }

/** An order placed by a recurring order, as its detail lists the latest ones (a requisition has no number yet). */
export type PlacedOrder = {
  id: string
  documentNumber: string | null
  requisitionNo: string | null
  statusCode: string
  createdAt: Date
}

/** A decision on a requisition a recurring order placed (ICM's `approvalStatuses`). */
export type RecurringApproval = {
  approvalDate: Date
  statusCode: string
  approver: { firstName: string; lastName: string; email: string }
}

export type RecurringOrderDetail = RecurringOrderView & {
  costCenterName?: string
  lastOrders: PlacedOrder[]
  approvals: RecurringApproval[]
}

/** How many of the latest placed orders the detail lists. */
export const LAST_ORDERS = 5

export const recurringOrderNotFound = (id: string) =>
  notFoundError('recurringorder.not_found.error', `The recurring order '${id}' could not be found.`)

/** The schedule of a recurring order's row. */
export const scheduleOfRow = (row: RecurringOrderRow): Schedule => ({
  interval: parseInterval(row.interval)!,
  startDate: row.startDate,
  endDate: row.endDate,
  repetitions: row.repetitions,
})

/** Its lifecycle as one code (ICM's `statusCode`): ACTIVE, INACTIVE (switched off), ERROR (off by the shop), EXPIRED. */
export function recurringStatusCode(row: RecurringOrderRow) {
  if (row.expired) return 'EXPIRED'
  if (row.active) return 'ACTIVE'
  return row.errorCode ? 'ERROR' : 'INACTIVE'
}

async function nextRecurringOrderNo(t: Db): Promise<string> {
  const result = await t.execute(sql`select nextval(${recurringOrderNumbers.seqName}) as next`)
  return String((result as unknown as { rows: { next: string | number }[] }).rows[0]!.next)
}

/** The recurring order a basket became, if it became one. */
export async function recurringOrderOfBasket(t: Db, basketId: string) {
  const [row] = await t.select().from(recurringOrders).where(eq(recurringOrders.id, basketId))
  return row
}

const refusal = (code: MessageCode, message: string, path: string) =>
  refusedError(code, message, [{ code, message, paths: [path] }])

/**
 * `POST orders` for a basket with a recurrence, inside the caller's transaction (which holds the basket's row
 * and has validated it with scope All): the recurring order instead of an order. Its first order's day must
 * not have passed meanwhile; its payment must not need the buyer on a payment page (nobody is there when the
 * orders are placed); a promotion code, entered for one order, is not carried into many. The basket becomes
 * its template (status `recurring`), its state as submitted what the answers show.
 */
export async function submitRecurringOrder(
  t: Db,
  principal: Extract<Principal, { anonymous: false }>,
  locale: Locale,
  state: BasketState,
  snapshotOf: SnapshotOf,
  now = new Date(),
): Promise<RecurringOrderRow> {
  const { basket } = state
  const recurrence = basket.recurrence!
  const problems = recurrenceProblems(recurrence, now)
  if (problems.length)
    throw refusedError('basket.recurrence.invalid.error', 'The recurrence cannot be ordered so.', problems)
  const method = state.payment!.method
  if (redirectsBeforeCheckout(method) || redirectsAfterCheckout(method))
    throw refusal(
      'basket.recurrence.payment_page.error',
      'A recurring order cannot be paid on a payment page; please choose a payment method without one, such as invoice.',
      'payments',
    )
  if (state.rebates.codes.length)
    throw refusal(
      'basket.recurrence.promotion_code.error',
      'A promotion code applies to one order, not to a recurring order; please remove it.',
      'promotionCodes',
    )
  const email = basket.email ?? state.buyer?.email ?? null
  const { snapshot } = snapshotOf(state, email)
  const first = nextOccurrence(scheduleOf(recurrence), {
    from: 0,
    onOrAfter: recurrence.startDate,
    orderCount: 0,
  })!
  const [row] = await t
    .insert(recurringOrders)
    .values({
      id: basket.id,
      documentNo: await nextRecurringOrderNo(t),
      owner: principal.subject,
      userId: principal.userId,
      customerNo: principal.customerNo,
      currency: state.currency,
      locale,
      interval: recurrence.interval,
      startDate: recurrence.startDate,
      endDate: recurrence.endDate ?? null,
      repetitions: recurrence.repetitions ?? null,
      nextOccurrence: first.occurrence,
      nextOrderDate: first.day,
      costCenter: basket.costCenter,
      email,
      itemCount: state.lines.length,
      totalGross: state.totals.grand.gross,
      totalNet: state.totals.grand.net,
      snapshot,
    })
    .returning()
  await t.update(baskets).set({ status: 'recurring', updatedAt: new Date() }).where(eq(baskets.id, basket.id))
  return row!
}

const BUYER_COLUMNS = {
  login: users.login,
  email: users.email,
  title: users.title,
  firstName: users.firstName,
  lastName: users.lastName,
  customerNo: users.customerNo,
  companyName: customers.companyName,
  businessPartnerNo: users.businessPartnerNo,
}

const inScope = (scope: RecurringOrderScope) =>
  scope.userId
    ? and(eq(recurringOrders.customerNo, scope.customerNo), eq(recurringOrders.userId, scope.userId))
    : eq(recurringOrders.customerNo, scope.customerNo)

/** The recurring orders of the scope, newest first, a page of them and how many there are. */
export async function listRecurringOrders(
  db: Db,
  scope: RecurringOrderScope,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: RecurringOrderView[]; total: number }> {
  const where = inScope(scope)
  const [rows, totals] = await readTogether(db, [
    () =>
      db
        .select({ order: recurringOrders, buyer: BUYER_COLUMNS })
        .from(recurringOrders)
        .innerJoin(users, eq(users.id, recurringOrders.userId))
        .innerJoin(customers, eq(customers.customerNo, users.customerNo))
        .where(where)
        .orderBy(desc(recurringOrders.createdAt), desc(recurringOrders.documentNo))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(recurringOrders).where(where) as Promise<{ total: number }[]>,
  ])
  return { items: rows, total: Number(totals[0]?.total ?? 0) }
}

async function findInScope(db: Db, scope: RecurringOrderScope, id: string): Promise<RecurringOrderView> {
  if (!isUuid(id)) throw recurringOrderNotFound(id)
  const [row] = await db
    .select({ order: recurringOrders, buyer: BUYER_COLUMNS })
    .from(recurringOrders)
    .innerJoin(users, eq(users.id, recurringOrders.userId))
    .innerJoin(customers, eq(customers.customerNo, users.customerNo))
    .where(and(inScope(scope), eq(recurringOrders.id, id)))
  if (!row) throw recurringOrderNotFound(id)
  return row
}

/** The latest orders a recurring order placed, requisitions included. */
function placedOrders(db: Db, id: string) {
  return db
    .select({
      id: orders.id,
      documentNumber: orders.documentNumber,
      requisitionNo: orders.requisitionNo,
      statusCode: orders.statusCode,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.recurringOrderId, id))
    .orderBy(desc(orders.createdAt))
    .limit(LAST_ORDERS)
}

/** The decided approval stages of the requisitions a recurring order placed, oldest first. */
async function approvalsOf(db: Db, id: string): Promise<RecurringApproval[]> {
  const rows = await db
    .select({
      decidedAt: requisitionStages.decidedAt,
      statusCode: requisitionStages.statusCode,
      deciderName: requisitionStages.deciderName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(requisitionStages)
    .innerJoin(orders, eq(orders.id, requisitionStages.orderId))
    .leftJoin(users, eq(users.id, requisitionStages.decidedBy))
    .where(and(eq(orders.recurringOrderId, id), isNotNull(requisitionStages.decidedAt)))
    .orderBy(asc(requisitionStages.decidedAt))
  return rows.map((row) => ({
    approvalDate: row.decidedAt!,
    statusCode: row.statusCode,
    approver: {
      firstName: row.firstName ?? row.deciderName ?? '',
      lastName: row.lastName ?? '',
      email: row.email ?? '',
    },
  }))
}

/** One recurring order of the scope with what its detail shows, or recurringorder.not_found. */
export async function requireRecurringOrder(
  db: Db,
  scope: RecurringOrderScope,
  id: string,
): Promise<RecurringOrderDetail> {
  const view = await findInScope(db, scope, id)
  const { order } = view
  const [center, lastOrders, approvals] = await readTogether(db, [
    () =>
      order.costCenter ? findCostCenter(db, order.customerNo, order.costCenter) : Promise.resolve(undefined),
    () => placedOrders(db, order.id),
    () => approvalsOf(db, order.id),
  ])
  return { ...view, ...(center ? { costCenterName: center.name } : {}), lastOrders, approvals }
}

/** Locks a recurring order of the scope for a change, or recurringorder.not_found. */
async function lockInScope(t: Db, scope: RecurringOrderScope, id: string) {
  if (!isUuid(id)) throw recurringOrderNotFound(id)
  const [row] = await t
    .select()
    .from(recurringOrders)
    .where(and(inScope(scope), eq(recurringOrders.id, id)))
    .for('update')
  if (!row) throw recurringOrderNotFound(id)
  return row
}

/**
 * `PATCH …/recurringorders/{id} {active}`: switches it off, or on again. Switched on, it goes on with its next
 * day from today (days missed meanwhile are not caught up), the shop's error is cleared, and a schedule that
 * ended meanwhile makes it expired. An expired one cannot be switched on.
 */
export async function setRecurringOrderActive(
  db: Db,
  scope: RecurringOrderScope,
  id: string,
  active: boolean,
  now = new Date(),
): Promise<RecurringOrderDetail> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const row = await lockInScope(t, scope, id)
    if (row.active === active) return
    if (!active) {
      await t.update(recurringOrders).set({ active: false }).where(eq(recurringOrders.id, id))
      return
    }
    if (row.expired)
      throw refusal(
        'recurringorder.expired.error',
        'The recurring order has ended; it cannot be switched on again.',
        'active',
      )
    const next = nextOccurrence(scheduleOfRow(row), {
      from: row.nextOccurrence,
      onOrAfter: dayOf(now),
      orderCount: row.orderCount,
    })
    await t
      .update(recurringOrders)
      .set({
        active: true,
        errorCode: null,
        errorMessage: null,
        expired: next === null,
        nextOccurrence: next?.occurrence ?? row.nextOccurrence,
        nextOrderDate: next?.day ?? null,
      })
      .where(eq(recurringOrders.id, id))
  })
  return requireRecurringOrder(db, scope, id)
}

/**
 * `DELETE …/recurringorders/{id}`: no further order is placed. The orders it placed stay, naming it; its
 * template basket stays behind as a submitted basket does (the orders' payments may refer to its instrument).
 */
export async function deleteRecurringOrder(db: Db, scope: RecurringOrderScope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await lockInScope(t, scope, id)
    await t.delete(recurringOrders).where(eq(recurringOrders.id, id))
  })
}

/** The scope of one user of the customer, named by login (for who manages the customer's users). */
export async function userScope(db: Db, customerNo: string, login: string): Promise<RecurringOrderScope> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customerNo, customerNo), sql`lower(${users.login}) = ${login.toLowerCase()}`))
  if (!user) throw notFoundError('customer.user.not_found', `The user '${login}' could not be found.`)
  return { customerNo, userId: user.id }
}
