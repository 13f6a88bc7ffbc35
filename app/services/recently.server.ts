import { isbot } from 'isbot'
import type { TileEntry } from '~/models/catalog-page'
import { tileOf } from '~/models/product'
import { recentlyViewedSkus, recordView } from '~/models/recently'
import { productLinker } from './categories.server'
import { prices } from './prices.server'
import { product } from './products.server'
import { isFeatureEnabled } from './features.server'
import { cacheHeaders, privateHeaders } from './http.server'
import type { IcmScope } from './icm.server'
import { type ShopSession } from './session.server'

/** Products the "Recently viewed" section of a product page shows; /recently shows all of them. */
export const RECENTLY_VIEWED_ON_PRODUCT_PAGE = 6

/**
 * A product page seen by a person: crawlers and clients without a user agent do not count, nor do
 * speculative prefetches (a hovered link is not a view).
 */
export function isShopperView(request: Request): boolean {
  const agent = request.headers.get('User-Agent')
  if (request.method !== 'GET' || !agent || isbot(agent)) return false
  const purpose = `${request.headers.get('Sec-Purpose') ?? ''} ${request.headers.get('Purpose') ?? ''}`
  return !purpose.toLowerCase().includes('prefetch')
}

/** Whether this product page request records a view (feature recently on, seen by a person). */
export const recordsView = (request: Request) => isFeatureEnabled('recently') && isShopperView(request)

/**
 * Records the view of a product in the session and starts loading the tiles of the other recently viewed
 * products (streamed, see render.server; they never fail the page). The view is recorded at once, before
 * any await: the request's session is written back when the response is made, never from streamed data.
 */
export function trackProductView(request: Request, scope: IcmScope, session: ShopSession, sku: string) {
  if (!recordsView(request)) return null
  const now = Date.now()
  const others = recentlyViewedSkus(session.get('recently'), now, sku)
  session.set('recently', recordView(session.get('recently'), sku, now))
  if (others.length === 0) return null
  return recentlyViewedTiles(scope, others.slice(0, RECENTLY_VIEWED_ON_PRODUCT_PAGE)).catch(() => null)
}

/**
 * Headers of a product page. A recorded view sets the cookie and is personal; any other answer may be
 * shared as before, but varies by User-Agent too, so that a CDN never serves a crawler's copy (which
 * records nothing) to a person.
 */
export function productPageHeaders(request: Request): HeadersInit {
  if (!isFeatureEnabled('recently')) return cacheHeaders(request, 'catalog')
  if (!isShopperView(request)) return { ...cacheHeaders(request, 'catalog'), Vary: 'Cookie, User-Agent' }
  return privateHeaders({ Vary: 'Cookie, User-Agent' })
}

/** Tiles in the given order; products ICM no longer knows are left out. Product and price calls are cached. */
export async function recentlyViewedTiles(scope: IcmScope, skus: string[]): Promise<TileEntry[]> {
  const [found, priceMap, linkOf] = await Promise.all([
    Promise.all(skus.map((sku) => product(scope, sku).catch(() => null))),
    prices(scope, skus).catch(() => null),
    productLinker(scope),
  ])
  return found.flatMap((p) =>
    p
      ? [
          {
            tile: tileOf(p),
            url: linkOf(p),
            price: priceMap ? priceMap.get(p.sku) : null,
          },
        ]
      : [],
  )
}
