import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../commerce-api/db/schema'
import { demoEan, gtinCheckDigit, isValidEan13 } from '../../commerce-api/db/seed/ean'
import { generateCatalog } from '../../commerce-api/db/seed/generate'
import {
  codeOf,
  searchQuery,
  searchWords,
  synonymMatches,
  tsQueryText,
} from '../../commerce-api/domain/search-terms'
import { call, startApi, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi({ products: 1200 })
})
afterAll(async () => {
  await api?.close()
})

const DE = ';loc=de_DE;cur=EUR'
const FR = ';loc=fr_FR;cur=EUR'
const PL = ';loc=pl_PL;cur=PLN'
const RO = ';loc=ro_RO;cur=RON'

/** The SKU a list stub's Link names: the last segment of its product URI. */
const skuOf = (stub: { uri: string }) => decodeURIComponent(stub.uri.split('/products/')[1]!)

async function search(term: string, matrix?: string, extra = '', amount = 50) {
  const response = await call(
    api.url(`products?searchTerm=${encodeURIComponent(term)}&amount=${amount}&attrs=sku${extra}`, matrix),
  )
  expect(response.status, term).toBe(200)
  return response.json as {
    total: number
    elements: { uri: string; title: string }[]
    correctedSearchTerm?: string
  }
}

const db = () => api.database.db

describe('EAN', () => {
  it('gives every product a GTIN-13 of its own with a valid check digit', () => {
    // The GS1 example from the standard: 400638133393 → check digit 1.
    expect(gtinCheckDigit('400638133393')).toBe(1)
    expect(isValidEan13('4006381333931')).toBe(true)
    expect(isValidEan13('4006381333932')).toBe(false)
    const catalog = generateCatalog({ productCount: 3000 })
    const eans = catalog.products.map((p) => p.ean)
    expect(eans.every(isValidEan13)).toBe(true)
    expect(new Set(eans).size).toBe(eans.length)
    // Deterministic: the same SKU always has the same EAN.
    expect(catalog.products[0]!.ean).toBe(demoEan(catalog.products[0]!.sku))
  })

  it('finds the product by its exact EAN first, also written with spaces or dashes', async () => {
    const [product] = await db()
      .select({ sku: products.sku, ean: products.ean })
      .from(products)
      .where(eq(products.kind, 'product'))
      .limit(1)
      .offset(7)
    const ean = product!.ean!
    for (const term of [
      ean,
      `${ean.slice(0, 1)} ${ean.slice(1, 7)} ${ean.slice(7)}`,
      `${ean.slice(0, 6)}-${ean.slice(6)}`,
    ]) {
      const found = await search(term)
      expect(found.elements.map(skuOf)[0], term).toBe(product!.sku)
      expect(found.correctedSearchTerm).toBeUndefined()
    }
  })

  it('finds a variation by its own EAN, though lists show only its master', async () => {
    const [variation] = await db()
      .select({ sku: products.sku, ean: products.ean })
      .from(products)
      .where(eq(products.kind, 'variation'))
      .limit(1)
    const found = await search(variation!.ean!)
    expect(found.elements.map(skuOf)).toEqual([variation!.sku])
  })

  it('is a product attribute, as ICM keeps what ProductRO has no field for, and in productlookup', async () => {
    const [product] = await db()
      .select({ sku: products.sku, ean: products.ean })
      .from(products)
      .where(eq(products.kind, 'product'))
      .limit(1)
    for (const matrix of [undefined, DE]) {
      const detail = await call(api.url(`products/${product!.sku}`, matrix))
      expect(detail.json.attributes).toContainEqual({
        name: 'EAN',
        key: 'EAN',
        type: 'String',
        value: product!.ean,
      })
    }
    const lookup = await call(api.url(`productlookup?searchTerm=${product!.sku}`))
    const stub = lookup.json.elements.find((e: { uri: string }) => skuOf(e) === product!.sku)
    expect(stub.attributes).toContainEqual({ name: 'EAN', type: 'String', value: product!.ean })
  })
})

