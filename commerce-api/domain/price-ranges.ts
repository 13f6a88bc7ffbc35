/**
 * What a product made of others costs (ICM's price types of masters and retail sets): a variation master from
 * its cheapest to its dearest online variation, a retail set from its cheapest part to all its parts together
 * (each part as often as the set holds it). Sale and list prices are bounded apart, each by its net amount;
 * only products with a price in the currency count.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import { prices, productParts, products } from '../db/schema'
import type { Currency } from './channel'
import type { Minor } from './money'

/** A single price, net and gross, in minor units. */
export type UnitPrice = { net: Minor; gross: Minor }

/** A sale price and a list price. */
export type PricePair = { sale: UnitPrice; list: UnitPrice }

export type PriceRange =
  | { kind: 'master'; min: PricePair; max: PricePair }
  | { kind: 'retailset'; min: PricePair; summedUp: PricePair }

type Priced = PricePair & { quantity: number }

const lower = (a: UnitPrice, b: UnitPrice) => (b.net < a.net ? b : a)
const higher = (a: UnitPrice, b: UnitPrice) => (b.net > a.net ? b : a)
const times = (price: UnitPrice, quantity: number): UnitPrice => ({
  net: price.net * quantity,
  gross: price.gross * quantity,
})
const plus = (a: UnitPrice, b: UnitPrice): UnitPrice => ({ net: a.net + b.net, gross: a.gross + b.gross })

/** The cheapest and the dearest sale and list price of `items` (at least one). */
function bounds(items: Priced[]): { min: PricePair; max: PricePair } {
  const [first, ...rest] = items
  const start = {
    min: { sale: first!.sale, list: first!.list },
    max: { sale: first!.sale, list: first!.list },
  }
  return rest.reduce(
    (found, item) => ({
      min: { sale: lower(found.min.sale, item.sale), list: lower(found.min.list, item.list) },
      max: { sale: higher(found.max.sale, item.sale), list: higher(found.max.list, item.list) },
    }),
    start,
  )
}

/** What all of `items` cost together, each as often as its quantity. */
function summed(items: Priced[]): PricePair {
  const zero = { net: 0, gross: 0 }
  return items.reduce(
    (sum, item) => ({
      sale: plus(sum.sale, times(item.sale, item.quantity)),
      list: plus(sum.list, times(item.list, item.quantity)),
    }),
    { sale: zero, list: zero },
  )
}

/** The price ranges of the masters and retail sets among `skus` that have priced members, by SKU. */
export async function priceRanges(
  db: Db,
  currency: Currency,
  skus: string[],
): Promise<Map<string, PriceRange>> {
  const ranges = new Map<string, PriceRange>()
  if (skus.length === 0) return ranges
  const owners = await db
    .select({ sku: products.sku, kind: products.kind })
    .from(products)
    .where(
      and(
        inArray(products.sku, skus),
        eq(products.online, true),
        inArray(products.kind, ['master', 'retailset']),
      ),
    )
  const masters = owners.filter((o) => o.kind === 'master').map((o) => o.sku)
  const sets = owners.filter((o) => o.kind === 'retailset').map((o) => o.sku)
  const priceColumns = {
    sale: { net: prices.saleNet, gross: prices.saleGross },
    list: { net: prices.listNet, gross: prices.listGross },
  }
  const [variations, parts] = await readTogether(db, [
    () =>
      masters.length
        ? db
            .select({ owner: products.masterSku, ...priceColumns })
            .from(products)
            .innerJoin(prices, and(eq(prices.sku, products.sku), eq(prices.currency, currency)))
            .where(and(inArray(products.masterSku, masters), eq(products.online, true)))
        : [],
    () =>
      sets.length
        ? db
            .select({ owner: productParts.ownerSku, quantity: productParts.quantity, ...priceColumns })
            .from(productParts)
            .innerJoin(products, and(eq(products.sku, productParts.partSku), eq(products.online, true)))
            .innerJoin(prices, and(eq(prices.sku, productParts.partSku), eq(prices.currency, currency)))
            .where(inArray(productParts.ownerSku, sets))
        : [],
  ])
  const byOwner = (rows: (PricePair & { owner: string | null; quantity?: number })[]) => {
    const grouped = new Map<string, Priced[]>()
    for (const { owner, quantity = 1, sale, list } of rows)
      if (owner) grouped.set(owner, [...(grouped.get(owner) ?? []), { sale, list, quantity }])
    return grouped
  }
  for (const [sku, items] of byOwner(variations)) ranges.set(sku, { kind: 'master', ...bounds(items) })
  for (const [sku, items] of byOwner(parts))
    ranges.set(sku, { kind: 'retailset', min: bounds(items).min, summedUp: summed(items) })
  return ranges
}
