import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, searchRedirects } from '../../commerce-api/db/schema'
import { call, startApi, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi({ products: 1200 })
})
afterAll(async () => {
  await api?.close()
})

const CATEGORY = 'Power-Tools/Drilling-And-Screwdriving/Cordless-Drills'
const sp = (selection: string) => `SearchParameter=${encodeURIComponent(selection)}`
const get = async (path: string, matrix?: string) => {
  const response = await call(api.url(path, matrix))
  return response
}
/** The SKU a list stub's Link names: the last segment of its product URI (`{site}/-/products/{sku}`). */
const skuOf = (stub: { uri: string }) => decodeURIComponent(stub.uri.split('/products/')[1]!)
const facetsOf = (json: any, group: string) =>
  (json.elements.find((f: any) => f.id === group)?.facets ?? []) as {
    value: string
    count: number
    selected: boolean
    searchParameter: string
  }[]
const total = async (path: string) => (await get(path)).json.total as number

describe('category facets', () => {
  it('counts brand values that add up to the listing and filter the listing to exactly that count', async () => {
    const all = await total(`categories/${CATEGORY}/products?amount=1`)
    const filters = (await get(`categories/${CATEGORY}/productfilters`)).json
    const brands = facetsOf(filters, 'brand')
    expect(brands.length).toBeGreaterThan(1)
    expect(brands.reduce((sum, f) => sum + f.count, 0)).toBe(all)
    const [first] = brands
    expect(first!.searchParameter).toBe(`brand=${encodeURIComponent(first!.value).replace(/%20/g, '+')}`)
    expect(await total(`categories/${CATEGORY}/products?amount=1&${sp(first!.searchParameter)}`)).toBe(
      first!.count,
    )
  })

  it('ORs values of one group, ANDs groups, and counts each group without its own selection', async () => {
    const brands = facetsOf((await get(`categories/${CATEGORY}/productfilters`)).json, 'brand')
    const [a, b] = brands
    const both = `brand=${a!.value}&brand=${b!.value}`
    const params = new URLSearchParams(both).toString()
    expect(await total(`categories/${CATEGORY}/products?amount=1&${sp(params)}`)).toBe(a!.count + b!.count)

    const selected = (await get(`categories/${CATEGORY}/productfilters?${sp(params)}`)).json
    // The brand group still shows the counts of all brands (disjunctive), with both marked as selected.
    const again = facetsOf(selected, 'brand')
    expect(again.find((f) => f.value === a!.value)).toMatchObject({ count: a!.count, selected: true })
    expect(again.filter((f) => f.selected)).toHaveLength(2)
    // Deselecting a selected brand leads to the selection without it.
    expect(again.find((f) => f.value === a!.value)!.searchParameter).toBe(
      new URLSearchParams(`brand=${b!.value}`).toString(),
    )

    // Another group's counts are within the selected brands, and choosing one of its values ANDs.
    const voltages = facetsOf(selected, 'voltage')
    expect(voltages.reduce((sum, f) => sum + f.count, 0)).toBe(a!.count + b!.count)
    const voltage = voltages.find((f) => f.count > 0)!
    expect(voltage.searchParameter).toContain('voltage=')
    expect(await total(`categories/${CATEGORY}/products?amount=1&${sp(voltage.searchParameter)}`)).toBe(
      voltage.count,
    )
  })

  it('offers price ranges of the currency and filters by the gross sale price', async () => {
    const filters = (await get(`categories/${CATEGORY}/productfilters`, ';loc=de_DE;cur=EUR')).json
    const price = filters.elements.find((f: any) => f.id === 'price')
    expect(price.selectionType).toBe('single')
    const range = price.facets.find((f: any) => f.count > 0)
    expect(range.value).toMatch(/^\d+-\d*$/)
    expect(range.displayName).toContain('€')
    const page = await get(
      `categories/${CATEGORY}/products?amount=50&attrs=sku&${sp(range.searchParameter)}`,
      ';loc=de_DE;cur=EUR',
    )
    expect(page.json.total).toBe(range.count)
    const skus = page.json.elements.map(skuOf)
    const prices = await get(
      `productprices?${skus.map((s: string) => `sku=${s}`).join('&')}`,
      ';loc=de_DE;cur=EUR',
    )
    const [min, max] = range.value.split('-').map((v: string) => (v === '' ? Infinity : Number(v)))
    for (const entry of prices.json.data) {
      const gross = entry.prices.SalePrice[0].gross.value
      expect(gross).toBeGreaterThanOrEqual(min)
      expect(gross).toBeLessThan(max)
    }
  })

  it('sorts a filtered listing', async () => {
    const brand = facetsOf((await get(`categories/${CATEGORY}/productfilters`)).json, 'brand')[0]!
    const page = await get(
      `categories/${CATEGORY}/products?amount=50&sortKey=name-asc&${sp(brand.searchParameter)}`,
    )
    const names = page.json.elements.map((e: any) => e.title.toLowerCase())
    expect(names).toEqual([...names].sort())
  })

  it('rejects unknown and malformed filters with 400', async () => {
    expect((await get(`categories/${CATEGORY}/products?${sp('colour=red')}`)).status).toBe(400)
    expect((await get(`categories/${CATEGORY}/productfilters?${sp('price=cheap')}`)).status).toBe(400)
    expect((await get(`categories/${CATEGORY}/products?${sp('=x')}`)).status).toBe(400)
    // A category facet belongs to searches only.
    expect((await get(`categories/${CATEGORY}/products?${sp('category=Power-Tools')}`)).status).toBe(400)
  })
})