describe('manufacturer part number', () => {
  it('finds the product first, whatever the case, spaces or dashes', async () => {
    const rows = await db()
      .select({ sku: products.sku, mpn: products.manufacturerSku })
      .from(products)
      .where(and(eq(products.kind, 'product'), isNotNull(products.manufacturerSku)))
    // A part number that only one product has (the demo numbers may repeat across a large catalog).
    const counts = new Map<string, number>()
    for (const row of rows) counts.set(row.mpn!, (counts.get(row.mpn!) ?? 0) + 1)
    const product = rows.find((row) => counts.get(row.mpn!) === 1)!
    const mpn = product.mpn!
    for (const term of [mpn, mpn.toLowerCase(), mpn.replace('-', ' '), mpn.replace('-', ''), ` ${mpn} `]) {
      const found = await search(term)
      expect(found.elements.map(skuOf)[0], term).toBe(product.sku)
      expect(found.correctedSearchTerm, term).toBeUndefined()
    }
  })

  it('finds the master for the number its variations share with it, not the variations', async () => {
    const [variation] = await db()
      .select({ master: products.masterSku, mpn: products.manufacturerSku })
      .from(products)
      .where(eq(products.kind, 'variation'))
      .limit(1)
    const found = await search(variation!.mpn!.toLowerCase())
    const skus = found.elements.map(skuOf)
    expect(skus[0]).toBe(variation!.master)
    const variations = await db()
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.masterSku, variation!.master!))
    for (const v of variations) expect(skus).not.toContain(v.sku)
  })
})

describe('spelling correction', () => {
  it('corrects a misspelled word to the most similar word products use and says so', async () => {
    for (const [typo, word] of [
      ['hamer', 'hammer'],
      ['scrwdriver', 'screwdriver'],
      ['dril', 'drill'],
    ]) {
      const found = await search(typo!)
      expect(found.correctedSearchTerm, typo).toBe(word)
      expect(found.total, typo).toBeGreaterThan(0)
      expect(found.elements[0]!.title.toLowerCase(), typo).toContain(word)
    }
    // A correction keeps the words that were right, as typed.
    expect((await search('Claw hamer')).correctedSearchTerm).toBe('Claw hammer')
  })

  it('corrects German words too, keeping the capital, and finds what the synonym names', async () => {
    const found = await search('Bohrmaschiene', DE)
    expect(found.correctedSearchTerm).toBe('Bohrmaschine')
    expect(found.elements.map((e) => e.title).join(' | ')).toMatch(/Bohrschrauber|Schlagbohrmaschine/)
  })

  it('corrects a word typed without its diacritics', async () => {
    const found = await search('wkretarka', PL)
    expect(found.correctedSearchTerm).toBe('wkrętarka')
    expect(found.total).toBeGreaterThan(0)
  })

  it('searches the words as typed with correctSpelling=false, and leaves known words alone', async () => {
    const asTyped = await search('hamer', undefined, '&correctSpelling=false')
    expect(asTyped.correctedSearchTerm).toBeUndefined()
    expect(asTyped.total).toBe(0)
    const known = await search('hammer')
    expect(known.correctedSearchTerm).toBeUndefined()
    // Words no product uses and nothing like them stay without hits and without a correction.
    const nothing = await search('zzqxv')
    expect(nothing).toMatchObject({ total: 0 })
    expect(nothing.correctedSearchTerm).toBeUndefined()
  })

  it('counts the facets of the corrected search', async () => {
    const found = await search('hamer')
    const filters = await call(api.url('productfilters?searchTerm=hamer'))
    const brands = filters.json.elements.find((f: { id: string }) => f.id === 'brand')
    const sum = brands.facets.reduce((total: number, f: { count: number }) => total + f.count, 0)
    expect(sum).toBe(found.total)
    const asTyped = await call(api.url('productfilters?searchTerm=hamer&correctSpelling=false'))
    expect(asTyped.json.elements).toEqual([])
  })
})

