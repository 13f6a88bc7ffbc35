/**
 * Budgets (ICM's UserBudget, and the cost centers' and buyers' budgets that build on it): a budget per period
 * (weekly, monthly, quarterly, yearly), what was spent in the current period, what remains, and the most one
 * order may cost. Everything is integer minor units of the budget's currency (domain/money.ts).
 *
 * - Periods are calendar periods in UTC with exact boundaries, half-open `[start, end)`: ISO weeks (Monday
 *   00:00 to the next Monday 00:00), calendar months, quarters (Jan, Apr, Jul, Oct) and years.
 * - Spent is the sum of the orders placed in the period, in the customer's budget price type (gross by
 *   default, `customers.budgetPriceType`): orders.grandTotalGross or orders.grandTotalNet. Cancelled orders,
 *   rolled back order creations and rejected or still pending requisitions do not count; what pending
 *   requisitions hold is a sum of its own (`pendingBetween`), which the approval check adds (approval.ts).
 * - Orders in another currency count converted with the channel's exchange rates (each currency's sum once,
 *   rounded half away from zero), as the catalog's prices are derived from EUR with the same rates.
 * - Remaining is budget − spent and may be negative: an overrun (a budget lowered after ordering, or orders
 *   approved beyond it) is shown, not hidden behind a 0 that would look like "exactly used up".
 */
