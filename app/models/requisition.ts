import '~/browser/account-texts'
import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import { ApprovalReasonsSchema, mapApprovalReasons, type ApprovalReason } from './approval'
import { BudgetPeriodSchema, mapUserBudget, UserBudgetSchema, type Budget } from './budget'
import type { CostCenterRef } from './checkout-basket'
import type { ApiMessage, Translate } from './messages'
import { payableRows, type TotalsRow } from './checkout-totals'
import { mapOrderData, OrderDataSchema, OrderIncludedSchema, type Order } from './order'
import { formatMoney, MoneySchema, type PriceItem } from './price'
import { API_CODES } from '~/models/api-codes'
import { ApiMessageSchema } from './api-message'

/**
 * A requisition (issue 18; spec org §3, §4; ICM `customers/{no}/users/{login}/requisitions`, the PWA's
 * `RequisitionData`): a business basket that needed approval, as it was submitted, plus its number, status,
 * buyer and their budget, why approval was needed, the approval stages with who decided when and why, the
 * shop's own rejection (`systemRejected`) and, once approved, the order it became. Read tolerantly: what a
 * real ICM leaves out (this API's `stages` and `reasons`) falls back to what ICM names.
 */
export const REQUISITION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
export type RequisitionStatus = (typeof REQUISITION_STATUSES)[number]

/** Spec org §9: the lists show pending requisitions unless another status is asked for. */
export const DEFAULT_REQUISITION_STATUS: RequisitionStatus = 'PENDING'

/** Whose requisitions a list shows: the buyer's own, or those the approver decides (spec org §2). */
export const REQUISITION_VIEWS = ['buyer', 'approver'] as const
export type RequisitionView = (typeof REQUISITION_VIEWS)[number]

/** The permissions of who approves: the company's approvers, and who approves for cost centers. */
export const APPROVAL_PERMISSIONS = ['APP_B2B_ORDER_APPROVAL', 'EDE_APP_B2B_COSTCENTER_APPROVAL'] as const

export const REQUISITIONS_PAGE_SIZE = 25
/** The most requisitions one bulk decision posts (one page of the list). */
export const MAX_BULK_DECISIONS = 25
/** The longest approval comment the API keeps. */
export const MAX_APPROVAL_COMMENT = 1000
/** The API reads no offset beyond this. */
const MAX_OFFSET = 1_000_000

export type ApprovalStageName = 'customer' | 'costCenter'

const PersonSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
})

const StageSchema = z.object({
  stage: z.string(),
  statusCode: z.string().optional(),
  approvers: z.array(PersonSchema).default([]),
  approvalDate: z.union([z.number(), z.string()]).optional(),
  decidedBy: PersonSchema.optional(),
  approvalComment: z.string().optional(),
})

const ApprovalStatusSchema = z
  .object({
    status: z.string().optional(),
    statusCode: z.string().optional(),
    approvalDate: z.union([z.number(), z.string()]).optional(),
    approvers: z.array(PersonSchema).default([]),
    approvalComment: z.string().optional(),
    customerApproval: z
      .object({ statusCode: z.string().optional(), approvers: z.array(PersonSchema).default([]) })
      .optional(),
    costCenterApproval: z
      .object({
        statusCode: z.string().optional(),
        approvers: z.array(PersonSchema).default([]),
        costCenterID: z.string().optional(),
        costCenterName: z.string().optional(),
      })
      .optional(),
    stages: z.array(StageSchema).optional(),
    reasons: ApprovalReasonsSchema,
  })
  .default({})

/** The requisition's `data`: the basket's (an order's) fields plus its own. */
export const RequisitionDataSchema = OrderDataSchema.extend({
  requisitionNo: z.string(),
  orderNo: z.string().optional(),
  order: z.object({ itemId: z.string() }).optional(),
  lineItemCount: z.number().optional(),
  totalGross: MoneySchema.optional(),
  totalNet: MoneySchema.optional(),
  userInformation: z
    .object({
      login: z.string().optional(),
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      email: z.string().optional(),
    })
    .optional(),
  userBudgets: UserBudgetSchema.extend({ budgetPeriod: BudgetPeriodSchema.optional().catch(undefined) })
    .optional()
    .catch(undefined),
  approvalStatus: ApprovalStatusSchema,
  systemRejected: z.boolean().optional(),
  systemRejectErrors: z.array(ApiMessageSchema).default([]),
  attributes: z.array(z.object({ name: z.string(), value: z.unknown() })).optional(),
})

