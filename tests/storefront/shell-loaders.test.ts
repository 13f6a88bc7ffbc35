import type { ActionFunctionArgs } from '@remix-run/node'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as basketLoader } from '~/routes/$lang.basket'
import { loader as homeLoader } from '~/routes/$lang.home'
import { action as loginAction } from '~/routes/$lang.login'
import { loader as rootLoader } from '~/root'
import { action as compareAction } from '~/routes/$lang.compare'
import { commitSession, getSession } from '~/services/session.server'
import {
  categoryData,
  configurationData,
  get,
  icm,
  icmError,
  icmPath,
  priceItem,
  pricesFor,
  productData,
} from './icm-mock'
import './setup'

const request = (path: string, init?: RequestInit) => new Request(`http://shop.test${path}`, init)

/** Posts form fields to a route action under /en, as a browser without JavaScript would. */
const postTo =
  <T>(routeAction: (args: ActionFunctionArgs) => T, path: string) =>
  (fields: Record<string, string>) =>
    routeAction({
      request: request(path, { method: 'POST', body: new URLSearchParams(fields) }),
      params: { lang: 'en' },
      context: {},
    })

async function sessionCookie(values: Record<string, unknown>) {
  const session = await getSession(new Request('http://shop.test/'))
  for (const [key, value] of Object.entries(values)) session.set(key as never, value as never)
  return (await commitSession(session)).split(';')[0]!
}

const shellHandlers = () => [
  get('categories', [categoryData]),
  get('cms/includes/include.footer.content.pagelet2-Include', { id: 'footer', pagelets: [] }),
  http.get(/\/configurations$/, () =>
    HttpResponse.json({
      data: { pricing: { privateCustomerPriceDisplayType: 'gross', smbCustomerPriceDisplayType: 'net' } },
    }),
  ),
]

describe('root loader', () => {
  it('builds navigation and footer without a basket call for a visitor without a session', async () => {
    let basketCalls = 0
    icm.use(
      ...shellHandlers(),
      get('baskets/current', () => {
        basketCalls++
        return icmError(404, 'basket.not_found.error')
      }),
    )
    const result = (await rootLoader({
      request: request('/en/home'),
      params: { lang: 'en' },
      context: {},
    })) as any
    expect(result.data.shell.navigation[0]).toMatchObject({
      name: 'Drills',
      url: '/en/power-tools/drills-ctgPower-Tools.Drills',
    })
    expect(result.data.shell.basket).toBeNull()
    expect(basketCalls).toBe(0)
    expect(result.init?.headers).toBeUndefined()
  })

  it('shows the basket in the display mode of the customer type and consumes the toast', async () => {
    let tokenSent: string | null = null
    icm.use(
      ...shellHandlers(),
      get('baskets/current', (req) => {
        tokenSent = req.headers.get('authentication-token')
        return {
          data: {
            id: 'b',
            lineItems: [],
            totalProductQuantity: 3,
            totals: { itemTotal: priceItem(10, 11.9), grandTotal: priceItem(10, 11.9) },
          },
        }
      }),
    )
    const now = Date.now()
    const cookie = await sessionCookie({
      apiToken: 'user-token',
      issuedAt: now,
      expiresAt: now + 3600_000,
      user: { login: 'jlink', firstName: 'Jack', lastName: 'Link', customerType: 'SMBCustomer' },
    })
    const session = await getSession(request('/', { headers: { Cookie: cookie } }))
    session.flash('toast', { key: 'account.logout.success.message', type: 'info' })
    const withToast = (await commitSession(session)).split(';')[0]!
    const result = (await rootLoader({
      request: request('/en/home', { headers: { Cookie: withToast } }),
      params: { lang: 'en' },
      context: {},
    })) as any
    expect(tokenSent).toBe('user-token')
    expect(result.data.shell.display).toBe('net')
    expect(result.data.shell.basket).toEqual({
      itemCount: 3,
      total: { value: 10, currency: 'USD' },
      lines: [],
    })
    expect(result.data.shell.user).toEqual({ name: 'Jack Link' })
    expect(result.data.shell.toast.text).toBe('You have been logged out.')
    expect(new Headers(result.init.headers).get('Set-Cookie')).toMatch(/^apiToken=/)
  })

  it('refreshes a token past half its lifetime and drops one that cannot be refreshed', async () => {
    let grant = ''
    icm.use(
      ...shellHandlers(),
      http.post(icmPath('token'), async ({ request: req }) => {
        grant = new URLSearchParams(await req.text()).get('grant_type') ?? ''
        return icmError(401, 'invalid_grant')
      }),
    )
    const now = Date.now()
    const cookie = await sessionCookie({
      apiToken: 'old',
      refreshToken: 'r',
      issuedAt: now - 2000_000,
      expiresAt: now + 1600_000,
    })
    const result = (await rootLoader({
      request: request('/en/home', { headers: { Cookie: cookie } }),
      params: { lang: 'en' },
      context: {},
    })) as any
    expect(grant).toBe('refresh_token')
    const session = await getSession(
      request('/', { headers: { Cookie: new Headers(result.init.headers).get('Set-Cookie')! } }),
    )
    expect(session.get('apiToken')).toBeUndefined()
  })

  it('drops a token ICM rejects, so the shopper continues as a fresh visitor', async () => {
    icm.use(
      ...shellHandlers(),
      get('baskets/current', (req) =>
        req.headers.get('authentication-token')
          ? icmError(401, 'authentication.token.invalid', 'Unable to decode token.')
          : icmError(401, 'authentication.token.missing', 'missing'),
      ),
    )
    const now = Date.now()
    const cookie = await sessionCookie({ apiToken: 'gone', issuedAt: now, expiresAt: now + 3600_000 })
    const result = (await rootLoader({
      request: request('/en/home', { headers: { Cookie: cookie } }),
      params: { lang: 'en' },
      context: {},
    })) as any
    expect(result.data.shell.basket).toBeNull()
    const session = await getSession(
      request('/', { headers: { Cookie: new Headers(result.init.headers).get('Set-Cookie')! } }),
    )
    expect(session.get('apiToken')).toBeUndefined()
  })

  it('answers 503 when ICM is unreachable', async () => {
    icm.use(http.get(/.*/, () => HttpResponse.error()))
    const error = await rootLoader({
      request: request('/en/home'),
      params: { lang: 'en' },
      context: {},
    }).catch((e) => e)
    expect(error).toBeInstanceOf(Response)
    expect(error.status).toBe(503)
  })
})

