/**
 * Storefront actions and loaders under the requests of issue 14: cross-site posts, state changes by GET,
 * brute force through the login form, flash data that outgrows the cookie, an order submit the API did
 * not answer, an old receipt link.
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as rootLoader } from '~/root'
import { action as addAction, loader as addLoader } from '~/routes/$lang._shop.basket_.add'
import { action as loginAction } from '~/routes/$lang._shop.login'
import { action as logoutAction, loader as logoutLoader } from '~/routes/$lang._shop.logout'
import { loader as receiptLoader } from '~/routes/$lang.checkout.receipt'
import { CLIENT_ADDRESS_HEADER } from '~/services/shopper.server'
import { emptyBasket, get, icm, icmError, icmPath, priceItem, shellHandlers } from './icm-mock'
import { answer, args, sessionCookie, sessionFrom } from './loader-args'
import './setup'

const live = { issuedAt: Date.now(), expiresAt: Date.now() + 3600_000 }
const userCookie = () =>
  sessionCookie({
    apiToken: 'user-token',
    isAnonymous: false,
    ...live,
    user: {
      login: 'jlink',
      firstName: 'Jack',
      lastName: 'Link',
      customerNo: 'OilCorp',
      customerType: 'SMBCustomer',
      roles: ['APP_B2B_BUYER'],
      permissions: [],
    },
  })
const anonymousCookie = () => sessionCookie({ apiToken: 'anon-token', isAnonymous: true, ...live })

const added = (items: any[]) =>
  HttpResponse.json(
    {
      data: items.map((item, i) => ({
        id: `l-${i}`,
        calculated: true,
        position: i + 1,
        product: item.product,
        quantity: item.quantity,
        pricing: {
          price: priceItem(1, 1),
          undiscountedPrice: priceItem(1, 1),
          singleBasePrice: priceItem(1, 1),
          total: priceItem(1, 1),
          shippingTotal: priceItem(0, 0),
        },
        hiddenGift: false,
        freeGift: false,
      })),
      infos: [],
    },
    { status: 201 },
  )

describe('cross-site posts', () => {
  it('refuses an add another site posts for a logged-in shopper, and changes nothing', async () => {
    let calls = 0
    icm.use(
      http.all(/.*/, () => {
        calls += 1
        return HttpResponse.json({})
      }),
    )
    const { response, setCookie } = await answer(
      addAction,
      args('/en/basket/add', {
        form: { sku: '1000042', quantity: '1' },
        cookie: await userCookie(),
        headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      }),
    )
    expect(response.status).toBe(403)
    expect(setCookie).toBeNull()
    expect(calls).toBe(0)
  })

  it('refuses a cross-site logout, and a GET of /logout only asks', async () => {
    let loggedOut = 0
    icm.use(
      http.put(icmPath('token/logout'), () => {
        loggedOut += 1
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const cookie = await userCookie()
    const refused = await answer(
      logoutAction,
      args('/en/logout', {
        form: { returnUrl: '/en/home' },
        cookie,
        headers: { Origin: 'https://evil.example' },
      }),
    )
    expect(refused.response.status).toBe(403)
    expect(refused.setCookie).toBeNull()
    const page = await answer(logoutLoader, args('/en/logout', { cookie }))
    expect(page.response.status).toBe(200)
    expect(page.data.returnUrl).toBe('/en/home')
    expect(loggedOut).toBe(0)
    const done = await answer(
      logoutAction,
      args('/en/logout', {
        form: { returnUrl: '/\t/evil.example/phish' },
        cookie,
        headers: { Origin: 'http://shop.test', 'Sec-Fetch-Site': 'same-origin' },
      }),
    )
    expect(loggedOut).toBe(1)
    expect(done.response.headers.get('Location')).toBe('/en/home')
    expect((await sessionFrom(done.setCookie)).get('user')).toBeUndefined()
  })

  it('sends a visitor who is not logged in straight on from GET /logout, to a safe target only', async () => {
    const { response } = await answer(logoutLoader, args('/en/logout?returnUrl=%2F%09%2Fevil.example'))
    expect(response.headers.get('Location')).toBe('/en/home')
  })
})

describe('the add-items link', () => {
  const itemsCalls = () => {
    const bodies: any[][] = []
    icm.use(
      ...shellHandlers(),
      get('baskets/current', emptyBasket('b-1')),
      http.post(icmPath('baskets/b-1/items'), async ({ request: req }) => {
        const body = (await req.json()) as any[]
        bodies.push(body)
        return added(body)
      }),
    )
    return bodies
  }

  it('asks a logged-in shopper who comes from elsewhere to confirm, and adds nothing before', async () => {
    const bodies = itemsCalls()
    const { response } = await answer(
      rootLoader,
      args('/en/home?view=list&addItems=1000042|2', {
        cookie: await userCookie(),
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      }),
    )
    expect(bodies).toEqual([])
    const location = new URL(response.headers.get('Location')!, 'http://shop.test')
    expect(location.pathname).toBe('/en/basket/add')
    expect(location.searchParams.get('addItems')).toBe('1000042|2')
    expect(location.searchParams.get('returnUrl')).toBe('/en/home?view=list')

    const page = await answer(addLoader, args(`${location.pathname}${location.search}`))
    expect(page.data.items).toEqual([{ sku: '1000042', quantity: 2 }])
    expect(page.data.fields).toEqual([['addItems', '1000042|2']])

    const confirmed = await answer(
      addAction,
      args('/en/basket/add', {
        form: new URLSearchParams([...page.data.fields, ['returnUrl', page.data.returnUrl]]),
        cookie: await userCookie(),
        headers: { Origin: 'http://shop.test' },
      }),
    )
    expect(bodies).toEqual([[{ product: '1000042', quantity: { value: 2 } }]])
    expect(confirmed.response.headers.get('Location')).toBe('/en/home?view=list')
  })

  it('adds at once for a link on the shop’s own pages and for an anonymous shopper', async () => {
    const bodies = itemsCalls()
    const own = await answer(
      rootLoader,
      args('/en/home?addItems=1000042|1', {
        cookie: await userCookie(),
        headers: { 'Sec-Fetch-Site': 'same-origin' },
      }),
    )
    expect(own.response.headers.get('Location')).toBe('/en/home')
    const anonymous = await answer(
      rootLoader,
      args('/en/home?addItems=1000043|1', {
        cookie: await anonymousCookie(),
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      }),
    )
    expect(anonymous.response.headers.get('Location')).toBe('/en/home')
    expect(bodies.flat().map((item) => item.product)).toEqual(['1000042', '1000043'])
  })

  it('keeps the cookie small when a link names dozens of unknown products', async () => {
    const unknown = Array.from({ length: 47 }, (_, i) => `NOPE-${i}|1`)
    icm.use(
      ...shellHandlers(),
      get('baskets/current', emptyBasket('b-1')),
      http.post(icmPath('baskets/b-1/items'), async ({ request: req }) => {
        const body = (await req.json()) as any[]
        const causes = body
          .map((item, i) => ({ item, i }))
          .filter(({ item }) => String(item.product).startsWith('NOPE'))
          .map(({ item, i }) => ({
            // The commerce API's own code and sentence for an unknown product (commerce-api/domain/basket.ts).
            code: 'basket.line_item.product_not_found.error',
            message: `The product '${item.product}' does not exist.`,
            paths: [`[${i}].product`],
          }))
        return causes.length
          ? icmError(422, 'basket.line_item.creation.failed', 'failed', causes)
          : added(body)
      }),
    )
    const { response, setCookie } = await answer(
      rootLoader,
      args(`/en/home?addItems=1000042|1;${unknown.join(';')}`, { cookie: await anonymousCookie() }),
    )
    expect(response.status).toBe(303)
    expect(setCookie!.length).toBeLessThan(4096)
    const toast = (await sessionFrom(setCookie)).get('toast')!
    expect(toast.details).toHaveLength(5)
    // The shop's text for the API's code, not ICM's English sentence.
    expect(toast.details![0]).toBe('NOPE-0 was not added: This product does not exist.')
    expect(toast.details![4]).toBe('…and 43 more items.')
  })
})

describe('the login form under brute force', () => {
  const post = async (body: string, extra: Record<string, string> = {}) =>
    answer(
      loginAction,
      args('/en/login', {
        form: new URLSearchParams(body),
        headers: { Origin: 'http://shop.test', ...extra },
      }),
    )

  it('tells a throttled shopper how long to wait, with 429 and Retry-After, and forwards the address', async () => {
    let forwarded: string | null = null
    icm.use(
      http.post(icmPath('token'), ({ request: req }) => {
        forwarded = req.headers.get('x-forwarded-for')
        return HttpResponse.json(
          { errors: [{ status: '429', code: 'account.login.too_many_attempts.error', message: 'wait' }] },
          {
            status: 429,
            headers: { 'Retry-After': '240', 'error-key': 'account.login.too_many_attempts.error' },
          },
        )
      }),
    )
    const result = await post('login=bbuyer&password=wrong', { [CLIENT_ADDRESS_HEADER]: '203.0.113.9' })
    expect(result.response.status).toBe(429)
    expect(result.response.headers.get('Retry-After')).toBe('240')
    expect(result.data.result.error['']).toEqual([
      'Too many failed logins. Please wait 4 minutes before you try again.',
    ])
    expect(forwarded).toBe('203.0.113.9')
  })

  it('shows the challenge ICM asks for and sends the answer with the password', async () => {
    const authorizations: (string | null)[] = []
    icm.use(
      http.post(icmPath('token'), ({ request: req }) => {
        authorizations.push(req.headers.get('authorization'))
        return icmError(401, 'account.login.challenge.required')
      }),
      http.post(icmPath('challenges'), () =>
        HttpResponse.json(
          { id: 'ch-1', question: { kind: 'sum', operands: [7, 5] }, expires_in: 600 },
          { status: 201 },
        ),
      ),
    )
    const first = await post('login=bbuyer&password=Demo!2026')
    expect(first.response.status).toBe(422)
    expect(first.data.challenge).toEqual({ id: 'ch-1', operands: [7, 5] })
    expect(first.data.result.error['']).toEqual([
      'There were many failed logins for this account. Please answer the question below along with your password.',
    ])
    await post('login=bbuyer&password=Demo!2026&challengeId=ch-1&challengeAnswer=12')
    expect(authorizations).toEqual([null, 'CAPTCHA challenge=ch-1 answer=12'])
  })
})

describe('pages that must not fail', () => {
  it('answers an old receipt link without a session with 404', async () => {
    const { response } = await answer(receiptLoader, args('/en/checkout/receipt?orderId=o-1'))
    expect(response.status).toBe(404)
  })
})
