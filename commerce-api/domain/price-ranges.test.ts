/**
 * Price ranges without HTTP: a master from its cheapest to its dearest online variation, a retail set from its
 * cheapest part to all its parts summed up by quantity; sale and list prices bounded apart, by net.
 */
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { prices, productParts, products } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { priceRanges } from './price-ranges'

let database: Database
const db = () => database.db

beforeAll(async () => {
  database = await seededTestDatabase({ products: 200 })
})
afterAll(async () => {
  await database?.close()
})

/** Sets a SKU's EUR sale and list price (minor units; gross as given, to see that it is carried, not figured). */
async function priceAt(sku: string, sale: [number, number], list: [number, number]) {
  const [saleNet, saleGross] = sale
  const [listNet, listGross] = list
  const updated = await db()
    .update(prices)
    .set({ saleNet, saleGross, listNet, listGross })
    .where(and(eq(prices.sku, sku), eq(prices.currency, 'EUR')))
    .returning()
  expect(updated).toHaveLength(1)
}

async function masterWithVariations(count: number) {
  for (const master of await db().select().from(products).where(eq(products.kind, 'master'))) {
    const variations = await db()
      .select()
      .from(products)
      .where(eq(products.masterSku, master.sku))
      .orderBy(asc(products.sku))
    if (variations.length >= count) return { master, variations }
  }
  throw new Error(`no master with ${count} variations`)
}

describe('a variation master', () => {
  it('ranges from its cheapest to its dearest online variation priced in the currency, sale and list apart', async () => {
    const { master, variations } = await masterWithVariations(4)
    const [a, b, offline, unpriced, ...rest] = variations
    await priceAt(a!.sku, [5_000, 5_950], [9_900, 11_781])
    await priceAt(b!.sku, [8_000, 9_520], [8_000, 9_520])
    // Neither an offline variation nor one without a price in the currency bounds the range.
    await priceAt(offline!.sku, [10, 12], [99_999, 118_999])
    await db().update(products).set({ online: false }).where(eq(products.sku, offline!.sku))
    await db()
      .delete(prices)
      .where(and(eq(prices.sku, unpriced!.sku), eq(prices.currency, 'EUR')))
    for (const other of rest) await priceAt(other.sku, [6_000, 7_140], [9_000, 10_710])

    const ranges = await priceRanges(db(), 'EUR', [master.sku])
    expect(ranges.get(master.sku)).toEqual({
      kind: 'master',
      min: { sale: { net: 5_000, gross: 5_950 }, list: { net: 8_000, gross: 9_520 } },
      max: { sale: { net: 8_000, gross: 9_520 }, list: { net: 9_900, gross: 11_781 } },
    })
    // In a currency none of its variations has a price in, it has no range.
    await db().delete(prices).where(eq(prices.currency, 'RON'))
    expect((await priceRanges(db(), 'RON', [master.sku])).size).toBe(0)
  })
})

describe('a retail set', () => {
  it('ranges from its cheapest online part to all its online parts, each as often as the set holds it', async () => {
    const sets = await db().select().from(products).where(eq(products.kind, 'retailset'))
    let chosen: { sku: string; parts: (typeof productParts.$inferSelect)[] } | undefined
    for (const set of sets) {
      const parts = await db().select().from(productParts).where(eq(productParts.ownerSku, set.sku))
      if (parts.length >= 2) chosen = { sku: set.sku, parts }
      if (chosen) break
    }
    expect(chosen).toBeDefined()
    const [first, second, ...rest] = chosen!.parts
    await db().update(productParts).set({ quantity: 3 }).where(eq(productParts.partSku, first!.partSku))
    await priceAt(first!.partSku, [1_000, 1_190], [1_200, 1_428])
    await priceAt(second!.partSku, [4_000, 4_760], [4_000, 4_760])
    for (const part of rest) {
      await priceAt(part.partSku, [1, 1], [1, 1])
      await db().update(products).set({ online: false }).where(eq(products.sku, part.partSku))
    }
    const quantityOf = second!.quantity

    const range = (await priceRanges(db(), 'EUR', [chosen!.sku])).get(chosen!.sku)
    expect(range).toEqual({
      kind: 'retailset',
      min: { sale: { net: 1_000, gross: 1_190 }, list: { net: 1_200, gross: 1_428 } },
      summedUp: {
        sale: { net: 3 * 1_000 + quantityOf * 4_000, gross: 3 * 1_190 + quantityOf * 4_760 },
        list: { net: 3 * 1_200 + quantityOf * 4_000, gross: 3 * 1_428 + quantityOf * 4_760 },
      },
    })
  })
})

it('gives plain products and unknown SKUs no range, and asks nothing for no SKUs', async () => {
  const [plain] = await db().select().from(products).where(eq(products.kind, 'product')).limit(1)
  expect((await priceRanges(db(), 'EUR', [plain!.sku, 'NOPE'])).size).toBe(0)
  expect((await priceRanges(db(), 'EUR', [])).size).toBe(0)
})