describe('home loader', () => {
  it('resolves CMS product lists into tiles with prices', async () => {
    icm.use(
      get('cms/includes/include.homepage.content.pagelet2-Include', {
        id: 'home',
        pagelets: [
          {
            id: 'p',
            definitionQualifiedName: 'app_sf_base_cm:component.common.productListManual',
            configurationParameters: { Products: { value: ['1000042'] } },
          },
        ],
      }),
      get('categories', [categoryData]),
      get('products/1000042', productData),
      get('productprices', pricesFor('1000042')),
    )
    const result = (await homeLoader({
      request: request('/en/home'),
      params: { lang: 'en' },
      context: {},
    })) as any
    expect(result.data.featured).toHaveLength(1)
    expect(result.data.featured[0].url).toBe('/en/power-tools/drills/voltwerk-drill-xt-18-prd1000042')
    expect(result.data.featured[0].price.sale.gross.value).toBe(119)
    expect(result.data.categories[0].url).toBe('/en/power-tools/drills-ctgPower-Tools.Drills')
  })

  it('answers 404 for an unknown language', async () => {
    const error = await homeLoader({
      request: request('/xx/home'),
      params: { lang: 'xx' },
      context: {},
    }).catch((e) => e)
    expect(error.status).toBe(404)
  })
})

