import { describe, expect, it } from 'vitest'
import { shopCountry } from '~/components/checkout/AddressFields'

const countries = ['DE', 'AT', 'FR', 'PL', 'RO', 'US', 'GB'].map((countryCode) => ({
  countryCode,
  name: countryCode,
}))

describe('the country a new address starts with', () => {
  it("is the shop language's country", () => {
    expect(shopCountry('de_DE', countries)).toBe('DE')
    expect(shopCountry('fr_FR', countries)).toBe('FR')
    expect(shopCountry('pl_PL', countries)).toBe('PL')
    expect(shopCountry('ro_RO', countries)).toBe('RO')
    expect(shopCountry('en_US', countries)).toBe('US')
  })

  it('is the first country when the shop does not deliver to its own, and none without countries', () => {
    expect(shopCountry('en_US', countries.slice(0, 3))).toBe('DE')
    expect(shopCountry('de_DE', [])).toBe('')
  })
})
