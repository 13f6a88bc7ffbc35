import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, products, searchKeywords } from '../../commerce-api/db/schema'
import { productImages } from '../../commerce-api/icm/catalog'
import {
  forgetBrandCounts,
  lastWord,
  likePrefix,
  matchRank,
  prefixQueryText,
  suggestWords,
} from '../../commerce-api/domain/suggest'
import { call, SITE, startApi, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi()
})
afterAll(async () => {
  await api?.close()
})

type Suggestion = {
  term: string
  suggestType: 'product' | 'category' | 'brand' | 'keyword'
  id?: string
  hitCount?: number
  imageURL?: string
  uri?: string
}

const EN = ';loc=en_US;cur=USD'
const DE = ';loc=de_DE;cur=EUR'

async function suggest(term: string, matrix = EN): Promise<Suggestion[]> {
  const response = await call(api.url(`suggest?SearchTerm=${encodeURIComponent(term)}`, matrix))
  expect(response.status, `suggest '${term}'`).toBe(200)
  expect(response.json.type).toBe('SuggestTerms')
  return response.json.elements
}

const ofType = (elements: Suggestion[], type: Suggestion['suggestType']) =>
  elements.filter((e) => e.suggestType === type)

const db = () => api.database.db

/** Sellable products of a brand, counted in the database. */
async function sellableOfBrand(brand: string) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.manufacturer, brand), eq(products.online, true), ne(products.kind, 'variation')))
  return row!.n
}

