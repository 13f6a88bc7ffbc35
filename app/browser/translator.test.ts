import { describe, expect, it } from 'vitest'
import { SHOP_LOCALES } from '~/models/locale'
import { i18nFor } from '~/services/i18n.server'
import de_DE from '../../locales/de_DE.json'
import en_US from '../../locales/en_US.json'
import fr_FR from '../../locales/fr_FR.json'
import pl_PL from '../../locales/pl_PL.json'
import ro_RO from '../../locales/ro_RO.json'
import { browserI18n, createTranslate } from './translator'

const dictionaries: Record<string, Record<string, string>> = { en_US, de_DE, fr_FR, pl_PL, ro_RO }
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 1000, 1.5]

/** Every placeholder name a text of the dictionary uses. */
const placeholders = (texts: Record<string, string>) => [
  ...new Set(
    Object.values(texts).flatMap((text) => [...text.matchAll(/{{-?\s*([^}]+?)\s*}}/g)].map((m) => m[1]!)),
  ),
]

describe.each(SHOP_LOCALES.map((locale) => locale.id))('the browser translator in %s', (lng) => {
  const texts = dictionaries[lng]!
  const server = i18nFor(lng).t as unknown as (key: string, options?: object) => string
  const browser = createTranslate(lng, texts)
  const keys = [...new Set(Object.keys(texts).map((key) => key.replace(PLURAL_SUFFIX, '')))]
  const values = Object.fromEntries(placeholders(texts).map((name) => [name, `«${name}»`]))

  it('gives i18next’s text for every key, without options and with all values', () => {
    for (const key of keys) {
      expect(browser(key), key).toBe(server(key))
      expect(browser(key, values), key).toBe(server(key, values))
    }
  })

  // Every key at 15 counts: some 20,000 comparisons per language, seconds on a busy CI machine.
  it('gives i18next’s plural form for every key and count', { timeout: 30_000 }, () => {
    for (const key of keys)
      for (const count of COUNTS)
        expect(browser(key, { ...values, count }), `${key} ${count}`).toBe(server(key, { ...values, count }))
  })

  it('leaves a placeholder without a value, empties one given as undefined or null', () => {
    const key = keys.find((k) => /{{/.test(texts[k] ?? ''))!
    for (const options of [
      {},
      { count: 2 },
      Object.fromEntries(Object.keys(values).map((n) => [n, undefined])),
      Object.fromEntries(Object.keys(values).map((n) => [n, null])),
    ])
      expect(browser(key, options)).toBe(server(key, options))
    expect(browser(key, {})).toMatch(/{{/)
  })

  it('answers a missing key with its default value or the key itself', () => {
    expect(browser('no.such.key')).toBe(server('no.such.key'))
    expect(browser('no.such.key', { defaultValue: 'Fallback {{x}}', x: 1 })).toBe(
      server('no.such.key', { defaultValue: 'Fallback {{x}}', x: 1 }),
    )
    expect(browser('no.such.key', { defaultValue: 'Fallback' })).toBe('Fallback')
  })

  it('is what react-i18next needs: initialised, its language, its translate function', () => {
    const i18n = browserI18n(lng, texts)
    expect(i18n.isInitialized).toBe(true)
    expect(i18n.languages).toEqual([lng])
    expect(i18n.hasLoadedNamespace('translation')).toBe(true)
    expect(i18n.getFixedT(lng)('header.skip_to_main')).toBe(server('header.skip_to_main'))
  })
})
