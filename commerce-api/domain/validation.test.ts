/**
 * Basket validation without HTTP: every scope once with a basket it finds valid and once with one it does
 * not (and, where it adjusts, what it puts right), and which checks a scope name runs.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import {
  basketPromotionCodes,
  lineItems,
  paymentMethods,
  productLinks,
  products,
  promotions,
} from '../db/schema'
import { addItems, type BasketRow } from './basket'
import { addPromotionCode, updateBasket } from './basket-edits'
import { addressIn, basketTestBed, basketWith, setStock, shipTo } from './basket-test-fixtures'
import { MANDATORY_SELECTION } from './mandatory'
import { setOpenTender } from './payments'
import type { Principal } from './tokens'
import { parseScopes, validateBasket } from './validation'

let db: Db
let guest: Principal
let skus: string[]
basketTestBed({ skus: 6 }, (bed) => ({ db, caller: guest, skus } = bed))

const validate = (basket: BasketRow, scopes: string[], adjustmentsAllowed = false) =>
  validateBasket(db, basket, guest, 'en_US', { scopes, adjustmentsAllowed })

const codes = (messages: { code: string }[]) => messages.map((m) => m.code)

/** A guest basket with one line, addresses in Germany, a shipping method, and paid by invoice. */
async function completeBasket(sku = skus[0]!) {
  const basket = await shipTo(db, await basketWith(db, guest, [{ sku, quantity: 1 }]), guest, addressIn('DE'))
  const shipped = await updateBasket(db, basket, { commonShippingMethod: 'STD_GROUND' })
  await setOpenTender(db, shipped, guest, 'en_US', { paymentInstrument: 'INVOICE' }, 'http://psp.test')
  return shipped
}

describe('the Products scope', () => {
  it('is valid for lines that are orderable, in stock and within their rules', async () => {
    const { results } = await validate(await completeBasket(), ['Products'])
    expect(results).toEqual({ valid: true, adjusted: false, errors: [], infos: [] })
  })

  it('names a product gone, short stock and an empty basket; adjusts by fitting or removing', async () => {
    const [gone, scarce, kept] = skus.slice(1, 4) as [string, string, string]
    const basket = await basketWith(db, guest, [
      { sku: gone, quantity: 1 },
      { sku: scarce, quantity: 5 },
      { sku: kept, quantity: 1 },
    ])
    await db.update(products).set({ online: false }).where(eq(products.sku, gone))
    await setStock(db, scarce, 2)
    const checked = await validate(basket, ['Products'])
    expect(checked.results.valid).toBe(false)
    expect(checked.results.errors.map((e) => [e.code, e.parameters.productSku])).toEqual([
      ['basket.line_item.product_not_available.error', gone],
      ['basket.line_item.quantity.not_in_stock.error', scarce],
    ])
    const adjusted = await validate(basket, ['Products'], true)
    expect(adjusted.results).toMatchObject({ valid: true, adjusted: true, errors: [] })
    expect(codes(adjusted.results.infos)).toEqual([
      'basket.line_item.removed.info',
      'basket.line_item.quantity.adjusted.info',
    ])
    expect(adjusted.state.lines.map((l) => [l.sku, l.quantity])).toEqual([
      [scarce, 2],
      [kept, 1],
    ])
    await db.update(products).set({ online: false }).where(eq(products.sku, kept))
    await setStock(db, scarce, 0)
    const empty = await validate(basket, ['Products'], true)
    expect(codes(empty.results.errors)).toEqual(['basket.validation.empty.error'])
    await db.update(products).set({ online: true }).where(eq(products.sku, gone))
    await db.update(products).set({ online: true }).where(eq(products.sku, kept))
    await setStock(db, scarce, 100)
  })

  it('names a mandatory selection the line still lacks, and is valid once it is chosen', async () => {
    const [product, selection] = [skus[5]!, skus[3]!]
    await db
      .insert(productLinks)
      .values({ sku: product, linkType: MANDATORY_SELECTION, targetSku: selection, position: 0 })
    const basket = await basketWith(db, guest, [{ sku: product, quantity: 1 }])
    const missing = await validate(basket, ['Products'])
    expect(missing.results.errors).toEqual([
      expect.objectContaining({
        code: 'basket.line_item.mandatory_selection.missing.error',
        parameters: { scopes: ['Products'], lineItemId: missing.state.lines[0]!.id, productSku: product },
      }),
    ])
    const parent = missing.state.lines[0]!.id
    await addItems(db, basket, 'en_US', [{ sku: selection, quantity: 1, mandatorySelectionItemOf: parent }])
    expect((await validate(basket, ['Products'])).results.valid).toBe(true)
    await db.delete(productLinks).where(eq(productLinks.sku, product))
  })
})

