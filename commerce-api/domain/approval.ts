/**
 * When a business basket needs approval (issue 18; commerce-and-checkout §4 "Submitting an order" step 3,
 * §6 "baskets requiring approval become requisitions"): the rules as plain functions over budget states, so
 * that the basket's `approval`, the review step's preview and the requisition's approval stages all ask the
 * same question.
 *
 * - **Customer approval** (an approver of the company decides) when the order is above the buyer's per-order
 *   limit (`orderSpentLimit`) or takes the buyer's spending for the period above their budget.
 * - **Cost center approval** (the cost center's owner decides) when the order takes the cost center's
 *   spending for its period above the cost center's budget, or the buyer's spending on the cost center above
 *   the buyer's budget there.
 * - Spending counts the orders of the period (budgets.ts) plus the requisitions still pending approval: two
 *   orders that each fit but together do not are not both let through.
 * - Every amount is in the customer's budget price type and is converted into each budget's own currency
 *   once, in whole minor units (budgets.ts convertMinor), before it is compared: exact integer arithmetic.
 */
import type { BudgetPeriod } from '../db/schema'
import { convertMinor, type BudgetPriceType } from './budgets'
import type { Currency } from './channel'
import type { Minor } from './money'

/** Which limit an order goes beyond. */
export type ApprovalLimit = 'orderSpentLimit' | 'userBudget' | 'costCenterBudget' | 'costCenterBuyerBudget'

/** Who has to approve for a limit: the company's approvers, or the cost center's owner. */
export type ApprovalStage = 'customer' | 'costCenter'

export const STAGE_OF: Record<ApprovalLimit, ApprovalStage> = {
  orderSpentLimit: 'customer',
  userBudget: 'customer',
  costCenterBudget: 'costCenter',
  costCenterBuyerBudget: 'costCenter',
}

/** A budget as the rules compare against it: its amount (null: no limit), and what is already used of it. */
export type BudgetUse = {
  currency: Currency
  budget: Minor | null
  period: BudgetPeriod | null
  /** Orders of the current period (budgets.ts `spent`). */
  spent: Minor
  /** Requisitions of the current period still pending approval. */
  pending: Minor
}

/**
 * Why approval is needed: the limit, what it allows, what the order with what was used would come to, and
 * which of the order's totals (net or gross, the customer's `budgetPriceType`) every figure counts. What was
 * spent, what pending requisitions hold and this order stay apart (issue 32): spent is what was ordered.
 */
export type ApprovalReason = {
  limit: ApprovalLimit
  stage: ApprovalStage
  currency: Currency
  /** Which total of an order the figures are: the customer's budget price type. */
  priceType: BudgetPriceType
  /** The limit's amount: the per-order limit, or the period's budget. */
  allowed: Minor
  /** This order's total (per-order limit), or spent + pending + this order (budgets). */
  amount: Minor
  /** Budgets: the period's orders; per-order limits: none. */
  spent: Minor | null
  /** Budgets: the period's requisitions still pending approval; per-order limits: none. */
  pending: Minor | null
  /** This order's total, in the limit's currency. */
  order: Minor
  /** amount − allowed: by how much the limit is exceeded (always > 0). */
  exceededBy: Minor
  /** What would be left of the budget after this order (negative: overrun); per-order limits: none. */
  leftAfter: Minor | null
}

/** The budgets one basket is checked against; absent ones have no limit. */
export type ApprovalBudgets = {
  /** The buyer's per-order limit, in the currency of their budget. */
  orderSpentLimit?: { currency: Currency; limit: Minor | null }
  user?: BudgetUse
  costCenter?: BudgetUse
  /** The buyer's own budget on the basket's cost center. */
  costCenterBuyer?: BudgetUse
}

/** The basket's total in the customer's budget price type (which it names), in the basket's currency. */
export type OrderTotal = { amount: Minor; currency: Currency; priceType: BudgetPriceType }

