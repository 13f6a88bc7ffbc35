import { describe, expect, it } from 'vitest'
import {
  approvalReasons,
  ACCOUNT_ADMINISTRATION,
  approversOf,
  COST_CENTER_APPROVAL,
  CUSTOMER_APPROVAL,
  requiredStages,
  type ApprovalBudgets,
  type BudgetUse,
  type Candidate,
} from './approval'

/** Issue 18: when a business basket needs approval, and who decides it. Amounts are minor units. */
const eur = (amount: number) => amount * 100
const use = (
  budget: number | null,
  spent = 0,
  pending = 0,
  currency: BudgetUse['currency'] = 'EUR',
): BudgetUse => ({
  currency,
  budget: budget === null ? null : eur(budget),
  period: 'monthly',
  spent: eur(spent),
  pending: eur(pending),
})
const order = (amount: number, priceType: 'gross' | 'net' = 'gross') => ({
  amount: eur(amount),
  currency: 'EUR' as const,
  priceType,
})

describe('approval triggers', () => {
  it.each([
    ['no budgets at all', {}, 5_000, []],
    [
      'within every limit',
      { orderSpentLimit: { currency: 'EUR', limit: eur(500) }, user: use(2_000, 1_000) },
      500,
      [],
    ],
    [
      'above the per-order limit',
      { orderSpentLimit: { currency: 'EUR', limit: eur(500) } },
      500.01,
      ['orderSpentLimit'],
    ],
    ['above the user’s remaining budget', { user: use(2_000, 1_500) }, 600, ['userBudget']],
    ['at exactly the remaining budget', { user: use(2_000, 1_500) }, 500, []],
    [
      'above the remaining budget only with pending requisitions',
      { user: use(2_000, 1_000, 600) },
      500,
      ['userBudget'],
    ],
    [
      'above the cost center’s remaining budget',
      { costCenter: use(10_000, 9_800) },
      300,
      ['costCenterBudget'],
    ],
    [
      'above the buyer’s budget on the cost center',
      { costCenterBuyer: use(1_000, 900) },
      150,
      ['costCenterBuyerBudget'],
    ],
    [
      'above all four, customer reasons first',
      {
        costCenterBuyer: use(100),
        costCenter: use(100),
        user: use(100),
        orderSpentLimit: { currency: 'EUR', limit: eur(100) },
      },
      101,
      ['orderSpentLimit', 'userBudget', 'costCenterBudget', 'costCenterBuyerBudget'],
    ],
    ['a budget of no limit never triggers', { user: use(null, 99_999) }, 99_999, []],
  ] as [string, ApprovalBudgets, number, string[]][])('%s', (_, budgets, total, limits) => {
    expect(approvalReasons(order(total), budgets).map((reason) => reason.limit)).toEqual(limits)
  })

  it('says by how much and what would be left, in the budget’s own terms', () => {
    const [reason] = approvalReasons(order(700), { user: use(2_000, 1_200, 300) })
    expect(reason).toEqual({
      limit: 'userBudget',
      stage: 'customer',
      currency: 'EUR',
      priceType: 'gross',
      allowed: eur(2_000),
      amount: eur(2_200),
      spent: eur(1_200),
      pending: eur(300),
      order: eur(700),
      exceededBy: eur(200),
      leftAfter: -eur(200),
    })
    const [perOrder] = approvalReasons(order(750), { orderSpentLimit: { currency: 'EUR', limit: eur(500) } })
    expect(perOrder).toMatchObject({
      allowed: eur(500),
      amount: eur(750),
      exceededBy: eur(250),
      leftAfter: null,
      order: eur(750),
      spent: null,
      pending: null,
    })
  })

  it('keeps what was spent, what pending requisitions hold and this order apart, in the price type compared', () => {
    // Issue 32: 1,000.00 spent and 600.00 pending of a 2,000.00 budget; this order of 500.00 takes it over.
    const [reason] = approvalReasons(order(500, 'net'), { user: use(2_000, 1_000, 600) })
    expect(reason).toMatchObject({
      priceType: 'net',
      spent: eur(1_000),
      pending: eur(600),
      order: eur(500),
      amount: eur(2_100),
      exceededBy: eur(100),
    })
    expect(reason!.spent! + reason!.pending! + reason!.order).toBe(reason!.amount)
    // Converted into the budget's currency, each part once: 100.00 EUR is 108.00 USD.
    const [usd] = approvalReasons(order(100), { costCenter: use(150, 50, 0, 'USD') })
    expect(usd).toMatchObject({ spent: eur(50), pending: 0, order: 10_800, amount: 15_800 })
  })

  it('converts the order once into each budget’s currency, in whole minor units', () => {
    // 100.00 EUR is 108.00 USD at the channel's rates (1.08): over a 100.00 USD budget by 8.00, within 108.00.
    const usd = (budget: number) => use(budget, 0, 0, 'USD')
    expect(approvalReasons(order(100), { user: usd(100) })).toEqual([
      expect.objectContaining({ currency: 'USD', amount: 10_800, exceededBy: 800 }),
    ])
    expect(approvalReasons(order(100), { user: usd(108) })).toEqual([])
    // 33.33 EUR in RON (4.97) is 165.6501: 165.65 RON, rounded once.
    expect(
      approvalReasons(
        { amount: 3_333, currency: 'EUR', priceType: 'gross' },
        { orderSpentLimit: { currency: 'RON', limit: 16_564 } },
      ),
    ).toEqual([expect.objectContaining({ amount: 16_565, exceededBy: 1 })])
  })

  it('asks for customer approval before cost center approval, each once', () => {
    const reasons = approvalReasons(order(500), {
      costCenter: use(100),
      costCenterBuyer: use(100),
      user: use(100),
    })
    expect(requiredStages(reasons)).toEqual(['customer', 'costCenter'])
    expect(requiredStages(approvalReasons(order(500), { costCenter: use(100) }))).toEqual(['costCenter'])
    expect(requiredStages([])).toEqual([])
  })
})

