/**
 * What the requisition pages' loaders and actions do (issue 18, spec org §2): the buyer's and the approver's
 * lists per status with paging, a requisition's page, an approver's decision on it, and the approver list's
 * bulk decision. The route modules call these with their view.
 */
import { data, redirect } from '@remix-run/node'
import { messageText } from '~/models/messages'
import {
  approveFormSchema,
  LIST_TITLE_KEYS,
  bulkDecisionFormSchema,
  decisionMessage,
  decisionOutcomeOf,
  mayApprove,
  mayDecide,
  REQUISITIONS_PAGE_SIZE,
  requisitionRowOf,
  rejectFormSchema,
  requisitionPageOf,
  requisitionPath,
  requisitionStatusOf,
  systemRejectionText,
  type BulkAnswer,
  type DecisionAnswer,
  type DecisionOutcome,
  type RequisitionStatus,
  type RequisitionView,
  WITHDRAWAL,
} from '~/models/requisition'
import { namedCostCenter } from './basket-cost-center.server'
import { formText, parseSubmission, readForm } from './form.server'
import { errorPageUrl, loginAgainIfRefused, type LoggedIn } from './guards.server'
import { notFound, privateHeaders } from './http.server'
import { fixedT } from './i18n.server'
import { IcmError, type IcmProblem } from './icm.server'
import {
  decideRequisition,
  getRequisition,
  listRequisitions,
  ownEmail,
  requireRequisitionAccess,
} from './requisitions.server'
import type { PageArgs } from './shopper.server'
import { redirectWithToast } from './toast.server'
import { API_CODES } from '~/models/api-codes'

/** The status a list's query names; anything else is a 400 page (not a list the address does not name). */
function statusOfQuery(query: URLSearchParams): RequisitionStatus {
  const status = requisitionStatusOf(query.get('status'))
  if (!status) throw new Response(null, { status: 400, statusText: 'Bad Request' })
  return status
}

/** An approver view ICM refuses (the permission was taken away meanwhile): the missing-permission page. */
async function orMissingPermission<T>(shopper: LoggedIn, call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (error instanceof IcmError && error.status === 403)
      throw redirect(errorPageUrl(shopper.locale.lang, 'missing-permission', 'APP_B2B_ORDER_APPROVAL'))
    throw error
  }
}

/**
 * A list (`buyer`, `approver`): the status from `?status=` (pending by default, spec org §9), 25 a page
 * (`?page=`), newest first. The status is part of every link of the page, so each view and status is a list of
 * its own (spec org §3).
 */
export async function requisitionList(args: PageArgs, view: RequisitionView) {
  const shopper = await requireRequisitionAccess(args, view)
  const { locale, scope, user } = shopper
  const t = fixedT(locale.id)
  const query = new URL(args.request.url).searchParams
  const status = statusOfQuery(query)
  const page = requisitionPageOf(query.get('page'))
  const list = await loginAgainIfRefused(
    args.request,
    shopper,
    orMissingPermission(
      shopper,
      listRequisitions(scope, {
        view,
        status,
        limit: REQUISITIONS_PAGE_SIZE,
        offset: (page - 1) * REQUISITIONS_PAGE_SIZE,
      }),
    ),
  )
  return data(
    {
      title: t(LIST_TITLE_KEYS[view]),
      view,
      status,
      page,
      pages: Math.max(1, Math.ceil(list.total / REQUISITIONS_PAGE_SIZE)),
      total: list.total,
      rows: list.requisitions.map(requisitionRowOf),
      mayApprove: mayApprove(user),
      /** The approver list's pending requisitions are decided from the list. */
      bulk: view === 'approver' && status === 'PENDING',
    },
    { headers: privateHeaders() },
  )
}

/**
 * A requisition's page in a view: its buyer sees their own (someone else's is not found in the buyer view);
 * an approver sees the requisitions they approve, and decides while a stage of theirs is pending.
 */
export async function requisitionDetail(args: PageArgs, view: RequisitionView) {
  const shopper = await requireRequisitionAccess(args, view)
  const { locale, scope, user } = shopper
  const t = fixedT(locale.id)
  const id = args.params.requisitionId ?? ''
  const [found, email] = await loginAgainIfRefused(
    args.request,
    shopper,
    Promise.all([getRequisition(scope, id), view === 'approver' ? ownEmail(scope) : undefined]),
  )
  const buyerLogin = found.buyer?.login
  if (view === 'buyer' && buyerLogin && buyerLogin.toLowerCase() !== user.login.toLowerCase())
    throw notFound()
  const costCenter =
    found.costCenter && !found.costCenter.name
      ? await namedCostCenter(shopper, found.costCenter)
      : found.costCenter
  const requisition = { ...found, costCenter, details: { ...found.details, costCenter } }
  return data(
    {
      title: t('account.requisitions.detail.title', { number: requisition.requisitionNo }),
      view,
      requisition,
      mayDecide: view === 'approver' && mayDecide(requisition, { login: user.login, email }),
      /** The buyer may withdraw their own requisition while it waits (ADR 0028). */
      mayWithdraw: view === 'buyer' && requisition.status === 'PENDING',
      mayApprove: mayApprove(user),
    },
    { headers: privateHeaders() },
  )
}

/** The API's reasons split into what the comment field is about and the form's own. */
function reasonsOf(problems: IcmProblem[], t: (key: string) => string) {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const problem of problems) {
    const text = messageText(t, problem)
    if (problem.paths?.some((path) => path === 'approvalComment')) (fieldErrors.comment ??= []).push(text)
    else formErrors.push(text)
  }
  return { fieldErrors, formErrors }
}