describe('suggest', () => {
  it('suggests products, categories and keywords for a category word, in that order', async () => {
    // A leaf category with products, and the first four letters of its name's last word (e.g. "dril").
    const leaves = await db().select({ id: categories.uniqueId, names: categories.names }).from(categories)
      .where(sql`level = 2 and exists (select 1 from products p where p.default_category_id = unique_id
        and p.kind = 'product' and p.online)`)
    const leaf = leaves.find((c) => /^[a-z]{5,}$/i.test(c.names.en_US!.split(' ').at(-1)!))
    const term = leaf!.names.en_US!.split(' ').at(-1)!.slice(0, 4).toLowerCase()
    const elements = await suggest(term)

    const types = elements.map((e) => e.suggestType)
    const order = ['product', 'category', 'brand', 'keyword']
    expect([...types].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(types)
    expect(ofType(elements, 'product').length).toBeGreaterThan(0)
    expect(ofType(elements, 'product').length).toBeLessThanOrEqual(10)
    expect(ofType(elements, 'category').length).toBeLessThanOrEqual(5)
    expect(ofType(elements, 'keyword').length).toBeLessThanOrEqual(5)

    // Categories: a word of their name starts with the term; the full name finds the category itself first.
    expect(ofType(elements, 'category').length).toBeGreaterThan(0)
    for (const category of ofType(elements, 'category')) {
      expect(category.term.toLowerCase()).toMatch(new RegExp(`(^|[^a-z])${term}`))
    }
    expect(ofType(await suggest(leaf!.names.en_US!), 'category')[0]).toEqual({
      term: leaf!.names.en_US,
      suggestType: 'category',
      id: leaf!.id,
      uri: `ironbridge-Site/-/categories/${leaf!.id.split('.').join('/')}`,
    })

    // Every product is sellable and online, with its small picture and its place in its default category.
    const suggested = ofType(elements, 'product')
    const rows = await db()
      .select()
      .from(products)
      .where(
        inArray(
          products.sku,
          suggested.map((p) => p.id!),
        ),
      )
    expect(rows).toHaveLength(suggested.length)
    for (const product of suggested) {
      const row = rows.find((r) => r.sku === product.id)!
      expect(row.online).toBe(true)
      expect(row.kind).not.toBe('variation')
      expect(product.term).toBe(row.names.en_US)
      expect(product.imageURL).toBe(
        productImages(SITE, row.sku, row.imageStyle).find((i) => i.typeID === 'S')!.effectiveUrl,
      )
      expect(product.uri).toBe(
        `ironbridge-Site/-/categories/${row.defaultCategoryId.split('.').join('/')}/products/${row.sku}`,
      )
    }
    // Name matches rank first: the best hit names the word.
    expect(suggested[0]!.term.toLowerCase()).toContain(term)

    // Words of product names starting with the term, most used first; then synonym phrases with such a word.
    const keywords = ofType(elements, 'keyword').filter((k) => k.hitCount !== undefined)
    expect(keywords.length).toBeGreaterThan(0)
    for (const keyword of keywords) expect(keyword.term.startsWith(term)).toBe(true)
    const hits = keywords.map((k) => k.hitCount!)
    expect([...hits].sort((a, b) => b - a)).toEqual(hits)
    const phrases = ofType(elements, 'keyword').filter((k) => k.hitCount === undefined)
    expect(ofType(elements, 'keyword').slice(0, keywords.length)).toEqual(keywords)
    for (const phrase of phrases) expect(phrase.term).toMatch(new RegExp(`(^|\\s)${term}`))
  })

  it('suggests brands by their beginning with the number of sellable products', async () => {
    const [row] = await db()
      .select({ brand: products.manufacturer })
      .from(products)
      .where(eq(products.kind, 'product'))
      .limit(1)
    const brand = row!.brand
    const elements = await suggest(brand.slice(0, 4).toUpperCase())
    const suggestion = ofType(elements, 'brand').find((b) => b.term === brand)
    expect(suggestion).toEqual({
      term: brand,
      suggestType: 'brand',
      id: brand,
      hitCount: await sellableOfBrand(brand),
    })
    // Products of the brand are suggested too (the brand is in their search document).
    expect(ofType(elements, 'product').length).toBeGreaterThan(0)
  })

  it('completes the last word of a multi-word term', async () => {
    const [row] = await db()
      .select({ names: products.names })
      .from(products)
      .where(sql`kind = 'product' and names->>'en_US' ~ '^[A-Za-z]+ [A-Za-z]{4,} '`)
      .limit(1)
    // "{brand} {noun} {model}": type the brand and the beginning of the noun's first word.
    const [brand, noun] = row!.names.en_US!.split(' ')
    const term = `${brand} ${noun!.slice(0, 4)}`
    const elements = await suggest(term)
    const completions = ofType(elements, 'keyword').map((k) => k.term)
    expect(completions).toContain(`${brand!.toLowerCase()} ${noun!.toLowerCase()}`)
    for (const product of ofType(elements, 'product')) {
      expect(product.term.toLowerCase()).toContain(brand!.toLowerCase())
    }
  })

  it('answers in the requested locale: a German word finds nothing in English', async () => {
    const english = new Set(
      (
        await db()
          .select({ keyword: searchKeywords.keyword })
          .from(searchKeywords)
          .where(eq(searchKeywords.locale, 'en_US'))
      ).map((k) => k.keyword),
    )
    const german = await db()
      .select({ keyword: searchKeywords.keyword, hits: searchKeywords.hits })
      .from(searchKeywords)
      .where(and(eq(searchKeywords.locale, 'de_DE'), sql`length(keyword) >= 8`))
      .orderBy(sql`hits desc`, searchKeywords.keyword)
    // A German-only name word: not an English keyword and not the start of one.
    const word = german.find(
      (g) => /^\p{L}+$/u.test(g.keyword) && ![...english].some((e) => e.startsWith(g.keyword.slice(0, 6))),
    )!
    expect(word, 'a German-only keyword in the seed').toBeDefined()
    const term = word.keyword.slice(0, 6)

    const de = await suggest(term, DE)
    expect(ofType(de, 'product').length).toBeGreaterThan(0)
    expect(ofType(de, 'keyword').map((k) => k.term)).toContain(word.keyword)
    const deProduct = ofType(de, 'product')[0]!
    const [row] = await db().select().from(products).where(eq(products.sku, deProduct.id!))
    expect(deProduct.term).toBe(row!.names.de_DE)

    const en = await suggest(term, EN)
    expect(ofType(en, 'product')).toEqual([])
    expect(ofType(en, 'keyword')).toEqual([])
  })

  it('gives nothing below 2 characters, 400 without a term or above 200 characters', async () => {
    expect(await suggest('')).toEqual([])
    expect(await suggest('d')).toEqual([])
    expect(await suggest('   d   ')).toEqual([])
    expect((await suggest(' dr ')).length).toBeGreaterThan(0)

    const missing = await call(api.url('suggest'))
    expect(missing.status).toBe(400)
    expect(missing.json.errors[0].code).toBe('request.invalid')
    const long = await call(api.url(`suggest?SearchTerm=${'a'.repeat(201)}`))
    expect(long.status).toBe(400)
    expect((await call(api.url(`suggest?SearchTerm=${'a'.repeat(200)}`))).status).toBe(200)
  })

  it('never suggests numeric-only keywords', async () => {
    await db()
      .insert(searchKeywords)
      .values([
        { locale: 'en_US', keyword: '4242', hits: 99999 },
        { locale: 'en_US', keyword: '4242mm', hits: 99998 },
      ])
    try {
      const keywords = ofType(await suggest('4242'), 'keyword').map((k) => k.term)
      expect(keywords).toContain('4242mm')
      expect(keywords).not.toContain('4242')
    } finally {
      await db()
        .delete(searchKeywords)
        .where(and(eq(searchKeywords.locale, 'en_US'), inArray(searchKeywords.keyword, ['4242', '4242mm'])))
    }
  })

  it('leaves out variations and offline products, and counts brands without them', async () => {
    const [variation] = await db().select().from(products).where(eq(products.kind, 'variation')).limit(1)
    const byName = await suggest(variation!.names.en_US!)
    expect(ofType(byName, 'product').map((p) => p.id)).not.toContain(variation!.sku)
    const bySku = await suggest(variation!.sku)
    expect(ofType(bySku, 'product').map((p) => p.id)).not.toContain(variation!.sku)

    const [product] = await db().select().from(products).where(eq(products.kind, 'product')).limit(1)
    expect(ofType(await suggest(product!.sku), 'product').map((p) => p.id)).toEqual([product!.sku])
    const brand = product!.manufacturer
    const before = ofType(await suggest(brand), 'brand').find((b) => b.id === brand)!.hitCount!
    await db().update(products).set({ online: false }).where(eq(products.sku, product!.sku))
    forgetBrandCounts(db())
    try {
      expect(ofType(await suggest(product!.sku), 'product')).toEqual([])
      const after = ofType(await suggest(brand), 'brand').find((b) => b.id === brand)!.hitCount!
      expect(after).toBe(before - 1)
    } finally {
      await db().update(products).set({ online: true }).where(eq(products.sku, product!.sku))
      forgetBrandCounts(db())
    }
  })

  it('treats SQL, LIKE and tsquery syntax in the term as plain text', async () => {
    const plain = ofType(await suggest('dr'), 'product').map((p) => p.id)
    expect(plain.length).toBeGreaterThan(0)
    expect(
      (await call(api.url(`suggest?SearchTerm=${encodeURIComponent("dr'; drop table products; --")}`)))
        .status,
    ).toBe(200)
    for (const term of ["dr'", 'dr:*', 'dr &', '& dr', '!dr', '(dr)', 'dr|', 'dr\\']) {
      const elements = await suggest(term)
      expect(ofType(elements, 'product').map((p) => p.id)).toEqual(plain)
    }
    // Wildcards are literal: "%" and "_" would otherwise match every keyword and category.
    for (const term of ['%%', '__', '%_', '\\%', ':*', '&&', "''", '<->', '!!']) {
      expect(await suggest(term)).toEqual([])
    }
    expect(ofType(await suggest('d_'), 'keyword')).toEqual([])
    expect(ofType(await suggest('d%'), 'keyword')).toEqual([])
    // The products table is still there.
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
      )[0]!.n,
    ).toBeGreaterThan(0)
  })
})

