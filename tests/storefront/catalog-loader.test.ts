import { describe, expect, it } from 'vitest'
import { action, loader } from '~/routes/$lang.$'
import { http, HttpResponse } from 'msw'
import {
  categoryData,
  configurationData,
  emptyBasket,
  get,
  icm,
  icmError,
  icmPath,
  localeOf,
  localizedTree,
  pricesFor,
  productData,
} from './icm-mock'
import './setup'

const args = (path: string, init?: RequestInit) => ({
  request: new Request(`http://shop.test/en/${path}`, init),
  params: { lang: 'en', '*': path.split('?')[0] },
  context: {},
})

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
  throw new Error('expected the loader to throw a response')
}

const productHandlers = () => [
  get('products/1000042', productData),
  get('productprices', pricesFor('1000042')),
  get('inventories', { data: [{ sku: '1000042', warehouses: [{ stock: 3 }] }] }),
  get('categories/Power-Tools/Drills', categoryData),
  get('products/1000042/links', {}),
  get('configurations', configurationData),
]

describe('product page loader', () => {
  it('loads product, price and stock in parallel and names the canonical URL', async () => {
    icm.use(...productHandlers())
    const result = (await loader(args('power-tools/drills/voltwerk-drill-xt-18-prd1000042'))) as any
    const page = result.data
    expect(page.kind).toBe('product')
    expect(page.product.name).toBe('Voltwerk Drill XT 18')
    expect(page.price.sale.gross.value).toBe(119)
    expect(page.inventory).toEqual({ sku: '1000042', stock: 3, status: 2 })
    expect(page.seo.canonical).toBe('http://shop.test/en/power-tools/drills/voltwerk-drill-xt-18-prd1000042')
    expect(page.seo.alternates.map((a: { hrefLang: string }) => a.hrefLang)).toEqual([
      'en-US',
      'de-DE',
      'fr-FR',
      'pl-PL',
      'ro-RO',
      'x-default',
    ])
    expect(page.seo.alternates[1].href).toBe(
      'http://shop.test/de/power-tools/drills/voltwerk-drill-xt-18-prd1000042',
    )
    const [product, breadcrumb] = page.seo.jsonLd
    expect(product).toMatchObject({
      '@type': 'Product',
      sku: '1000042',
      image: 'http://shop.test/INTERSHOP/static/WFS/ironbridge-Site/-/images/1/1000042.svg',
      offers: {
        price: '119.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/LimitedAvailability',
      },
    })
    expect(breadcrumb.itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      name: 'Power Tools',
      item: 'http://shop.test/en/power-tools-ctgPower-Tools',
    })
    expect(page.breadcrumb.map((b: { name: string }) => b.name)).toEqual([
      'Power Tools',
      'Drills',
      'Voltwerk Drill XT 18',
    ])
    expect(new Headers(result.init.headers).get('Cache-Control')).toContain('s-maxage')
  })

  it('names the other languages’ URLs from their cached category trees, without a category call', async () => {
    const categoryCalls: string[] = []
    icm.use(
      ...productHandlers(),
      get('categories', localizedTree),
      get('categories/Power-Tools/Drills', (request) => {
        categoryCalls.push(localeOf(request))
        return categoryData
      }),
    )
    const page = ((await loader(args('power-tools/drills/voltwerk-drill-xt-18-prd1000042'))) as any).data
    const href = (lang: string) => page.seo.alternates.find((a: any) => a.hrefLang === lang)?.href
    expect(href('de-DE')).toBe(
      'http://shop.test/de/elektrowerkzeuge/bohrmaschinen/voltwerk-drill-xt-18-prd1000042',
    )
    expect(href('fr-FR')).toBe(
      'http://shop.test/fr/outillage-electrique/perceuses/voltwerk-drill-xt-18-prd1000042',
    )
    expect(page.breadcrumb.map((b: { name: string }) => b.name)).toEqual([
      'Power Tools',
      'Drills',
      'Voltwerk Drill XT 18',
    ])
    expect(categoryCalls).toEqual([])
  })

  it('redirects the short form with 301 to the canonical URL', async () => {
    icm.use(...productHandlers())
    const response = await thrown(loader(args('product/1000042')))
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe('/en/power-tools/drills/voltwerk-drill-xt-18-prd1000042')
  })

  it('answers an unknown SKU with 404', async () => {
    icm.use(
      get('products/NOPE', () => icmError(404, 'product.not_found')),
      get('productprices', { data: [] }),
      get('inventories', { data: [] }),
    )
    expect((await thrown(loader(args('x-prdNOPE')))).status).toBe(404)
  })

  it('answers a product ICM fails on (500 or an unreadable answer) with 404', async () => {
    for (const failure of [() => icmError(500, 'internal'), () => HttpResponse.json({ sku: 42 })]) {
      icm.use(
        get('products/1000042', failure),
        get('productprices', { data: [] }),
        get('inventories', { data: [] }),
      )
      expect((await thrown(loader(args('x-prd1000042')))).status).toBe(404)
    }
  })

  it('answers 503 when ICM cannot be reached', async () => {
    icm.use(
      http.get(icmPath('products/1000042'), () => HttpResponse.error()),
      get('productprices', { data: [] }),
      get('inventories', { data: [] }),
    )
    expect((await thrown(loader(args('x-prd1000042')))).status).toBe(503)
  })
})

