/**
 * The ICM wire format of orders (`application/vnd.intershop.order.v1+json`, PWA `OrderData`): the basket as
 * ordered (the snapshot an order keeps) plus the order's own fields, lists, the rolled-back answer of
 * `POST orders`, and the CSV export.
 */
import type { BasketNotice, BasketState } from '../domain/basket'
import { localize, type Locale } from '../domain/channel'
import type { OrderRow, OrderView, SnapshotOf } from '../domain/orders'
import { BASKET_INCLUDES, basketEnvelope } from './basket'
import { infoJson } from './infos'
import { csvText } from './csv'

/** The includes an order answer knows; others are ignored (ICM answers include.not_resolved for them). */
export const ORDER_INCLUDES = new Set<string>([
  ...BASKET_INCLUDES,
  'discounts',
  'lineItems_discounts',
  'lineItems_warranty',
])

/** ICM's `status`: the English name of the status code (ADR 0026: COMPLETED is every line shipped). */
const STATUS_NAMES: Record<string, string> = {
  NEW: 'New',
  INPROGRESS: 'In progress',
  COMPLETED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  PENDING_PAYMENT: 'Pending payment',
  PENDING_APPROVAL: 'Pending approval',
  REJECTED: 'Rejected',
}

export const statusName = (statusCode: string) => STATUS_NAMES[statusCode] ?? statusCode

/** What an order keeps of its basket: the basket's envelope with every include, and each line's LineItem. */
export const orderSnapshotOf: SnapshotOf = (state, email) => {
  const envelope = basketEnvelope(state, new Set(BASKET_INCLUDES))
  const lines = (envelope.included?.lineItems ?? {}) as Record<string, Record<string, unknown>>
  return {
    snapshot: { data: { ...envelope.data, email: email ?? undefined }, included: envelope.included ?? {} },
    lineJson: (lineId) => lines[lineId] ?? {},
  }
}

type StoredRebate = {
  name?: string
  promotionType?: string
  promotion?: string
  code?: string
  amount: unknown
}
type StoredDiscounts = { itemValueRebates?: StoredRebate[]; valueRebates?: StoredRebate[] }

/**
 * Orders placed before the basket named its rebates by id kept them inside `data.discounts`; they are answered
 * as ICM sends them all the same: ids in `data.discounts`, the rebates in `included.discounts`.
 */
function storedDiscounts(order: OrderRow) {
  const discounts = order.snapshot.data.discounts as StoredDiscounts | undefined
  if (!discounts || !(Array.isArray(discounts.valueRebates) || Array.isArray(discounts.itemValueRebates)))
    return undefined
  const entries = (rebates: StoredRebate[] = [], scope: string) =>
    rebates.map((rebate, index) => {
      const id = `${scope}-${rebate.promotion ?? index}`
      const { name, ...rest } = rebate
      return [id, { id, ...rest, description: name, promotionType: rebate.promotionType ?? scope }] as const
    })
  const value = entries(discounts.valueRebates, 'order')
  const item = entries(discounts.itemValueRebates, 'item')
  return {
    ids: {
      valueBasedDiscounts: value.map(([id]) => id),
      itemValueBasedDiscounts: item.map(([id]) => id),
    },
    included: Object.fromEntries([...value, ...item]),
  }
}

/** The order's `data`: the basket as ordered plus the order's own fields. */
export function orderData(order: OrderRow) {
  const stored = storedDiscounts(order)
  return {
    ...order.snapshot.data,
    ...(stored ? { discounts: stored.ids } : {}),
    id: order.id,
    documentNumber: order.documentNumber,
    creationDate: order.createdAt.toISOString(),
    statusCode: order.statusCode,
    status: statusName(order.statusCode),
    orderCreation: {
      status: order.orderCreation,
      ...(order.stopAction ? { stopAction: order.stopAction } : {}),
    },
    basket: order.basketId,
    customer: order.customerNo ?? undefined,
    email: order.email ?? undefined,
    // Per parcel the carrier's tracking page, or the tracking number alone (ADR 0026); none before shipping.
    ...(order.trackingLinks.length ? { trackingLinks: order.trackingLinks } : {}),
    ...(order.recurringOrderId ? { recurringOrderID: order.recurringOrderId } : {}),
    // An order that began as a requisition names it (ICM `requisitionDocumentNo`).
    ...(order.requisitionNo ? { requisitionDocumentNo: order.requisitionNo } : {}),
    ...(order.costCenter ? { costCenter: order.costCenter } : {}),
    ...approvalAttributes(order),
  }
}

