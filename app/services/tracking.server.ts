/**
 * Tracking (feature `tracking`, spec shell §4.8; ADR 0035): with the shopper's tracking consent, and only
 * then, the shop's events go to the page's `dataLayer` (GA4's e-commerce form, written by the server into
 * the page, app/components/DataLayer.tsx) and, from the server, to the collector at TRACKING_COLLECTOR_URL
 * (GA4's Measurement Protocol body). Events of a page come with its loader's data (`tracking`); events of an
 * action wait in the session's flash for the next page. Nothing here may slow or break a page: sending is
 * fire-and-forget with a timeout and a bounded queue, and a failing event is dropped.
 */
import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { Basket } from '~/models/basket'
import type { Order } from '~/models/order'
import { pick, type PriceItem } from '~/models/price'
import { showsPrices, visibleAmount } from '~/models/price-visibility'
import type { CatalogPageData } from '~/models/catalog-page'
import {
  dataLayerEntry,
  ERROR_EVENT_STATUSES,
  toGa4,
  viewItemEvent,
  viewItemListEvent,
  type DataLayerPush,
  type Ga4Event,
  type TrackedItem,
  type TrackingEvent,
} from '~/models/tracking'
import { categoryPath } from './categories.server'
import { config } from './config.server'
import { configuration } from './configuration.server'
import { allows, storedConsentOf } from './consent.server'
import { isFeatureEnabled } from './features.server'
import type { IcmScope } from './icm.server'
import { priceDisplayFor } from './price-display.server'
import { priceVisibilityFor } from './price-visibility.server'
import { prices } from './prices.server'
import { product } from './products.server'
import { privateHeaders } from './http.server'
import type { RequestArgs } from './request-memo.server'
import type { Shopper } from './shopper.server'
import { requestOfSession, sessionOf, type ShopSession, type TrackingFlash } from './session.server'

/** Spec §3's affiliation: the shop the events come from. */
export const AFFILIATION = 'Ironbridge Supply'

/** Whether this request may track: the feature is on and the shopper consented to tracking. */
export function trackingAllowed(args: RequestArgs): boolean {
  return isFeatureEnabled('tracking') && allows(args, 'tracking')
}

/** A Measurement Protocol request carries at most 25 events. */
const MAX_EVENTS_PER_SEND = 25

export type Collector = {
  /** Queues the events of one client; never throws, never waits. */
  send(clientId: string, events: Ga4Event[]): void
  /** Resolves when everything queued so far was sent or given up (tests). */
  settled(): Promise<void>
  /** Events dropped because the queue was full. */
  dropped(): number
}

/**
 * A sender to a collector URL: queued sends (at most `maxQueue` waiting, the oldest dropped beyond), at most
 * `concurrency` at once, each given up after `timeoutMs`. Failures are counted and logged, never thrown.
 */
export function createCollector({
  url,
  timeoutMs,
  maxQueue = 200,
  concurrency = 2,
  fetchImpl = fetch,
}: {
  url: string
  timeoutMs: number
  maxQueue?: number
  concurrency?: number
  fetchImpl?: typeof fetch
}): Collector {
  const queue: string[] = []
  let running = 0
  let droppedCount = 0
  let lastWarning = 0
  const waiting: (() => void)[] = []
  const warn = (message: string) => {
    if (Date.now() - lastWarning < 60_000) return
    lastWarning = Date.now()
    console.warn(`storefront: tracking collector: ${message}`)
  }
  const pump = () => {
    while (running < concurrency && queue.length > 0) {
      const body = queue.shift()!
      running++
      fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
        .then((answer) => {
          if (!answer.ok) warn(`answered ${answer.status}`)
          return answer.body?.cancel()
        })
        .catch((error: unknown) => warn(error instanceof Error ? error.message : String(error)))
        .finally(() => {
          running--
          pump()
        })
    }
    if (running === 0 && queue.length === 0) waiting.splice(0).forEach((resolve) => resolve())
  }
  return {
    send(clientId, events) {
      for (let from = 0; from < events.length; from += MAX_EVENTS_PER_SEND) {
        if (queue.length >= maxQueue) {
          queue.shift()
          droppedCount++
          warn(`queue full (${maxQueue}), dropping the oldest events`)
        }
        queue.push(
          JSON.stringify({ client_id: clientId, events: events.slice(from, from + MAX_EVENTS_PER_SEND) }),
        )
      }
      pump()
    },
    settled: () =>
      running === 0 && queue.length === 0
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push(resolve)),
    dropped: () => droppedCount,
  }
}

