import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { localeByLang } from '~/models/locale'
import { loader as paymentLoader } from '~/routes/$lang.checkout.payment'
import { loader as receiptLoader } from '~/routes/$lang.checkout.receipt'
import { action as reviewAction, loader as reviewLoader } from '~/routes/$lang.checkout.review'
import { ensureToken, refreshIfDue } from '~/services/auth.server'
import { config } from '~/services/config.server'
import { sessionStorage } from '~/services/session.server'
import { checkoutBasketData, configurationWith, recordChanges, step, validation } from './checkout-fixtures'
import { get, icm, icmError, icmPath } from './icm-mock'
import { sessionFrom } from './loader-args'
import './setup'

const submit = { basketId: 'b-1', termsAndConditions: 'on' }

/** An ICM order of the paid basket: the basket's fields plus the order's own. */
const order = (orderCreation: Record<string, unknown>, id = 'o-1') => ({
  data: {
    ...checkoutBasketData('paid').data,
    id,
    basket: 'b-1',
    documentNumber: '100001',
    creationDate: '2026-11-20T09:30:00.000Z',
    statusCode: 'NEW',
    status: 'New',
    orderCreation,
  },
  included: checkoutBasketData('paid').included,
})

const reviewHandlers = () => [
  get('baskets/current', checkoutBasketData('paid')),
  get('configurations', configurationWith({})),
  get('products/1000042', { sku: '1000042', productName: 'Voltwerk Drill XT 18' }),
]

const post = async (fields = submit, cookie?: string) =>
  step(reviewAction, '/en/checkout/review', fields, cookie)

