/**
 * The account overview (`/{lang}/account`, issue 17): a greeting and the ways on for everyone logged in; for a
 * business user their own budget (`customers/-/users/-/budgets`), its burn-down chart and their cost centers
 * (`customers/-/users/-/costcenters`, feature costCenters). A private customer's page asks ICM for nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loader, meta } from '~/routes/$lang._shop.account._index'
import type * as FeaturesModule from '~/services/features.server'
import type { SessionUser } from '~/services/session.server'
import { get, icm, icmError, money, oilCorpCustomer, noContactPerson } from './icm-mock'
import { answer, args, signedInCookie } from './loader-args'
import { requisitionEnvelope } from './requisition-fixtures'
import './setup'

beforeEach(() => icm.use(noContactPerson))

const features = vi.hoisted(() => ({ costCenters: true }))
vi.mock('~/services/features.server', async (importOriginal) => {
  const actual = await importOriginal<typeof FeaturesModule>()
  return {
    ...actual,
    isFeatureEnabled: (feature: Parameters<typeof actual.isFeatureEnabled>[0]) =>
      feature === 'costCenters' ? features.costCenters : actual.isFeatureEnabled(feature),
  }
})
beforeEach(() => {
  features.costCenters = true
  // The overview's own reads (issue 33): the customer's and user's data, and the latest orders.
  icm.use(
    get('customers/-', oilCorpCustomer),
    get('customers/-/users/-', {
      login: 'pmiller',
      firstName: 'Patricia',
      lastName: 'Miller',
      email: 'pmiller@test.intershop.de',
    }),
    get('privatecustomers/-', {
      customerNo: 'PC-1',
      type: 'PrivateCustomer',
      login: 'patricia@test.intershop.de',
    }),
    get('orders', { data: [], info: { total: 0, limit: 3, offset: 0 } }),
  )
})

const BUYER: SessionUser = {
  login: 'pmiller@test.intershop.de',
  firstName: 'Patricia',
  lastName: 'Miller',
  customerNo: 'OilCorp',
  customerType: 'SMBCustomer',
  roles: ['APP_B2B_BUYER', 'APP_B2B_COSTCENTER_OWNER'],
  permissions: ['APP_B2B_VIEW_COSTCENTER'],
}
const ADMIN: SessionUser = {
  ...BUYER,
  login: 'jlink@test.intershop.de',
  firstName: 'Jack',
  lastName: 'Link',
  roles: ['APP_B2B_ACCOUNT_OWNER'],
  permissions: ['APP_B2B_MANAGE_USERS', 'APP_B2B_VIEW_COSTCENTER'],
}
const PRIVATE: SessionUser = {
  login: 'patricia@test.intershop.de',
  firstName: 'Patricia',
  customerNo: 'PC-1',
  customerType: 'PrivateCustomer',
  roles: [],
  permissions: [],
}

async function overview(user: SessionUser | null, path = '/en/account') {
  const cookie = await signedInCookie(user)
  return answer(loader, args(path, { cookie }))
}

const userBudget = {
  orderSpentLimit: money(1000),
  budget: money(5000),
  budgetPeriod: 'monthly',
  spentBudget: money(1250),
  remainingBudget: money(3750),
}
const history = {
  type: 'BudgetHistory',
  budgetPeriod: 'monthly',
  countedPeriod: 'monthly',
  periods: [
    { fromDate: '2026-01-01', toDate: '2026-01-31', budget: money(5000), spentBudget: money(4200) },
    { fromDate: '2026-02-01', toDate: '2026-02-28', budget: money(5000), spentBudget: money(1250) },
  ],
}
const costCenters = {
  data: [
    { id: '100400', name: 'Headquarter', roles: ['Buyer', 'CostCenterOwner'] },
    { id: '100500', name: 'Marketing', roles: ['Buyer'] },
  ],
}

/** The calls the page makes of the user's own resources, with the token each carried. */
function ownResources({ historyStatus = 200 }: { historyStatus?: number } = {}) {
  const calls: { path: string; token: string | null }[] = []
  const record = (body: unknown) => (request: Request) => {
    calls.push({
      path: new URL(request.url).pathname.replace(/^.*;cur=[A-Z]{3}\//, ''),
      token: request.headers.get('authentication-token'),
    })
    return body as never
  }
  icm.use(
    get('customers/-/users/-/budgets', record(userBudget)),
    get(
      'customers/-/users/-/budgets/history',
      record(historyStatus === 200 ? history : icmError(historyStatus, 'resource.not_found', 'Not Found')),
    ),
    get('customers/-/users/-/costcenters', record(costCenters)),
    // The requisition widget: one of the buyer's requisitions waits for approval.
    get(
      'customers/-/users/-/requisitions',
      record({ data: [requisitionEnvelope().data], info: { limit: 1, offset: 0, total: 1 } }),
    ),
  )
  return calls
}

describe('the account overview', () => {
  it('sends a visitor who is not logged in to the login page, returning here', async () => {
    const { response } = await overview(null)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/en/login?returnUrl=${encodeURIComponent('/en/account')}`)
  })

  it('greets a business user and shows their budget, its chart and their cost centers', async () => {
    const calls = ownResources()
    const { response, data } = await overview(BUYER, '/de/account')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(meta({ data } as never)).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(data.title).toBe('Mein Konto')
    expect(data.name).toBe('Patricia Miller')
    expect(data.ordersUrl).toBe('/de/account/orders')
    expect(data.budget).toEqual({
      orderSpentLimit: { value: 1000, currency: 'USD' },
      budget: { value: 5000, currency: 'USD' },
      budgetPeriod: 'monthly',
      spent: { value: 1250, currency: 'USD' },
      remaining: { value: 3750, currency: 'USD' },
    })
    expect(data.history).toEqual({
      period: 'monthly',
      periods: [
        {
          from: '2026-01-01',
          to: '2026-01-31',
          budget: { value: 5000, currency: 'USD' },
          spent: { value: 4200, currency: 'USD' },
        },
        {
          from: '2026-02-01',
          to: '2026-02-28',
          budget: { value: 5000, currency: 'USD' },
          spent: { value: 1250, currency: 'USD' },
        },
      ],
    })
    expect(data.costCenters).toEqual([
      { id: '100400', name: 'Headquarter', roles: ['Buyer', 'CostCenterOwner'] },
      { id: '100500', name: 'Marketing', roles: ['Buyer'] },
    ])
    // The cost centers link to their detail pages: the user may view cost centers.
    expect(data.costCenterLinkBase).toBe('/de/account/organization/cost-centers')
    expect(data.organizationUrl).toBe('/de/account/organization/cost-centers')
    // The requisition widget (issue 18): the buyer's pending requisitions; no approval widget without approval.
    expect(data.requisitions).toMatchObject({ approval: null, requisition: { count: 1 } })
    expect(calls.map((call) => call.token)).toEqual(['user-token', 'user-token', 'user-token', 'user-token'])
    expect(calls.map((call) => call.path).sort()).toEqual([
      'customers/-/users/-/budgets',
      'customers/-/users/-/budgets/history',
      'customers/-/users/-/costcenters',
      'customers/-/users/-/requisitions',
    ])
  })

  it('leads a user manager to user management', async () => {
    ownResources()
    const { data } = await overview(ADMIN)
    expect(data.name).toBe('Jack Link')
    expect(data.organizationUrl).toBe('/en/account/organization/users')
  })

  it('leaves the chart out where the backend keeps no budget history', async () => {
    ownResources({ historyStatus: 404 })
    const { response, data } = await overview(BUYER)
    expect(response.status).toBe(200)
    expect(data.budget?.budget).toEqual({ value: 5000, currency: 'USD' })
    expect(data.history).toBeNull()
  })

  it('leaves a widget out, not the page, when ICM refuses to show it', async () => {
    icm.use(
      get('customers/-/users/-/budgets', () => icmError(403, 'authorization.forbidden', 'Forbidden')),
      get('customers/-/users/-/budgets/history', () => icmError(403, 'authorization.forbidden', 'Forbidden')),
      get('customers/-/users/-/costcenters', costCenters),
      get('customers/-/users/-/requisitions', () => icmError(403, 'authorization.forbidden', 'Forbidden')),
    )
    const { response, data } = await overview(BUYER)
    expect(response.status).toBe(200)
    expect(data.budget).toBeNull()
    expect(data.history).toBeNull()
    expect(data.costCenters).toHaveLength(2)
    expect(data.requisitions).toEqual({ approval: null, requisition: null })
  })

  it('asks for no cost centers and links none while the costCenters feature is off', async () => {
    features.costCenters = false
    const calls = ownResources()
    const { data } = await overview(BUYER)
    expect(data.costCenters).toBeNull()
    expect(data.costCenterLinkBase).toBeNull()
    expect(data.organizationUrl).toBeNull()
    expect(calls.map((call) => call.path)).not.toContain('customers/-/users/-/costcenters')
  })

  it('shows a private customer the greeting and links only, without asking ICM for budgets', async () => {
    const calls = ownResources()
    const { response, data } = await overview(PRIVATE, '/fr/account')
    expect(response.status).toBe(200)
    expect(data.name).toBe('Patricia')
    expect(data.title).toBe('Mon compte')
    expect(data).toMatchObject({ budget: null, history: null, costCenters: null, organizationUrl: null })
    expect(calls).toEqual([])
  })
})
