import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { principalOf, requireUser } from '../auth'
import type { AccessRule } from '../authorization'
import { forbiddenError } from '../domain/errors'
import {
  decideRequisition,
  listRequisitions,
  MAX_APPROVAL_COMMENT,
  REQUISITION_STATUSES,
  REQUISITION_VIEWS,
  requireRequisition,
  type RequisitionStatus,
  type RequisitionViewer,
  withdrawRequisition,
} from '../domain/requisitions'
import { checkRequisitionLink, decideWithLink } from '../domain/requisition-links'
import { MAX_LINK_TOKEN_LENGTH } from '../domain/requisition-link-tokens'
import { approverJson } from '../icm/basket'
import { ORDER_INCLUDES } from '../icm/orders'
import { requisitionJson, requisitionListJson } from '../icm/requisitions'
import { badRequest, queryInt, queryList, parseInput } from '../http'
import type { RouteModule } from './context'

/** A user of a business customer, on their own requisitions ('-' or their login in the path). */
const ownRequisitions: AccessRule = { customer: true }

/**
 * ICM's `ApprovalStatusChange` (PWA `updateRequisitionStatus`): approve, or reject with a comment. This API's
 * extension in the same shape (ADR 0028): the buyer withdraws their own pending requisition with WITHDRAWN.
 */
const StatusChange = z.object({
  type: z.literal('ApprovalStatusChange', {
    errorMap: () => ({ message: 'type must be ApprovalStatusChange' }),
  }),
  name: z.string().max(100).optional(),
  statusCode: z.enum(['APPROVED', 'REJECTED', 'WITHDRAWN'], {
    errorMap: () => ({ message: 'statusCode is APPROVED, REJECTED or WITHDRAWN' }),
  }),
  approvalComment: z
    .string()
    .max(MAX_APPROVAL_COMMENT, `approvalComment has at most ${MAX_APPROVAL_COMMENT} characters`)
    .optional(),
})

/**
 * A mail's decision link as the storefront's confirmation page passes it on (this API's own resource, not
 * ICM's): the requisition and the link's secret, in the body so that the secret stays out of access logs.
 */
const LinkBody = z.object({
  requisition: z.string().min(1, 'requisition is required').max(100),
  token: z.string().min(1, 'token is required').max(MAX_LINK_TOKEN_LENGTH),
})

const LinkDecisionBody = LinkBody.extend({
  statusCode: z.enum(['APPROVED', 'REJECTED'], {
    errorMap: () => ({ message: 'statusCode is APPROVED or REJECTED' }),
  }),
  approvalComment: StatusChange.shape.approvalComment,
})

const includesOf = (request: FastifyRequest) =>
  new Set(queryList((request.query as Record<string, unknown>).include).filter((i) => ORDER_INCLUDES.has(i)))

/** One of the allowed values, or none given; anything else is a 400 that names the parameter. */
function oneOf<T extends string>(value: unknown, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined || value === '') return undefined
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
  throw badRequest(`${name} is one of ${allowed.join(', ')}.`)
}

/**
 * The caller of a route about their own requisitions: a business user whose login (or '-') is the path's.
 * Another user's requisitions are not listed by login: an approver sees them in the approver view.
 */
async function callerOf(db: Parameters<RouteModule>[1]['db'], request: FastifyRequest) {
  const user = await requireUser(db, request)
  const { login } = request.params as { login: string }
  if (login !== '-' && login.toLowerCase() !== user.login.toLowerCase())
    throw forbiddenError('authorization.forbidden', "Requisitions are read through one's own user ('-').")
  return user
}

/** Requisitions of a business user (`customers/{no}/users/{login}/requisitions`, PWA `requisitions.service.ts`). */
export const requisitionRoutes: RouteModule = (app, { db }) => {
  const base = '/rest/:site/customers/:customerNo/users/:login/requisitions'

  app.get(base, { config: { access: ownRequisitions } }, async (request) => {
    const caller = await callerOf(db, request)
    const query = request.query as Record<string, unknown>
    const view: RequisitionViewer = oneOf(query.view, REQUISITION_VIEWS, 'view') ?? 'buyer'
    const status: RequisitionStatus | undefined = oneOf(query.status, REQUISITION_STATUSES, 'status')
    const page = {
      limit: queryInt(query.limit ?? query['page[limit]'], 25, { min: 1, max: 100 }),
      offset: queryInt(query.offset ?? query['page[offset]'], 0, { min: 0, max: 1_000_000 }),
    }
    return requisitionListJson(await listRequisitions(db, caller, { view, status, ...page }), page)
  })

  app.get(`${base}/:id`, { config: { access: ownRequisitions } }, async (request) => {
    const caller = await callerOf(db, request)
    const detail = await requireRequisition(db, caller, (request.params as { id: string }).id)
    return requisitionJson(detail, request.scope.locale, includesOf(request))
  })

  // Deciding from the mail without logging in (domain/requisition-links.ts): the link is the credential. A
  // caller logged in as another user is refused; an anonymous or no token is nobody.
  app.post('/rest/:site/requisition-links/verify', { config: { access: 'public' } }, async (request) => {
    const body = parseInput(LinkBody, request.body, 'requisition link')
    const { requisition, approver } = await checkRequisitionLink(db, {
      requisitionId: body.requisition,
      token: body.token,
      caller: await principalOf(db, request),
    })
    return {
      ...requisitionJson(requisition, request.scope.locale, includesOf(request)),
      approver: approverJson(approver),
    }
  })

  app.post('/rest/:site/requisition-links/decision', { config: { access: 'public' } }, async (request) => {
    const body = parseInput(LinkDecisionBody, request.body, 'requisition decision')
    const { requisition } = await decideWithLink(
      db,
      { requisitionId: body.requisition, token: body.token, caller: await principalOf(db, request) },
      { statusCode: body.statusCode, comment: body.approvalComment },
    )
    return requisitionJson(requisition, request.scope.locale, includesOf(request))
  })

  app.patch(`${base}/:id`, { config: { access: ownRequisitions } }, async (request) => {
    const body = parseInput(StatusChange, request.body, 'approval status change')
    const caller = await callerOf(db, request)
    const { id } = request.params as { id: string }
    const { statusCode } = body
    const requisition =
      statusCode === 'WITHDRAWN'
        ? await withdrawRequisition(db, caller, id)
        : (await decideRequisition(db, caller, id, { statusCode, comment: body.approvalComment })).requisition
    return requisitionJson(requisition, request.scope.locale, includesOf(request))
  })
}
