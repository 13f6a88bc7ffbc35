import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { action, loader } from '~/routes/$lang.basket'
import { commitSession, getSession } from '~/services/session.server'
import { configurationData, get, icm, icmError, icmPath, money, priceItem, productData } from './icm-mock'
import './setup'

/** A session cookie with a live token, as a shopper with a basket has. */
async function shopperCookie() {
  const session = await getSession(new Request('http://shop.test/'))
  session.set('apiToken', 'token-1')
  session.set('isAnonymous', true)
  session.set('issuedAt', Date.now())
  session.set('expiresAt', Date.now() + 3600_000)
  return (await commitSession(session)).split(';')[0]!
}

const basketData = {
  data: {
    id: 'b-1',
    purchaseCurrency: 'USD',
    lineItems: ['l-1'],
    totalProductQuantity: 2,
    promotionCodes: ['WELCOME10'],
    messageToMerchant: 'Call first',
    discounts: {
      itemValueRebates: [],
      valueRebates: [{ name: 'Welcome offer', code: 'WELCOME10', amount: priceItem(20, 23.8) }],
    },
    totals: {
      itemTotal: priceItem(200, 238),
      valueRebatesTotal: priceItem(20, 23.8),
      salesTaxTotal: money(34.2),
      grandTotal: priceItem(180, 214.2),
      isEstimated: true,
    },
  },
  included: {
    lineItems: {
      'l-1': {
        id: 'l-1',
        position: 1,
        product: '1000042',
        quantity: { value: 2 },
        desiredDelivery: '2030-01-09',
        pricing: {
          singleBasePrice: priceItem(100, 119),
          total: priceItem(200, 238),
          undiscountedPrice: priceItem(200, 238),
          valueRebatesTotal: priceItem(0, 0),
        },
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

async function post(fields: Record<string, string>) {
  const cookie = await shopperCookie()
  const request = new Request('http://shop.test/en/basket', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  try {
    return (await action({ request, params: { lang: 'en' }, context: {} })) as any
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
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
      return HttpResponse.json({ data: {}, infos: [] })
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
    const request = new Request('http://shop.test/en/basket', { headers: { Cookie: await shopperCookie() } })
    const result = (await loader({ request, params: { lang: 'en' }, context: {} })) as any
    const page = result.data
    expect(page.basket.promotionCodes).toEqual(['WELCOME10'])
    expect(page.basket.valueRebates[0]).toMatchObject({ name: 'Welcome offer', code: 'WELCOME10' })
    expect(page.basket.lines[0]).toMatchObject({ sku: '1000042', quantity: 2, desiredDelivery: '2030-01-09' })
    // No item rebate on this line: no struck-through price.
    expect(page.basket.lines[0].rebate).toBeUndefined()
    expect(page.basket.messageToMerchant).toBe('Call first')
    // The deletion notice is filtered out (spec §8).
    expect(page.basket.infos.map((i: { code: string }) => i.code)).toEqual([
      'basket.promotion.min_order_value_not_reached.info',
    ])
    expect(page.delivery).toMatchObject({ daysMin: 2, daysMax: 60, excludeSaturday: true })
    expect(page.delivery.min < page.delivery.max).toBe(true)
    expect(new Headers(result.init.headers).get('Cache-Control')).toBe('private, no-store')
  })
})

describe('basket page action', () => {
  it('changes a quantity and comes back with a toast', async () => {
    icm.use(...pageHandlers())
    const calls = changes()
    const response = await post({ intent: 'quantity', lineId: 'l-1', quantity: '3' })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/basket')
    expect(response.headers.get('Set-Cookie')).toMatch(/^apiToken=/)
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
      const response = await post(fields)
      expect(response.status).toBe(303)
      expect(calls).toEqual([{ method: 'DELETE', path: 'baskets/b-1/items/l-1', body: undefined }])
    }
  })

  it('refuses malformed input with 400 and its message, calling nothing', async () => {
    icm.use(...pageHandlers())
    const calls = changes()
    const quantity = await post({ intent: 'quantity', lineId: 'l-1', quantity: '2.5' })
    expect(quantity.init.status).toBe(400)
    expect(quantity.data).toMatchObject({ intent: 'quantity', lineId: 'l-1' })
    expect(quantity.data.messages[0]).toMatch(/whole number/)
    const date = await post({ intent: 'delivery', lineId: 'l-1', desiredDelivery: '9.1.2030' })
    expect(date.init.status).toBe(400)
    expect(date.data.messages).toEqual(['Please enter the date as yyyy-mm-dd.'])
    const reference = await post({ intent: 'fields', externalOrderReference: 'x'.repeat(101) })
    expect(reference.init.status).toBe(400)
    expect((await post({ intent: 'nonsense' })).init.status).toBe(400)
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
    const result = await post({ intent: 'quantity', lineId: 'l-1', quantity: '500' })
    expect(result.init.status).toBe(422)
    expect(result.data).toEqual({
      intent: 'quantity',
      lineId: 'l-1',
      messages: ['The quantity exceeds the maximum order quantity.'],
    })
  })

  it('shows the API refusal of a promotion code with 422 and the translated message', async () => {
    icm.use(
      ...pageHandlers(),
      http.post(icmPath('baskets/b-1/promotioncodes'), () =>
        icmError(422, 'basket.promotion_code.not_found.error', "The promotion code 'NOPE' is not valid."),
      ),
    )
    const result = await post({ intent: 'addCode', code: 'nope' })
    expect(result.init.status).toBe(422)
    expect(result.data).toEqual({
      intent: 'addCode',
      lineId: undefined,
      messages: ['This promotion code is not valid.'],
    })
  })

  it('sends a delivery date, clears it when empty, and stores the order fields (empty clears)', async () => {
    icm.use(...pageHandlers())
    const calls = changes()
    expect((await post({ intent: 'delivery', lineId: 'l-1', desiredDelivery: '2030-01-09' })).status).toBe(
      303,
    )
    expect((await post({ intent: 'delivery', lineId: 'l-1', desiredDelivery: '' })).status).toBe(303)
    expect(
      (await post({ intent: 'fields', messageToMerchant: '', externalOrderReference: 'PO-1' })).status,
    ).toBe(303)
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
    const response = await post({ intent: 'delete', lineId: 'l-1' })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/basket?error=true')
  })
})