function budgetReason(
  limit: Exclude<ApprovalLimit, 'orderSpentLimit'>,
  use: BudgetUse | undefined,
  total: OrderTotal,
): ApprovalReason | undefined {
  if (!use || use.budget === null) return undefined
  const order = convertMinor(total.amount, total.currency, use.currency)
  const amount = use.spent + use.pending + order
  if (amount <= use.budget) return undefined
  return {
    limit,
    stage: STAGE_OF[limit],
    currency: use.currency,
    priceType: total.priceType,
    allowed: use.budget,
    amount,
    spent: use.spent,
    pending: use.pending,
    order,
    exceededBy: amount - use.budget,
    leftAfter: use.budget - amount,
  }
}

/**
 * The reasons an order of this total needs approval, customer approval first; none: it may be ordered
 * directly. An order exactly at a limit needs none.
 */
export function approvalReasons(total: OrderTotal, budgets: ApprovalBudgets): ApprovalReason[] {
  const reasons: ApprovalReason[] = []
  const perOrder = budgets.orderSpentLimit
  if (perOrder && perOrder.limit !== null) {
    const amount = convertMinor(total.amount, total.currency, perOrder.currency)
    if (amount > perOrder.limit)
      reasons.push({
        limit: 'orderSpentLimit',
        stage: 'customer',
        currency: perOrder.currency,
        priceType: total.priceType,
        allowed: perOrder.limit,
        amount,
        spent: null,
        pending: null,
        order: amount,
        exceededBy: amount - perOrder.limit,
        leftAfter: null,
      })
  }
  for (const reason of [
    budgetReason('userBudget', budgets.user, total),
    budgetReason('costCenterBudget', budgets.costCenter, total),
    budgetReason('costCenterBuyerBudget', budgets.costCenterBuyer, total),
  ])
    if (reason) reasons.push(reason)
  return reasons
}

/** The approval stages the reasons call for, in the order they are decided: customer, then cost center. */
export const requiredStages = (reasons: readonly ApprovalReason[]): ApprovalStage[] =>
  (['customer', 'costCenter'] as const).filter((stage) => reasons.some((reason) => reason.stage === stage))

/** A user of the company as approver determination sees them. */
export type Candidate = { id: string; active: boolean; permissionIds: readonly string[] }

/** The permission of the company's approvers (ICM's approver role) and of cost center approval. */
export const CUSTOMER_APPROVAL = 'APP_B2B_ORDER_APPROVAL'
export const COST_CENTER_APPROVAL = 'EDE_APP_B2B_COSTCENTER_APPROVAL'
/** The account administrators' permission: who decides a stage when nobody else can (ADR 0028). */
export const ACCOUNT_ADMINISTRATION = 'APP_B2B_MANAGE_USERS'

/**
 * Who decides a stage. Customer approval: every active user with the approver permission. Cost center
 * approval: the cost center's owner when active and holding cost center approval; when the owner cannot (the
 * buyer owns the cost center, or it has no usable owner) the company's approvers decide it instead, so that an
 * overrun of a cost center is never waved through. Nobody approves their own order: the buyer is never among
 * the approvers. When nobody with the stage's permission is left (the only approver was deleted, deactivated
 * or lost the role), the company's active account administrators decide it as the last resort (ADR 0028), so a
 * requisition never waits for nobody. An empty list means nobody at all can decide the stage.
 */
export function approversOf(
  stage: ApprovalStage,
  buyerId: string,
  people: readonly Candidate[],
  costCenterOwnerId?: string | null,
): string[] {
  const may = (person: Candidate, permission: string) =>
    person.active && person.id !== buyerId && person.permissionIds.includes(permission)
  const holding = (permission: string) =>
    people.filter((person) => may(person, permission)).map((person) => person.id)
  const customerApprovers = () => {
    const approvers = holding(CUSTOMER_APPROVAL)
    return approvers.length ? approvers : holding(ACCOUNT_ADMINISTRATION)
  }
  if (stage === 'customer') return customerApprovers()
  const owner = people.find((person) => person.id === costCenterOwnerId)
  return owner && may(owner, COST_CENTER_APPROVAL) ? [owner.id] : customerApprovers()
}
