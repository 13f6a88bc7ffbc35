// @vitest-environment jsdom
/**
 * The sort orders of a listing are the ones ICM offers (`sortKeys` of the listing answer, asked for with
 * `returnSortKeys=true`): in ICM's order, each named in the page language (a key the shop has no text for
 * gets a readable name), and a chosen sorting holds only when ICM offered it; one it did not offer is a URL
 * no link of the shop produces, a 404 like any other listing parameter of that kind.
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { loader } from '~/routes/$lang._shop.$'
import SearchPage, { loader as searchLoader } from '~/routes/$lang._shop.search'
import { categoryData, defaultCategory, get, icm, pricesFor, shellHandlers } from './icm-mock'
import { args as requestArgs, thrown } from './loader-args'
import { renderRoute } from './render-route'
import './setup'

afterEach(cleanup)

const CATEGORY = 'power-tools/drills-ctgPower-Tools.Drills'
const args = (lang: string, query = '') =>
  requestArgs(`/${lang}/${CATEGORY}${query}`, { params: { lang, '*': CATEGORY } })

/**
 * ICM's sort keys in an order of its own, `name-desc` and `price-asc` left out, and one the shop has no
 * text for.
 */
const SORT_KEYS = ['price-desc', 'name-asc', 'ProductTopSeller-desc']

const tile = {
  title: 'Drill',
  attributes: [
    { name: 'sku', value: '1000042' },
    { name: 'inStock', value: true },
    { name: 'defaultCategory', value: defaultCategory('Power-Tools.Drills') },
  ],
}

function categoryListing(asked: URLSearchParams[] = [], sortKeys: string[] | null = SORT_KEYS) {
  icm.use(
    ...shellHandlers(),
    get('categories/Power-Tools/Drills', categoryData),
    get('categories/Power-Tools/Drills/products', (request) => {
      asked.push(new URL(request.url).searchParams)
      return { type: 'ResourceCollection', elements: [tile], total: 1, ...(sortKeys ? { sortKeys } : {}) }
    }),
    get('categories/Power-Tools/Drills/productfilters', { elements: [] }),
    get('productprices', pricesFor('1000042')),
  )
}

describe('sort orders of a category listing', () => {
  it('are the ones ICM offers, in its order, named in the page language', async () => {
    const asked: URLSearchParams[] = []
    categoryListing(asked)
    const page = ((await loader(args('en'))) as any).data
    expect(asked[0]?.get('returnSortKeys')).toBe('true')
    expect(page.listing.sorting).toBeUndefined()
    expect(page.listing.sortings).toEqual([
      { key: 'price-desc', label: 'Price: high to low' },
      { key: 'name-asc', label: 'Name: A to Z' },
      { key: 'ProductTopSeller-desc', label: 'Product top seller (descending)' },
    ])
  })

  it.each([
    ['de', ['Preis: absteigend', 'Name: A bis Z', 'Product top seller (absteigend)']],
    ['fr', ['Prix : décroissant', 'Nom : de A à Z', 'Product top seller (décroissant)']],
    ['pl', ['Cena: malejąco', 'Nazwa: od A do Z', 'Product top seller (malejąco)']],
    ['ro', ['Preț: descrescător', 'Nume: de la A la Z', 'Product top seller (descrescător)']],
  ])('are named in %s too', async (lang, labels) => {
    categoryListing()
    const page = ((await loader(args(lang))) as any).data
    expect(page.listing.sortings.map((s: { label: string }) => s.label)).toEqual(labels)
  })

  it('keep a chosen sorting ICM offers, and send it to ICM', async () => {
    const asked: URLSearchParams[] = []
    categoryListing(asked)
    const page = ((await loader(args('en', '?sorting=ProductTopSeller-desc'))) as any).data
    expect(asked[0]?.get('sortKey')).toBe('ProductTopSeller-desc')
    expect(page.listing.sorting).toBe('ProductTopSeller-desc')
  })

  it('answer a sorting ICM did not offer with 404', async () => {
    categoryListing()
    expect((await thrown(loader(args('en', '?sorting=price-asc')))).status).toBe(404)
  })

  it('offer none, and hold no sorting, when ICM names no sort keys', async () => {
    categoryListing([], null)
    expect(((await loader(args('en'))) as any).data.listing.sortings).toEqual([])
    expect((await thrown(loader(args('en', '?sorting=price-desc')))).status).toBe(404)
  })

  it('answer a sorting no sort key can be with 404, without asking ICM', async () => {
    const asked: URLSearchParams[] = []
    categoryListing(asked)
    expect((await thrown(loader(args('en', `?sorting=${encodeURIComponent('<b>')}`)))).status).toBe(404)
    expect(asked).toEqual([])
  })
})

describe('the sort choice of a listing', () => {
  it('offers what ICM offers in its order in the toolbar form, the chosen one selected', async () => {
    icm.use(
      ...shellHandlers(),
      get('products', {
        type: 'ResourceCollection',
        elements: [tile, { ...tile, title: 'Drill 2', attributes: [{ name: 'sku', value: '1000043' }] }],
        total: 2,
        sortKeys: SORT_KEYS,
      }),
      get('productfilters', { elements: [] }),
      get('productprices', pricesFor('1000042')),
    )
    renderRoute({
      path: '/de/search?searchTerm=drill&sorting=name-asc',
      pattern: ':lang/search',
      Component: SearchPage,
      loader: searchLoader,
    })
    const select = await screen.findByRole('combobox', { name: 'Sortieren nach' })
    const options = within(select).getAllByRole('option') as HTMLOptionElement[]
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Empfehlung'],
      ['price-desc', 'Preis: absteigend'],
      ['name-asc', 'Name: A bis Z'],
      ['ProductTopSeller-desc', 'Product top seller (absteigend)'],
    ])
    expect((select as HTMLSelectElement).value).toBe('name-asc')
    // A GET form: without JavaScript the choice is a plain request of the same page.
    const form = select.closest('form')!
    expect(form.getAttribute('method')).toBe('get')
    expect(within(form).getByDisplayValue('drill')).toBeTruthy()
  })
})