const collector = config.trackingCollectorUrl
  ? createCollector({ url: config.trackingCollectorUrl, timeoutMs: config.trackingTimeoutMs })
  : null

/** The collector of this process (tests wait for it), or null without TRACKING_COLLECTOR_URL. */
export const trackingCollector = () => collector

/**
 * A page's events sent once per client in this window: a fetcher's post makes Remix load the page's data
 * again, which is no second view.
 */
const recentlySent = new LRUCache<string, true>({ max: 20_000, ttl: 10_000 })
const PURCHASE_MEMORY_MS = 24 * 3600 * 1000

/** The key of an event: what it is about (a page's events repeat with the page; an action's are unique). */
const keyOf = (event: Ga4Event) => {
  const items = (event.params.items as { item_id: string }[] | undefined) ?? []
  const about =
    event.params.transaction_id ?? event.params.page_status ?? items.map((i) => i.item_id).join(',')
  return `${event.name}:${String(about)}`
}

function sendOnce(clientId: string, events: Ga4Event[]) {
  const fresh = events.filter((event) => {
    const key = `${clientId}|${keyOf(event)}`
    if (recentlySent.has(key)) return false
    // An order is bought once: its receipt shown again (a reload, the back button) reports nothing.
    recentlySent.set(key, true, event.name === 'purchase' ? { ttl: PURCHASE_MEMORY_MS } : undefined)
    return true
  })
  if (fresh.length) collector?.send(clientId, fresh)
}

/** The client id of the consented tracking (kept in the consent record, never without the consent). */
const clientIdOf = (args: RequestArgs) => storedConsentOf(args)?.clientId

/**
 * The events of the page being rendered: with consent, sent (once per client and event for a while) and
 * answered as the page's `dataLayer` entries; without, nothing is made, sent or answered. Making the events
 * may load data; a failure there costs the page nothing.
 */
export async function pageTracking(
  args: RequestArgs,
  make: () => Promise<TrackingEvent[]> | TrackingEvent[],
): Promise<DataLayerPush[]> {
  const clientId = clientIdOf(args)
  if (!trackingAllowed(args) || !clientId) return []
  let events: Ga4Event[]
  try {
    events = (await make()).map((event) => toGa4(event, AFFILIATION))
  } catch (error) {
    console.warn('storefront: tracking: an event could not be made', error)
    return []
  }
  sendOnce(clientId, await unreportedPurchasesOnly(args, events))
  return events.map((event) => ({ key: keyOf(event), entry: dataLayerEntry(event) }))
}

/** How many reported order numbers the session keeps (a few bytes each in the session cookie). */
export const REPORTED_PURCHASES = 10

/**
 * The events without purchases the session says were reported already. sendOnce's memory is one
 * process's; with several storefront processes (WEB_CONCURRENCY, ADR 0050) a receipt shown again can
 * reach another one, and an order must not be counted twice: the session is every process's.
 */
export async function unreportedPurchasesOnly(args: RequestArgs, events: Ga4Event[]): Promise<Ga4Event[]> {
  const orderOf = (event: Ga4Event) => String(event.params.transaction_id ?? '')
  if (!events.some((event) => event.name === 'purchase')) return events
  const session = await sessionOf(args)
  const reported = session.get('reportedPurchases') ?? []
  const fresh = events.filter((event) => event.name !== 'purchase' || !reported.includes(orderOf(event)))
  const added = fresh.filter((event) => event.name === 'purchase').map(orderOf)
  if (added.length) session.set('reportedPurchases', [...reported, ...added].slice(-REPORTED_PURCHASES))
  return fresh
}

/** The flash of a session's events, gathered over the request (several actions may add to it). */
const flashes = new WeakMap<ShopSession, TrackingFlash>()

/** What the events in the cookie may take (its JSON): the session cookie stays far below 4096 bytes. */
export const MAX_FLASH_BYTES = 1200

