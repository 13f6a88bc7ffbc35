import type { BudgetPeriod, BudgetView, PeriodSpending } from '../domain/budgets'
import type { Currency } from '../domain/channel'
import type { Minor } from '../domain/money'
import { money } from './money'

/**
 * ICM's UserBudget (`customers/{no}/users/{login}/budgets`, the PWA's `user-budget.model.ts`): Money values in
 * the budget's currency. `budget` and `orderSpentLimit` are left out when there is no limit; `spentBudget`
 * is always there (the PWA fills in a zero itself when it is missing); `remainingBudget` only with a budget.
 */
export function userBudgetJson(view: BudgetView) {
  return {
    budget: view.budget === null ? undefined : money(view.budget, view.currency),
    budgetPeriod: view.budgetPeriod ?? undefined,
    orderSpentLimit: view.orderSpentLimit === null ? undefined : money(view.orderSpentLimit, view.currency),
    remainingBudget: view.remaining === null ? undefined : money(view.remaining, view.currency),
    spentBudget: money(view.spent, view.currency),
  }
}

/**
 * The same budget as the typed attributes of a user list's Link (`B2bUserMapper.fromListData`):
 * `{name, type:'MoneyRO', value:{currency, value}}` for amounts, `String` for the period.
 */
export function userBudgetAttributes(view: BudgetView) {
  const amount = (name: string, minor: number | null) =>
    minor === null ? [] : [{ name, type: 'MoneyRO', value: money(minor, view.currency) }]
  return [
    ...(view.budgetPeriod ? [{ name: 'budgetPeriod', type: 'String', value: view.budgetPeriod }] : []),
    ...amount('orderSpentLimit', view.orderSpentLimit),
    ...amount('budget', view.budget),
    ...amount('remainingBudget', view.remaining),
    ...amount('spentBudget', view.spent),
  ]
}

/** A day of a period's bounds as `YYYY-MM-DD` (UTC): the first day, and the last day of the half-open end. */
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10)

/**
 * A budget's spending per period (`…/budgets/history`): not an ICM resource but an extension of this API for the
 * budget chart, in ICM's manner (Money values, ICM's period names). A storefront on a real ICM, which answers
 * 404, shows no chart. `budget` is left out without a limit, as in UserBudget.
 */
export function budgetHistoryJson(
  budget: { budget: Minor | null; budgetPeriod: BudgetPeriod | null; currency: Currency },
  history: PeriodSpending[],
  countedPeriod: BudgetPeriod,
) {
  return {
    type: 'BudgetHistory' as const,
    budgetPeriod: budget.budgetPeriod ?? undefined,
    countedPeriod,
    periods: history.map(({ period, spent }) => ({
      fromDate: dayOf(period.start),
      toDate: dayOf(new Date(period.end.getTime() - 1)),
      budget: budget.budget === null ? undefined : money(budget.budget, budget.currency),
      spentBudget: money(spent, budget.currency),
    })),
  }
}
