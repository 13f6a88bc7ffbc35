import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as detailLoader } from '~/routes/$lang.account.orders.$orderId'
import { loader as listLoader } from '~/routes/$lang.account.orders._index'
import { action as csvAction, loader as csvLoader } from '~/routes/$lang.account.orders.csv'
import { commitSession, getSession } from '~/services/session.server'
import { get, icm, icmError, icmPath } from './icm-mock'
import { orderEnvelope, orderListEnvelope } from './order-fixtures'
import './setup'

/** A session cookie of a logged-in user (or, with `user: false`, of an anonymous shopper with a basket). */
async function cookieOf({ user = true } = {}) {
  const session = await getSession(new Request('http://shop.test/'))
  session.set('apiToken', 'user-token')
  session.set('isAnonymous', !user)
  session.set('issuedAt', Date.now())
  session.set('expiresAt', Date.now() + 3600_000)
  if (user) session.set('user', { login: 'patricia', firstName: 'Patricia', customerType: 'PrivateCustomer' })
  return (await commitSession(session)).split(';')[0]!
}

/** Runs a loader or action and returns what it returned or threw. */
async function run(fn: () => Promise<unknown>): Promise<any> {
  try {
    return await fn()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

const params = (orderId?: string) => ({ lang: 'en', ...(orderId ? { orderId } : {}) })

async function getList(query = '', user = true) {
  const request = new Request(`http://shop.test/en/account/orders${query}`, {
    headers: { Cookie: await cookieOf({ user }) },
  })
  return run(() => listLoader({ request, params: params(), context: {} }))
}

/** `GET orders` answering `count` orders of `total`, recording each call's query and token. */
function ordersHandler(total: number) {
  const calls: {
    limit: string | null
    offset: string | null
    include: string | null
    token: string | null
  }[] = []
  icm.use(
    get('orders', (request) => {
      const url = new URL(request.url)
      const limit = Number(url.searchParams.get('limit'))
      const offset = Number(url.searchParams.get('offset'))
      calls.push({
        limit: url.searchParams.get('limit'),
        offset: url.searchParams.get('offset'),
        include: url.searchParams.get('include'),
        token: request.headers.get('authentication-token'),
      })
      const count = Math.max(0, Math.min(limit, total - offset))
      const envelopes = Array.from({ length: count }, (_, i) =>
        orderEnvelope(`order-${offset + i}`, { documentNumber: String(10000000 + total - offset - i) }),
      )
      return orderListEnvelope(envelopes, { limit, offset, total })
    }),
  )
  return calls
}

describe('account order list', () => {
  it('sends a shopper who is not logged in to the login page, returning to the same list', async () => {
    const response = await getList('?limit=60', false)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(
      `/en/login?returnUrl=${encodeURIComponent('/en/account/orders?limit=60')}`,
    )
  })

  it('shows the first 30 orders newest first with the user token, privately', async () => {
    const calls = ordersHandler(42)
    const result = await getList()
    expect(result.init.headers['Cache-Control']).toBe('private, no-store')
    const page = result.data
    expect(calls).toEqual([
      { limit: '30', offset: '0', include: expect.stringContaining('lineItems'), token: 'user-token' },
    ])
    expect(page.total).toBe(42)
    expect(page.limit).toBe(30)
    expect(page.orders).toHaveLength(30)
    expect(page.orders[0]).toMatchObject({
      id: 'order-0',
      documentNumber: '10000042',
      creationDate: '2026-11-20T09:30:00.000Z',
      statusCode: 'NEW',
      itemCount: 3,
      total: { gross: { value: 139.83, currency: 'EUR' } },
    })
  })

  it('loads more as a larger limit, in calls ICM allows', async () => {
    const calls = ordersHandler(150)
    const page = (await getList('?limit=150')).data
    expect(calls.map((c) => [c.limit, c.offset]).sort()).toEqual([
      ['100', '0'],
      ['50', '100'],
    ])
    expect(page.orders).toHaveLength(150)
    expect(page.orders.map((o: { id: string }) => o.id).slice(98, 102)).toEqual([
      'order-98',
      'order-99',
      'order-100',
      'order-101',
    ])
    // A limit that is not a whole page is rounded up to one.
    ordersHandler(10)
    expect((await getList('?limit=45')).data.limit).toBe(60)
  })

  it('is empty for a user without orders', async () => {
    ordersHandler(0)
    const page = (await getList()).data
    expect(page.orders).toEqual([])
    expect(page.total).toBe(0)
  })

  it('asks for a new login when ICM no longer accepts the token, dropping it', async () => {
    icm.use(get('orders', () => icmError(401, 'authentication.token.invalid', 'AuthenticationToken expired')))
    const response = await getList()
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(
      `/en/login?returnUrl=${encodeURIComponent('/en/account/orders')}`,
    )
    const session = await getSession(
      new Request('http://shop.test/', { headers: { Cookie: response.headers.get('Set-Cookie')! } }),
    )
    expect(session.get('apiToken')).toBeUndefined()
    expect(session.get('user')).toBeUndefined()
  })
})

describe('account order detail', () => {
  async function getDetail(orderId: string, user = true) {
    const request = new Request(`http://shop.test/en/account/orders/${orderId}`, {
      headers: { Cookie: await cookieOf({ user }) },
    })
    return run(() => detailLoader({ request, params: params(orderId), context: {} }))
  }

  it('shows the order with lines, addresses, payment and totals, privately', async () => {
    icm.use(get('orders/o-1', orderEnvelope('o-1')))
    const result = await getDetail('o-1')
    expect(result.init.headers['Cache-Control']).toBe('private, no-store')
    expect(result.data.title).toBe('Order 10000001')
    const order = result.data.order
    expect(order.lines.map((l: { sku: string }) => l.sku)).toEqual(['1000042', '2000007'])
    expect(order.lines[1].fulfillmentStatus).toBe('SHIPPED')
    expect(order.trackingLinks).toEqual([{ url: 'https://track.example.com/123', label: 'Parcel 123' }])
    expect(order.payment.methodName).toBe('Direct debit')
    expect(order.messageToMerchant).toBe('Please ring twice.')
    expect(order.externalOrderReference).toBe('PO-4711')
  })

  it('is a 404 page for an unknown or foreign order', async () => {
    icm.use(get('orders/nope', () => icmError(404, 'order.not_found.error')))
    const response = await getDetail('nope')
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBe(404)
  })

  it('sends a shopper who is not logged in to the login page', async () => {
    const response = await getDetail('o-1', false)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(
      `/en/login?returnUrl=${encodeURIComponent('/en/account/orders/o-1')}`,
    )
  })
})

describe('order CSV export', () => {
  const CSV = 'Order number,SKU\r\n10000001,1000042\r\n10000002,"A ""quoted"" name"\r\n'

  /** `POST orders-csv` answering CSV, recording the ids asked for. */
  function csvHandler() {
    const bodies: unknown[] = []
    icm.use(
      http.post(icmPath('orders-csv'), async ({ request }) => {
        const body = (await request.json()) as { ids: string[] }
        bodies.push(body)
        if (body.ids.includes('foreign')) return icmError(404, 'order.not_found.error')
        return new HttpResponse(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8' } })
      }),
    )
    return bodies
  }

  async function post(ids: string[], user = true) {
    const body = new URLSearchParams(ids.map((id) => ['ids', id]))
    const request = new Request('http://shop.test/en/account/orders/csv', {
      method: 'POST',
      headers: { Cookie: await cookieOf({ user }), 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    })
    return run(() => csvAction({ request, params: params(), context: {} }))
  }

  it('exports the selected orders as orders.csv, passing ICM’s CSV on unchanged', async () => {
    const bodies = csvHandler()
    const response: Response = await post(['o-1', 'o-2', 'o-1'])
    expect(bodies).toEqual([{ ids: ['o-1', 'o-2'] }])
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="orders.csv"')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await response.text()).toBe(CSV)
  })

  it('names one order’s file after its order number (plain link, GET)', async () => {
    const bodies = csvHandler()
    icm.use(get('orders/o-1', orderEnvelope('o-1', { documentNumber: '10000077' })))
    const request = new Request('http://shop.test/en/account/orders/csv?ids=o-1', {
      headers: { Cookie: await cookieOf() },
    })
    const response: Response = await run(() => csvLoader({ request, params: params(), context: {} }))
    expect(bodies).toEqual([{ ids: ['o-1'] }])
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="order-10000077.csv"')
    expect(await response.text()).toBe(CSV)
  })

  it('goes back to the list with a message when nothing is selected', async () => {
    const bodies = csvHandler()
    const response: Response = await post([])
    expect(bodies).toEqual([])
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/account/orders')
    const session = await getSession(
      new Request('http://shop.test/', { headers: { Cookie: response.headers.get('Set-Cookie')! } }),
    )
    expect(session.get('toast')).toEqual({ key: 'account.orders.export.none_selected.error', type: 'error' })
  })

  it('is a 404 for an order that is not the user’s, and asks for a login without a user', async () => {
    csvHandler()
    expect((await post(['o-1', 'foreign'])).status).toBe(404)
    const anonymous: Response = await post(['o-1'], false)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe(
      `/en/login?returnUrl=${encodeURIComponent('/en/account/orders/csv')}`,
    )
  })
})
