import { z } from 'zod'
import { AddressSchema, mapAddress, type Address } from './address'
import { DiscountIdsSchema, DiscountSchema, rebatesOf } from './basket'
import type { CostCenterRef } from './checkout-basket'
import { MoneySchema, PriceItemSchema, type Money, type PriceItem } from './price'
import { ApiMessageSchema, type ApiMessageData } from './api-message'

/**
 * An ICM order (`OrderData`, ADR 0010): the basket as it was ordered plus the order's own fields, with the
 * `included` maps for lines, addresses, shipping method and payment. Shared by the receipt and the account's
 * order list and detail.
 */
const OrderLineItemSchema = z.object({
  id: z.string(),
  position: z.number(),
  product: z.string(),
  name: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  quantity: z.object({ value: z.number(), unit: z.string().optional() }),
  pricing: z.object({
    singleBasePrice: PriceItemSchema,
    total: PriceItemSchema,
    undiscountedPrice: PriceItemSchema.optional(),
    valueRebatesTotal: PriceItemSchema.optional(),
  }),
  desiredDelivery: z.string().optional(),
  warranty: z.object({ id: z.string(), name: z.string(), price: PriceItemSchema }).optional(),
  fulfillmentStatus: z.string().optional(),
  /** Attributes the shop's channel adds to a line (a customer's product code, `pcode`). */
  customFields: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
})

/** Where placing the order stands (`COMPLETED`, `ROLLED_BACK`, `STOPPED` with what to do next). */
const OrderCreationStatusSchema = z.object({
  status: z.string(),
  stopAction: z
    .object({
      type: z.string().optional(),
      exitReason: z.string().optional(),
      redirectUrl: z.string().optional(),
    })
    .optional(),
})

/** ICM's `trackingLinks` entry: per parcel the carrier's tracking page, or the tracking number alone. */
const TrackingLinkSchema = z.string()

/** An order's totals as ICM names them (orders, and the template of a recurring order). */
export const OrderTotalsSchema = z.object({
  itemTotal: PriceItemSchema,
  undiscountedItemTotal: PriceItemSchema.optional(),
  itemValueDiscountsTotal: PriceItemSchema.optional(),
  basketValueDiscountsTotal: PriceItemSchema.optional(),
  shippingTotal: PriceItemSchema.optional(),
  paymentCostsTotal: PriceItemSchema.optional(),
  surchargeTotal: PriceItemSchema.optional(),
  grandTotal: PriceItemSchema.extend({ tax: MoneySchema.optional() }),
})

export const OrderDataSchema = z.object({
  id: z.string(),
  documentNumber: z.string().optional(),
  creationDate: z.union([z.string(), z.number()]).optional(),
  status: z.string().optional(),
  statusCode: z.string().optional(),
  orderCreation: OrderCreationStatusSchema.optional(),
  purchaseCurrency: z.string().optional(),
  basket: z.string().optional(),
  email: z.string().optional(),
  invoiceToAddress: z.string().optional(),
  commonShipToAddress: z.string().optional(),
  commonShippingMethod: z.string().optional(),
  payments: z.array(z.string()).default([]),
  lineItems: z.array(z.string()).default([]),
  totalProductQuantity: z.number().optional(),
  messageToMerchant: z.string().optional(),
  externalOrderReference: z.string().optional(),
  trackingLinks: z.array(TrackingLinkSchema).optional(),
  /** The cost center the order was placed on (its costCenterId; business orders, issue 17). */
  costCenter: z.string().optional(),
  /** Who placed it (ICM's basket `buyer`: the user's login as `accountID`). */
  buyer: z
    .object({ accountID: z.string(), firstName: z.string().optional(), lastName: z.string().optional() })
    .optional(),
  discounts: DiscountIdsSchema,
  /** The requisition the order was approved from (issue 18). */
  requisitionDocumentNo: z.string().optional(),
  /** ICM's typed attributes; an approved order's approval is among them (`OrderApproval_*`). */
  attributes: z.array(z.object({ name: z.string(), value: z.unknown().optional() }).passthrough()).optional(),
  totals: OrderTotalsSchema,
})

const ShippingMethodSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
})
const PaymentSchema = z.object({
  id: z.string(),
  paymentMethod: z.string().optional(),
  paymentInstrument: z.string().optional(),
  status: z.string().optional(),
})
const PaymentMethodSchema = z.object({ id: z.string(), displayName: z.string().optional() })
const PaymentInstrumentSchema = z.object({ id: z.string(), accountIdentifier: z.string().optional() })

export const OrderIncludedSchema = z
  .object({
    lineItems: z.record(OrderLineItemSchema).optional(),
    discounts: z.record(DiscountSchema).optional(),
    invoiceToAddress: z.record(AddressSchema).optional(),
    commonShipToAddress: z.record(AddressSchema).optional(),
    commonShippingMethod: z.record(ShippingMethodSchema).optional(),
    payments: z.record(PaymentSchema).optional(),
    payments_paymentMethod: z.record(PaymentMethodSchema).optional(),
    payments_paymentInstrument: z.record(PaymentInstrumentSchema).optional(),
  })
  .default({})

/** `GET orders/{id}`, `POST orders`, `PATCH orders/{id}`. */
export const OrderEnvelopeSchema = z.object({
  data: OrderDataSchema,
  included: OrderIncludedSchema,
  infos: z.array(ApiMessageSchema).optional(),
})

/**
 * `POST orders`, `PATCH orders/{id}` as far as placing an order reads them: the id (absent when nothing was
 * placed) and the creation status, with the infos of a roll-back.
 */
export const OrderCreationSchema = z.object({
  data: z
    .object({
      id: z.string().optional(),
      orderCreation: OrderCreationStatusSchema.optional(),
      /** A basket that needed approval became a requisition (issue 18): its number instead of an order's. */
      requisitionNo: z.string().optional(),
      /** A basket with a recurrence became a recurring order (spec §4): its id (the basket's). */
      recurringOrderID: z.string().optional(),
    })
    .passthrough(),
  infos: z.array(ApiMessageSchema).optional(),
})

/** `GET orders?limit&offset`: newest first, `info.total` for paging. */
export const OrderListEnvelopeSchema = z.object({
  data: z.array(OrderDataSchema),
  included: OrderIncludedSchema,
  info: z.object({ limit: z.number(), offset: z.number(), total: z.number() }).optional(),
})

/** The includes an order is read with. */
export const ORDER_INCLUDE = [
  'lineItems',
  'invoiceToAddress',
  'commonShipToAddress',
  'commonShippingMethod',
  'discounts',
  'payments',
  'payments_paymentMethod',
  'payments_paymentInstrument',
].join(',')

/** The intent of "Buy again" on an order's page (the whole order, or one line with `line`). */
export const BUY_AGAIN_INTENT = 'buy-again'

export type OrderLine = {
  id: string
  position: number
  sku: string
  name: string
  description?: string
  quantity: number
  unitPrice: PriceItem
  total: PriceItem
  /** The line before item promotions, and what they took off; absent without a rebate. */
  undiscounted?: PriceItem
  rebate?: PriceItem
  warranty?: { id: string; name: string; price: PriceItem }
  /** yyyy-mm-dd */
  desiredDelivery?: string
  fulfillmentStatus?: string
  /** The line's own attributes, as the API names them. */
  customFields: { name: string; value: string }[]
}

export type TrackingLink = { url: string; host: string } | { number: string }

export type Order = {
  id: string
  documentNumber?: string
  /** ISO timestamp. */
  creationDate?: string
  status?: string
  statusCode?: string
  orderCreation?: { status: string; stopType?: string; exitReason?: string; redirectUrl?: string }
  currency?: string
  email?: string
  /** Per parcel shipped: a link to the carrier's tracking page (and its host), or the tracking number. */
  trackingLinks: TrackingLink[]
  lines: OrderLine[]
  itemCount: number
  invoiceToAddress?: Address
  shipToAddress?: Address
  shippingMethod?: { id: string; name: string; description?: string }
  payment?: { method: string; methodName: string; accountIdentifier?: string; status?: string }
  itemRebates: { name: string; amount: PriceItem; code?: string }[]
  valueRebates: { name: string; amount: PriceItem; code?: string }[]
  totals: {
    items: PriceItem
    itemRebates?: PriceItem
    valueRebates?: PriceItem
    shipping?: PriceItem
    paymentCosts?: PriceItem
    surcharges?: PriceItem
    tax?: Money
    total: PriceItem
  }
  messageToMerchant?: string
  externalOrderReference?: string
  /** The business order's cost center; its name only where the user's cost centers name it. */
  costCenter?: CostCenterRef
  /** Who placed the order: login and name (the order list's buyer column). */
  buyer?: { login: string; name: string }
  /** An order placed by approving a requisition: its number, and when and by whom it was approved. */
  requisition?: { number: string; approvedAt?: string; approver?: string }
  /** The sales representative who placed the order through co-browse (issue 35), by id and name. */
  salesRep?: { id: string; name?: string }
  infos: ApiMessageData[]
}