describe('full-text search', () => {
  it('finds stemmed words in the locale, ranks name hits first and offers a category facet', async () => {
    const english = await get('products?searchTerm=drills&amount=5')
    expect(english.status).toBe(200)
    expect(english.json.total).toBeGreaterThan(5)
    // Stemming: "drills" finds products named "... Drill ...", and they rank above description-only hits.
    expect(english.json.elements[0].title.toLowerCase()).toContain('drill')

    const german = await get('products?searchTerm=Bohrschrauber&amount=3', ';loc=de_DE;cur=EUR')
    expect(german.json.total).toBeGreaterThan(0)
    // The word itself, or a synonym of it (a Schlagbohrmaschine set may rank first): a German name either way.
    expect(german.json.elements[0].title).toMatch(/bohrschrauber|bohrmaschine/i)
    expect(german.json.elements.map((e: { title: string }) => e.title).join(' | ')).toMatch(/bohrschrauber/i)
    // The German word means nothing in the English documents.
    expect((await get('products?searchTerm=Bohrschrauber&amount=3')).json.total).toBe(0)

    const filters = (await get('productfilters?searchTerm=drills')).json
    const categories = facetsOf(filters, 'category')
    expect(categories.length).toBeGreaterThan(0)
    const first = categories[0]!
    expect(await total(`products?searchTerm=drills&amount=1&${sp(first.searchParameter)}`)).toBe(first.count)
  })

  it('finds a variation by its exact SKU although lists show masters only', async () => {
    const [variation] = await api.database.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.kind, 'variation'))
      .limit(1)
    const found = await get(`products?searchTerm=${variation!.sku}&attrs=sku`)
    expect(skuOf(found.json.elements[0])).toBe(variation!.sku)
  })

  it('finds a product by brand and model words', async () => {
    const [product] = await api.database.db
      .select({ sku: products.sku, names: products.names, manufacturer: products.manufacturer })
      .from(products)
      .where(and(eq(products.kind, 'product'), ne(products.manufacturer, '')))
      .limit(1)
    const name = product!.names.en_US!
    const found = await get(`products?searchTerm=${encodeURIComponent(name)}&attrs=sku&amount=3`)
    expect(found.json.elements.map(skuOf)).toContain(product!.sku)
  })

  it('survives query syntax and SQL characters in the term', async () => {
    for (const term of ["drill's", 'a & b | !c', 'x:*', "%_\\'", '(((', '<->']) {
      const response = await get(`products?searchTerm=${encodeURIComponent(term)}`)
      expect(response.status, term).toBe(200)
      const filters = await get(`productfilters?searchTerm=${encodeURIComponent(term)}`)
      expect(filters.status, term).toBe(200)
    }
    expect((await get('products?searchTerm=zzqxv')).json.total).toBe(0)
    expect((await get('products?searchTerm=%20')).status).toBe(400)
    expect((await get(`products?searchTerm=${'x'.repeat(201)}`)).status).toBe(400)
  })

  it('names the redirect URL of a term that leads to a page', async () => {
    await api.database.db
      .insert(searchRedirects)
      .values({ term: 'returns policy', url: '/page/returns' })
      .onConflictDoNothing()
    const response = await get(`products?searchTerm=${encodeURIComponent('Returns Policy ')}`)
    expect(response.json.redirectUrl).toBe('/page/returns')
    expect((await get('products?searchTerm=drill')).json.redirectUrl).toBeUndefined()
  })
})

describe('variations of a master', () => {
  it('lists them in pages and facets them by their variation attributes', async () => {
    const [master] = await api.database.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.kind, 'master'))
      .limit(1)
    const variations = await api.database.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.masterSku, master!.sku))
    const first = await get(`products?MasterSKU=${master!.sku}&amount=2&attrs=sku`)
    expect(first.json.total).toBe(variations.length)
    expect(first.json.elements).toHaveLength(2)
    const filters = (await get(`productfilters?MasterSKU=${master!.sku}`)).json
    const group = filters.elements.find((f: any) => f.facets.length === variations.length)
    expect(group).toBeDefined()
    const facet = group.facets[0]
    expect(facet.count).toBe(1)
    const one = await get(`products?MasterSKU=${master!.sku}&attrs=sku&${sp(facet.searchParameter)}`)
    expect(one.json.total).toBe(1)
    expect(variations.map((v) => v.sku)).toContain(skuOf(one.json.elements[0]))
  })
})
