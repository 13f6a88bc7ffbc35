/**
 * Orders (ADR 0010): placing an order from a basket (validated with scope All, one order per basket, outcomes
 * by payment method), the redirect after checkout through the hosted payment page, reading orders and the
 * CSV export. Orders keep their basket as ordered (snapshot and order lines).
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  basketPayments,
  baskets,
  inventories,
  lineItems,
  orderDocumentNumbers,
  orderLineItems,
  orders,
  products,
  users,
  type OrderSnapshot,
} from '../db/schema'
import { ApiError } from '../http'
import { BASKET_INCLUDES, basketEnvelope, basketNotFound, basketState, type BasketState } from './basket'
import { localize, type Locale } from './channel'
import { redirectsAfterCheckout, redirectsBeforeCheckout } from './payment-methods'
import { createPaymentSession, finishSession, verifiedReturn, type PaymentOutcome } from './psp'
import type { Principal } from './tokens'
import { validateInTransaction, walletAuthorised } from './validation'
import type { RedirectUrls } from './payments'
import { readTogether } from '../db/reads'
import { isUuid } from './ids'

type OrderRow = typeof orders.$inferSelect
type BasketRow = typeof baskets.$inferSelect

export const orderNotFound = (id: string) =>
  new ApiError(404, 'order.not_found.error', `The order '${id}' could not be found.`)

const STATUS_NAMES: Record<string, string> = {
  NEW: 'New',
  PENDING_PAYMENT: 'Pending payment',
  PENDING_APPROVAL: 'Pending approval',
  CANCELLED: 'Cancelled',
}

/** The order in ICM's envelope (`OrderData` with one order): the basket as ordered plus the order's own fields. */
export async function orderJson(
  db: Db,
  order: OrderRow,
  locale: Locale,
  include: Set<string>,
  infos: unknown[] = [],
) {
  const lines = await db
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, order.id))
    .orderBy(asc(orderLineItems.position))
  return { data: orderData(order), included: orderIncluded(order, lines, locale, include), infos, errors: [] }
}

function orderData(order: OrderRow) {
  return {
    ...order.snapshot.data,
    id: order.id,
    documentNumber: order.documentNumber,
    creationDate: order.createdAt.toISOString(),
    statusCode: order.statusCode,
    status: STATUS_NAMES[order.statusCode] ?? order.statusCode,
    orderCreation: {
      status: order.orderCreation,
      ...(order.stopAction ? { stopAction: order.stopAction } : {}),
    },
    basket: order.basketId,
    customer: order.customerNo ?? undefined,
    email: order.email ?? undefined,
    ...(order.recurringOrderId ? { recurringOrderID: order.recurringOrderId } : {}),
    ...(order.approvalStatus
      ? {
          approval: {
            statusCode: order.approvalStatus,
            approvalDate: order.approvedAt?.toISOString(),
            approverFirstName: order.approverName ?? undefined,
          },
        }
      : {}),
  }
}

type OrderLineRow = typeof orderLineItems.$inferSelect

function orderIncluded(order: OrderRow, lines: OrderLineRow[], locale: Locale, include: Set<string>) {
  const included: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(order.snapshot.included)) {
    if (key !== 'lineItems' && include.has(key)) included[key] = value
  }
  if (include.has('lineItems')) {
    included.lineItems = Object.fromEntries(
      lines.map((l) => {
        const name = localize(l.names, locale)
        return [
          l.id,
          {
            ...l.json,
            name,
            displayName: name,
            description: localize(l.descriptions, locale),
            fulfillmentStatus: l.fulfillmentStatus,
          },
        ]
      }),
    )
  }
  return included
}

/** The caller's order: a user's own, or the one an anonymous token placed. */
export async function findOrder(db: Db, principal: Principal, id: string) {
  if (!isUuid(id)) return undefined
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.owner, principal.subject)))
  return row
}

export type CreateOrderResult = { status: 200 | 201; body: unknown }

/** Writes a failed validation as ICM error causes. */
const validationFailed = (errors: { code: string; message: string }[]) =>
  new ApiError(
    422,
    'basket.validation.failed.error',
    'The basket cannot be ordered as it is.',
    errors.map((e) => ({ code: e.code, message: e.message, paths: [] })),
  )

