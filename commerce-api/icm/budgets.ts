import type { BudgetView } from '../domain/budgets'
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
