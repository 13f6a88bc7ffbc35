import { describe, expect, it } from 'vitest'
import { SHOP_LOCALES } from './locale'
import { categoryIdOfUri, suggestionGroups, suggestTerm, type CategoryPathOf } from './suggest'
import { searchUrl } from './url'

const [en, de] = SHOP_LOCALES

const paths: Record<string, { name: string }[]> = {
  'Power-Tools.Drills.Cordless-Drills': [
    { name: 'Power Tools' },
    { name: 'Drills' },
    { name: 'Cordless Drills' },
  ],
}
const pathOf: CategoryPathOf = (id) => paths[id]

describe('suggestTerm', () => {
  it('trims, joins spaces and lower-cases; under 2 or over 200 characters is no term', () => {
    expect(suggestTerm('  Cordless   DRI ')).toBe('cordless dri')
    expect(suggestTerm('dr')).toBe('dr')
    expect(suggestTerm(' d ')).toBeNull()
    expect(suggestTerm('')).toBeNull()
    expect(suggestTerm(null)).toBeNull()
    expect(suggestTerm('a'.repeat(200))).toHaveLength(200)
    expect(suggestTerm('a'.repeat(201))).toBeNull()
  })
})

describe('categoryIdOfUri', () => {
  it('reads the category of a category or product URI', () => {
    expect(categoryIdOfUri('site/-/categories/Power-Tools/Drills')).toBe('Power-Tools.Drills')
    expect(categoryIdOfUri('site/-/categories/A/B%20C/products/100%2F1')).toBe('A.B C')
    expect(categoryIdOfUri('site/-/products/1000001')).toBeUndefined()
    expect(categoryIdOfUri(undefined)).toBeUndefined()
    expect(categoryIdOfUri('site/-/categories/%E0%A4%A')).toBeUndefined()
  })
})

describe('suggestionGroups', () => {
  const elements = [
    {
      term: 'Nordvalt Cordless Drill XT 120',
      suggestType: 'product',
      id: '1000042',
      imageURL: '/img/s.svg',
      uri: 'ironbridge-Site/-/categories/Power-Tools/Drills/Cordless-Drills/products/1000042',
    },
    // An ICM without uri: the product page URL has no category folders.
    { term: 'Drill Set', suggestType: 'product', id: '1000043' },
    { term: 'Cordless Drills', suggestType: 'category', id: 'Power-Tools.Drills.Cordless-Drills' },
    { term: 'Unknown Drills', suggestType: 'category', uri: 'ironbridge-Site/-/categories/X/Y' },
    { term: 'Nordvalt', suggestType: 'brand', id: 'Nordvalt', hitCount: 120 },
    { term: 'nordvalt', suggestType: 'keyword', hitCount: 120 },
    { term: '18', suggestType: 'keyword', hitCount: 500 },
    { term: 'drill', suggestType: 'keyword', hitCount: 80 },
    { term: 'cordless drills', suggestType: 'keyword' },
    { term: 'something', suggestType: 'unknown' },
  ]

  it('builds storefront URLs per type', () => {
    const groups = suggestionGroups(en, 'dri', elements, pathOf)
    expect(groups.term).toBe('dri')
    expect(groups.products).toEqual([
      {
        label: 'Nordvalt Cordless Drill XT 120',
        sku: '1000042',
        image: '/img/s.svg',
        url: '/en/power-tools/drills/cordless-drills/nordvalt-cordless-drill-xt-120-prd1000042',
      },
      { label: 'Drill Set', sku: '1000043', url: '/en/drill-set-prd1000043' },
    ])
    expect(groups.categories).toEqual([
      {
        label: 'Cordless Drills',
        url: '/en/power-tools/drills/cordless-drills-ctgPower-Tools.Drills.Cordless-Drills',
      },
      { label: 'Unknown Drills', url: '/en/unknown-drills-ctgX.Y' },
    ])
    expect(groups.brands).toEqual([{ label: 'Nordvalt', count: 120, url: '/en/search?searchTerm=Nordvalt' }])
  })

  it('drops numeric-only keywords and keywords repeating a brand or category', () => {
    const groups = suggestionGroups(de, 'dri', elements, pathOf)
    expect(groups.keywords).toEqual([
      { label: 'drill', url: '/de/search?searchTerm=drill' },
      // "Cordless Drills" is a category above it.
    ])
  })

  it('keeps at most 10 products and 5 of every other type', () => {
    const many = (type: string) =>
      Array.from({ length: 12 }, (_, i) => ({ term: `${type} ${i}`, suggestType: type, id: `${i}` }))
    const groups = suggestionGroups(
      en,
      'x',
      ['product', 'category', 'brand', 'keyword'].flatMap(many),
      () => undefined,
    )
    expect([groups.products, groups.categories, groups.brands, groups.keywords].map((g) => g.length)).toEqual(
      [10, 5, 5, 5],
    )
  })
})

describe('searchUrl', () => {
  it('encodes the term as the search form does', () => {
    expect(searchUrl(en, 'cordless drill & 18 V')).toBe('/en/search?searchTerm=cordless+drill+%26+18+V')
  })
})