/**
 * `POST orders`: places the order of a basket. One order per basket: an order already placed for it is
 * answered again (200) instead of placing another, also when two calls race (the basket row is locked, and
 * the unique index on orders.basket_id stands behind that).
 */
export async function createOrder(
  db: Db,
  principal: Principal,
  locale: Locale,
  basketId: string,
  termsAccepted: boolean,
  include: Set<string>,
): Promise<CreateOrderResult> {
  const already = async (t: Db) => {
    const [row] = await t
      .select()
      .from(orders)
      .where(and(eq(orders.basketId, basketId), eq(orders.owner, principal.subject)))
    return row
  }
  if (!isUuid(basketId)) throw basketNotFound()
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const [basket] = await t
        .select()
        .from(baskets)
        .where(and(eq(baskets.id, basketId), eq(baskets.owner, principal.subject)))
        .for('update')
      if (!basket) throw basketNotFound()
      const existing = await already(t)
      if (existing && !(await staleStoppedOrder(t, existing, basket, locale)))
        return { status: 200 as const, body: await orderJson(t, existing, locale, include) }
      if (basket.status !== 'open') throw basketNotFound()
      if (!termsAccepted) {
        throw new ApiError(
          422,
          'basket.validation.terms_and_conditions.error',
          'Please accept the terms and conditions.',
          [
            {
              code: 'basket.validation.terms_and_conditions.error',
              message: 'The terms and conditions must be accepted.',
              paths: ['termsAndConditionsAccepted'],
            },
          ],
        )
      }
      // Lock the stock of the basket's products, so that two orders cannot both take the last pieces.
      await t.execute(
        sql`select ${inventories.sku} from ${inventories} where ${inventories.sku} in (select ${lineItems.sku} from ${lineItems} where ${lineItems.basketId} = ${basket.id}) order by ${inventories.sku} for update`,
      )
      const { results, state } = await validateInTransaction(t, basket, principal, locale, {
        scopes: ['All'],
        adjustmentsAllowed: false,
        forOrder: true,
      })
      if (!results.valid) throw validationFailed(results.errors)
      const method = state.payment!.method
      if (redirectsBeforeCheckout(method) && !walletAuthorised(state)) {
        return {
          status: 200 as const,
          body: {
            data: {
              ...basketEnvelope(state, new Set()).data,
              basket: basket.id,
              orderCreation: { status: 'ROLLED_BACK' },
            },
            infos: [
              {
                code: 'order.payment.not_authorized.info',
                message:
                  'The payment was not authorised by the payment provider; please pay again or choose another payment method.',
                causes: [],
              },
            ],
            errors: [],
          },
        }
      }
      const order = await insertOrder(t, principal, locale, state, redirectsAfterCheckout(method))
      if (order.orderCreation === 'COMPLETED') await completeOrder(t, order)
      const [fresh] = await t.select().from(orders).where(eq(orders.id, order.id))
      return { status: 201 as const, body: await orderJson(t, fresh!, locale, include) }
    })
  } catch (error) {
    // A concurrent call placed the order first (unique basket_id): answer with that order.
    if (
      (error as { code?: string }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      const existing = await already(db)
      if (existing) return { status: 200, body: await orderJson(db, existing, locale, include) }
    }
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

async function insertOrder(
  t: Db,
  principal: Principal,
  locale: Locale,
  state: BasketState,
  stopped: boolean,
) {
  const { basket } = state
  const result = await t.execute(sql`select nextval(${orderDocumentNumbers.seqName}) as next`)
  const next = (result as unknown as { rows: { next: string | number }[] }).rows[0]!.next
  const email =
    basket.email ??
    state.invoiceToAddress?.email ??
    (principal.anonymous
      ? null
      : ((await t.select({ email: users.email }).from(users).where(eq(users.id, principal.userId)))[0]
          ?.email ?? null))
  const envelope = basketEnvelope(state, new Set(BASKET_INCLUDES))
  const snapshot: OrderSnapshot = {
    data: { ...envelope.data, email: email ?? undefined },
    included: envelope.included ?? {},
  }
  const [order] = await t
    .insert(orders)
    .values({
      documentNumber: String(next),
      basketId: basket.id,
      owner: principal.subject,
      userId: principal.anonymous ? null : principal.userId,
      customerNo: principal.anonymous ? null : principal.customerNo,
      email,
      currency: state.currency,
      locale,
      statusCode: stopped ? 'PENDING_PAYMENT' : 'NEW',
      orderCreation: stopped ? 'STOPPED' : 'COMPLETED',
      stopAction: stopped ? { type: 'Workflow', exitReason: 'redirect_urls_required' } : null,
      paymentMethodId: state.payment!.method.id,
      grandTotalGross: state.totals.grand.gross,
      snapshot,
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
  const lineJson = (envelope.included?.lineItems ?? {}) as Record<string, Record<string, unknown>>
  await t.insert(orderLineItems).values(
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
        json: lineJson[l.row.id] ?? {},
        fulfillmentStatus: 'NEW',
      }
    }),
  )
  return order!
}

/**
 * Completes an order inside the caller's transaction: stock goes down by what was ordered (never below 0),
 * the basket is submitted, the order is NEW and COMPLETED, its payment authorised.
 */
async function completeOrder(t: Db, order: OrderRow) {
  const lines = await t
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, order.id))
    .orderBy(asc(orderLineItems.sku))
  // Stock rows are locked in SKU order (as POST orders does), so that concurrent orders never deadlock.
  if (lines.length) {
    await t.execute(
      sql`select ${inventories.sku} from ${inventories} where ${inArray(
        inventories.sku,
        lines.map((l) => l.sku),
      )} order by ${inventories.sku} for update`,
    )
  }
  for (const line of lines) {
    await t
      .update(inventories)
      .set({ stock: sql`greatest(${inventories.stock} - ${line.quantity}, 0)` })
      .where(and(eq(inventories.sku, line.sku), eq(inventories.alwaysInStock, false)))
  }
  await t
    .update(baskets)
    .set({ status: 'submitted', updatedAt: new Date() })
    .where(eq(baskets.id, order.basketId))
  await t
    .update(basketPayments)
    .set({ status: 'Authorized' })
    .where(eq(basketPayments.basketId, order.basketId))
  const snapshot = markPaymentStatus(order.snapshot, 'Authorized')
  await t
    .update(orders)
    .set({ orderCreation: 'COMPLETED', statusCode: 'NEW', stopAction: null, snapshot })
    .where(eq(orders.id, order.id))
}

