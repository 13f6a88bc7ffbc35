/**
 * The catalog rows kept in memory (db/read-cache.ts, ADR 0057): read once, also by transactions, and
 * forgotten by every write to a catalog table through the database's client, so that nothing shows an old
 * price, link or promotion. Runs on PGlite and, in CI's second pass, on the PostgreSQL server.
 */
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  cachedCatalogRead,
  cachedCatalogRows,
  MAX_KEYED_ROWS,
  writesCatalog,
  CATALOG_TABLES,
} from '../../commerce-api/db/read-cache'
import { prices, productLinks, promotions } from '../../commerce-api/db/schema'
import { priceRows } from '../../commerce-api/domain/catalog'
import { mandatoryLinksBySku, MANDATORY_ACCESSORY } from '../../commerce-api/domain/mandatory'
import { runningPromotion } from '../../commerce-api/domain/promotions'
import { describeWatchedStatements } from './watched-statements'
import { checkoutTestBed } from './checkout-fixtures'
import { call, type Api } from './harness'

let api: Api
let sku: string
let other: string
checkoutTestBed(2, (bed) => {
  api = bed.api
  ;[sku, other] = bed.skus as [string, string]
})

const db = () => api.database.db
const usdPrice = async (d = db()) => (await priceRows(d, 'USD', [sku])).get(sku)!
const setSaleNet = (saleNet: number) =>
  db()
    .update(prices)
    .set({ saleNet })
    .where(and(eq(prices.sku, sku), eq(prices.currency, 'USD')))

describeWatchedStatements('which statements write the catalog', writesCatalog, {
  tables: CATALOG_TABLES,
  yes: ['DELETE FROM product_promotions', 'update public."product_warranties" set position = 1'],
  no: [
    'select id from "baskets" where id = $1 for update',
    'update "baskets" set "updated_at" = $1 where "baskets"."id" = $2',
    'insert into "line_items" ("sku") select sku from prices',
  ],
})

