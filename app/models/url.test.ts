import { describe, expect, it } from 'vitest'
import { SHOP_LOCALES, switchLocalePath } from './locale'
import { categoryUrl, parseShopPath, productUrl, safeReturnUrl, slugify } from './url'

const en = SHOP_LOCALES[0]

describe('slugify', () => {
  it('makes lower-case ASCII words joined by dashes', () => {
    expect(slugify('Akku-Bohrschrauber Pro 18')).toBe('akku-bohrschrauber-pro-18')
    expect(slugify('Straße & Maß')).toBe('strasse-mass')
    expect(slugify('Łączniki ścienne')).toBe('laczniki-scienne')
    expect(slugify('Șuruburi și dibluri')).toBe('suruburi-si-dibluri')
    expect(slugify('  --  ')).toBe('')
  })
})

describe('category URLs', () => {
  const category = {
    uniqueId: 'Power-Tools.Drills.Cordless-Drills',
    path: [{ name: 'Power Tools' }, { name: 'Drills' }, { name: 'Cordless Drills' }],
  }
  it('builds slugged paths ending in -ctg{uniqueId}', () => {
    expect(categoryUrl(en, category)).toBe(
      '/en/power-tools/drills/cordless-drills-ctgPower-Tools.Drills.Cordless-Drills',
    )
  })
  it.each(SHOP_LOCALES)('round-trips in $id', (locale) => {
    const url = categoryUrl(locale, category)
    expect(url.startsWith(`/${locale.lang}/`)).toBe(true)
    expect(parseShopPath(url.slice(4))).toEqual({
      kind: 'category',
      uniqueId: category.uniqueId,
      canonical: true,
    })
  })
  it('recognises the short form as not canonical', () => {
    expect(parseShopPath('category/Power-Tools')).toEqual({
      kind: 'category',
      uniqueId: 'Power-Tools',
      canonical: false,
    })
  })
})

describe('product URLs', () => {
  const product = {
    sku: '1000042',
    name: 'Voltwerk Cordless Drill XT 18',
    categoryPath: [{ name: 'Power Tools' }, { name: 'Drills' }],
  }
  it('builds category folders, the name slug and -prd{sku}', () => {
    expect(productUrl(en, product)).toBe('/en/power-tools/drills/voltwerk-cordless-drill-xt-18-prd1000042')
    expect(productUrl(en, { ...product, variationValues: ['18 V', 'Red'] })).toBe(
      '/en/power-tools/drills/voltwerk-cordless-drill-xt-18-18-v-red-prd1000042',
    )
  })
  it('round-trips with and without a context category', () => {
    expect(parseShopPath(productUrl(en, product).slice(4))).toEqual({
      kind: 'product',
      sku: '1000042',
      categoryId: undefined,
      canonical: true,
    })
    expect(parseShopPath(productUrl(en, product, 'Hand-Tools.Hammers').slice(4))).toEqual({
      kind: 'product',
      sku: '1000042',
      categoryId: 'Hand-Tools.Hammers',
      canonical: true,
    })
  })
  it('keeps SKUs with special characters intact', () => {
    const url = productUrl(en, { sku: 'A/B 7', name: 'Odd' })
    expect(parseShopPath(url.slice(4))).toMatchObject({ kind: 'product', sku: 'A/B 7' })
  })
  it('recognises the short form and rejects unknown shapes', () => {
    expect(parseShopPath('product/1000042')).toEqual({ kind: 'product', sku: '1000042', canonical: false })
    expect(parseShopPath('just/some/path')).toEqual({ kind: 'unknown' })
    expect(parseShopPath('product/%E0%A4%A')).toEqual({ kind: 'unknown' })
  })
})

describe('return URLs and locale switching', () => {
  it('only allows same-origin paths', () => {
    expect(safeReturnUrl('/en/basket', '/en/home')).toBe('/en/basket')
    expect(safeReturnUrl('//evil.example', '/en/home')).toBe('/en/home')
    expect(safeReturnUrl('https://evil.example', '/en/home')).toBe('/en/home')
    expect(safeReturnUrl('/\\evil.example', '/en/home')).toBe('/en/home')
    expect(safeReturnUrl(null, '/en/home')).toBe('/en/home')
  })
  it('swaps the locale prefix and keeps the query', () => {
    expect(switchLocalePath('/en/basket', '?x=1', SHOP_LOCALES[1])).toBe('/de/basket?x=1')
    expect(switchLocalePath('/en', '', SHOP_LOCALES[4])).toBe('/ro/home')
  })
})
