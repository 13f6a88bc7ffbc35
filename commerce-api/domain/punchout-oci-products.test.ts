/**
 * OCI's product functions without HTTP (issue 34): VALIDATE answers one product's fields at a quantity and
 * at the price a basket would charge for it (the price list's tier), refusing a quantity the product's rules
 * do not allow and a product that cannot be ordered; BACKGROUND_SEARCH answers the fields of what the shop's
 * search finds, bounded, with the customer's mapping; neither touches a basket.
 */
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { baskets, prices, products } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { shortened, type OciField } from '../punchout/oci'
import { basketWith, plainSkus, userPrincipal } from './basket-test-fixtures'
import { localize } from './channel'
import { MAX_BACKGROUND_SEARCH_PRODUCTS, ociBackgroundSearch, ociValidation } from './punchout-oci-products'
import { setOciConfiguration } from './punchout-oci'
import { punchoutTransferBasket, productTransferBasket } from './punchout-transfer'
import { refusal } from './test-refusal'

let database: Database
let skus: string[] = []
const scope = { currency: 'EUR' as const, locale: 'en_US' as const }
const customer = 'BC-200001'

beforeAll(async () => {
  database = await seededTestDatabase()
  skus = await plainSkus(database.db, 2)
})
afterAll(async () => {
  await database?.close()
})

const value = (fields: OciField[], name: string) => fields.find((field) => field.name === name)?.value

describe('VALIDATE', () => {
  it('answers the product’s fields at the quantity, at the tier price a basket charges for it', async () => {
    const db = database.db
    const sku = skus[0]!
    // A scaled price from 10 pieces on, so that the quantity chooses the price.
    const eur = (await db.select().from(prices).where(eq(prices.sku, sku))).find((p) => p.currency === 'EUR')!
    await db
      .update(prices)
      .set({ scaled: [{ minQuantity: 10, net: eur.saleNet - 100, gross: eur.saleNet }] })
      .where(eq(prices.sku, sku))
    const basketsBefore = (await db.select().from(baskets)).length
    const { fields, problems } = await ociValidation(db, customer, { sku, quantity: 12 }, scope)
    // The name shortened to SAP's 40 characters; the price always whole cents per piece: nothing to report.
    expect(problems).toEqual([])
    const [product] = await db.select().from(products).where(eq(products.sku, sku))
    expect(value(fields, 'NEW_ITEM-DESCRIPTION[1]')).toBe(shortened(localize(product!.names, 'en_US'), 40))
    expect(value(fields, 'NEW_ITEM-QUANTITY[1]')).toBe('12.000')
    expect(value(fields, 'NEW_ITEM-PRICE[1]')).toBe(((eur.saleNet - 100) / 100).toFixed(2))
    expect(value(fields, 'NEW_ITEM-EXT_PRODUCT_ID[1]')).toBe(sku)
    expect((await db.select().from(baskets)).length).toBe(basketsBefore)
    // The same line in a basket transfers with the same amounts.
    const buyer = await userPrincipal(db, 'brightline-oci')
    const basket = await basketWith(db, buyer!, [{ sku, quantity: 12 }])
    const [inBasket] = (await punchoutTransferBasket(db, basket.id, buyer!, 'en_US')).lines
    const [validated] = (await productTransferBasket(db, [{ sku, quantity: 12 }], 'EUR', 'en_US')).lines
    expect({ ...validated, lineId: '' }).toEqual({ ...inBasket, lineId: '' })
    await db.update(prices).set({ scaled: [] }).where(eq(prices.sku, sku))
  })

  it('refuses a quantity the rules do not allow and a product that cannot be ordered online', async () => {
    const db = database.db
    const sku = skus[1]!
    expect(await refusal(ociValidation(db, customer, { sku, quantity: 0 }, scope))).toBe(
      'invalid:punchout.oci.quantity.invalid',
    )
    expect(await refusal(ociValidation(db, customer, { sku, quantity: Number.NaN }, scope))).toBe(
      'invalid:punchout.oci.quantity.invalid',
    )
    await db.update(products).set({ stepQuantity: 5 }).where(eq(products.sku, sku))
    expect(await refusal(ociValidation(db, customer, { sku, quantity: 3 }, scope))).toBe(
      'invalid:basket.line_item.quantity.step_quantity.error',
    )
    await db.update(products).set({ stepQuantity: 1, online: false }).where(eq(products.sku, sku))
    expect(await refusal(ociValidation(db, customer, { sku, quantity: 1 }, scope))).toBe(
      'not-found:product.not_found',
    )
    await db.update(products).set({ online: true }).where(eq(products.sku, sku))
    expect(await refusal(ociValidation(db, customer, { sku: 'NO-SUCH-SKU', quantity: 1 }, scope))).toBe(
      'not-found:product.not_found',
    )
  })
})

describe('BACKGROUND_SEARCH', () => {
  it('answers the fields of what the search finds, bounded, with the customer’s mapping', async () => {
    const db = database.db
    const [product] = await db.select().from(products).where(eq(products.sku, skus[0]!))
    const word = localize(product!.names, 'en_US').split(/\s+/)[0]!
    await setOciConfiguration(db, customer, [
      { field: 'NEW_ITEM-VENDOR', transform: 'IB-{Position}', formatter: '' },
    ])
    const { fields } = await ociBackgroundSearch(db, customer, ` ${word} `, {
      ...scope,
      site: 'ironbridge-Site',
    })
    await setOciConfiguration(db, customer, [])
    const found = fields.filter((field) => field.name.startsWith('NEW_ITEM-EXT_PRODUCT_ID['))
    expect(found.length).toBeGreaterThan(0)
    expect(found.length).toBeLessThanOrEqual(MAX_BACKGROUND_SEARCH_PRODUCTS)
    expect(value(fields, 'NEW_ITEM-VENDOR[1]')).toBe('IB-1')
    const skusFound = found.map((field) => field.value)
    const rows = await db.select().from(products).where(inArray(products.sku, skusFound))
    expect(rows.every((row) => row.online && row.kind !== 'master' && row.kind !== 'retailset')).toBe(true)
  })

  it('refuses an empty or overlong search string, and finds nothing for nonsense', async () => {
    const db = database.db
    const site = { ...scope, site: 'ironbridge-Site' }
    for (const term of ['', '   ', 'x'.repeat(201)])
      expect(await refusal(ociBackgroundSearch(db, customer, term, site))).toBe('invalid:request.invalid')
    expect((await ociBackgroundSearch(db, customer, 'qqqxxzzyy', site)).fields).toEqual([])
  })
})
