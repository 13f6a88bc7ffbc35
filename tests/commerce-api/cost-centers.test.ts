/**
 * Cost centers over HTTP (issue 17; icm-contract.md "Cost centers"; PWA `cost-centers.service.ts` and
 * `user.service.ts getEligibleCostCenters`): the costcenter.v2 list with paging and `nameOrId`, one cost center
 * in ICM's shape, create / update / delete, buyers added, changed and removed, a user's eligible cost centers;
 * each refused with 404 for another customer's user and 403 for a user lacking the permission. Every answer is
 * checked against the wire schema by the harness. Brightline (BC-200001): jlink account admin, ccowner owner
 * of 100400, hweber owner of 100500, bbuyer a buyer; Kestrel (BC-200002): mkestrel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../commerce-api/db/client'
import { ensureDemoOrganization } from '../../commerce-api/db/seed/organization'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { anonymousToken, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

const A = 'BC-200001'
const EUR = ';loc=en_US;cur=EUR'

let api: Api
const tokens: Record<string, string> = {}

/** The demo organization's budgets and cost centers (not yet part of the seed: the checkout step comes next). */
const withOrganization = (database: Database) => ensureDemoOrganization(database.db)

beforeAll(async () => {
  api = await startApi({ products: 60, protection: { limits: NO_LIMITS } })
  await withOrganization(api.database)
  for (const login of ['jlink', 'bbuyer', 'ccowner', 'hweber', 'mkestrel', 'aapprover'])
    tokens[login] = await userToken(api, login)
  tokens.anonymous = await anonymousToken(api)
})
afterAll(async () => {
  await api?.close()
})

type Init = { method?: string; json?: unknown }
const send = (caller: string, path: string, init: Init = {}) =>
  call(api.url(path, EUR), { ...init, token: tokens[caller] })
const centers = (rest = '') => `customers/${A}/costcenters${rest}`

const expectRefused = (response: { status: number; headers: Headers }, status: number, code: string) => {
  expect(response.status).toBe(status)
  expect(response.headers.get('error-key')).toBe(code)
}

describe('the cost center list', () => {
  it('answers Links and paging info, 25 by default, filtered by nameOrId', async () => {
    const all = await send('jlink', centers('?offset=0&limit=25&nameOrId='))
    expect(all.status).toBe(200)
    expect(all.json.info).toEqual({ limit: 25, offset: 0, total: 3 })
    const attribute = (link: any, name: string) => link.attributes.find((a: any) => a.name === name)?.value
    expect(all.json.data.map((l: any) => [l.type, attribute(l, 'costCenterId'), l.title])).toEqual([
      ['Link', '100400', 'Baustellenbetrieb Berlin'],
      ['Link', '100500', 'Werkstatt und Fuhrpark'],
      ['Link', '100600', 'Hauptverwaltung'],
    ])
    const filtered = await send('jlink', centers('?nameOrId=Berlin'))
    expect(filtered.json.data.map((l: any) => attribute(l, 'costCenterId'))).toEqual(['100400'])
    const paged = await send('jlink', 'customers/-/costcenters?offset=2&limit=1')
    expect(paged.json.info).toEqual({ limit: 1, offset: 2, total: 3 })
    expect(paged.json.data.map((l: any) => attribute(l, 'name'))).toEqual(['Hauptverwaltung'])
  })

  it("gives each Link the cost center's list columns as attributes, its itemId the id the cost center answers with", async () => {
    // What an ICM client's list shows (the PWA's CostCenterMapper.fromListData reads these attributes).
    const [berlin] = (await send('jlink', centers('?nameOrId=100400'))).json.data
    const detail = await send('jlink', centers('/100400'))
    expect(Object.fromEntries(berlin.attributes.map((a: any) => [a.name, a.value]))).toEqual({
      costCenterId: '100400',
      name: 'Baustellenbetrieb Berlin',
      active: true,
      costCenterOwner: detail.json.costCenterOwner,
      budget: detail.json.budget,
      budgetPeriod: 'quarterly',
      spentBudget: detail.json.spentBudget,
      remainingBudget: detail.json.remainingBudget,
      pendingOrders: 0,
      approvedOrders: 0,
    })
    expect(berlin.attributes.find((a: any) => a.name === 'budget').type).toBe('MoneyRO')
    expect(berlin.attributes.find((a: any) => a.name === 'costCenterOwner').value.login).toBe('ccowner')
    // The client opens a cost center by the Link's itemId and files the answer under its `id`: the same.
    expect(berlin.itemId).toBe(detail.json.id)
    expect(berlin.uri).toMatch(new RegExp(`/-/customers/BC-200001/costcenters/${berlin.itemId}$`))
    const opened = await send('jlink', centers(`/${berlin.itemId}`))
    expect(opened.status).toBe(200)
    expect(opened.json).toMatchObject({ id: berlin.itemId, costCenterId: '100400' })
  })

  it('shows an owner their own cost centers only, and refuses bad paging', async () => {
    const own = await send('ccowner', centers())
    expect(own.json.data.map((l: any) => l.title)).toEqual(['Baustellenbetrieb Berlin'])
    expect((await send('jlink', centers('?limit=1000'))).status).toBe(400)
  })

  it('is refused to another customer (404), a user without the permission (403) and anyone unknown (401)', async () => {
    expectRefused(await send('mkestrel', centers()), 404, 'customer.not_found')
    expectRefused(await send('bbuyer', centers()), 403, 'authorization.forbidden')
    expect((await send('anonymous', centers())).status).toBe(401)
    expect((await call(api.url(centers(), EUR))).status).toBe(401)
  })
})

