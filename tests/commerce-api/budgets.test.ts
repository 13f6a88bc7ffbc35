/**
 * Budgets over HTTP (issue 17): `GET/PUT customers/{no}/users/{login}/budgets` for user management and the
 * own budget (`customers/-/users/-/budgets`, as the PWA's budget widget reads it) for every business user, in
 * ICM's UserBudget shape; spent comes from a real order placed through checkout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADDRESS_IDS } from '../../commerce-api/db/seed/checkout'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { basketFor, minor, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

const A = 'BC-200001'
const EUR = ';loc=en_US;cur=EUR'
let api: Api
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 60, protection: { limits: NO_LIMITS } })
  for (const login of ['jlink', 'bbuyer', 'aapprover', 'mkestrel', 'patricia@ironbridge.test'])
    tokens[login] = await userToken(api, login)
})
afterAll(async () => {
  await api?.close()
})

const as = (login: string, init: Parameters<typeof call>[1] = {}) => ({ ...init, token: tokens[login] })
const budgets = (login: string, customer = A) => api.url(`customers/${customer}/users/${login}/budgets`, EUR)

/** aapprover orders one item by invoice; answers the order's gross grand total in minor units. */
async function placeOrder(): Promise<number> {
  const token = tokens.aapprover!
  const [sku] = await sellableSkus(api, 1)
  const headOffice = `urn:address:customer:${A}:${DEMO_ADDRESS_IDS.brightlineHeadOffice}`
  const basket = await basketFor(api, token, [{ sku: sku!, quantity: 1 }], EUR)
  for (const json of [
    { invoiceToAddress: headOffice, commonShipToAddress: headOffice },
    { commonShippingMethod: 'STD_GROUND' },
  ])
    expect((await call(basket.url(), { method: 'PATCH', token, json })).status).toBe(200)
  const tender = { method: 'PUT', token, json: { paymentInstrument: 'INVOICE' } }
  expect((await call(basket.url('/payments/open-tender'), tender)).status).toBe(200)
  const order = await call(api.url('orders', EUR), {
    method: 'POST',
    token,
    json: { basket: basket.id, termsAndConditionsAccepted: true },
  })
  expect(order.status).toBe(201)
  return minor(order.json.data.totals.grandTotal.gross)
}

describe('user budgets', () => {
  it('are set by user management and count a real order of the current period', async () => {
    const set = await call(
      budgets('aapprover'),
      as('jlink', {
        method: 'PUT',
        json: {
          budget: { value: 5000, currency: 'EUR' },
          budgetPeriod: 'monthly',
          orderSpentLimit: { value: 2500.25, currency: 'EUR' },
          // What the API computes itself is ignored when sent.
          spentBudget: { value: 1, currency: 'EUR' },
        },
      }),
    )
    expect(set.status).toBe(200)
    const before = set.json
    expect(before).toMatchObject({
      budget: { type: 'Money', value: 5000, currency: 'EUR' },
      budgetPeriod: 'monthly',
      orderSpentLimit: { value: 2500.25, currency: 'EUR' },
    })
    const spentBefore = minor(before.spentBudget)
    expect(minor(before.remainingBudget)).toBe(500_000 - spentBefore)

    const gross = await placeOrder()
    const after = await call(budgets('aapprover'), as('jlink'))
    expect(after.status).toBe(200)
    expect(minor(after.json.spentBudget)).toBe(spentBefore + gross)
    expect(minor(after.json.remainingBudget)).toBe(500_000 - spentBefore - gross)
  })

  it('the own budget is read by any business user, including through customers/-/users/-', async () => {
    const own = await call(api.url('customers/-/users/-/budgets', EUR), as('aapprover'))
    expect(own.status).toBe(200)
    expect(own.json).toMatchObject({ budget: { value: 5000 }, budgetPeriod: 'monthly' })
    const byLogin = await call(budgets('aapprover'), as('aapprover'))
    expect(byLogin.json).toEqual(own.json)
    // Without a budget: the spent amount only.
    const buyer = await call(budgets('-'), as('bbuyer'))
    expect(buyer.status).toBe(200)
    expect(buyer.json.spentBudget).toMatchObject({ currency: expect.any(String) })
  })

  it('removes a budget with nulls', async () => {
    const none = await call(
      budgets('aapprover'),
      as('jlink', { method: 'PUT', json: { budget: null, budgetPeriod: null, orderSpentLimit: null } }),
    )
    expect(none.status).toBe(200)
    expect(none.json.budget).toBeUndefined()
    expect(none.json.remainingBudget).toBeUndefined()
    expect(none.json.orderSpentLimit).toBeUndefined()
  })

  it('refuses malformed budgets: no period, two currencies, too many decimals, negative, too large', async () => {
    const put = (json: unknown) => call(budgets('aapprover'), as('jlink', { method: 'PUT', json }))
    expect((await put({ budget: { value: 100, currency: 'EUR' } })).status).toBe(400)
    expect(
      (
        await put({
          budget: { value: 100, currency: 'EUR' },
          budgetPeriod: 'weekly',
          orderSpentLimit: { value: 10, currency: 'USD' },
        })
      ).status,
    ).toBe(400)
    expect((await put({ budget: { value: 1.005, currency: 'EUR' }, budgetPeriod: 'weekly' })).status).toBe(
      400,
    )
    expect((await put({ budget: { value: -1, currency: 'EUR' }, budgetPeriod: 'weekly' })).status).toBe(400)
    expect((await put({ budget: { value: 1e12, currency: 'EUR' }, budgetPeriod: 'weekly' })).status).toBe(400)
    expect((await put({ budget: { value: 10, currency: 'EUR' }, budgetPeriod: 'daily' })).status).toBe(400)
  })

  it('are refused to other users without user management, and to other customers', async () => {
    expect((await call(budgets('aapprover'), as('bbuyer'))).status).toBe(403)
    const raise = { method: 'PUT', json: { budget: { value: 1e6, currency: 'EUR' }, budgetPeriod: 'yearly' } }
    // A buyer cannot set his own budget: only reading it is a self call.
    expect((await call(budgets('bbuyer'), as('bbuyer', raise))).status).toBe(403)
    expect((await call(budgets('-'), as('bbuyer', raise))).status).toBe(403)
    expect((await call(budgets('aapprover'), as('mkestrel'))).status).toBe(404)
    expect((await call(budgets('aapprover'), as('mkestrel', raise))).status).toBe(404)
    expect((await call(api.url('customers/-/users/-/budgets'), as('patricia@ironbridge.test'))).status).toBe(
      404,
    )
    expect((await call(budgets('brightline-oci'), as('jlink'))).status).toBe(404)
  })
})

