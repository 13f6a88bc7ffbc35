import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as rootLoader } from '~/root'
import { loader as shopLayoutLoader } from '~/routes/$lang._shop'
import { loader as basketLoader } from '~/routes/$lang._shop.basket'
import { action as compareAction } from '~/routes/$lang._shop.compare'
import { loader as homeLoader } from '~/routes/$lang._shop.home'
import { action as loginAction } from '~/routes/$lang._shop.login'
import { shownMainNavigationHtml } from '~/services/main-navigation.server'
import { sessionStorage } from '~/services/session.server'
import {
  categoryData,
  configurationData,
  get,
  icm,
  icmError,
  icmPath,
  money,
  priceItem,
  pricesFor,
  productData,
  shellHandlers as icmShell,
} from './icm-mock'
import { answer, args, sessionCookie, sessionFrom, setCookieOf, type Args } from './loader-args'
import './setup'

/** Posts form fields to a route action under /en, as a browser without JavaScript would. */
const postTo =
  <T>(routeAction: (a: Args) => Promise<T>, path: string) =>
  (fields: Record<string, string>) =>
    answer(routeAction, args(path, { form: fields }))

const shellHandlers = () => icmShell(configurationData)

/** The root's and the shop layout's loaders of one page request, as Remix runs them: side by side, one context. */
async function pageShell(path: string, options?: Parameters<typeof args>[1]) {
  const page = args(path, options)
  const [root, chrome] = await Promise.all([
    answer(rootLoader, page),
    answer(shopLayoutLoader, { ...page, request: page.request.clone() }),
  ])
  return {
    shell: root.data.shell,
    chrome: chrome.data,
    navigationHtml: shownMainNavigationHtml(page.context),
    setCookie: (await setCookieOf(page.context)) ?? null,
  }
}

describe('root and shop layout loaders', () => {
  it('builds navigation and footer without a basket call for a visitor without a session', async () => {
    let basketCalls = 0
    icm.use(
      ...shellHandlers(),
      get('baskets/current', () => {
        basketCalls++
        return icmError(404, 'basket.not_found.error')
      }),
    )
    const result = await pageShell('/en/home')
    // The page's data names the list; its markup is kept for the server's render, not sent as data.
    expect(result.chrome.navigation).toEqual({ key: expect.stringMatching(/^en\./) })
    expect(result.navigationHtml).toContain(
      'href="/en/power-tools/drills-ctgPower-Tools.Drills" class="flyout-title">Drills</a>',
    )
    expect(result.shell.footer).toEqual([])
    expect(result.chrome.basket).toBeNull()
    expect(basketCalls).toBe(0)
    // Nothing personal: no cookie is written, so the page stays shareable.
    expect(result.setCookie).toBeNull()
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
            calculated: true,
            lineItems: [],
            totalProductQuantity: 3,
            totals: {
              itemTotal: priceItem(10, 11.9),
              grandTotal: { ...priceItem(10, 11.9), tax: money(1.9) },
            },
          },
        }
      }),
    )
    const now = Date.now()
    const cookie = await sessionCookie({
      apiToken: 'user-token',
      issuedAt: now,
      expiresAt: now + 3600_000,
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
    const session = await sessionFrom(cookie)
    session.flash('toast', { key: 'account.logout.success.message', type: 'info' })
    const withToast = (await sessionStorage.commitSession(session)).split(';')[0]!
    const result = await pageShell('/en/home', { cookie: withToast })
    expect(tokenSent).toBe('user-token')
    expect(result.shell.display).toBe('net')
    expect(result.chrome.basket).toEqual({
      itemCount: 3,
      total: { value: 10, currency: 'USD' },
      lines: [],
    })
    expect(result.chrome.user).toEqual({ name: 'Jack Link' })
    expect(result.shell.toast.text).toBe('You have been logged out.')
    // The toast is consumed: the cookie written back no longer holds it.
    expect(result.setCookie).toMatch(/^apiToken=/)
    expect((await sessionFrom(result.setCookie)).get('toast')).toBeUndefined()
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
    const result = await answer(rootLoader, args('/en/home', { cookie }))
    expect(grant).toBe('refresh_token')
    const session = await sessionFrom(result.setCookie)
    expect(session.get('apiToken')).toBeUndefined()
  })

  /** ICM no longer takes the session's token: the basket call answers as ICM does for one it cannot decode. */
  const basketRefusingTokens = () =>
    get('baskets/current', (req) =>
      req.headers.get('authentication-token')
        ? icmError(401, 'authentication.token.invalid', 'Unable to decode token.')
        : icmError(401, 'authentication.token.missing', 'missing'),
    )

  it('drops a token ICM rejects, so the shopper continues as a fresh visitor', async () => {
    icm.use(...shellHandlers(), basketRefusingTokens())
    const now = Date.now()
    const cookie = await sessionCookie({ apiToken: 'gone', issuedAt: now, expiresAt: now + 3600_000 })
    const result = await pageShell('/en/home', { cookie })
    expect(result.chrome.basket).toBeNull()
    const session = await sessionFrom(result.setCookie)
    expect(session.get('apiToken')).toBeUndefined()
  })

  it("marks a user's session that ICM no longer takes as timed out, so the next page says so", async () => {
    icm.use(...shellHandlers(), basketRefusingTokens())
    const now = Date.now()
    const cookie = await sessionCookie({
      apiToken: 'revoked',
      issuedAt: now,
      expiresAt: now + 3600_000,
      isAnonymous: false,
      user: {
        login: 'pmiller',
        customerNo: 'PC-100001',
        customerType: 'PrivateCustomer',
        roles: [],
        permissions: [],
      },
    })
    const result = await pageShell('/en/home', { cookie })
    const session = await sessionFrom(result.setCookie)
    expect(session.get('apiToken')).toBeUndefined()
    expect(session.get('user')).toBeUndefined()
    expect(session.get('timedOut')).toBe(true)
  })

  it('answers 503 when ICM is unreachable', async () => {
    icm.use(http.get(/.*/, () => HttpResponse.error()))
    const { response, data } = await answer(rootLoader, args('/en/home'))
    expect(data).toBeUndefined()
    expect(response.status).toBe(503)
  })
})

