/**
 * Budgets without HTTP (issue 17): exact UTC period boundaries, spent amounts from real order rows in the
 * customer's price type, which orders count, currencies, remaining and the per-order limit.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { orders, users } from '../db/schema'
import { insertOrderRow, seededTestDatabase } from '../db/test-database'
import {
  budgetPriceTypeOf,
  budgetView,
  convertMinor,
  exceedsBudget,
  exceedsOrderSpentLimit,
  periodBounds,
  recentPeriods,
  spendingHistory,
  spentBetween,
  spentOfUsers,
} from './budgets'

let database: Database
let userId: string

const at = (iso: string) => new Date(iso)
const bounds = (period: Parameters<typeof periodBounds>[0], iso: string) => {
  const { start, end } = periodBounds(period, at(iso))
  return [start.toISOString(), end.toISOString()]
}

beforeAll(async () => {
  database = await seededTestDatabase()
  // A user of Kestrel with no orders of their own in the seed: every order below is this test's.
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.login, 'tkestrel'))
  userId = row!.id
})
afterAll(async () => {
  await database?.close()
})

/** An order row of the test user, placed at an instant, with its totals in minor units. */
const order = (
  createdAt: string,
  gross: number,
  options: Omit<Parameters<typeof insertOrderRow>[1], 'userId' | 'customerNo' | 'createdAt' | 'gross'> = {},
) => insertOrderRow(database.db, { userId, customerNo: 'BC-200002', createdAt, gross, ...options })

const clearOrders = () => database.db.delete(orders).where(eq(orders.userId, userId))

