import { describe, expect, it } from 'vitest'
import {
  mapPaymentMethods,
  parameterSchema,
  redirectsAfterCheckout,
  redirectsBeforeCheckout,
} from './payment'

const t = (key: string) => `[${key}]`

const definitions = [
  {
    name: 'IBAN',
    displayName: 'IBAN',
    constraints: {
      required: { message: 'Please enter a value.' },
      pattern: { regexp: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$', message: 'Please enter a valid IBAN.' },
    },
  },
  {
    name: 'accountHolder',
    constraints: {
      required: { message: 'Please enter a value.' },
      size: { min: 2, max: 70, message: 'The account holder has 2 to 70 characters.' },
    },
  },
  { name: 'reference', constraints: { size: { max: 5, message: 'At most 5.' } } },
]

describe('payment parameters from the server definitions (spec §5)', () => {
  const schema = parameterSchema(definitions, t)

  it('accepts valid data, an optional parameter may stay empty', () => {
    expect(schema.safeParse({ IBAN: 'DE89370400440532013000', accountHolder: 'Ann Guest' }).success).toBe(
      true,
    )
  })

  it('fails each constraint with the server’s own message', () => {
    const messages = (value: Record<string, string | undefined>) => {
      const result = schema.safeParse(value)
      return result.success ? {} : result.error.flatten().fieldErrors
    }
    expect(messages({ IBAN: undefined, accountHolder: undefined })).toEqual({
      IBAN: ['Please enter a value.'],
      accountHolder: ['Please enter a value.'],
    })
    expect(messages({ IBAN: 'DE89 nonsense', accountHolder: 'A', reference: '123456' })).toEqual({
      IBAN: ['Please enter a valid IBAN.'],
      accountHolder: ['The account holder has 2 to 70 characters.'],
      reference: ['At most 5.'],
    })
    expect(messages({ IBAN: 'DE89370400440532013000', accountHolder: 'x'.repeat(71) })).toEqual({
      accountHolder: ['The account holder has 2 to 70 characters.'],
    })
  })

  it('falls back to the shop’s messages when the server sends none', () => {
    const plain = parameterSchema(
      [{ name: 'code', constraints: { required: {}, pattern: { regexp: '^\\d+$' } } }],
      t,
    )
    const result = plain.safeParse({ code: 'abc' })
    expect(result.success ? [] : result.error.flatten().fieldErrors.code).toEqual(['[form.pattern]'])
  })
})

describe('eligible payment methods (spec §5 filters)', () => {
  const methods = mapPaymentMethods({
    data: [
      {
        id: 'INVOICE',
        displayName: 'Invoice',
        capabilities: [],
        restricted: true,
        restrictions: [{ code: 'payment.restriction.max_order_value.error', message: 'Up to 5000.00' }],
        saveAllowed: false,
        parameterDefinitions: [],
        paymentInstruments: [],
      },
      {
        id: 'DIRECT_DEBIT',
        displayName: 'Direct debit',
        capabilities: [],
        restricted: false,
        restrictions: [],
        saveAllowed: true,
        parameterDefinitions: definitions,
        paymentInstruments: ['i1', 'i2'],
      },
      {
        id: 'GIFT_CARD',
        capabilities: ['LimitedTender'],
        restricted: false,
        restrictions: [],
        saveAllowed: false,
        parameterDefinitions: [],
        paymentInstruments: [],
      },
      {
        id: 'ISH_FASTPAY',
        capabilities: [],
        restricted: false,
        restrictions: [],
        saveAllowed: false,
        parameterDefinitions: [],
        paymentInstruments: [],
      },
      {
        id: 'WALLET',
        capabilities: ['RedirectBeforeCheckout'],
        restricted: false,
        restrictions: [],
        saveAllowed: true,
        parameterDefinitions: [],
        paymentInstruments: [],
      },
    ],
    // ICM names a method's instruments by id and includes them.
    included: {
      paymentInstruments: {
        i1: { id: 'i1', accountIdentifier: 'DE**1234', parameters: [] },
        i2: { id: 'i2', accountIdentifier: 'DE**3000', parameters: [] },
      },
    },
  })

  it('drops limited tenders and the fast-pay method, keeps restricted ones with their causes', () => {
    expect(methods.map((m) => m.id)).toEqual(['INVOICE', 'DIRECT_DEBIT', 'WALLET'])
    expect(methods[0]).toMatchObject({
      restricted: true,
      restrictions: [{ code: expect.any(String), message: 'Up to 5000.00' }],
    })
  })

  it('lists saved instruments and allows saving only for methods with parameters', () => {
    expect(methods[1]!.instruments).toEqual([
      { id: 'i1', accountIdentifier: 'DE**1234' },
      { id: 'i2', accountIdentifier: 'DE**3000' },
    ])
    expect(methods[1]!.saveAllowed).toBe(true)
    expect(methods[2]!.saveAllowed).toBe(false)
    expect(redirectsBeforeCheckout(methods[2]!)).toBe(true)
    expect(redirectsAfterCheckout(methods[2]!)).toBe(false)
  })
})
