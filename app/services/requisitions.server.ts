/**
 * A business user's requisitions in ICM (`customers/-/users/-/requisitions`, the PWA's `requisitions.service.ts`;
 * issue 18): listed per view and status, read one at a time, decided by an approver. Personal, never cached.
 * The commerce API decides who sees and decides what; the guards here are for navigation.
 */
import { redirect } from '@remix-run/node'
import { z } from 'zod'
import {
  mapRequisition,
  mapRequisitionList,
  mayApprove,
  RequisitionEnvelopeSchema,
  RequisitionListEnvelopeSchema,
  type Requisition,
  type RequisitionBrief,
  type RequisitionDecision,
  type WITHDRAWAL,
  type RequisitionPage,
  type RequisitionStatus,
  type RequisitionView,
  type RequisitionWidgetData,
  type RequisitionWidgets,
} from '~/models/requisition'
import { ORDER_INCLUDE } from '~/models/order'
import { errorPageUrl, requireLogin, type LoggedIn } from './guards.server'
import { notFound } from './http.server'
import { icmCall, IcmError, type IcmProblem, type IcmScope } from './icm.server'
import type { SessionUser } from './session.server'
import type { PageArgs } from './shopper.server'
import { API_CODES } from '~/models/api-codes'

const BASE = 'customers/-/users/-/requisitions'
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`

/** The includes a requisition is read with: everything its page shows, as an order's. */
export const REQUISITION_INCLUDE = ORDER_INCLUDE

/** A page of the user's requisitions in a view and status, newest first. */
export async function listRequisitions(
  scope: IcmScope,
  query: { view: RequisitionView; status?: RequisitionStatus; limit: number; offset: number },
): Promise<RequisitionPage> {
  return mapRequisitionList(
    await icmCall(scope, {
      path: BASE,
      query: { view: query.view, status: query.status, limit: query.limit, offset: query.offset },
      schema: RequisitionListEnvelopeSchema,
      cache: 'none',
    }),
  )
}

/**
 * One requisition with its lines, addresses, shipping and payment, for its buyer or one of its approvers;
 * unknown, someone else's (ICM answers 404, or 403) or not an id at all → a 404 response.
 */
export async function getRequisition(scope: IcmScope, id: string): Promise<Requisition> {
  if (!id || id.length > 100) throw notFound()
  try {
    return mapRequisition(
      await icmCall(scope, {
        path: one(id),
        query: { include: REQUISITION_INCLUDE },
        schema: RequisitionEnvelopeSchema,
        cache: 'none',
      }),
    )
  } catch (error) {
    if (error instanceof IcmError && [400, 403, 404].includes(error.status)) throw notFound()
    throw error
  }
}

/**
 * A decision the API took, or its refusal with the status it answered: 422 (a rejection without comment), 409
 * (decided already, or the approver's own stage is), 403 (their own requisition, or no approval permission),
 * 404 (unknown or foreign), 400. An invalid token (401), timeouts and server errors are thrown on.
 */
export type DecisionResult =
  { ok: true; requisition: Requisition } | { ok: false; status: number; code?: string; errors: IcmProblem[] }

export type { RequisitionWidgetData, RequisitionWidgets }

const REFUSALS = [400, 403, 404, 409, 422]

/**
 * Approves a requisition, or rejects it with the comment for the buyer, or (its buyer) withdraws it
 * (`PATCH … ApprovalStatusChange`).
 */
export async function decideRequisition(
  scope: IcmScope,
  id: string,
  decision: RequisitionDecision | typeof WITHDRAWAL,
): Promise<DecisionResult> {
  const { statusCode } = decision
  const comment = 'comment' in decision ? decision.comment : undefined
  if (!id || id.length > 100)
    return { ok: false, status: 404, code: API_CODES.requisitionNotFound, errors: [] }
  try {
    const answer = await icmCall(scope, {
      method: 'PATCH',
      path: one(id),
      json: {
        type: 'ApprovalStatusChange',
        statusCode,
        ...(comment ? { approvalComment: comment } : {}),
      },
      schema: RequisitionEnvelopeSchema,
      cache: 'none',
    })
    return { ok: true, requisition: mapRequisition(answer) }
  } catch (error) {
    if (!(error instanceof IcmError) || !REFUSALS.includes(error.status)) throw error
    const code = error.code ?? 'error.api.refused'
    return {
      ok: false,
      status: error.status,
      code,
      errors: error.causes.length ? error.causes : [{ code, message: error.message }],
    }
  }
}

/** The logged-in user as ICM knows them, for their e-mail address (who approves a stage is named by it). */
const OwnUserSchema = z.object({ login: z.string(), email: z.string().optional() })

/**
 * The user's e-mail address; undefined when ICM does not say or cannot be asked (the page then offers the
 * decision and lets the API decide). An invalid token (401) is thrown on.
 */
export async function ownEmail(scope: IcmScope): Promise<string | undefined> {
  try {
    const user = await icmCall(scope, { path: 'customers/-/users/-', schema: OwnUserSchema, cache: 'none' })
    return user.email || undefined
  } catch (error) {
    if (error instanceof IcmError && error.status === 401) throw error
    return undefined
  }
}

/**
 * The guard of every requisition page: login (spec org §2), then a business customer (a private customer has
 * no requisitions: the missing-permission page of the organization area, 404), and for the approver view one
 * of the approval permissions (APP_B2B_ORDER_APPROVAL, or EDE_APP_B2B_COSTCENTER_APPROVAL for cost center
 * approval); without it `/error?error=missing-permission&value=APP_B2B_ORDER_APPROVAL`.
 */
export async function requireRequisitionAccess(args: PageArgs, view: RequisitionView): Promise<LoggedIn> {
  const shopper = await requireLogin(args)
  const { user, locale } = shopper
  if (user.customerType !== 'SMBCustomer')
    throw redirect(
      errorPageUrl(
        locale.lang,
        'missing-permission',
        view === 'approver' ? 'APP_B2B_ORDER_APPROVAL' : 'APP_B2B_PURCHASE',
      ),
    )
  if (view === 'approver' && !mayApprove(user))
    throw redirect(errorPageUrl(locale.lang, 'missing-permission', 'APP_B2B_ORDER_APPROVAL'))
  return shopper
}

const briefOf = (requisition: Requisition): RequisitionBrief => ({
  id: requisition.id,
  requisitionNo: requisition.requisitionNo,
  creationDate: requisition.creationDate,
  buyer: requisition.buyer?.name || undefined,
  total: requisition.total,
})

/** The pending requisitions of a view, counted, with the latest; what ICM refuses (403, 404) leaves it out. */
async function pendingOf(scope: IcmScope, view: RequisitionView): Promise<RequisitionWidgetData | null> {
  try {
    const page = await listRequisitions(scope, { view, status: 'PENDING', limit: 1, offset: 0 })
    const latest = page.requisitions[0]
    return { count: page.total, ...(latest ? { latest: briefOf(latest) } : {}) }
  } catch (error) {
    if (error instanceof IcmError && error.status !== 401 && error.status < 500) return null
    throw error
  }
}

/**
 * The data of both requisition widgets for a page that embeds them (the account overview): for a business
 * user their pending requisitions, and with an approval permission those waiting for their approval; null
 * where a widget does not apply or ICM refused it. A private customer's page asks ICM for nothing. An invalid
 * token (401) is thrown on, for the caller's `loginAgainIfRefused`.
 */
export async function requisitionWidgets(
  scope: IcmScope,
  user: Pick<SessionUser, 'customerType' | 'permissions'>,
): Promise<RequisitionWidgets> {
  if (user.customerType !== 'SMBCustomer') return { approval: null, requisition: null }
  const [requisition, approval] = await Promise.all([
    pendingOf(scope, 'buyer'),
    mayApprove(user) ? pendingOf(scope, 'approver') : Promise.resolve(null),
  ])
  return { approval, requisition }
}
