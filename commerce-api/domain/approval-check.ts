/**
 * The budgets a business basket is checked against before it is ordered (issue 18), read from the database as
 * of an instant: the buyer's per-order limit and budget, and with a cost center its budget and the buyer's
 * budget on it, each with what the period's orders spent and its pending requisitions hold. The rules that
 * decide on them are approval.ts's.
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { costCenterBuyers, users, type BudgetPeriod } from '../db/schema'
import { approvalReasons, requiredStages, type ApprovalBudgets, type BudgetUse } from './approval'
import {
  customerBudgetPriceType,
  pendingBetween,
  periodBounds,
  spentBetween,
  type BudgetPriceType,
  type SpenderFilter,
} from './budgets'
import { isCurrency, type Currency } from './channel'
import { findCostCenter } from './cost-centers'
import type { Amount } from './money'
import { storedBudgetOf } from './users'

/** What is about to be ordered: by whom, on which cost center, for how much (net and gross, its currency). */
export type ApprovalSubject = {
  userId: string
  customerNo: string
  costCenter: string | null
  total: Amount
  currency: Currency
}

/** A budget's use in its current period; `fallback` is the period counted for a budget without one. */
async function useOf(
  db: Db,
  filter: SpenderFilter,
  budget: { amount: number | null; period: BudgetPeriod | null; currency: Currency },
  fallback: BudgetPeriod,
  priceType: BudgetPriceType,
  at: Date,
): Promise<BudgetUse> {
  const bounds = periodBounds(budget.period ?? fallback, at)
  const [spent, pending] = await Promise.all([
    spentBetween(db, filter, bounds, priceType, budget.currency),
    pendingBetween(db, filter, bounds, priceType, budget.currency),
  ])
  return { currency: budget.currency, budget: budget.amount, period: budget.period, spent, pending }
}

/** The budgets that apply to the subject at `at`; a user or cost center without a limit adds none. */
export async function approvalBudgets(
  db: Db,
  subject: ApprovalSubject,
  at = new Date(),
): Promise<ApprovalBudgets> {
  const priceType = await customerBudgetPriceType(db, subject.customerNo)
  const [user] = await db.select().from(users).where(eq(users.id, subject.userId))
  const budgets: ApprovalBudgets = {}
  if (user) {
    const stored = storedBudgetOf(user)
    budgets.orderSpentLimit = { currency: stored.currency, limit: stored.orderSpentLimit ?? null }
    if (stored.budget !== null)
      budgets.user = await useOf(
        db,
        { userId: user.id },
        { amount: stored.budget, period: stored.budgetPeriod, currency: stored.currency },
        'monthly',
        priceType,
        at,
      )
  }
  const center = subject.costCenter
    ? await findCostCenter(db, subject.customerNo, subject.costCenter)
    : undefined
  if (!center) return budgets
  const currency = isCurrency(center.currency) ? center.currency : subject.currency
  const onCenter = { customerNo: center.customerNo, costCenterId: center.costCenterId }
  if (center.budget !== null)
    budgets.costCenter = await useOf(
      db,
      onCenter,
      { amount: center.budget, period: center.budgetPeriod, currency },
      'yearly',
      priceType,
      at,
    )
  const [buyer] = await db
    .select()
    .from(costCenterBuyers)
    .where(and(eq(costCenterBuyers.costCenterId, center.id), eq(costCenterBuyers.userId, subject.userId)))
  if (buyer && buyer.budget !== null)
    budgets.costCenterBuyer = await useOf(
      db,
      { ...onCenter, userId: subject.userId },
      { amount: buyer.budget, period: buyer.budgetPeriod ?? center.budgetPeriod, currency },
      'yearly',
      priceType,
      at,
    )
  return budgets
}

/** Whether the subject needs approval at `at`, why, and which stages: the basket's `approval`. */
export async function approvalCheck(db: Db, subject: ApprovalSubject, at = new Date()) {
  const priceType = await customerBudgetPriceType(db, subject.customerNo)
  const total = { amount: subject.total[priceType], currency: subject.currency, priceType }
  const reasons = approvalReasons(total, await approvalBudgets(db, subject, at))
  return { required: reasons.length > 0, reasons, stages: requiredStages(reasons) }
}
