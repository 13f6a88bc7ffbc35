/**
 * The approval check over the database without HTTP (issue 18): the seeded Kestrel buyer `tkestrel` has a
 * per-order limit of 1,200.00 EUR and 3,000.00 EUR a month, buys on cost center K-10 (30,000.00 EUR a quarter)
 * with 2,000.00 EUR a month of his own there. Orders and pending requisitions are rows of this test, in March
 * 2026, long before the seed's order history.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { orders } from '../db/schema'
import { insertOrderRow, seededTestDatabase, userIdsByLogin } from '../db/test-database'
import { approvalBudgets, approvalCheck, type ApprovalSubject } from './approval-check'

let database: Database
let buyer: string
const AT = new Date('2026-03-20T12:00:00Z')
const eur = (amount: number) => amount * 100

beforeAll(async () => {
  database = await seededTestDatabase()
  buyer = (await userIdsByLogin(database.db)).tkestrel!
})
afterAll(async () => {
  await database?.close()
})
afterEach(async () => {
  await database.db.delete(orders).where(eq(orders.userId, buyer))
})

/** A basket of the buyer for `gross` EUR (net at 19 %), on K-10 unless told otherwise. */
const basket = (gross: number, costCenter: string | null = 'K-10'): ApprovalSubject => ({
  userId: buyer,
  customerNo: 'BC-200002',
  costCenter,
  total: { gross: eur(gross), net: Math.round(eur(gross) / 1.19) },
  currency: 'EUR',
})

const placed = (createdAt: string, gross: number, statusCode = 'NEW', costCenter: string | null = 'K-10') =>
  insertOrderRow(database.db, {
    userId: buyer,
    customerNo: 'BC-200002',
    createdAt,
    gross: eur(gross),
    statusCode,
    costCenter,
  })

describe('the approval check', () => {
  it('reads the buyer’s, the cost center’s and the buyer-on-cost-center budgets with spent and pending', async () => {
    await placed('2026-03-02T08:00:00Z', 400)
    await placed('2026-03-03T08:00:00Z', 250, 'PENDING_APPROVAL')
    await placed('2026-03-04T08:00:00Z', 100, 'REJECTED')
    await placed('2026-02-27T08:00:00Z', 900) // last month: not the user's or the buyer's, but the quarter's
    const budgets = await approvalBudgets(database.db, basket(10), AT)
    expect(budgets).toEqual({
      orderSpentLimit: { currency: 'EUR', limit: eur(1_200) },
      user: { currency: 'EUR', budget: eur(3_000), period: 'monthly', spent: eur(400), pending: eur(250) },
      costCenter: {
        currency: 'EUR',
        budget: eur(30_000),
        period: 'quarterly',
        spent: eur(1_300),
        pending: eur(250),
      },
      costCenterBuyer: {
        currency: 'EUR',
        budget: eur(2_000),
        period: 'monthly',
        spent: eur(400),
        pending: eur(250),
      },
    })
  })

  it('lets a basket within every limit be ordered directly', async () => {
    expect(await approvalCheck(database.db, basket(1_000), AT)).toEqual({
      required: false,
      reasons: [],
      stages: [],
    })
  })

  it('needs customer approval above the per-order limit, counting gross (the customer’s price type)', async () => {
    const check = await approvalCheck(database.db, basket(1_200.01), AT)
    expect(check.stages).toEqual(['customer'])
    expect(check.reasons).toEqual([expect.objectContaining({ limit: 'orderSpentLimit', exceededBy: 1 })])
  })

  it('counts pending requisitions: two baskets that each fit the buyer’s budget on K-10 do not both go through', async () => {
    await placed('2026-03-05T08:00:00Z', 1_100, 'PENDING_APPROVAL')
    const check = await approvalCheck(database.db, basket(1_000), AT)
    expect(check.reasons.map((reason) => reason.limit)).toEqual(['costCenterBuyerBudget'])
    expect(check.stages).toEqual(['costCenter'])
    expect(check.reasons[0]).toMatchObject({ amount: eur(2_100), exceededBy: eur(100), leftAfter: -eur(100) })
  })

  it('starts afresh in the next period: the March spending does not count on April 1st', async () => {
    await placed('2026-03-10T08:00:00Z', 1_150)
    await placed('2026-03-11T08:00:00Z', 1_150)
    expect(
      (await approvalCheck(database.db, basket(1_000), new Date('2026-03-31T23:59:59Z'))).stages,
    ).toEqual(['customer', 'costCenter'])
    expect((await approvalCheck(database.db, basket(1_000), new Date('2026-04-01T00:00:00Z'))).required).toBe(
      false,
    )
  })

  it('without a cost center asks only the buyer’s own limits', async () => {
    await placed('2026-03-10T08:00:00Z', 1_900)
    const check = await approvalCheck(database.db, basket(1_150, null), AT)
    expect(check.reasons.map((reason) => reason.limit)).toEqual(['userBudget'])
  })
})
