/**
 * Requisitions (issue 18, ADR 0019): a business basket that needs approval is submitted as an orders row
 * awaiting approval (orders.ts `createOrder`); here it is listed per view and status, read, and decided.
 *
 * - **Who sees one.** The buyer sees their own (view `buyer`); an approver sees those they may decide (view
 *   `approver`: they are among the approvers of a stage). Anyone else gets requisition.not_found.
 * - **Deciding.** An approver decides every still-pending stage they are an approver of at the moment of
 *   deciding (requisition-authority.ts, ADR 0028): active, holding the stage's permission now; whoever lost it
 *   is refused (requisition.approval.not_approver.error), whichever way they come (API, shop, mail link). Rejecting needs a
 *   comment and ends the requisition (REJECTED frees the pending budget). Approving the last pending stage
 *   places the order for real in the same transaction: the basket is validated again as an order is (scope
 *   All) and must come to the same lines and totals; then stock is taken, the payment authorised and the row
 *   gets its order number. A failed check rejects it as the shop (`systemRejected`) with the reasons.
 * - **Exactly once.** The row is locked for the decision, and a decided requisition refuses another
 *   decision (requisition.already_decided): two approvers clicking at once place one order.
 * - **Withdrawing.** The buyer may withdraw a pending requisition (`withdrawRequisition`).
 */
import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import { baskets, orderDocumentNumbers, orderHead, orders, requisitionStages, users } from '../db/schema'
import { COST_CENTER_APPROVAL, CUSTOMER_APPROVAL, type ApprovalStage } from './approval'
import { companyMembers, fullName, type Person } from './approvers'
import type { BudgetView } from './budgets'
import { isLocale, type Locale } from './channel'
import { findCostCenter } from './cost-centers'
import { conflictError, forbiddenError, notFoundError, refusedError } from './errors'
import { inTransaction, publish } from './events'
import { decidableStages, withdrawRequisitions } from './requisition-authority'
import { isUuid } from './ids'
import {
  completeOrder,
  linesOf,
  lockStock,
  nextNumber,
  type OrderHead,
  type OrderLineRow,
  type OrderRow,
} from './orders'
import { hasPermission, permissionsOf } from './permissions'
import type { Principal } from './tokens'
import { userBudgetView } from './users'
import { validateInTransaction } from './validation'

export const REQUISITION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
export type RequisitionStatus = (typeof REQUISITION_STATUSES)[number]
export const REQUISITION_VIEWS = ['buyer', 'approver'] as const
export type RequisitionViewer = (typeof REQUISITION_VIEWS)[number]

export type StageRow = typeof requisitionStages.$inferSelect

/** A stage as its answer shows it: its approvers by name, and who decided it when with which comment. */
export type StageView = {
  stage: ApprovalStage
  statusCode: RequisitionStatus
  approvers: Person[]
  decidedBy: Person | undefined
  deciderName: string | null
  decidedAt: Date | null
  comment: string | null
}

/** A requisition with its lines (empty in lists), stages, buyer, and the buyer's budget now (detail only). */
export type RequisitionDetail = {
  order: OrderRow
  lines: OrderLineRow[]
  stages: StageView[]
  buyer: Person | undefined
  budget?: BudgetView
  /** The name of the cost center it is ordered on (detail only). */
  costCenterName?: string
}

type BusinessPrincipal = Extract<Principal, { anonymous: false }>

export const requisitionNotFound = (id: string) =>
  notFoundError('requisition.not_found.error', `The requisition '${id}' could not be found.`)

/** Whether the user may see the approver view: the company's approvers and who approves for cost centers. */
export const mayApprove = (principal: Principal) =>
  hasPermission(principal, CUSTOMER_APPROVAL) || hasPermission(principal, COST_CENTER_APPROVAL)

const isRequisition = isNotNull(orders.requisitionNo)

/**
 * The rows whose stages name the user among their approvers; `waiting`: only those with a stage of theirs still
 * to decide (what waits for them, not what waits for another approver after they approved their stage).
 */
const approverOf = (userId: string, waiting = false): SQL =>
  sql`exists (select 1 from ${requisitionStages} where ${requisitionStages.orderId} = ${orders.id} and ${requisitionStages.approverIds} @> ${JSON.stringify([userId])}::jsonb${waiting ? sql` and ${requisitionStages.statusCode} = 'PENDING'` : sql``})`

/**
 * Whose requisitions a view lists: the buyer's own, or those the approver may decide; for an approver, the
 * pending ones are those still waiting for them.
 */
