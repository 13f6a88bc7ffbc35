import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { inventories, lineItems, prices, products, promotions } from '../../commerce-api/db/schema'
import {
  anonymousToken,
  basketFor,
  checkoutTestBed,
  guestAddress,
  readyGuestBasket,
} from './checkout-fixtures'
import { call, type Api } from './harness'

let api: Api
let skus: string[]
checkoutTestBed(3, (bed) => ({ api, skus } = bed))

const validate = (basket: { url: (p?: string) => string; token: string }, body: unknown) =>
  call(basket.url('/validations'), { method: 'POST', token: basket.token, json: body })

const codes = (messages: any[]) => messages.map((m) => m.code)

describe('basket validation', () => {
  it('answers in the PWA shape with the basket included, and refuses malformed scopes', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }])
    const result = await validate(basket, { adjustmentsAllowed: false, scopes: ['All'] })
    expect(result.status).toBe(200)
    expect(result.json.data).toMatchObject({ basket: basket.id, scopes: ['All'] })
    expect(result.json.data.results).toEqual({
      valid: false,
      adjusted: false,
      errors: [
        {
          code: 'basket.validation.payment.missing.error',
          message: 'A payment method is required.',
          parameters: { scopes: ['Payment'] },
        },
      ],
      infos: [],
    })
    expect(result.json.included.basket[basket.id].id).toBe(basket.id)
    expect(Object.keys(result.json.included.basket_lineItems)).toHaveLength(1)
    expect(result.json.included.basket_invoiceToAddress[basket.addressUrn].city).toBe('München')
    expect(result.json.included.basket_commonShippingMethod.STD_GROUND.id).toBe('STD_GROUND')

    const malformed = await validate(basket, { scopes: ['Products', "'; drop table baskets"] })
    expect(malformed.status).toBe(400)
    expect(malformed.json.errors[0]).toMatchObject({
      code: 'request.invalid',
      causes: [{ code: 'basket.validation.scope.invalid.error', paths: ['scopes'] }],
    })
    expect(malformed.json.errors[0].message).toContain("'; drop table baskets")
    const tooMany = await validate(basket, { scopes: Array.from({ length: 21 }, () => 'Products') })
    expect(tooMany.status).toBe(400)
    expect(tooMany.json.errors[0].code).toBe('request.invalid')
    expect((await validate(basket, { scopes: ['P'.repeat(51)] })).status).toBe(400)
    expect((await validate(basket, { adjustmentsAllowed: 'yes' })).status).toBe(400)
    // No scope: the minimum (Products) is validated, so the missing payment is not named.
    const minimum = await validate(basket, {})
    expect(minimum.json.data.results).toMatchObject({ valid: true, adjusted: false, errors: [] })
    // Value passes an order within the currency's limits; CostCenter has nothing to ask of a guest.
    for (const scope of ['Value', 'CostCenter']) {
      const checked = await validate(basket, { scopes: [scope] })
      expect(checked.json.data.results, scope).toEqual({
        valid: true,
        adjusted: false,
        errors: [],
        infos: [],
      })
    }
    expect(
      codes((await validate(basket, { scopes: ['Payment', 'Value'] })).json.data.results.errors),
    ).toEqual(['basket.validation.payment.missing.error'])
  })

  it("validates scopes the shop has no rules for (an ICM client's Quote and Subscription) as empty", async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }])
    // What an ICM client asks before checkout: no rules for quotes or subscriptions here, as in an ICM
    // without those features, so they pass and the scopes the shop knows are checked as usual.
    const clean = await validate(basket, {
      adjustmentsAllowed: true,
      scopes: ['Products', 'Quote', 'Subscription'],
    })
    expect(clean.status).toBe(200)
    expect(clean.json.data.scopes).toEqual(['Products', 'Quote', 'Subscription'])
    expect(clean.json.data.results).toEqual({ valid: true, adjusted: false, errors: [], infos: [] })
    const onlyUnknown = await validate(basket, { scopes: ['Quote'] })
    expect(onlyUnknown.json.data).toMatchObject({ scopes: ['Quote'], results: { valid: true, errors: [] } })
    const withPayment = await validate(basket, { scopes: ['Payment', 'Quote', 'Subscription'] })
    expect(withPayment.status).toBe(200)
    expect(codes(withPayment.json.data.results.errors)).toEqual(['basket.validation.payment.missing.error'])
  })

  it('names missing addresses, e-mail and shipping method per scope, and picks a shipping method when allowed', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [{ sku: skus[0]!, quantity: 1 }])
    const addresses = await validate(basket, { scopes: ['Addresses'] })
    expect(addresses.json.data.results.errors).toEqual([
      expect.objectContaining({
        code: 'basket.validation.invoice_address.missing.error',
        parameters: { scopes: ['InvoiceAddress'] },
      }),
      expect.objectContaining({
        code: 'basket.validation.email.missing.error',
        parameters: { scopes: ['InvoiceAddress'] },
      }),
      expect.objectContaining({
        code: 'basket.validation.ship_to_address.missing.error',
        parameters: { scopes: ['ShippingAddress'] },
      }),
    ])
    expect(codes((await validate(basket, { scopes: ['ShippingAddress'] })).json.data.results.errors)).toEqual(
      ['basket.validation.ship_to_address.missing.error'],
    )
    expect(codes((await validate(basket, { scopes: 'Shipping' })).json.data.results.errors)).toEqual([
      'basket.validation.shipping_method.missing.error',
    ])
    const chosen = await validate(basket, { scopes: ['Shipping'], adjustmentsAllowed: true })
    expect(chosen.json.data.results).toMatchObject({ valid: true, adjusted: true, errors: [] })
    expect(chosen.json.data.results.infos[0]).toMatchObject({
      code: 'basket.shipping_method.default_chosen.info',
      parameters: { scopes: ['Shipping'] },
    })
    expect((await basket.get()).data.commonShippingMethod).toBe('STD_GROUND')
  })

  it('resets a shipping method the ship-to country does not allow', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }], { shipping: 'PICKUP' })
    const fr = await call(basket.url('/addresses'), {
      method: 'POST',
      token: basket.token,
      json: guestAddress({ countryCode: 'FR', postalCode: '75001', mainDivision: undefined, city: 'Paris' }),
    })
    await call(basket.url(), {
      method: 'PATCH',
      token: basket.token,
      json: { commonShipToAddress: fr.json.data.urn },
    })
    expect(codes((await validate(basket, { scopes: ['Shipping'] })).json.data.results.errors)).toEqual([
      'basket.validation.shipping_method.not_eligible.error',
    ])
    const adjusted = await validate(basket, { scopes: ['Shipping'], adjustmentsAllowed: true })
    expect(codes(adjusted.json.data.results.infos)).toEqual(['basket.shipping_method.changed.info'])
    expect(adjusted.json.included.basket[basket.id].commonShippingMethod).toBe('STD_GROUND')
  })

  it('checks products: gone, out of stock, too many for the stock; adjusts or removes lines when allowed', async () => {
    const [gone, scarce, fine] = skus as [string, string, string]
    const basket = await readyGuestBasket(api, [
      { sku: gone, quantity: 1 },
      { sku: scarce, quantity: 5 },
      { sku: fine, quantity: 1 },
    ])
    const db = api.database.db
    await db.update(products).set({ online: false }).where(eq(products.sku, gone))
    await db.update(inventories).set({ stock: 2 }).where(eq(inventories.sku, scarce))
    const checked = await validate(basket, { scopes: ['Products'] })
    const errors = checked.json.data.results.errors
    expect(codes(errors)).toEqual([
      'basket.line_item.product_not_available.error',
      'basket.line_item.quantity.not_in_stock.error',
    ])
    expect(errors[0].parameters).toMatchObject({ productSku: gone, scopes: ['Products'] })
    expect(errors[1].message).toBe(`Only 2 of '${scarce}' are in stock.`)

    const adjusted = await validate(basket, { scopes: ['Products'], adjustmentsAllowed: true })
    expect(adjusted.json.data.results).toMatchObject({ valid: true, adjusted: true, errors: [] })
    expect(codes(adjusted.json.data.results.infos)).toEqual([
      'basket.line_item.removed.info',
      'basket.line_item.quantity.adjusted.info',
    ])
    const lines = await db.select().from(lineItems).where(eq(lineItems.basketId, basket.id))
    expect(lines.map((l) => [l.sku, l.quantity]).sort()).toEqual(
      [
        [fine, 1],
        [scarce, 2],
      ].sort(),
    )

    await db.update(inventories).set({ stock: 0 }).where(eq(inventories.sku, scarce))
    expect(codes((await validate(basket, { scopes: ['Products'] })).json.data.results.errors)).toEqual([
      'basket.line_item.product_out_of_stock.error',
    ])
    await validate(basket, { scopes: ['Products'], adjustmentsAllowed: true })
    await db.update(products).set({ online: false }).where(eq(products.sku, fine))
    const empty = await validate(basket, { scopes: ['Products'], adjustmentsAllowed: true })
    expect(codes(empty.json.data.results.errors)).toEqual(['basket.validation.empty.error'])
    expect(empty.json.data.results.valid).toBe(false)
    await db.update(products).set({ online: true }).where(eq(products.sku, fine))
    await db.update(products).set({ online: true }).where(eq(products.sku, gone))
    await db.update(inventories).set({ stock: 50 }).where(eq(inventories.sku, scarce))
  })

  it('checks the order value: below the minimum of its currency the Value and All scopes refuse the basket', async () => {
    const sku = skus[1]!
    const db = api.database.db
    const before = await db.select().from(prices).where(eq(prices.sku, sku))
    // 0.40 net a piece in the shop's currency (USD here): one is under the 1.00 minimum, three are over it.
    await db
      .update(prices)
      .set({ saleNet: 40, saleGross: 48, listNet: 40, listGross: 48, scaled: [] })
      .where(and(eq(prices.sku, sku), eq(prices.currency, 'USD')))
    try {
      const basket = await readyGuestBasket(api, [{ sku, quantity: 1 }])
      const low = await validate(basket, { scopes: ['Value'] })
      expect(low.json.data.results.valid).toBe(false)
      expect(low.json.data.results.errors).toEqual([
        {
          code: 'basket.validation.order_value.minimum.error',
          message: 'The minimum order value is 1.00 USD (net).',
          parameters: { scopes: ['Value'] },
        },
      ])
      expect(codes((await validate(basket, { scopes: ['All'] })).json.data.results.errors)).toContain(
        'basket.validation.order_value.minimum.error',
      )
      const line = Object.keys((await basket.get()).included.lineItems)[0]
      const more = await call(basket.url(`/items/${line}`), {
        method: 'PATCH',
        token: basket.token,
        json: { quantity: { value: 3 } },
      })
      expect(more.status).toBe(200)
      expect((await validate(basket, { scopes: ['Value'] })).json.data.results).toMatchObject({
        valid: true,
        errors: [],
      })
    } finally {
      for (const row of before)
        await db
          .update(prices)
          .set(row)
          .where(and(eq(prices.sku, sku), eq(prices.currency, row.currency)))
    }
  })

  it('drops a promotion code that ended, and checks the payment', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[2]!, quantity: 1 }])
    await call(basket.url('/promotioncodes'), {
      method: 'POST',
      token: basket.token,
      json: { code: 'WELCOME10' },
    })
    expect((await validate(basket, { scopes: ['Promotion'] })).json.data.results).toMatchObject({
      valid: true,
      errors: [],
    })
    await api.database.db.update(promotions).set({ active: false }).where(eq(promotions.code, 'WELCOME10'))
    expect(codes((await validate(basket, { scopes: ['Promotion'] })).json.data.results.errors)).toEqual([
      'basket.promotion_code.no_longer_valid.error',
    ])
    const dropped = await validate(basket, { scopes: ['Promotion'], adjustmentsAllowed: true })
    expect(codes(dropped.json.data.results.infos)).toEqual(['basket.promotion_code.removed.info'])
    expect((await basket.get()).data.promotionCodes).toEqual([])
    await api.database.db.update(promotions).set({ active: true }).where(eq(promotions.code, 'WELCOME10'))

    await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token: basket.token,
      json: {
        paymentInstrument: 'WALLET',
        redirect: {
          successUrl: 'http://s.test/ok',
          cancelUrl: 'http://s.test/c',
          failureUrl: 'http://s.test/f',
        },
      },
    })
    expect(codes((await validate(basket, { scopes: ['Payment'] })).json.data.results.errors)).toEqual([
      'basket.validation.payment.not_authorized.error',
    ])
    await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token: basket.token,
      json: { paymentInstrument: 'INVOICE' },
    })
    expect((await validate(basket, { scopes: ['All'] })).json.data.results).toMatchObject({
      valid: true,
      adjusted: false,
    })
  })
})
