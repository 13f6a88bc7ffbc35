/**
 * Orders (ADR 0010): placing an order from a basket (validated with scope All, one order per basket, outcomes
 * by payment method), the redirect after checkout through the hosted payment page, reading orders and the
 * rows of the CSV export. Orders keep their basket as ordered (snapshot and order lines). The wire format,
 * the snapshot's included, is icm/orders.ts.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import {
  basketPayments,
  baskets,
  inventories,
  lineItems,
  orderDocumentNumbers,
  orderLineItems,
  orders,
  products,
  requisitionNumbers,
  requisitionStages,
  users,
} from '../db/schema'
import { lockBudgets, type ApprovalPlan } from './approvers'
import {
  basketNotFound,
  basketState,
  lockBasket,
  taxNotices,
  withApproval,
  type BasketNotice,
  type BasketRow,
  type BasketState,
} from './basket'
import type { Locale } from './channel'
import { channelSettings } from './configuration'
import { forbiddenError, notFoundError, refusedError } from './errors'
import type { MessageCode } from './message-codes'
import { publish } from './events'
import { isUuid } from './ids'
import type { OrderLineRow, OrderRow, OrderView, SnapshotOf } from './order-types'
import { redirectsAfterCheckout, redirectsBeforeCheckout } from './payment-methods'
import { hasPermission } from './permissions'
import type { RedirectUrls } from './payments'
import { createPaymentSession, finishSession, verifiedReturn, type PaymentOutcome } from './psp'
import { recurringOrderOfBasket, submitRecurringOrder, type RecurringOrderRow } from './recurring-orders'
import type { Principal } from './tokens'
import { validateInTransaction, walletAuthorised } from './validation'

export type { OrderHead, OrderLineRow, OrderRow, OrderView, SnapshotOf } from './order-types'

export const orderNotFound = (id: string) =>
  notFoundError('order.not_found.error', `The order '${id}' could not be found.`)

/** A placed order: a row with an order number (a requisition has none until it is approved). */
const placed = isNotNull(orders.documentNumber)

export const linesOf = (db: Db, orderId: string) =>
  db
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.position))

export async function viewOf(db: Db, order: OrderRow, notices: BasketNotice[] = []): Promise<OrderView> {
  return { order, lines: await linesOf(db, order.id), notices }
}

/** The caller's order: a user's own, or the one an anonymous token placed. */
export async function findOrder(db: Db, principal: Principal, id: string) {
  if (!isUuid(id)) return undefined
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.owner, principal.subject), placed))
  return row
}

/**
 * An order the caller may read, with its lines, or order.not_found: their own, or, for who manages the
 * customer's orders (`managesOrders`), any order of their customer (the list of all buyers links to them).
 * Continuing an order's payment stays with its owner (`findOrder`).
 */
export async function requireOrder(db: Db, principal: Principal, id: string): Promise<OrderView> {
  const order =
    (await findOrder(db, principal, id)) ??
    (principal.anonymous || !managesOrders(principal) || !isUuid(id)
      ? undefined
      : (
          await db
            .select()
            .from(orders)
            .where(and(eq(orders.id, id), eq(orders.customerNo, principal.customerNo), placed))
        )[0])
  if (!order) throw orderNotFound(id)
  return viewOf(db, order)
}

/**
 * How placing an order ended: a new order (`created`), the order placed for this basket before (`existing`,
 * also when two calls race), or rolled back because a payment that redirects before checkout is not
 * authorised (the basket stays open, `state` is it).
 */
export type CreateOrderResult =
  | { outcome: 'created' | 'existing'; order: OrderView }
  /** The basket needs approval: a requisition was submitted (`created`), or had been for this basket before. */
  | { outcome: 'requisition'; created: boolean; order: OrderView }
  /** The basket has a recurrence: a recurring order was set up (`created`), or had been from it before. */
  | { outcome: 'recurring'; created: boolean; recurringOrder: RecurringOrderRow }
  | { outcome: 'rolled-back'; state: BasketState; notice: BasketNotice }

