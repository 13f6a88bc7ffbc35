/**
 * Deciding a requisition from its mail without logging in (issue 18; the commerce API's
 * `requisition-links/verify` and `requisition-links/decision`, domain/requisition-links.ts there): the link's
 * secret travels in the call's body. The shopper's own token goes along when there is one, so that a user
 * logged in as someone else cannot use an approver's forwarded link.
 */
import { z } from 'zod'
import { mapRequisition, RequisitionEnvelopeSchema, type Requisition } from '~/models/requisition'
import { icmCall, IcmError, type IcmScope } from './icm.server'
import { REQUISITION_INCLUDE } from './requisitions.server'
import { API_CODES } from '~/models/api-codes'

/** The longest secret a link carries that is passed on; the real ones have 43 characters. */
export const MAX_LINK_TOKEN_LENGTH = 128

const VerifiedSchema = RequisitionEnvelopeSchema.extend({
  approver: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }),
})

/** Why a link cannot decide: the API's refusal, as the page explains it. */
export type LinkRefusal = 'invalid' | 'expired' | 'decided' | 'other-user' | 'comment-required'

export type LinkResult<T> = { ok: true; value: T } | { ok: false; refusal: LinkRefusal; status: number }

/** The API's refusals of a link, by error key; anything else is thrown on (a 5xx page, a login again). */
function refusalOf(error: unknown): { ok: false; refusal: LinkRefusal; status: number } {
  if (!(error instanceof IcmError)) throw error
  switch (error.code) {
    case API_CODES.decisionLinkExpired:
      return { ok: false, refusal: 'expired', status: 410 }
    case API_CODES.requisitionAlreadyDecided:
    case API_CODES.requisitionStageDecided:
      return { ok: false, refusal: 'decided', status: 409 }
    case API_CODES.decisionLinkOtherUser:
      return { ok: false, refusal: 'other-user', status: 403 }
    case API_CODES.requisitionCommentRequired:
      return { ok: false, refusal: 'comment-required', status: 422 }
  }
  if (error.status === 400 || error.status === 404) return { ok: false, refusal: 'invalid', status: 404 }
  throw error
}

/** The requisition the link is for, and whose link it is; or why it cannot be used. */
export async function verifyLink(
  scope: IcmScope,
  requisition: string,
  token: string,
): Promise<LinkResult<{ requisition: Requisition; approverName: string }>> {
  if (!token || token.length > MAX_LINK_TOKEN_LENGTH) return { ok: false, refusal: 'invalid', status: 404 }
  try {
    const answer = await icmCall(scope, {
      method: 'POST',
      path: 'requisition-links/verify',
      query: { include: REQUISITION_INCLUDE },
      json: { requisition, token },
      schema: VerifiedSchema,
      cache: 'none',
    })
    const approverName = [answer.approver.firstName, answer.approver.lastName].filter(Boolean).join(' ')
    return { ok: true, value: { requisition: mapRequisition(answer), approverName } }
  } catch (error) {
    return refusalOf(error)
  }
}

/** Approves, or rejects with the comment, as the link's approver; the link is used up. */
export async function decideWithLink(
  scope: IcmScope,
  requisition: string,
  token: string,
  decision: { statusCode: 'APPROVED' | 'REJECTED'; comment?: string },
): Promise<LinkResult<Requisition>> {
  if (!token || token.length > MAX_LINK_TOKEN_LENGTH) return { ok: false, refusal: 'invalid', status: 404 }
  try {
    const answer = await icmCall(scope, {
      method: 'POST',
      path: 'requisition-links/decision',
      query: { include: REQUISITION_INCLUDE },
      json: {
        requisition,
        token,
        statusCode: decision.statusCode,
        ...(decision.comment ? { approvalComment: decision.comment } : {}),
      },
      schema: RequisitionEnvelopeSchema,
      cache: 'none',
    })
    return { ok: true, value: mapRequisition(answer) }
  } catch (error) {
    return refusalOf(error)
  }
}