/** The events cut to fit `maxBytes` of JSON: items dropped from the end first, then whole events. */
export function boundedFlash(flash: TrackingFlash, maxBytes = MAX_FLASH_BYTES): TrackingFlash {
  const result = flash.map((entry) => ({
    ...entry,
    event: { ...entry.event, params: { ...entry.event.params } },
  }))
  const size = () => JSON.stringify(result).length
  while (size() > maxBytes && result.length > 0) {
    const largest = result.reduce((a, b) => (JSON.stringify(a).length >= JSON.stringify(b).length ? a : b))
    const items = largest.event.params.items as unknown[] | undefined
    if (items && items.length > 1) largest.event.params.items = items.slice(0, -1)
    else result.splice(result.indexOf(largest), 1)
  }
  return result
}

/**
 * The events of an action: with consent, sent now (with everything the action knew) and kept in the
 * session's flash for the next page's `dataLayer` (bounded there); without, nothing. Never throws.
 */
export async function actionTracking(
  session: ShopSession,
  make: () => Promise<TrackingEvent[]> | TrackingEvent[],
): Promise<void> {
  const args = requestOfSession(session)
  const clientId = args && clientIdOf(args)
  if (!args || !clientId || !trackingAllowed(args)) return
  try {
    const events = (await make()).map((event) => toGa4(event, AFFILIATION))
    if (events.length === 0) return
    collector?.send(clientId, events)
    const flash = [
      ...(flashes.get(session) ?? []),
      ...events.map((event) => ({ key: `${keyOf(event)}:${randomUUID().slice(0, 8)}`, event })),
    ]
    flashes.set(session, flash)
    session.flash('tracking', boundedFlash(flash))
  } catch (error) {
    console.warn('storefront: tracking: an event could not be made', error)
  }
}

/** The events an action left for this page (the flash is taken either way; shown only with consent). */
export function flashedTracking(args: RequestArgs, session: ShopSession): DataLayerPush[] {
  const flash = session.get('tracking')
  if (!flash || !trackingAllowed(args)) return []
  return flash.map(({ key, event }) => ({ key, entry: dataLayerEntry(event) }))
}

/**
 * Spec §4.8: an answer with one of the error statuses (204, 404, 499 for a shopper who went away, 500, 503)
 * is reported, with consent, server-side (the error page's `dataLayer` entry is its own, RouteErrorPage).
 */
export function trackResponseStatus(request: Request, status: number) {
  if (!(ERROR_EVENT_STATUSES as readonly number[]).includes(status)) return
  if (request.method !== 'GET' && request.method !== 'HEAD') return
  const args = { request, context: {} }
  const clientId = clientIdOf(args)
  if (!clientId || !trackingAllowed(args)) return
  const path = new URL(request.url).pathname.replace(/\.data$/, '')
  sendOnce(clientId, [toGa4({ name: 'page_error', status, path }, AFFILIATION)])
}

/**
 * A line of an event before its product data: what the shop knows from a basket, an order or an add. `unit`
 * is its unit price (shown in the shopper's price display), `discount` what promotions took off per unit.
 */
export type LineRef = { sku: string; quantity: number; name?: string; unit?: PriceItem; discount?: PriceItem }

/**
 * The event items of lines: names, brands and category paths from the catalogue (cached calls), unit prices
 * from the line or the product's price in the shopper's price display; the currency of those prices.
 */
export async function trackedItems(
  scope: IcmScope,
  session: ShopSession,
  lines: LineRef[],
): Promise<{ currency?: string; items: TrackedItem[] }> {
  const skus = [...new Set(lines.map((line) => line.sku))]
  const [products, priceMap, settings, visibility] = await Promise.all([
    Promise.all(skus.map((sku) => product(scope, sku).catch(() => undefined))),
    lines.some((line) => line.unit === undefined) ? prices(scope, skus).catch(() => null) : null,
    configuration(scope),
    priceVisibilityFor(scope, session),
  ])
  const display = priceDisplayFor(session, settings)
  const bySku = new Map(skus.map((sku, i) => [sku, products[i]]))
  let currency: string | undefined
  const items = await Promise.all(
    lines.map(async (line): Promise<TrackedItem> => {
      const found = bySku.get(line.sku)
      // The analytics services learn no price the shopper may not see (ADR 0045).
      const sale = visibleAmount(line.unit ?? priceMap?.get(line.sku)?.sale, visibility)
      const money = sale ? pick(sale, display) : undefined
      currency ??= money?.currency
      const path = found?.defaultCategoryId ? await categoryPath(scope, found.defaultCategoryId) : null
      return {
        sku: line.sku,
        name: line.name ?? found?.name ?? line.sku,
        price: money?.value,
        brand: found?.manufacturer,
        categoryPath: path?.map((category) => category.name),
        quantity: line.quantity,
        discount: sale && line.discount ? pick(line.discount, display).value : undefined,
      }
    }),
  )
  return { currency, items }
}

