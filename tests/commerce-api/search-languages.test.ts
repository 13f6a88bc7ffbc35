import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startApi, type Api } from './harness'

/**
 * Issue 32: German writes compounds as one word, Polish and Romanian inflect their nouns. A buyer searching
 * the word they have in mind ("Hammer", a typo of it, a plural or another case) finds the products named
 * with its compound or its other forms, over HTTP on the seeded demo catalog.
 */
let api: Api
beforeAll(async () => {
  api = await startApi({ products: 1200 })
})
afterAll(async () => {
  await api?.close()
})

const DE = ';loc=de_DE;cur=EUR'
const PL = ';loc=pl_PL;cur=PLN'
const RO = ';loc=ro_RO;cur=RON'

const skuOf = (stub: { uri: string }) => decodeURIComponent(stub.uri.split('/products/')[1]!)

async function search(term: string, matrix: string) {
  const response = await call(
    api.url(`products?searchTerm=${encodeURIComponent(term)}&amount=200&attrs=sku`, matrix),
  )
  expect(response.status, term).toBe(200)
  return response.json as { total: number; elements: { uri: string }[]; correctedSearchTerm?: string }
}

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
      const found = await search(term, DE)
      const skus = found.elements.map(skuOf)
      for (const sku of clawHammers) expect(skus, `${term} finds ${sku}`).toContain(sku)
      expect(found.correctedSearchTerm, term).toBe(
        term === 'hamer' || term === 'hammr' ? 'hammer' : undefined,
      )
    }
    // The compound as a whole still finds exactly its products.
    expect((await search('Klauenhammer', DE)).elements.map(skuOf).sort()).toEqual(clawHammers)
  })

  it('ranks the word as written before the compounds it is part of ("Stahl" before "Edelstahl")', async () => {
    const found = await search('Stahl', DE)
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
    const found = await search(term, PL)
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
    const skus = (await search(term, RO)).elements.map(skuOf)
    for (const sku of named.slice(0, 20)) expect(skus, `${term} finds ${sku}`).toContain(sku)
  })
})
