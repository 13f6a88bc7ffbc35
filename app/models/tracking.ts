/**
 * The shop's tracking events (spec shell §3 "Tracking event data", §4.8) and their Google Analytics 4 form:
 * the e-commerce events of the `dataLayer` (`{ event, ecommerce }`) and of the Measurement Protocol
 * (`{ name, params }`), one mapping for both. Pure; the server side is app/services/tracking.server.ts.
 */

/** The commerce events the shop reports (GA4's recommended e-commerce event names). */
export type CommerceEventName =
  | 'view_item'
  | 'view_item_list'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase'

/** A product in an event: spec §3's sku, name, price, brand, category path, quantity, discount. */
export type TrackedItem = {
  sku: string
  name: string
  /** Unit price in the page's price display. */
  price?: number
  brand?: string
  /** Category names from the top, at most five are reported (spec §3). */
  categoryPath?: string[]
  quantity?: number
  /** What promotions took off the unit price. */
  discount?: number
}

export type CommerceEvent = {
  name: CommerceEventName
  currency?: string
  items: TrackedItem[]
  /** The list a `view_item_list` shows (a category's name, a search term). */
  listName?: string
  /** The shipping method of `add_shipping_info`, the payment method of `add_payment_info`. */
  shippingTier?: string
  paymentType?: string
  /** A `purchase`'s order: its number and totals (gross, net, tax, shipping), spec §3. */
  /** The order's number and totals; the totals left out for a shopper who sees no prices (ADR 0045). */
  order?: {
    id: string
    totals?: { gross: number; net: number; tax: number; shipping: number; discount?: number }
  }
}

/** Spec §4.8: the page statuses reported as error events. */
export const ERROR_EVENT_STATUSES = [204, 404, 499, 500, 503] as const

export type ErrorEvent = { name: 'page_error'; status: number; path: string }

export type TrackingEvent = CommerceEvent | ErrorEvent

/** An event in GA4's Measurement Protocol form. */
export type Ga4Event = { name: string; params: Record<string, unknown> }

/** Spec §3: the category path goes up to five levels (GA4's item_category … item_category5). */
const MAX_CATEGORY_LEVELS = 5

/** Money as GA4 wants it: a number with at most two decimals (no binary-float tails like 0.30000000000000004). */
const amount = (value: number) => Math.round(value * 100) / 100

/** A GA4 item: id, name, price, brand, category levels, quantity, affiliation, discount, position. */
export function ga4Item(item: TrackedItem, index: number, affiliation?: string): Record<string, unknown> {
  const levels = (item.categoryPath ?? []).slice(0, MAX_CATEGORY_LEVELS)
  return {
    item_id: item.sku,
    item_name: item.name,
    ...(affiliation ? { affiliation } : {}),
    ...(item.brand ? { item_brand: item.brand } : {}),
    ...Object.fromEntries(
      levels.map((name, level) => [level === 0 ? 'item_category' : `item_category${level + 1}`, name]),
    ),
    ...(item.price !== undefined ? { price: amount(item.price) } : {}),
    ...(item.discount ? { discount: amount(item.discount) } : {}),
    quantity: item.quantity ?? 1,
    index,
  }
}

/** The value of an event's items: the sum of price × quantity (items without a price count nothing). */
export function itemsValue(items: TrackedItem[]): number {
  return amount(items.reduce((sum, item) => sum + (item.price ?? 0) * (item.quantity ?? 1), 0))
}

/** An event in GA4's form; `affiliation` names the shop in every item (spec §3). */
export function toGa4(event: TrackingEvent, affiliation?: string): Ga4Event {
  if (event.name === 'page_error')
    return { name: 'page_error', params: { page_status: event.status, page_path: event.path } }
  const params: Record<string, unknown> = {}
  if (event.currency) params.currency = event.currency
  if (event.order) {
    params.transaction_id = event.order.id
    const totals = event.order.totals
    if (totals) {
      params.value = amount(totals.gross)
      params.value_net = amount(totals.net)
      params.tax = amount(totals.tax)
      params.shipping = amount(totals.shipping)
      if (totals.discount) params.discount = amount(totals.discount)
    }
    if (affiliation) params.affiliation = affiliation
  } else if (event.name !== 'view_item_list' && event.items.some((item) => item.price !== undefined))
    // Items without prices (a shopper who sees none, ADR 0045) have no value to report.
    params.value = itemsValue(event.items)
  if (event.listName) params.item_list_name = event.listName
  if (event.shippingTier) params.shipping_tier = event.shippingTier
  if (event.paymentType) params.payment_type = event.paymentType
  params.items = event.items.map((item, index) => ga4Item(item, index, affiliation))
  return { name: event.name, params }
}

/** A `dataLayer` entry of GA4's e-commerce form: `{ event, ecommerce }`; an error event's fields flat. */
export function dataLayerEntry(event: Ga4Event): Record<string, unknown> {
  if (event.name === 'page_error') return { event: event.name, ...event.params }
  return { event: event.name, ecommerce: event.params }
}

/** What a page hands the browser for its `dataLayer`: the entry, and a key that says whether it was pushed. */
export type DataLayerPush = { key: string; entry: Record<string, unknown> }

/** A price as the page shows it: gross or net, with its currency. */
type ShownPrice = { value: number; currency: string } | undefined

/**
 * `view_item` of a product page: the product with its price as shown, its brand and the category path its
 * breadcrumb names (the product itself is the breadcrumb's last entry).
 */
export function viewItemEvent(page: {
  product: { sku: string; name: string; manufacturer?: string }
  price: ShownPrice
  breadcrumb: { name: string }[]
}): CommerceEvent {
  return {
    name: 'view_item',
    currency: page.price?.currency,
    items: [
      {
        sku: page.product.sku,
        name: page.product.name,
        price: page.price?.value,
        brand: page.product.manufacturer,
        categoryPath: page.breadcrumb.slice(0, -1).map((entry) => entry.name),
        quantity: 1,
      },
    ],
  }
}

/** `view_item_list` of a category page: the listed products of this page, in the category's path. */
export function viewItemListEvent(list: {
  name: string
  categoryPath: string[]
  products: { sku: string; name: string; price: ShownPrice }[]
}): CommerceEvent {
  return {
    name: 'view_item_list',
    currency: list.products.find((p) => p.price)?.price?.currency,
    listName: list.name,
    items: list.products.map((product) => ({
      sku: product.sku,
      name: product.name,
      price: product.price?.value,
      categoryPath: list.categoryPath,
      quantity: 1,
    })),
  }
}

/** The `dataLayer` entry of an error page (spec §4.8), keyed by its status: one per page shown. */
export function errorDataLayerPush(status: number, path: string): DataLayerPush {
  return {
    key: `page_error:${status}`,
    entry: dataLayerEntry(toGa4({ name: 'page_error', status, path })),
  }
}