describe('the Promotion scope', () => {
  it('is valid with a code of a running promotion', async () => {
    const basket = await basketWith(db, guest, [{ sku: skus[0]!, quantity: 1 }])
    await addPromotionCode(db, basket, 'WELCOME10')
    expect((await validate(basket, ['Promotion'])).results.valid).toBe(true)
  })

  it('names a code whose promotion ended, and removes it when allowed', async () => {
    const basket = await basketWith(db, guest, [{ sku: skus[0]!, quantity: 1 }])
    await addPromotionCode(db, basket, 'WELCOME10')
    await db.update(promotions).set({ active: false }).where(eq(promotions.code, 'WELCOME10'))
    const checked = await validate(basket, ['Promotion'])
    expect(codes(checked.results.errors)).toEqual(['basket.promotion_code.no_longer_valid.error'])
    const adjusted = await validate(basket, ['Promotion'], true)
    expect(codes(adjusted.results.infos)).toEqual(['basket.promotion_code.removed.info'])
    expect(
      await db.select().from(basketPromotionCodes).where(eq(basketPromotionCodes.basketId, basket.id)),
    ).toEqual([])
    await db.update(promotions).set({ active: true }).where(eq(promotions.code, 'WELCOME10'))
  })
})

describe('the address scopes', () => {
  it('are valid with an invoice address carrying the guest’s e-mail and a ship-to address', async () => {
    const basket = await completeBasket()
    const { results } = await validate(basket, ['InvoiceAddress', 'ShippingAddress'])
    expect(results.valid).toBe(true)
  })

  it('name a missing invoice address and e-mail (InvoiceAddress) and ship-to address (ShippingAddress)', async () => {
    const basket = await basketWith(db, guest, [{ sku: skus[0]!, quantity: 1 }])
    const invoice = await validate(basket, ['InvoiceAddress'])
    expect(invoice.results.errors).toEqual([
      expect.objectContaining({
        code: 'basket.validation.invoice_address.missing.error',
        parameters: { scopes: ['InvoiceAddress'] },
      }),
      expect.objectContaining({
        code: 'basket.validation.email.missing.error',
        parameters: { scopes: ['InvoiceAddress'] },
      }),
    ])
    const shipping = await validate(basket, ['ShippingAddress'])
    expect(shipping.results.errors).toEqual([
      expect.objectContaining({
        code: 'basket.validation.ship_to_address.missing.error',
        parameters: { scopes: ['ShippingAddress'] },
      }),
    ])
    // Addresses stands for both.
    expect((await validate(basket, ['Addresses'])).results.errors).toHaveLength(3)
  })
})

describe('the Shipping scope', () => {
  it('is valid with a method that serves the ship-to country', async () => {
    expect((await validate(await completeBasket(), ['Shipping'])).results.valid).toBe(true)
  })

  it('names a missing or ineligible method, and chooses the first eligible one when allowed', async () => {
    const basket = await shipTo(
      db,
      await basketWith(db, guest, [{ sku: skus[0]!, quantity: 1 }]),
      guest,
      addressIn('DE'),
    )
    const missing = await validate(basket, ['Shipping'])
    expect(codes(missing.results.errors)).toEqual(['basket.validation.shipping_method.missing.error'])
    const chosen = await validate(basket, ['Shipping'], true)
    expect(codes(chosen.results.infos)).toEqual(['basket.shipping_method.default_chosen.info'])
    expect(chosen.state.shippingMethod?.id).toBe('STD_GROUND')

    const pickup = await updateBasket(db, basket, { commonShippingMethod: 'PICKUP' })
    const inPoland = await shipTo(db, pickup, guest, addressIn('PL'))
    const ineligible = await validate(inPoland, ['Shipping'])
    expect(codes(ineligible.results.errors)).toEqual(['basket.validation.shipping_method.not_eligible.error'])
    const changed = await validate(inPoland, ['Shipping'], true)
    expect(codes(changed.results.infos)).toEqual(['basket.shipping_method.changed.info'])
  })
})

