/**
 * Cost centers without HTTP (issue 17; organization-and-requisitions §5, §6): who sees and edits which, the
 * owner choices, who may be a buyer, the unique costCenterId, deleting, the spent amounts of a cost center
 * and its buyers (counted by budgets.ts: price type, period boundaries), a user's cost centers, the basket's
 * CostCenter check and the Value scope's order value limits. Runs on the seeded demo companies with their
 * organization.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { costCenters, customers, orders } from '../db/schema'
import { ensureDemoOrganization } from '../db/seed/organization'
import { DEMO_PASSWORD } from '../db/seed/people'
import { seededTestDatabase } from '../db/test-database'
import { periodBounds, spentBetween } from './budgets'
import {
  addBuyer,
  companyPeople,
  costCenterProblem,
  costCenterView,
  createCostCenter,
  deleteCostCenter,
  listCostCenters,
  mayEditCostCenter,
  ordersForCompany,
  ownerChoices,
  removeBuyer,
  unassignedBuyers,
  updateBuyer,
  updateCostCenter,
  userCostCenters,
  type Caller,
} from './cost-centers'
import { DomainError } from './errors'
import { checkToken, loginWithPassword } from './tokens'
import { orderValueProblem } from './validation'

let database: Database
const callers: Record<string, Caller> = {}

async function callerOf(login: string): Promise<Caller> {
  const result = await loginWithPassword(database.db, login, DEMO_PASSWORD)
  if (!result.ok) throw new Error(`${login} cannot log in: ${result.reason}`)
  const check = await checkToken(database.db, result.grant.access_token)
  if (check.status !== 'valid' || check.principal.anonymous) throw new Error(`no user token for ${login}`)
  return check.principal
}

/** The demo organization's budgets and cost centers (not yet part of the seed: the checkout step comes next). */
const withOrganization = (database: Database) => ensureDemoOrganization(database.db)

beforeAll(async () => {
  database = await seededTestDatabase()
  await withOrganization(database)
  for (const login of ['jlink', 'bbuyer', 'ccowner', 'hweber', 'mkestrel', 'brightline-oci', 'tschulz'])
    callers[login] = await callerOf(login)
})
afterAll(async () => {
  await database?.close()
})

const db = () => database.db