function viewCondition(
  principal: BusinessPrincipal,
  view: RequisitionViewer,
  status?: RequisitionStatus,
): SQL {
  if (view === 'buyer') return and(eq(orders.userId, principal.userId), isRequisition)!
  if (!mayApprove(principal))
    throw forbiddenError(
      'authorization.forbidden',
      'The approver view needs the permission APP_B2B_ORDER_APPROVAL or EDE_APP_B2B_COSTCENTER_APPROVAL.',
    )
  return and(
    eq(orders.customerNo, principal.customerNo),
    isRequisition,
    approverOf(principal.userId, status === 'PENDING'),
  )!
}

/** Stage rows as their answer shows them: their approvers and deciders by name, customer approval first. */
function stageViews(rows: readonly StageRow[], byId: ReadonlyMap<string, Person>): StageView[] {
  // Customer approval first, as the stages are decided and shown.
  const rank = (stage: string) => (stage === 'customer' ? 0 : 1)
  return [...rows]
    .sort((a, b) => rank(a.stage) - rank(b.stage))
    .map((row) => ({
      stage: row.stage as ApprovalStage,
      statusCode: row.statusCode as RequisitionStatus,
      approvers: row.approverIds.flatMap((id) => byId.get(id) ?? []),
      decidedBy: row.decidedBy ? byId.get(row.decidedBy) : undefined,
      deciderName: row.deciderName,
      decidedAt: row.decidedAt,
      comment: row.comment,
    }))
}

/** The company's people by id (buyers, approvers and deciders are all users of the requisition's company). */
const peopleOfCompany = async (db: Db, customerNo: string | null): Promise<Map<string, Person>> =>
  new Map(
    customerNo ? (await companyMembers(db, customerNo)).map((member) => [member.id, member.person]) : [],
  )

/** The rows with their stages and buyer, without lines; `stages`: the rows' stages, if read already. */
async function detailsOf(
  db: Db,
  rows: OrderRow[],
  stages?: readonly StageRow[],
): Promise<RequisitionDetail[]> {
  const stageRows =
    stages ??
    (rows.length
      ? await db
          .select()
          .from(requisitionStages)
          .where(
            inArray(
              requisitionStages.orderId,
              rows.map((row) => row.id),
            ),
          )
      : [])
  const people = new Map<string, Person>()
  for (const customerNo of new Set(rows.map((row) => row.customerNo)))
    for (const [id, person] of await peopleOfCompany(db, customerNo)) people.set(id, person)
  const byOrder = new Map<string, StageRow[]>()
  for (const row of stageRows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row])
  return rows.map((order) => ({
    order,
    lines: [],
    stages: stageViews(byOrder.get(order.id) ?? [], people),
    buyer: order.userId ? people.get(order.userId) : undefined,
  }))
}

export type RequisitionQuery = {
  view: RequisitionViewer
  /** None: every status. */
  status?: RequisitionStatus
  limit: number
  offset: number
}

/**
 * `GET customers/{no}/users/{login}/requisitions?view=&status=`: the caller's requisitions in a view and
 * status, newest first, with their stages and buyer (no lines), and how many there are.
 */
export async function listRequisitions(
  db: Db,
  principal: BusinessPrincipal,
  { view, status, limit, offset }: RequisitionQuery,
): Promise<{ requisitions: RequisitionDetail[]; total: number }> {
  const where = and(
    viewCondition(principal, view, status),
    status ? eq(orders.approvalStatus, status) : undefined,
  )
  const [rows, totals] = await readTogether(db, [
    () =>
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.requisitionNo))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(orders).where(where) as Promise<{ total: number }[]>,
  ])
  return { requisitions: await detailsOf(db, rows), total: Number(totals[0]?.total ?? 0) }
}

/** A requisition the caller may see (their own, or one they approve), for `view`-less reads. */
async function visibleRow(db: Db, principal: BusinessPrincipal, id: string) {
  if (!isUuid(id)) return undefined
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.customerNo, principal.customerNo),
        isRequisition,
        sql`(${eq(orders.userId, principal.userId)} or ${approverOf(principal.userId)})`,
      ),
    )
  return row
}

/**
 * A requisition with lines, stages, buyer and the buyer's budget now; `known`: its stages and lines as the
 * caller has them (not read again).
 */
