/**
 * The basket's cost center over HTTP (issue 17; icm-contract.md: `PATCH baskets/{id}` with `costCenter`;
 * commerce-and-checkout §3–§6: the attribute Order_CostCenter_ID, the CostCenter and Value scopes): a business
 * user puts the basket on a cost center they are a buyer of, the basket answers it, validation fails without
 * one (unless the customer's cost centers are optional) and with one the user may no longer use, the order
 * refuses the same and copies the cost center and its net total, and the cost center's spent budget shows it.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../commerce-api/db/client'
import { customers, orders } from '../../commerce-api/db/schema'
import { ensureDemoOrganization } from '../../commerce-api/db/seed/organization'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { readyBusinessBasket, readyGuestBasket, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

const A = 'BC-200001'
const EUR = ';loc=en_US;cur=EUR'

let api: Api
let sku: string
const tokens: Record<string, string> = {}

/** The demo organization's budgets and cost centers (not yet part of the seed: the checkout step comes next). */
const withOrganization = (database: Database) => ensureDemoOrganization(database.db)

beforeAll(async () => {
  api = await startApi({ products: 60, protection: { limits: NO_LIMITS } })
  await withOrganization(api.database)
  for (const login of ['jlink', 'bbuyer', 'mkestrel']) tokens[login] = await userToken(api, login)
  sku = (await sellableSkus(api, 1))[0]!
})
afterAll(async () => {
  await api?.close()
})

const patch = (basket: { url: (p?: string) => string; token: string }, json: unknown) =>
  call(basket.url(), { method: 'PATCH', token: basket.token, json })
const validate = (basket: { url: (p?: string) => string; token: string }, scopes: string[]) =>
  call(basket.url('/validations'), {
    method: 'POST',
    token: basket.token,
    json: { adjustmentsAllowed: false, scopes },
  })
const order = (basket: { id: string; token: string }) =>
  call(api.url('orders', EUR), {
    method: 'POST',
    token: basket.token,
    json: { basket: basket.id, termsAndConditionsAccepted: true },
  })
const codes = (messages: any[] | undefined) => (messages ?? []).map((m) => m.code)

describe('the basket’s cost center', () => {
  it('takes one the user is a buyer of, answers it with its attribute, and removes it with null', async () => {
    const basket = await readyBusinessBasket(api, tokens.bbuyer!, [{ sku, quantity: 1 }])
    const set = await patch(basket, { costCenter: '100400' })
    expect(set.status).toBe(200)
    expect(set.json.data.costCenter).toBe('100400')
    expect(set.json.data.attributes).toContainEqual({
      name: 'Order_CostCenter_ID',
      type: 'String',
      value: '100400',
    })
    const cleared = await patch(basket, { costCenter: null })
    expect(cleared.json.data.costCenter).toBeUndefined()
  })

  it('refuses a cost center the user is no buyer of, another customer’s, and any for a guest', async () => {
    const basket = await readyBusinessBasket(api, tokens.bbuyer!, [{ sku, quantity: 1 }])
    const other = await patch(basket, { costCenter: '100500' })
    expect(other.status).toBe(422)
    expect(other.headers.get('error-key')).toBe('basket.cost_center.not_eligible.error')
    expect((await patch(basket, { costCenter: 'K-10' })).status).toBe(422)
    expect((await patch(basket, { costCenter: 'x'.repeat(101) })).status).toBe(400)
    const guest = await readyGuestBasket(api, [{ sku, quantity: 1 }])
    const guestBasket = { url: guest.url, token: guest.token }
    expect((await patch(guestBasket, { costCenter: '100400' })).status).toBe(422)
    // Another user's basket is not found, whatever the body.
    const foreign = await call(basket.url(), {
      method: 'PATCH',
      token: tokens.mkestrel,
      json: { costCenter: 'K-10' },
    })
    expect(foreign.status).toBe(404)
  })
})

describe('the cost center policy', () => {
  it('is told on customers/-: optional for Brightline as seeded, required for Kestrel', async () => {
    const policy = async (login: string) =>
      (await call(api.url('customers/-', EUR), { token: tokens[login] })).json.isCostCenterOptional
    expect(await policy('bbuyer')).toBe(true)
    expect(await policy('mkestrel')).toBe(false)
  })
})

