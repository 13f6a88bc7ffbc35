/**
 * The logged-in business user's own budget and cost centers (ICM `customers/-/users/-/budgets` and
 * `customers/-/users/-/costcenters`, the PWA's "load budget of the logged-in user" and user cost centers):
 * personal, never cached.
 */
import { mapUserBudget, UserBudgetSchema, type Budget } from '~/models/budget'
import { UserCostCentersSchema, type UserCostCenter } from '~/models/company'
import { icmCall, type IcmScope } from './icm.server'

/** The user's budget: order limit, budget per period, what was spent of it and what remains. */
export async function ownBudget(scope: IcmScope): Promise<Budget> {
  return mapUserBudget(
    await icmCall(scope, { path: 'customers/-/users/-/budgets', schema: UserBudgetSchema, cache: 'none' }),
  )
}

/** The active cost centers the user buys on or owns, with the user's part in each. */
export async function ownCostCenters(scope: IcmScope): Promise<UserCostCenter[]> {
  const answer = await icmCall(scope, {
    path: 'customers/-/users/-/costcenters',
    schema: UserCostCentersSchema,
    cache: 'none',
  })
  return answer.data.map((center) => ({ id: center.id, name: center.name, roles: center.roles }))
}