async function fullDetail(
  db: Db,
  row: OrderRow,
  known: { stages?: readonly StageRow[]; lines?: OrderLineRow[] } = {},
): Promise<RequisitionDetail> {
  const [detail] = await detailsOf(db, [row], known.stages)
  const [lines, buyerRow] = await readTogether(db, [
    () => (known.lines ? Promise.resolve(known.lines) : linesOf(db, row.id)),
    () =>
      row.userId
        ? db.select().from(users).where(eq(users.id, row.userId))
        : Promise.resolve([] as (typeof users.$inferSelect)[]),
  ])
  const [budget, center] = await Promise.all([
    buyerRow[0] ? userBudgetView(db, buyerRow[0]) : undefined,
    row.costCenter && row.customerNo ? findCostCenter(db, row.customerNo, row.costCenter) : undefined,
  ])
  return {
    ...detail!,
    lines,
    ...(budget ? { budget } : {}),
    ...(center ? { costCenterName: center.name } : {}),
  }
}

/** A requisition row as its answer shows it (the answer of `POST orders` that submitted it). */
export const requisitionOf = (db: Db, row: OrderRow) => fullDetail(db, row)

/** `GET …/requisitions/{id}`: the requisition, for its buyer or one of its approvers; anyone else: not found. */
export async function requireRequisition(
  db: Db,
  principal: BusinessPrincipal,
  id: string,
): Promise<RequisitionDetail> {
  const row = await visibleRow(db, principal, id)
  if (!row) throw requisitionNotFound(id)
  return fullDetail(db, row)
}

const alreadyDecided = (row: OrderHead) =>
  conflictError(
    'requisition.already_decided.error',
    `The requisition has already been ${row.approvalStatus === 'APPROVED' ? 'approved' : 'rejected'}.`,
  )

const notApprover = () =>
  forbiddenError(
    'requisition.approval.not_approver.error',
    'You are no longer an approver of this requisition: your permission to approve it was removed.',
  )

/** An approver's decision: approve, or reject with a comment. */
export type RequisitionDecision = { statusCode: 'APPROVED' | 'REJECTED'; comment?: string }

/** How a decision ended. */
export type DecisionOutcome = 'approved' | 'stage-approved' | 'rejected' | 'system-rejected'

export const MAX_APPROVAL_COMMENT = 1000

const commentRequired = () =>
  refusedError('requisition.approval_comment.required.error', 'A rejection needs a comment for the buyer.', [
    {
      code: 'requisition.approval_comment.required.error',
      message: 'A rejection needs a comment for the buyer.',
      paths: ['approvalComment'],
    },
  ])

/** What the shop found when it placed an approved requisition: why it cannot be ordered as submitted. */
type Problem = { code: string; message: string }

/** Lines and totals of the basket now against the requisition as submitted. */
function changesOf(
  row: OrderHead,
  submitted: OrderLineRow[],
  now: { lines: { sku: string; quantity: number }[]; gross: number; net: number },
): Problem[] {
  const key = (items: { sku: string; quantity: number }[]) =>
    items
      .map((l) => `${l.sku}\u0000${l.quantity}`)
      .sort()
      .join('\n')
  if (key(submitted) !== key(now.lines))
    return [
      {
        code: 'requisition.lines.changed.error',
        message: 'The products or quantities are no longer those that were submitted.',
      },
    ]
  if (now.gross !== row.grandTotalGross || (row.grandTotalNet !== null && now.net !== row.grandTotalNet))
    return [
      {
        code: 'requisition.prices.changed.error',
        message: 'The prices have changed since the requisition was submitted.',
      },
    ]
  return []
}

/**
 * A business user acting without a token of their own: the buyer whose basket is validated again at approval,
 * or the approver of a mail's link. Their permissions are read now; `subject` is their tokens' subject.
 */
export async function principalOfUser(
  t: Db,
  userId: string,
  subject = userId,
): Promise<BusinessPrincipal | undefined> {
  const [user] = await t.select().from(users).where(eq(users.id, userId))
  if (!user) return undefined
  return {
    anonymous: false,
    subject,
    token: '',
    userId: user.id,
    customerNo: user.customerNo,
    customerType: 'SMBCustomer',
    login: user.login,
    roleIds: user.roles,
    permissionIds: await permissionsOf(t, user.id),
  }
}

/**
 * Places the approved requisition inside the caller's transaction, which holds its row lock: the basket is
 * validated again as an order is and must come to what was submitted; then the row becomes the order.
 * Returns the problems when it cannot (the caller rejects it as the shop).
 */