describe('submitting the order (spec §4)', () => {
  it('needs the terms accepted when the channel says so, calling nothing', async () => {
    icm.use(...reviewHandlers())
    const calls = recordChanges()
    const response = await post({ basketId: 'b-1' } as typeof submit)
    expect(response.response.status).toBe(400)
    expect(response.data.result.error.termsAndConditions).toEqual(['Please accept the terms and conditions.'])
    expect(calls).toEqual([])
  })

  it('validates toward the receipt, places the order and shows the receipt; a guest keeps the order token', async () => {
    icm.use(...reviewHandlers())
    const calls = recordChanges((call) => {
      if (call.path.endsWith('/validations')) return validation(true)
      if (call.path === 'orders') return HttpResponse.json(order({ status: 'COMPLETED' }), { status: 201 })
      return undefined
    })
    const response = await post()
    expect(response.response.status).toBe(303)
    expect(response.response.headers.get('Location')).toBe('/en/checkout/receipt?orderId=o-1')
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['baskets/b-1/validations', { adjustmentsAllowed: false, scopes: ['All', 'CostCenter'] }],
      ['orders', { basket: 'b-1', termsAndConditionsAccepted: true }],
    ])
    const session = await sessionFrom(response.setCookie)
    expect(session.get('type')).toBe('order')
    expect(session.get('orderId')).toBe('o-1')
    expect(session.get('apiToken')).toBe('token-1')
  })

  it('sends the shopper to the step the final validation’s errors point to, ordering nothing', async () => {
    icm.use(...reviewHandlers())
    const calls = recordChanges((call) =>
      call.path.endsWith('/validations')
        ? validation(false, [{ code: 'basket.line_item.product_out_of_stock.error', scopes: ['Products'] }])
        : undefined,
    )
    const response = await post()
    expect(response.response.headers.get('Location')).toBe('/en/basket?error=true')
    expect(calls.map((c) => c.path)).toEqual(['baskets/b-1/validations'])
  })

  it('goes back to payment with the infos as errors when the order is rolled back', async () => {
    icm.use(...reviewHandlers())
    recordChanges((call) => {
      if (call.path.endsWith('/validations')) return validation(true)
      if (call.path === 'orders')
        return HttpResponse.json({
          data: {
            ...checkoutBasketData('paid').data,
            basket: 'b-1',
            orderCreation: { status: 'ROLLED_BACK' },
          },
          infos: [
            { code: 'order.payment.not_authorized.info', message: 'The wallet payment was not authorised.' },
          ],
        })
      return undefined
    })
    const response = await post()
    expect(response.response.headers.get('Location')).toBe('/en/checkout/payment?error=true')
    expect((await sessionFrom(response.setCookie)).get('validation')?.errors).toEqual([
      {
        code: 'order.payment.not_authorized.info',
        message: 'The wallet payment was not authorised.',
        scopes: ['Payment'],
      },
    ])
  })

  it('continues a card order with redirect URLs and sends the shopper to the provider', async () => {
    icm.use(...reviewHandlers())
    const calls = recordChanges((call) => {
      if (call.path.endsWith('/validations')) return validation(true)
      if (call.path === 'orders')
        return HttpResponse.json(
          order({
            status: 'STOPPED',
            stopAction: { type: 'Workflow', exitReason: 'redirect_urls_required' },
          }),
          { status: 201 },
        )
      if (call.path === 'orders/o-1')
        return HttpResponse.json(
          order({
            status: 'STOPPED',
            stopAction: { type: 'Redirect', redirectUrl: 'https://psp.test/pay/c1' },
          }),
        )
      return undefined
    })
    const response = await post()
    expect(response.response.status).toBe(303)
    expect(response.response.headers.get('Location')).toBe('https://psp.test/pay/c1')
    expect(calls.at(-1)).toMatchObject({
      method: 'PATCH',
      path: 'orders/o-1',
      body: {
        orderCreation: {
          status: 'CONTINUE',
          redirect: {
            successUrl: 'http://shop.test/en/checkout/receipt;lang=en_US?redirect=success&orderId=o-1',
            cancelUrl: 'http://shop.test/en/checkout/payment;lang=en_US?redirect=cancel&orderId=o-1',
            failureUrl: 'http://shop.test/en/checkout/payment;lang=en_US?redirect=failure&orderId=o-1',
          },
        },
      },
    })
  })

  it('sends the shopper to the basket with error=true when the basket is gone', async () => {
    icm.use(...reviewHandlers())
    recordChanges((call) => {
      if (call.path.endsWith('/validations')) return validation(true)
      if (call.path === 'orders') return icmError(404, 'basket.not_found.error')
      return undefined
    })
    const response = await post()
    expect(response.response.headers.get('Location')).toBe('/en/basket?error=true')
  })

  it('sends a shopper without a session who posts a basket id to the basket, not to an error page', async () => {
    icm.use(get('configurations', configurationWith({})))
    recordChanges((call) =>
      call.path === 'orders'
        ? icmError(401, 'authentication.token.missing', 'A token is required.')
        : undefined,
    )
    const response = await post({ basketId: ' ', termsAndConditions: 'on' }, '')
    expect(response.response.status).toBe(303)
    expect(response.response.headers.get('Location')).toBe('/en/basket?error=true')
  })

  it('answers a second submit of an ordered basket with the same receipt, without validating again', async () => {
    // The first submit ordered the basket: there is no current basket any more.
    icm.use(
      http.get(icmPath('baskets/current'), () => icmError(404, 'basket.not_found.error')),
      get('configurations', configurationWith({})),
    )
    const calls = recordChanges((call) =>
      call.path === 'orders' ? HttpResponse.json(order({ status: 'COMPLETED' })) : undefined,
    )
    const response = await post()
    expect(response.response.headers.get('Location')).toBe('/en/checkout/receipt?orderId=o-1')
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['orders', { basket: 'b-1', termsAndConditionsAccepted: true }],
    ])
  })

  it('asks once more when placing the order timed out, and shows the receipt of the order the first call made', async () => {
    icm.use(...reviewHandlers())
    const calls = recordChanges((call) => (call.path.endsWith('/validations') ? validation(true) : undefined))
    let orderCalls = 0
    icm.use(
      http.post(icmPath('orders'), async () => {
        orderCalls++
        // The first call takes longer than the storefront waits (it places the order all the same); the
        // second finds the basket ordered and answers that order.
        if (orderCalls === 1) await delay(300)
        return HttpResponse.json(order({ status: 'COMPLETED' }), { status: orderCalls === 1 ? 201 : 200 })
      }),
    )
    const timeout = config.icmTimeoutMs
    config.icmTimeoutMs = 100
    try {
      const response = await post()
      expect(response.response.headers.get('Location')).toBe('/en/checkout/receipt?orderId=o-1')
    } finally {
      config.icmTimeoutMs = timeout
    }
    expect(orderCalls).toBe(2)
    expect(calls.map((c) => c.path)).toEqual(['baskets/b-1/validations'])
  })

  it('says the order may have been placed when the API goes away during the submit', async () => {
    icm.use(...reviewHandlers())
    recordChanges((call) => (call.path.endsWith('/validations') ? validation(true) : undefined))
    icm.use(http.post(icmPath('orders'), () => HttpResponse.error()))
    const response = await post()
    expect(response.response.status).toBe(503)
    expect(response.response.headers.get('Retry-After')).toBe('30')
    expect(await response.response.json()).toEqual({ reason: 'order-outcome-unknown' })
  })

  it('answers 504 when placing the order times out twice', async () => {
    icm.use(...reviewHandlers())
    recordChanges((call) => (call.path.endsWith('/validations') ? validation(true) : undefined))
    let orderCalls = 0
    icm.use(
      http.post(icmPath('orders'), async () => {
        orderCalls++
        await delay(300)
        return HttpResponse.json(order({ status: 'COMPLETED' }), { status: 201 })
      }),
    )
    const timeout = config.icmTimeoutMs
    config.icmTimeoutMs = 100
    try {
      const response = await post()
      // The order may exist after all: the page says so (and how to check) instead of "slow shop".
      expect(response.response.status).toBe(504)
      expect(response.response.headers.get('Retry-After')).toBe('30')
      expect(await response.response.json()).toEqual({ reason: 'order-outcome-unknown' })
    } finally {
      config.icmTimeoutMs = timeout
    }
    expect(orderCalls).toBe(2)
  })
})