export type OrderRequest = { basketId: string; termsAccepted: boolean }

/** Writes a failed validation as ICM error causes. */
const validationFailed = (errors: { code: MessageCode; message: string }[]) =>
  refusedError(
    'basket.validation.failed.error',
    'The basket cannot be ordered as it is.',
    errors.map((e) => ({ code: e.code, message: e.message, paths: [] })),
  )

const termsNotAccepted = () =>
  refusedError('basket.validation.terms_and_conditions.error', 'Please accept the terms and conditions.', [
    {
      code: 'basket.validation.terms_and_conditions.error',
      message: 'The terms and conditions must be accepted.',
      paths: ['termsAndConditionsAccepted'],
    },
  ])

/** Why a basket that needs approval cannot become a requisition. */
const approvalImpossible = (code: MessageCode, message: string) => validationFailed([{ code, message }])

const notAuthorised: BasketNotice = {
  code: 'order.payment.not_authorized.info',
  message:
    'The payment was not authorised by the payment provider; please pay again or choose another payment method.',
}

async function orderOfBasket(t: Db, principal: Principal, basketId: string) {
  const [row] = await t
    .select()
    .from(orders)
    .where(and(eq(orders.basketId, basketId), eq(orders.owner, principal.subject)))
  return row
}

/** Step 1: the caller's basket, locked so that two submits of it queue. */
async function lockedBasket(t: Db, principal: Principal, basketId: string) {
  const [basket] = await t
    .select()
    .from(baskets)
    .where(and(eq(baskets.id, basketId), eq(baskets.owner, principal.subject)))
    .for('update')
  if (!basket) throw basketNotFound()
  return basket
}

/** Step 3: the stock of the basket's products, locked so that two orders cannot both take the last pieces. */
export const lockStock = (t: Db, basketId: string) =>
  t.execute(
    sql`select ${inventories.sku} from ${inventories} where ${inventories.sku} in (select ${lineItems.sku} from ${lineItems} where ${lineItems.basketId} = ${basketId}) order by ${inventories.sku} for update`,
  )

/** A unique-index violation: a concurrent call placed the order for the basket first. */
const isDuplicate = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505'

/**
 * `POST orders`: places the order of a basket. One order per basket: an order already placed for it is
 * answered again instead of placing another, also when two calls race (the basket row is locked, and the
 * unique index on orders.basket_id stands behind that).
 */