describe('the Payment scope', () => {
  it('is valid with a payment the basket’s total allows', async () => {
    expect((await validate(await completeBasket(), ['Payment'])).results.valid).toBe(true)
  })

  it('names a missing payment, a restricted one (removed when allowed) and an unauthorised wallet', async () => {
    const unpaid = await basketWith(db, guest, [{ sku: skus[0]!, quantity: 1 }])
    expect(codes((await validate(unpaid, ['Payment'])).results.errors)).toEqual([
      'basket.validation.payment.missing.error',
    ])

    const basket = await completeBasket()
    const [invoice] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, 'INVOICE'))
    await db
      .update(paymentMethods)
      .set({ maxTotal: { EUR: 1 } })
      .where(eq(paymentMethods.id, 'INVOICE'))
    expect(codes((await validate(basket, ['Payment'])).results.errors)).toEqual([
      'basket.validation.payment.restricted.error',
    ])
    const removed = await validate(basket, ['Payment'], true)
    expect(codes(removed.results.infos)).toEqual(['basket.payment.removed.info'])
    expect(removed.state.payment).toBeUndefined()
    await db
      .update(paymentMethods)
      .set({ maxTotal: invoice!.maxTotal })
      .where(eq(paymentMethods.id, 'INVOICE'))

    await setOpenTender(db, basket, guest, 'en_US', { paymentInstrument: 'WALLET' }, 'http://psp.test')
    expect(codes((await validate(basket, ['Payment'])).results.errors)).toEqual([
      'basket.validation.payment.not_authorized.error',
    ])
    // Placing an order: the missing authorisation is the order's outcome, not an error.
    const forOrder = await validateBasket(db, basket, guest, 'en_US', {
      scopes: ['Payment'],
      adjustmentsAllowed: false,
      forOrder: true,
    })
    expect(forOrder.results.valid).toBe(true)
  })
})

describe('which checks a scope runs', () => {
  it('runs nothing for Value, CostCenter and scopes it has no rules for, everything for All, Products when none is named', async () => {
    // Invalid in every scope that checks something: gone product, no addresses, no shipping, no payment.
    const basket = await basketWith(db, guest, [{ sku: skus[4]!, quantity: 1 }])
    await db.update(products).set({ online: false }).where(eq(products.sku, skus[4]!))
    for (const scope of ['Value', 'CostCenter', 'Quote', 'Subscription'])
      expect((await validate(basket, [scope])).results, scope).toEqual({
        valid: true,
        adjusted: false,
        errors: [],
        infos: [],
      })
    const all = await validate(basket, ['All'])
    expect(new Set(all.results.errors.flatMap((e) => e.parameters.scopes))).toEqual(
      new Set(['Products', 'InvoiceAddress', 'ShippingAddress', 'Shipping', 'Payment']),
    )
    await db.update(products).set({ online: true }).where(eq(products.sku, skus[4]!))
    expect(
      (await validate(basket, ['Products', 'Value'])).results.errors.map((e) => e.parameters.scopes[0]),
    ).toEqual([])
    await db.delete(lineItems).where(eq(lineItems.basketId, basket.id))
  })

  it("takes any scope named as ICM's are, once each in the order asked, and refuses what is no scope name", () => {
    expect(parseScopes(undefined)).toEqual(['Products'])
    expect(parseScopes('')).toEqual(['Products'])
    expect(parseScopes('Payment')).toEqual(['Payment'])
    expect(parseScopes(['Quote', 'Products', 'Subscription', 'Quote'])).toEqual([
      'Quote',
      'Products',
      'Subscription',
    ])
    for (const garbage of ['products', 'Pay ment', '<script>', 'Q'.repeat(41), '1Products'])
      expect(() => parseScopes(['Products', garbage]), garbage).toThrow(/Invalid validation scope/)
  })
})
