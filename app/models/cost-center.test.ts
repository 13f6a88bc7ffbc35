import { describe, expect, it } from 'vitest'
import {
  addBuyersFormSchema,
  budgetBody,
  buyerBudgetFormSchema,
  costCenterFormSchema,
  CostCenterListSchema,
  filterOf,
  managerChoices,
  mapCostCenter,
  mapCostCenterList,
  mayEditCostCenter,
  orderDateOf,
  pageOf,
  personName,
  unassignedBuyers,
  type CompanyUser,
} from './cost-center'

const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key

const admin = { login: 'jlink', firstName: 'Jack', lastName: 'Link', permissions: ['APP_B2B_MANAGE_USERS'] }
const owner = {
  login: 'Owen',
  firstName: 'Owen',
  lastName: 'Owner',
  permissions: ['APP_B2B_VIEW_COSTCENTER'],
}
const buyer = { login: 'bbuyer', permissions: ['APP_B2B_PURCHASE'] }

const person = (login: string, roleIDs: string[], active = true): CompanyUser => ({
  login,
  firstName: login.toUpperCase(),
  lastName: 'X',
  roleIDs,
  active,
})

describe('mapCostCenter', () => {
  it('maps ICM’s CostCenter: owner, budget as the shop’s Budget, buyers, orders with ISO dates', () => {
    const costCenter = mapCostCenter({
      id: 'uuid-1',
      costCenterId: 'CC-100',
      name: 'Marketing',
      active: true,
      costCenterOwner: { login: 'owen', firstName: 'Owen', lastName: 'Owner' },
      budget: { type: 'Money', value: 1000, currency: 'EUR' },
      budgetPeriod: 'monthly',
      spentBudget: { type: 'Money', value: 250.5, currency: 'EUR' },
      remainingBudget: { type: 'Money', value: 749.5, currency: 'EUR' },
      pendingOrders: 1,
      approvedOrders: 3,
      buyers: [{ login: 'bbuyer', firstName: 'Bernd', spentBudget: { value: 10, currency: 'EUR' } }],
      orders: [
        {
          orderNo: '10001',
          orderDate: [2026, 3, 5, 14, 30, 0],
          orderStatus: 'NEW',
          items: 2,
          buyer: {
            attributes: [
              { name: 'login', value: 'bbuyer' },
              { name: 'firstName', value: 'Bernd' },
              { name: 'lastName', value: 'Buyer' },
            ],
          },
          orderTotalGross: { value: 119, currency: 'EUR' },
          orderTotalNet: { value: 100, currency: 'EUR' },
        },
      ],
    })
    expect(costCenter.budget).toEqual({
      budget: { value: 1000, currency: 'EUR' },
      budgetPeriod: 'monthly',
      spent: { value: 250.5, currency: 'EUR' },
      remaining: { value: 749.5, currency: 'EUR' },
    })
    expect(costCenter.buyers).toEqual([
      {
        login: 'bbuyer',
        firstName: 'Bernd',
        lastName: undefined,
        email: undefined,
        budget: { spent: { value: 10, currency: 'EUR' } },
        pendingOrders: 0,
        approvedOrders: 0,
      },
    ])
    expect(costCenter.orders[0]).toMatchObject({
      orderNo: '10001',
      orderDate: '2026-03-05T14:30:00.000Z',
      buyer: { login: 'bbuyer', firstName: 'Bernd', lastName: 'Buyer' },
      totalGross: { value: 119, currency: 'EUR' },
    })
    expect(personName(costCenter.owner)).toBe('Owen Owner')
    expect(personName({ login: 'x@y' })).toBe('x@y')
  })

  it('reads an incomplete order date as none', () => {
    expect(orderDateOf([2026, 3])).toBeNull()
  })

  it('maps the list’s Links (their attributes, `id` the itemId) and paging info', () => {
    const money = (value: number) => ({ type: 'Money', value, currency: 'EUR' })
    const link = {
      type: 'Link',
      uri: 'x/costcenters/u-1',
      title: 'One',
      itemId: 'u-1',
      attributes: [
        { name: 'costCenterId', type: 'String', value: 'CC-1' },
        { name: 'name', type: 'String', value: 'One' },
        { name: 'active', type: 'Boolean', value: false },
        { name: 'costCenterOwner', value: { login: 'owen', firstName: 'Owen', lastName: 'Owner' } },
        { name: 'budget', type: 'MoneyRO', value: money(500) },
        { name: 'budgetPeriod', type: 'String', value: 'monthly' },
        { name: 'spentBudget', type: 'MoneyRO', value: money(120) },
        { name: 'remainingBudget', type: 'MoneyRO', value: money(380) },
        { name: 'pendingOrders', type: 'Integer', value: 1 },
        { name: 'approvedOrders', type: 'Integer', value: 4 },
      ],
    }
    const parsed = CostCenterListSchema.parse({ data: [link], info: { limit: 25, offset: 25, total: 26 } })
    expect(mapCostCenterList(parsed)).toEqual({
      items: [
        {
          id: 'u-1',
          costCenterId: 'CC-1',
          name: 'One',
          active: false,
          owner: { login: 'owen', firstName: 'Owen', lastName: 'Owner' },
          budget: {
            budget: { value: 500, currency: 'EUR' },
            budgetPeriod: 'monthly',
            spent: { value: 120, currency: 'EUR' },
            remaining: { value: 380, currency: 'EUR' },
          },
          pendingOrders: 1,
          approvedOrders: 4,
        },
      ],
      limit: 25,
      offset: 25,
      total: 26,
    })
    // A Link without its attributes is no list ICM sends.
    const bare = {
      data: [{ uri: 'x', itemId: 'u-1', attributes: [] }],
      info: { limit: 1, offset: 0, total: 1 },
    }
    expect(CostCenterListSchema.safeParse(bare).success).toBe(false)
  })
})