type OrderData = z.infer<typeof OrderDataSchema>
type OrderIncluded = z.infer<typeof OrderIncludedSchema>

const hasAmount = (item: PriceItem | undefined): item is PriceItem =>
  !!item && (item.gross.value !== 0 || item.net.value !== 0)

const nonZero = (item: PriceItem | undefined) => (hasAmount(item) ? item : undefined)

const creationDateOf = (value: string | number | undefined) =>
  value === undefined ? undefined : new Date(value).toISOString()

/** A tracking number as carriers print them: letters, digits and the separators some use. */
const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,59}$/

/**
 * A parcel's tracking: a web link (http or https) to follow, or a tracking number to show; anything else
 * (`javascript:`, `data:`, markup) is dropped.
 */
function trackingLink(link: string): TrackingLink | undefined {
  if (/^https?:\/\//i.test(link)) {
    try {
      return { url: link, host: new URL(link).host }
    } catch {
      return undefined
    }
  }
  return TRACKING_NUMBER.test(link.trim()) ? { number: link.trim() } : undefined
}

/**
 * The status an order shows (the status texts are keyed by it): ICM's status code, except that an order in
 * progress of which some lines were shipped says so (`PARTLY_SHIPPED`, ADR 0026).
 */
export function displayStatusOf(
  order: Pick<Order, 'statusCode'> & Partial<Pick<Order, 'lines'>>,
): string | undefined {
  const shipped = (order.lines ?? []).some((line) =>
    ['SHIPPED', 'DELIVERED'].includes(line.fulfillmentStatus ?? ''),
  )
  return order.statusCode === 'INPROGRESS' && shipped ? 'PARTLY_SHIPPED' : order.statusCode
}

/** An attribute's text value by its name (with or without ICM's `BusinessObjectAttributes#` prefix). */
function attributeText(data: OrderData, name: string): string | undefined {
  const found = data.attributes?.find(
    (attribute) => attribute.name === name || attribute.name === `BusinessObjectAttributes#${name}`,
  )
  return typeof found?.value === 'string' && found.value ? found.value : undefined
}

/** The requisition an order came from, with its approval (ICM's `requisitionDocumentNo` and attributes). */
function requisitionOf(data: OrderData): Order['requisition'] {
  if (!data.requisitionDocumentNo) return undefined
  const date = attributeText(data, 'OrderApproval_ApprovalDate')
  return {
    number: data.requisitionDocumentNo,
    approvedAt: date && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString() : undefined,
    approver: attributeText(data, 'OrderApproval_ApproverFirstName'),
  }
}

/** The sales representative an order names in its attributes `salesRepId` and `salesRepName` (issue 35). */
function salesRepOf(data: OrderData): Order['salesRep'] {
  const id = attributeText(data, 'salesRepId')
  if (!id) return undefined
  const name = attributeText(data, 'salesRepName')
  return name ? { id, name } : { id }
}