function markPaymentStatus(snapshot: OrderSnapshot, status: string): OrderSnapshot {
  const payments = snapshot.included.payments as Record<string, Record<string, unknown>> | undefined
  if (!payments) return snapshot
  const updated = Object.fromEntries(
    Object.entries(payments).map(([id, p]) => {
      const { redirect: _redirect, ...rest } = p
      return [id, { ...rest, status }]
    }),
  )
  return { ...snapshot, included: { ...snapshot.included, payments: updated } }
}

/**
 * `PATCH orders/{id}` with `orderCreation.status CONTINUE`: with redirect URLs the hosted payment page is
 * opened (stop action Redirect); with a redirect status and parameters the signed return completes the order
 * (SUCCESS) or rolls it back (CANCEL, FAILURE: the order is deleted and the basket stays open).
 */
export async function continueOrder(
  db: Db,
  principal: Principal,
  locale: Locale,
  id: string,
  redirect: RedirectUrls | { status: string; parameters: { name: string; value: string }[] },
  secret: string,
  pageBase: string,
  include: Set<string>,
) {
  const order = await findOrder(db, principal, id)
  if (!order) throw orderNotFound(id)
  if ('successUrl' in redirect) {
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
    return orderJson(db, updated!, locale, include)
  }
  const status = redirect.status.toUpperCase() as PaymentOutcome
  const session = await verifiedReturn(db, secret, status, redirect.parameters)
  if (session.orderId !== order.id) {
    throw new ApiError(
      422,
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
  // The receipt page reloaded after a successful return: the order is complete already.
  if (order.orderCreation === 'COMPLETED' && status === 'SUCCESS')
    return orderJson(db, order, locale, include)
  if (order.orderCreation !== 'STOPPED') throw notStopped()
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await t.execute(sql`select id from ${baskets} where id = ${order.basketId} for update`)
    const [current] = await t.select().from(orders).where(eq(orders.id, order.id)).for('update')
    if (!current) throw orderNotFound(id)
    if (current.orderCreation === 'COMPLETED' && status === 'SUCCESS')
      return orderJson(t, current, locale, include)
    if (current.orderCreation !== 'STOPPED') throw notStopped()
    if (status === 'SUCCESS') {
      await completeOrder(t, current)
      const [done] = await t.select().from(orders).where(eq(orders.id, order.id))
      return orderJson(t, done!, locale, include)
    }
    const json = await orderJson(
      t,
      { ...current, orderCreation: 'ROLLED_BACK', stopAction: null, statusCode: 'CANCELLED' },
      locale,
      include,
      [
        {
          code: status === 'CANCEL' ? 'order.payment.cancelled.info' : 'order.payment.failed.info',
          message:
            status === 'CANCEL'
              ? 'The payment was cancelled, so the order was not placed. Your basket is unchanged.'
              : 'The payment provider declined the payment, so the order was not placed. Please choose another payment method.',
          causes: [],
        },
      ],
    )
    await t.delete(orders).where(eq(orders.id, current.id))
    return json
  })
}