describe('budget periods', () => {
  // [period, moment, start, end]: ISO weeks from Monday 00:00 UTC, calendar months, quarters and years in
  // UTC, half-open. 2026-03-01 is a Sunday; ISO week 1 of 2026 starts on Monday 2025-12-29.
  it.each([
    ['weekly', '2026-03-01T23:59:59.999Z', '2026-02-23T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ['weekly', '2026-03-02T00:00:00.000Z', '2026-03-02T00:00:00.000Z', '2026-03-09T00:00:00.000Z'],
    ['weekly', '2026-01-01T12:00:00Z', '2025-12-29T00:00:00.000Z', '2026-01-05T00:00:00.000Z'],
    ['monthly', '2024-02-29T23:59:59Z', '2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ['monthly', '2025-12-31T23:59:59.999Z', '2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ['quarterly', '2026-03-31T23:59:59.999Z', '2026-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['quarterly', '2026-04-01T00:00:00Z', '2026-04-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'],
    ['quarterly', '2026-12-15T00:00:00Z', '2026-10-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['yearly', '2025-12-31T23:59:59.999Z', '2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
  ] as const)('%s at %s runs from %s to %s', (period, moment, from, to) => {
    expect(bounds(period, moment)).toEqual([from, to])
  })
})

describe('spent budget', () => {
  it('counts the orders of the current week only: Sunday 23:59 vs Monday 00:00', async () => {
    await clearOrders()
    await order('2026-03-01T23:59:59.999Z', 10_000) // Sunday: last week
    await order('2026-03-02T00:00:00.000Z', 2_500) // Monday: this week
    await order('2026-03-08T23:59:59.000Z', 1_000) // Sunday: this week
    await order('2026-03-09T00:00:00.000Z', 7_000) // next Monday: next week
    const view = await budgetView(
      database.db,
      { userId },
      { budget: 5_000, budgetPeriod: 'weekly', orderSpentLimit: 3_000, currency: 'EUR' },
      'gross',
      at('2026-03-04T10:00:00Z'),
    )
    expect(view).toMatchObject({ spent: 3_500, remaining: 1_500, budget: 5_000, orderSpentLimit: 3_000 })
    expect(view.period?.start.toISOString()).toBe('2026-03-02T00:00:00.000Z')
  })

  it('restarts at the turn of the year (Dec 31 vs Jan 1) and at quarter ends', async () => {
    await clearOrders()
    await order('2025-12-31T23:59:59.999Z', 40_000)
    await order('2026-01-01T00:00:00.000Z', 1_234)
    await order('2026-03-31T23:59:59.999Z', 100)
    await order('2026-04-01T00:00:00.000Z', 9_999)
    const stored = { budget: 50_000, budgetPeriod: 'yearly' as const, currency: 'EUR' as const }
    const yearly = await budgetView(database.db, { userId }, stored, 'gross', at('2026-06-01T00:00:00Z'))
    expect(yearly.spent).toBe(1_234 + 100 + 9_999)
    const lastYear = await budgetView(database.db, { userId }, stored, 'gross', at('2025-12-31T23:59:59Z'))
    expect(lastYear.spent).toBe(40_000)
    const q1 = { ...stored, budgetPeriod: 'quarterly' as const }
    expect((await budgetView(database.db, { userId }, q1, 'gross', at('2026-02-10T00:00:00Z'))).spent).toBe(
      1_334,
    )
    expect((await budgetView(database.db, { userId }, q1, 'gross', at('2026-04-01T00:00:00Z'))).spent).toBe(
      9_999,
    )
  })

  it('counts gross or net totals by the customer’s budget price type (gross by default)', async () => {
    await clearOrders()
    await order('2026-05-05T08:00:00Z', 11_900, { net: 10_000 })
    await order('2026-05-06T08:00:00Z', 5_950, { net: 5_000 })
    const period = periodBounds('monthly', at('2026-05-20T00:00:00Z'))
    expect(await spentBetween(database.db, { userId }, period, 'gross', 'EUR')).toBe(17_850)
    expect(await spentBetween(database.db, { userId }, period, 'net', 'EUR')).toBe(15_000)
    expect(budgetPriceTypeOf(undefined)).toBe('gross')
    expect(budgetPriceTypeOf('net')).toBe('net')
  })

  it('leaves out cancelled, rolled back, rejected and pending orders; counts orders awaiting payment', async () => {
    await clearOrders()
    await order('2026-05-05T08:00:00Z', 1_000)
    await order('2026-05-05T09:00:00Z', 2_000, { statusCode: 'CANCELLED', orderCreation: 'ROLLED_BACK' })
    await order('2026-05-05T10:00:00Z', 4_000, { statusCode: 'REJECTED' })
    await order('2026-05-05T11:00:00Z', 8_000, { statusCode: 'PENDING_APPROVAL' })
    await order('2026-05-05T12:00:00Z', 16_000, { statusCode: 'PENDING_PAYMENT', orderCreation: 'STOPPED' })
    await order('2026-05-05T13:00:00Z', 32_000, { statusCode: 'COMPLETED' })
    const period = periodBounds('monthly', at('2026-05-20T00:00:00Z'))
    expect(await spentBetween(database.db, { userId }, period, 'gross', 'EUR')).toBe(1_000 + 16_000 + 32_000)
  })

  it('converts orders in another currency once per currency, in exact minor units', async () => {
    await clearOrders()
    await order('2026-05-05T08:00:00Z', 1_000)
    await order('2026-05-05T09:00:00Z', 1_080, { currency: 'USD' })
    await order('2026-05-05T10:00:00Z', 1_080, { currency: 'USD' })
    const period = periodBounds('monthly', at('2026-05-20T00:00:00Z'))
    expect(await spentBetween(database.db, { userId }, period, 'gross', 'EUR')).toBe(1_000 + 2_000)
    expect(convertMinor(1_000, 'EUR', 'PLN')).toBe(4_300)
    expect(convertMinor(1, 'PLN', 'EUR')).toBe(0)
  })

  it('counts the orders placed on a cost center, whoever placed them', async () => {
    await clearOrders()
    await order('2026-05-05T08:00:00Z', 1_500, { costCenter: 'CC-TEST' })
    await order('2026-05-05T09:00:00Z', 700)
    const period = periodBounds('monthly', at('2026-05-20T00:00:00Z'))
    const filter = { customerNo: 'BC-200002', costCenterId: 'cc-test' }
    expect(await spentBetween(database.db, filter, period, 'gross', 'EUR')).toBe(1_500)
  })

  it('lets remaining go negative when spending overran the budget, and checks the per-order limit', async () => {
    await clearOrders()
    await order('2026-05-05T08:00:00Z', 12_000)
    const stored = {
      budget: 10_000,
      budgetPeriod: 'monthly' as const,
      orderSpentLimit: 5_000,
      currency: 'EUR' as const,
    }
    const view = await budgetView(database.db, { userId }, stored, 'gross', at('2026-05-20T00:00:00Z'))
    expect(view.remaining).toBe(-2_000)
    expect(exceedsOrderSpentLimit(view, 5_000)).toBe(false)
    expect(exceedsOrderSpentLimit(view, 5_001)).toBe(true)
    expect(exceedsBudget(view, 1)).toBe(true)
    const unlimited = await budgetView(
      database.db,
      { userId },
      { budget: null, budgetPeriod: null, currency: 'EUR' },
      'gross',
      at('2026-05-20T00:00:00Z'),
    )
    expect(unlimited).toMatchObject({ remaining: null, spent: 12_000, period: null })
    expect(exceedsBudget(unlimited, 1_000_000)).toBe(false)
    expect(exceedsOrderSpentLimit(unlimited, 1_000_000)).toBe(false)
  })

  it('sums many users at once like one at a time', async () => {
    await clearOrders()
    await order('2026-05-05T08:00:00Z', 3_000)
    await order('2026-04-30T23:59:59.999Z', 9_000)
    const stored = { budget: 10_000, budgetPeriod: 'monthly' as const, currency: 'EUR' as const }
    const views = await spentOfUsers(database.db, [{ userId, stored }], 'gross', at('2026-05-20T00:00:00Z'))
    expect(views.get(userId)).toMatchObject({ spent: 3_000, remaining: 7_000 })
  })

  it('gives the spending of the last periods, oldest first, across a year boundary', async () => {
    await clearOrders()
    await order('2025-11-30T23:59:59.999Z', 1_000) // before the three months asked for
    await order('2025-12-01T00:00:00.000Z', 2_000)
    await order('2025-12-31T23:59:59.999Z', 3_000)
    await order('2026-01-01T00:00:00.000Z', 4_000)
    await order('2026-02-10T12:00:00.000Z', 5_000, { statusCode: 'CANCELLED' })
    const history = await spendingHistory(
      database.db,
      { userId },
      'monthly',
      3,
      'gross',
      'EUR',
      at('2026-02-15T00:00:00Z'),
    )
    expect(history.map((h) => [h.period.start.toISOString().slice(0, 10), h.spent])).toEqual([
      ['2025-12-01', 5_000],
      ['2026-01-01', 4_000],
      ['2026-02-01', 0],
    ])
  })

  it('walks back whole periods of every kind, and caps how many', () => {
    const starts = (kind: Parameters<typeof recentPeriods>[0], count: number, iso: string) =>
      recentPeriods(kind, count, at(iso)).map((p) => p.start.toISOString().slice(0, 10))
    expect(starts('weekly', 3, '2026-01-01T10:00:00Z')).toEqual(['2025-12-15', '2025-12-22', '2025-12-29'])
    expect(starts('quarterly', 2, '2026-04-01T00:00:00Z')).toEqual(['2026-01-01', '2026-04-01'])
    expect(starts('yearly', 2, '2026-06-01T00:00:00Z')).toEqual(['2025-01-01', '2026-01-01'])
    for (const [a, b] of recentPeriods('monthly', 12, at('2026-03-15T00:00:00Z')).entries())
      if (a > 0)
        expect(b.start.getTime()).toBe(
          recentPeriods('monthly', 12, at('2026-03-15T00:00:00Z'))[a - 1]!.end.getTime(),
        )
  })
})