/** An order from ICM's data and `included` maps; a requisition's basket as submitted maps the same way. */
export function mapOrderData(data: OrderData, included: OrderIncluded, infos: Order['infos'] = []): Order {
  const lineMap = included.lineItems ?? {}
  const lines: OrderLine[] = data.lineItems.flatMap((id) => {
    const line = lineMap[id]
    if (!line) return []
    return [
      {
        id,
        position: line.position,
        sku: line.product,
        name: line.name ?? line.displayName ?? line.product,
        description: line.description || undefined,
        quantity: line.quantity.value,
        unitPrice: line.pricing.singleBasePrice,
        total: line.pricing.total,
        ...(hasAmount(line.pricing.valueRebatesTotal)
          ? { undiscounted: line.pricing.undiscountedPrice, rebate: line.pricing.valueRebatesTotal }
          : {}),
        warranty: line.warranty,
        desiredDelivery: line.desiredDelivery,
        fulfillmentStatus: line.fulfillmentStatus,
        customFields: line.customFields ?? [],
      },
    ]
  })
  lines.sort((a, b) => a.position - b.position)
  const invoice = data.invoiceToAddress ? included.invoiceToAddress?.[data.invoiceToAddress] : undefined
  const shipTo = data.commonShipToAddress
    ? included.commonShipToAddress?.[data.commonShipToAddress]
    : undefined
  const shipping = data.commonShippingMethod
    ? included.commonShippingMethod?.[data.commonShippingMethod]
    : undefined
  const paymentId = data.payments[0]
  const payment = paymentId ? included.payments?.[paymentId] : undefined
  const method = payment?.paymentMethod ? included.payments_paymentMethod?.[payment.paymentMethod] : undefined
  const instrument = payment?.paymentInstrument
    ? included.payments_paymentInstrument?.[payment.paymentInstrument]
    : undefined
  const methodName = method?.displayName ?? payment?.paymentMethod
  const totals = data.totals
  return {
    id: data.id,
    documentNumber: data.documentNumber,
    creationDate: creationDateOf(data.creationDate),
    status: data.status,
    statusCode: data.statusCode,
    orderCreation: data.orderCreation && {
      status: data.orderCreation.status,
      stopType: data.orderCreation.stopAction?.type,
      exitReason: data.orderCreation.stopAction?.exitReason,
      redirectUrl: data.orderCreation.stopAction?.redirectUrl,
    },
    currency: data.purchaseCurrency ?? totals.grandTotal.gross.currency,
    email: data.email,
    trackingLinks: (data.trackingLinks ?? []).flatMap((link) => trackingLink(link) ?? []),
    lines,
    itemCount: data.totalProductQuantity ?? lines.reduce((sum, l) => sum + l.quantity, 0),
    invoiceToAddress: invoice && mapAddress(invoice),
    shipToAddress: shipTo && mapAddress(shipTo),
    shippingMethod: shipping && {
      id: shipping.id,
      name: shipping.name ?? shipping.id,
      description: shipping.description || undefined,
    },
    payment:
      payment && methodName
        ? {
            method: payment.paymentMethod ?? methodName,
            methodName,
            // A method without parameters is its own instrument, named like the method: nothing more to say.
            accountIdentifier:
              instrument?.accountIdentifier && instrument.accountIdentifier !== methodName
                ? instrument.accountIdentifier
                : undefined,
            status: payment.status,
          }
        : undefined,
    itemRebates: rebatesOf(data.discounts?.itemValueBasedDiscounts, included.discounts),
    valueRebates: rebatesOf(data.discounts?.valueBasedDiscounts, included.discounts),
    totals: {
      items: totals.itemTotal,
      itemRebates: nonZero(totals.itemValueDiscountsTotal),
      valueRebates: nonZero(totals.basketValueDiscountsTotal),
      shipping: totals.shippingTotal,
      paymentCosts: nonZero(totals.paymentCostsTotal),
      surcharges: nonZero(totals.surchargeTotal),
      tax: totals.grandTotal.tax,
      total: { net: totals.grandTotal.net, gross: totals.grandTotal.gross },
    },
    messageToMerchant: data.messageToMerchant || undefined,
    externalOrderReference: data.externalOrderReference || undefined,
    costCenter: data.costCenter ? { id: data.costCenter } : undefined,
    buyer: data.buyer && {
      login: data.buyer.accountID,
      name: [data.buyer.firstName, data.buyer.lastName].filter(Boolean).join(' ') || data.buyer.accountID,
    },
    requisition: requisitionOf(data),
    salesRep: salesRepOf(data),
    infos,
  }
}

export function mapOrder(envelope: z.infer<typeof OrderEnvelopeSchema>): Order {
  return mapOrderData(envelope.data, envelope.included, envelope.infos)
}

export type OrderPage = { orders: Order[]; total: number; offset: number; limit: number }

