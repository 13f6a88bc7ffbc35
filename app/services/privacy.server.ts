/**
 * Data-protection requests (issue 33; the commerce API's `gdpr-requests`): the logged-in user's requests, a
 * new one, the document of a confirmed copy, and the public confirmation of a mailed link
 * (`PUT gdpr-requests/{id}/confirmations {hash}`, Accept `…gdpr.v1+json`, spec §7) with its outcomes (§8).
 */
import { API_CODES } from '~/models/api-codes'
import {
  ConfirmationSchema,
  CONNECTION_FAILED_OUTCOME,
  LINK_EXPIRED_OUTCOME,
  listedRequest,
  MAX_LINK_HASH_LENGTH,
  MAX_REQUEST_ID_LENGTH,
  PersonalDataCopySchema,
  PersonalDataRequestCreatedSchema,
  PersonalDataRequestListSchema,
  UNPROCESSABLE_OUTCOME,
  type ConfirmationOutcome,
  type ListedRequest,
  type PersonalDataCopy,
} from '~/models/privacy'
import { icmCall, IcmError, tryIcm, type IcmResult, type IcmScope } from './icm.server'

export const GDPR_ACCEPT = 'application/vnd.intershop.gdpr.v1+json'

export async function listPersonalDataRequests(scope: IcmScope): Promise<ListedRequest[]> {
  const answer = await icmCall(scope, {
    path: 'gdpr-requests',
    schema: PersonalDataRequestListSchema,
    cache: 'none',
  })
  return answer.data.map((request) => listedRequest(request))
}

/** Asks for a copy or the deletion; the API's refusals (the last administrator's deletion) come back. */
export function askPersonalDataRequest(
  scope: IcmScope,
  type: 'copy' | 'deletion',
): Promise<IcmResult<unknown>> {
  return tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: 'gdpr-requests',
      json: { type },
      schema: PersonalDataRequestCreatedSchema,
      cache: 'none',
    }),
  )
}

/** The document of the user's confirmed copy, or null when there is none (any more) to download. */
export async function getPersonalDataCopy(scope: IcmScope, id: string): Promise<PersonalDataCopy | null> {
  if (!id || id.length > MAX_REQUEST_ID_LENGTH) return null
  try {
    return await icmCall(scope, {
      path: `gdpr-requests/${encodeURIComponent(id)}/copy`,
      schema: PersonalDataCopySchema,
      cache: 'none',
    })
  } catch (error) {
    if (error instanceof IcmError && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

/**
 * Confirms a mailed link. Every outcome is one of spec §8's messages: a link without its id or hash is one
 * that cannot work (404), and the API unreachable or failing is `server_connection_failed`.
 */
export async function confirmPersonalDataRequest(
  scope: IcmScope,
  id: string,
  hash: string,
): Promise<ConfirmationOutcome> {
  if (!id || !hash || id.length > MAX_REQUEST_ID_LENGTH || hash.length > MAX_LINK_HASH_LENGTH)
    return LINK_EXPIRED_OUTCOME
  try {
    const answer = await icmCall(scope, {
      method: 'PUT',
      path: `gdpr-requests/${encodeURIComponent(id)}/confirmations`,
      json: { hash },
      accept: GDPR_ACCEPT,
      schema: ConfirmationSchema,
      cache: 'none',
    })
    const code = answer.infos?.[0]?.causes?.[0]?.code
    const first = code === API_CODES.personalDataConfirmed
    return {
      kind: first ? 'confirmed' : 'already-confirmed',
      key: first ? API_CODES.personalDataConfirmed : API_CODES.personalDataAlreadyConfirmed,
      type: answer.data?.type,
      loggedOut: answer.data?.loggedOut === true,
      requestId: id,
    }
  } catch (error) {
    if (error instanceof IcmError && error.status === 404) return LINK_EXPIRED_OUTCOME
    if (error instanceof IcmError && error.status === 422) return UNPROCESSABLE_OUTCOME
    if (error instanceof IcmError && error.status === 400) return LINK_EXPIRED_OUTCOME
    return CONNECTION_FAILED_OUTCOME
  }
}
