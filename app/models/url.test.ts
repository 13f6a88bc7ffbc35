import { describe, expect, it } from 'vitest'
import { languageSwitchUrl, SHOP_LOCALES, switchLocalePath } from './locale'
import {
  categoryUrl,
  contentPageUrl,
  legacyServerPath,
  parseShopPath,
  productUrl,
  safeReturnUrl,
  searchRedirectTarget,
  slugify,
} from './url'

const en = SHOP_LOCALES[0]

describe('slugify', () => {
  it('makes lower-case ASCII words joined by dashes', () => {
    expect(slugify('Akku-Bohrschrauber Pro 18')).toBe('akku-bohrschrauber-pro-18')
    expect(slugify('Straße & Maß')).toBe('strasse-mass')
    expect(slugify('Łączniki ścienne')).toBe('laczniki-scienne')
    expect(slugify('Șuruburi și dibluri')).toBe('suruburi-si-dibluri')
    expect(slugify('  --  ')).toBe('')
  })

  it('answers the same for a name asked again, also after more names than it remembers', () => {
    const first = slugify('Schlagbohrmaschine Ø 13 mm')
    for (let n = 0; n < 10_500; n++) expect(slugify(`Bohrer ${n} Ø`)).toBe(`bohrer-${n}`)
    expect(slugify('Schlagbohrmaschine Ø 13 mm')).toBe(first)
    expect(first).toBe('schlagbohrmaschine-13-mm')
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
  /** The drill as each locale names it, with variation values and category names of that locale. */
  const localized: Record<string, { name: string; values: string[]; path: string[] }> = {
    en_US: { name: 'Cordless Drill XT 18', values: ['18 V', 'Red'], path: ['Power Tools', 'Drills'] },
    de_DE: {
      name: 'Akku-Bohrschrauber XT 18',
      values: ['18 V', 'Rot'],
      path: ['Elektrowerkzeuge', 'Bohrer'],
    },
    fr_FR: {
      name: 'Perceuse sans fil XT 18',
      values: ['18 V', 'Rouge'],
      path: ['Outils électriques', 'Perceuses'],
    },
    pl_PL: {
      name: 'Wiertarka akumulatorowa XT 18',
      values: ['18 V', 'Czerwony'],
      path: ['Elektronarzędzia', 'Wiertła'],
    },
    ro_RO: { name: 'Mașină de găurit XT 18', values: ['18 V', 'Roșu'], path: ['Scule electrice', 'Burghie'] },
  }
  it.each(SHOP_LOCALES)('round-trips every product shape in $id', (locale) => {
    const { name, values, path } = localized[locale.id]!
    const ref = {
      sku: '1000042-R',
      name,
      variationValues: values,
      categoryPath: path.map((n) => ({ name: n })),
    }
    for (const [url, categoryId] of [
      [productUrl(locale, ref), undefined],
      [productUrl(locale, { sku: ref.sku, name }), undefined],
      [productUrl(locale, ref, 'Hand-Tools.Hammers'), 'Hand-Tools.Hammers'],
    ] as const) {
      expect(url.startsWith(`/${locale.lang}/`)).toBe(true)
      // Plain ASCII slugs: diacritics folded, never percent-encoded.
      expect(url).toMatch(/^[a-z0-9/.-]+$/i)
      expect(parseShopPath(url.slice(4))).toEqual({
        kind: 'product',
        sku: ref.sku,
        categoryId,
        canonical: true,
      })
    }
    expect(productUrl(locale, ref)).toContain(`/${slugify(path[1]!)}/`)
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

describe('category references', () => {
  it('takes the unique id and the catalog from categoryref/{uniqueId}@{catalogId}', () => {
    expect(parseShopPath('categoryref/Power-Tools.Drills@ironbridge-Catalog')).toEqual({
      kind: 'category',
      uniqueId: 'Power-Tools.Drills',
      catalogId: 'ironbridge-Catalog',
      canonical: false,
    })
    expect(parseShopPath('categoryref/Power-Tools%40ironbridge-Catalog')).toMatchObject({
      uniqueId: 'Power-Tools',
      catalogId: 'ironbridge-Catalog',
    })
    expect(parseShopPath('categoryref/Power-Tools')).toEqual({
      kind: 'category',
      uniqueId: 'Power-Tools',
      canonical: false,
    })
  })
  it.each(SHOP_LOCALES)('leads to a category URL that parses back in $id', (locale) => {
    const ref = parseShopPath('categoryref/Power-Tools.Drills@ironbridge-Catalog')
    if (ref.kind !== 'category') throw new Error('not a category')
    const url = categoryUrl(locale, {
      uniqueId: ref.uniqueId,
      path: [{ name: 'Power Tools' }, { name: 'Drills' }],
    })
    expect(parseShopPath(url.slice(4))).toEqual({
      kind: 'category',
      uniqueId: 'Power-Tools.Drills',
      canonical: true,
    })
  })
})

describe('content page URLs', () => {
  /** The shipping page below the service root, named as in each locale's page tree. */
  const shipping: Record<string, [string, string]> = {
    en_US: ['Service', 'Shipping and delivery'],
    de_DE: ['Service', 'Versand und Lieferung'],
    fr_FR: ['Service client', 'Expédition et livraison'],
    pl_PL: ['Obsługa klienta', 'Wysyłka i dostawa'],
    ro_RO: ['Serviciu clienți', 'Livrare'],
  }
  const pathIn = (locale: (typeof SHOP_LOCALES)[number]) => shipping[locale.id]!.map((name) => ({ name }))

  it('builds the page tree names as folders and ends in -pg{id}', () => {
    expect(contentPageUrl(en, { id: 'shipping', path: pathIn(en) })).toBe(
      '/en/service/shipping-and-delivery-pgshipping',
    )
    expect(contentPageUrl(SHOP_LOCALES[3], { id: 'shipping', path: pathIn(SHOP_LOCALES[3]) })).toBe(
      '/pl/obsluga-klienta/wysylka-i-dostawa-pgshipping',
    )
    expect(contentPageUrl(en, { id: 'legal', path: [{ name: 'Legal information' }] })).toBe(
      '/en/legal-information-pglegal',
    )
  })
  it.each(SHOP_LOCALES)('round-trips in $id', (locale) => {
    const url = contentPageUrl(locale, { id: 'shipping', path: pathIn(locale) })
    expect(url.startsWith(`/${locale.lang}/`)).toBe(true)
    expect(parseShopPath(url.slice(4))).toEqual({ kind: 'content', id: 'shipping', canonical: true })
  })
  it('keeps ids with special characters and names with words starting with "pg" intact', () => {
    const url = contentPageUrl(en, { id: 'page.about us', path: [{ name: 'PG Tools' }, { name: 'pgAbout' }] })
    expect(url).toBe('/en/pg-tools/pgabout-pgpage.about%20us')
    expect(parseShopPath(url.slice(4))).toEqual({ kind: 'content', id: 'page.about us', canonical: true })
    expect(parseShopPath(contentPageUrl(en, { id: 'x', path: [{ name: '' }] }).slice(4))).toEqual({
      kind: 'content',
      id: 'x',
      canonical: true,
    })
  })
  it('recognises the short form as not canonical and leaves product and category URLs alone', () => {
    expect(parseShopPath('page/returns')).toEqual({ kind: 'content', id: 'returns', canonical: false })
    expect(parseShopPath('tools/pg-drill-prd1000042')).toMatchObject({ kind: 'product', sku: '1000042' })
    expect(parseShopPath('pg-things-ctgA.B')).toMatchObject({ kind: 'category', uniqueId: 'A.B' })
    expect(parseShopPath('service/pg')).toEqual({ kind: 'unknown' })
    expect(parseShopPath('page/%E0%A4%A')).toEqual({ kind: 'unknown' })
  })
})

describe('search redirect URLs', () => {
  const de = SHOP_LOCALES[1]
  it('keeps absolute URLs and paths naming a shop language, and puts other paths in the current language', () => {
    expect(searchRedirectTarget(de, 'https://help.example.com/returns')).toBe(
      'https://help.example.com/returns',
    )
    expect(searchRedirectTarget(de, 'HTTP://example.com/a')).toBe('HTTP://example.com/a')
    expect(searchRedirectTarget(de, '/fr/page/returns')).toBe('/fr/page/returns')
    expect(searchRedirectTarget(de, '/en')).toBe('/en')
    expect(searchRedirectTarget(de, '/page/returns')).toBe('/de/page/returns')
    expect(searchRedirectTarget(de, 'page/returns?x=1')).toBe('/de/page/returns?x=1')
    expect(searchRedirectTarget(de, '/english/page')).toBe('/de/english/page')
  })
  it('never leaves the shop through a protocol-relative or backslash path', () => {
    expect(searchRedirectTarget(de, '//evil.example.com/x')).toBe('/de/evil.example.com/x')
    expect(searchRedirectTarget(de, '/\\evil.example.com')).toBe('/de/evil.example.com')
    expect(searchRedirectTarget(de, 'javascript:alert(1)')).toBe('/de/javascript:alert(1)')
  })
})

describe('legacy ICM storefront URLs', () => {
  const legacy = (path: string) =>
    legacyServerPath(new URL(`http://shop.test/INTERSHOP/web/WFS/ironbridge-Site${path}`))
  it('lead content pages, the basket and quick order to their pages in the same language', () => {
    expect(legacy('/fr_FR/-/EUR/ViewContent-Start?PageletEntryPointID=imprint&x=1')).toBe('/fr/page/imprint')
    expect(legacy('/pl_PL/-/PLN/ViewContent-Start?PageletEntryPointID=page.about%20us')).toBe(
      '/pl/page/page.about%20us',
    )
    expect(legacy('/en_US/-/USD/ViewCart-View')).toBe('/en/basket')
    expect(legacy('/ro_RO/b2b/RON/ViewQuickorder-Start')).toBe('/ro/quick-order')
    // An unknown locale falls back to the shop's default one.
    expect(legacy('/xx_XX/-/EUR/ViewCart-View')).toBe('/de/basket')
  })
  it('know nothing else', () => {
    expect(legacy('/en_US/-/USD/ViewContent-Start')).toBeNull()
    expect(legacy('/en_US/-/USD/ViewProductCompare-Show')).toBeNull()
    expect(legacy('/en_US/ViewCart-View')).toBeNull()
    expect(legacyServerPath(new URL('http://shop.test/en/basket'))).toBeNull()
  })
})

describe('return URLs and locale switching', () => {
  it('keeps paths on the shop with their query and fragment', () => {
    expect(safeReturnUrl('/en/basket', '/en/home')).toBe('/en/basket')
    expect(safeReturnUrl('/en/search?searchTerm=drill&page=2#top', '/en/home')).toBe(
      '/en/search?searchTerm=drill&page=2#top',
    )
  })
  // Known open-redirect bypasses: each would leave the shop if it reached a Location header as it is.
  it.each([
    '//evil.example',
    'https://evil.example',
    'http:evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/\t/evil.example/phish',
    '/\n/evil.example',
    '/\r\n/evil.example',
    ' //evil.example',
    '/%09/evil.example',
    '/./\\evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/..//evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '///evil.example',
    '/\u0000/evil.example',
    'evil.example',
    '',
  ])('refuses %j', (value) => {
    const target = safeReturnUrl(value, '/en/home')
    expect(new URL(target, 'https://shop.example').origin).toBe('https://shop.example')
    expect(target).toMatch(/^\/(?![/\\])/)
    expect(target).not.toMatch(/javascript|data:/)
  })
  it('answers only header-safe text: line breaks refused, other characters percent-encoded', () => {
    expect(safeReturnUrl('/en/basket\r\nSet-Cookie: x=1', '/en/home')).toBe('/en/home')
    expect(safeReturnUrl('/en/søk/Ünïcødé/ĀĒ', '/en/home')).toBe(
      '/en/s%C3%B8k/%C3%9Cn%C3%AFc%C3%B8d%C3%A9/%C4%80%C4%92',
    )
    expect(() => new Headers({ Location: safeReturnUrl('/en/Ω\u2028', '/x') })).not.toThrow()
  })
  it('falls back for missing, non-text and oversized values', () => {
    expect(safeReturnUrl(null, '/en/home')).toBe('/en/home')
    expect(safeReturnUrl(undefined, '/en/home')).toBe('/en/home')
    expect(safeReturnUrl(`/${'a'.repeat(3000)}`, '/en/home')).toBe('/en/home')
  })
  it('swaps the locale prefix and keeps the query', () => {
    expect(switchLocalePath('/en/basket', '?x=1', SHOP_LOCALES[1])).toBe('/de/basket?x=1')
    expect(switchLocalePath('/en', '', SHOP_LOCALES[4])).toBe('/ro/home')
  })
  it('leads the language switch through the cookie-setting route only when the language is remembered', () => {
    expect(languageSwitchUrl('/en/basket', '?x=1', SHOP_LOCALES[1], false)).toBe('/de/basket?x=1')
    expect(languageSwitchUrl('/en/basket', '?x=1', SHOP_LOCALES[1], true)).toBe(
      '/de/language?returnUrl=%2Fde%2Fbasket%3Fx%3D1',
    )
  })
})
