/**
 * A basket's promotion codes kept in memory (db/read-cache.ts `cachedBasketCodes`, ADR 0059): every basket
 * answer reads them, and on the embedded database they are kept until `basket_promotion_codes` is written. A
 * code added or removed shows in the very next answer. With `DATABASE_URL` (CI's second pass) nothing is
 * kept: another API process may add a code.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { BASKET_CODE_TABLES, cachedBasketCodes, writesBasketCodes } from '../../commerce-api/db/read-cache'
import { anonymousToken, basketFor, checkoutTestBed } from './checkout-fixtures'
import { call, type Api } from './harness'
import { describeWatchedStatements } from './watched-statements'

let api: Api
let skus: string[]
checkoutTestBed(1, (bed) => {
  api = bed.api
  skus = bed.skus
})

const db = () => api.database.db
const embedded = () => api.database.kind === 'pglite'

describeWatchedStatements('which statements may change a basket’s codes', writesBasketCodes, {
  tables: BASKET_CODE_TABLES,
  no: ['insert into "baskets" ("id", "owner") values ($1, $2)'],
})

describe('a basket’s kept codes', () => {
  it('are read once on the embedded database, every time with a database server', async () => {
    const load = vi.fn(async () => ['KEPT'])
    expect(await cachedBasketCodes(db(), 'basket-read-once', load)).toEqual(['KEPT'])
    expect(await cachedBasketCodes(db(), 'basket-read-once', load)).toEqual(['KEPT'])
    expect(load).toHaveBeenCalledTimes(embedded() ? 1 : 2)
  })

  it('are read again after a write of the codes, and not kept while a transaction writes them', async () => {
    const load = vi.fn(async () => [])
    await cachedBasketCodes(db(), 'basket-written', load)
    await db().execute(sql`delete from basket_promotion_codes where code = 'NONE-SUCH'`)
    await cachedBasketCodes(db(), 'basket-written', load)
    expect(load).toHaveBeenCalledTimes(2)
    await db().transaction(async (tx) => {
      await tx.execute(sql`delete from basket_promotion_codes where code = 'NONE-SUCH'`)
      await cachedBasketCodes(db(), 'basket-written', load)
      await cachedBasketCodes(db(), 'basket-written', load)
      expect(load).toHaveBeenCalledTimes(4)
    })
    await cachedBasketCodes(db(), 'basket-written', load)
    await cachedBasketCodes(db(), 'basket-written', load)
    expect(load).toHaveBeenCalledTimes(embedded() ? 5 : 6)
  })

  it('show a code added and removed in the very next answer of the basket', async () => {
    const basket = await basketFor(api, await anonymousToken(api), [{ sku: skus[0]!, quantity: 1 }])
    const codes = basket.url('/promotioncodes')
    // Read (and kept) without a code first.
    expect((await basket.get()).data.promotionCodes).toEqual([])
    expect((await basket.get()).data.promotionCodes).toEqual([])
    const added = await call(codes, { method: 'POST', token: basket.token, json: { code: 'WELCOME10' } })
    expect(added.status).toBe(200)
    expect((await basket.get()).data.promotionCodes).toEqual(['WELCOME10'])
    expect((await call(`${codes}/WELCOME10`, { method: 'DELETE', token: basket.token })).status).toBe(204)
    expect((await basket.get()).data.promotionCodes).toEqual([])
  })
})