describe('home loader', () => {
  it('resolves CMS product lists into tiles with prices', async () => {
    icm.use(
      get('cms/includes/include.homepage.content.pagelet2-Include', {
        id: 'include.homepage.content.pagelet2-Include',
        definitionQualifiedName: 'app_sf_base_cm:include.homepage.content.pagelet2-Include',
        displayName: 'Home page content',
        pagelets: [
          {
            id: 'p',
            definitionQualifiedName: 'app_sf_base_cm:component.common.productListManual.pagelet2-Component',
            displayName: 'Featured products',
            configurationParameters: {
              Products: {
                definitionQualifiedName:
                  'app_sf_base_cm:component.common.productListManual.pagelet2-Component-Products',
                value: ['1000042'],
              },
            },
          },
        ],
      }),
      get('categories', { elements: [categoryData] }),
      get('products/1000042', productData),
      get('productprices', pricesFor('1000042')),
    )
    const result = await answer(homeLoader, args('/en/home'))
    expect(result.data.featured).toHaveLength(1)
    expect(result.data.featured[0].url).toBe('/en/power-tools/drills/voltwerk-drill-xt-18-prd1000042')
    expect(result.data.featured[0].price.sale.gross.value).toBe(119)
    expect(result.data.categories[0].url).toBe('/en/power-tools/drills-ctgPower-Tools.Drills')
  })

  it('answers 404 for an unknown language', async () => {
    const { response } = await answer(homeLoader, args('/xx/home'))
    expect(response.status).toBe(404)
  })
})