async function placeRequisition(
  t: Db,
  row: OrderHead,
  decider: Person,
  at: Date,
): Promise<{ problems: Problem[] } | { problems: []; order: OrderRow; lines: OrderLineRow[] }> {
  const member =
    row.userId && row.customerNo
      ? (await companyMembers(t, row.customerNo)).find((m) => m.id === row.userId)
      : undefined
  if (!member)
    return { problems: [{ code: 'requisition.buyer.missing.error', message: 'The buyer no longer exists.' }] }
  const buyer: BusinessPrincipal = {
    anonymous: false,
    subject: row.owner,
    token: '',
    userId: member.id,
    customerNo: row.customerNo!,
    customerType: 'SMBCustomer',
    login: member.person.login,
    roleIds: member.roles,
    permissionIds: member.permissionIds,
  }
  const [basket] = await t.select().from(baskets).where(eq(baskets.id, row.basketId)).for('update')
  if (!basket)
    return {
      problems: [{ code: 'requisition.basket.missing.error', message: 'The basket no longer exists.' }],
    }
  await lockStock(t, basket.id)
  const locale: Locale = isLocale(row.locale) ? row.locale : 'en_US'
  const { results, state } = await validateInTransaction(t, basket, buyer, locale, {
    scopes: ['All'],
    adjustmentsAllowed: false,
    forOrder: true,
  })
  const submitted = await linesOf(t, row.id)
  const problems = results.valid
    ? changesOf(row, submitted, {
        lines: state.lines,
        gross: state.totals.grand.gross,
        net: state.totals.grand.net,
      })
    : results.errors.map((e) => ({ code: e.code, message: e.message }))
  if (problems.length) return { problems }
  // The stock of the basket's lines, which are those submitted, is locked above.
  const placed = await completeOrder(t, row, {
    lines: submitted,
    stockLocked: true,
    set: {
      documentNumber: await nextNumber(t, orderDocumentNumbers),
      approvalStatus: 'APPROVED',
      approvedAt: at,
      approverName: fullName(decider),
    },
  })
  return { problems: [], ...placed }
}

/**
 * The customer's requisition `id`, locked for the rest of the transaction; a 404 when it has none such. Its
 * snapshot is not read: a decision needs none, and what it answers is the row as the decision wrote it.
 */
async function lockRequisition(t: Db, customerNo: string, id: string): Promise<OrderHead> {
  const [row] = await t
    .select(orderHead)
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.customerNo, customerNo), isRequisition))
    .for('update')
  if (!row) throw requisitionNotFound(id)
  return row
}

/**
 * `PATCH …/requisitions/{id}` (`ApprovalStatusChange`): the caller approves or rejects the stages they may
 * decide; see the file's comment. Returns the requisition after the decision and how it ended.
 */
