/**
 * ICM's personal data requests (issue 33): `POST gdpr-requests {type}` (logged in: a copy or the deletion of
 * the caller's data, confirmed by the mailed link), `GET gdpr-requests` (the caller's requests),
 * `GET gdpr-requests/{id}/copy` (a confirmed copy, its owner only), and the public
 * `PUT gdpr-requests/{id}/confirmations {hash}` that the link's page calls (spec §7, §8;
 * domain/personal-data-requests.ts has the rules).
 */
import { z } from 'zod'
import { principalOf, requireUser } from '../auth'
import {
  confirmPersonalDataRequest,
  copyOf,
  createPersonalDataRequest,
  listPersonalDataRequests,
  MAX_HASH_LENGTH,
  PERSONAL_DATA_REQUEST_TYPES,
  type PersonalDataRequestRow,
} from '../domain/personal-data-requests'
import { parseInput } from '../http'
import type { RouteModule } from './context'

const CreateBody = z.object({ type: z.enum(PERSONAL_DATA_REQUEST_TYPES) })
const ConfirmBody = z.object({ hash: z.string().min(1).max(MAX_HASH_LENGTH) })

const MESSAGES = {
  'gdpr_request.confirmed.info': 'The request was confirmed and carried out.',
  'gdpr_request.already_confirmed.info': 'The request had already been confirmed.',
} as const

type Listed = Pick<
  PersonalDataRequestRow,
  'id' | 'type' | 'status' | 'createdAt' | 'expiresAt' | 'confirmedAt' | 'copyExpiresAt'
>

const requestJson = (row: Listed, now = new Date()) => ({
  id: row.id,
  type: row.type,
  status: row.status,
  creationDate: row.createdAt.toISOString(),
  confirmationExpiryDate: row.expiresAt.toISOString(),
  ...(row.confirmedAt ? { confirmationDate: row.confirmedAt.toISOString() } : {}),
  ...(row.copyExpiresAt && row.copyExpiresAt > now
    ? { copyAvailable: true, copyExpiryDate: row.copyExpiresAt.toISOString() }
    : { copyAvailable: false }),
})

export const personalDataRequestRoutes: RouteModule = (app, { db }) => {
  app.post('/rest/:site/gdpr-requests', { config: { access: 'user' } }, async (request, reply) => {
    const caller = await requireUser(db, request)
    const { type } = parseInput(CreateBody, request.body, 'personal data request')
    const created = await createPersonalDataRequest(db, caller.userId, type)
    return reply.code(201).send({ data: requestJson(created) })
  })

  app.get('/rest/:site/gdpr-requests', { config: { access: 'user' } }, async (request) => {
    const caller = await requireUser(db, request)
    return { data: (await listPersonalDataRequests(db, caller.userId)).map((row) => requestJson(row)) }
  })

  app.get<{ Params: { id: string } }>(
    '/rest/:site/gdpr-requests/:id/copy',
    { config: { access: 'user' } },
    async (request) => {
      const caller = await requireUser(db, request)
      return copyOf(db, caller.userId, request.params.id)
    },
  )

  // The link's page calls it, logged in or not; a missing or oversized hash is a 400 (spec §5).
  app.put<{ Params: { id: string } }>(
    '/rest/:site/gdpr-requests/:id/confirmations',
    { config: { access: 'public' } },
    async (request) => {
      const { hash } = parseInput(ConfirmBody, request.body, 'confirmation')
      // Who calls, read before a deletion revokes their token; a stale token only means "not logged in".
      const caller = await principalOf(db, request).catch(() => null)
      const confirmed = await confirmPersonalDataRequest(db, request.params.id, hash)
      const info = { code: confirmed.code, message: MESSAGES[confirmed.code] }
      return {
        data: {
          ...confirmed.request,
          // The caller's own deletion ended their session (its tokens are revoked).
          loggedOut:
            confirmed.request.type === 'deletion' &&
            caller?.anonymous === false &&
            caller.userId === confirmed.userId,
        },
        infos: [{ ...info, status: '200', causes: [info] }],
      }
    },
  )
}