describe("budget history (this API's extension for the budget chart)", () => {
  const history = (login: string, query = '') =>
    api.url(`customers/${A}/users/${login}/budgets/history${query ? `?${query}` : ''}`, EUR)

  it('gives the spending of the last periods of the budget, the current one last, with the budget', async () => {
    await call(
      budgets('aapprover'),
      as('jlink', {
        method: 'PUT',
        json: { budget: { value: 4000, currency: 'EUR' }, budgetPeriod: 'monthly' },
      }),
    )
    const answer = await call(history('aapprover', 'periods=4'), as('jlink'))
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({
      type: 'BudgetHistory',
      budgetPeriod: 'monthly',
      countedPeriod: 'monthly',
    })
    expect(answer.json.periods).toHaveLength(4)
    const current = answer.json.periods.at(-1)
    expect(current.budget).toMatchObject({ value: 4000, currency: 'EUR' })
    const budget = await call(budgets('aapprover'), as('jlink'))
    expect(minor(current.spentBudget)).toBe(minor(budget.json.spentBudget))
    const today = new Date().toISOString().slice(0, 10)
    expect(current.fromDate <= today && today <= current.toDate).toBe(true)
    // Consecutive: each period starts the day after the one before ends.
    for (let i = 1; i < 4; i++) {
      const end = new Date(`${answer.json.periods[i - 1].toDate}T00:00:00Z`)
      end.setUTCDate(end.getUTCDate() + 1)
      expect(answer.json.periods[i].fromDate).toBe(end.toISOString().slice(0, 10))
    }
  })

  it('is the own history for any business user, and bounded', async () => {
    const own = await call(api.url('customers/-/users/-/budgets/history', EUR), as('bbuyer'))
    expect(own.status).toBe(200)
    expect(own.json.periods).toHaveLength(6)
    expect((await call(history('aapprover', 'periods=24'), as('jlink'))).json.periods).toHaveLength(24)
    for (const periods of ['25', '0', 'x'])
      expect((await call(history('aapprover', `periods=${periods}`), as('jlink'))).status).toBe(400)
  })

  it('is refused to other users without user management, and to other customers', async () => {
    expect((await call(history('aapprover'), as('bbuyer'))).status).toBe(403)
    expect((await call(history('aapprover'), as('mkestrel'))).status).toBe(404)
    expect((await call(history('aapprover'))).status).toBe(401)
  })
})