/** `GET …/requisitions/{id}?include=…` and the answer of `PATCH …/requisitions/{id}`. */
export const RequisitionEnvelopeSchema = z.object({
  data: RequisitionDataSchema,
  included: OrderIncludedSchema,
  infos: z.array(ApiMessageSchema).optional(),
})

/** `GET …/requisitions?view=&status=&limit=&offset=`: the requisitions without lines, and the page. */
export const RequisitionListEnvelopeSchema = z.object({
  data: z.array(RequisitionDataSchema),
  info: z.object({ limit: z.number(), offset: z.number(), total: z.number() }).optional(),
})

/** Someone who approves: their name (the e-mail address where ICM names nobody), and the address. */
export type Approver = { name: string; email?: string }

/** One stage of the approval: who may decide, its status, and once decided who did, when and why. */
export type RequisitionStage = {
  stage: ApprovalStageName
  status: RequisitionStatus
  approvers: Approver[]
  decidedBy?: string
  /** ISO timestamp. */
  decidedAt?: string
  comment?: string
}

export type Requisition = {
  id: string
  requisitionNo: string
  status: RequisitionStatus
  /** ISO timestamps. */
  creationDate?: string
  approvalDate?: string
  /** Names of who decided it. */
  decidedBy: string[]
  approvalComment?: string
  /** Who submitted it. */
  buyer?: { login?: string; name: string; email?: string }
  /** The buyer's budget now: order limit, budget per period, spent and remaining. */
  budget?: Budget
  costCenter?: CostCenterRef
  /** Why approval is needed (the limits the order goes beyond). */
  reasons: ApprovalReason[]
  /** Customer approval first, then cost center approval, as they are decided. */
  stages: RequisitionStage[]
  lineItemCount: number
  total: PriceItem
  /** The order it became once approved: its id and number. */
  order?: { id: string; documentNumber: string }
  /** Rejected by the shop itself when it could no longer be ordered as submitted, and why. */
  systemRejected: boolean
  systemRejectErrors: ApiMessage[]
  /** The basket as submitted, in the order's shape: lines, addresses, shipping, payment, cost center, totals. */
  details: Order
  infos: ApiMessage[]
}

export type RequisitionPage = { requisitions: Requisition[]; total: number; offset: number; limit: number }

type RequisitionData = z.infer<typeof RequisitionDataSchema>
type Person = z.infer<typeof PersonSchema>

const COST_CENTER_ATTRIBUTE = 'BusinessObjectAttributes#Order_CostCenter'

export const isRequisitionStatus = (value: unknown): value is RequisitionStatus =>
  (REQUISITION_STATUSES as readonly unknown[]).includes(value)

/** ICM's status code, else its lower-case status name; pending when it names neither. */
function statusOf(code: string | undefined, name?: string): RequisitionStatus {
  const upper = (code ?? name ?? '').toUpperCase()
  return isRequisitionStatus(upper) ? upper : DEFAULT_REQUISITION_STATUS
}