describe('paging and filter', () => {
  it('reads ?page= as a page within reach, anything else as page 1', () => {
    expect(pageOf('3')).toBe(3)
    for (const value of [null, '', '0', '-2', '1.5', 'abc']) expect(pageOf(value)).toBe(1)
    expect(pageOf('999999')).toBe(401)
  })

  it('trims and bounds the filter text', () => {
    expect(filterOf('  CC ')).toBe('CC')
    expect(filterOf('   ')).toBeUndefined()
    expect(filterOf('x'.repeat(300))).toHaveLength(100)
  })
})

describe('mayEditCostCenter (spec §5)', () => {
  it('lets an account admin and the owner (any case of the login) edit, no one else', () => {
    const costCenter = { owner: { login: 'owen' } }
    expect(mayEditCostCenter(admin, costCenter)).toBe(true)
    expect(mayEditCostCenter(owner, costCenter)).toBe(true)
    expect(mayEditCostCenter(buyer, costCenter)).toBe(false)
    expect(mayEditCostCenter(buyer, { owner: { login: '' } })).toBe(false)
  })
})

describe('unassignedBuyers (spec §5)', () => {
  it('offers active users not yet buyers, never OCI or cXML users', () => {
    const users = [
      person('a', ['APP_B2B_BUYER']),
      person('B', ['APP_B2B_BUYER']),
      person('c', ['APP_B2B_BUYER'], false),
      person('oci', ['APP_B2B_OCI_USER']),
      person('cxml', ['APP_B2B_BUYER', 'APP_B2B_CXML_USER']),
      person('d', ['APP_B2B_APPROVER']),
    ]
    expect(unassignedBuyers(users, { buyers: [{ login: 'b' }] }).map((u) => u.login)).toEqual(['a', 'd'])
  })
})

describe('managerChoices (spec §5)', () => {
  const users = [
    person('own', ['APP_B2B_COSTCENTER_OWNER']),
    person('acc', ['APP_B2B_ACCOUNT_OWNER']),
    person('gone', ['APP_B2B_ACCOUNT_OWNER'], false),
    person('buy', ['APP_B2B_BUYER']),
  ]
  it('gives a user with manage-users the active cost center owners and account owners', () => {
    expect(managerChoices(admin, users).map((u) => u.login)).toEqual(['own', 'acc'])
  })
  it('gives anyone else only themselves', () => {
    expect(managerChoices(owner, users)).toEqual([{ login: 'Owen', firstName: 'Owen', lastName: 'Owner' }])
  })
})

describe('the forms', () => {
  const valid = {
    costCenterId: 'CC-1',
    name: 'Marketing',
    owner: 'owen',
    budget: '1.000,50',
    budgetPeriod: 'monthly',
  }

  it('accepts a cost center and sends the budget as Money in the given currency', () => {
    const parsed = costCenterFormSchema(t, 'de-DE').parse(valid)
    expect(budgetBody(parsed, 'EUR')).toEqual({
      budget: { value: 1000.5, currency: 'EUR' },
      budgetPeriod: 'monthly',
    })
    expect(budgetBody({}, 'EUR')).toEqual({ budget: null, budgetPeriod: null })
  })

  it('refuses a missing id, a too long or ill-formed id, a too long name, a budget without period', () => {
    const errors = (input: Record<string, unknown>) =>
      costCenterFormSchema(t, 'de-DE')
        .safeParse(input)
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    expect(errors({ ...valid, costCenterId: 'x'.repeat(36) })).toEqual([
      'costCenterId: form.max_length {"max":35}',
    ])
    expect(errors({ ...valid, costCenterId: 'a/b' })).toEqual(['costCenterId: account.costcenter.id.invalid'])
    expect(errors({ ...valid, name: 'n'.repeat(257) })).toEqual(['name: form.max_length {"max":256}'])
    expect(errors({ ...valid, budgetPeriod: undefined })).toEqual([
      'budgetPeriod: account.budget.period.error.required',
    ])
    expect(errors({ ...valid, budget: '12,345' })).toEqual([
      'budget: account.budget.amount.error.invalid {"example":"1.250,50"}',
    ])
    expect(errors({ name: 'n', owner: 'o' })).toEqual(['costCenterId: form.required'])
  })

  it('needs at least one chosen buyer to add, and a period for a buyer’s budget', () => {
    const add = addBuyersFormSchema(t, 'de-DE')
    expect(add.safeParse({ intent: 'add', buyers: [{ login: 'a' }] }).error?.issues[0]?.message).toBe(
      'account.costcenter.buyers.none_selected',
    )
    expect(add.safeParse({ intent: 'add', buyers: [{ login: 'a', selected: true }] }).success).toBe(true)
    expect(
      buyerBudgetFormSchema(t, 'de-DE').safeParse({ intent: 'update', login: 'a', budget: '5' }).error
        ?.issues[0]?.path,
    ).toEqual(['budgetPeriod'])
  })
})
