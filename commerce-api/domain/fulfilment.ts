/**
 * How a placed order moves (ADR 0026): the shop's operator ships it, all of it or some lines at a time, with a
 * carrier and a tracking number, marks it delivered, or cancels it. The statuses are ICM's order status codes:
 *
 * | move    | from              | to                                                        |
 * | ------- | ----------------- | --------------------------------------------------------- |
 * | process | NEW               | INPROGRESS (the shop works on it)                         |
 * | ship    | NEW, INPROGRESS   | COMPLETED when no line is left to ship, else INPROGRESS   |
 * | deliver | COMPLETED         | DELIVERED                                                 |
 * | cancel  | NEW, INPROGRESS   | CANCELLED, while no line has been shipped                 |
 *
 * Lines carry ICM's `fulfillmentStatus`: NEW, SHIPPED, DELIVERED, CANCELLED. An order is INPROGRESS while the
 * shop works on it (`process`) or has shipped some of its lines, COMPLETED once every line is shipped, and
 * DELIVERED when the parcels arrived. Whatever the table does not show is refused (order.status.transition,
 * 409): a shipped line is not shipped again, nothing shipped is cancelled, an order waiting for its payment
 * page or for approval does not move. A cancelled order gives its stock back and no longer spends a budget
 * (budgets.ts leaves CANCELLED out). Shipping, delivery and cancellation are published (events.ts): the
 * customer gets a mail of each; that the shop started on an order is its own business.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import { inventories, orderLineItems, orderShipments, orders } from '../db/schema'
import { conflictError, invalidError, notFoundError, refusedError } from './errors'
import { publish } from './events'
import type { OrderLineRow, OrderRow, ShipmentRow } from './order-types'
import { pageOfOrders } from './orders'

/** The order status codes a placed order moves through (ICM's `statusCode`). */
export const FULFILMENT_STATUSES = ['NEW', 'INPROGRESS', 'COMPLETED', 'DELIVERED', 'CANCELLED'] as const
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number]

/** Every status code an order row can have, for filters: the fulfilment's and those before placing. */
export const ORDER_STATUS_CODES = [
  ...FULFILMENT_STATUSES,
  'PENDING_PAYMENT',
  'PENDING_APPROVAL',
  'REJECTED',
] as const

/** A line's `fulfillmentStatus`. */
export type LineStatus = 'NEW' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED'

