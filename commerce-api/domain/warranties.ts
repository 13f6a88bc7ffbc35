import { asc, eq, inArray } from 'drizzle-orm'
import { cachedCatalogRead } from '../db/read-cache'
import type { Db } from '../db/client'
import { productWarranties, warranties } from '../db/schema'
import type { Currency } from './channel'
import type { PriceList } from './catalog'
import { grossOf, type Minor } from './money'

export type WarrantyRow = typeof warranties.$inferSelect

/** Net and gross price of a warranty in a currency; undefined when it is not sold in that currency. */
export function warrantyPrice(
  row: WarrantyRow,
  currency: Currency,
): { net: Minor; gross: Minor } | undefined {
  const net = row.prices[currency]
  if (net === undefined || !Number.isSafeInteger(net)) return undefined
  return { net, gross: grossOf(net, currency) }
}

/** A warranty sold in a currency, with its price there. */
export type WarrantyOffer = { row: WarrantyRow; price: { net: Minor; gross: Minor } }

export async function warrantyRows(db: Db, ids: string[]): Promise<Map<string, WarrantyRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select().from(warranties).where(inArray(warranties.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

/** The warranties the lines carry, by id. */
export const lineWarranties = (db: Db, lines: { warrantyId: string | null }[]) =>
  warrantyRows(db, [...new Set(lines.flatMap((l) => (l.warrantyId ? [l.warrantyId] : [])))])

/**
 * Every product's warranties in their order, by SKU (cached per database, db/read-cache.ts): a few rows per
 * product that every basket and product answer asks for.
 */
const warrantiesBySku = (db: Db) =>
  cachedCatalogRead(db, 'product-warranties', async (d) => {
    const rows = await d
      .select({ sku: productWarranties.sku, warranty: warranties })
      .from(productWarranties)
      .innerJoin(warranties, eq(warranties.id, productWarranties.warrantyId))
      .orderBy(asc(productWarranties.sku), asc(productWarranties.position))
    const bySku = new Map<string, WarrantyRow[]>()
    for (const { sku, warranty } of rows) bySku.set(sku, [...(bySku.get(sku) ?? []), warranty])
    return bySku
  })

/** Which warranties each product is offered with (only those priced in the currency). */
export async function offeredWarranties(db: Db, currency: Currency, skus: string[]) {
  const offered = new Map<string, WarrantyRow[]>()
  if (skus.length === 0) return offered
  const bySku = await warrantiesBySku(db)
  for (const sku of skus) {
    const priced = (bySku.get(sku) ?? []).filter((warranty) => warrantyPrice(warranty, currency))
    if (priced.length) offered.set(sku, priced)
  }
  return offered
}

/** The warranties a product is sold with in the currency, in their order. */
export async function availableWarranties(db: Db, currency: Currency, sku: string): Promise<WarrantyOffer[]> {
  const offered = (await offeredWarranties(db, currency, [sku])).get(sku) ?? []
  return offered.map((row) => ({ row, price: warrantyPrice(row, currency)! }))
}

/** A warranty asked for as a product (ICM serves warranties as products); none when not sold in the currency. */
export async function warrantyOffer(
  db: Db,
  currency: Currency,
  id: string,
): Promise<WarrantyOffer | undefined> {
  const row = (await warrantyRows(db, [id])).get(id)
  const price = row && warrantyPrice(row, currency)
  return row && price ? { row, price } : undefined
}

/** The price lists of warranties: one tier, list price equal to the sale price. */
export async function warrantyPrices(db: Db, currency: Currency, ids: string[]): Promise<PriceList[]> {
  const rows = await warrantyRows(db, ids)
  return ids.flatMap((id) => {
    const row = rows.get(id)
    const price = row && warrantyPrice(row, currency)
    if (!price) return []
    const tier = { ...price, minQuantity: 1 }
    return [{ sku: id, sale: [tier], list: tier }]
  })
}
