import { BudgetHistorySchema, mapBudgetHistory, type BudgetHistory } from '~/models/budget'
import { icmCall, IcmError, type IcmScope } from './icm.server'

/** How many periods the budget chart shows: the current one and the five before it. */
export const CHART_PERIODS = 6

/**
 * A budget's spending per period for the chart (the commerce API's `…/budgets/history` extension). A backend
 * without it (a real ICM answers 404, or 405) gives no history and the page leaves the chart out; whether the
 * shopper may see the budget at all was decided by the page's own calls.
 */
async function historyAt(scope: IcmScope, path: string): Promise<BudgetHistory | null> {
  try {
    return mapBudgetHistory(
      await icmCall(scope, {
        path,
        query: { periods: CHART_PERIODS },
        schema: BudgetHistorySchema,
        cache: 'none',
      }),
    )
  } catch (error) {
    if (error instanceof IcmError && [403, 404, 405].includes(error.status)) return null
    throw error
  }
}

/** A user's budget history (`customers/{no}/users/{login}/budgets/history`; '-' for the logged-in user). */
export const userBudgetHistory = (scope: IcmScope, customerNo: string, login: string) =>
  historyAt(
    scope,
    `customers/${encodeURIComponent(customerNo)}/users/${encodeURIComponent(login)}/budgets/history`,
  )

/** A cost center's budget history (`customers/{no}/costcenters/{id}/budgets/history`). */
export const costCenterBudgetHistory = (scope: IcmScope, customerNo: string, costCenterId: string) =>
  historyAt(
    scope,
    `customers/${encodeURIComponent(customerNo)}/costcenters/${encodeURIComponent(costCenterId)}/budgets/history`,
  )
