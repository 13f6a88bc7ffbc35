import { describe, expect, it } from 'vitest'
import { pageGroup, pageSizesOf, parseListingParams } from './listing'

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
    expect(parse('sorting=cheapest')).toBeNull()
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