const isoOf = (value: string | number | undefined) => {
  if (value === undefined) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

export const approverName = (person: Person) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email || ''

const approverOf = (person: Person): Approver => ({
  name: approverName(person),
  ...(person.email ? { email: person.email } : {}),
})

/**
 * The stages with their decisions (this API's `stages`), or, from ICM's customer and cost center approval, the
 * stages with their approvers and status only.
 */
function stagesOf(approval: RequisitionData['approvalStatus']): RequisitionStage[] {
  if (approval.stages?.length)
    return approval.stages.flatMap((stage) =>
      stage.stage === 'customer' || stage.stage === 'costCenter'
        ? [
            {
              stage: stage.stage,
              status: statusOf(stage.statusCode),
              approvers: stage.approvers.map(approverOf).filter((a) => a.name),
              ...(stage.decidedBy ? { decidedBy: approverName(stage.decidedBy) || undefined } : {}),
              ...(isoOf(stage.approvalDate) ? { decidedAt: isoOf(stage.approvalDate) } : {}),
              ...(stage.approvalComment ? { comment: stage.approvalComment } : {}),
            },
          ]
        : [],
    )
  const stages: RequisitionStage[] = []
  const { customerApproval, costCenterApproval } = approval
  if (customerApproval)
    stages.push({
      stage: 'customer',
      status: statusOf(customerApproval.statusCode),
      approvers: customerApproval.approvers.map(approverOf).filter((a) => a.name),
    })
  if (costCenterApproval)
    stages.push({
      stage: 'costCenter',
      status: statusOf(costCenterApproval.statusCode),
      approvers: costCenterApproval.approvers.map(approverOf).filter((a) => a.name),
    })
  return stages
}

/** The cost center it is ordered on: ICM's attribute (or the basket's field), named by the cost center stage. */
function costCenterOf(data: RequisitionData): CostCenterRef | undefined {
  const attribute = data.attributes?.find((a) => a.name === COST_CENTER_ATTRIBUTE)?.value
  const stage = data.approvalStatus.costCenterApproval
  const id =
    (typeof attribute === 'string' && attribute) || data.costCenter || stage?.costCenterID || undefined
  if (!id) return undefined
  const name =
    stage?.costCenterName && (!stage.costCenterID || stage.costCenterID === id)
      ? stage.costCenterName
      : undefined
  return name ? { id, name } : { id }
}

export function mapRequisitionData(
  data: RequisitionData,
  included: z.infer<typeof OrderIncludedSchema> = {},
  infos: ApiMessage[] = [],
): Requisition {
  const approval = data.approvalStatus
  const details = mapOrderData(data, included)
  const costCenter = costCenterOf(data)
  const status = statusOf(approval.statusCode, approval.status)
  const grand = data.totals.grandTotal
  const user = data.userInformation
  const buyerName = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : ''
  const orderId = data.order?.itemId ?? data.id
  return {
    id: data.id,
    requisitionNo: data.requisitionNo,
    status,
    creationDate: details.creationDate,
    approvalDate: status === 'PENDING' ? undefined : isoOf(approval.approvalDate),
    decidedBy: approval.approvers.map(approverName).filter(Boolean),
    approvalComment: approval.approvalComment || undefined,
    buyer: user
      ? {
          login: user.login,
          name: buyerName || user.login || user.email || '',
          email: user.email,
        }
      : undefined,
    budget: data.userBudgets ? mapUserBudget(data.userBudgets) : undefined,
    costCenter,
    reasons: mapApprovalReasons(approval.reasons),
    stages: stagesOf(approval),
    lineItemCount: data.lineItemCount ?? details.lines.length,
    total: {
      gross: data.totalGross ?? grand.gross,
      net: data.totalNet ?? grand.net,
    },
    order: data.orderNo ? { id: orderId, documentNumber: data.orderNo } : undefined,
    systemRejected:
      data.systemRejected === true || (status === 'REJECTED' && data.systemRejectErrors.length > 0),
    systemRejectErrors: data.systemRejectErrors,
    // Lines of a requisition are not fulfilled: the order it becomes says how its lines are shipped.
    details: {
      ...details,
      costCenter,
      lines: details.lines.map(({ fulfillmentStatus: _fulfillment, ...line }) => line),
    },
    infos,
  }
}

/**
 * A requisition's amounts as every place shows them (issue 32: the approver's list showed the net amount, the
 * mail and its decision page the gross one): the net total, the tax added and the gross total payable, each
 * labelled, from the API's `totalNet` and `totalGross`, whatever price display the viewer has.
 */
export function requisitionTotalsRows(total: PriceItem): TotalsRow[] {
  const cents = Math.round(total.gross.value * 100) - Math.round(total.net.value * 100)
  return payableRows({ tax: { value: cents / 100, currency: total.gross.currency }, total }, 'net')
}

/** The net and the gross amount, each labelled, in one line (lists, widgets). */
export const requisitionAmountsText = (t: Translate, total: PriceItem, localeTag: string) =>
  [
    t('account.requisitions.amount.net', { amount: formatMoney(total.net, localeTag) }),
    t('account.requisitions.amount.gross', { amount: formatMoney(total.gross, localeTag) }),
  ].join(' / ')

export function mapRequisition(envelope: z.infer<typeof RequisitionEnvelopeSchema>): Requisition {
  return mapRequisitionData(envelope.data, envelope.included, envelope.infos)
}

export function mapRequisitionList(envelope: z.infer<typeof RequisitionListEnvelopeSchema>): RequisitionPage {
  const requisitions = envelope.data.map((data) => mapRequisitionData(data))
  return {
    requisitions,
    total: envelope.info?.total ?? requisitions.length,
    offset: envelope.info?.offset ?? 0,
    limit: envelope.info?.limit ?? requisitions.length,
  }
}

/**
 * The status a list's query asks for (`?status=`, spelled in any case); none: pending (spec org §9). Anything
 * else is null: the page answers 400 rather than showing a list the address does not name.
 */
export function requisitionStatusOf(value: string | null): RequisitionStatus | null {
  if (value === null || value === '') return DEFAULT_REQUISITION_STATUS
  const upper = value.toUpperCase()
  return isRequisitionStatus(upper) ? upper : null
}

/** The page a list's query asks for (`?page=`): 1 for anything that is no page number. */
export function requisitionPageOf(value: string | null): number {
  const page = Number(value)
  if (!Number.isSafeInteger(page) || page < 1) return 1
  return Math.min(page, Math.floor(MAX_OFFSET / REQUISITIONS_PAGE_SIZE) + 1)
}

/** The requisition area of the account, a view's list (with its status) and a requisition's page. */
export const requisitionsBase = (lang: string) => `/${lang}/account/requisitions`

export function requisitionListPath(
  lang: string,
  view: RequisitionView,
  { status, page }: { status?: RequisitionStatus; page?: number } = {},
) {
  const query = new URLSearchParams()
  if (status) query.set('status', status)
  if (page && page > 1) query.set('page', String(page))
  return `${requisitionsBase(lang)}/${view}${query.size ? `?${query}` : ''}`
}

export const requisitionPath = (lang: string, view: RequisitionView, id: string) =>
  `${requisitionsBase(lang)}/${view}/${encodeURIComponent(id)}`

/** Whether the user may see the approver view: one of the approval permissions. */
export const mayApprove = (user: { permissions?: string[] } | undefined) =>
  APPROVAL_PERMISSIONS.some((permission) => user?.permissions?.includes(permission) ?? false)

const sameLogin = (a: string | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase()

/**
 * Whether the user decides the requisition now: it is pending, it is not their own, and a stage they approve
 * (named by their e-mail address) is still pending. Without the address, any pending stage: the API decides.
 */
export function mayDecide(
  requisition: Pick<Requisition, 'status' | 'stages' | 'buyer'>,
  user: { login: string; email?: string },
): boolean {
  if (requisition.status !== 'PENDING') return false
  if (sameLogin(requisition.buyer?.login, user.login)) return false
  const pending = requisition.stages.filter((stage) => stage.status === 'PENDING')
  if (!user.email) return pending.length > 0 || requisition.stages.length === 0
  const email = user.email.toLowerCase()
  return pending.some((stage) => stage.approvers.some((approver) => approver.email?.toLowerCase() === email))
}

/**
 * Who a list names for a requisition: who decided it, or while it is pending, the approvers of the stages
 * still pending.
 */
export function approversOf(requisition: Pick<Requisition, 'status' | 'decidedBy' | 'stages'>): string[] {
  const names =
    requisition.status !== 'PENDING' && requisition.decidedBy.length
      ? requisition.decidedBy
      : requisition.stages
          .filter((stage) => stage.status === 'PENDING')
          .flatMap((stage) => stage.approvers.map((approver) => approver.name))
  return [...new Set(names)]
}

/** An approver's decision (`PATCH …/requisitions/{id}` `ApprovalStatusChange`). */
export type RequisitionDecision = { statusCode: 'APPROVED' | 'REJECTED'; comment?: string }

/**
 * The buyer's withdrawal of their own pending requisition: the API's `ApprovalStatusChange` with WITHDRAWN
 * (its extension of ICM's shape, ADR 0028).
 */
export const WITHDRAWAL = { statusCode: 'WITHDRAWN' } as const

/** How a decision ended, as the shopper is told. */
export type DecisionOutcome =
  | { kind: 'approved'; requisitionNo: string; orderNo?: string; orderId?: string }
  | { kind: 'stage-approved'; requisitionNo: string }
  | { kind: 'rejected'; requisitionNo: string }
  | { kind: 'system-rejected'; requisitionNo: string; errors: ApiMessage[] }
  | { kind: 'already-decided'; requisitionNo?: string; code: string }
  | { kind: 'failed'; requisitionNo?: string; errors: ApiMessage[] }

/** What the API's answer to a decision says happened. */
export function decisionOutcomeOf(requisition: Requisition): DecisionOutcome {
  const { requisitionNo } = requisition
  if (requisition.status === 'APPROVED')
    return {
      kind: 'approved',
      requisitionNo,
      orderNo: requisition.order?.documentNumber,
      orderId: requisition.order?.id,
    }
  if (requisition.status === 'PENDING') return { kind: 'stage-approved', requisitionNo }
  if (requisition.systemRejected)
    return { kind: 'system-rejected', requisitionNo, errors: requisition.systemRejectErrors }
  return { kind: 'rejected', requisitionNo }
}

/** The API codes of a shop rejection the shop explains in a sentence of its own. */
const SYSTEM_REJECTION_KEYS: Record<string, string> = {
  [API_CODES.requisitionPricesChanged]: 'account.requisitions.decision.system_rejected.prices',
  [API_CODES.requisitionLinesChanged]: 'account.requisitions.decision.system_rejected.lines',
}

/** A decision's outcome as one sentence: its text key and values (a toast, a line of the bulk results). */
export function decisionMessage(
  outcome: DecisionOutcome,
  t: Translate,
): { key: string; values: Record<string, string> } {
  const number = outcome.requisitionNo ?? ''
  switch (outcome.kind) {
    case 'approved':
      return outcome.orderNo
        ? {
            key: 'account.requisitions.decision.approved_order',
            values: { requisitionNo: number, orderNo: outcome.orderNo },
          }
        : { key: 'account.requisitions.decision.approved', values: { requisitionNo: number } }
    case 'stage-approved':
      return { key: 'account.requisitions.decision.stage_approved', values: { requisitionNo: number } }
    case 'rejected':
      return { key: 'account.requisitions.decision.rejected', values: { requisitionNo: number } }
    case 'system-rejected': {
      const known = outcome.errors.map((e) => SYSTEM_REJECTION_KEYS[e.code]).find(Boolean)
      return {
        key: known ?? 'account.requisitions.decision.system_rejected',
        values: { requisitionNo: number },
      }
    }
    case 'already-decided':
    case 'failed': {
      const problem = outcome.kind === 'already-decided' ? { code: outcome.code } : outcome.errors[0]
      const reason = problem ? failureText(t, problem) : t('error.api.refused')
      return number
        ? { key: 'account.requisitions.decision.problem', values: { requisitionNo: number, reason } }
        : { key: 'account.requisitions.decision.problem_unnamed', values: { reason } }
    }
  }
}

/** A refusal of the API in words: the shop's text for its code, else the shop's general text. */
function failureText(t: Translate, message: ApiMessage): string {
  const text = t(message.code)
  return text !== message.code ? text : t('error.api.refused')
}

/**
 * Why the shop rejected a requisition it could no longer order as submitted: its text for a code it knows
 * (prices or lines changed, a validation rule), else its general text. ICM's own sentence is never shown
 * alone, as it is not in the shopper's language.
 */
export const systemRejectionText = (t: Translate, error: ApiMessage) => {
  const text = t(error.code)
  return text !== error.code ? text : t('account.requisitions.system_rejected.other')
}

/** Approving: the button alone. */
export const approveFormSchema = z.object({ intent: z.literal('approve') })

/** The reason of a rejection: required, at most MAX_APPROVAL_COMMENT characters. */
const commentOf = (t: Translate) =>
  z
    .string({ required_error: t('account.requisitions.comment.error.required') })
    .trim()
    .min(1, t('account.requisitions.comment.error.required'))
    .max(
      MAX_APPROVAL_COMMENT,
      t('account.requisitions.comment.error.too_long', { max: MAX_APPROVAL_COMMENT }),
    )

/** Rejecting: a comment for the buyer is required. */
export const rejectFormSchema = (t: Translate) =>
  z.object({ intent: z.literal('reject'), comment: commentOf(t) })

/** A requisition id as a form posts it: bounded, no spaces or control characters. */
const REQUISITION_ID = /^[\w.:-]{1,100}$/

/**
 * The approver list's bulk decision: the chosen requisitions (at most one page), approved or rejected at once
 * (`intent`); a rejection takes one comment for all of them.
 */
export const bulkDecisionFormSchema = (t: Translate) =>
  z
    .object({
      intent: z.enum(['bulk-approve', 'bulk-reject']),
      ids: z
        .array(z.string().regex(REQUISITION_ID, t('account.requisitions.bulk.error.none_selected')), {
          required_error: t('account.requisitions.bulk.error.none_selected'),
        })
        .min(1, t('account.requisitions.bulk.error.none_selected'))
        .max(MAX_BULK_DECISIONS, t('account.requisitions.bulk.error.limit', { max: MAX_BULK_DECISIONS })),
      comment: z
        .string()
        .trim()
        .max(
          MAX_APPROVAL_COMMENT,
          t('account.requisitions.comment.error.too_long', { max: MAX_APPROVAL_COMMENT }),
        )
        .optional(),
    })
    .refine((form) => form.intent !== 'bulk-reject' || Boolean(form.comment), {
      path: ['comment'],
      message: t('account.requisitions.bulk.error.comment_required'),
    })

/** The approver detail's answer that is no redirect: which form it is about, and its reply. */
export type DecisionAnswer = {
  intent: 'approve' | 'reject'
  result: SubmissionResult<string[]>
}

/** The approver list's answer to a bulk decision: what happened to each requisition, in the order chosen. */
export type BulkAnswer = {
  result: SubmissionResult<string[]>
  outcomes?: DecisionOutcome[]
}

/** What a widget tells about one requisition: enough for a line and a link. */
export type RequisitionBrief = {
  id: string
  requisitionNo: string
  creationDate?: string
  buyer?: string
  total: PriceItem
}

/** A requisition widget's data: how many are pending in the view, and the latest of them. */
export type RequisitionWidgetData = { count: number; latest?: RequisitionBrief }

export type RequisitionWidgets = {
  /** For approvers (spec org §2 "approval widget"): the requisitions waiting for their approval. */
  approval: RequisitionWidgetData | null
  /** For buyers (spec org §2 "requisition widget"): their own requisitions waiting for approval. */
  requisition: RequisitionWidgetData | null
}

/** A list's heading and crumb: the buyer's "Requisitions", the approver's "Approvals" (spec org §2). */
export const LIST_TITLE_KEYS: Record<RequisitionView, string> = {
  buyer: 'account.requisitions.buyer.title',
  approver: 'account.requisitions.approver.title',
}

/** One row of a list: what its columns show. */
export type RequisitionRow = {
  id: string
  requisitionNo: string
  creationDate?: string
  buyer?: string
  total: PriceItem
  status: RequisitionStatus
  approvalDate?: string
  approvers: string[]
  lineItemCount: number
}

export const requisitionRowOf = (requisition: Requisition): RequisitionRow => ({
  id: requisition.id,
  requisitionNo: requisition.requisitionNo,
  creationDate: requisition.creationDate,
  buyer: requisition.buyer?.name || undefined,
  total: requisition.total,
  status: requisition.status,
  approvalDate: requisition.approvalDate,
  approvers: approversOf(requisition),
  lineItemCount: requisition.lineItemCount,
})