/** The carriers whose tracking page is known, by the name the operator gives (any case). */
const CARRIER_PAGES: Record<string, { name: string; page: (number: string) => string }> = {
  DHL: {
    name: 'DHL',
    page: (n) => `https://www.dhl.com/de-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${n}`,
  },
  UPS: { name: 'UPS', page: (n) => `https://www.ups.com/track?tracknum=${n}` },
  DPD: { name: 'DPD', page: (n) => `https://tracking.dpd.de/status/en_US/parcel/${n}` },
  FEDEX: { name: 'FedEx', page: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  GLS: { name: 'GLS', page: (n) => `https://gls-group.com/DE/en/parcel-tracking?match=${n}` },
}

/** The carriers the shop knows a tracking page of. */
export const KNOWN_CARRIERS = Object.values(CARRIER_PAGES).map((carrier) => carrier.name)

/** A carrier's name as the shop writes it (`fedex` → `FedEx`); an unknown carrier as given. */
export const carrierName = (carrier: string) =>
  CARRIER_PAGES[carrier.trim().toUpperCase()]?.name ?? carrier.trim()

/** The carrier's tracking page of a parcel, or undefined for a carrier without a known page. */
export function trackingUrl(carrier: string, trackingNumber: string): string | undefined {
  return CARRIER_PAGES[carrier.trim().toUpperCase()]?.page(encodeURIComponent(trackingNumber))
}

/** ICM's `trackingLinks` entry of a parcel: the carrier's tracking page, else the tracking number alone. */
export const trackingLink = (carrier: string, trackingNumber: string) =>
  trackingUrl(carrier, trackingNumber) ?? trackingNumber

/** What the back office shows of an order: the row, its lines as ordered, its parcels. */
export type FulfilmentView = { order: OrderRow; lines: OrderLineRow[]; shipments: ShipmentRow[] }

/** A shipment as the operator reports it: which lines (by position; none: every line not shipped yet). */
export type ShipmentInput = { carrier: string; trackingNumber: string; positions?: number[] }

export const MAX_CARRIER_LENGTH = 40
export const MAX_TRACKING_NUMBER_LENGTH = 60
/** A tracking number as carriers print them: letters, digits, and the separators some use. */
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/

const orderNotFound = (documentNumber: string) =>
  notFoundError('order.not_found.error', `The order '${documentNumber}' could not be found.`)

/** What each move is called in the refusal: "An order that is COMPLETED cannot be cancelled." */
const VERBS = { process: 'processed', ship: 'shipped', deliver: 'delivered', cancel: 'cancelled' } as const
type Move = keyof typeof VERBS

/** Which statuses each move starts from. */
const FROM: Record<Move, readonly string[]> = {
  process: ['NEW'],
  ship: ['NEW', 'INPROGRESS'],
  deliver: ['COMPLETED'],
  cancel: ['NEW', 'INPROGRESS'],
}

const notAllowed = (order: OrderRow, move: Move, why?: string) =>
  conflictError(
    'order.status.transition.error',
    why ?? `An order that is ${order.statusCode} cannot be ${VERBS[move]}.`,
  )

/** Whether a move may start from the order's status: placed (completed creation) and in the move's FROM. */
function checkFrom(order: OrderRow, move: Move) {
  if (order.orderCreation !== 'COMPLETED' || !FROM[move].includes(order.statusCode))
    throw notAllowed(order, move)
}

const byNumber = (documentNumber: string) =>
  and(eq(orders.documentNumber, documentNumber), isNotNull(orders.documentNumber))

/** The order of the number with its lines and parcels, or order.not_found. */
export async function fulfilmentView(db: Db, documentNumber: string): Promise<FulfilmentView> {
  const [order] = await db.select().from(orders).where(byNumber(documentNumber))
  if (!order) throw orderNotFound(documentNumber)
  return viewOf(db, order)
}

async function viewOf(db: Db, order: OrderRow): Promise<FulfilmentView> {
  const [lines, shipments] = await readTogether(db, [
    () =>
      db
        .select()
        .from(orderLineItems)
        .where(eq(orderLineItems.orderId, order.id))
        .orderBy(asc(orderLineItems.position)),
    () =>
      db
        .select()
        .from(orderShipments)
        .where(eq(orderShipments.orderId, order.id))
        .orderBy(asc(orderShipments.shippedAt)),
  ])
  return { order, lines, shipments }
}

/**
 * Runs a move in one transaction on the order's row, locked (two operators, or a second click, queue), and
 * answers the order afterwards.
 */
async function moving(
  db: Db,
  documentNumber: string,
  move: (t: Db, order: OrderRow, lines: OrderLineRow[]) => Promise<void>,
): Promise<FulfilmentView> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const [order] = await t.select().from(orders).where(byNumber(documentNumber)).for('update')
    if (!order) throw orderNotFound(documentNumber)
    const lines = await t
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, order.id))
      .orderBy(asc(orderLineItems.position))
    await move(t, order, lines)
    const [after] = await t.select().from(orders).where(eq(orders.id, order.id))
    return viewOf(t, after!)
  })
}

async function setStatus(t: Db, order: OrderRow, statusCode: FulfilmentStatus, at: Date, extra = {}) {
  await t
    .update(orders)
    .set({ statusCode, statusChangedAt: at, ...extra })
    .where(eq(orders.id, order.id))
}

async function setLines(t: Db, ids: string[], status: LineStatus) {
  if (ids.length)
    await t.update(orderLineItems).set({ fulfillmentStatus: status }).where(inArray(orderLineItems.id, ids))
}

/** The shop started on the order (picking, packing): NEW → INPROGRESS. Nothing is mailed. */
export function processOrder(db: Db, documentNumber: string, at = new Date()) {
  return moving(db, documentNumber, async (t, order) => {
    checkFrom(order, 'process')
    await setStatus(t, order, 'INPROGRESS', at)
  })
}

/** The lines a shipment names by position: each must exist and still wait to be shipped. */
function linesToShip(order: OrderRow, lines: OrderLineRow[], positions: number[] | undefined) {
  const open = lines.filter((line) => line.fulfillmentStatus === 'NEW')
  if (!positions?.length) {
    if (!open.length) throw notAllowed(order, 'ship', 'Every line of the order has been shipped already.')
    return open
  }
  const unknown = positions.filter((p) => !lines.some((line) => line.position === p))
  if (unknown.length)
    throw refusedError(
      'order.line.not_found.error',
      `The order has no line at position ${unknown.join(', ')}.`,
      unknown.map((p) => ({
        code: 'order.line.not_found.error',
        message: `The order has no line at position ${p}.`,
        paths: ['lines'],
      })),
    )
  const chosen = lines.filter((line) => positions.includes(line.position))
  const done = chosen.filter((line) => line.fulfillmentStatus !== 'NEW')
  if (done.length)
    throw notAllowed(
      order,
      'ship',
      `Line ${done.map((l) => l.position).join(', ')} has been shipped or cancelled already.`,
    )
  return chosen
}