export async function decideRequisition(
  db: Db,
  principal: BusinessPrincipal,
  id: string,
  decision: RequisitionDecision,
  at = new Date(),
  /**
   * Runs in the decision's transaction once the requisition's row is locked, before anything is decided: a
   * mail link is used up here (requisition-links.ts), so that it works once however often it is sent.
   */
  consume?: (t: Db) => Promise<void>,
): Promise<{ outcome: DecisionOutcome; requisition: RequisitionDetail }> {
  if (!isUuid(id)) throw requisitionNotFound(id)
  const comment = decision.comment?.trim() || null
  if (decision.statusCode === 'REJECTED' && !comment) throw commentRequired()
  // Begun by inTransaction: the decision's mails are rendered right after its commit (mail/deferred.ts).
  const { outcome, row, ...known } = await inTransaction(db, async (t) => {
    const row = await lockRequisition(t, principal.customerNo, id)
    await consume?.(t)
    const stages = await t.select().from(requisitionStages).where(eq(requisitionStages.orderId, row.id))
    const involved = stages.some(
      (stage) => stage.approverIds.includes(principal.userId) || stage.decidedBy === principal.userId,
    )
    // Who may decide is asked now, not as it was at submission (requisition-authority.ts, ADR 0028).
    const open = await decidableStages(t, row, stages, principal.userId)
    if (!open.length) {
      if (row.userId === principal.userId)
        throw forbiddenError('requisition.approval.own.error', 'Nobody approves their own requisition.')
      if (!involved) throw requisitionNotFound(id)
      if (row.approvalStatus !== 'PENDING') throw alreadyDecided(row)
      if (stages.some((stage) => stage.decidedBy === principal.userId))
        throw conflictError(
          'requisition.stage_decided.error',
          'You have already decided on this requisition; it waits for another approver.',
        )
      throw notApprover()
    }
    // The decider is among the stages' approvers now, so a user of the requisition's company.
    const decider = (await companyMembers(t, row.customerNo!)).find((m) => m.id === principal.userId)!.person
    const name = fullName(decider)
    const change = {
      statusCode: decision.statusCode,
      decidedBy: principal.userId,
      deciderName: name,
      decidedAt: at,
      comment,
    }
    await t
      .update(requisitionStages)
      .set(change)
      .where(
        and(
          eq(requisitionStages.orderId, row.id),
          inArray(
            requisitionStages.stage,
            open.map((stage) => stage.stage),
          ),
        ),
      )
    // The stages as they are now, for the answer.
    const decided = stages.map((stage) =>
      open.some((o) => o.stage === stage.stage) ? { ...stage, ...change } : stage,
    )
    const approverIds = [...new Set(stages.flatMap((stage) => stage.approverIds))]
    const reject = async (problems?: Problem[]) => {
      const [rejected] = await t
        .update(orders)
        .set({
          statusCode: 'REJECTED',
          approvalStatus: 'REJECTED',
          approvedAt: at,
          approverName: name,
          systemRejectErrors: problems ?? null,
        })
        .where(eq(orders.id, row.id))
        .returning()
      await publish(t, {
        type: 'requisition.decided',
        requisition: rejected!,
        decider,
        approverIds,
        decision: problems
          ? { outcome: 'system-rejected', problems }
          : { outcome: 'rejected', comment: comment! },
      })
      return rejected!
    }
    if (decision.statusCode === 'REJECTED')
      return { outcome: 'rejected' as const, row: await reject(), stages: decided }
    const stillOpen = decided.filter((stage) => stage.statusCode === 'PENDING')
    if (stillOpen.length) {
      const [whole] = await t.select().from(orders).where(eq(orders.id, row.id))
      return { outcome: 'stage-approved' as const, row: whole!, stages: decided }
    }
    const placed = await placeRequisition(t, row, decider, at)
    if (!('order' in placed))
      return { outcome: 'system-rejected' as const, row: await reject(placed.problems), stages: decided }
    await publish(t, {
      type: 'requisition.decided',
      requisition: placed.order,
      decider,
      approverIds,
      decision: { outcome: 'approved' },
    })
    return { outcome: 'approved' as const, row: placed.order, stages: decided, lines: placed.lines }
  })
  return { outcome, requisition: await fullDetail(db, row, known) }
}

/**
 * The buyer withdraws their own pending requisition (ADR 0028; `PATCH …/requisitions/{id}` with statusCode
 * WITHDRAWN): it ends REJECTED with the reason, nothing is ordered, its approvers' links die and they are told.
 * An approver of it is refused; anyone else does not find it.
 */
export async function withdrawRequisition(
  db: Db,
  principal: BusinessPrincipal,
  id: string,
  at = new Date(),
): Promise<RequisitionDetail> {
  if (!isUuid(id)) throw requisitionNotFound(id)
  const row = await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const row = await lockRequisition(t, principal.customerNo, id)
    if (row.userId !== principal.userId) {
      const stages = await t.select().from(requisitionStages).where(eq(requisitionStages.orderId, row.id))
      if (stages.some((stage) => stage.approverIds.includes(principal.userId)))
        throw forbiddenError(
          'requisition.withdraw.not_buyer.error',
          'Only the buyer can withdraw a requisition; an approver approves or rejects it.',
        )
      throw requisitionNotFound(id)
    }
    if (row.approvalStatus !== 'PENDING') throw alreadyDecided(row)
    const [withdrawn] = await withdrawRequisitions(t, [row.id], 'buyer-withdrew', at)
    return withdrawn!
  })
  return fullDetail(db, row)
}

/** For the account overview's widgets: how many requisitions wait, as buyer and as approver. */
export async function pendingCounts(db: Db, principal: BusinessPrincipal) {
  const pending = eq(orders.approvalStatus, 'PENDING')
  const [[buyer], [approver]] = await Promise.all([
    db
      .select({ total: count() })
      .from(orders)
      .where(and(viewCondition(principal, 'buyer'), pending)),
    mayApprove(principal)
      ? db
          .select({ total: count() })
          .from(orders)
          .where(and(viewCondition(principal, 'approver', 'PENDING'), pending))
      : Promise.resolve([{ total: 0 }]),
  ])
  return { buyer: Number(buyer?.total ?? 0), approver: Number(approver?.total ?? 0) }
}
