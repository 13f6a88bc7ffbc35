import { afterEach, describe, expect, it, vi } from 'vitest'
import { loader as catalogLoader } from '~/routes/$lang._shop.$'
import { action as recentlyAction, loader as recentlyLoader } from '~/routes/$lang._shop.recently'
import { RECENTLY_VIEWED_MAX_AGE, sessionOf } from '~/services/session.server'
import { answer, args, sessionCookie, sessionFrom } from './loader-args'
import { categoryData, configurationData, get, icm, pricesFor, productData } from './icm-mock'
import './setup'

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

const drill = productData
const saw = { ...productData, sku: '1000077', productName: 'Sawmaster Circular Saw 190' }

const catalogHandlers = () => [
  get('products/1000042', drill),
  get('products/1000077', saw),
  get('productprices', (request) => {
    const skus = new URL(request.url).searchParams.getAll('sku')
    return { data: skus.flatMap((sku) => pricesFor(sku).data) }
  }),
  get('inventories', { data: [] }),
  get('categories/Power-Tools/Drills', categoryData),
  get('products/1000042/links', { elements: [] }),
  get('products/1000077/links', { elements: [] }),
  get('configurations', configurationData),
]

const productPath = (product: { sku: string; productName: string }) =>
  `power-tools/drills/${product.productName.toLowerCase().replace(/ /g, '-')}-prd${product.sku}`

/** The product page as the server sends it: its data, and its headers with the session cookie. */
async function viewProduct(product: typeof drill, { Cookie: cookie, ...headers }: Record<string, string>) {
  const path = productPath(product)
  const sent = await answer(
    catalogLoader,
    args(`/en/${path}`, { params: { lang: 'en', '*': path }, cookie, headers }),
  )
  return { page: sent.data, headers: sent.response.headers }
}

/** The session a request with this cookie gets, the shop session ended when it was idle too long. */
const sessionAt = (cookie: string) =>
  sessionOf({ request: new Request('http://shop.test/', { headers: { Cookie: cookie } }), context: {} })

/** The cookie a browser would send back after a response's Set-Cookie. */
const cookieFrom = (headers: Headers) => headers.get('Set-Cookie')!.split(';')[0]!

afterEach(() => {
  vi.useRealTimers()
})

describe('recording recently viewed products', () => {
  it('records a shopper’s product views in the session cookie, most recent first, kept 7 days', async () => {
    icm.use(...catalogHandlers())
    const first = await viewProduct(drill, { 'User-Agent': BROWSER })
    expect(first.page.product.sku).toBe('1000042')
    expect(first.page.recentlyViewed).toBeNull() // nothing else viewed yet
    expect(first.headers.get('Cache-Control')).toBe('private, no-store')
    expect(first.headers.get('Set-Cookie')).toMatch(
      new RegExp(`^apiToken=.*Max-Age=${RECENTLY_VIEWED_MAX_AGE}`),
    )
    expect((await sessionFrom(cookieFrom(first.headers))).get('recently')?.map(([sku]) => sku)).toEqual([
      '1000042',
    ])

    const second = await viewProduct(saw, { 'User-Agent': BROWSER, Cookie: cookieFrom(first.headers) })
    const session = await sessionFrom(cookieFrom(second.headers))
    expect(session.get('recently')?.map(([sku]) => sku)).toEqual(['1000077', '1000042'])
    // The section below the product lists the others, streamed as a promise.
    expect(second.page.recentlyViewed).toBeInstanceOf(Promise)
    const tiles = await second.page.recentlyViewed
    expect(tiles).toHaveLength(1)
    expect(tiles[0]).toMatchObject({
      tile: { sku: '1000042', name: 'Voltwerk Drill XT 18' },
      url: '/en/voltwerk-drill-xt-18-prd1000042',
      price: { sale: { gross: { value: 119 } } },
    })
  })

  it('records nothing for a crawler: no cookie, and the page stays shareable apart from people', async () => {
    icm.use(...catalogHandlers())
    const bot = await viewProduct(drill, { 'User-Agent': GOOGLEBOT })
    expect(bot.page.product.sku).toBe('1000042')
    expect(bot.headers.get('Set-Cookie')).toBeNull()
    expect(bot.headers.get('Cache-Control')).toContain('s-maxage=60')
    expect(bot.headers.get('Vary')).toBe('Cookie, User-Agent')
    expect(bot.page.recentlyViewed).toBeNull()
  })

  it('records nothing for a speculative prefetch of the page', async () => {
    icm.use(...catalogHandlers())
    const prefetch = await viewProduct(drill, { 'User-Agent': BROWSER, 'Sec-Purpose': 'prefetch' })
    expect(prefetch.headers.get('Set-Cookie')).toBeNull()
  })
})

