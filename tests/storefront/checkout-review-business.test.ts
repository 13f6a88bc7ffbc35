/**
 * The review step of a business user (issue 17): the basket's cost center named from the user's cost centers,
 * and the budget widget (spec org §2) with what the user may still spend; a private customer's review asks
 * ICM for no budget.
 */
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as reviewLoader } from '~/routes/$lang.checkout.review'
import { checkoutBasketData, configurationWith, shopperCookie, step } from './checkout-fixtures'
import { get, icm, icmError, icmPath } from './icm-mock'
import { sessionCookie } from './loader-args'
import './setup'

const businessCookie = () =>
  sessionCookie({
    apiToken: 'token-1',
    type: 'user',
    isAnonymous: false,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3600_000,
    user: {
      login: 'lnowak',
      firstName: 'Lena',
      lastName: 'Nowak',
      customerNo: 'BC-200001',
      customerType: 'SMBCustomer',
      roles: ['APP_B2B_BUYER'],
      permissions: ['APP_B2B_PURCHASE'],
    },
  })

const paid = checkoutBasketData('paid')
const onCostCenter = { ...paid, data: { ...paid.data, costCenter: '100400' } }
const eur = (value: number) => ({ type: 'Money', value, currency: 'EUR' })

const handlers = () => [
  get('baskets/current', onCostCenter),
  get('configurations', configurationWith({})),
  get('products/1000042', { sku: '1000042', productName: 'Voltwerk Drill XT 18' }),
  get('customers/-/users/-/costcenters', {
    data: [
      { id: '100400', name: 'Site Operations Berlin', roles: ['Buyer'] },
      { id: '100600', name: 'Head Office', roles: ['Buyer'] },
    ],
  }),
]

describe('the review of a business user', () => {
  it('names the basket’s cost center and shows the user’s budget', async () => {
    icm.use(
      ...handlers(),
      get('customers/-/users/-/budgets', {
        budget: eur(4000),
        budgetPeriod: 'monthly',
        orderSpentLimit: eur(1000),
        spentBudget: eur(1250.5),
        remainingBudget: eur(2749.5),
      }),
    )
    const { response, data } = await step(
      reviewLoader,
      '/en/checkout/review',
      undefined,
      await businessCookie(),
    )
    expect(response.status).toBe(200)
    expect(data.basket.costCenter).toEqual({ id: '100400', name: 'Site Operations Berlin' })
    expect(data.budget).toEqual({
      budget: { value: 4000, currency: 'EUR' },
      budgetPeriod: 'monthly',
      orderSpentLimit: { value: 1000, currency: 'EUR' },
      spent: { value: 1250.5, currency: 'EUR' },
      remaining: { value: 2749.5, currency: 'EUR' },
    })
  })

  it('leaves the widget out for a user without limits, and when the budget cannot be read', async () => {
    icm.use(...handlers(), get('customers/-/users/-/budgets', { spentBudget: eur(0) }))
    const unlimited = await step(reviewLoader, '/en/checkout/review', undefined, await businessCookie())
    expect(unlimited.data.budget).toBeNull()
    icm.use(http.get(icmPath('customers/-/users/-/budgets'), () => icmError(500, 'server.error')))
    const failed = await step(reviewLoader, '/en/checkout/review', undefined, await businessCookie())
    expect(failed.response.status).toBe(200)
    expect(failed.data.budget).toBeNull()
  })

  it('asks no budget for a private customer', async () => {
    let asked = false
    icm.use(
      ...handlers(),
      http.get(icmPath('customers/-/users/-/budgets'), () => {
        asked = true
        return icmError(404, 'customer.not_found')
      }),
    )
    const { data } = await step(
      reviewLoader,
      '/en/checkout/review',
      undefined,
      await shopperCookie({ user: true }),
    )
    expect(data.budget).toBeNull()
    expect(asked).toBe(false)
  })
})