export async function createOrder(
  db: Db,
  principal: Principal,
  locale: Locale,
  { basketId, termsAccepted }: OrderRequest,
  snapshotOf: SnapshotOf,
  /** When the order is placed: the budgets' periods it counts in (the demo history places orders in the past). */
  at = new Date(),
): Promise<CreateOrderResult> {
  if (!isUuid(basketId)) throw basketNotFound()
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const basket = await lockedBasket(t, principal, basketId)
      const recurring = basket.status === 'recurring' && (await recurringOrderOfBasket(t, basket.id))
      if (recurring) return { outcome: 'recurring' as const, created: false, recurringOrder: recurring }
      // Step 2: the order placed before, unless it waits for a payment the basket no longer asks for.
      const existing = await orderOfBasket(t, principal, basketId)
      if (existing?.requisitionNo)
        return { outcome: 'requisition' as const, created: false, order: await viewOf(t, existing) }
      if (existing && !(await staleStoppedOrder(t, existing, basket, locale)))
        return { outcome: 'existing' as const, order: await viewOf(t, existing) }
      if (basket.status !== 'open') throw basketNotFound()
      if (channelSettings().basket.termsAndConditions && !termsAccepted) throw termsNotAccepted()
      // A business user's budgets, then the stock: whether the basket needs approval is decided under the lock.
      if (!principal.anonymous && principal.customerType === 'SMBCustomer')
        await lockBudgets(t, { ...principal, costCenter: basket.costCenter })
      await lockStock(t, basket.id)
      // Step 4: the whole basket must be valid as it is; nothing is adjusted while ordering.
      const { results, state: validated } = await validateInTransaction(t, basket, principal, locale, {
        scopes: ['All'],
        adjustmentsAllowed: false,
        forOrder: true,
      })
      if (!results.valid) throw validationFailed(results.errors)
      // A basket with a recurrence becomes a recurring order (ADR 0020); each of its orders asks for approval.
      if (basket.recurrence && !principal.anonymous) {
        const recurringOrder = await submitRecurringOrder(t, principal, locale, validated, snapshotOf)
        return { outcome: 'recurring' as const, created: true, recurringOrder }
      }
      const state = await withApproval(t, validated, at)
      if (state.approval?.required && !principal.anonymous) {
        const requisition = await submitRequisition(t, principal, locale, state, state.approval, snapshotOf)
        return { outcome: 'requisition' as const, created: true, order: requisition }
      }
      const method = state.payment!.method
      if (redirectsBeforeCheckout(method) && !walletAuthorised(state))
        return { outcome: 'rolled-back' as const, state, notice: notAuthorised }
      // Step 5: the order, completed at once unless its payment redirects after checkout.
      const inserted = await insertOrder(
        t,
        principal,
        locale,
        state,
        { stopped: redirectsAfterCheckout(method) },
        snapshotOf,
      )
      if (inserted.order.orderCreation !== 'COMPLETED')
        return { outcome: 'created' as const, order: inserted }
      const completed = await completeOrder(t, inserted.order, { lines: inserted.lines, stockLocked: true })
      return { outcome: 'created' as const, order: { ...completed, notices: [] } }
    })
  } catch (error) {
    const raced = isDuplicate(error) ? await orderOfBasket(db, principal, basketId) : undefined
    if (raced) return { outcome: 'existing', order: await viewOf(db, raced) }
    throw error
  }
}

/**
 * An order still waiting for its payment page whose basket now asks for something else (another payment
 * method, other lines or quantities, another total) is given up: its session ends and it is deleted, so that
 * the basket can be ordered anew. The same basket submitted again gets the waiting order back.
 */
async function staleStoppedOrder(t: Db, order: OrderRow, basket: BasketRow, locale: Locale) {
  if (order.orderCreation !== 'STOPPED') return false
  const state = await basketState(t, basket, locale)
  const lines = await t.select().from(orderLineItems).where(eq(orderLineItems.orderId, order.id))
  const key = (items: { sku: string; quantity: number }[]) =>
    items
      .map((l) => `${l.sku}\u0000${l.quantity}`)
      .sort()
      .join('\n')
  const same =
    state.payment?.method.id === order.paymentMethodId &&
    state.totals.grand.gross === order.grandTotalGross &&
    key(state.lines) === key(lines)
  if (same) return false
  if (order.paymentSessionId) await finishSession(t, order.paymentSessionId, 'CANCEL')
  await t.delete(orders).where(eq(orders.id, order.id))
  return true
}

/** The buyer's e-mail: the basket's, the invoice address's, or the user's own. */
async function buyerEmail(t: Db, principal: Principal, state: BasketState) {
  const known = state.basket.email ?? state.invoiceToAddress?.email
  if (known || principal.anonymous) return known ?? null
  const [user] = await t.select({ email: users.email }).from(users).where(eq(users.id, principal.userId))
  return user?.email ?? null
}

/** The next number of a sequence, as text. */
export async function nextNumber(t: Db, sequence: { seqName: string | undefined }): Promise<string> {
  const result = await t.execute(sql`select nextval(${sequence.seqName}) as next`)
  return String((result as unknown as { rows: { next: string | number }[] }).rows[0]!.next)
}

/**
 * A basket that needs approval becomes a requisition (ADR 0019): an orders row awaiting approval, with its
 * own number and no order number yet, its stages with their approvers, its lines as ordered; the basket is
 * moved into it, and it is published (the buyer and every approver are told by mail), all in the caller's
 * transaction. Nothing
 * is taken from stock and nothing is paid until it is approved; a payment page (which only the buyer could
 * visit) or a stage nobody can decide is refused before anything is written.
 */