describe('one cost center', () => {
  it('answers ICM’s CostCenter: owner, budget, spent and remaining, order counts, buyers, orders', async () => {
    const response = await send('jlink', centers('/100400'))
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      costCenterId: '100400',
      name: 'Baustellenbetrieb Berlin',
      active: true,
      costCenterOwner: { login: 'ccowner' },
      budget: { type: 'Money', value: 60_000, currency: 'EUR' },
      budgetPeriod: 'quarterly',
      spentBudget: { value: 0, currency: 'EUR' },
      remainingBudget: { value: 60_000, currency: 'EUR' },
      pendingOrders: 0,
      approvedOrders: 0,
      orders: [],
    })
    const bbuyer = response.json.buyers.find((b: any) => b.login === 'bbuyer')
    expect(bbuyer).toMatchObject({
      firstName: expect.any(String),
      budget: { value: 3_000, currency: 'EUR' },
      budgetPeriod: 'monthly',
      spentBudget: { value: 0 },
      remainingBudget: { value: 3_000 },
    })
    // A buyer without a budget of their own shows what they spent only.
    const owner = response.json.buyers.find((b: any) => b.login === 'ccowner')
    expect(owner.budget).toBeUndefined()
    // The id the PWA updates and deletes with names it too.
    expect((await send('jlink', centers(`/${response.json.id}`))).json.costCenterId).toBe('100400')
  })

  it('is not found for an owner of another one, for another customer, and when it does not exist', async () => {
    expectRefused(await send('hweber', centers('/100400')), 404, 'costcenter.not_found')
    expectRefused(await send('mkestrel', centers('/100400')), 404, 'customer.not_found')
    expectRefused(await send('mkestrel', 'customers/-/costcenters/100400'), 404, 'costcenter.not_found')
    expectRefused(await send('jlink', centers('/nope')), 404, 'costcenter.not_found')
  })
})

describe('a cost center’s budget history (this API’s extension for the budget chart)', () => {
  it('gives the spending of its last budget periods with its budget, to whoever may see it', async () => {
    const answer = await send('ccowner', centers('/100400/budgets/history?periods=3'))
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({
      type: 'BudgetHistory',
      budgetPeriod: 'quarterly',
      countedPeriod: 'quarterly',
    })
    expect(answer.json.periods).toHaveLength(3)
    expect(answer.json.periods[2].budget).toMatchObject({ value: 60_000, currency: 'EUR' })
    const view = await send('ccowner', centers('/100400'))
    expect(answer.json.periods[2].spentBudget.value).toBe(view.json.spentBudget.value)
    // Quarters: each starts on the first of January, April, July or October.
    for (const period of answer.json.periods) expect(period.fromDate).toMatch(/-(01|04|07|10)-01$/)
  })

  it('is not found for an owner of another one or another customer, and refused without the permission', async () => {
    expectRefused(await send('hweber', centers('/100400/budgets/history')), 404, 'costcenter.not_found')
    expectRefused(await send('mkestrel', centers('/100400/budgets/history')), 404, 'customer.not_found')
    expect((await send('anonymous', centers('/100400/budgets/history'))).status).toBe(401)
  })
})

