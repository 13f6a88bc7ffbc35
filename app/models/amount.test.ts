import { describe, expect, it } from 'vitest'
import { amountExample, amountInputText, parseAmount } from './amount'

const MAX = 1_000_000_000
const read = (text: string, tag: string) => parseAmount(text, tag, MAX)
const minor = (text: string, tag: string) => {
  const reading = read(text, tag)
  return reading.ok ? reading.minor : reading.problem
}

describe('amounts typed the locale’s way', () => {
  it.each(['de-DE', 'ro-RO', 'fr-FR', 'pl-PL'])(
    '%s: comma decimals, dot or space-like thousands, or none',
    (tag) => {
      for (const text of ['1.250,50', '1 250,50', '1\u00a0250,50', '1\u202f250,50', '1250,50', ' 1250,5 '])
        expect(minor(text, tag), text).toBe(125050)
      expect(minor('1.250', tag)).toBe(125000)
      expect(minor('1.250.000', tag)).toBe(125000000)
      expect(minor('0,05', tag)).toBe(5)
      expect(minor('1250', tag)).toBe(125000)
    },
  )

  it('en-US: point decimals, comma or space thousands', () => {
    for (const text of ['1,250.50', '1250.50', '1250.5', '1 250.50', '1\u202f250.50'])
      expect(minor(text, 'en-US'), text).toBe(125050)
    expect(minor('1,250', 'en-US')).toBe(125000)
    expect(minor('0.99', 'en-US')).toBe(99)
  })

  it('refuses what it would have to guess or cannot read, as a format problem', () => {
    for (const [text, tag] of [
      ['1250,505', 'de-DE'], // too many decimals
      ['1.25', 'de-DE'], // a decimal point in German: not a group of three
      ['1,250.50', 'de-DE'], // the other locale's way
      ['1.250 000,00', 'de-DE'], // mixed separators
      ['1.2500', 'de-DE'],
      ['1250,50', 'en-US'],
      ['1.250', 'en-US'], // three decimals in English
      ['1,25', 'en-US'],
      ['-5', 'de-DE'], // negative
      ['−5', 'en-US'],
      ['+5', 'en-US'],
      ['5 €', 'de-DE'],
      [',50', 'de-DE'],
      ['12,', 'de-DE'],
      ['1,2,3', 'de-DE'],
      ['abc', 'fr-FR'],
      ['1e5', 'en-US'],
      ['', 'de-DE'],
      ['9'.repeat(40), 'de-DE'],
    ] as const)
      expect(read(text, tag), `${tag} ${text}`).toEqual({ ok: false, problem: 'format' })
  })

  it('refuses huge amounts as too large, exactly above the maximum', () => {
    expect(minor('1.000.000.000,00', 'de-DE')).toBe(100_000_000_000)
    expect(minor('1.000.000.000,01', 'de-DE')).toBe('too_large')
    expect(minor('99999999999999999999', 'en-US')).toBe('too_large')
    expect(minor('00000000000000000012,5', 'de-DE')).toBe(1250)
  })

  it('fills a field in the locale’s format, which it reads back unchanged', () => {
    expect(amountInputText(1250.5, 'de-DE')).toBe('1.250,50')
    expect(amountInputText(1250.5, 'en-US')).toBe('1,250.50')
    expect(amountInputText(1250.5, 'fr-FR')).toBe('1\u202f250,50')
    expect(amountExample('ro-RO')).toBe('1.250,50')
    for (const tag of ['en-US', 'de-DE', 'fr-FR', 'pl-PL', 'ro-RO'])
      for (const value of [0, 0.1, 99.9, 1250.5, 12_500, 999_999_999.99])
        expect(minor(amountInputText(value, tag), tag), `${tag} ${value}`).toBe(Math.round(value * 100))
  })
})