async function submitRequisition(
  t: Db,
  principal: Extract<Principal, { anonymous: false }>,
  locale: Locale,
  state: BasketState,
  plan: ApprovalPlan,
  snapshotOf: SnapshotOf,
): Promise<OrderView> {
  const method = state.payment!.method
  if (redirectsBeforeCheckout(method) || redirectsAfterCheckout(method))
    throw approvalImpossible(
      'basket.approval.payment_page.error',
      'An order that needs approval cannot be paid on a payment page; please choose a payment method without one, such as invoice.',
    )
  if (plan.stages.some((stage) => !stage.approvers.length))
    throw approvalImpossible(
      'basket.approval.no_approver.error',
      'This order needs approval, but nobody in your company can approve it; please ask your administrator.',
    )
  const inserted = await insertOrder(t, principal, locale, state, { requisition: plan }, snapshotOf)
  const row = inserted.order
  await t.insert(requisitionStages).values(
    plan.stages.map((stage) => ({
      orderId: row.id,
      stage: stage.stage,
      approverIds: stage.approvers.map((person) => person.id),
    })),
  )
  await t
    .update(baskets)
    .set({ status: 'requisition', updatedAt: new Date() })
    .where(eq(baskets.id, row.basketId))
  const approvers = new Map(plan.stages.flatMap((s) => s.approvers).map((p) => [p.id, p]))
  await publish(t, { type: 'requisition.submitted', requisition: row, approvers: [...approvers.values()] })
  return inserted
}

/** What is inserted: an order (stopped while its payment page waits), or a requisition with its plan. */
type Insertion = { stopped: boolean } | { requisition: ApprovalPlan }

async function insertOrder(
  t: Db,
  principal: Principal,
  locale: Locale,
  state: BasketState,
  insertion: Insertion,
  snapshotOf: SnapshotOf,
) {
  const { basket } = state
  const requisition = 'requisition' in insertion ? insertion.requisition : undefined
  const stopped = 'stopped' in insertion && insertion.stopped
  const email = await buyerEmail(t, principal, state)
  // The order names the sales representative who placed it through co-browse (issue 35), whoever changed the
  // basket last: its snapshot carries them as they were named then, and orders.sales_rep_id their id.
  const { salesRep: _basketSalesRep, ...basketState } = state
  const salesRep = principal.anonymous ? undefined : principal.salesRep
  const { snapshot, lineJson } = snapshotOf(salesRep ? { ...basketState, salesRep } : basketState, email)
  const [order] = await t
    .insert(orders)
    .values({
      documentNumber: requisition ? null : await nextNumber(t, orderDocumentNumbers),
      requisitionNo: requisition ? await nextNumber(t, requisitionNumbers) : null,
      basketId: basket.id,
      owner: principal.subject,
      userId: principal.anonymous ? null : principal.userId,
      customerNo: principal.anonymous ? null : principal.customerNo,
      email,
      currency: state.currency,
      locale,
      statusCode: requisition ? 'PENDING_APPROVAL' : stopped ? 'PENDING_PAYMENT' : 'NEW',
      orderCreation: stopped ? 'STOPPED' : 'COMPLETED',
      ...(requisition ? { approvalStatus: 'PENDING', approvalReasons: requisition.reasons } : {}),
      stopAction: stopped ? { type: 'Workflow', exitReason: 'redirect_urls_required' } : null,
      paymentMethodId: state.payment!.method.id,
      grandTotalGross: state.totals.grand.gross,
      // For budgets kept in net prices and for cost center budgets (budgets.ts).
      grandTotalNet: state.totals.grand.net,
      costCenter: basket.costCenter,
      salesRepId: salesRep?.id ?? null,
      snapshot: { ...snapshot, notices: taxNotices(state) },
    })
    .returning()
  const skus = [...new Set(state.lines.map((l) => l.sku))]
  const productRows = skus.length
    ? await t
        .select({ sku: products.sku, names: products.names, descriptions: products.shortDescriptions })
        .from(products)
        .where(inArray(products.sku, skus))
    : []
  const bySku = new Map(productRows.map((p) => [p.sku, p]))
  const lines = await t
    .insert(orderLineItems)
    .values(
      state.priced.map((l) => {
        const total = state.totals.lines.get(l.row.id)!.total
        return {
          id: l.row.id,
          orderId: order!.id,
          position: l.row.position,
          sku: l.row.sku,
          names: bySku.get(l.row.sku)?.names ?? { en_US: l.row.sku },
          descriptions: bySku.get(l.row.sku)?.descriptions ?? {},
          quantity: l.row.quantity,
          singleNet: l.unit.net,
          singleGross: l.unit.gross,
          totalNet: total.net,
          totalGross: total.gross,
          warrantyId: l.row.warrantyId,
          desiredDelivery: l.row.desiredDelivery,
          json: lineJson(l.row.id),
          fulfillmentStatus: 'NEW',
        }
      }),
    )
    .returning()
  // As linesOf answers them: in the order of their positions.
  return { order: order!, lines: lines.sort((a, b) => a.position - b.position), notices: [] }
}

