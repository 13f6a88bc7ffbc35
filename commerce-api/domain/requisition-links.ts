/**
 * Deciding a requisition from its mail (issue 18): each approver's mail carries a link with a random secret
 * (only its SHA-256 is stored) that opens a confirmation page without logging in. The link
 *
 * - names one requisition and one approver: used with another requisition it is unknown, as a tampered one is;
 * - works once: the decision uses it up in the decision's own transaction (requisitions.ts `consume`);
 * - expires after REQUISITION_LINK_LIFETIME_SECONDS;
 * - dies with the requisition's decision, whoever made it (the requisition is no longer pending);
 * - is its approver's alone: a caller who is logged in as someone else is refused, so a forwarded mail opened
 *   by a colleague who is signed in to the shop cannot decide in the approver's name;
 * - records the decision as its approver's, with their name, as if they had decided in the shop;
 * - is no authority of its own (ADR 0028): its approver must be an approver of the requisition at the moment
 *   of deciding, as in the shop. A link of someone who lost the role, was deactivated or deleted is invalid.
 *
 * Every other refusal reads the same (requisition.link.invalid.error, 404): a guesser learns nothing.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { orders, requisitionLinks, requisitionStages, users } from '../db/schema'
import { conflictError, DomainError, forbiddenError, notFoundError, refusedError } from './errors'
import { isUuid } from './ids'
import { secretHash } from './password-tokens'
import { decidableStages } from './requisition-authority'
import { MAX_LINK_TOKEN_LENGTH } from './requisition-link-tokens'
import {
  decideRequisition,
  principalOfUser,
  requisitionOf,
  type RequisitionDecision,
  type RequisitionDetail,
} from './requisitions'
import type { OrderRow } from './orders'
import type { Principal } from './tokens'

export const linkInvalid = () =>
  notFoundError(
    'requisition.link.invalid.error',
    'This link is not valid or has already been used. Please open the requisition in the shop.',
  )

const linkExpired = () =>
  refusedError(
    'requisition.link.expired.error',
    'This link has expired. Please open the requisition in the shop to decide on it.',
  )

const otherUser = () =>
  forbiddenError(
    'requisition.link.other_user.error',
    'This link was sent to another approver. Please log out first, or decide in the shop as yourself.',
  )

const decided = (row: OrderRow) =>
  conflictError(
    'requisition.already_decided.error',
    `The requisition has already been ${row.approvalStatus === 'APPROVED' ? 'approved' : 'rejected'}.`,
  )

export type LinkRequest = {
  requisitionId: string
  token: string
  /** Who calls: anonymous, or a logged-in user, who must be the link's approver. */
  caller: Principal | null
}

/** What the decision answers when the link's approver may no longer decide (ADR 0028). */
const NO_LONGER_APPROVER = new Set<string>([
  'requisition.approval.not_approver.error',
  'requisition.not_found.error',
])

/** The link, unused, of this requisition; refuses whatever does not fit (see the file's comment). */
async function usableLink(t: Db, { requisitionId, token, caller }: LinkRequest, now: Date, lock: boolean) {
  if (!isUuid(requisitionId) || !token || token.length > MAX_LINK_TOKEN_LENGTH) throw linkInvalid()
  const query = t
    .select({ link: requisitionLinks, active: users.active })
    .from(requisitionLinks)
    .innerJoin(users, eq(users.id, requisitionLinks.approverId))
    .where(
      and(
        eq(requisitionLinks.hash, secretHash(token)),
        eq(requisitionLinks.orderId, requisitionId),
        isNull(requisitionLinks.usedAt),
      ),
    )
  const [row] = lock ? await query.for('update', { of: requisitionLinks }) : await query
  if (!row || !row.active) throw linkInvalid()
  if (row.link.expiresAt <= now) throw linkExpired()
  // An anonymous shopper's token is nobody's: only a user logged in as someone else is refused.
  if (caller && !caller.anonymous && caller.userId !== row.link.approverId) throw otherUser()
  return row.link
}

/** What the confirmation page shows: the requisition and whose link it is; refuses a link that cannot decide. */
export async function checkRequisitionLink(
  db: Db,
  request: LinkRequest,
  now = new Date(),
): Promise<{
  requisition: RequisitionDetail
  approver: { firstName: string; lastName: string; email: string }
}> {
  const link = await usableLink(db, request, now, false)
  const [row] = await db.select().from(orders).where(eq(orders.id, link.orderId))
  if (!row) throw linkInvalid()
  if (row.approvalStatus !== 'PENDING') throw decided(row)
  const stages = await db.select().from(requisitionStages).where(eq(requisitionStages.orderId, row.id))
  if (!(await decidableStages(db, row, stages, link.approverId)).length) {
    if (stages.some((stage) => stage.decidedBy === link.approverId)) throw decided(row)
    throw linkInvalid()
  }
  const [approver] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, link.approverId))
  return { requisition: await requisitionOf(db, row), approver: approver! }
}

/**
 * Decides the requisition as the link's approver, using the link up in the same transaction. The decision's
 * own rules apply as in the shop (a stage already decided, a rejection without a comment).
 */
export async function decideWithLink(
  db: Db,
  request: LinkRequest,
  decision: RequisitionDecision,
  now = new Date(),
) {
  const link = await usableLink(db, request, now, false)
  const approver = await principalOfUser(db, link.approverId)
  if (!approver) throw linkInvalid()
  try {
    return await decideRequisition(db, approver, request.requisitionId, decision, now, async (t) => {
      const locked = await usableLink(t, request, now, true)
      await t.update(requisitionLinks).set({ usedAt: now }).where(eq(requisitionLinks.hash, locked.hash))
    })
  } catch (error) {
    // Its approver may no longer decide it: the link reads as any other dead link.
    if (error instanceof DomainError && NO_LONGER_APPROVER.has(error.code)) throw linkInvalid()
    throw error
  }
}
