import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { action, loader } from '~/routes/$lang._shop.basket'
import { answer, args, sessionCookie, sessionFrom } from './loader-args'
import { ICM_LINE, grandTotal, linePricing } from './checkout-fixtures'
import { configurationData, get, icm, icmError, icmPath, priceItem, productData } from './icm-mock'
import './setup'

/** A session cookie with a live token, as a shopper with a basket has. */
const shopperCookie = () =>
  sessionCookie({
    apiToken: 'token-1',
    isAnonymous: true,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3600_000,
  })

const basketData = {
  data: {
    id: 'b-1',
    calculated: true,
    purchaseCurrency: 'USD',
    lineItems: ['l-1'],
    totalProductQuantity: 2,
    promotionCodes: ['WELCOME10'],
    messageToMerchant: 'Call first',
    discounts: { valueBasedDiscounts: ['order-welcome-10'] },
    totals: {
      itemTotal: priceItem(200, 238),
      basketValueDiscountsTotal: priceItem(20, 23.8),
      grandTotal: grandTotal(180, 214.2),
    },
  },
  included: {
    discounts: {
      'order-welcome-10': {
        id: 'order-welcome-10',
        promotionType: 'ORDER_VALUE_REBATE',
        description: 'Welcome offer',
        code: 'WELCOME10',
        amount: priceItem(20, 23.8),
      },
    },
    lineItems: {
      'l-1': {
        ...ICM_LINE,
        id: 'l-1',
        position: 1,
        product: '1000042',
        quantity: { value: 2 },
        desiredDelivery: '2030-01-09',
        customFields: [{ name: 'pcode', value: 'PC-7', type: 'String' }],
        pricing: linePricing(priceItem(100, 119), priceItem(200, 238), {
          valueRebatesTotal: priceItem(0, 0),
        }),
      },
    },
  },
  infos: [
    { code: 'basket.line_item.deletion.info', message: 'removed' },
    { code: 'basket.promotion.min_order_value_not_reached.info', message: 'not yet' },
  ],
}

const configurationWithDelivery = {
  data: {
    ...configurationData.data,
    shipping: {
      desiredDeliveryDate: true,
      desiredDeliveryDaysMin: 2,
      desiredDeliveryDaysMax: 60,
      deliveryExcludeSaturday: true,
      deliveryExcludeSunday: true,
    },
  },
}

const pageHandlers = () => [
  get('baskets/current', basketData),
  get('configurations', configurationWithDelivery),
  get('products/1000042', productData),
]

/** The action's answer as the server sends it: the response, and the `{ result }` of a form shown again. */
async function post(fields: Record<string, string>) {
  return answer(action, args('/en/basket', { cookie: await shopperCookie(), form: fields }))
}