/** What completing an order may be handed, so that it reads again nothing its caller has. */
export type Completion = {
  /** The order's lines, when the caller has them (as inserted, or as read under the lock). */
  lines?: OrderLineRow[]
  /** The caller locked the stock rows of these lines already (`lockStock`, in SKU order). */
  stockLocked?: boolean
  /** More of the order's columns to set with its completion (a requisition's number and approval). */
  set?: Partial<Pick<OrderRow, 'documentNumber' | 'approvalStatus' | 'approvedAt' | 'approverName'>>
}

/**
 * Completes an order inside the caller's transaction: stock goes down by what was ordered (never below 0),
 * the basket is submitted, the order is NEW and COMPLETED, its payment authorised, and it is published as
 * placed (the buyer's confirmation). Every order is placed through here: by checkout, after the payment
 * page, by approval of a requisition, by a recurring order. Answers the order as it is now, with its lines.
 */
export async function completeOrder(
  t: Db,
  order: Pick<OrderRow, 'id' | 'basketId'>,
  { lines: given, stockLocked = false, set = {} }: Completion = {},
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const lines = given ?? (await linesOf(t, order.id))
  // Each product's stock goes down once by all of its lines, in one statement.
  const taken = new Map<string, number>()
  for (const line of lines) taken.set(line.sku, (taken.get(line.sku) ?? 0) + line.quantity)
  const skus = [...taken.keys()].sort()
  if (skus.length) {
    // Stock rows are locked in SKU order (as POST orders does), so that concurrent orders never deadlock.
    if (!stockLocked)
      await t.execute(
        sql`select ${inventories.sku} from ${inventories} where ${inArray(inventories.sku, skus)} order by ${inventories.sku} for update`,
      )
    const rows = sql.join(
      skus.map((sku) => sql`(${sku}, ${taken.get(sku)!}::integer)`),
      sql`, `,
    )
    await t.execute(
      sql`update ${inventories} set stock = greatest(${inventories.stock} - taken.quantity, 0) from (values ${rows}) as taken (sku, quantity) where ${inventories.sku} = taken.sku and ${inventories.alwaysInStock} = false`,
    )
  }
  await t
    .update(baskets)
    .set({ status: 'submitted', updatedAt: new Date() })
    .where(eq(baskets.id, order.basketId))
  await t
    .update(basketPayments)
    .set({ status: 'Authorized' })
    .where(eq(basketPayments.basketId, order.basketId))
  const [completed] = await t
    .update(orders)
    .set({ ...set, orderCreation: 'COMPLETED', statusCode: 'NEW', stopAction: null })
    .where(eq(orders.id, order.id))
    .returning()
  await publish(t, { type: 'order.placed', orderId: order.id, order: completed!, lines })
  return { order: completed!, lines }
}

