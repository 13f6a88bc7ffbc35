import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SHOP_LOCALES } from '~/models/locale'

const PLURAL = /_(zero|one|two|few|many|other)$/
const texts = (id: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(__dirname, '../../locales', `${id}.json`), 'utf8'))
const base = (key: string) => key.replace(PLURAL, '')
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()

const english = texts('en_US')
const englishBases = new Set(Object.keys(english).map(base))
const pluralBases = new Set(
  Object.keys(english)
    .filter((k) => PLURAL.test(k))
    .map(base),
)

/**
 * Texts whose English form adds the commerce API's English sentence (`message`), which the other languages
 * leave out on purpose (models/messages.ts messageText): they have every other placeholder.
 */
const ENGLISH_DETAIL = new Set(['error.api.detail', 'error.api.rule_detail'])

/** The translations checked against English; English itself is the reference, not one of them. */
const translations = SHOP_LOCALES.map((l) => l.id).filter((id) => id !== 'en_US')

it('checks the four translations of the shop against its English texts', () => {
  expect(SHOP_LOCALES.map((l) => l.id)).toContain('en_US')
  expect(translations).toEqual(['de_DE', 'fr_FR', 'pl_PL', 'ro_RO'])
  expect(englishBases.size).toBeGreaterThan(100)
})

describe.each(SHOP_LOCALES.map((l) => l.id))('plural forms of %s', (id) => {
  const own = texts(id)
  it('has every plural form the language needs, none of them empty', () => {
    const categories = new Intl.PluralRules(id.replace('_', '-')).resolvedOptions().pluralCategories
    for (const key of pluralBases) {
      for (const category of categories)
        expect(own[`${key}_${category}`], `${id} ${key}_${category}`).toMatch(/\S/)
    }
  })
})

describe.each(translations)('texts of %s', (id) => {
  const own = texts(id)
  it('has every text the English file has, and no other, none of them empty', () => {
    expect(new Set(Object.keys(own).map(base))).toEqual(englishBases)
    for (const [key, text] of Object.entries(own)) expect(text, `${id} ${key}`).toMatch(/\S/)
  })
  it('uses the same placeholders as English', () => {
    for (const [key, text] of Object.entries(own)) {
      const reference = english[key] ?? english[`${base(key)}_other`]
      if (reference === undefined) continue
      // A singular form may spell out "one" instead of using {{count}}.
      const expected = variables(reference)
        .filter((v) => !(v === 'count' && /_one$/.test(key)))
        .filter((v) => !(v === 'message' && ENGLISH_DETAIL.has(key)))
      const actual = variables(text).filter((v) => !(v === 'count' && /_one$/.test(key)))
      expect(actual, `${id} ${key}`).toEqual(expected)
    }
  })
})