describe('category page loader', () => {
  it('lists a page of products with prices', async () => {
    let requested = ''
    icm.use(
      get('categories/Power-Tools/Drills', categoryData),
      get('categories/Power-Tools/Drills/products', (request) => {
        requested = request.url
        return {
          elements: [
            {
              title: 'Drill',
              attributes: [
                { name: 'sku', value: '1000042' },
                { name: 'inStock', value: true },
                { name: 'defaultCategory', value: 'Power-Tools.Drills' },
              ],
            },
          ],
          total: 10,
        }
      }),
      get('categories/Power-Tools/Drills/productfilters', { elements: [] }),
      get('productprices', pricesFor('1000042')),
    )
    const page = ((await loader(args('power-tools/drills-ctgPower-Tools.Drills?page=2'))) as any).data
    expect(new URL(requested).searchParams.get('offset')).toBe('9')
    expect(new URL(requested).searchParams.get('amount')).toBe('9')
    expect(page.listing).toMatchObject({ page: 2, total: 10 })
    expect(page.listing.products[0].url).toBe('/en/power-tools/drills/drill-prd1000042')
    expect(page.seo.canonical).toBe('http://shop.test/en/power-tools/drills-ctgPower-Tools.Drills?page=2')
    expect(page.seo.robots).toBe('index, follow')
  })

  it('filters by the selected facets, names the unfiltered canonical and marks deep combinations noindex', async () => {
    const requested: Record<string, URLSearchParams> = {}
    icm.use(
      get('categories/Power-Tools/Drills', categoryData),
      get('categories/Power-Tools/Drills/products', (request) => {
        requested.products = new URL(request.url).searchParams
        return { elements: [], total: 0 }
      }),
      get('categories/Power-Tools/Drills/productfilters', (request) => {
        requested.filters = new URL(request.url).searchParams
        return {
          elements: [
            {
              id: 'brand',
              name: 'Brand',
              selectionType: 'multiple_or',
              limitCount: 3,
              facets: [
                { name: 'brand:A', displayName: 'A', count: 3, selected: true, searchParameter: 'brand=B' },
                { name: 'brand:B', displayName: 'B', count: 2, selected: true, searchParameter: 'brand=A' },
              ],
            },
          ],
        }
      }),
    )
    const selection = encodeURIComponent('brand=B&brand=A')
    const page = (
      (await loader(
        args(`power-tools/drills-ctgPower-Tools.Drills?filters=${selection}&sorting=name-asc`),
      )) as any
    ).data
    // The selection reaches ICM in canonical order on both calls, with the sort key.
    expect(requested.products?.get('SearchParameter')).toBe('brand=A&brand=B')
    expect(requested.products?.get('sortKey')).toBe('name-asc')
    expect(requested.filters?.get('SearchParameter')).toBe('brand=A&brand=B')
    expect(page.listing.filters).toBe('brand=A&brand=B')
    expect(page.listing.filterGroups[0].facets.map((f: any) => f.filters)).toEqual(['brand=B', 'brand=A'])
    expect(page.seo.canonical).toBe('http://shop.test/en/power-tools/drills-ctgPower-Tools.Drills')
    expect(page.seo.robots).toBe('noindex, follow')
  })

  it('names the other languages’ URLs from their cached category trees', async () => {
    const categoryCalls: string[] = []
    icm.use(
      get('categories', localizedTree),
      get('categories/Power-Tools/Drills', (request) => {
        categoryCalls.push(localeOf(request))
        return categoryData
      }),
      get('categories/Power-Tools/Drills/products', { elements: [], total: 0 }),
      get('categories/Power-Tools/Drills/productfilters', { elements: [] }),
    )
    const page = ((await loader(args('power-tools/drills-ctgPower-Tools.Drills'))) as any).data
    const href = (lang: string) => page.seo.alternates.find((a: any) => a.hrefLang === lang)?.href
    expect(href('en-US')).toBe('http://shop.test/en/power-tools/drills-ctgPower-Tools.Drills')
    expect(href('de-DE')).toBe('http://shop.test/de/elektrowerkzeuge/bohrmaschinen-ctgPower-Tools.Drills')
    expect(href('x-default')).toBe(href('de-DE'))
    // Only the page's own category is loaded; the other languages come from their trees.
    expect(categoryCalls).toEqual(['en_US'])
  })

  it('answers a malformed filter and one ICM rejects with 404', async () => {
    icm.use(
      get('categories/Power-Tools/Drills', categoryData),
      get('categories/Power-Tools/Drills/products', () =>
        icmError(400, 'request.invalid', "Unknown filter 'x'."),
      ),
      get('categories/Power-Tools/Drills/productfilters', () => icmError(400, 'request.invalid')),
    )
    expect(
      (await thrown(loader(args(`drills-ctgPower-Tools.Drills?filters=${encodeURIComponent('=1')}`)))).status,
    ).toBe(404)
    expect(
      (await thrown(loader(args(`drills-ctgPower-Tools.Drills?filters=${encodeURIComponent('x=1')}`))))
        .status,
    ).toBe(404)
  })

  it('moves the short forms category/{id} and categoryref/{id}@{catalog} to the canonical URL with 301', async () => {
    icm.use(get('categories/Power-Tools/Drills', { ...categoryData, categoryRef: 'Power-Tools.Drills@Shop' }))
    for (const path of ['category/Power-Tools.Drills?page=2', 'categoryref/Power-Tools.Drills@Shop?page=2']) {
      const response = await thrown(loader(args(path)))
      expect(response.status, path).toBe(301)
      expect(response.headers.get('Location')).toBe('/en/power-tools/drills-ctgPower-Tools.Drills?page=2')
    }
    // A reference into another catalog names no category of this shop.
    expect((await thrown(loader(args('categoryref/Power-Tools.Drills@Other')))).status).toBe(404)
  })

  it('answers a bad page number and an unknown category with 404', async () => {
    icm.use(
      get('categories/Power-Tools/Drills', categoryData),
      get('categories/Nope', () => icmError(404, 'category.not_found')),
    )
    expect((await thrown(loader(args('drills-ctgPower-Tools.Drills?page=abc')))).status).toBe(404)
    expect((await thrown(loader(args('nope-ctgNope')))).status).toBe(404)
  })
})

