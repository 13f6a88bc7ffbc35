import { describe, expect, it } from 'vitest'
import {
  allowedCategories,
  categoriesOfChoice,
  decideConsent,
  isConsentValid,
  MAX_EARLIER_RECEIPTS,
  parseConsent,
  receiptsOf,
  serializeConsent,
  type CookieConsent,
} from './consent'

const NOW = Date.UTC(2026, 4, 1, 10, 30)
let ids = 0
const newId = () => `client-${String(++ids).padStart(4, '0')}`
const decide = (previous: CookieConsent | undefined, categories: string[], version = 1, now = NOW) =>
  decideConsent(previous, { categories, source: 'settings' }, version, now, newId)

describe('the cookieConsent record', () => {
  it('round-trips through the cookie value, the PWA’s version and enabledOptions at the top', () => {
    const consent = decide(undefined, ['functional', 'tracking'])
    const value = serializeConsent(consent)
    expect(value).not.toMatch(/[;,\s"]/)
    const json = JSON.parse(decodeURIComponent(value))
    expect(json.version).toBe(1)
    expect(json.enabledOptions).toEqual(['required', 'functional', 'tracking'])
    expect(parseConsent(value)).toEqual(consent)
  })

  it('reads a broken, foreign or oversized value as no consent', () => {
    for (const value of [undefined, '', 'yes', '%7B', encodeURIComponent('[1,2]'), 'x'.repeat(5000)])
      expect(parseConsent(value)).toBeUndefined()
    const unknownCategory = { version: 1, enabledOptions: ['required', 'marketing'] }
    expect(parseConsent(encodeURIComponent(JSON.stringify(unknownCategory)))).toBeUndefined()
    const negative = { version: -1, enabledOptions: ['required'] }
    expect(parseConsent(encodeURIComponent(JSON.stringify(negative)))).toBeUndefined()
  })

  it('always includes required, orders the categories, and keeps a client id only with tracking', () => {
    const pwa = encodeURIComponent(
      JSON.stringify({ version: 1, enabledOptions: ['tracking'], clientId: 'abc-12345678' }),
    )
    expect(parseConsent(pwa)).toMatchObject({
      enabledOptions: ['required', 'tracking'],
      clientId: 'abc-12345678',
    })
    const noTracking = encodeURIComponent(
      JSON.stringify({ version: 1, enabledOptions: ['functional'], clientId: 'abc-12345678' }),
    )
    expect(parseConsent(noTracking)?.clientId).toBeUndefined()
    const badId = encodeURIComponent(
      JSON.stringify({ version: 1, enabledOptions: ['tracking'], clientId: '<x>' }),
    )
    expect(parseConsent(badId)?.clientId).toBeUndefined()
  })
})

describe('consent versions (spec shell §3, §4.1)', () => {
  it('holds while the stored version is at least the current one, compared as numbers', () => {
    const v2 = decide(undefined, ['tracking'], 2)
    expect(isConsentValid(v2, 2)).toBe(true)
    expect(isConsentValid(v2, 1)).toBe(true)
    expect(isConsentValid(v2, 3)).toBe(false)
    expect(isConsentValid(v2, 10)).toBe(false)
    // As numbers, not as text: "10" is above "9".
    const v10 = decide(undefined, ['tracking'], 10)
    expect(isConsentValid(parseConsent(serializeConsent(v10)), 9)).toBe(true)
    expect(isConsentValid(undefined, 1)).toBe(false)
  })

  it('allows a lower version’s categories no more: required only until asked again', () => {
    const old = decide(undefined, ['functional', 'tracking'], 1)
    expect(allowedCategories(old, 1)).toEqual(['required', 'functional', 'tracking'])
    expect(allowedCategories(old, 2)).toEqual(['required'])
    expect(allowedCategories(undefined, 1)).toEqual(['required'])
  })
})

describe('decisions and receipts', () => {
  it('keeps earlier decisions as receipts, newest first, at most five in all', () => {
    let consent: CookieConsent | undefined
    for (let i = 0; i < 7; i++) consent = decide(consent, i % 2 ? ['tracking'] : [], 1, NOW + i * 1000)
    const receipts = receiptsOf(consent)
    expect(receipts).toHaveLength(MAX_EARLIER_RECEIPTS + 1)
    expect(receipts.map((r) => r.consentedAt)).toEqual([6, 5, 4, 3, 2].map((i) => NOW + i * 1000))
    expect(receipts[0]!.enabledOptions).toEqual(['required'])
    expect(receipts[1]!.enabledOptions).toEqual(['required', 'tracking'])
  })

  it('keeps the tracking client id while tracking stays consented, drops it with the consent', () => {
    const first = decide(undefined, ['tracking'])
    const again = decide(first, ['functional', 'tracking'])
    expect(again.clientId).toBe(first.clientId)
    const withdrawn = decideConsent(again, { categories: ['required'], source: 'withdrawn' }, 1, NOW, newId)
    expect(withdrawn.clientId).toBeUndefined()
    expect(withdrawn.source).toBe('withdrawn')
    expect(decide(withdrawn, ['tracking']).clientId).not.toBe(first.clientId)
  })

  it('takes the current version with every decision', () => {
    const old = decide(undefined, ['tracking'], 1)
    expect(decide(old, ['tracking'], 3).version).toBe(3)
  })

  it('maps the banner’s and the settings’ choices to categories', () => {
    expect(categoriesOfChoice('all')).toEqual(['required', 'functional', 'tracking'])
    expect(categoriesOfChoice('required')).toEqual(['required'])
    expect(categoriesOfChoice('withdraw')).toEqual(['required'])
    expect(categoriesOfChoice('settings', ['tracking', 'nonsense'])).toEqual(['required', 'tracking'])
  })
})
