import { z } from 'zod'
import type { Translate } from './messages'
import { formatMoney, MoneySchema, type Money } from './price'

/**
 * Whether a business basket needs approval before it can be ordered (issue 18; ICM's basket `approval`):
 * who approves at each stage — the company's approvers (customer approval) and the cost center's owner (cost
 * center approval) — and why, with the limit, what the order comes to and by how much it goes beyond it. ICM
 * itself names no reasons; the shop's commerce API adds them, and without them the preview names the approvers
 * only.
 */
const ApproverSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
})

const APPROVAL_LIMITS = [
  'orderSpentLimit',
  'userBudget',
  'costCenterBudget',
  'costCenterBuyerBudget',
] as const
export type ApprovalLimit = (typeof APPROVAL_LIMITS)[number]

const ReasonSchema = z.object({
  limit: z.string(),
  stage: z.string().optional(),
  allowed: MoneySchema,
  amount: MoneySchema,
  exceededBy: MoneySchema,
  leftAfter: MoneySchema.optional(),
  // The commerce API's figures apart (issue 32): which total they count, spent, pending and this order.
  priceType: z.enum(['gross', 'net']).optional().catch(undefined),
  spent: MoneySchema.optional(),
  pending: MoneySchema.optional(),
  orderTotal: MoneySchema.optional(),
})

/** Why approval is needed, as the basket's `approval` and a requisition's `approvalStatus` name it. */
export const ApprovalReasonsSchema = z.array(ReasonSchema).default([])

export const BasketApprovalSchema = z
  .object({
    approvalRequired: z.boolean(),
    customerApproval: z.object({ approvers: z.array(ApproverSchema).default([]) }).optional(),
    costCenterApproval: z.object({ approvers: z.array(ApproverSchema).default([]) }).optional(),
    reasons: ApprovalReasonsSchema,
  })
  .optional()

export type ApprovalReason = {
  limit: ApprovalLimit
  allowed: Money
  /** This order (per-order limit), or spent + pending + this order (budgets). */
  amount: Money
  exceededBy: Money
  leftAfter?: Money
  /** Which total of an order the figures are (the customer's budget price type); unknown without it. */
  priceType?: 'gross' | 'net'
  /** Budgets: the period's orders, and the requisitions still pending approval, apart. */
  spent?: Money
  pending?: Money
  /** This order. */
  orderTotal?: Money
}

export type BasketApproval = {
  required: boolean
  reasons: ApprovalReason[]
  /** Names of who decides customer approval and cost center approval; empty where the stage is not needed. */
  customerApprovers: string[]
  costCenterApprovers: string[]
}

const personName = (person: z.infer<typeof ApproverSchema>) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email || ''

const isLimit = (value: string): value is ApprovalLimit =>
  (APPROVAL_LIMITS as readonly string[]).includes(value)

/** The reasons of limits the shop knows (a limit it does not know is left out). */
export const mapApprovalReasons = (reasons: z.infer<typeof ApprovalReasonsSchema>): ApprovalReason[] =>
  reasons.flatMap(({ limit, stage: _stage, ...amounts }) => (isLimit(limit) ? [{ limit, ...amounts }] : []))

/**
 * A reason's figures in words (issue 32), for the review, the requisition's pages and the decision page alike:
 * a budget's spent, pending and this order apart with their sum, a per-order limit's order, each naming the
 * total it counts (net or gross). Without the figures (an API that does not name them): the sum alone.
 */
export function approvalFiguresText(t: Translate, reason: ApprovalReason, localeTag: string): string {
  const money = (value: Money) => formatMoney(value, localeTag)
  if (!reason.priceType || !reason.orderTotal)
    return t('approval.figures.amount', { amount: money(reason.amount) })
  const priceType = t(`approval.price_type.${reason.priceType}`)
  if (reason.spent && reason.pending)
    return t('approval.figures.budget', {
      spent: money(reason.spent),
      pending: money(reason.pending),
      order: money(reason.orderTotal),
      amount: money(reason.amount),
      priceType,
    })
  return t('approval.figures.order', { order: money(reason.orderTotal), priceType })
}

export function mapApproval(approval: z.infer<typeof BasketApprovalSchema>): BasketApproval | undefined {
  if (!approval) return undefined
  return {
    required: approval.approvalRequired,
    reasons: mapApprovalReasons(approval.reasons),
    customerApprovers: (approval.customerApproval?.approvers ?? []).map(personName).filter(Boolean),
    costCenterApprovers: (approval.costCenterApproval?.approvers ?? []).map(personName).filter(Boolean),
  }
}