/** The payment page's answer, as the storefront hands it back: its outcome and the signed parameters. */
export type RedirectReturn = { status: string; parameters: { name: string; value: string }[] }

const notStopped = () =>
  refusedError('order.creation.not_stopped.error', 'The order is not waiting for its payment.')

/** With redirect URLs: the hosted payment page is opened for the stopped order (stop action Redirect). */
async function openPaymentPage(db: Db, order: OrderRow, redirect: RedirectUrls, pageBase: string) {
  if (order.orderCreation !== 'STOPPED') throw notStopped()
  const fill = (url: string) => url.replaceAll('*orderID*', order.id).replaceAll('*OrderID*', order.id)
  if (order.paymentSessionId) await finishSession(db, order.paymentSessionId, 'CANCEL')
  const session = await createPaymentSession(
    db,
    {
      basketId: order.basketId,
      orderId: order.id,
      paymentMethodId: order.paymentMethodId,
      amount: order.grandTotalGross,
      currency: order.currency,
      successUrl: fill(redirect.successUrl),
      cancelUrl: fill(redirect.cancelUrl),
      failureUrl: fill(redirect.failureUrl),
    },
    pageBase,
  )
  const [updated] = await db
    .update(orders)
    .set({ paymentSessionId: session.id, stopAction: { type: 'Redirect', redirectUrl: session.pageUrl } })
    .where(eq(orders.id, order.id))
    .returning()
  return viewOf(db, updated!)
}

/**
 * With the payment page's signed outcome: SUCCESS completes the order; CANCEL and FAILURE roll it back (the
 * order is deleted, the basket stays open), answered once more as the order was, rolled back.
 */
async function finishPayment(db: Db, order: OrderRow, outcome: PaymentOutcome): Promise<OrderView> {
  // The receipt page reloaded after a successful return: the order is complete already.
  if (order.orderCreation === 'COMPLETED' && outcome === 'SUCCESS') return viewOf(db, order)
  if (order.orderCreation !== 'STOPPED') throw notStopped()
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await lockBasket(t, order.basketId)
    const [current] = await t.select().from(orders).where(eq(orders.id, order.id)).for('update')
    if (!current) throw orderNotFound(order.id)
    if (current.orderCreation === 'COMPLETED' && outcome === 'SUCCESS') return viewOf(t, current)
    if (current.orderCreation !== 'STOPPED') throw notStopped()
    if (outcome === 'SUCCESS') return { ...(await completeOrder(t, current)), notices: [] }
    const view = await viewOf(
      t,
      { ...current, orderCreation: 'ROLLED_BACK', stopAction: null, statusCode: 'CANCELLED' },
      [
        outcome === 'CANCEL'
          ? {
              code: 'order.payment.cancelled.info',
              message: 'The payment was cancelled, so the order was not placed. Your basket is unchanged.',
            }
          : {
              code: 'order.payment.failed.info',
              message:
                'The payment provider declined the payment, so the order was not placed. Please choose another payment method.',
            },
      ],
    )
    await t.delete(orders).where(eq(orders.id, current.id))
    return view
  })
}

/**
 * `PATCH orders/{id}` with `orderCreation.status CONTINUE`: with redirect URLs the hosted payment page is
 * opened (stop action Redirect); with a redirect status and parameters the signed return completes the order
 * (SUCCESS) or rolls it back (CANCEL, FAILURE).
 */
export async function continueOrder(
  db: Db,
  principal: Principal,
  id: string,
  redirect: RedirectUrls | RedirectReturn,
  { secret, pageBase }: { secret: string; pageBase: string },
): Promise<OrderView> {
  const order = await findOrder(db, principal, id)
  if (!order) throw orderNotFound(id)
  if ('successUrl' in redirect) return openPaymentPage(db, order, redirect, pageBase)
  const outcome = redirect.status.toUpperCase() as PaymentOutcome
  const session = await verifiedReturn(db, secret, outcome, redirect.parameters)
  if (session.orderId !== order.id) {
    throw refusedError(
      'payment.redirect.session.invalid.error',
      'The payment return belongs to another order.',
      [
        {
          code: 'payment.redirect.session.invalid.error',
          message: 'The payment return belongs to another order.',
          paths: ['orderCreation.redirect.parameters'],
        },
      ],
    )
  }
  return finishPayment(db, order, outcome)
}