describe('after the order', () => {
  it('continues a card order with the provider’s answer and shows the receipt on success', async () => {
    const calls = recordChanges((call) =>
      call.path === 'orders/o-1' ? HttpResponse.json(order({ status: 'COMPLETED' })) : undefined,
    )
    const response = await step(
      receiptLoader,
      '/en/checkout/receipt?redirect=success&orderId=o-1&paymentSession=s&status=SUCCESS&signature=x',
    )
    expect(response.response.headers.get('Location')).toBe('/en/checkout/receipt?orderId=o-1')
    expect(calls[0]!.body).toEqual({
      orderCreation: {
        status: 'CONTINUE',
        redirect: {
          status: 'SUCCESS',
          parameters: [
            { name: 'redirect', value: 'success' },
            { name: 'orderId', value: 'o-1' },
            { name: 'paymentSession', value: 's' },
            { name: 'status', value: 'SUCCESS' },
            { name: 'signature', value: 'x' },
          ],
        },
      },
    })
  })

  it('returns a cancelled card payment to the payment page with a message', async () => {
    recordChanges((call) =>
      call.path === 'orders/o-1'
        ? HttpResponse.json({
            ...order({ status: 'ROLLED_BACK' }),
            infos: [{ code: 'order.payment.cancelled.info' }],
          })
        : undefined,
    )
    const response = await step(
      paymentLoader,
      '/en/checkout/payment?redirect=cancel&orderId=o-1&status=CANCEL',
    )
    expect(response.response.headers.get('Location')).toBe('/en/checkout/payment?error=true')
    expect((await sessionFrom(response.setCookie)).get('toast')).toMatchObject({
      key: 'checkout.payment.cancelled.message',
    })
  })

  it('shows the order on the receipt: number, lines as ordered, addresses, payment, totals', async () => {
    icm.use(get('orders/o-1', order({ status: 'COMPLETED' })))
    const result = await step(receiptLoader, '/en/checkout/receipt?orderId=o-1')
    expect(result.data.order.documentNumber).toBe('100001')
    expect(result.data.order.lines[0]).toMatchObject({
      sku: '1000042',
      name: 'Voltwerk Drill XT 18',
      quantity: 1,
    })
    expect(result.data.order.invoiceToAddress.city).toBe('Berlin')
    expect(result.data.order.payment.methodName).toBe('Invoice')
    expect(result.data.order.totals.total.gross.value).toBe(119)
    expect(result.response.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('finds nothing for an order of someone else', async () => {
    icm.use(http.get(icmPath('orders/o-2'), () => icmError(404, 'order.not_found.error')))
    const result = await step(receiptLoader, '/en/checkout/receipt?orderId=o-2')
    expect(result.response.status).toBe(404)
  })
})

describe('while the commerce API is down', () => {
  it('shows the maintenance page (503), and the same step once the API is back', async () => {
    icm.use(http.all(/.*/, () => HttpResponse.error()))
    const down = await step(reviewLoader, '/en/checkout/review')
    expect(down.response.status).toBe(503)
    icm.resetHandlers()
    icm.use(...reviewHandlers())
    const back = await step(reviewLoader, '/en/checkout/review')
    expect(back.data.basket.payment.methodId).toBe('INVOICE')
    expect(back.data.lines[0].name).toBe('Voltwerk Drill XT 18')
  })
})

describe('the guest’s order token', () => {
  const orderSession = async (issuedAt: number) => {
    const session = await sessionStorage.getSession()
    session.set('apiToken', 'order-token')
    session.set('type', 'order')
    session.set('orderId', 'o-1')
    session.set('isAnonymous', true)
    session.set('refreshToken', 'r-1')
    session.set('issuedAt', issuedAt)
    session.set('expiresAt', issuedAt + 3600_000)
    return session
  }

  it('stays an order token when refreshed, and the next basket gets a fresh anonymous token', async () => {
    const grants: string[] = []
    icm.use(
      http.post(icmPath('token'), async ({ request }) => {
        const grant = new URLSearchParams(await request.text()).get('grant_type')!
        grants.push(grant)
        return HttpResponse.json({
          access_token: `${grant}-token`,
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: 'r-2',
        })
      }),
    )
    const refreshed = await orderSession(Date.now() - 2000_000)
    await refreshIfDue({ locale: localeByLang('en')!, session: refreshed }, refreshed)
    expect(refreshed.get('apiToken')).toBe('refresh_token-token')
    expect(refreshed.get('type')).toBe('order')
    expect(refreshed.get('orderId')).toBe('o-1')

    const session = await orderSession(Date.now())
    expect(await ensureToken({ locale: localeByLang('en')!, session }, session)).toBe('anonymous-token')
    expect(session.get('type')).toBe('user')
    expect(session.get('orderId')).toBeUndefined()
    expect(session.get('apiToken')).toBe('anonymous-token')
    expect(grants).toEqual(['refresh_token', 'anonymous'])
  })
})