async function refusal(work: () => Promise<unknown>): Promise<DomainError> {
  try {
    await work()
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

let documentNo = 90_000_000

/** An order of a user placed on a cost center at a time, as checkout writes one. */
async function placeOrder(
  caller: Caller,
  costCenter: string | null,
  at: Date,
  gross: number,
  net: number,
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  await db()
    .insert(orders)
    .values({
      documentNumber: String(documentNo++),
      basketId: randomUUID(),
      owner: caller.subject,
      userId: caller.userId,
      customerNo: caller.customerNo,
      currency: 'EUR',
      locale: 'en_US',
      statusCode: 'NEW',
      orderCreation: 'COMPLETED',
      paymentMethodId: 'ISH_INVOICE',
      grandTotalGross: gross,
      grandTotalNet: net,
      costCenter,
      snapshot: { data: { totalProductQuantity: 3 }, included: {} },
      createdAt: at,
      ...extra,
    })
}

describe('who sees and edits a cost center (§5)', () => {
  it('lets an account admin see and edit every cost center, an owner only their own', async () => {
    const all = await listCostCenters(db(), callers.jlink!, { offset: 0, limit: 25 })
    expect(all.items.map((c) => c.center.costCenterId)).toEqual(['100400', '100500', '100600'])
    expect(all.total).toBe(3)
    const own = await listCostCenters(db(), callers.ccowner!, { offset: 0, limit: 25 })
    expect(own.items.map((c) => c.center.costCenterId)).toEqual(['100400'])

    const view = await costCenterView(db(), callers.ccowner!, '100400')
    expect(mayEditCostCenter(callers.ccowner!, view.center)).toBe(true)
    expect(mayEditCostCenter(callers.jlink!, view.center)).toBe(true)
    expect(mayEditCostCenter(callers.hweber!, view.center)).toBe(false)
    expect((await refusal(() => costCenterView(db(), callers.ccowner!, '100500'))).kind).toBe('not-found')
    expect(
      (await refusal(() => updateCostCenter(db(), callers.hweber!, '100400', { name: 'Taken over' }))).kind,
    ).toBe('not-found')
    // Another company's cost center does not exist for A's admin.
    expect((await refusal(() => costCenterView(db(), callers.jlink!, 'K-10'))).kind).toBe('not-found')
  })

  it('filters by a text in the name or the costCenterId and pages', async () => {
    const byName = await listCostCenters(db(), callers.jlink!, { offset: 0, limit: 25, nameOrId: 'fuhrpark' })
    expect(byName.items.map((c) => c.center.costCenterId)).toEqual(['100500'])
    const byId = await listCostCenters(db(), callers.jlink!, { offset: 0, limit: 25, nameOrId: '0060' })
    expect(byId.items.map((c) => c.center.name)).toEqual(['Hauptverwaltung'])
    const literal = await listCostCenters(db(), callers.jlink!, { offset: 0, limit: 25, nameOrId: '%' })
    expect(literal.total).toBe(0)
    const second = await listCostCenters(db(), callers.jlink!, { offset: 1, limit: 1 })
    expect(second).toMatchObject({ total: 3, offset: 1, limit: 1 })
    expect(second.items.map((c) => c.center.costCenterId)).toEqual(['100500'])
  })
})

describe('owner choices (§5)', () => {
  it('offer an account admin the cost center owners and account owners, anyone else only themselves', async () => {
    const people = await companyPeople(db(), 'BC-200001')
    const forAdmin = ownerChoices(callers.jlink!, people).map((p) => p.login)
    expect(forAdmin).toEqual(expect.arrayContaining(['jlink', 'efischer', 'ccowner', 'hweber']))
    expect(forAdmin).not.toContain('bbuyer')
    expect(forAdmin).not.toContain('brightline-oci')
    expect(ownerChoices(callers.ccowner!, people).map((p) => p.login)).toEqual(['ccowner'])
  })

  it('refuse an owner the caller may not choose, and take the caller when none is named', async () => {
    const refused = await refusal(() =>
      createCostCenter(db(), callers.ccowner!, { costCenterId: 'CC-X', name: 'X', ownerLogin: 'hweber' }),
    )
    expect(refused).toMatchObject({ kind: 'refused', code: 'costcenter.owner.not_eligible' })
    const notOwner = await refusal(() =>
      createCostCenter(db(), callers.jlink!, { costCenterId: 'CC-X', name: 'X', ownerLogin: 'bbuyer' }),
    )
    expect(notOwner.code).toBe('costcenter.owner.not_eligible')
    const created = await createCostCenter(db(), callers.ccowner!, { costCenterId: 'CC-OWN', name: 'Own' })
    expect(created.owner?.login).toBe('ccowner')
    expect(created.center.active).toBe(true)
  })
})

describe('the costCenterId', () => {
  it('is unique per company, whatever the case, and free in another company', async () => {
    const twice = await refusal(() =>
      createCostCenter(db(), callers.jlink!, { costCenterId: 'cc-own', name: 'Again', ownerLogin: 'jlink' }),
    )
    expect(twice).toMatchObject({ kind: 'conflict', code: 'costcenter.id.duplicate' })
    const renamed = await refusal(() =>
      updateCostCenter(db(), callers.jlink!, 'CC-OWN', { costCenterId: '100400' }),
    )
    expect(renamed.kind).toBe('conflict')
    const kestrel = await createCostCenter(db(), callers.mkestrel!, {
      costCenterId: '100400',
      name: 'Kestrel 100400',
      budget: { value: 100_000, currency: 'EUR' },
      budgetPeriod: 'monthly',
    })
    expect(kestrel.center.customerNo).toBe('BC-200002')
  })

  it('and the budget keep their bounds', async () => {
    const noPeriod = await refusal(() =>
      createCostCenter(db(), callers.jlink!, {
        costCenterId: 'B-1',
        name: 'B',
        budget: { value: 1, currency: 'EUR' },
      }),
    )
    expect(noPeriod.kind).toBe('invalid')
    const currency = await refusal(() =>
      createCostCenter(db(), callers.jlink!, {
        costCenterId: 'B-1',
        name: 'B',
        budget: { value: 1, currency: 'XXX' },
        budgetPeriod: 'weekly',
      }),
    )
    expect(currency.kind).toBe('invalid')
    expect(
      (await refusal(() => createCostCenter(db(), callers.jlink!, { costCenterId: 'a/b', name: 'B' }))).kind,
    ).toBe('invalid')
  })
})

describe('buyers (§5)', () => {
  it('are the users who order, not OCI or cXML users, and not yet buyers', async () => {
    const people = await companyPeople(db(), 'BC-200001')
    const view = await costCenterView(db(), callers.jlink!, '100400')
    const unassigned = unassignedBuyers(people, new Set(view.buyers.map((b) => b.person.id))).map(
      (p) => p.login,
    )
    expect(unassigned).toContain('tschulz')
    for (const login of ['bbuyer', 'mfoster', 'lnowak', 'ccowner', 'brightline-oci', 'brightline-cxml'])
      expect(unassigned).not.toContain(login)
    expect(ordersForCompany(people.find((p) => p.login === 'brightline-oci')!)).toBe(false)
  })

  it('are added with a budget once, changed and removed by an admin or the owner', async () => {
    const added = await addBuyer(db(), callers.ccowner!, '100400', {
      login: 'tschulz',
      budget: { value: 50_000, currency: 'EUR' },
      budgetPeriod: 'monthly',
    })
    expect(added.buyers.find((b) => b.person.login === 'tschulz')?.budget).toMatchObject({
      budget: 50_000,
      period: 'monthly',
      spent: 0,
      remaining: 50_000,
    })
    const twice = await refusal(() => addBuyer(db(), callers.jlink!, '100400', { login: 'TSCHULZ' }))
    expect(twice).toMatchObject({ kind: 'conflict', code: 'costcenter.buyer.duplicate' })
    const oci = await refusal(() => addBuyer(db(), callers.jlink!, '100400', { login: 'brightline-oci' }))
    expect(oci).toMatchObject({ kind: 'refused', code: 'costcenter.buyer.not_eligible' })
    const foreign = await refusal(() => addBuyer(db(), callers.jlink!, '100400', { login: 'tkestrel' }))
    expect(foreign.kind).toBe('not-found')
    const otherCurrency = await refusal(() =>
      updateBuyer(db(), callers.jlink!, '100400', 'tschulz', {
        budget: { value: 1, currency: 'USD' },
        budgetPeriod: 'weekly',
      }),
    )
    expect(otherCurrency.kind).toBe('invalid')
    const changed = await updateBuyer(db(), callers.jlink!, '100400', 'tschulz', { budget: null })
    expect(changed.buyers.find((b) => b.person.login === 'tschulz')?.budget.budget).toBeNull()
    expect((await refusal(() => addBuyer(db(), callers.hweber!, '100400', { login: 'adumitru' }))).kind).toBe(
      'not-found',
    )
    await removeBuyer(db(), callers.ccowner!, '100400', 'tschulz')
    expect((await refusal(() => removeBuyer(db(), callers.ccowner!, '100400', 'tschulz'))).kind).toBe(
      'not-found',
    )
  })
})

describe('spent budget', () => {
  it('counts the orders on the cost center in the current period, in the budget price type, across a boundary', async () => {
    const created = await createCostCenter(db(), callers.jlink!, {
      costCenterId: 'SPEND-1',
      name: 'Spending',
      ownerLogin: 'jlink',
      budget: { value: 100_000, currency: 'EUR' },
      budgetPeriod: 'monthly',
    })
    await addBuyer(db(), callers.jlink!, 'SPEND-1', {
      login: 'bbuyer',
      budget: { value: 20_000, currency: 'EUR' },
      budgetPeriod: 'weekly',
    })
    const now = new Date('2026-11-25T12:00:00Z')
    // The last second of October belongs to the previous month: it is not spent in November.
    await placeOrder(callers.bbuyer!, 'SPEND-1', new Date('2026-10-31T23:59:59Z'), 50_000, 42_017)
    await placeOrder(callers.bbuyer!, 'SPEND-1', new Date('2026-11-01T00:00:00Z'), 11_900, 10_000)
    await placeOrder(callers.bbuyer!, 'SPEND-1', new Date('2026-11-24T08:00:00Z'), 2_380, 2_000)
    await placeOrder(callers.jlink!, 'SPEND-1', new Date('2026-11-20T08:00:00Z'), 1_190, 1_000)
    // Not spent: an order on another cost center, and a cancelled one.
    await placeOrder(callers.bbuyer!, '100400', new Date('2026-11-20T08:00:00Z'), 99_999, 99_999)
    await placeOrder(callers.bbuyer!, 'SPEND-1', new Date('2026-11-20T08:00:00Z'), 7_000, 7_000, {
      statusCode: 'CANCELLED',
    })

    const gross = await costCenterView(db(), callers.jlink!, 'SPEND-1', now)
    expect(gross.budget).toMatchObject({
      budget: 100_000,
      spent: 11_900 + 2_380 + 1_190,
      remaining: 100_000 - 15_470,
    })
    // bbuyer's weekly budget: only the order of Tuesday 24 November lies in the week from Monday 23.
    expect(gross.buyers.find((b) => b.person.login === 'bbuyer')?.budget).toMatchObject({
      spent: 2_380,
      remaining: 20_000 - 2_380,
    })
    expect(gross.orders.map((o) => o.gross)).toContain(11_900)
    expect(gross.orders.map((o) => o.gross)).not.toContain(50_000)
    // The orders of the month that count; the cancelled one does not.
    expect(gross.approvedOrders).toBe(3)
    // The list tells each cost center's owner, budget and order counts as its own answer does.
    const listed = await listCostCenters(
      db(),
      callers.jlink!,
      { offset: 0, limit: 25, nameOrId: 'SPEND-1' },
      now,
    )
    expect(listed.items).toHaveLength(1)
    expect(listed.items[0]).toEqual({
      center: gross.center,
      owner: gross.owner,
      budget: gross.budget,
      pendingOrders: gross.pendingOrders,
      approvedOrders: 3,
    })
    expect(listed.items[0]!.owner?.login).toBe('jlink')

    await db().update(customers).set({ budgetPriceType: 'net' }).where(eq(customers.customerNo, 'BC-200001'))
    try {
      const net = await costCenterView(db(), callers.jlink!, created.center.costCenterId, now)
      expect(net.budget.spent).toBe(10_000 + 2_000 + 1_000)
    } finally {
      await db()
        .update(customers)
        .set({ budgetPriceType: 'gross' })
        .where(eq(customers.customerNo, 'BC-200001'))
    }
    // December starts afresh.
    const december = periodBounds('monthly', new Date('2026-12-01T00:00:00Z'))
    expect(
      await spentBetween(
        db(),
        { customerNo: 'BC-200001', costCenterId: 'SPEND-1' },
        december,
        'gross',
        'EUR',
      ),
    ).toBe(0)
  })
})

describe('deleting', () => {
  it('refuses a cost center with orders (deactivate it) and deletes one without, with its buyers', async () => {
    const refused = await refusal(() => deleteCostCenter(db(), callers.jlink!, 'SPEND-1'))
    expect(refused).toMatchObject({ kind: 'conflict', code: 'costcenter.delete.has_orders' })
    const idChange = await refusal(() =>
      updateCostCenter(db(), callers.jlink!, 'SPEND-1', { costCenterId: 'SPEND-2' }),
    )
    expect(idChange.code).toBe('costcenter.id.in_use')
    const off = await updateCostCenter(db(), callers.jlink!, 'SPEND-1', { active: false })
    expect(off.center.active).toBe(false)

    await createCostCenter(db(), callers.jlink!, { costCenterId: 'GONE', name: 'Gone', ownerLogin: 'jlink' })
    await addBuyer(db(), callers.jlink!, 'GONE', { login: 'bbuyer' })
    await deleteCostCenter(db(), callers.jlink!, 'gone')
    expect(await db().select().from(costCenters).where(eq(costCenters.costCenterId, 'GONE'))).toEqual([])
    expect((await refusal(() => deleteCostCenter(db(), callers.jlink!, 'GONE'))).kind).toBe('not-found')
  })
})

describe("a user's cost centers and the basket's", () => {
  it('lists the active cost centers a user buys on or owns', async () => {
    expect(await userCostCenters(db(), callers.ccowner!, '-')).toEqual([
      { costCenterId: '100400', name: 'Baustellenbetrieb Berlin', roles: ['Buyer', 'CostCenterOwner'] },
      { costCenterId: 'CC-OWN', name: 'Own', roles: ['CostCenterOwner'] },
    ])
    expect((await userCostCenters(db(), callers.jlink!, 'bbuyer')).map((c) => c.costCenterId)).toEqual([
      '100400',
    ])
  })

  it('checks the CostCenter scope: required unless optional, and only one the user may still use', async () => {
    const bbuyer = callers.bbuyer!
    const optional = (value: boolean) =>
      db().update(customers).set({ costCenterOptional: value }).where(eq(customers.customerNo, 'BC-200001'))
    // The seed makes Brightline's cost centers optional.
    expect(await costCenterProblem(db(), bbuyer, null)).toBeUndefined()
    await optional(false)
    try {
      expect(await costCenterProblem(db(), bbuyer, null)).toMatchObject({
        code: 'basket.validation.cost_center.missing.error',
      })
      expect(await costCenterProblem(db(), bbuyer, '100400')).toBeUndefined()
      expect(await costCenterProblem(db(), bbuyer, '100500')).toMatchObject({
        code: 'basket.validation.cost_center.not_eligible.error',
      })
      // A deactivated cost center can no longer be used.
      expect(await costCenterProblem(db(), bbuyer, 'SPEND-1')).toMatchObject({
        code: 'basket.validation.cost_center.not_eligible.error',
      })
      // Nothing to choose from: the OCI user is asked for none.
      expect(await costCenterProblem(db(), callers['brightline-oci']!, null)).toBeUndefined()
    } finally {
      await optional(true)
    }
    // Optional: none is fine, but a named one must still be usable.
    expect(await costCenterProblem(db(), bbuyer, '100500')).toMatchObject({
      code: 'basket.validation.cost_center.not_eligible.error',
    })
  })
})

describe('the Value scope', () => {
  it('checks the minimum and maximum order value of the currency', () => {
    expect(orderValueProblem(99, 'EUR')?.code).toBe('basket.validation.order_value.minimum.error')
    expect(orderValueProblem(100, 'EUR')).toBeUndefined()
    expect(orderValueProblem(10_000_000, 'EUR')).toBeUndefined()
    expect(orderValueProblem(10_000_001, 'EUR')?.code).toBe('basket.validation.order_value.maximum.error')
    expect(orderValueProblem(499, 'PLN')?.message).toContain('5.00 PLN')
  })
})