describe('the CostCenter scope and the order', () => {
  it('fails without a cost center unless they are optional, and the order is refused the same', async () => {
    const basket = await readyBusinessBasket(api, tokens.bbuyer!, [{ sku, quantity: 1 }])
    const db = api.database.db
    const optional = (value: boolean) =>
      db.update(customers).set({ costCenterOptional: value }).where(eq(customers.customerNo, A))
    // The seed makes Brightline's cost centers optional: required here, and optional again afterwards.
    expect((await validate(basket, ['CostCenter'])).json.data.results.valid).toBe(true)
    await optional(false)
    try {
      const missing = await validate(basket, ['CostCenter'])
      expect(missing.status).toBe(200)
      expect(missing.json.data.results.valid).toBe(false)
      expect(codes(missing.json.data.results.errors)).toEqual(['basket.validation.cost_center.missing.error'])
      const refused = await order(basket)
      expect(refused.status).toBe(422)
      expect(codes(refused.json.errors[0].causes)).toContain('basket.validation.cost_center.missing.error')
    } finally {
      await optional(true)
    }
    expect((await validate(basket, ['CostCenter'])).json.data.results.valid).toBe(true)
  })

  it('fails with a cost center the user may no longer use (deactivated)', async () => {
    const basket = await readyBusinessBasket(api, tokens.bbuyer!, [{ sku, quantity: 1 }])
    expect((await patch(basket, { costCenter: '100400' })).status).toBe(200)
    expect((await validate(basket, ['CostCenter'])).json.data.results.valid).toBe(true)
    const off = await call(api.url(`customers/${A}/costcenters/100400`, EUR), {
      method: 'PATCH',
      token: tokens.jlink,
      json: { active: false },
    })
    expect(off.status).toBe(200)
    try {
      const stale = await validate(basket, ['All'])
      expect(codes(stale.json.data.results.errors)).toContain(
        'basket.validation.cost_center.not_eligible.error',
      )
      expect((await order(basket)).status).toBe(422)
    } finally {
      await call(api.url(`customers/${A}/costcenters/100400`, EUR), {
        method: 'PATCH',
        token: tokens.jlink,
        json: { active: true },
      })
    }
  })

  it('places the order on the cost center: the order answers it, keeps its net total, and the budget shows it', async () => {
    const basket = await readyBusinessBasket(api, tokens.bbuyer!, [{ sku, quantity: 1 }])
    expect((await patch(basket, { costCenter: '100400' })).status).toBe(200)
    const valid = await validate(basket, ['Products', 'Promotion', 'Value', 'CostCenter'])
    expect(valid.json.data.results).toMatchObject({ valid: true, adjusted: false })
    const placed = await order(basket)
    expect(placed.status).toBe(201)
    expect(placed.json.data.costCenter).toBe('100400')
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, placed.json.data.id))
    expect(row!.costCenter).toBe('100400')
    expect(row!.grandTotalNet).toBe(Math.round(placed.json.data.totals.grandTotal.net.value * 100))
    const read = await call(api.url(`orders/${placed.json.data.id}`, EUR), { token: basket.token })
    expect(read.json.data.costCenter).toBe('100400')
    const csv = await fetch(api.url('orders-csv', EUR), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'authentication-token': basket.token },
      body: JSON.stringify({ ids: [placed.json.data.id] }),
    })
    const [header, line] = (await csv.text()).split('\r\n')
    expect(header!.split(',').at(-1)).toBe('Cost center')
    expect(line!.split(',').at(-1)).toBe('100400')

    const center = await call(api.url(`customers/${A}/costcenters/100400`, EUR), { token: tokens.jlink })
    expect(center.json.spentBudget.value).toBe(placed.json.data.totals.grandTotal.gross.value)
    expect(center.json.orders.map((o: any) => o.orderNo)).toEqual([placed.json.data.documentNumber])
    expect(center.json.buyers.find((b: any) => b.login === 'bbuyer').spentBudget.value).toBe(
      placed.json.data.totals.grandTotal.gross.value,
    )
    // Now that orders name it, the cost center cannot be deleted.
    const gone = await call(api.url(`customers/${A}/costcenters/100400`, EUR), {
      method: 'DELETE',
      token: tokens.jlink,
    })
    expect(gone.status).toBe(409)
  })

  it('leaves guests and private customers without a cost center check', async () => {
    const guest = await readyGuestBasket(api, [{ sku, quantity: 1 }])
    const result = await validate({ url: guest.url, token: guest.token }, ['CostCenter', 'Value'])
    expect(result.json.data.results.valid).toBe(true)
  })
})