describe('suggest: every kind of product, by what buyers type', () => {
  it('suggests every kind of drill: the best of each category first, its categories and kinds', async () => {
    const elements = await suggest('drill')
    const suggested = ofType(elements, 'product')
    expect(suggested.length).toBe(10)
    const rows = await db()
      .select({ sku: products.sku, category: products.defaultCategoryId })
      .from(products)
      .where(
        inArray(
          products.sku,
          suggested.map((p) => p.id!),
        ),
      )
    const categoryOf = new Map(rows.map((r) => [r.sku, r.category]))
    const kinds = suggested.map((p) => categoryOf.get(p.id!))
    // Cordless drills and hammer drills (and whatever else drills) before a second one of any kind.
    const distinct = new Set(kinds)
    expect(distinct.size).toBeGreaterThan(1)
    expect(new Set(kinds.slice(0, distinct.size)).size).toBe(distinct.size)
    expect(ofType(elements, 'category').map((c) => c.term)).toEqual(
      expect.arrayContaining(['Cordless Drills', 'Hammer Drills']),
    )
    // The kinds of drill buyers name: single words first, then the synonym phrases with the word.
    const keywords = ofType(elements, 'keyword').map((k) => k.term)
    expect(keywords[0]).toBe('drill')
    expect(keywords.length).toBe(5)
    expect(keywords.some((k) => k.includes(' '))).toBe(true)
    for (const keyword of keywords) expect(keyword).toMatch(/(^|\s)drill/)
  })

  it('suggests the products of a synonym and of a misspelled word', async () => {
    const german = ofType(await suggest('Akkuschrauber', DE), 'product')
    expect(german.length).toBeGreaterThan(0)
    expect(german.map((p) => p.term).join(' | ')).toMatch(/Bohrschrauber|Bohrmaschine/)
    const typo = ofType(await suggest('hamer'), 'product')
    expect(typo.length).toBeGreaterThan(0)
    expect(typo[0]!.term.toLowerCase()).toContain('hammer')
  })

  it('suggests a product by the beginning of its EAN', async () => {
    const [product] = await db()
      .select({ sku: products.sku, ean: products.ean })
      .from(products)
      .where(eq(products.kind, 'product'))
      .limit(1)
    expect(ofType(await suggest(product!.ean!.slice(0, 10)), 'product').map((p) => p.id)).toContain(
      product!.sku,
    )
  })
})

