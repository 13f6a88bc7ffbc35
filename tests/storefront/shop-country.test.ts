import { describe, expect, it } from 'vitest'
import { mapConfiguration } from '~/models/configuration'
import { shopCountry } from '~/services/countries.server'

const countries = ['DE', 'AT', 'FR', 'PL', 'RO', 'US', 'GB'].map((countryCode) => ({
  countryCode,
  name: countryCode,
}))

describe('the country a new address starts with', () => {
  it("is the shop's own country, whatever the page's language", () => {
    expect(shopCountry('DE', countries)).toBe('DE')
    expect(shopCountry('AT', countries)).toBe('AT')
  })

  it('is the first country when the shop does not deliver to its own or names none, and none without countries', () => {
    expect(shopCountry('CH', countries.slice(2))).toBe('FR')
    expect(shopCountry(undefined, countries.slice(1))).toBe('AT')
    expect(shopCountry('DE', [])).toBe('')
  })

  it("is the country of the channel's default locale in the configuration", () => {
    expect(mapConfiguration({ data: { general: { defaultLocale: 'de_DE' } } }).shopCountry).toBe('DE')
    expect(mapConfiguration({ data: { general: { defaultLocale: 'fr_FR' } } }).shopCountry).toBe('FR')
    expect(mapConfiguration({ data: {} }).shopCountry).toBeUndefined()
  })
})
