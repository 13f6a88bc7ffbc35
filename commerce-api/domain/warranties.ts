import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { productWarranties, warranties } from '../db/schema'
import { localize, type Currency, type Locale } from './channel'
import type { CatalogScope } from './catalog'
import { grossOf, money, priceItem, type Minor } from './money'

type WarrantyRow = typeof warranties.$inferSelect

/** Net and gross price of a warranty in a currency; undefined when it is not sold in that currency. */
export function warrantyPrice(
  row: WarrantyRow,
  currency: Currency,
): { net: Minor; gross: Minor } | undefined {
  const net = row.prices[currency]
  if (net === undefined || !Number.isSafeInteger(net)) return undefined
  return { net, gross: grossOf(net, currency) }
}

/** Net price in ICM's product price shape, as product JSON shows prices (the channel's price type is net). */
const productPrice = (net: Minor, currency: Currency) => ({
  ...money(net, currency),
  type: 'ProductPrice' as const,
})

export async function warrantyRows(db: Db, ids: string[]): Promise<Map<string, WarrantyRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select().from(warranties).where(inArray(warranties.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

/** The warranties the lines carry, by id. */
export const lineWarranties = (db: Db, lines: { warrantyId: string | null }[]) =>
  warrantyRows(db, [...new Set(lines.flatMap((l) => (l.warrantyId ? [l.warrantyId] : [])))])

/** Which warranties each product is offered with (only those priced in the currency). */
export async function offeredWarranties(db: Db, currency: Currency, skus: string[]) {
  const offered = new Map<string, WarrantyRow[]>()
  if (skus.length === 0) return offered
  const rows = await db
    .select({ sku: productWarranties.sku, warranty: warranties })
    .from(productWarranties)
    .innerJoin(warranties, eq(warranties.id, productWarranties.warrantyId))
    .where(inArray(productWarranties.sku, skus))
    .orderBy(asc(productWarranties.sku), asc(productWarranties.position))
  for (const { sku, warranty } of rows) {
    if (!warrantyPrice(warranty, currency)) continue
    offered.set(sku, [...(offered.get(sku) ?? []), warranty])
  }
  return offered
}

/** `availableWarranties` of a product's JSON. */
export async function availableWarranties(db: Db, scope: CatalogScope, sku: string) {
  const offered = (await offeredWarranties(db, scope.currency, [sku])).get(sku) ?? []
  return offered.map((w) => ({
    id: w.id,
    name: localize(w.names, scope.locale),
    price: productPrice(warrantyPrice(w, scope.currency)!.net, scope.currency),
  }))
}

/** A warranty as a line item shows it: id, name and the price of one piece's cover. */
export function lineItemWarranty(
  row: WarrantyRow,
  price: { net: Minor; gross: Minor },
  currency: Currency,
  locale: Locale,
) {
  return { id: row.id, name: localize(row.names, locale), price: priceItem(price.net, price.gross, currency) }
}

/** `products/{id}` of a warranty: ICM serves warranties as products of type Warranty. */
export async function warrantyProduct(db: Db, scope: CatalogScope, id: string) {
  const row = (await warrantyRows(db, [id])).get(id)
  const price = row && warrantyPrice(row, scope.currency)
  if (!row || !price) return undefined
  const name = localize(row.names, scope.locale)
  const description = localize(row.descriptions, scope.locale)
  return {
    type: 'Warranty',
    sku: row.id,
    productName: name,
    shortDescription: description,
    longDescription: description,
    images: [],
    attributes: [{ name: 'WarrantyYears', key: 'WarrantyYears', type: 'Integer', value: row.years }],
    listPrice: productPrice(price.net, scope.currency),
    salePrice: productPrice(price.net, scope.currency),
    minOrderQuantity: 1,
    stepOrderQuantity: 1,
    packingUnit: '',
    productMaster: false,
    mastered: false,
    productBundle: false,
    retailSet: false,
    availability: true,
    inStock: true,
    seoAttributes: { metaTitle: name, metaDescription: description },
  }
}

/** `productprices` entries of warranties, in the shape of product prices (one tier, list equals sale). */
export async function warrantyPrices(db: Db, currency: Currency, ids: string[]) {
  const rows = await warrantyRows(db, ids)
  return ids.flatMap((id) => {
    const row = rows.get(id)
    const price = row && warrantyPrice(row, currency)
    if (!price) return []
    const tier = {
      ...priceItem(price.net, price.gross, currency),
      minQuantity: { value: 1 },
      priceQuantity: { value: 1 },
    }
    return [{ sku: id, prices: { SalePrice: [tier], ListPrice: [tier] } }]
  })
}
