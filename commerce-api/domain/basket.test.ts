/**
 * Baskets without HTTP: adding items (resolve, check the rules, merge and insert), fitting quantities when
 * adjustments are allowed, the tax destination and what the basket tells the shopper about it, custom fields.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { lineItems, prices } from '../db/schema'
import { lineItemJson } from '../icm/basket'
import {
  addItems,
  basketNotices,
  basketState,
  createBasket,
  mergeCustomFields,
  type CustomField,
} from './basket'
import { addressIn, basketTestBed, basketWith, refusal, setRules, shipTo } from './basket-test-fixtures'
import { withTax } from './money'
import type { Principal } from './tokens'

let db: Db
let guest: Principal
let skus: string[]
basketTestBed({ skus: 6 }, (bed) => ({ db, caller: guest, skus } = bed))

const linesOf = (basketId: string) =>
  db.select().from(lineItems).where(eq(lineItems.basketId, basketId)).orderBy(lineItems.position)

describe('adding items', () => {
  it('inserts new lines after the last position and raises the line of a product already there', async () => {
    const [a, b] = skus as [string, string]
    const basket = await basketWith(db, guest, [{ sku: a, quantity: 2 }])
    const result = await addItems(db, basket, 'en_US', [
      { sku: b, quantity: 1 },
      { sku: a, quantity: 3 },
      { sku: b, quantity: 2 },
    ])
    expect((await linesOf(basket.id)).map((l) => [l.sku, l.quantity, l.position])).toEqual([
      [a, 5, 1],
      [b, 3, 2],
    ])
    expect(result.increased).toEqual([a])
    expect(result.lineIds).toHaveLength(2)
    expect(result.adjusted).toEqual([])
    expect(result.state.lines.map((l) => l.id).sort()).toEqual([...result.lineIds].sort())
  })

  it('is all or nothing: one refusal refuses the add, naming every item that breaks a rule', async () => {
    const [a, b] = skus as [string, string]
    const basket = await createBasket(db, guest, 'EUR')
    const error = await refusal(() =>
      addItems(db, basket, 'en_US', [
        { sku: a, quantity: 1 },
        { sku: 'NOPE', quantity: 1 },
        { sku: b, quantity: 101 },
        { sku: a, quantity: 1, warrantyId: 'W-9Y' },
        { sku: b, quantity: 1, mandatorySelectionItemOf: '00000000-0000-0000-0000-000000000000' },
      ]),
    )
    expect(error).toMatchObject({ kind: 'refused', code: 'basket.line_item.creation.failed' })
    expect(error.causes.map((c) => [c.code, c.paths])).toEqual([
      ['basket.line_item.product_not_found.error', ['[1].product']],
      ['basket.line_item.quantity.max_order_quantity.error', ['[2].quantity.value']],
      ['basket.line_item.warranty_not_available.error', ['[3].warranty']],
      ['basket.line_item.mandatory_parent.not_found.error', ['[4].mandatorySelectionItemOf']],
    ])
    expect(await linesOf(basket.id)).toEqual([])
  })

  it('checks the line’s quantity after the add: what is there and what comes add up', async () => {
    const [, , c] = skus as [string, string, string]
    await setRules(db, c, { min: 2, step: 2, max: 10 })
    const basket = await basketWith(db, guest, [{ sku: c, quantity: 8 }])
    const error = await refusal(() => addItems(db, basket, 'en_US', [{ sku: c, quantity: 4 }]))
    expect(error.causes[0]).toMatchObject({ code: 'basket.line_item.quantity.max_order_quantity.error' })
    const step = await refusal(() => addItems(db, basket, 'en_US', [{ sku: c, quantity: 1 }]))
    expect(step.causes[0]).toMatchObject({ code: 'basket.line_item.quantity.step_quantity.error' })
    await setRules(db, c, { min: 1, step: 1, max: null })
  })
})

describe('adding items with adjustments allowed', () => {
  it('fits each quantity to the rules (down onto the step, up to the minimum) and reports the fit', async () => {
    const [a, b, c] = skus as [string, string, string]
    await setRules(db, b, { min: 5, step: 5, max: 50 })
    await setRules(db, c, { min: 4, step: 1, max: null })
    const basket = await createBasket(db, guest, 'EUR')
    const result = await addItems(
      db,
      basket,
      'en_US',
      [
        { sku: a, quantity: 104 },
        { sku: b, quantity: 7 },
        { sku: c, quantity: 1 },
      ],
      { adjustmentsAllowed: true },
    )
    const lines = await linesOf(basket.id)
    expect(lines.map((l) => [l.sku, l.quantity])).toEqual([
      [a, 100],
      [b, 5],
      [c, 4],
    ])
    expect(result.refused).toEqual([])
    expect(
      result.adjusted.map((x) => [x.index, x.requested, x.added, x.lineQuantity, x.reason.code]),
    ).toEqual([
      [0, 104, 100, 100, 'basket.line_item.quantity.max_order_quantity.error'],
      [1, 7, 5, 5, 'basket.line_item.quantity.step_quantity.error'],
      [2, 1, 4, 4, 'basket.line_item.quantity.min_order_quantity.error'],
    ])
    expect(result.adjusted.map((x) => x.lineItemId)).toEqual(lines.map((l) => l.id))
    await setRules(db, b, { min: 1, step: 1, max: null })
    await setRules(db, c, { min: 1, step: 1, max: null })
  })

  it('adds what it can and names the rest; refuses only when nothing can be added', async () => {
    const [a] = skus as [string]
    const basket = await basketWith(db, guest, [{ sku: a, quantity: 100 }])
    const result = await addItems(
      db,
      basket,
      'en_US',
      [
        { sku: 'NOPE', quantity: 1 },
        { sku: skus[1]!, quantity: 2 },
      ],
      { adjustmentsAllowed: true },
    )
    expect(result.refused).toEqual([
      {
        code: 'basket.line_item.product_not_found.error',
        message: expect.any(String),
        paths: ['[0].product'],
      },
    ])
    expect((await linesOf(basket.id)).map((l) => l.quantity)).toEqual([100, 2])
    // The line holds the most it may: fitting would add nothing, so the item is refused as without adjustments.
    const full = await refusal(() =>
      addItems(db, basket, 'en_US', [{ sku: a, quantity: 3 }], { adjustmentsAllowed: true }),
    )
    expect(full.causes.map((c) => c.code)).toEqual(['basket.line_item.quantity.max_order_quantity.error'])
    expect((await linesOf(basket.id)).map((l) => l.quantity)).toEqual([100, 2])
  })
})

describe('the tax destination', () => {
  it('prices a basket without an address as the catalog does, for the currency’s default destination', async () => {
    const [a] = skus as [string]
    const usd = await basketWith(db, guest, [{ sku: a, quantity: 3 }], 'USD')
    const state = await basketState(db, usd, 'en_US')
    const listed = (await db.select().from(prices).where(eq(prices.sku, a))).find(
      (p) => p.currency === 'USD',
    )!
    expect(state.destination).toMatchObject({ source: 'default', country: { code: 'US' } })
    expect(state.priced[0]!.unit).toEqual({ net: listed.saleNet, gross: listed.saleGross })
    expect(state.totals.isEstimated).toBe(true)
    expect(basketNotices(state)).toEqual([])

    const eur = await basketWith(db, guest, [{ sku: a, quantity: 1 }], 'EUR')
    const eurState = await basketState(db, eur, 'en_US')
    const eurListed = (await db.select().from(prices).where(eq(prices.sku, a))).find(
      (p) => p.currency === 'EUR',
    )!
    expect(eurState.destination.country.code).toBe('DE')
    expect(eurState.priced[0]!.unit.gross).toBe(eurListed.saleGross)
  })

  it('says so when the address’s country taxes at another rate than the prices were shown with', async () => {
    const [a] = skus as [string]
    const basket = await basketWith(db, guest, [{ sku: a, quantity: 2 }], 'USD')
    const before = await basketState(db, basket, 'en_US')
    const berlin = await shipTo(db, basket, guest, addressIn('DE'))
    const after = await basketState(db, berlin, 'en_US')
    expect(after.destination).toMatchObject({ source: 'ship-to', country: { code: 'DE' } })
    expect(after.totals.items.net).toBe(before.totals.items.net)
    expect(after.totals.items.gross).toBe(withTax(before.totals.items.net, 19).gross)
    expect(basketNotices(after)).toEqual([
      {
        code: 'basket.tax.destination_changed.info',
        message:
          'Prices include 19 % tax for Germany instead of the 0 % for United States they were shown with.',
        parameters: { previousCountry: 'US', previousTaxRate: '0', country: 'DE', taxRate: '19' },
      },
    ])

    // The default destination itself, or a country with its rate, changes nothing.
    const newYork = await shipTo(db, berlin, guest, addressIn('US'))
    expect(basketNotices(await basketState(db, newYork, 'en_US'))).toEqual([])
    const eur = await shipTo(
      db,
      await basketWith(db, guest, [{ sku: a, quantity: 1 }]),
      guest,
      addressIn('DE'),
    )
    expect(basketNotices(await basketState(db, eur, 'en_US'))).toEqual([])
    const warsaw = await shipTo(
      db,
      await basketWith(db, guest, [{ sku: a, quantity: 1 }]),
      guest,
      addressIn('PL'),
    )
    expect(basketNotices(await basketState(db, warsaw, 'en_US'))[0]?.parameters).toEqual({
      previousCountry: 'DE',
      previousTaxRate: '19',
      country: 'PL',
      taxRate: '23',
    })
  })
})

describe('custom fields of line items', () => {
  const pcode: CustomField = { name: 'pcode', value: 'ABC-1', type: 'String' }

  it('merge by name: a later value wins, other fields stay', () => {
    const note = { name: 'note', value: 'x', type: 'String' }
    expect(mergeCustomFields([pcode, note], [{ ...pcode, value: 'ABC-2' }])).toEqual([
      note,
      { ...pcode, value: 'ABC-2' },
    ])
    expect(mergeCustomFields([], [])).toEqual([])
  })

  it('are shown on the line item', async () => {
    const basket = await basketWith(db, guest, [{ sku: skus[3]!, quantity: 1 }])
    const state = await basketState(db, basket, 'en_US')
    const line = { ...state.priced[0]!, customFields: [pcode] }
    expect(lineItemJson(state, line).customFields).toEqual([pcode])
    expect(lineItemJson(state, state.priced[0]!)).not.toHaveProperty('customFields')
  })

  // line_items needs its custom_fields column for this (the schema change is the lead's).
  it('are kept with the line they were added with', async () => {
    const basket = await createBasket(db, guest, 'EUR')
    await addItems(db, basket, 'en_US', [{ sku: skus[4]!, quantity: 1, customFields: [pcode] }])
    const state = await basketState(db, basket, 'en_US')
    expect(state.priced[0]!.customFields).toEqual([pcode])
  })
})