/**
 * An approved order says who approved it when as ICM does, in `attributes` (`approval` of a basket is whether
 * it needs approval, another thing).
 */
function approvalAttributes(order: OrderRow) {
  if (!order.approvalStatus) return {}
  const attribute = (name: string, type: string, value: string | undefined) =>
    value === undefined ? [] : [{ name: `BusinessObjectAttributes#${name}`, type, value }]
  // The basket's own attributes as ordered (its cost center, Order_CostCenter_ID) stay.
  const ordered = (order.snapshot.data as { attributes?: unknown[] }).attributes ?? []
  return {
    attributes: [
      ...ordered,
      ...attribute('OrderApproval_ApprovalStatus', 'String', order.approvalStatus),
      ...attribute('OrderApproval_ApprovalDate', 'Date', order.approvedAt?.toISOString()),
      ...attribute('OrderApproval_ApproverFirstName', 'String', order.approverName ?? undefined),
    ],
  }
}

/**
 * The payments as ordered; a completed order's payment is authorised and has no page to redirect to any more
 * (the snapshot was taken before the payment finished).
 */
function paymentsIncluded(order: OrderRow, payments: Record<string, Record<string, unknown>>) {
  if (order.orderCreation !== 'COMPLETED') return payments
  return Object.fromEntries(
    Object.entries(payments).map(([id, payment]) => {
      const { redirect: _redirect, ...rest } = payment
      return [id, { ...rest, status: 'Authorized' }]
    }),
  )
}

export function orderIncluded(
  { order, lines }: Pick<OrderView, 'order' | 'lines'>,
  locale: Locale,
  include: Set<string>,
) {
  const included: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(order.snapshot.included)) {
    if (key === 'lineItems' || !include.has(key)) continue
    included[key] =
      key === 'payments' ? paymentsIncluded(order, value as Record<string, Record<string, unknown>>) : value
  }
  const stored = include.has('discounts') ? storedDiscounts(order) : undefined
  if (stored) included.discounts = stored.included
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

/** The order in ICM's envelope (`OrderData` with one order). */
export function orderJson(view: OrderView, locale: Locale, include: Set<string>) {
  return {
    data: orderData(view.order),
    included: orderIncluded(view, locale, include),
    infos: [...(view.order.snapshot.notices ?? []), ...view.notices].map(infoJson),
    errors: [],
  }
}

/** `GET orders`: the orders' data, the included maps of all of them merged, and the page. */
export function ordersJson(
  { orders, total }: { orders: OrderView[]; total: number },
  page: { limit: number; offset: number },
  locale: Locale,
  include: Set<string>,
) {
  const included: Record<string, Record<string, unknown>> = {}
  if (include.size) {
    for (const view of orders) {
      for (const [key, value] of Object.entries(orderIncluded(view, locale, include)))
        included[key] = { ...included[key], ...(value as object) }
    }
  }
  return {
    data: orders.map((view) => orderData(view.order)),
    ...(include.size ? { included } : {}),
    info: { ...page, total },
  }
}

/** `POST orders` rolled back: the basket as it stands, with ROLLED_BACK and why. */
export function rolledBackJson(state: BasketState, notice: BasketNotice) {
  return {
    data: {
      ...basketEnvelope(state, new Set()).data,
      basket: state.basket.id,
      orderCreation: { status: 'ROLLED_BACK' },
    },
    infos: [infoJson(notice)],
    errors: [],
  }
}

const amount = (minor: number) => (minor / 100).toFixed(2)

const CSV_HEADER = [
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
  'Cost center',
]

/** `POST orders-csv`: one row per line item of the orders, in their order, with the order's cost center. */
export function ordersCsv(orders: OrderView[], locale: Locale) {
  const rows: (string | number)[][] = [CSV_HEADER]
  for (const { order, lines } of orders) {
    for (const line of lines) {
      rows.push([
        order.documentNumber ?? '',
        order.createdAt.toISOString().slice(0, 10),
        statusName(order.statusCode),
        line.position,
        line.sku,
        localize(line.names, locale),
        line.quantity,
        amount(line.singleNet),
        amount(line.singleGross),
        amount(line.totalNet),
        amount(line.totalGross),
        order.currency,
        order.costCenter ?? '',
      ])
    }
  }
  return csvText(rows)
}