describe('the catalog cache', () => {
  it('reads a price once and hands transactions the same row', async () => {
    const first = await usdPrice()
    expect(await usdPrice()).toBe(first)
    await db().transaction(async (tx) => {
      expect(await usdPrice(tx)).toBe(first)
    })
  })

  it('shows a price written outside a transaction at once', async () => {
    const before = await usdPrice()
    await setSaleNet(before.saleNet + 1)
    try {
      expect((await usdPrice()).saleNet).toBe(before.saleNet + 1)
      // Over HTTP as well: the product's price list.
      const answer = await call(api.url(`productprices?sku=${sku}`))
      expect(answer.json.data[0].prices.SalePrice[0].net.value).toBe((before.saleNet + 1) / 100)
    } finally {
      await setSaleNet(before.saleNet)
    }
    expect((await usdPrice()).saleNet).toBe(before.saleNet)
  })

  it('lets a writing transaction read its own price, and keeps the old one when it rolls back', async () => {
    const before = await usdPrice()
    await expect(
      db().transaction(async (tx) => {
        await tx
          .update(prices)
          .set({ saleNet: before.saleNet + 7 })
          .where(and(eq(prices.sku, sku), eq(prices.currency, 'USD')))
        expect((await usdPrice(tx)).saleNet).toBe(before.saleNet + 7)
        // What it reads meanwhile is not kept for anyone.
        expect((await usdPrice(tx)).saleNet).toBe(before.saleNet + 7)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect((await usdPrice()).saleNet).toBe(before.saleNet)
  })

  it('shows what a committed transaction wrote, raw SQL included', async () => {
    const before = await usdPrice()
    await db().transaction(async (tx) => {
      await tx.execute(
        sql`update ${prices} set sale_net = ${before.saleNet + 3} where sku = ${sku} and currency = 'USD'`,
      )
    })
    try {
      expect((await usdPrice()).saleNet).toBe(before.saleNet + 3)
    } finally {
      await setSaleNet(before.saleNet)
    }
  })

  it('forgets mandatory links and promotions when they change', async () => {
    expect((await mandatoryLinksBySku(db(), [sku])).get(sku)).toBeUndefined()
    await db()
      .insert(productLinks)
      .values({ sku, linkType: MANDATORY_ACCESSORY, targetSku: other, position: 99 })
    try {
      expect((await mandatoryLinksBySku(db(), [sku])).get(sku)?.accessories).toEqual([other])
    } finally {
      await db()
        .delete(productLinks)
        .where(and(eq(productLinks.sku, sku), eq(productLinks.position, 99)))
    }
    expect((await mandatoryLinksBySku(db(), [sku])).get(sku)).toBeUndefined()

    const [promotion] = await db().select().from(promotions).where(eq(promotions.active, true)).limit(1)
    expect(await runningPromotion(db(), promotion!.id)).toBeDefined()
    await db().update(promotions).set({ active: false }).where(eq(promotions.id, promotion!.id))
    try {
      expect(await runningPromotion(db(), promotion!.id)).toBeUndefined()
    } finally {
      await db().update(promotions).set({ active: true }).where(eq(promotions.id, promotion!.id))
    }
    expect(await runningPromotion(db(), promotion!.id)).toBeDefined()
  })

  it('runs a Drizzle query once, though its builder runs again on every then', async () => {
    let runs = 0
    const query = { then: (resolve: (rows: string[]) => void) => resolve([`run ${++runs}`]) }
    const load = () => query as unknown as Promise<string[]>
    expect(await cachedCatalogRead(db(), 'test-query', load)).toEqual(['run 1'])
    expect(await cachedCatalogRead(db(), 'test-query', load)).toEqual(['run 1'])
    await db().transaction(async (tx) => {
      expect(await cachedCatalogRead(tx, 'test-query', load)).toEqual(['run 1'])
    })
    expect(runs).toBe(1)
  })

  it('keeps what a transaction read when nothing was kept, for everyone after it', async () => {
    let runs = 0
    const load = async () => [`run ${++runs}`]
    await db().transaction(async (tx) => {
      expect(await cachedCatalogRead(tx, 'read-in-transaction', load)).toEqual(['run 1'])
    })
    expect(await cachedCatalogRead(db(), 'read-in-transaction', load)).toEqual(['run 1'])
    await db().transaction(async (tx) => {
      expect(await cachedCatalogRead(tx, 'read-in-transaction', load)).toEqual(['run 1'])
    })
    expect(runs).toBe(1)
  })

  it('reads again after a transaction that wrote the catalog while its read ran', async () => {
    let runs = 0
    const before = await usdPrice()
    await db().transaction(async (tx) => {
      const load = async () => {
        // The transaction changes a price while its read is under way: it is a writer of the catalog now.
        await tx
          .update(prices)
          .set({ saleNet: before.saleNet + 3 })
          .where(and(eq(prices.sku, sku), eq(prices.currency, 'USD')))
        return [`run ${++runs}`]
      }
      expect(await cachedCatalogRead(tx, 'read-while-writing', load)).toEqual(['run 1'])
    })
    const again = async () => [`run ${++runs}`]
    expect(await cachedCatalogRead(db(), 'read-while-writing', again)).toEqual(['run 2'])
    expect((await usdPrice()).saleNet).toBe(before.saleNet + 3)
  })

  it('asks only for keys it has not seen, remembers keys without a row, and starts over when full', async () => {
    const asked: string[][] = []
    const load = async (_: unknown, missing: string[]) => {
      asked.push(missing)
      return new Map(missing.filter((key) => key !== 'none').map((key) => [key, { key }]))
    }
    const first = await cachedCatalogRows(db(), 'test-rows', ['a', 'none', 'a'], load)
    expect([...first.keys()]).toEqual(['a'])
    await cachedCatalogRows(db(), 'test-rows', ['a', 'none', 'b'], load)
    expect(asked).toEqual([['a', 'none'], ['b']])

    const many = Array.from({ length: MAX_KEYED_ROWS }, (_, i) => `k${i}`)
    await cachedCatalogRows(db(), 'test-rows', many, load)
    // Full: the kind started over, so `a` is read again.
    await cachedCatalogRows(db(), 'test-rows', ['a'], load)
    expect(asked.at(-1)).toEqual(['a'])
  })
})
