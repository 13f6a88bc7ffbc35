import { describe, expect, it } from 'vitest'
import { loader } from '~/routes/$lang._shop.search'
import { categoryData, get, icm, icmError, pricesFor, sortKeys } from './icm-mock'
import { args as shared, thrown } from './loader-args'
import { allowUnknownCodes } from './fixture-check'
import './setup'

const args = (query: string) => shared(`/en/search?${query}`)

const stub = (sku: string, title: string) => ({
  title,
  attributes: [
    { name: 'sku', value: sku },
    { name: 'inStock', value: true },
  ],
})

const noFilters = get('productfilters', { elements: [] })

describe('search page loader', () => {
  it('asks for 12 ranked results with sorting and filters, and lists them with prices', async () => {
    let products: URLSearchParams | undefined
    let filters: URLSearchParams | undefined
    icm.use(
      get('products', (request) => {
        products = new URL(request.url).searchParams
        return { elements: [stub('1000001', 'Drill A'), stub('1000002', 'Drill B')], total: 30, sortKeys }
      }),
      get('productfilters', (request) => {
        filters = new URL(request.url).searchParams
        return { elements: [] }
      }),
      get('productprices', pricesFor('1000001')),
    )
    const query = `searchTerm=${encodeURIComponent(' drill ')}&page=2&sorting=price-asc&filters=${encodeURIComponent('brand=A')}`
    const page = ((await loader(args(query))) as any).data
    expect(products?.get('searchTerm')).toBe('drill')
    expect(products?.get('amount')).toBe('12')
    expect(products?.get('offset')).toBe('12')
    expect(products?.get('sortKey')).toBe('price-asc')
    expect(products?.get('SearchParameter')).toBe('brand=A')
    expect(filters?.get('searchTerm')).toBe('drill')
    expect(filters?.get('SearchParameter')).toBe('brand=A')
    expect(page.listing.total).toBe(30)
    expect(page.listing.products.map((p: any) => p.url)).toEqual([
      '/en/drill-a-prd1000001',
      '/en/drill-b-prd1000002',
    ])
    expect(page.listing.products[0].price).toBeDefined()
  })

  it('goes straight to the product on a single hit', async () => {
    icm.use(get('products', { elements: [stub('1000007', 'Only One')], total: 1 }), noFilters)
    const response = await thrown(loader(args('searchTerm=1000007')))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/en/only-one-prd1000007')
  })

  it('keeps a single hit of a filtered search on the result page', async () => {
    icm.use(
      get('products', { elements: [stub('1000007', 'Only One')], total: 1 }),
      noFilters,
      get('productprices', pricesFor('1000007')),
    )
    const page = ((await loader(args(`searchTerm=drill&filters=${encodeURIComponent('brand=A')}`))) as any)
      .data
    expect(page.listing.total).toBe(1)
  })

  it('follows the redirect URL of a search term', async () => {
    icm.use(get('products', { elements: [], total: 0, redirectUrl: '/page/returns' }), noFilters)
    const response = await thrown(loader(args('searchTerm=returns')))
    expect(response.headers.get('Location')).toBe('/en/page/returns')
    icm.use(get('products', { elements: [], total: 0, redirectUrl: 'https://help.example.com/returns' }))
    expect((await thrown(loader(args('searchTerm=help')))).headers.get('Location')).toBe(
      'https://help.example.com/returns',
    )
    icm.use(get('products', { elements: [], total: 0, redirectUrl: '/de/page/returns' }))
    expect((await thrown(loader(args('searchTerm=retoure')))).headers.get('Location')).toBe(
      '/de/page/returns',
    )
  })

  it('answers a failing search with 404, but ICM in maintenance with 503', async () => {
    icm.use(
      get('products', () => icmError(500, 'server.error')),
      noFilters,
    )
    expect((await thrown(loader(args('searchTerm=drill')))).status).toBe(404)
    // A real ICM behind its maintenance page, not this shop's API: a code of its own.
    allowUnknownCodes('maintenance')
    icm.use(
      get('products', () => icmError(503, 'maintenance')),
      noFilters,
    )
    expect((await thrown(loader(args('searchTerm=drill')))).status).toBe(503)
  })

  it('shows the empty page for no hits', async () => {
    icm.use(
      get('products', { elements: [], total: 0 }),
      noFilters,
      get('categories', { elements: [categoryData] }),
    )
    const page = ((await loader(args('searchTerm=zzzz'))) as any).data
    expect(page.term).toBe('zzzz')
    expect(page.listing).toMatchObject({ total: 0, products: [] })
    // The top categories to browse instead, from the header's tree.
    expect(page.browse).toEqual([
      { id: 'Power-Tools.Drills', name: 'Drills', url: '/en/power-tools/drills-ctgPower-Tools.Drills' },
    ])
  })

  it('answers pages past the end, malformed parameters and rejected filters with 404', async () => {
    icm.use(get('products', { elements: [], total: 3 }), noFilters)
    expect((await thrown(loader(args('searchTerm=drill&page=5')))).status).toBe(404)
    expect((await thrown(loader(args('searchTerm=drill&sorting=cheap')))).status).toBe(404)
    icm.use(
      get('products', () => icmError(400, 'request.invalid')),
      noFilters,
    )
    expect(
      (await thrown(loader(args(`searchTerm=drill&filters=${encodeURIComponent('nope=1')}`)))).status,
    ).toBe(404)
  })

  it('asks for a term when there is none, without calling ICM', async () => {
    const page = ((await loader(args('searchTerm=%20%20'))) as any).data
    expect(page).toMatchObject({ term: '', listing: null })
  })
})
