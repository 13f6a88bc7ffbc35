/**
 * Who may decide a requisition is asked when it is decided, not when it was submitted (issue 31, ADR 0028).
 *
 * - **At the moment of deciding.** A stage's approvers are those `approversOf` names now: active, holding the
 *   stage's permission through their roles now, the cost center's owner now; the account administrators when
 *   nobody else is left. The PATCH of the API, the storefront's pages and a mail's link all decide through
 *   `decideRequisition`, which asks `decidableStages`; a link only reaches the decision, it is no authority.
 * - **Kept current.** The approvers stored with the pending stages (what the approver view lists) are
 *   recomputed in the transaction that changes someone's authority (roles, deactivation, deletion), and the
 *   decision links of whoever is no longer an approver are deleted with it.
 * - **Withdrawn.** A pending requisition ends as REJECTED (ICM knows PENDING, APPROVED, REJECTED only) with
 *   the reason as its `systemRejectErrors`, when its buyer withdraws it or is deactivated or deleted; the buyer
 *   (while their account exists) and its approvers are told (event `requisition.withdrawn`).
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { orders, requisitionLinks, requisitionStages } from '../db/schema'
import type { OrderHead, OrderRow } from './order-types'
import type { ApprovalStage } from './approval'
import { stageApprovers } from './approvers'
import { publish, type WithdrawalReason } from './events'

type StageRow = typeof requisitionStages.$inferSelect

/** The still-pending stages of a pending requisition that `userId` may decide now. */
export async function decidableStages(
  t: Db,
  row: OrderHead,
  stages: readonly StageRow[],
  userId: string,
): Promise<StageRow[]> {
  const open = stages.filter((stage) => stage.statusCode === 'PENDING')
  if (row.approvalStatus !== 'PENDING' || !row.userId || !row.customerNo || !open.length) return []
  const approvers = await stageApprovers(
    t,
    { userId: row.userId, customerNo: row.customerNo, costCenter: row.costCenter },
    open.map((stage) => stage.stage as ApprovalStage),
  )
  return open.filter((stage) =>
    (approvers.get(stage.stage as ApprovalStage) ?? []).some((p) => p.id === userId),
  )
}

/**
 * Recomputes the approvers of every pending stage of the company's pending requisitions, in the caller's
 * transaction after a change of someone's authority, and deletes the decision links of whoever is no longer
 * an approver of the requisition.
 */
export async function refreshPendingApprovers(t: Db, customerNo: string): Promise<void> {
  const pending = await t
    .select()
    .from(orders)
    .where(and(eq(orders.customerNo, customerNo), eq(orders.approvalStatus, 'PENDING')))
  for (const row of pending) {
    const stages = await t
      .select()
      .from(requisitionStages)
      .where(and(eq(requisitionStages.orderId, row.id), eq(requisitionStages.statusCode, 'PENDING')))
    if (!row.userId || !stages.length) continue
    const approvers = await stageApprovers(
      t,
      { userId: row.userId, customerNo, costCenter: row.costCenter },
      stages.map((stage) => stage.stage as ApprovalStage),
    )
    const everyone = new Set<string>()
    for (const stage of stages) {
      const ids = (approvers.get(stage.stage as ApprovalStage) ?? []).map((person) => person.id)
      ids.forEach((id) => everyone.add(id))
      await t
        .update(requisitionStages)
        .set({ approverIds: ids })
        .where(and(eq(requisitionStages.orderId, row.id), eq(requisitionStages.stage, stage.stage)))
    }
    await t
      .delete(requisitionLinks)
      .where(
        and(
          eq(requisitionLinks.orderId, row.id),
          everyone.size ? notInArray(requisitionLinks.approverId, [...everyone]) : undefined,
        ),
      )
  }
}

const WITHDRAWN: Record<WithdrawalReason, { code: string; message: string }> = {
  'buyer-withdrew': {
    code: 'requisition.withdrawn.by_buyer.info',
    message: 'The buyer withdrew the requisition.',
  },
  'buyer-deactivated': {
    code: 'requisition.withdrawn.buyer_deactivated.info',
    message: 'The requisition was withdrawn because the buyer’s account was deactivated.',
  },
  'buyer-deleted': {
    code: 'requisition.withdrawn.buyer_deleted.info',
    message: 'The requisition was withdrawn because the buyer’s account was deleted.',
  },
}

/**
 * Withdraws the pending requisitions among `orderIds` in the caller's transaction (which should hold their
 * rows locked): REJECTED with the reason, the budget they held freed, their links dead, everyone told.
 */
export async function withdrawRequisitions(
  t: Db,
  orderIds: readonly string[],
  reason: WithdrawalReason,
  at = new Date(),
): Promise<OrderRow[]> {
  if (!orderIds.length) return []
  const withdrawn = await t
    .update(orders)
    .set({
      statusCode: 'REJECTED',
      approvalStatus: 'REJECTED',
      approvedAt: at,
      systemRejectErrors: [WITHDRAWN[reason]],
    })
    .where(and(inArray(orders.id, [...orderIds]), eq(orders.approvalStatus, 'PENDING')))
    .returning()
  for (const row of withdrawn) {
    const stages = await t
      .update(requisitionStages)
      .set({ statusCode: 'REJECTED', decidedAt: at })
      .where(and(eq(requisitionStages.orderId, row.id), eq(requisitionStages.statusCode, 'PENDING')))
      .returning()
    await t.delete(requisitionLinks).where(eq(requisitionLinks.orderId, row.id))
    await publish(t, {
      type: 'requisition.withdrawn',
      requisition: row,
      approverIds: [...new Set(stages.flatMap((stage) => stage.approverIds))],
      reason,
    })
  }
  return withdrawn
}

/** Withdraws every pending requisition of the buyer, whose account is being deactivated or deleted. */
export async function withdrawRequisitionsOf(
  t: Db,
  userId: string,
  reason: Extract<WithdrawalReason, 'buyer-deactivated' | 'buyer-deleted'> = 'buyer-deactivated',
  at = new Date(),
) {
  const pending = await t
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.approvalStatus, 'PENDING')))
    .for('update')
  return withdrawRequisitions(
    t,
    pending.map((row) => row.id),
    reason,
    at,
  )
}
