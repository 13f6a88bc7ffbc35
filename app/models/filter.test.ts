import { describe, expect, it } from 'vitest'
import {
  isDeepFilter,
  listingUrls,
  mapFilters,
  parseFilters,
  ProductFiltersSchema,
  splitFacets,
  type FilterGroup,
} from './filter'

describe('filters parameter', () => {
  it('is absent when missing or empty', () => {
    expect(parseFilters(null)).toBeUndefined()
    expect(parseFilters('')).toBeUndefined()
  })
  it('comes back in canonical order, so one selection has one URL', () => {
    expect(parseFilters('voltage=18&brand=Voltix&brand=Rotwerk')).toBe(
      'brand=Rotwerk&brand=Voltix&voltage=18',
    )
    expect(parseFilters('price=50-100')).toBe('price=50-100')
  })
  it('keeps values with spaces and special characters intact', () => {
    expect(parseFilters(new URLSearchParams({ handleMaterial: 'Ash & hickory' }).toString())).toBe(
      'handleMaterial=Ash+%26+hickory',
    )
  })
  it('rejects what no link produces', () => {
    expect(parseFilters('=x')).toBeNull()
    expect(parseFilters('brand=')).toBeNull()
    expect(parseFilters('1brand=x')).toBeNull()
    expect(parseFilters('br and=x')).toBeNull()
    expect(parseFilters(`brand=${'x'.repeat(2001)}`)).toBeNull()
  })
  it('marks more than one selected value as a deep combination', () => {
    expect(isDeepFilter(undefined)).toBe(false)
    expect(isDeepFilter('brand=A')).toBe(false)
    expect(isDeepFilter('brand=A&brand=B')).toBe(true)
    expect(isDeepFilter('brand=A&price=0-25')).toBe(true)
  })
})

describe('listing URLs for a facet', () => {
  it('keeps sorting and view, drops the page', () => {
    expect(listingUrls('/en/tools-ctgA', '?page=3&sorting=price-asc&view=list')('brand=A')).toBe(
      '/en/tools-ctgA?sorting=price-asc&view=list&filters=brand%3DA',
    )
  })
  it('removes the parameter when nothing is selected', () => {
    expect(listingUrls('/en/search', '?searchTerm=drill&filters=brand%3DA&page=2')('')).toBe(
      '/en/search?searchTerm=drill',
    )
    expect(listingUrls('/en/tools-ctgA', '?page=2')('')).toBe('/en/tools-ctgA')
  })
  it('writes what URLSearchParams would: the selection in its place, once, encoded as a form', () => {
    const searches = [
      '',
      '?filters=a%3D1&sorting=name-asc&filters=b%3D2&view=grid&page=4',
      '?sorting=x&filters=&view=list',
      '?searchTerm=a+b%21%27%28%29~*&x=%E2%82%AC',
    ]
    const selections = ['', 'brand=Stonebarrow', 'brand=A B&price=0-25', "it's (~*!) €"]
    for (const search of searches) {
      const urlFor = listingUrls('/en/tools', search)
      for (const filters of selections) {
        const params = new URLSearchParams(search)
        params.delete('page')
        if (filters) params.set('filters', filters)
        else params.delete('filters')
        const query = params.toString()
        expect(urlFor(filters)).toBe(`/en/tools${query ? `?${query}` : ''}`)
      }
    }
  })
})

describe('facet groups', () => {
  const group = (count: number, selected: number[] = [], limitCount = 3): FilterGroup => ({
    id: 'brand',
    name: 'Brand',
    multiple: true,
    limitCount,
    facets: Array.from({ length: count }, (_, i) => ({
      name: `brand:${i}`,
      displayName: String(i),
      count: 10 - i,
      selected: selected.includes(i),
      filters: '',
    })),
  })
  it('shows limitCount facets and the rest behind "show more"', () => {
    const { shown, more } = splitFacets(group(5))
    expect(shown.map((f) => f.displayName)).toEqual(['0', '1', '2'])
    expect(more.map((f) => f.displayName)).toEqual(['3', '4'])
  })
  it('never hides a selected facet', () => {
    const { shown, more } = splitFacets(group(5, [4]))
    expect(shown.map((f) => f.displayName)).toEqual(['0', '1', '2', '4'])
    expect(more.map((f) => f.displayName)).toEqual(['3'])
  })
  it('shows everything with limitCount -1', () => {
    expect(splitFacets(group(5, [], -1)).more).toEqual([])
  })
  it('maps the commerce API answer', () => {
    const groups = mapFilters(
      ProductFiltersSchema.parse({
        elements: [
          {
            id: 'brand',
            name: 'Brand',
            selectionType: 'multiple_or',
            limitCount: 3,
            facets: [{ name: 'brand:A', displayName: 'A', count: 2, selected: true, searchParameter: '' }],
          },
          { id: 'price', name: 'Price', selectionType: 'single', facets: [] },
        ],
      }),
    )
    expect(groups).toEqual([
      {
        id: 'brand',
        name: 'Brand',
        multiple: true,
        limitCount: 3,
        facets: [{ name: 'brand:A', displayName: 'A', count: 2, selected: true, filters: '' }],
      },
    ])
  })
})