describe('approvers', () => {
  const person = (id: string, permissions: string[], active = true): Candidate => ({
    id,
    active,
    permissionIds: permissions,
  })
  const people = [
    person('buyer', [CUSTOMER_APPROVAL]),
    person('anna', [CUSTOMER_APPROVAL]),
    person('gone', [CUSTOMER_APPROVAL], false),
    person('owner', [COST_CENTER_APPROVAL]),
    person('plain', []),
  ]

  it('for customer approval: the active approvers of the company, never the buyer', () => {
    expect(approversOf('customer', 'buyer', people)).toEqual(['anna'])
  })

  it('for cost center approval: its owner', () => {
    expect(approversOf('costCenter', 'buyer', people, 'owner')).toEqual(['owner'])
  })

  it('for a cost center its owner cannot decide (the buyer owns it, inactive, no permission): the approvers', () => {
    expect(approversOf('costCenter', 'owner', people, 'owner')).toEqual(['buyer', 'anna'])
    expect(approversOf('costCenter', 'buyer', people, 'plain')).toEqual(['anna'])
    expect(approversOf('costCenter', 'buyer', people, null)).toEqual(['anna'])
  })

  it('is nobody when nobody else may approve', () => {
    expect(approversOf('customer', 'anna', [person('anna', [CUSTOMER_APPROVAL])])).toEqual([])
  })

  it('is the active account administrators, never the buyer, when no approver is left (ADR 0028)', () => {
    const left = [
      person('anna', [CUSTOMER_APPROVAL], false),
      person('admin', [ACCOUNT_ADMINISTRATION]),
      person('retired', [ACCOUNT_ADMINISTRATION], false),
      person('buyer', [ACCOUNT_ADMINISTRATION]),
      person('plain', []),
    ]
    expect(approversOf('customer', 'buyer', left)).toEqual(['admin'])
    expect(approversOf('costCenter', 'buyer', left, 'plain')).toEqual(['admin'])
    // While an approver is left, the administrators are not asked.
    expect(approversOf('customer', 'buyer', [...left, person('bo', [CUSTOMER_APPROVAL])])).toEqual(['bo'])
  })
})