describe('synonyms', () => {
  const titles = (found: { elements: { title: string }[] }) => found.elements.map((e) => e.title).join(' | ')

  it.each([
    ['en_US', undefined, 'hard hat', /Safety Helmet/],
    ['en_US', undefined, 'drill driver', /Cordless Drill/],
    ['de_DE', DE, 'Akkuschrauber', /Akku-Bohrschrauber/],
    ['de_DE', DE, 'Bohrmaschine', /Schlagbohrmaschine/],
    ['fr_FR', FR, 'perceuse', /Visseuse à chocs|Perceuse/],
    ['fr_FR', FR, 'visseuse', /Perceuse à percussion/],
    ['pl_PL', PL, 'wkrętarka', /Wiertarka udarowa/],
    ['ro_RO', RO, 'autofiletantă', /Mașină de găurit/],
    ['ro_RO', RO, 'bormașină', /Mașină de găurit/],
  ])('%s: "%s" finds what the language calls it too', async (_locale, matrix, term, expected) => {
    const found = await search(term as string, matrix as string | undefined)
    expect(found.total).toBeGreaterThan(0)
    expect(titles(found)).toMatch(expected as RegExp)
    expect(found.correctedSearchTerm).toBeUndefined()
  })

  it('matches inflected forms by lexeme and leaves other languages alone', async () => {
    // German plural of a synonym phrase.
    expect(titles(await search('Akkuschrauber', DE))).toEqual(titles(await search('Akkuschraubern', DE)))
    // An English synonym means nothing on the German shop.
    expect((await search('hard hat', DE, '&correctSpelling=false')).total).toBe(0)
  })
})

describe('term analysis', () => {
  it('keeps letters and digits as words and codes', () => {
    expect(searchWords(" Größe-M8 o'neil:* & |x ")).toEqual(['größe', 'm8', 'o', 'neil', 'x'])
    expect(codeOf(' ROT-12 345 ')).toBe('rot12345')
  })

  it('builds prefix queries with synonym alternatives, leaving out alternatives that add nothing', () => {
    const groups = [
      {
        phrases: [
          { words: ['drill'], lexemes: ['drill'] },
          { words: ['drilling', 'machine'], lexemes: ['drill', 'machin'] },
        ],
      },
      {
        phrases: [
          { words: ['hard', 'hat'], lexemes: ['hard', 'hat'] },
          { words: ['safety', 'helmet'], lexemes: ['safeti', 'helmet'] },
        ],
      },
    ]
    const drill = synonymMatches(['cordless', 'drill'], groups)
    expect(drill).toEqual([{ start: 2, length: 1, phrases: [['drill'], ['drilling', 'machine']] }])
    expect(tsQueryText([['cordless'], ['drill']], drill)).toBe('cordless:* & drill:*')
    const hat = synonymMatches(['hard', 'hat', 'red'], groups)
    expect(tsQueryText([['hard'], ['hat'], ['red']], hat)).toBe(
      '((hard:* & hat:*) | (safety:* & helmet:*)) & red:*',
    )
    expect(tsQueryText([['akku', 'bohrschrauber']])).toBe('(akku:* & bohrschrauber:*)')
  })

  it('needs the vocabulary only, whatever the catalog size: one lookup per term', async () => {
    const query = await searchQuery(db(), 'en_US', 'hamer')
    expect(query).toMatchObject({ correctedTerm: 'hammer', tsquery: 'hammer:*' })
    const [{ n }] = (
      (await db().execute(
        sql`select count(*)::int as n from search_vocabulary where locale = 'en_US'`,
      )) as unknown as {
        rows: { n: number }[]
      }
    ).rows as [{ n: number }]
    expect(n).toBeGreaterThan(100)
    expect(n).toBeLessThan(5000)
  })
})

/**
 * Compounds and inflections (issue 32): German writes compounds as one word, Polish and Romanian inflect their nouns. A buyer searching
 * the word they have in mind ("Hammer", a typo of it, a plural or another case) finds the products named
 * with its compound or its other forms, over HTTP on the seeded demo catalog.
 */