describe('add to basket action', () => {
  const post = (fields: Record<string, string>, cookie?: string) =>
    args('power-tools/drills/voltwerk-drill-xt-18-prd1000042', {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: cookie ? { Cookie: cookie } : {},
    })

  it('obtains an anonymous token, creates the basket and adds the item, then redirects with a toast', async () => {
    let itemsBody: unknown
    let tokenSent: string | null = null
    icm.use(
      get('products/1000042', productData),
      get('configurations', configurationData),
      http.post(icmPath('token'), () =>
        HttpResponse.json({
          access_token: 'anon-1',
          token_type: 'bearer',
          expires_in: 3600,
          refresh_token: 'r-1',
        }),
      ),
      get('baskets/current', () => icmError(404, 'basket.not_found.error')),
      http.post(icmPath('baskets'), () => HttpResponse.json(emptyBasket(), { status: 201 })),
      http.post(icmPath('baskets/b-1/items'), async ({ request }) => {
        tokenSent = request.headers.get('authentication-token')
        itemsBody = await request.json()
        return HttpResponse.json({ data: [], infos: [] }, { status: 201 })
      }),
    )
    const response = (await action(
      post({ intent: 'addToBasket', sku: '1000042', quantity: '2' }),
    )) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/power-tools/drills/voltwerk-drill-xt-18-prd1000042')
    expect(response.headers.get('Set-Cookie')).toMatch(/^apiToken=/)
    expect(tokenSent).toBe('anon-1')
    expect(itemsBody).toEqual([{ product: '1000042', quantity: { value: 2 } }])
  })

  it('refuses an invalid quantity with 400 before calling the basket', async () => {
    icm.use(
      get('products/1000042', { ...productData, maxOrderQuantity: 5 }),
      get('configurations', configurationData),
    )
    const result = (await action(post({ intent: 'addToBasket', sku: '1000042', quantity: '6' }))) as any
    expect(result.init.status).toBe(400)
    expect(result.data.result.error.quantity).toEqual(['You can order at most 5 of this product.'])
  })

  it('shows the API refusal with 422', async () => {
    icm.use(
      get('products/1000042', productData),
      get('configurations', configurationData),
      http.post(icmPath('token'), () => HttpResponse.json({ access_token: 'anon-2', expires_in: 3600 })),
      get('baskets/current', emptyBasket('b-2')),
      http.post(icmPath('baskets/b-2/items'), () =>
        icmError(422, 'basket.line_item.creation.failed', 'failed', [
          { code: 'basket.line_item.product_out_of_stock.error', message: 'out' },
        ]),
      ),
    )
    const result = (await action(post({ intent: 'addToBasket', sku: '1000042', quantity: '1' }))) as any
    expect(result.init.status).toBe(422)
    expect(result.data.result.error['']).toEqual(['This product is out of stock.'])
  })
})

