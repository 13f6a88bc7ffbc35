import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { seededTestDatabase } from '../db/test-database'
import {
  BASE_LETTERS,
  DIACRITICS,
  plainSql,
  plainWord,
  polishStems,
  searchQuery,
  withForms,
} from './search-terms'

/** Issue 32: compounds and inflected forms in the analysis of a search term, without HTTP. */
describe('polishStems', () => {
  it.each([
    ['wiertarkę', ['wiertark', 'wiertarek']],
    ['młotka', ['młotk', 'młotek']],
    ['młotkiem', ['młotk', 'młotek']],
    ['młotek', ['młotk']],
    ['kotew', ['kotw']],
    ['kotwy', ['kotw', 'kotew']],
    ['kluczem', ['klucz']],
    ['kasków', ['kask', 'kasek']],
    ['rękawicach', ['rękawic']],
  ])('gives "%s" the prefixes of its other forms %j', (word, stems) => {
    expect(polishStems(word)).toEqual(stems)
  })

  it('leaves short words and words without an ending alone', () => {
    expect(polishStems('kask')).toEqual([])
    expect(polishStems('śrub')).toEqual([])
    expect(polishStems('led')).toEqual([])
  })
})

describe('withForms', () => {
  it('adds a word’s forms to its synonym match, or as a match of its own, never inside a longer phrase', () => {
    const forms = [
      { compounds: ['klauenhammer'], stems: [] },
      { compounds: [], stems: [] },
      { compounds: ['edelstahl'], stems: [] },
    ]
    const matches = [{ start: 1, length: 1, phrases: [['schlaghammer']] }]
    expect(withForms(matches, forms)).toEqual([
      { start: 1, length: 1, phrases: [['schlaghammer'], ['klauenhammer']] },
      { start: 3, length: 1, phrases: [['edelstahl']] },
    ])
    expect(withForms([{ start: 2, length: 2, phrases: [['x']] }], forms)).toEqual([
      { start: 1, length: 1, phrases: [['klauenhammer']] },
      { start: 2, length: 2, phrases: [['x']] },
    ])
    // The matches given are not changed.
    expect(matches[0]!.phrases).toEqual([['schlaghammer']])
  })

  it('writes a word without diacritics as the database does', () => {
    expect(plainWord('hämmer')).toBe('hammer')
    expect(plainWord('wkrętarka')).toBe('wkretarka')
    expect(plainWord('șurub')).toBe('surub')
    expect(plainWord('ñandú')).toBe('nandu')
    expect(plainWord('țeavă')).toBe('teava')
    expect(plainWord('żółć')).toBe('zolc')
    expect([...DIACRITICS]).toHaveLength([...BASE_LETTERS].length)
  })
})

describe('searchQuery on the demo catalog', () => {
  let database: Database
  beforeAll(async () => {
    database = await seededTestDatabase({ products: 400 })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('widens a German word by the compounds it ends, and ranks the word as written apart', async () => {
    const query = await searchQuery(database.db, 'de_DE', 'Hammer')
    expect(query.tsquery).toMatch(/klauenhammer:\*/)
    expect(query.wordTsquery).toBe('hammer:*')
    expect(query.correctedTerm).toBeUndefined()
  })

  it('corrects a misspelling to a part of a compound: "hammr" is "hammer"', async () => {
    for (const term of ['hamer', 'hammr']) {
      const query = await searchQuery(database.db, 'de_DE', term)
      expect(query.correctedTerm, term).toBe('hammer')
      expect(query.tsquery, term).toMatch(/klauenhammer:\*/)
    }
    // Searched as typed, a misspelling finds no compound.
    expect((await searchQuery(database.db, 'de_DE', 'hamer', { correct: false })).tsquery).toBe('hamer:*')
  })

  it('writes words without diacritics as plainWord does', async () => {
    const words = ['wkrętarka', 'hämmer', 'șurub', 'straße', 'čep']
    const result = (await database.db.execute(
      sql`select ${plainSql(sql`w`)} as plain from unnest(${sql`array[${sql.join(
        words.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]`}) with ordinality as u(w, o) order by o`,
    )) as unknown as { rows: { plain: string }[] }
    expect(result.rows.map((r) => r.plain)).toEqual(words.map(plainWord))
    expect(plainWord('straße')).toBe('strase')
  })

  it('does not widen English words by the compounds of German', async () => {
    const query = await searchQuery(database.db, 'en_US', 'hammer')
    expect(query.tsquery).toBe('hammer:*')
    expect(query.wordTsquery).toBeUndefined()
  })

  it('finds the other forms of a Polish word instead of correcting it', async () => {
    const query = await searchQuery(database.db, 'pl_PL', 'kotew')
    expect(query.tsquery).toBe('(kotew:* | kotw:*)')
    expect(query.correctedTerm).toBeUndefined()
  })
})
