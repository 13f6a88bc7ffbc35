import { describe, expect, it } from 'vitest'
import { fixedT } from '~/services/i18n.server'
import {
  budgetFormSchema,
  budgetFormValue,
  budgetInputOf,
  hasLimits,
  mapBudgetHistory,
  mapUserBudget,
  spentPercent,
} from './budget'

const t = (key: string) => key

describe('budget forms', () => {
  const parse = (form: Record<string, string>, tag = 'de-DE') => budgetFormSchema(t, tag).safeParse(form)

  it('takes amounts as the locale writes them, in minor units, and empty for no limit', () => {
    expect(parse({ orderSpentLimit: '1.500,5', budget: '5 000,25', budgetPeriod: 'monthly' }).data).toEqual({
      orderSpentLimit: 150050,
      budget: 500025,
      budgetPeriod: 'monthly',
    })
    expect(parse({ orderSpentLimit: '1,500.5' }, 'en-US').data).toEqual({ orderSpentLimit: 150050 })
    expect(parse({}).success).toBe(true)
    expect(parse({ orderSpentLimit: '  ' }).data).toEqual({})
  })

  it('gives a wrong amount one message, saying the expected format, and a huge one its limit', () => {
    const bad = parse({ orderSpentLimit: '1.234,567', budget: '-5', budgetPeriod: 'monthly' })
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['orderSpentLimit', 'account.budget.amount.error.invalid'],
      ['budget', 'account.budget.amount.error.invalid'],
    ])
    const long = parse({ budget: '1'.repeat(40), budgetPeriod: 'yearly' })
    expect(long.error?.issues).toHaveLength(1)
    expect(parse({ budget: '2.000.000.000', budgetPeriod: 'yearly' }).error?.issues[0]?.message).toBe(
      'account.budget.amount.error.too_large',
    )
    const german = budgetFormSchema(fixedT('de_DE'), 'de-DE').safeParse({ orderSpentLimit: '1,250.50' })
    expect(german.error?.issues.map((i) => i.message)).toEqual([
      'Bitte geben Sie einen Betrag wie 1.250,50 ein (höchstens zwei Nachkommastellen).',
    ])
    const english = budgetFormSchema(fixedT('en_US'), 'en-US').safeParse({ orderSpentLimit: '1250,50' })
    expect(english.error?.issues[0]?.message).toBe('Enter an amount like 1,250.50 (at most two decimals).')
  })

  it('needs a period for a budget, and one of the four', () => {
    expect(parse({ budget: '100' }).error?.issues[0]).toMatchObject({
      path: ['budgetPeriod'],
      message: 'account.budget.period.error.required',
    })
    expect(parse({ budget: '0' }).error?.issues[0]?.path).toEqual(['budgetPeriod'])
    expect(parse({ budget: '100', budgetPeriod: 'daily' }).error?.issues[0]?.path).toEqual(['budgetPeriod'])
    expect(parse({ orderSpentLimit: '100' }).success).toBe(true)
  })

  it('sends ICM Money in the shop currency, null for no limit and no period without a budget', () => {
    expect(budgetInputOf({ orderSpentLimit: 150050, budgetPeriod: 'monthly' }, 'EUR')).toEqual({
      orderSpentLimit: { value: 1500.5, currency: 'EUR' },
      budget: null,
      budgetPeriod: null,
    })
    expect(budgetInputOf({ budget: 20000, budgetPeriod: 'weekly' }, 'USD')).toEqual({
      orderSpentLimit: null,
      budget: { value: 200, currency: 'USD' },
      budgetPeriod: 'weekly',
    })
  })

  it.each([
    ['de-DE', '99,90', '5.000,00'],
    ['en-US', '99.90', '5,000.00'],
    ['fr-FR', '99,90', '5\u202f000,00'],
    ['pl-PL', '99,90', '5000,00'],
    ['ro-RO', '99,90', '5.000,00'],
  ])('fills a form from a stored budget in %s and reads it back unchanged', (tag, limit, budget) => {
    const stored = mapUserBudget({
      budget: { value: 5000, currency: 'EUR' },
      budgetPeriod: 'quarterly',
      orderSpentLimit: { value: 99.9, currency: 'EUR' },
      spentBudget: { value: 10, currency: 'EUR' },
      remainingBudget: { value: 4990, currency: 'EUR' },
    })
    const form = budgetFormValue(stored, tag)
    expect(form).toEqual({ orderSpentLimit: limit, budget, budgetPeriod: 'quarterly' })
    expect(budgetInputOf(budgetFormSchema(t, tag).parse(form), 'EUR')).toEqual({
      orderSpentLimit: { value: 99.9, currency: 'EUR' },
      budget: { value: 5000, currency: 'EUR' },
      budgetPeriod: 'quarterly',
    })
  })
})

describe('budget figures', () => {
  it('maps ICM’s UserBudget and knows whether it limits anything', () => {
    const budget = mapUserBudget({ spentBudget: { value: 0, currency: 'EUR' } })
    expect(budget).toMatchObject({ spent: { value: 0, currency: 'EUR' }, budget: undefined })
    expect(hasLimits(budget)).toBe(false)
    expect(hasLimits({ orderSpentLimit: { value: 1, currency: 'EUR' } })).toBe(true)
  })

  it('gives the spent share of the budget, capped at 100, none without a budget', () => {
    const eur = (value: number) => ({ value, currency: 'EUR' })
    expect(spentPercent({ budget: eur(200), spent: eur(50) })).toBe(25)
    expect(spentPercent({ budget: eur(200), spent: eur(500) })).toBe(100)
    expect(spentPercent({ spent: eur(5) })).toBeUndefined()
  })

  it('maps the budget history of the API, oldest period first', () => {
    const history = mapBudgetHistory({
      countedPeriod: 'monthly',
      budgetPeriod: 'monthly',
      periods: [
        { fromDate: '2026-10-01', toDate: '2026-10-31', spentBudget: { value: 5, currency: 'EUR' } },
        {
          fromDate: '2026-11-01',
          toDate: '2026-11-30',
          budget: { value: 9, currency: 'EUR' },
          spentBudget: { value: 1, currency: 'EUR' },
        },
      ],
    })
    expect(history).toEqual({
      period: 'monthly',
      periods: [
        { from: '2026-10-01', to: '2026-10-31', budget: undefined, spent: { value: 5, currency: 'EUR' } },
        {
          from: '2026-11-01',
          to: '2026-11-30',
          budget: { value: 9, currency: 'EUR' },
          spent: { value: 1, currency: 'EUR' },
        },
      ],
    })
  })
})
