import { describe, expect, it } from 'vitest'
import { LOCALES } from './channel'
import { clientLocaleTexts, localization, localizations } from './localizations'

describe('the locale names ICM clients read', () => {
  it('name every locale of the channel, by its own name and its language, in every locale', () => {
    const names = Object.fromEntries(clientLocaleTexts())
    expect(Object.keys(names)).toHaveLength(LOCALES.length * 2)
    for (const id of LOCALES) {
      expect(names[`pwa-locale.${id}.long`], id).toMatch(/^\p{Lu}\p{L}+ \(.+\)$/u)
      expect(names[`pwa-locale.${id}.short`]).toBe(id.slice(0, 2))
    }
    for (const locale of LOCALES) {
      expect(Object.fromEntries(localizations(locale, 'pwa-')), locale).toEqual(names)
      expect(localization(locale, 'pwa-locale.pl_PL.long')).toBe('Polski (Polska)')
    }
  })

  it('come besides the shop’s own texts, which no ICM client asks for by pwa-', () => {
    expect(localizations('de_DE', 'pwa-').every(([key]) => key.startsWith('pwa-locale.'))).toBe(true)
    expect(localizations('de_DE', 'header.').length).toBeGreaterThan(1)
  })
})
