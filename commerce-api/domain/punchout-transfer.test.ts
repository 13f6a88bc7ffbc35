/**
 * The transfer basket without HTTP (issue 34): built from a basket with the basket's own amounts (the lines
 * at what the basket charges, order promotions shared out over them, tax and shipping as estimated, the total
 * the basket's grand total), the products' texts in the session's language, their UN/CEFACT unit, UNSPSC code
 * (the nearest category's that has one) and lead time; another user's basket is not found.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { categories, meta, products } from '../db/schema'
import { seedDatabase } from '../db/seed/seed'
import { seededTestDatabase } from '../db/test-database'
import { basketState } from './basket'
import { addPromotionCode, updateBasket } from './basket-edits'
import { basketWith, plainSkus, userPrincipal } from './basket-test-fixtures'
import type { Principal } from './tokens'
import type { UserPrincipal } from './punchout-users'
import { readPunchOutOrderMessage } from '../punchout/cxml'
import { readIdsReturnCart } from '../punchout/ids'
import { DEMO_PASSWORD } from '../db/seed/people'
import { setOciConfiguration } from './punchout-oci'
import { openCxmlSession } from './punchout-sessions'
import { addItems, requireBasket } from './basket'
import {
  punchoutTransferBasket,
  transferCxmlSession,
  transferIdsBasket,
  transferOciBasket,
  unitPriceOf,
  unspscOfCategories,
} from './punchout-transfer'
import { refusal } from './test-refusal'

let database: Database
let buyer: Principal
let skus: string[] = []

beforeAll(async () => {
  database = await seededTestDatabase()
  buyer = await userPrincipal(database.db, 'brightline-oci')
  skus = await plainSkus(database.db, 3)
})
afterAll(async () => {
  await database?.close()
})

describe('the transfer basket', () => {
  it('carries each line with the product’s texts, unit, classification and lead time', async () => {
    const db = database.db
    const [box] = await db.select().from(products).where(eq(products.packingUnit, 'box')).limit(1)
    // A product sold by the box, with plain rules for this test.
    await db
      .update(products)
      .set({ minOrderQuantity: 1, stepQuantity: 1, maxOrderQuantity: null, readyForShipmentMax: 4 })
      .where(eq(products.sku, box!.sku))
    const basket = await basketWith(db, buyer, [
      { sku: skus[0]!, quantity: 2 },
      { sku: box!.sku, quantity: 1 },
    ])
    const transfer = await punchoutTransferBasket(db, basket.id, buyer, 'de_DE')
    const [first, second] = transfer.lines
    const [product] = await db.select().from(products).where(eq(products.sku, skus[0]!))
    expect(transfer).toMatchObject({ basketId: basket.id, currency: 'EUR', locale: 'de-DE' })
    expect(first).toMatchObject({
      position: 1,
      sku: skus[0],
      name: product!.names.de_DE,
      description: product!.shortDescriptions.de_DE,
      quantity: 2,
      unit: 'C62',
      taxRate: 19,
      manufacturer: product!.manufacturer,
      manufacturerPartId: product!.manufacturerSku,
      ean: product!.ean,
      leadTimeDays: product!.readyForShipmentMax,
    })
    expect(first!.unspsc).toMatch(/^\d{8}$/)
    expect(second).toMatchObject({ position: 2, sku: box!.sku, unit: 'BX', leadTimeDays: 4 })
  })

  it('adds up to what the basket charges: lines, tax and shipping, with an order promotion shared out', async () => {
    const db = database.db
    const basket = await basketWith(db, buyer, [
      { sku: skus[0]!, quantity: 3 },
      { sku: skus[1]!, quantity: 7 },
      { sku: skus[2]!, quantity: 1 },
    ])
    await updateBasket(db, basket, { commonShippingMethod: 'STD_GROUND' }, buyer)
    await addPromotionCode(db, basket, 'WELCOME10')
    const state = await basketState(db, basket, 'en_US')
    expect(state.totals.valueRebates.net).toBeGreaterThan(0)
    const transfer = await punchoutTransferBasket(db, basket.id, buyer, 'en_US')
    const lineSum = transfer.lines.reduce((sum, line) => sum + line.lineTotal.amount, 0)
    expect(transfer.subtotal.amount).toBe(lineSum)
    expect(transfer.subtotal.amount).toBe(state.totals.items.net - state.totals.valueRebates.net)
    expect(transfer.tax.amount).toBe(state.totals.salesTax)
    expect(transfer.shipping.amount).toBe(state.totals.shipping.net)
    expect(transfer.shipping.amount).toBeGreaterThanOrEqual(0)
    expect(transfer.total.amount).toBe(state.totals.grand.gross)
    // Each line is below its undiscounted price by its share of the promotion, and its unit price is its
    // total per piece (rounded to the cent).
    for (const line of transfer.lines) {
      const priced = state.priced.find((p) => p.row.id === line.lineId)!
      expect(line.lineTotal.amount).toBeLessThan(priced.net)
      expect(line.unitPrice.amount).toBe(unitPriceOf(line.lineTotal.amount, line.quantity))
      expect(Math.abs(line.unitPrice.amount * line.quantity - line.lineTotal.amount)).toBeLessThan(
        line.quantity,
      )
    }
  })

  it('is empty for an empty basket, and not found for another user’s basket', async () => {
    const db = database.db
    const empty = await basketWith(db, buyer, [])
    const transfer = await punchoutTransferBasket(db, empty.id, buyer, 'en_US')
    expect(transfer.lines).toEqual([])
    expect(transfer.total.amount).toBe(0)
    const colleague = await userPrincipal(db, 'bbuyer')
    expect(await refusal(punchoutTransferBasket(db, empty.id, colleague, 'en_US'))).toBe(
      'not-found:basket.not_found.error',
    )
    expect(await refusal(punchoutTransferBasket(db, 'not-a-basket', buyer, 'en_US'))).toBe(
      'not-found:basket.not_found.error',
    )
  })
})

describe('a line’s UNSPSC code and unit price', () => {
  it('comes from the category, else its nearest ancestor with one, else none', async () => {
    const db = database.db
    const [leaf] = await db.select().from(categories).where(eq(categories.segment, 'Cordless-Drills'))
    const [sub] = await db.select().from(categories).where(eq(categories.uniqueId, leaf!.parentId!))
    expect(leaf!.unspsc).toBeNull()
    expect(sub!.unspsc).toBeNull()
    const [bricks] = await db.select().from(categories).where(eq(categories.segment, 'Bricks'))
    const codes = await unspscOfCategories(db, [leaf!.uniqueId, bricks!.uniqueId, 'No.Such.Category'])
    expect(codes.get(leaf!.uniqueId)).toBe('27112700') // Power tools: the top category's
    expect(codes.get(bricks!.uniqueId)).toBe('30131600') // its own
    expect(codes.has('No.Such.Category')).toBe(false)
    await db.update(categories).set({ unspsc: null }).where(eq(categories.uniqueId, 'Power-Tools'))
    expect((await unspscOfCategories(db, [leaf!.uniqueId])).has(leaf!.uniqueId)).toBe(false)
    await db.update(categories).set({ unspsc: '27112700' }).where(eq(categories.uniqueId, 'Power-Tools'))
  })

  it('is given to a database seeded before categories had codes at its next start, once', async () => {
    const db = database.db
    await db.update(categories).set({ unspsc: null })
    await db.update(categories).set({ unspsc: '11111111' }).where(eq(categories.segment, 'Bricks'))
    await db.delete(meta).where(eq(meta.key, 'category-unspsc'))
    await seedDatabase(db)
    const code = async (segment: string) =>
      (await db.select().from(categories).where(eq(categories.segment, segment)))[0]!.unspsc
    expect(await code('Power-Tools')).toBe('27112700')
    expect(await code('Cordless-Drills')).toBeNull()
    // A code the shop set is kept.
    expect(await code('Bricks')).toBe('11111111')
    await db.update(categories).set({ unspsc: null }).where(eq(categories.segment, 'Power-Tools'))
    await seedDatabase(db)
    expect(await code('Power-Tools')).toBeNull()
    await db.update(categories).set({ unspsc: '27112700' }).where(eq(categories.segment, 'Power-Tools'))
    await db.update(categories).set({ unspsc: '30131600' }).where(eq(categories.segment, 'Bricks'))
  })

  it('is the line total per piece, rounded half up', () => {
    expect(unitPriceOf(1000, 4)).toBe(250)
    expect(unitPriceOf(1001, 2)).toBe(501)
    expect(unitPriceOf(1000, 3)).toBe(333)
    expect(unitPriceOf(1001, 3)).toBe(334)
    expect(unitPriceOf(0, 5)).toBe(0)
  })
})

describe('the transfers in each format', () => {
  const stamp = { payloadId: '1.test@ironbridge.test', timestamp: '2026-11-30T08:00:00+00:00' }

  it('cXML: the session’s basket with the cookie, the buyer as To, the shop’s credential and operationAllowed', async () => {
    const db = database.db
    const opened = await openCxmlSession(
      db,
      {
        senderIdentity: 'brightline-cxml',
        sharedSecret: DEMO_PASSWORD,
        operation: 'create',
        buyerCookie: 'cookie-99',
        browserFormPostUrl: 'https://procurement.example.test/return',
        from: { domain: 'DUNS', identity: '316049513' },
      },
      { currency: 'EUR', locale: 'de_DE' },
    )
    const cxmlUser = (await userPrincipal(db, 'brightline-cxml')) as UserPrincipal
    const basket = await requireBasket(db, cxmlUser, opened.session.basketId)
    await addItems(db, basket, 'de_DE', [{ sku: skus[0]!, quantity: 2 }])
    const { xml, problems } = await transferCxmlSession(db, cxmlUser, opened.session.id, 'de_DE', stamp)
    const message = readPunchOutOrderMessage(xml)
    expect(message).toMatchObject({
      buyerCookie: 'cookie-99',
      operationAllowed: 'edit',
      payloadId: stamp.payloadId,
    })
    expect(message.header?.to).toEqual([{ domain: 'DUNS', identity: '316049513', sharedSecret: null }])
    expect(message.header?.from).toEqual([
      { domain: 'NetworkID', identity: 'IronbridgeSupply', sharedSecret: null },
    ])
    expect(message.basket.lines.map((line) => [line.sku, line.quantity])).toEqual([[skus[0], 2]])
    expect(xml).toContain('Steuer (geschätzt)')
    expect(problems.filter((problem) => problem.reason !== 'missing')).toEqual([])
    expect(
      await refusal(transferCxmlSession(db, buyer as UserPrincipal, opened.session.id, 'de_DE', stamp)),
    ).toBe('not-found:punchout.session.not_found')
  })

  it('OCI: the fields with the customer’s mapping; IDS: the WKE cart; another’s basket is not found', async () => {
    const db = database.db
    const oci = buyer as UserPrincipal
    const basket = await basketWith(db, oci, [{ sku: skus[1]!, quantity: 3 }])
    await setOciConfiguration(db, 'BC-200001', [
      { field: 'NEW_ITEM-VENDOR', transform: 'V-{Position}', formatter: '' },
    ])
    const { fields } = await transferOciBasket(db, oci, basket.id, 'en_US')
    expect(fields).toContainEqual({ name: 'NEW_ITEM-VENDOR[1]', value: 'V-1' })
    expect(fields).toContainEqual({ name: 'NEW_ITEM-QUANTITY[1]', value: '3.000' })
    await setOciConfiguration(db, 'BC-200001', [])
    const cart = readIdsReturnCart((await transferIdsBasket(db, oci, basket.id, 'en_US')).xml)
    expect(cart.basket.lines.map((line) => [line.sku, line.quantity])).toEqual([[skus[1], 3]])
    const other = await userPrincipal(db, 'jlink')
    expect(await refusal(transferOciBasket(db, other as UserPrincipal, basket.id, 'en_US'))).toBe(
      'not-found:basket.not_found.error',
    )
  })
})
