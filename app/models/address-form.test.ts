import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { addressSchema, guestAddressesSchema } from './address-form'

const t = (key: string) => key
const regionsOf = (country: string) => ({ DE: ['BE', 'BY'], FR: [] as string[], US: ['CA'] })[country]

const valid = {
  firstName: 'Ann',
  lastName: 'Guest',
  addressLine1: 'Main 1',
  postalCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  mainDivision: 'BE',
}

const errorsOf = (value: unknown) => {
  const result = addressSchema(t, regionsOf).safeParse(value)
  return result.success ? {} : result.error.flatten().fieldErrors
}

describe('address form', () => {
  it('accepts a complete address', () => {
    expect(errorsOf(valid)).toEqual({})
    expect(errorsOf({ ...valid, countryCode: 'FR', postalCode: '75001', mainDivision: undefined })).toEqual(
      {},
    )
  })

  it('requires names, street, postal code, city and country', () => {
    expect(errorsOf({ countryCode: 'FR' })).toMatchObject({
      firstName: ['form.required'],
      lastName: ['form.required'],
      addressLine1: ['form.required'],
      postalCode: ['form.required'],
      city: ['form.required'],
    })
    expect(errorsOf({ ...valid, firstName: '   ' })).toEqual({ firstName: ['form.required'] })
  })

  it('checks the postal code in the country’s format', () => {
    expect(errorsOf({ ...valid, postalCode: '1011' })).toEqual({
      postalCode: ['address.postal_code.invalid'],
    })
    expect(errorsOf({ ...valid, countryCode: 'US', mainDivision: 'CA', postalCode: '94105-1234' })).toEqual(
      {},
    )
  })

  it('requires a region of the country when the country has regions, none otherwise', () => {
    expect(errorsOf({ ...valid, mainDivision: undefined })).toEqual({
      mainDivision: ['address.region.required'],
    })
    expect(errorsOf({ ...valid, mainDivision: 'CA' })).toEqual({ mainDivision: ['address.region.invalid'] })
    expect(errorsOf({ ...valid, countryCode: 'XX' })).toEqual({ countryCode: ['address.country.invalid'] })
  })
})

describe('guest addresses form', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [k, v] of Object.entries(fields)) data.append(k, v)
    const submission = parseWithZod(data, { schema: guestAddressesSchema(t, regionsOf) })
    return {
      ...submission,
      error: submission.status === 'error' ? submission.error : undefined,
    }
  }
  const invoice = Object.fromEntries(Object.entries(valid).map(([k, v]) => [`invoice.${k}`, v]))

  it('needs a valid e-mail', () => {
    expect(form({ intent: 'guest', ...invoice, sameAsInvoice: 'on' }).error).toEqual({
      email: ['form.required'],
    })
    expect(form({ intent: 'guest', email: 'ann@', ...invoice, sameAsInvoice: 'on' }).error).toEqual({
      email: ['address.email.invalid'],
    })
  })

  it('ships to the invoice address when asked, else checks the ship-to address too', () => {
    const same = form({ intent: 'guest', email: 'ann@example.com', ...invoice, sameAsInvoice: 'on' })
    expect(same.status).toBe('success')
    expect(same.status === 'success' && same.value.shipping).toBeUndefined()
    const separate = form({
      intent: 'guest',
      email: 'ann@example.com',
      ...invoice,
      'shipping.firstName': 'Bob',
    })
    expect(separate.status).toBe('error')
    expect(separate.error).toMatchObject({
      'shipping.lastName': ['form.required'],
      'shipping.city': ['form.required'],
    })
    const shipping = Object.fromEntries(Object.entries(valid).map(([k, v]) => [`shipping.${k}`, v]))
    const both = form({ intent: 'guest', email: 'ann@example.com', ...invoice, ...shipping })
    expect(both.status === 'success' && both.value.shipping?.city).toBe('Berlin')
  })
})
