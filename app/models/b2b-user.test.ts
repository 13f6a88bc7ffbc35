import { describe, expect, it } from 'vitest'
import { fixedT } from '~/services/i18n.server'
import { isOrderingUser, mapB2bUserLink, userRefusal } from './b2b-user'

const t = fixedT('en_US')

describe('users who order', () => {
  it('are all but the holders of the OCI, cXML and IDS punchout roles', () => {
    expect(isOrderingUser({ roleIDs: ['APP_B2B_BUYER'] })).toBe(true)
    expect(isOrderingUser({ roleIDs: [] })).toBe(true)
    expect(isOrderingUser({ roleIDs: ['APP_B2B_BUYER', 'APP_B2B_OCI_USER'] })).toBe(false)
    expect(isOrderingUser({ roleIDs: ['APP_B2B_CXML_USER'] })).toBe(false)
    expect(isOrderingUser({ roleIDs: ['APP_B2B_IDS_USER'] })).toBe(false)
  })
})

describe('a user of the list', () => {
  it('is read from the Link’s typed attributes; attributes in another shape count as missing', () => {
    expect(
      mapB2bUserLink({
        login: 'a@b.c',
        attributes: [
          { name: 'firstName', type: 'String', value: 'Ann' },
          { name: 'lastName', type: 'String', value: 42 },
          { name: 'roleIDs', type: 'MultipleString', value: ['APP_B2B_BUYER'] },
          { name: 'active', type: 'Boolean', value: false },
          { name: 'budget', type: 'MoneyRO', value: { value: 100, currency: 'EUR' } },
          { name: 'budgetPeriod', type: 'String', value: 'weekly' },
          { name: 'spentBudget', type: 'MoneyRO', value: { value: 5, currency: 'EUR' } },
        ],
      }),
    ).toEqual({
      login: 'a@b.c',
      firstName: 'Ann',
      lastName: '',
      email: '',
      roleIDs: ['APP_B2B_BUYER'],
      active: false,
      budget: {
        budget: { value: 100, currency: 'EUR' },
        budgetPeriod: 'weekly',
        spent: { value: 5, currency: 'EUR' },
        orderSpentLimit: undefined,
        remaining: undefined,
      },
    })
  })
})

describe('the API’s refusal of a user form', () => {
  it('goes to the field its path or code names, else to the form', () => {
    expect(
      userRefusal(
        [
          { code: 'customer.email.not_unique.error', message: 'taken' },
          { code: 'request.invalid.field', message: 'bad', paths: ['elements.0.firstName'] },
          { code: 'customer.user.last_account_owner', message: 'last' },
        ],
        ['firstName', 'email'],
        t,
      ),
    ).toEqual({
      fieldErrors: {
        email: ['This e-mail address is already in use.'],
        firstName: ['An entry is missing or not valid. Please check your entries. bad'],
      },
      formMessages: [{ code: 'customer.user.last_account_owner', message: 'last' }],
    })
  })
})