describe('creating, changing and deleting', () => {
  it('creates one (201, Location), unique per company (409), with an owner §5 allows', async () => {
    const body = {
      costCenterId: 'CC-HTTP',
      name: 'Created over HTTP',
      active: true,
      costCenterOwner: { login: 'hweber' },
      budget: { type: 'Money', value: 1234.5, currency: 'EUR' },
      budgetPeriod: 'monthly',
    }
    const created = await send('jlink', centers(), { method: 'POST', json: body })
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toMatch(new RegExp(`costcenters/${created.json.id}$`))
    expect(created.json).toMatchObject({
      costCenterId: 'CC-HTTP',
      costCenterOwner: { login: 'hweber' },
      budget: { value: 1234.5 },
    })
    expectRefused(
      await send('jlink', centers(), { method: 'POST', json: body }),
      409,
      'costcenter.id.duplicate',
    )
    const notHis = await send('ccowner', centers(), {
      method: 'POST',
      json: { ...body, costCenterId: 'CC-2' },
    })
    expectRefused(notHis, 422, 'costcenter.owner.not_eligible')
    const cents = await send('jlink', centers(), {
      method: 'POST',
      json: { ...body, costCenterId: 'CC-3', budget: { value: 1.234, currency: 'EUR' } },
    })
    expect(cents.status).toBe(400)
    expect((await send('jlink', centers(), { method: 'POST', json: { name: 'no id' } })).status).toBe(400)
    expectRefused(
      await send('bbuyer', centers(), { method: 'POST', json: body }),
      403,
      'authorization.forbidden',
    )
    expectRefused(
      await send('mkestrel', centers(), { method: 'POST', json: body }),
      404,
      'customer.not_found',
    )
  })

  it('changes one by PATCH (or PUT) for an admin or its owner only', async () => {
    const patched = await send('hweber', centers('/CC-HTTP'), {
      method: 'PATCH',
      json: { name: 'Renamed', budget: { value: 500, currency: 'EUR' }, budgetPeriod: 'weekly' },
    })
    expect(patched.status).toBe(200)
    expect(patched.json).toMatchObject({ name: 'Renamed', budget: { value: 500 }, budgetPeriod: 'weekly' })
    const put = await send('jlink', centers(`/${patched.json.id}`), {
      method: 'PUT',
      json: { active: false },
    })
    expect(put.json.active).toBe(false)
    expectRefused(
      await send('ccowner', centers('/CC-HTTP'), { method: 'PATCH', json: { name: 'x' } }),
      404,
      'costcenter.not_found',
    )
    expectRefused(
      await send('bbuyer', centers('/CC-HTTP'), { method: 'PATCH', json: { name: 'x' } }),
      403,
      'authorization.forbidden',
    )
    expect(
      (await send('jlink', centers('/CC-HTTP'), { method: 'PATCH', json: { budgetPeriod: 'daily' } })).status,
    ).toBe(400)
  })

  it('manages buyers: users who order and are not buyers yet, each with a budget', async () => {
    const added = await send('hweber', centers('/CC-HTTP/buyers'), {
      method: 'POST',
      json: { login: 'bbuyer', budget: { value: 100, currency: 'EUR' }, budgetPeriod: 'monthly' },
    })
    expect(added.status).toBe(201)
    expect(added.json.buyers.map((b: any) => b.login)).toEqual(['bbuyer'])
    expectRefused(
      await send('hweber', centers('/CC-HTTP/buyers'), { method: 'POST', json: { login: 'bbuyer' } }),
      409,
      'costcenter.buyer.duplicate',
    )
    expectRefused(
      await send('hweber', centers('/CC-HTTP/buyers'), { method: 'POST', json: { login: 'brightline-oci' } }),
      422,
      'costcenter.buyer.not_eligible',
    )
    expectRefused(
      await send('hweber', centers('/CC-HTTP/buyers'), { method: 'POST', json: { login: 'tkestrel' } }),
      404,
      'customer.user.not_found',
    )
    const changed = await send('jlink', centers('/CC-HTTP/buyers/bbuyer'), {
      method: 'PATCH',
      json: { login: 'bbuyer', budget: { value: 250, currency: 'EUR' }, budgetPeriod: 'weekly' },
    })
    expect(changed.json.buyers[0]).toMatchObject({
      login: 'bbuyer',
      budget: { value: 250 },
      budgetPeriod: 'weekly',
    })
    expectRefused(
      await send('ccowner', centers('/CC-HTTP/buyers/bbuyer'), { method: 'DELETE' }),
      404,
      'costcenter.not_found',
    )
    const removed = await send('hweber', centers('/CC-HTTP/buyers/bbuyer'), { method: 'DELETE' })
    expect(removed.status).toBe(204)
    expectRefused(
      await send('hweber', centers('/CC-HTTP/buyers/bbuyer'), { method: 'DELETE' }),
      404,
      'costcenter.buyer.not_found',
    )
  })

  it('deletes one without orders (204), then it is gone', async () => {
    expectRefused(
      await send('bbuyer', centers('/CC-HTTP'), { method: 'DELETE' }),
      403,
      'authorization.forbidden',
    )
    expectRefused(
      await send('mkestrel', centers('/CC-HTTP'), { method: 'DELETE' }),
      404,
      'customer.not_found',
    )
    expect((await send('jlink', centers('/CC-HTTP'), { method: 'DELETE' })).status).toBe(204)
    expect((await send('jlink', centers('/CC-HTTP'))).status).toBe(404)
  })
})

describe('a user’s eligible cost centers', () => {
  it('lists the active cost centers the user buys on or owns, with their part in them', async () => {
    const own = await send('ccowner', 'customers/-/users/-/costcenters')
    expect(own.status).toBe(200)
    expect(own.json).toEqual({
      data: [{ id: '100400', name: 'Baustellenbetrieb Berlin', roles: ['Buyer', 'CostCenterOwner'] }],
    })
    const bbuyer = await send('bbuyer', `customers/${A}/users/bbuyer/costcenters`)
    expect(bbuyer.json.data.map((c: any) => c.id)).toEqual(['100400'])
    // Another user's list needs user management; another customer's is not found.
    expectRefused(
      await send('bbuyer', `customers/${A}/users/ccowner/costcenters`),
      403,
      'authorization.forbidden',
    )
    expect((await send('jlink', `customers/${A}/users/bbuyer/costcenters`)).status).toBe(200)
    expectRefused(
      await send('mkestrel', `customers/${A}/users/bbuyer/costcenters`),
      404,
      'customer.not_found',
    )
  })
})
