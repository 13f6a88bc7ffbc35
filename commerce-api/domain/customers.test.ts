import { describe, expect, it } from 'vitest'
import { customerJson, privateCustomerJson } from '../icm/customers'
import { companyUser, personalizationGroup, privateCustomer, type CustomerUser } from './customers'
import { DomainError } from './errors'
import type { Principal } from './tokens'

const customer = (type: 'PrivateCustomer' | 'SMBCustomer'): CustomerUser => ({
  customer: {
    customerNo: type === 'SMBCustomer' ? 'BC-1' : 'PC-1',
    type,
    companyName: type === 'SMBCustomer' ? 'Example GmbH' : null,
    companyName2: null,
    taxationId: null,
    industry: null,
    description: null,
    budgetPriceType: 'gross',
    costCenterOptional: false,
    approvalPending: false,
    cookieConsentDisabled: false,
    contactPersonId: null,
    priceDisplayActive: true,
  },
  user: {
    id: 'u-1',
    customerNo: type === 'SMBCustomer' ? 'BC-1' : 'PC-1',
    login: 'user',
    email: 'user@example.test',
    passwordHash: 'x',
    title: null,
    firstName: 'Ula',
    lastName: 'User',
    phone: null,
    phoneBusiness: null,
    phoneMobile: null,
    fax: null,
    birthday: null,
    department: null,
    preferredPriceDisplayType: null,
    preferredLanguage: 'en_US',
    roles: [],
    active: true,
    orderSpentLimit: null,
    budget: null,
    budgetPeriod: null,
    budgetCurrency: null,
    businessPartnerNo: null,
    preferredInvoiceToAddressId: null,
    preferredShipToAddressId: null,
    createdAt: new Date(0),
  },
})

describe('customers', () => {
  it('have company users only when they are business customers', () => {
    expect(companyUser(customer('SMBCustomer')).user.login).toBe('user')
    expect(() => companyUser(customer('PrivateCustomer'))).toThrow(DomainError)
    expect(() => privateCustomer(customer('SMBCustomer'))).toThrow(
      expect.objectContaining({ kind: 'not-found', code: 'customer.not_found' }),
    )
  })

  it('share prices and content per customer; anonymous callers share one group', () => {
    expect(personalizationGroup(null)).toBe('pg-anonymous')
    expect(personalizationGroup({ anonymous: true, subject: 's', token: 't' })).toBe('pg-anonymous')
    // Only the customer number matters; the rest of a user's principal is left out.
    const user = { anonymous: false, customerNo: 'BC-1' } as Extract<Principal, { anonymous: false }>
    expect(personalizationGroup(user)).toBe('pg-BC-1')
  })

  it('are answered with what the shop knows about them and nothing it does not', () => {
    const json = customerJson(customer('SMBCustomer'))
    expect(json).toEqual({
      customerNo: 'BC-1',
      type: 'SMBCustomer',
      customerType: 'SMBCustomer',
      companyName: 'Example GmbH',
      companyName2: undefined,
      taxationID: undefined,
      industry: undefined,
      description: undefined,
      budgetPriceType: 'gross',
      isCostCenterOptional: false,
      isCookieConsentDisabled: false,
      isPriceDisplayActive: true,
    })
    expect(customerJson(customer('PrivateCustomer')).isCostCenterOptional).toBeUndefined()
    expect(privateCustomerJson(customer('PrivateCustomer'))).not.toHaveProperty('isPriceDisplayActive')
    // ICM names a private customer PRIVATE in customerType (the Intershop PWA then reads privatecustomers/-).
    expect(customerJson(customer('PrivateCustomer'))).toMatchObject({
      type: 'PrivateCustomer',
      customerType: 'PRIVATE',
    })
  })
})
