// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SHOP_LOCALES } from '~/models/locale'
import SearchPage, { loader } from '~/routes/$lang._shop.search'
import { categoryData, get, icm, pricesFor } from './icm-mock'
import { args } from './loader-args'
import { renderRoute } from './render-route'
import './setup'

afterEach(cleanup)

const stub = (sku: string, title: string) => ({
  title,
  attributes: [
    { name: 'sku', value: sku },
    { name: 'inStock', value: true },
  ],
})

/** ICM (the bundled commerce API) answers a search for "dril" with the hits of "drill", and says so. */
function correctedSearch(asked: URLSearchParams[] = []) {
  icm.use(
    get('products', (request) => {
      const query = new URL(request.url).searchParams
      asked.push(query)
      return query.get('correctSpelling') === 'false'
        ? { elements: [], total: 0 }
        : {
            elements: [stub('1000001', 'Nordvalt Hammer Drill HD 120'), stub('1000002', 'Torqline Drill')],
            total: 2,
            correctedSearchTerm: 'drill',
          }
    }),
    get('productfilters', (request) => {
      asked.push(new URL(request.url).searchParams)
      return { elements: [] }
    }),
    get('productprices', pricesFor('1000001')),
    // No hits as typed: the page offers the top categories instead.
    get('categories', { elements: [categoryData] }),
  )
}

describe('search with a corrected spelling', () => {
  it('names the corrected term and links to the term as typed', async () => {
    const asked: URLSearchParams[] = []
    correctedSearch(asked)
    const page = ((await loader(args('/en/search?searchTerm=dril'))) as any).data
    expect(page.correction).toEqual({
      term: 'drill',
      insteadUrl: '/en/search?searchTerm=dril&correctSpelling=false',
    })
    expect(page.title).toBe('2 results for “drill”')
    // Both calls ask with the correction allowed (no parameter: ICM's own contract).
    expect(asked.map((q) => q.get('correctSpelling'))).toEqual([null, null])
  })

  it('asks for the words as typed from the link, and shows no correction then', async () => {
    const asked: URLSearchParams[] = []
    correctedSearch(asked)
    const page = ((await loader(args('/en/search?searchTerm=dril&correctSpelling=false'))) as any).data
    expect(asked.map((q) => q.get('correctSpelling'))).toEqual(['false', 'false'])
    expect(page.correction).toBeNull()
    expect(page.listing.total).toBe(0)
  })

  it('shows no correction when ICM names none', async () => {
    icm.use(
      get('products', { elements: [stub('1000001', 'A'), stub('1000002', 'B')], total: 2 }),
      get('productfilters', { elements: [] }),
      get('productprices', pricesFor('1000001')),
    )
    const page = ((await loader(args('/en/search?searchTerm=drill'))) as any).data
    expect(page.correction).toBeNull()
  })

  it.each(SHOP_LOCALES.map((l) => l.lang))(
    'says "showing results for" in %s, with the link',
    async (lang) => {
      correctedSearch()
      const t = renderRoute({
        path: `/${lang}/search?searchTerm=dril`,
        pattern: ':lang/search',
        Component: SearchPage,
        loader,
      })
      const heading = await screen.findByRole('heading', { level: 1 })
      expect(heading.textContent).toBe(t('search.heading', { term: 'drill' }))
      const note = screen.getByText(t('search.corrected', { term: 'drill' }), { exact: false })
      const link = within(note).getByRole('link', { name: t('search.corrected.instead', { term: 'dril' }) })
      expect(link.getAttribute('href')).toBe(`/${lang}/search?searchTerm=dril&correctSpelling=false`)
      // Translated, not the English text (and not the key).
      if (lang !== 'en') expect(note.textContent).not.toContain('Showing results')
      expect(note.textContent).not.toContain('search.corrected')
    },
  )
})
