import { describe, expect, it } from 'vitest'
import { loader } from '~/routes/$lang.suggest'
import { args as shared, sessionCookie } from './loader-args'
import { get, icm, icmError, pricesFor } from './icm-mock'
import './setup'

const args = (query: string, headers: Record<string, string> = {}) =>
  shared(`/en/suggest?${query}`, { headers })

const link = (id: string, name: string) => ({ id, name, uri: `ironbridge-Site/-/categories/${id}` })
const tree = {
  elements: [
    {
      id: 'Power-Tools',
      name: 'Power Tools',
      categoryPath: [link('Power-Tools', 'Power Tools')],
      subCategories: [
        {
          id: 'Drills',
          name: 'Drills',
          categoryPath: [link('Power-Tools', 'Power Tools'), link('Drills', 'Drills')],
          subCategories: [
            {
              id: 'Cordless-Drills',
              name: 'Cordless Drills',
              categoryPath: [
                link('Power-Tools', 'Power Tools'),
                link('Drills', 'Drills'),
                link('Cordless-Drills', 'Cordless Drills'),
              ],
            },
          ],
        },
      ],
    },
  ],
}

const answer = {
  type: 'SuggestTerms',
  elements: [
    {
      term: 'Nordvalt Cordless Drill XT 120',
      suggestType: 'product',
      id: '1000042',
      imageURL: '/INTERSHOP/static/WFS/ironbridge-Site/-/images/1/100/1000042.svg',
      uri: 'ironbridge-Site/-/categories/Power-Tools/Drills/Cordless-Drills/products/1000042',
    },
    {
      term: 'Cordless Drills',
      suggestType: 'category',
      id: 'Power-Tools.Drills.Cordless-Drills',
      uri: 'ironbridge-Site/-/categories/Power-Tools/Drills/Cordless-Drills',
    },
    { term: 'Nordvalt', suggestType: 'brand', id: 'Nordvalt', hitCount: 120 },
    { term: '120', suggestType: 'keyword', hitCount: 300 },
    { term: 'cordless drill', suggestType: 'keyword' },
  ],
}

describe('suggest resource route', () => {
  it('asks ICM for the trimmed term and answers grouped suggestions with shop URLs, publicly cacheable', async () => {
    const asked: URL[] = []
    icm.use(
      get('suggest', (request) => {
        asked.push(new URL(request.url))
        return answer
      }),
      get('categories', tree),
      get('productprices', pricesFor('1000042', 249.99, 297.49)),
    )
    const response = await loader(args(`searchTerm=${encodeURIComponent('  Cordless   DRI ')}`))
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toMatch(/^public, max-age=60\b/)
    expect(response.headers.get('Vary')).toBe('Cookie')
    expect(asked).toHaveLength(1)
    expect(asked[0]!.searchParams.get('SearchTerm')).toBe('cordless dri')
    expect(asked[0]!.pathname).toContain(';loc=en_US;cur=USD/suggest')
    expect(await response.json()).toEqual({
      term: 'cordless dri',
      products: [
        {
          label: 'Nordvalt Cordless Drill XT 120',
          sku: '1000042',
          image: '/INTERSHOP/static/WFS/ironbridge-Site/-/images/1/100/1000042.svg',
          url: '/en/power-tools/drills/cordless-drills/nordvalt-cordless-drill-xt-120-prd1000042',
          // ICM's suggestions carry no price: the sale price comes from one productprices call.
          price: {
            net: { value: 249.99, currency: 'USD' },
            gross: { value: 297.49, currency: 'USD' },
          },
        },
      ],
      categories: [
        {
          label: 'Cordless Drills',
          url: '/en/power-tools/drills/cordless-drills-ctgPower-Tools.Drills.Cordless-Drills',
        },
      ],
      brands: [{ label: 'Nordvalt', count: 120, url: '/en/search?searchTerm=Nordvalt' }],
      // The numeric-only keyword is left out.
      keywords: [{ label: 'cordless drill', url: '/en/search?searchTerm=cordless+drill' }],
    })
  })

  it('shares the ICM answer between requests for the same term, whatever its spelling', async () => {
    let calls = 0
    icm.use(
      get('suggest', () => {
        calls++
        return answer
      }),
      get('categories', tree),
      get('productprices', pricesFor('1000042')),
    )
    await loader(args('searchTerm=drill'))
    await loader(args('searchTerm=DRILL'))
    await loader(args('searchTerm=%20drill'))
    expect(calls).toBe(1)
  })

  it('asks nothing for terms under 2 characters', async () => {
    // Any ICM call would fail the test (unhandled request).
    for (const query of ['searchTerm=d', 'searchTerm=%20%20d%20', 'searchTerm=', '']) {
      const response = await loader(args(query))
      expect(await response.json()).toEqual({
        term: '',
        products: [],
        categories: [],
        brands: [],
        keywords: [],
      })
    }
  })

  it('is private for a shopper with a session, and asks for the price group', async () => {
    const cookie = await sessionCookie({ pgid: 'pg-1' })
    let asked = false
    icm.use(
      get('suggest;spgid=pg-1', () => {
        asked = true
        return answer
      }),
      get('categories;spgid=pg-1', tree),
      get('productprices', pricesFor('1000042')),
    )
    const response = await loader(args('searchTerm=drill', { Cookie: cookie }))
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=60')
    expect(asked).toBe(true)
    expect((await response.json()).products).toHaveLength(1)
  })

  it('suggests products without a price when the prices cannot be loaded', async () => {
    icm.use(
      get('suggest', answer),
      get('categories', tree),
      get('productprices', () => icmError(500, 'server.error')),
    )
    const response = await loader(args('searchTerm=drill'))
    expect(response.headers.get('Cache-Control')).toMatch(/^public/)
    const { products } = await response.json()
    expect(products).toHaveLength(1)
    expect(products[0]).toMatchObject({ sku: '1000042', label: 'Nordvalt Cordless Drill XT 120' })
    expect(products[0].price).toBeUndefined()
  })

  it('answers no suggestions, uncached, when ICM fails', async () => {
    icm.use(
      get('suggest', () => icmError(500, 'server.error')),
      get('categories', tree),
    )
    const response = await loader(args('searchTerm=drill'))
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect((await response.json()).products).toEqual([])
  })

  it('is a 404 for an unknown language', async () => {
    await expect(
      loader({
        request: new Request('http://shop.test/xx/suggest?searchTerm=drill'),
        params: { lang: 'xx' },
        context: {},
      }),
    ).rejects.toMatchObject({ status: 404 })
  })
})