describe('the session cookie with a recently viewed list', () => {
  it('ends the shop session after an hour unused, but keeps the list for 7 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.UTC(2026, 0, 5, 12, 0)
    vi.setSystemTime(start)
    const cookie = await sessionCookie({
      apiToken: 'token',
      issuedAt: start,
      expiresAt: start + 3600_000,
      activeAt: start,
      compare: ['1000077'],
      recently: [['1000042', start / 60_000]],
    })

    vi.setSystemTime(start + 59 * 60_000)
    expect((await sessionAt(cookie)).get('apiToken')).toBe('token')

    vi.setSystemTime(start + 61 * 60_000)
    const later = await sessionAt(cookie)
    expect(later.get('apiToken')).toBeUndefined()
    expect(later.get('compare')).toBeUndefined()
    expect(later.get('recently')).toEqual([['1000042', start / 60_000]])
  })

  it('recording a view does not keep the shop session alive', async () => {
    icm.use(...catalogHandlers())
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    const cookie = await sessionCookie({
      apiToken: 'token',
      issuedAt: start,
      expiresAt: start + 3600_000,
      activeAt: start,
    })
    vi.setSystemTime(start + 50 * 60_000)
    const viewed = await viewProduct(drill, { 'User-Agent': BROWSER, Cookie: cookie })
    vi.setSystemTime(start + 61 * 60_000)
    const after = await sessionAt(cookieFrom(viewed.headers))
    expect(after.get('apiToken')).toBeUndefined()
    expect(after.get('recently')?.map(([sku]) => sku)).toEqual(['1000042'])
  })
})

describe('/recently', () => {
  it('lists the viewed products, privately, and clears them with a post', async () => {
    icm.use(...catalogHandlers())
    const now = Date.now()
    const cookie = await sessionCookie({
      recently: [
        ['1000077', Math.floor(now / 60_000)],
        ['1000042', Math.floor(now / 60_000) - 5],
      ],
    })

    const page = await answer(recentlyLoader, args('/en/recently', { cookie }))
    expect(page.data.products.map((p: { tile: { name: string } }) => p.tile.name)).toEqual([
      'Sawmaster Circular Saw 190',
      'Voltwerk Drill XT 18',
    ])
    expect(page.response.headers.get('Cache-Control')).toBe('private, no-store')

    const cleared = await answer(recentlyAction, args('/en/recently', { form: { intent: 'clear' }, cookie }))
    expect(cleared.response.status).toBe(303)
    expect(cleared.response.headers.get('Location')).toBe('/en/recently')
    const after = await sessionFrom(cleared.setCookie)
    expect(after.get('recently')).toBeUndefined()
    expect(after.get('toast')).toEqual({ key: 'recently.cleared.message', type: 'success' })

    const empty = await answer(
      recentlyLoader,
      args('/en/recently', { cookie: cleared.setCookie!.split(';')[0] }),
    )
    expect(empty.data.products).toEqual([])
  })

  it('answers a malformed post with 400 and the form’s errors, and keeps the list', async () => {
    const cookie = await sessionCookie({ recently: [['1000077', Math.floor(Date.now() / 60_000)]] })
    const refused = await answer(
      recentlyAction,
      args('/en/recently', { form: { intent: 'delete-everything' }, cookie }),
    )
    expect(refused.response.status).toBe(400)
    expect(refused.data.result.status).toBe('error')
    expect(refused.data.result.error.intent).toHaveLength(1)
    expect(refused.setCookie).toBeNull()
  })
})
