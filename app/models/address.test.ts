import { describe, expect, it } from 'vitest'
import { addressLines, mapAddress } from './address'

describe('addresses', () => {
  it('maps an ICM address and prints it without empty lines', () => {
    const address = mapAddress({
      id: 'a1',
      urn: 'urn:address:customer:C1:a1',
      firstName: 'Patricia',
      lastName: 'Miller',
      companyName1: '',
      addressLine1: 'Berliner Str. 20',
      postalCode: '10115',
      city: 'Berlin',
      mainDivision: 'BE',
      mainDivisionName: 'Berlin',
      countryCode: 'DE',
      country: 'Germany',
      eligibleShipToAddress: false,
    })
    expect(address.urn).toBe('urn:address:customer:C1:a1')
    expect(address.shipTo).toBe(false)
    expect(address.invoiceTo).toBe(true)
    expect(addressLines(address)).toEqual([
      'Patricia Miller',
      'Berliner Str. 20',
      '10115 Berlin',
      'Berlin, Germany',
    ])
  })

  it('falls back to the id as URN and to the country code when no name is sent', () => {
    const address = mapAddress({ id: 'x', firstName: 'A', lastName: 'B', countryCode: 'PL', city: 'Kraków' })
    expect(address.urn).toBe('x')
    expect(addressLines(address)).toEqual(['A B', 'Kraków', 'PL'])
  })
})