/** Records the ICM calls that change the basket. */
function changes() {
  const calls: { method: string; path: string; body: unknown }[] = []
  const record = async (request: Request) => {
    const text = await request.text()
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname.replace(/.*\/-;[^/]*\//, ''),
      body: text ? JSON.parse(text) : undefined,
    })
  }
  icm.use(
    http.patch(icmPath('baskets/.*'), async ({ request }) => {
      await record(request)
      // ICM answers a line's change with the line, the basket's with the basket.
      const line = /\/items\/[^/]+$/.test(new URL(request.url).pathname)
      return HttpResponse.json(line ? { data: basketData.included.lineItems['l-1'], infos: [] } : basketData)
    }),
    http.delete(icmPath('baskets/.*'), async ({ request }) => {
      await record(request)
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return calls
}

describe('basket page loader', () => {
  it('shows codes, rebates, delivery dates and the infos worth showing, privately', async () => {
    icm.use(...pageHandlers())
    const { response, data: page } = await answer(
      loader,
      args('/en/basket', { cookie: await shopperCookie() }),
    )
    expect(page.basket.promotionCodes).toEqual(['WELCOME10'])
    expect(page.basket.valueRebates[0]).toMatchObject({ name: 'Welcome offer', code: 'WELCOME10' })
    expect(page.basket.lines[0]).toMatchObject({ sku: '1000042', quantity: 2, desiredDelivery: '2030-01-09' })
    // The line's custom fields (the add-items link's pcode) come along to be shown with it.
    expect(page.basket.lines[0].customFields).toEqual([{ name: 'pcode', value: 'PC-7' }])
    // No item rebate on this line: no struck-through price.
    expect(page.basket.lines[0].rebate).toBeUndefined()
    expect(page.basket.messageToMerchant).toBe('Call first')
    // The deletion notice is filtered out (spec §8).
    expect(page.basket.infos.map((i: { code: string }) => i.code)).toEqual([
      'basket.promotion.min_order_value_not_reached.info',
    ])
    expect(page.delivery).toMatchObject({ daysMin: 2, daysMax: 60, excludeSaturday: true })
    expect(page.delivery.min < page.delivery.max).toBe(true)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('says what shipping costs before checkout and how far the items are from free shipping', async () => {
    icm.use(
      ...pageHandlers(),
      get('baskets/b-1/eligible-shipping-methods', {
        data: [
          {
            id: 'STD_GROUND',
            name: 'Standard delivery',
            shippingCosts: priceItem(4.95, 5.89),
            shippingCostsThreshold: priceItem(250, 297.5),
          },
          { id: 'EXP_EXPRESS', name: 'Express delivery', shippingCosts: priceItem(12.9, 15.35) },
        ],
      }),
    )
    const { data: page } = await answer(loader, args('/en/basket', { cookie: await shopperCookie() }))
    // The model keeps amounts as values and currencies (ICM's `type`s are dropped).
    const usd = (net: number, gross: number) => ({
      net: { value: net, currency: 'USD' },
      gross: { value: gross, currency: 'USD' },
    })
    expect(page.shipping).toEqual({
      costs: usd(4.95, 5.89),
      method: 'Standard delivery',
      chosen: false,
      from: true,
      free: {
        method: 'Standard delivery',
        threshold: usd(250, 297.5),
        // Items: 200.00 net, 238.00 gross.
        missing: usd(50, 59.5),
      },
    })
  })

  it('shows the page without the shipping preview when ICM does not answer the methods', async () => {
    icm.use(
      ...pageHandlers(),
      get('baskets/b-1/eligible-shipping-methods', () => icmError(500, 'server.error')),
    )
    const { response, data: page } = await answer(
      loader,
      args('/en/basket', { cookie: await shopperCookie() }),
    )
    expect(response.status).toBe(200)
    expect(page.shipping).toBeUndefined()
    expect(page.basket.lines).toHaveLength(1)
  })
})

describe('basket page action', () => {
  it('changes a quantity and comes back with a toast', async () => {
    icm.use(...pageHandlers())
    const calls = changes()
    const { response, setCookie } = await post({ intent: 'quantity', lineId: 'l-1', quantity: '3' })
    expect(response.status).toBe(303)
    // Back at the changed line, not at the top of the page.
    expect(response.headers.get('Location')).toBe('/en/basket#line-l-1')
    const toast = (await sessionFrom(setCookie)).get('toast')
    expect(toast).toMatchObject({ key: 'basket.line.updated.message', type: 'success' })
    expect(calls).toEqual([
      { method: 'PATCH', path: 'baskets/b-1/items/l-1', body: { quantity: { value: 3 } } },
    ])
  })

  it('deletes the line for quantity 0 or an empty quantity, and with the delete button', async () => {
    const cases: Record<string, string>[] = [
      { intent: 'quantity', lineId: 'l-1', quantity: '0' },
      { intent: 'quantity', lineId: 'l-1', quantity: '' },
      { intent: 'delete', lineId: 'l-1' },
    ]
    for (const fields of cases) {
      icm.use(...pageHandlers())
      const calls = changes()
      const { response } = await post(fields)
      expect(response.status).toBe(303)
      expect(calls).toEqual([{ method: 'DELETE', path: 'baskets/b-1/items/l-1', body: undefined }])
    }
  })

  it('refuses malformed input with 400 and its message, calling nothing', async () => {
    icm.use(...pageHandlers())
    const calls = changes()
    const quantity = await post({ intent: 'quantity', lineId: 'l-1', quantity: '2.5' })
    expect(quantity.response.status).toBe(400)
    // The reply echoes intent and line: the page shows it at that line's quantity field only.
    expect(quantity.data.result.initialValue).toMatchObject({ intent: 'quantity', lineId: 'l-1' })
    expect(quantity.data.result.error.quantity[0]).toMatch(/whole number/)
    const date = await post({ intent: 'delivery', lineId: 'l-1', desiredDelivery: '9.1.2030' })
    expect(date.response.status).toBe(400)
    expect(date.data.result.error.desiredDelivery).toEqual(['Please enter the date as yyyy-mm-dd.'])
    const reference = await post({ intent: 'fields', externalOrderReference: 'x'.repeat(101) })
    expect(reference.response.status).toBe(400)
    expect(reference.data.result.error.externalOrderReference).toHaveLength(1)
    expect((await post({ intent: 'nonsense' })).response.status).toBe(400)
    expect(calls).toEqual([])
  })

  it('shows the API refusal of a quantity with 422 next to that line', async () => {
    icm.use(
      ...pageHandlers(),
      http.patch(icmPath('baskets/b-1/items/l-1'), () =>
        icmError(422, 'basket.line_item.update.failed', 'The line item could not be updated.', [
          { code: 'basket.line_item.quantity.max_order_quantity.error', message: 'max is 100' },
        ]),
      ),
    )
    const { response, data } = await post({ intent: 'quantity', lineId: 'l-1', quantity: '500' })
    expect(response.status).toBe(422)
    expect(data.result.initialValue).toMatchObject({ intent: 'quantity', lineId: 'l-1', quantity: '500' })
    // The shop's text for the code, then ICM's sentence naming the product's actual rule.
    expect(data.result.error['']).toEqual(['The quantity exceeds the maximum order quantity. max is 100'])
  })

  it('shows the API refusal of a promotion code with 422 and the translated message', async () => {
    icm.use(
      ...pageHandlers(),
      http.post(icmPath('baskets/b-1/promotioncodes'), () =>
        icmError(422, 'basket.promotion_code.not_found.error', "The promotion code 'NOPE' is not valid."),
      ),
    )
    const { response, data } = await post({ intent: 'addCode', code: 'nope' })
    expect(response.status).toBe(422)
    expect(data.result.initialValue).toMatchObject({ intent: 'addCode', code: 'nope' })
    expect(data.result.error['']).toEqual(['This promotion code is not valid.'])
  })

  it('sends a delivery date, clears it when empty, and stores the order fields (empty clears)', async () => {
    icm.use(...pageHandlers())
    const calls = changes()
    const dated = await post({ intent: 'delivery', lineId: 'l-1', desiredDelivery: '2030-01-09' })
    expect(dated.response.status).toBe(303)
    expect((await post({ intent: 'delivery', lineId: 'l-1', desiredDelivery: '' })).response.status).toBe(303)
    const fields = await post({ intent: 'fields', messageToMerchant: '', externalOrderReference: 'PO-1' })
    expect(fields.response.status).toBe(303)
    expect(calls.map((c) => c.body)).toEqual([
      { desiredDelivery: '2030-01-09' },
      { desiredDelivery: null },
      { messageToMerchant: null, externalOrderReference: 'PO-1' },
    ])
  })

  it('sends the shopper back with error=true when the basket is gone', async () => {
    icm.use(
      get('baskets/current', () => icmError(404, 'basket.not_found.error')),
      get('configurations', configurationWithDelivery),
    )
    const { response } = await post({ intent: 'delete', lineId: 'l-1' })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/basket?error=true')
  })
})