export function mapOrderList(envelope: z.infer<typeof OrderListEnvelopeSchema>): OrderPage {
  const orders = envelope.data.map((data) => mapOrderData(data, envelope.included))
  return {
    orders,
    total: envelope.info?.total ?? orders.length,
    offset: envelope.info?.offset ?? 0,
    limit: envelope.info?.limit ?? orders.length,
  }
}

/** Orders per page of the account's order list (spec §9, default order query limit). */
export const ORDERS_PAGE_SIZE = 30
/** The most orders one list page shows ("load more" grows the limit up to this). */
export const ORDERS_MAX_LIMIT = 300

/** The `limit` of a list page from its query: a multiple of the page size, at least one page. */
export function ordersLimit(value: string | null): number {
  const n = Number(value)
  if (!value || !Number.isInteger(n) || n < ORDERS_PAGE_SIZE) return ORDERS_PAGE_SIZE
  return Math.min(Math.ceil(n / ORDERS_PAGE_SIZE) * ORDERS_PAGE_SIZE, ORDERS_MAX_LIMIT)
}

/** The file an orders CSV is saved as (spec §7): `order-{number}.csv` for one order, `orders.csv` for several. */
export function ordersCsvFilename(orders: { id: string; documentNumber?: string }[]): string {
  if (orders.length !== 1) return 'orders.csv'
  const [order] = orders
  const name = (order!.documentNumber || order!.id).replace(/[^A-Za-z0-9._-]/g, '_')
  return `order-${name}.csv`
}

/**
 * The order statuses the API knows (commerce-api, ADR 0026: an order is PENDING_PAYMENT until the provider's
 * page confirms it, PENDING_APPROVAL until approved or REJECTED by an approver; placed it is NEW, INPROGRESS
 * while the shop works on it or has shipped part of it, COMPLETED when every line is shipped, DELIVERED, or
 * CANCELLED): the status filter of the order list.
 */
export const ORDER_STATUS_CODES = [
  'NEW',
  'INPROGRESS',
  'COMPLETED',
  'DELIVERED',
  'CANCELLED',
  'PENDING_PAYMENT',
  'PENDING_APPROVAL',
  'REJECTED',
] as const
export type OrderStatusCode = (typeof ORDER_STATUS_CODES)[number]

/** The order list's `buyer` value for every buyer of the company (order managers, account owners). */
export const ALL_BUYERS = 'all'

/**
 * Whose orders a list shows: the user's own, every buyer's of the company, or one buyer's (their login), and
 * the status, if one is chosen.
 */
export type OrderFilter = {
  buyer: { kind: 'own' } | { kind: 'all' } | { kind: 'user'; login: string }
  status?: OrderStatusCode
}

/** A login as a filter may name it: bounded, no control characters. */
// eslint-disable-next-line no-control-regex -- a login has no control characters
const LOGIN = /^[^\u0000-\u001f\u007f]{1,100}$/

/**
 * The filter of a list page from its query (`buyer`, `status`): anything unknown falls back to the user's own
 * orders and every status. Only who may see others' orders has a filter (`mayFilter`); anyone else's list is
 * their own orders, all of them. A buyer naming the user themselves is their own orders.
 */
export function orderFilterOf(query: URLSearchParams, ownLogin: string, mayFilter: boolean): OrderFilter {
  if (!mayFilter) return { buyer: { kind: 'own' } }
  const status = query.get('status') ?? ''
  const filter: OrderFilter = {
    buyer: { kind: 'own' },
    status: (ORDER_STATUS_CODES as readonly string[]).includes(status)
      ? (status as OrderStatusCode)
      : undefined,
  }
  const buyer = query.get('buyer')?.trim() ?? ''
  if (!buyer || !LOGIN.test(buyer) || buyer.toLowerCase() === ownLogin.toLowerCase()) return filter
  return { ...filter, buyer: buyer === ALL_BUYERS ? { kind: 'all' } : { kind: 'user', login: buyer } }
}

/** ICM's `GET orders` query parameters of a filter: `allBuyers=true` or `buyer=<login>`, and `statusCode`. */
export function orderFilterQuery(filter: OrderFilter): Record<string, string> {
  return {
    ...(filter.buyer.kind === 'all' ? { allBuyers: 'true' } : {}),
    ...(filter.buyer.kind === 'user' ? { buyer: filter.buyer.login } : {}),
    ...(filter.status ? { statusCode: filter.status } : {}),
  }
}
