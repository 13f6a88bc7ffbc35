import { describe, expect, it } from 'vitest'
import { pageGroup, pageSizesOf, parseListingParams, sortOptions } from './listing'

const parse = (query: string) => parseListingParams(new URLSearchParams(query), 9)

describe('listing parameters', () => {
  it('defaults to page 1, the category order and the grid', () => {
    expect(parse('')).toEqual({ page: 1, sorting: undefined, view: 'grid', filters: undefined, pageSize: 9 })
  })
  it('reads page, sorting and view', () => {
    expect(parse('page=3&sorting=price-desc&view=list')).toEqual({
      page: 3,
      sorting: 'price-desc',
      view: 'list',
      filters: undefined,
      pageSize: 9,
    })
  })
  it('offers the default page size and two and four times as many, nothing else', () => {
    expect(pageSizesOf(9)).toEqual([9, 18, 36])
    expect(parse('pageSize=36')?.pageSize).toBe(36)
    expect(parse('pageSize=10')).toBeNull()
    expect(parse('pageSize=1000')).toBeNull()
    expect(parse('pageSize=-9')).toBeNull()
  })
  it('reads the filter selection in canonical order', () => {
    expect(parse(`filters=${encodeURIComponent('voltage=18&brand=B&brand=A')}`)?.filters).toBe(
      'brand=A&brand=B&voltage=18',
    )
  })
  it('rejects values no link produces', () => {
    expect(parse('page=0')).toBeNull()
    expect(parse('page=2.5')).toBeNull()
    expect(parse('page=abc')).toBeNull()
    expect(parse(`sorting=${encodeURIComponent('price asc')}`)).toBeNull()
    expect(parse(`sorting=${encodeURIComponent('<script>')}`)).toBeNull()
    expect(parse(`sorting=${'a'.repeat(101)}`)).toBeNull()
    expect(parse('view=table')).toBeNull()
    expect(parse(`filters=${encodeURIComponent('=x')}`)).toBeNull()
  })
})

describe('page groups', () => {
  it('groups page links by tens', () => {
    expect(pageGroup(1, 3)).toEqual([1, 2, 3])
    expect(pageGroup(10, 25)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(pageGroup(11, 25)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    expect(pageGroup(23, 25)).toEqual([21, 22, 23, 24, 25])
  })
})

describe('sort options', () => {
  const t = (key: string, values?: Record<string, unknown>) =>
    key === 'listing.sorting.name-asc'
      ? 'Name: A to Z'
      : key === 'listing.sorting_fallback.desc'
        ? `${values?.name} (descending)`
        : key === 'listing.sorting_fallback.asc'
          ? `${values?.name} (ascending)`
          : String(values?.defaultValue ?? key)

  it("offers ICM's keys in its order, each once, named by the shop or by its words", () => {
    expect(
      sortOptions(['topSeller-desc', 'name-asc', 'name-asc', 'created_at_asc', 'relevance'], undefined, t),
    ).toEqual([
      { key: 'topSeller-desc', label: 'Top seller (descending)' },
      { key: 'name-asc', label: 'Name: A to Z' },
      { key: 'created_at_asc', label: 'Created at (ascending)' },
      { key: 'relevance', label: 'Relevance' },
    ])
  })

  it('holds a chosen key only when ICM offers it, and offers no key a URL cannot carry', () => {
    expect(sortOptions(['name-asc'], 'name-asc', t)).toHaveLength(1)
    expect(sortOptions(['name-asc'], 'price-asc', t)).toBeNull()
    expect(sortOptions(['price asc', 'name-asc'], undefined, t)?.map((o) => o.key)).toEqual(['name-asc'])
  })
})