describe('suggest helpers', () => {
  it('keeps letters and digits of any script as words, lower-case', () => {
    expect(suggestWords(" Größe-M8 o'neil:* & |x ")).toEqual(['größe', 'm8', 'o', 'neil', 'x'])
    expect(suggestWords('%%_')).toEqual([])
    expect(suggestWords('a b c d e f g h i j')).toHaveLength(8)
  })

  it('makes a prefix tsquery of the words', () => {
    expect(prefixQueryText(['cordless', 'dri'])).toBe('cordless:* & dri:*')
  })

  it('escapes LIKE wildcards', () => {
    expect(likePrefix('dr')).toBe('dr%')
    expect(likePrefix('50%_a\\b')).toBe('50\\%\\_a\\\\b%')
  })

  it('takes the last word as the keyword list splits names', () => {
    expect(lastWord('Cordless DRI')).toBe('dri')
    expect(lastWord('hex-nu')).toBe('nu')
    expect(lastWord('bolt (m8')).toBe('m8')
    expect(lastWord('  ')).toBe('')
  })

  it('ranks name beginnings before word beginnings before infixes, infixes from 3 characters', () => {
    expect(matchRank('Drywall Screws', 'dry')).toBe(0)
    expect(matchRank('Wood Screws', 'scr')).toBe(1)
    expect(matchRank('Screwdrivers & Pliers', 'pli')).toBe(1)
    expect(matchRank('Fasteners', 'ste')).toBe(2)
    expect(matchRank('Fasteners', 'st')).toBe(-1)
    expect(matchRank('Fasteners', 'xyz')).toBe(-1)
  })
})