describe('add to basket with a token ICM no longer knows', () => {
  it('drops the token, gets a new anonymous one and adds the item', async () => {
    const { commitSession, getSession } = await import('~/services/session.server')
    const session = await getSession(new Request('http://shop.test/'))
    session.set('apiToken', 'dead')
    session.set('issuedAt', Date.now())
    session.set('expiresAt', Date.now() + 3600_000)
    const cookie = (await commitSession(session)).split(';')[0]!
    const tokens: (string | null)[] = []
    icm.use(
      get('products/1000042', productData),
      get('configurations', configurationData),
      http.post(icmPath('token'), () =>
        HttpResponse.json({ access_token: 'fresh', expires_in: 3600, refresh_token: 'r' }),
      ),
      get('baskets/current', (request) => {
        tokens.push(request.headers.get('authentication-token'))
        return request.headers.get('authentication-token') === 'fresh'
          ? emptyBasket('b-9')
          : request.headers.get('authentication-token')
            ? icmError(401, 'authentication.token.invalid', 'Unable to decode token.')
            : icmError(401, 'authentication.token.missing', 'An authentication-token header is required.')
      }),
      http.post(icmPath('baskets/b-9/items'), () =>
        HttpResponse.json({ data: [], infos: [] }, { status: 201 }),
      ),
    )
    const response = (await action(
      args('power-tools/drills/voltwerk-drill-xt-18-prd1000042', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'addToBasket', sku: '1000042', quantity: '1' }),
        headers: { Cookie: cookie },
      }),
    )) as Response
    expect(response.status).toBe(303)
    expect(tokens).toEqual(['dead', null, 'fresh'])
    const after = await getSession(
      new Request('http://shop.test/', { headers: { Cookie: response.headers.get('Set-Cookie')! } }),
    )
    expect(after.get('apiToken')).toBe('fresh')
  })
})