import { and, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { orders, type BudgetPeriod } from '../db/schema'
import { EXCHANGE_RATES, isCurrency, type Currency } from './channel'
import type { Minor } from './money'
import { customerRow } from './customers'

export type { BudgetPeriod } from '../db/schema'

export const BUDGET_PERIODS = ['weekly', 'monthly', 'quarterly', 'yearly'] as const satisfies BudgetPeriod[]

export const isBudgetPeriod = (value: unknown): value is BudgetPeriod =>
  typeof value === 'string' && (BUDGET_PERIODS as readonly string[]).includes(value)

/** Which order total a customer's budgets count (`customers.budgetPriceType`). */
export type BudgetPriceType = 'gross' | 'net'

/** The customer's budget price type; anything but `net` is ICM's default, gross. */
export const budgetPriceTypeOf = (value: string | null | undefined): BudgetPriceType =>
  value === 'net' ? 'net' : 'gross'

/** The budget price type of a customer (an unknown customer: gross). */
export async function customerBudgetPriceType(db: Db, customerNo: string): Promise<BudgetPriceType> {
  return budgetPriceTypeOf((await customerRow(db, customerNo))?.budgetPriceType)
}

/** The largest budget or order limit the API keeps: 1,000,000,000.00 in any currency. */
export const MAX_BUDGET_MINOR: Minor = 100_000_000_000

/** A budget period in time: `start` inclusive, `end` exclusive, both UTC instants. */
export type PeriodBounds = { start: Date; end: Date }

const utc = (year: number, month: number, day = 1) => new Date(Date.UTC(year, month, day))

/** The calendar period (UTC) of the kind that contains the instant. */
export function periodBounds(period: BudgetPeriod, at: Date): PeriodBounds {
  const year = at.getUTCFullYear()
  const month = at.getUTCMonth()
  switch (period) {
    case 'weekly': {
      // ISO weeks start on Monday: getUTCDay() is 0 for Sunday, which belongs to the week begun six days ago.
      const sinceMonday = (at.getUTCDay() + 6) % 7
      const start = utc(year, month, at.getUTCDate() - sinceMonday)
      return { start, end: utc(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 7) }
    }
    case 'monthly':
      return { start: utc(year, month), end: utc(year, month + 1) }
    case 'quarterly': {
      const first = month - (month % 3)
      return { start: utc(year, first), end: utc(year, first + 3) }
    }
    case 'yearly':
      return { start: utc(year, 0), end: utc(year + 1, 0) }
  }
}

/**
 * Order states that do not spend a budget: cancelled orders and rolled back creations (a failed redirect
 * payment), rejected requisitions, and requisitions still pending approval (counted apart, as pending).
 */
export const UNCOUNTED_STATUS_CODES = ['CANCELLED', 'REJECTED', 'PENDING_APPROVAL'] as const
const UNCOUNTED_CREATIONS = ['ROLLED_BACK']

/** Whose orders a budget counts: one user's, or the orders placed on one cost center of a customer. */
export type SpenderFilter =
  | { userId: string }
  | { customerNo: string; costCenterId: string }
  | { customerNo: string; costCenterId: string; userId: string }

/** Converts a sum from one channel currency into another, rounded to whole minor units. */
export function convertMinor(amount: Minor, from: Currency, to: Currency): Minor {
  if (from === to) return amount
  const converted = (amount * EXCHANGE_RATES[to]) / EXCHANGE_RATES[from]
  return Math.sign(converted) * Math.round(Math.abs(converted))
}

/** The order total a budget counts in its price type (orders before issue 17 may lack a net total: gross). */
const orderTotal = (priceType: BudgetPriceType) =>
  priceType === 'net'
    ? sql`coalesce(${orders.grandTotalNet}, ${orders.grandTotalGross})`
    : sql`${orders.grandTotalGross}`

/** Orders placed in the period that spend a budget. */
const countedIn = ({ start, end }: PeriodBounds): SQL[] => [
  gte(orders.createdAt, start),
  lt(orders.createdAt, end),
  notInArray(orders.statusCode, [...UNCOUNTED_STATUS_CODES]),
  notInArray(orders.orderCreation, UNCOUNTED_CREATIONS),
]

function spenderCondition(filter: SpenderFilter): SQL {
  const conditions: SQL[] = []
  if ('userId' in filter) conditions.push(eq(orders.userId, filter.userId))
  if ('costCenterId' in filter)
    conditions.push(
      eq(orders.customerNo, filter.customerNo),
      eq(sql`lower(${orders.costCenter})`, filter.costCenterId.toLowerCase()),
    )
  return and(...conditions)!
}

/** Requisitions submitted in the period that still wait for approval: what the budget spends if approved. */
const pendingIn = ({ start, end }: PeriodBounds): SQL[] => [
  gte(orders.createdAt, start),
  lt(orders.createdAt, end),
  eq(orders.statusCode, 'PENDING_APPROVAL'),
]

/** What the spender's orders placed in `[start, end)` cost, in the price type and in `currency`. */
export const spentBetween = (
  db: Db,
  filter: SpenderFilter,
  period: PeriodBounds,
  priceType: BudgetPriceType,
  currency: Currency,
) => sumOf(db, and(spenderCondition(filter), ...countedIn(period))!, priceType, currency)

/** What the spender's requisitions of `[start, end)` still pending approval come to (issue 18). */
export const pendingBetween = (
  db: Db,
  filter: SpenderFilter,
  period: PeriodBounds,
  priceType: BudgetPriceType,
  currency: Currency,
) => sumOf(db, and(spenderCondition(filter), ...pendingIn(period))!, priceType, currency)

/** The orders' totals in the price type, each currency's sum converted once into `currency`. */
async function sumOf(db: Db, where: SQL, priceType: BudgetPriceType, currency: Currency): Promise<Minor> {
  const rows = await db
    .select({ currency: orders.currency, sum: sql<string>`coalesce(sum(${orderTotal(priceType)}), 0)::text` })
    .from(orders)
    .where(where)
    .groupBy(orders.currency)
  let spent = 0
  for (const row of rows) {
    const amount = Number(row.sum)
    spent += isCurrency(row.currency) ? convertMinor(amount, row.currency, currency) : 0
  }
  return spent
}

/** A budget as stored (a user's, a cost center's or a buyer's); null amounts: no limit. */
export type StoredBudget = {
  budget: Minor | null
  budgetPeriod: BudgetPeriod | null
  orderSpentLimit?: Minor | null
  currency: Currency
}

/** A budget with what was spent and remains in its current period (ICM's UserBudget, in minor units). */
export type BudgetView = {
  currency: Currency
  budget: Minor | null
  budgetPeriod: BudgetPeriod | null
  orderSpentLimit: Minor | null
  spent: Minor
  /** budget − spent (negative when overrun); null without a budget. */
  remaining: Minor | null
  /** The current period; null without a budget period. */
  period: PeriodBounds | null
}

/**
 * The budget's state at an instant: spent counts the spender's orders of the current period. A budget without
 * a period counts the current month, so that spending shows even before a period is chosen.
 */
export async function budgetView(
  db: Db,
  filter: SpenderFilter,
  stored: StoredBudget,
  priceType: BudgetPriceType,
  at: Date = new Date(),
): Promise<BudgetView> {
  const period = periodBounds(stored.budgetPeriod ?? 'monthly', at)
  const spent = await spentBetween(db, filter, period, priceType, stored.currency)
  return {
    currency: stored.currency,
    budget: stored.budget,
    budgetPeriod: stored.budgetPeriod,
    orderSpentLimit: stored.orderSpentLimit ?? null,
    spent,
    remaining: stored.budget === null ? null : stored.budget - spent,
    period: stored.budgetPeriod ? period : null,
  }
}

/** Whether one order of this total is above the per-order limit (no limit: never). */
export const exceedsOrderSpentLimit = (view: Pick<BudgetView, 'orderSpentLimit'>, total: Minor) =>
  view.orderSpentLimit !== null && total > view.orderSpentLimit

/** Whether an order of this total would take the period's spending above the budget (no budget: never). */
export const exceedsBudget = (view: Pick<BudgetView, 'budget' | 'spent'>, total: Minor) =>
  view.budget !== null && view.spent + total > view.budget

/** The spent amounts of many users at once (user lists), each in its own currency and period. */
export async function spentOfUsers(
  db: Db,
  budgets: { userId: string; stored: StoredBudget }[],
  priceType: BudgetPriceType,
  at: Date = new Date(),
): Promise<Map<string, BudgetView>> {
  const views = new Map<string, BudgetView>()
  // One query per period kind; the user list of a company is bounded, and most users share one period.
  const byPeriod = new Map<BudgetPeriod, typeof budgets>()
  for (const entry of budgets) {
    const kind = entry.stored.budgetPeriod ?? 'monthly'
    byPeriod.set(kind, [...(byPeriod.get(kind) ?? []), entry])
  }
  for (const [kind, entries] of byPeriod) {
    const bounds = periodBounds(kind, at)
    const rows = await db
      .select({
        userId: orders.userId,
        currency: orders.currency,
        sum: sql<string>`coalesce(sum(${orderTotal(priceType)}), 0)::text`,
      })
      .from(orders)
      .where(
        and(
          inArray(
            orders.userId,
            entries.map((entry) => entry.userId),
          ),
          ...countedIn(bounds),
        ),
      )
      .groupBy(orders.userId, orders.currency)
    for (const { userId, stored } of entries) {
      let spent = 0
      for (const row of rows)
        if (row.userId === userId && isCurrency(row.currency))
          spent += convertMinor(Number(row.sum), row.currency, stored.currency)
      views.set(userId, {
        currency: stored.currency,
        budget: stored.budget,
        budgetPeriod: stored.budgetPeriod,
        orderSpentLimit: stored.orderSpentLimit ?? null,
        spent,
        remaining: stored.budget === null ? null : stored.budget - spent,
        period: stored.budgetPeriod ? bounds : null,
      })
    }
  }
  return views
}

/** The most periods one budget history covers: two years of months, five years of quarters. */
export const MAX_HISTORY_PERIODS = 24

/** One period of a budget's history: its bounds, the budget that applies and what was spent in it. */
export type PeriodSpending = { period: PeriodBounds; spent: Minor }

/** The `count` periods up to and including the one containing `at`, oldest first. */
export function recentPeriods(kind: BudgetPeriod, count: number, at: Date): PeriodBounds[] {
  const periods: PeriodBounds[] = []
  let current = periodBounds(kind, at)
  for (let i = 0; i < count; i++) {
    periods.unshift(current)
    current = periodBounds(kind, new Date(current.start.getTime() - 1))
  }
  return periods
}

/**
 * What the spender spent in each of the last `count` periods of the budget's kind (a budget without a period:
 * months), counted as the current period's spent amount is. The budget of past periods is today's: budgets keep
 * no history of their own changes.
 */
export async function spendingHistory(
  db: Db,
  filter: SpenderFilter,
  kind: BudgetPeriod | null,
  count: number,
  priceType: BudgetPriceType,
  currency: Currency,
  at: Date = new Date(),
): Promise<PeriodSpending[]> {
  const periods = recentPeriods(kind ?? 'monthly', Math.min(Math.max(count, 1), MAX_HISTORY_PERIODS), at)
  return Promise.all(
    periods.map(async (period) => ({
      period,
      spent: await spentBetween(db, filter, period, priceType, currency),
    })),
  )
}
