/**
 * Cost centers in ICM's shapes (the PWA's `cost-center.interface.ts` / `cost-center.model.ts` and
 * `user-cost-center.model.ts`): the list `{data:[Link], info}` of the costcenter.v2 media type, one cost
 * center with owner, budget, spent and remaining, buyers and orders, and a user's eligible cost centers.
 * Amounts are ICM Money (decimals); inside the API they are minor units.
 */
import type { Currency } from '../domain/channel'
import type {
  BudgetState,
  CostCenterOrder,
  CostCenterSummary,
  CostCenterView,
  UserCostCenter,
} from '../domain/cost-centers'
import { money } from './money'

/** The media type the PWA asks the list for (`Accept: application/vnd.intershop.costcenter.v2+json`). */
export const COST_CENTER_V2 = 'application/vnd.intershop.costcenter.v2+json'

const moneyOf = (minor: number, currency: string) => money(minor, currency as Currency)

/** The owner as ICM names them on a cost center (`costCenterOwner`); none: an empty login. */
const ownerJson = (owner: CostCenterSummary['owner']) =>
  owner
    ? { login: owner.login, firstName: owner.firstName, lastName: owner.lastName, email: owner.email }
    : { login: '' }

/**
 * A Link to one cost center, as the list answers it: `itemId` is the cost center's `id` (what its own answer
 * carries and its path accepts), and its list columns are typed attributes (the PWA's
 * `CostCenterMapper.fromListData` reads costCenterId, name, active, costCenterOwner, the budget's values and
 * the order counts from them).
 */
export function costCenterLink(site: string, customerNo: string, summary: CostCenterSummary) {
  const { center } = summary
  const budget = budgetJson(summary.budget)
  const amount = (name: 'budget' | 'spentBudget' | 'remainingBudget') =>
    budget[name] ? [{ name, type: 'MoneyRO', value: budget[name] }] : []
  return {
    type: 'Link' as const,
    uri: `${site}/-/customers/${customerNo}/costcenters/${center.id}`,
    title: center.name,
    itemId: center.id,
    attributes: [
      { name: 'costCenterId', type: 'String', value: center.costCenterId },
      { name: 'name', type: 'String', value: center.name },
      { name: 'active', type: 'Boolean', value: center.active },
      { name: 'costCenterOwner', type: 'Object', value: ownerJson(summary.owner) },
      ...amount('budget'),
      ...(budget.budgetPeriod ? [{ name: 'budgetPeriod', type: 'String', value: budget.budgetPeriod }] : []),
      ...amount('spentBudget'),
      ...amount('remainingBudget'),
      { name: 'pendingOrders', type: 'Integer', value: summary.pendingOrders },
      { name: 'approvedOrders', type: 'Integer', value: summary.approvedOrders },
    ],
  }
}

/** `GET customers/{no}/costcenters`: a page of Links and its paging info. */
export function costCenterListJson(
  site: string,
  customerNo: string,
  page: { items: CostCenterSummary[]; total: number; offset: number; limit: number },
) {
  return {
    data: page.items.map((item) => costCenterLink(site, customerNo, item)),
    info: { limit: page.limit, offset: page.offset, total: page.total },
  }
}

/** Budget, period, spent and remaining as ICM names them; a missing budget leaves budget and remaining out. */
function budgetJson(state: BudgetState) {
  return {
    ...(state.budget !== null ? { budget: moneyOf(state.budget, state.currency) } : {}),
    ...(state.period ? { budgetPeriod: state.period } : {}),
    spentBudget: moneyOf(state.spent, state.currency),
    ...(state.remaining !== null ? { remainingBudget: moneyOf(state.remaining, state.currency) } : {}),
  }
}

/** A date as ICM's cost center orders carry it: [year, month, day, hour, minute, second] (UTC). */
const dateParts = (date: Date) => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
  date.getUTCHours(),
  date.getUTCMinutes(),
  date.getUTCSeconds(),
]

function orderJson(order: CostCenterOrder) {
  const attribute = (name: string, value: string) => ({ name, type: 'String', value })
  return {
    orderNo: order.documentNumber,
    orderDate: dateParts(order.createdAt),
    orderStatus: order.statusCode,
    items: order.items,
    buyer: {
      attributes: [
        attribute('login', order.buyer.login),
        attribute('firstName', order.buyer.firstName),
        attribute('lastName', order.buyer.lastName),
      ],
    },
    orderTotalGross: moneyOf(order.gross, order.currency),
    orderTotalNet: moneyOf(order.net, order.currency),
  }
}

/** `GET customers/{no}/costcenters/{id}` (`CostCenterData`), also the answer of every change. */
export function costCenterJson(view: CostCenterView) {
  const { center, owner } = view
  return {
    id: center.id,
    costCenterId: center.costCenterId,
    name: center.name,
    active: center.active,
    costCenterOwner: ownerJson(owner),
    ...budgetJson(view.budget),
    pendingOrders: view.pendingOrders,
    approvedOrders: view.approvedOrders,
    buyers: view.buyers.map(({ person, budget }) => ({
      login: person.login,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      ...budgetJson(budget),
    })),
    orders: view.orders.map(orderJson),
  }
}

/** `GET customers/{no}/users/{login}/costcenters`: `{data:[UserCostCenter]}`, `id` the costCenterId. */
export function userCostCentersJson(list: UserCostCenter[]) {
  return { data: list.map((c) => ({ id: c.costCenterId, name: c.name, roles: c.roles })) }
}

/** An ICM Money value as minor units: at most two decimals, else undefined. */
export function minorOf(value: number): number | undefined {
  const minor = Math.round(value * 100)
  return Number.isSafeInteger(minor) && Math.abs(value * 100 - minor) < 1e-6 ? minor : undefined
}