/**
 * The shop handed lines of the order to a carrier (all lines not shipped yet when no positions are named):
 * they become SHIPPED, the parcel is kept with its tracking number, ICM's `trackingLinks` get its tracking
 * page (or the number alone for an unknown carrier), and the order is COMPLETED when nothing is left to ship,
 * else INPROGRESS. The customer gets the shipping mail.
 */
export function shipOrder(db: Db, documentNumber: string, input: ShipmentInput, at = new Date()) {
  const carrier = carrierName(input.carrier)
  const trackingNumber = input.trackingNumber.trim()
  if (!carrier || carrier.length > MAX_CARRIER_LENGTH)
    throw invalidError(
      'order.shipment.carrier.invalid',
      `A carrier has 1 to ${MAX_CARRIER_LENGTH} characters.`,
    )
  if (trackingNumber.length > MAX_TRACKING_NUMBER_LENGTH || !TRACKING_NUMBER.test(trackingNumber))
    throw invalidError(
      'order.shipment.tracking_number.invalid',
      `A tracking number has 1 to ${MAX_TRACKING_NUMBER_LENGTH} letters, digits, spaces, dots, slashes or hyphens.`,
    )
  return moving(db, documentNumber, async (t, order, lines) => {
    checkFrom(order, 'ship')
    const shipped = linesToShip(order, lines, input.positions)
    const ids = shipped.map((line) => line.id)
    const [shipment] = await t
      .insert(orderShipments)
      .values({
        orderId: order.id,
        carrier,
        trackingNumber,
        trackingUrl: trackingUrl(carrier, trackingNumber) ?? null,
        lineIds: ids,
        shippedAt: at,
      })
      .returning()
    await setLines(t, ids, 'SHIPPED')
    const rest = lines.filter((line) => line.fulfillmentStatus === 'NEW' && !ids.includes(line.id))
    await setStatus(t, order, rest.length ? 'INPROGRESS' : 'COMPLETED', at, {
      trackingLinks: [...order.trackingLinks, trackingLink(carrier, trackingNumber)],
    })
    await publish(t, { type: 'order.shipped', orderId: order.id, shipmentId: shipment!.id })
  })
}

/** The parcels arrived: a COMPLETED order (every line shipped) becomes DELIVERED, its lines too. */
export function deliverOrder(db: Db, documentNumber: string, at = new Date()) {
  return moving(db, documentNumber, async (t, order, lines) => {
    checkFrom(order, 'deliver')
    await setLines(
      t,
      lines.filter((line) => line.fulfillmentStatus === 'SHIPPED').map((line) => line.id),
      'DELIVERED',
    )
    await setStatus(t, order, 'DELIVERED', at)
    await publish(t, { type: 'order.delivered', orderId: order.id })
  })
}

/**
 * The shop cancels an order of which nothing was shipped: it and its lines become CANCELLED and the stock it
 * took is given back (products always in stock took none). A cancelled order spends no budget.
 */
export function cancelOrder(db: Db, documentNumber: string, at = new Date()) {
  return moving(db, documentNumber, async (t, order, lines) => {
    checkFrom(order, 'cancel')
    if (lines.some((line) => line.fulfillmentStatus !== 'NEW'))
      throw notAllowed(order, 'cancel', 'Part of the order has been shipped; it can no longer be cancelled.')
    await giveBackStock(t, lines)
    await setLines(
      t,
      lines.map((line) => line.id),
      'CANCELLED',
    )
    await setStatus(t, order, 'CANCELLED', at)
    await publish(t, { type: 'order.cancelled', orderId: order.id })
  })
}

/** Puts the lines' quantities back into stock, the rows locked in SKU order as placing an order locks them. */
async function giveBackStock(t: Db, lines: OrderLineRow[]) {
  const bySku = new Map<string, number>()
  for (const line of lines) bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.quantity)
  const skus = [...bySku.keys()].sort()
  if (!skus.length) return
  await t.execute(
    sql`select ${inventories.sku} from ${inventories} where ${inArray(inventories.sku, skus)} order by ${inventories.sku} for update`,
  )
  for (const sku of skus)
    await t
      .update(inventories)
      .set({ stock: sql`${inventories.stock} + ${bySku.get(sku)!}` })
      .where(and(eq(inventories.sku, sku), eq(inventories.alwaysInStock, false)))
}

export type FulfilmentQuery = { statusCodes: string[]; limit: number; offset: number }

/** Every customer's placed orders (with an order number), newest first, optionally of some statuses. */
export async function listFulfilmentOrders(
  db: Db,
  { statusCodes, limit, offset }: FulfilmentQuery,
): Promise<{ orders: OrderRow[]; total: number }> {
  const where = and(
    isNotNull(orders.documentNumber),
    statusCodes.length ? inArray(orders.statusCode, statusCodes) : undefined,
  )
  const { rows, total } = await pageOfOrders(db, where, limit, offset)
  return { orders: rows, total }
}