export type OrderListQuery = {
  limit: number
  offset: number
  allBuyers: boolean
  /** One buyer's orders (their login, ICM's `buyer`); for who manages the customer's orders. */
  buyer?: string
  statusCodes?: string[]
  /** Read each order's lines too (an answer that includes them); a plain list needs only the orders. */
  withLines?: boolean
}

/**
 * Who sees the orders of every buyer of their customer: order managers (APP_B2B_MANAGE_ORDERS) and who
 * manages the users (APP_B2B_MANAGE_USERS, the account owner's); the account owner's role grants both.
 */
const managesOrders = (principal: Principal) =>
  !principal.anonymous &&
  (hasPermission(principal, 'APP_B2B_MANAGE_ORDERS') || hasPermission(principal, 'APP_B2B_MANAGE_USERS'))

/**
 * Whose orders a list shows: the caller's own; all of the customer's (`allBuyers`) or one buyer's (`buyer`,
 * a login of the customer; an unknown one has none) for who manages orders. `allBuyers` from anyone else is
 * their own orders, as before; `buyer` naming someone else is refused (403, authorization.forbidden) rather
 * than answered with the caller's own orders under another's name. Naming oneself is one's own orders.
 */
function ordersOf(
  db: Db,
  principal: Principal,
  { allBuyers, buyer }: Pick<OrderListQuery, 'allBuyers' | 'buyer'>,
) {
  const own = eq(orders.owner, principal.subject)
  if (principal.anonymous) return own
  if (buyer !== undefined) {
    if (buyer.toLowerCase() === principal.login.toLowerCase()) return own
    if (!managesOrders(principal))
      throw forbiddenError(
        'authorization.forbidden',
        "Only who manages the customer's orders (APP_B2B_MANAGE_ORDERS) may list another buyer's orders.",
      )
    const buyerIds = db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.customerNo, principal.customerNo), sql`lower(${users.login}) = ${buyer.toLowerCase()}`),
      )
    return and(eq(orders.customerNo, principal.customerNo), inArray(orders.userId, buyerIds))
  }
  return allBuyers && managesOrders(principal) ? eq(orders.customerNo, principal.customerNo) : own
}

/** One page of orders, newest first, and how many there are in all: the account's list and the back office's. */
export async function pageOfOrders(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const [rows, totals] = await readTogether(db, [
    () =>
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.documentNumber))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(orders).where(where) as Promise<{ total: number }[]>,
  ])
  return { rows, total: Number(totals[0]?.total ?? 0) }
}

/**
 * `GET orders`: the caller's orders, newest first; a user who manages the customer's orders may ask for all
 * buyers' or one buyer's (`ordersOf`), and for some statuses.
 */
export async function listOrders(
  db: Db,
  principal: Principal,
  { limit, offset, allBuyers, buyer, statusCodes = [], withLines = false }: OrderListQuery,
): Promise<{ orders: OrderView[]; total: number }> {
  const whose = and(ordersOf(db, principal, { allBuyers, buyer }), placed)
  const where = statusCodes.length ? and(whose, inArray(orders.statusCode, statusCodes)) : whose
  const { rows, total } = await pageOfOrders(db, where, limit, offset)
  const views: OrderView[] = []
  for (const row of rows)
    views.push(withLines ? await viewOf(db, row) : { order: row, lines: [], notices: [] })
  return { orders: views, total }
}

/** The caller's orders with their lines, in the order of the ids given (`POST orders-csv`). */
export async function ordersByIds(db: Db, principal: Principal, ids: string[]): Promise<OrderView[]> {
  const found: OrderView[] = []
  for (const id of ids) found.push(await requireOrder(db, principal, id))
  return found
}