describe('basket loader', () => {
  it('shows no basket without a token, and the lines with product names with one', async () => {
    icm.use(get('configurations', configurationData))
    const empty = (await basketLoader({
      request: request('/en/basket'),
      params: { lang: 'en' },
      context: {},
    })) as any
    expect(empty.data.basket).toBeNull()
    expect(new Headers(empty.init.headers).get('Cache-Control')).toBe('private, no-store')

    icm.use(
      get('baskets/current', {
        data: {
          id: 'b',
          lineItems: ['l1'],
          totalProductQuantity: 2,
          totals: { itemTotal: priceItem(200, 238), grandTotal: priceItem(200, 238) },
        },
        included: {
          lineItems: {
            l1: {
              id: 'l1',
              position: 1,
              product: '1000042',
              quantity: { value: 2 },
              pricing: { singleBasePrice: priceItem(100, 119), total: priceItem(200, 238) },
            },
          },
        },
      }),
      get('products/1000042', productData),
    )
    const now = Date.now()
    const cookie = await sessionCookie({ apiToken: 't', issuedAt: now, expiresAt: now + 3600_000 })
    const result = (await basketLoader({
      request: request('/en/basket', { headers: { Cookie: cookie } }),
      params: { lang: 'en' },
      context: {},
    })) as any
    expect(result.data.basket.lines[0]).toMatchObject({
      sku: '1000042',
      name: 'Voltwerk Drill XT 18',
      quantity: 2,
    })
    expect(result.data.basket.totals.total.gross.value).toBe(238)
  })
})

describe('login action', () => {
  const post = postTo(loginAction, '/en/login')

  it('requires both fields (400) and never echoes the password', async () => {
    const result = (await post({ login: '', password: 'secret' })) as any
    expect(result.init.status).toBe(400)
    expect(result.data.result.error.login).toEqual(['Please enter your e-mail address or user name.'])
    expect(JSON.stringify(result.data.result)).not.toContain('secret')
  })

  it('maps 401 to the e-mail or user-name message and 403 to the approval message', async () => {
    icm.use(http.post(icmPath('token'), () => icmError(401, 'invalid_grant')))
    expect(((await post({ login: 'a@b.test', password: 'x' })) as any).data.result.error['']).toEqual([
      'The e-mail address or password you entered is incorrect.',
    ])
    expect(((await post({ login: 'jlink', password: 'x' })) as any).data.result.error['']).toEqual([
      'The user name or password you entered is incorrect.',
    ])
    icm.use(http.post(icmPath('token'), () => icmError(403, 'account.login.customer_approval.error')))
    const approval = (await post({ login: 'jlink', password: 'x' })) as any
    expect(approval.init.status).toBe(422)
    expect(approval.data.result.error['']).toEqual(['Your account has not been approved yet.'])
  })

  it('logs in, remembers the user and redirects only to same-origin return URLs', async () => {
    icm.use(
      http.post(icmPath('token'), () =>
        HttpResponse.json({ access_token: 'user-1', expires_in: 3600, refresh_token: 'r' }),
      ),
      get('customers/-', { customerNo: 'PC-1', type: 'PrivateCustomer' }),
      get('privatecustomers/-', {
        customerNo: 'PC-1',
        type: 'PrivateCustomer',
        login: 'p@x.test',
        firstName: 'Pat',
        lastName: 'M',
      }),
      get('personalization', { pgid: 'pg-PC-1' }),
    )
    const response = (await post({
      login: 'p@x.test',
      password: 'pw',
      returnUrl: '//evil.test/',
    })) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/home')
    const session = await getSession(
      request('/', { headers: { Cookie: response.headers.get('Set-Cookie')! } }),
    )
    expect(session.get('apiToken')).toBe('user-1')
    expect(session.get('isAnonymous')).toBe(false)
    expect(session.get('pgid')).toBe('pg-PC-1')
    expect(session.get('user')).toMatchObject({ firstName: 'Pat', customerType: 'PrivateCustomer' })
  })
})

describe('compare action', () => {
  const post = postTo(compareAction, '/en/compare')

  it('refuses malformed posts with 400 and unknown products with 404, storing nothing', async () => {
    expect(((await post({ intent: 'steal', sku: 'x' }).catch((e) => e)) as Response).status).toBe(400)
    icm.use(get('products/NOPE', () => icmError(404, 'product.not_found')))
    expect(((await post({ intent: 'add', sku: 'NOPE' }).catch((e) => e)) as Response).status).toBe(404)
  })

  it('keeps the list in the session and goes back to a same-origin page', async () => {
    icm.use(get('products/1000042', productData))
    const response = (await post({ intent: 'add', sku: '1000042', returnUrl: '/en/home' })) as Response
    expect(response.headers.get('Location')).toBe('/en/home')
    const session = await getSession(
      request('/', { headers: { Cookie: response.headers.get('Set-Cookie')! } }),
    )
    expect(session.get('compare')).toEqual(['1000042'])
  })
})