/** The products of a basket's lines (those the shopper chose, not the warranties' own lines). */
const basketLines = (basket: Pick<Basket, 'lines'>): LineRef[] =>
  basket.lines.map((line) => ({ sku: line.sku, quantity: line.quantity, unit: line.singleBasePrice }))

/**
 * An event about the whole basket, from an action (`begin_checkout`, `add_shipping_info` with the shipping
 * method, `add_payment_info` with the payment method): sent now, and shown in the next page's `dataLayer`.
 */
export function trackBasket(
  scope: IcmScope,
  session: ShopSession,
  basket: Pick<Basket, 'lines' | 'currency'>,
  name: 'begin_checkout' | 'add_shipping_info' | 'add_payment_info',
  extra: { shippingTier?: string; paymentType?: string } = {},
) {
  return actionTracking(session, async () => {
    const { currency, items } = await trackedItems(scope, session, basketLines(basket))
    return [{ name, currency: basket.currency ?? currency, items, ...extra }]
  })
}

/** Products added to (or taken off) the basket, from an action: each with its quantity. */
export function trackBasketChange(
  scope: IcmScope,
  session: ShopSession,
  name: 'add_to_cart' | 'remove_from_cart',
  lines: LineRef[],
) {
  if (lines.length === 0) return Promise.resolve()
  return actionTracking(session, async () => {
    const { currency, items } = await trackedItems(scope, session, lines)
    return [{ name, currency, items }]
  })
}

/** An order placed (its receipt page): the order number, its lines and totals gross, net, tax, shipping. */
export async function purchaseEvent(
  scope: IcmScope,
  session: ShopSession,
  order: Order,
): Promise<TrackingEvent> {
  const { items } = await trackedItems(
    scope,
    session,
    order.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unit: line.unitPrice,
      discount:
        line.rebate && line.quantity
          ? {
              net: { ...line.rebate.net, value: line.rebate.net.value / line.quantity },
              gross: { ...line.rebate.gross, value: line.rebate.gross.value / line.quantity },
            }
          : undefined,
    })),
  )
  const { totals } = order
  const shown = showsPrices(await priceVisibilityFor(scope, session))
  return {
    name: 'purchase',
    currency: order.currency ?? totals.total.gross.currency,
    items,
    order: {
      id: order.documentNumber ?? order.id,
      totals: shown
        ? {
            gross: totals.total.gross.value,
            net: totals.total.net.value,
            tax: totals.tax?.value ?? totals.total.gross.value - totals.total.net.value,
            shipping: totals.shipping?.gross.value ?? 0,
            discount:
              Math.abs(totals.itemRebates?.gross.value ?? 0) +
                Math.abs(totals.valueRebates?.gross.value ?? 0) || undefined,
          }
        : undefined,
    },
  }
}

/** A catalog page's view: `view_item` of a product page, `view_item_list` of a category's listing. */
export function catalogTracking(args: RequestArgs, shopper: Shopper, page: CatalogPageData) {
  if (page.kind === 'content') return Promise.resolve([])
  return pageTracking(args, async () => {
    const display = priceDisplayFor(shopper.session, await configuration(shopper.scope))
    const visibility = await priceVisibilityFor(shopper.scope, shopper.session)
    if (page.kind === 'product')
      return [
        viewItemEvent({
          product: page.product,
          price: page.price?.sale && showsPrices(visibility) ? pick(page.price.sale, display) : undefined,
          breadcrumb: page.breadcrumb,
        }),
      ]
    return [
      viewItemListEvent({
        name: page.category.name,
        categoryPath: page.category.breadcrumb.map((entry) => entry.name),
        products: page.listing.products.map(({ tile, price }) => ({
          sku: tile.sku,
          name: tile.name,
          price: price?.sale && showsPrices(visibility) ? pick(price.sale, display) : undefined,
        })),
      }),
    ]
  })
}

/** A page that carries tracked events is the shopper's own: never kept by a shared cache. */
export function trackedPageHeaders(headers: HeadersInit, tracking: DataLayerPush[]): HeadersInit {
  return tracking.length > 0 ? privateHeaders() : headers
}