/** The listed products whose name in `locale` contains `text` (case-insensitive), from the catalog itself. */
async function listedNamed(locale: string, text: string): Promise<string[]> {
  const result = (await api.database.db.execute(sql`
    select sku from products
    where online and kind <> 'variation' and names->>${locale} ilike ${`%${text}%`}
    order by sku`)) as unknown as { rows: { sku: string }[] }
  return result.rows.map((r) => r.sku)
}

describe('German compounds', () => {
  it('finds every "Klauenhammer" for "Hammer", "hamer" and "hammr", naming the correction of a typo', async () => {
    const clawHammers = await listedNamed('de_DE', 'Klauenhammer')
    expect(clawHammers.length).toBeGreaterThan(5)
    for (const term of ['Hammer', 'hamer', 'hammr', 'Hämmer']) {
      const found = await search(term, DE, '', 200)
      const skus = found.elements.map(skuOf)
      for (const sku of clawHammers) expect(skus, `${term} finds ${sku}`).toContain(sku)
      expect(found.correctedSearchTerm, term).toBe(
        term === 'hamer' || term === 'hammr' ? 'hammer' : undefined,
      )
    }
    // The compound as a whole still finds exactly its products.
    expect((await search('Klauenhammer', DE, '', 200)).elements.map(skuOf).sort()).toEqual(clawHammers)
  })

  it('ranks the word as written before the compounds it is part of ("Stahl" before "Edelstahl")', async () => {
    const found = await search('Stahl', DE, '', 200)
    const written = (await api.database.db.execute(sql`
      select sku, de_de @@ to_tsquery('german', 'stahl:*') as written from product_search
      where sku = any(${sql`array[${sql.join(
        found.elements.map((e) => sql`${skuOf(e)}`),
        sql`, `,
      )}]::text[]`})`)) as unknown as { rows: { sku: string; written: boolean }[] }
    const bySku = new Map(written.rows.map((r) => [r.sku, r.written]))
    const order = found.elements.map((e) => bySku.get(skuOf(e)))
    expect(order).toContain(true)
    expect(order).toContain(false) // "Edelstahl" products are found too
    expect(order.indexOf(false)).toBeGreaterThan(order.lastIndexOf(true))
  })

  it('suggests claw hammers for "hammer" on the German shop', async () => {
    const response = await call(api.url('suggest?SearchTerm=hammer', DE))
    expect(response.status).toBe(200)
    const products = (response.json.elements as { suggestType: string; term: string }[]).filter(
      (e) => e.suggestType === 'product',
    )
    expect(products.some((p) => /Klauenhammer/.test(p.term))).toBe(true)
  })
})

describe('Polish and Romanian inflections', () => {
  it.each([
    ['młotka', 'Młotek'], // genitive of młotek: the vowel before the last consonant goes
    ['młotkiem', 'Młotek'],
    ['kotew', 'Kotwa'], // genitive plural of kotwa: a vowel comes in
    ['nakrętek', 'Nakrętka'],
    ['wiertarkę', 'Wiertarka'],
    ['kasków', 'Kask'],
  ])('finds the Polish products named with another form of "%s" (%s) as written', async (term, name) => {
    const named = await listedNamed('pl_PL', `${name} `)
    expect(named.length, name).toBeGreaterThan(0)
    const found = await search(term, PL, '', 200)
    const skus = found.elements.map(skuOf)
    for (const sku of named.slice(0, 20)) expect(skus, `${term} finds ${sku}`).toContain(sku)
    // An inflected word is no misspelling.
    expect(found.correctedSearchTerm, term).toBeUndefined()
  })

  it.each([
    ['ciocanele', 'Ciocan'],
    ['piulițelor', 'Piuliță'],
    ['șuruburile', 'Șurub'],
    ['mănușile', 'Mănuși'],
  ])('finds the Romanian products named with another form of "%s" (%s)', async (term, name) => {
    const named = await listedNamed('ro_RO', `${name} `)
    expect(named.length, name).toBeGreaterThan(0)
    const skus = (await search(term, RO, '', 200)).elements.map(skuOf)
    for (const sku of named.slice(0, 20)) expect(skus, `${term} finds ${sku}`).toContain(sku)
  })
})