const notStopped = () =>
  new ApiError(422, 'order.creation.not_stopped.error', 'The order is not waiting for its payment.')

/** `GET orders`: the caller's orders, newest first; a customer's account owner may ask for all buyers'. */
export async function listOrders(
  db: Db,
  principal: Principal,
  locale: Locale,
  {
    limit,
    offset,
    allBuyers,
    statusCodes = [],
    include,
  }: { limit: number; offset: number; allBuyers: boolean; statusCodes?: string[]; include: Set<string> },
) {
  let whose = eq(orders.owner, principal.subject)
  if (allBuyers && !principal.anonymous) {
    const [user] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, principal.userId))
    if (user?.roles.includes('APP_B2B_ACCOUNT_OWNER')) whose = eq(orders.customerNo, principal.customerNo)
  }
  const where = statusCodes.length ? and(whose, inArray(orders.statusCode, statusCodes)) : whose
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
  const included: Record<string, Record<string, unknown>> = {}
  if (include.size) {
    for (const row of rows) {
      const json = await orderJson(db, row, locale, include)
      for (const [key, value] of Object.entries(json.included))
        included[key] = { ...included[key], ...(value as object) }
    }
  }
  return {
    data: rows.map(orderData),
    ...(include.size ? { included } : {}),
    info: { limit, offset, total: Number(totals[0]?.total ?? 0) },
  }
}

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; lines end with CRLF. */
const csvField = (value: string | number) => {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const amount = (minor: number) => (minor / 100).toFixed(2)

/** `POST orders-csv`: one row per line item of the caller's orders, in the order of the ids given. */
export async function ordersCsv(db: Db, principal: Principal, locale: Locale, ids: string[]) {
  const found: OrderRow[] = []
  for (const id of ids) {
    const order = await findOrder(db, principal, id)
    if (!order) throw orderNotFound(id)
    found.push(order)
  }
  const rows: (string | number)[][] = [
    [
      'Order number',
      'Order date',
      'Status',
      'Position',
      'SKU',
      'Product',
      'Quantity',
      'Unit price (net)',
      'Unit price (gross)',
      'Total (net)',
      'Total (gross)',
      'Currency',
    ],
  ]
  for (const order of found) {
    const lines = await db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, order.id))
      .orderBy(asc(orderLineItems.position))
    for (const line of lines) {
      rows.push([
        order.documentNumber,
        order.createdAt.toISOString().slice(0, 10),
        STATUS_NAMES[order.statusCode] ?? order.statusCode,
        line.position,
        line.sku,
        localize(line.names, locale),
        line.quantity,
        amount(line.singleNet),
        amount(line.singleGross),
        amount(line.totalNet),
        amount(line.totalGross),
        order.currency,
      ])
    }
  }
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'
}