/**
 * An approver's decision on the requisition's page (`intent` approve or reject; a rejection needs a comment,
 * checked here first: 400 with the field's error). Done: back to the page (303) with a toast saying what
 * happened. Decided meanwhile (409): back to the page, which shows the decision, with the API's reason. Not
 * found: 404. Any other refusal (the requisition is the user's own: 403; the API's comment check: 422) is shown
 * on the form, with the status the API answered.
 */
export async function requisitionDecision(args: PageArgs) {
  const shopper = await requireRequisitionAccess(args, 'approver')
  const { locale, scope, session } = shopper
  const t = fixedT(locale.id)
  const id = args.params.requisitionId ?? ''
  const form = await readForm(args.request)
  const intent = formText(form, 'intent') === 'reject' ? 'reject' : 'approve'
  const submission =
    intent === 'reject'
      ? parseSubmission(form, { schema: rejectFormSchema(t), t })
      : parseSubmission(form, { schema: approveFormSchema, t })
  if (submission.status !== 'success')
    return data<DecisionAnswer>({ intent, result: submission.reply() }, { status: 400 })
  const comment = 'comment' in submission.value ? submission.value.comment : undefined
  const result = await loginAgainIfRefused(
    args.request,
    shopper,
    decideRequisition(scope, id, { statusCode: intent === 'reject' ? 'REJECTED' : 'APPROVED', comment }),
  )
  const page = requisitionPath(locale.lang, 'approver', id)
  if (result.ok) {
    const outcome = decisionOutcomeOf(result.requisition)
    const { key, values } = decisionMessage(outcome, t)
    const details =
      outcome.kind === 'system-rejected' && key === 'account.requisitions.decision.system_rejected'
        ? outcome.errors.map((error) => systemRejectionText(t, error))
        : undefined
    return redirectWithToast(session, page, {
      key,
      values,
      type: outcome.kind === 'system-rejected' ? 'error' : 'success',
      ...(details?.length ? { details } : {}),
    })
  }
  if (result.status === 404) throw notFound()
  if (result.status === 409)
    return redirectWithToast(session, page, {
      key: result.code ?? API_CODES.requisitionAlreadyDecided,
      type: 'error',
    })
  const { fieldErrors, formErrors } = reasonsOf(result.errors, t)
  return data<DecisionAnswer>(
    { intent, result: submission.reply({ formErrors, fieldErrors }) },
    { status: result.status },
  )
}

/**
 * The buyer withdraws their pending requisition from its page (a plain post, `intent` withdraw): back to the
 * page (303) with a toast saying it was withdrawn, or why not (decided meanwhile); unknown or foreign: 404.
 */
export async function requisitionWithdrawal(args: PageArgs) {
  const shopper = await requireRequisitionAccess(args, 'buyer')
  const { locale, scope, session } = shopper
  const id = args.params.requisitionId ?? ''
  const form = await readForm(args.request)
  if (formText(form, 'intent') !== 'withdraw')
    throw new Response(null, { status: 400, statusText: 'Bad Request' })
  const result = await loginAgainIfRefused(args.request, shopper, decideRequisition(scope, id, WITHDRAWAL))
  const page = requisitionPath(locale.lang, 'buyer', id)
  if (result.ok)
    return redirectWithToast(session, page, {
      key: 'account.requisitions.withdraw.done',
      values: { number: result.requisition.requisitionNo },
      type: 'success',
    })
  if (result.status === 404) throw notFound()
  return redirectWithToast(session, page, {
    key: result.code ?? API_CODES.requisitionAlreadyDecided,
    type: 'error',
  })
}

/** The number of a requisition a decision was refused for, when it can still be read. */
const numberOf = async (shopper: LoggedIn, id: string) =>
  getRequisition(shopper.scope, id).then(
    (requisition) => requisition.requisitionNo,
    (error: unknown) => {
      if (error instanceof IcmError && error.status === 401) throw error
      if (error instanceof Response || error instanceof IcmError) return undefined
      throw error
    },
  )

/**
 * The approver list's bulk decision: each chosen requisition (at most one page, 25) decided with a request of
 * its own, one after the other, each its own transaction in the API; what happened to each is answered (200)
 * and listed on the page in words: approved with the order's number, rejected, rejected by the shop, decided
 * already, or refused with the API's reason. Nothing chosen, too many, or a rejection without comment: 400.
 */
export async function bulkDecision(args: PageArgs) {
  const shopper = await requireRequisitionAccess(args, 'approver')
  const { locale, scope } = shopper
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(args.request), { schema: bulkDecisionFormSchema(t), t })
  if (submission.status !== 'success')
    return data<BulkAnswer>({ result: submission.reply() }, { status: 400 })
  const { intent, ids, comment } = submission.value
  const decision =
    intent === 'bulk-reject'
      ? { statusCode: 'REJECTED' as const, comment }
      : { statusCode: 'APPROVED' as const }
  const outcomes: DecisionOutcome[] = []
  for (const id of [...new Set(ids)]) {
    const result = await loginAgainIfRefused(args.request, shopper, decideRequisition(scope, id, decision))
    if (result.ok) {
      outcomes.push(decisionOutcomeOf(result.requisition))
      continue
    }
    const requisitionNo = await loginAgainIfRefused(args.request, shopper, numberOf(shopper, id))
    outcomes.push(
      result.status === 409
        ? { kind: 'already-decided', requisitionNo, code: result.code ?? API_CODES.requisitionAlreadyDecided }
        : { kind: 'failed', requisitionNo, errors: result.errors },
    )
  }
  return data<BulkAnswer>({ result: submission.reply({ resetForm: true }), outcomes }, { status: 200 })
}
