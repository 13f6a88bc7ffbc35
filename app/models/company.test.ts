import { describe, expect, it } from 'vitest'
import { fixedT } from '~/services/i18n.server'
import {
  COMPANY_LIMITS,
  companyProfileBody,
  companyProfileDefaults,
  companyProfileSchema,
  mapCompany,
  policyFacts,
} from './company'

const t = fixedT('en_US')
const de = fixedT('de_DE')

describe('the company profile form', () => {
  it('takes a profile with only the company name, trimmed', () => {
    const result = companyProfileSchema(t).safeParse({ companyName: '  Oilcorp  ' })
    expect(result.success && result.data).toEqual({ companyName: 'Oilcorp' })
  })

  it('requires the company name, in the shopper language', () => {
    for (const companyName of [undefined, '', '   ']) {
      const result = companyProfileSchema(de).safeParse({ companyName })
      expect(result.success).toBe(false)
      expect(result.error?.flatten().fieldErrors.companyName).toEqual([
        'Bitte geben Sie den Firmennamen ein.',
      ])
    }
  })

  it('bounds every field as the API does, naming the limit', () => {
    for (const [field, max] of Object.entries(COMPANY_LIMITS)) {
      const ok = companyProfileSchema(t).safeParse({ companyName: 'Oilcorp', [field]: 'x'.repeat(max) })
      expect(ok.success, field).toBe(true)
      const tooLong = companyProfileSchema(t).safeParse({
        companyName: 'Oilcorp',
        [field]: 'x'.repeat(max + 1),
      })
      expect(tooLong.success, field).toBe(false)
      expect(tooLong.error?.flatten().fieldErrors[field as 'companyName']).toEqual([
        `Please enter at most ${max} characters.`,
      ])
    }
  })

  it('sends a cleared field empty, so that the API removes it', () => {
    expect(companyProfileBody({ companyName: 'Oilcorp', industry: 'Oil' })).toEqual({
      type: 'SMBCustomer',
      companyName: 'Oilcorp',
      companyName2: '',
      taxationID: '',
      industry: 'Oil',
      description: '',
    })
  })

  it('starts from the profile as it is', () => {
    expect(companyProfileDefaults({ companyName: 'Oilcorp', taxationID: 'DE123' })).toEqual({
      companyName: 'Oilcorp',
      companyName2: '',
      taxationID: 'DE123',
      industry: '',
      description: '',
    })
  })
})

describe('the company as ICM answers customers/-', () => {
  it('reads a business customer with its profile and ordering policy', () => {
    const company = mapCompany({
      customerNo: 'OilCorp',
      type: 'SMBCustomer',
      customerType: 'SMBCustomer',
      companyName: 'Oil Corp',
      industry: 'Oil',
      budgetPriceType: 'net',
      isCostCenterOptional: true,
    })
    expect(company).toEqual({
      customerNo: 'OilCorp',
      business: true,
      profile: {
        companyName: 'Oil Corp',
        companyName2: undefined,
        taxationID: undefined,
        industry: 'Oil',
        description: undefined,
      },
      policy: { budgetPriceType: 'net', costCenterOptional: true },
    })
    expect(policyFacts(company.policy).map((fact) => t(fact.value))).toEqual([
      'Order totals excluding tax (net)',
      'Optional',
    ])
  })

  it('knows a private customer, and says which policy facts the API did not report', () => {
    const company = mapCompany({ customerNo: 'P-1', type: 'PrivateCustomer', customerType: 'PRIVATE' })
    expect(company.business).toBe(false)
    expect(policyFacts(company.policy).map((fact) => t(fact.value))).toEqual([
      'Not reported by the shop',
      'Not reported by the shop',
    ])
    expect(
      policyFacts({ budgetPriceType: 'gross', costCenterOptional: false }).map((f) => t(f.value)),
    ).toEqual(['Order totals including tax (gross)', 'Required'])
  })
})