describe('basket loader', () => {
  it('shows no basket without a token, and the lines with product names with one', async () => {
    icm.use(get('configurations', configurationData))
    const empty = await answer(basketLoader, args('/en/basket'))
    expect(empty.data.basket).toBeNull()
    expect(empty.response.headers.get('Cache-Control')).toBe('private, no-store')

    icm.use(
      get('baskets/current', {
        data: {
          id: 'b',
          calculated: true,
          lineItems: ['l1'],
          totalProductQuantity: 2,
          totals: { itemTotal: priceItem(200, 238), grandTotal: { ...priceItem(200, 238), tax: money(38) } },
        },
        included: {
          lineItems: {
            l1: {
              id: 'l1',
              calculated: true,
              hiddenGift: false,
              freeGift: false,
              position: 1,
              product: '1000042',
              quantity: { value: 2 },
              pricing: {
                singleBasePrice: priceItem(100, 119),
                price: priceItem(200, 238),
                undiscountedPrice: priceItem(200, 238),
                total: priceItem(200, 238),
                shippingTotal: priceItem(0, 0),
              },
            },
          },
        },
      }),
      get('products/1000042', productData),
    )
    const now = Date.now()
    const cookie = await sessionCookie({ apiToken: 't', issuedAt: now, expiresAt: now + 3600_000 })
    const result = await answer(basketLoader, args('/en/basket', { cookie }))
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
    const result = await post({ login: '', password: 'secret' })
    expect(result.response.status).toBe(400)
    expect(result.data.result.error.login).toEqual(['Please enter your e-mail address or user name.'])
    expect(JSON.stringify(result.data.result)).not.toContain('secret')
  })

  it('maps 401 to the e-mail or user-name message and 403 to the approval message', async () => {
    icm.use(http.post(icmPath('token'), () => icmError(401, 'invalid_grant')))
    expect((await post({ login: 'a@b.test', password: 'x' })).data.result.error['']).toEqual([
      'The e-mail address or password you entered is incorrect.',
    ])
    expect((await post({ login: 'jlink', password: 'x' })).data.result.error['']).toEqual([
      'The user name or password you entered is incorrect.',
    ])
    icm.use(http.post(icmPath('token'), () => icmError(403, 'account.login.customer_approval.error')))
    const approval = await post({ login: 'jlink', password: 'x' })
    expect(approval.response.status).toBe(422)
    expect(approval.data.result.error['']).toEqual(['Your account has not been approved yet.'])
    icm.use(http.post(icmPath('token'), () => icmError(403, 'account.login.user_disabled.error')))
    const disabled = await post({ login: 'jlink', password: 'x' })
    expect(disabled.response.status).toBe(422)
    expect(disabled.data.result.error['']).toEqual([
      'Your user account has been deactivated. Please ask your company’s administrator to activate it again.',
    ])
  })

  it('logs in, remembers the user and redirects only to same-origin return URLs', async () => {
    icm.use(
      http.post(icmPath('token'), () =>
        HttpResponse.json({
          access_token: 'user-1',
          token_type: 'bearer',
          expires_in: 3600,
          refresh_token: 'r',
        }),
      ),
      get('customers/-', { customerNo: 'PC-1', type: 'PrivateCustomer', customerType: 'PRIVATE' }),
      get('privatecustomers/-', {
        customerNo: 'PC-1',
        type: 'PrivateCustomer',
        login: 'p@x.test',
        firstName: 'Pat',
        lastName: 'M',
      }),
      get('personalization', { pgid: 'pg-PC-1' }),
    )
    const { response, setCookie } = await post({
      login: 'p@x.test',
      password: 'pw',
      returnUrl: '//evil.test/',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/home')
    const session = await sessionFrom(setCookie)
    expect(session.get('apiToken')).toBe('user-1')
    expect(session.get('isAnonymous')).toBe(false)
    expect(session.get('pgid')).toBe('pg-PC-1')
    expect(session.get('user')).toMatchObject({ firstName: 'Pat', customerType: 'PrivateCustomer' })
  })
})

describe('compare action', () => {
  const post = postTo(compareAction, '/en/compare')

  it('refuses malformed posts with 400 and unknown products with 404, storing nothing', async () => {
    const malformed = await post({ intent: 'steal', sku: 'x' })
    expect(malformed.response.status).toBe(400)
    expect(malformed.setCookie).toBeNull()
    icm.use(get('products/NOPE', () => icmError(404, 'product.not_found')))
    const unknown = await post({ intent: 'add', sku: 'NOPE' })
    expect(unknown.response.status).toBe(404)
    expect(unknown.setCookie).toBeNull()
  })

  it('keeps the list in the session and goes back to a same-origin page', async () => {
    icm.use(get('products/1000042', productData))
    const { response, setCookie } = await post({ intent: 'add', sku: '1000042', returnUrl: '/en/home' })
    expect(response.headers.get('Location')).toBe('/en/home')
    const session = await sessionFrom(setCookie)
    expect(session.get('compare')).toEqual(['1000042'])
  })
})
