/**
 * The local tracking collector (issue 35, ADR 0035), like the local mailbox a page for development, demos and
 * tests: it receives what the storefront sends with a shopper's tracking consent, in Google Analytics 4's
 * Measurement Protocol form, so the storefront's TRACKING_COLLECTOR_URL can name it or GA4 alike.
 *
 * - `POST /tracking/mp/collect?measurement_id=…&api_secret=TOKEN` (or `Authorization: Bearer TOKEN`): a JSON
 *   batch `{ client_id, events: [{ name, params }] }` of up to 25 events, at most 32 KiB, answered 204 as GA4
 *   does; limited per client address (RATE_LIMIT_TRACKING_EVENTS, one point per event).
 * - `GET /tracking` (HTML, newest first) and `GET /tracking.json?name=&clientId=&limit=`, behind the same
 *   token (as the password a browser asks for, any user name).
 *
 * It exists only with TRACKING_COLLECTOR=on and TRACKING_COLLECTOR_TOKEN (config.ts); otherwise 404. It keeps
 * the newest 1000 events.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { holdsSecret } from '../authorization'
import {
  countTrackingEvents,
  KEEP_TRACKING_EVENTS,
  listTrackingEvents,
  MeasurementBatchSchema,
  recordTrackingEvents,
  TRACKING_PAGE,
  trackingSummary,
  type TrackingEventRow,
} from '../domain/tracking-events'
import { ApiError, parseInput } from '../http'
import { escapeHtml } from '../mail/render'
import { clientKey, RATE_LIMITED, tooManyRequests } from '../rate-limits'
import { READ_ONLY_PAGE_DIRECTIVES } from '../security'
import type { RouteModule } from './context'

/** What one batch may weigh: 25 events with their items fit easily. */
export const TRACKING_BODY_LIMIT = 32 * 1024

const ListQuery = z.object({
  name: z.string().max(40).optional(),
  clientId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(TRACKING_PAGE).optional(),
})

const sha256 = (value: string) => createHash('sha256').update(value).digest()

/** The token as the Measurement Protocol's `api_secret` query parameter, or as `Authorization: Bearer`. */
function sendsToken(request: FastifyRequest, token: string): boolean {
  const secret = (request.query as Record<string, unknown> | undefined)?.api_secret
  if (typeof secret === 'string' && secret) return timingSafeEqual(sha256(secret), sha256(token))
  return holdsSecret(request, token, { basic: false })
}

const tokenNeeded = () =>
  new ApiError(
    401,
    'tracking.token.invalid',
    'The tracking collector needs its token (TRACKING_COLLECTOR_TOKEN).',
  )

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined

/** Before the body is read: the token, then JSON only. */
const collectGate = (token: string) => async (request: FastifyRequest) => {
  if (!sendsToken(request, token)) throw tokenNeeded()
  const type = request.headers['content-type'] ?? ''
  if (hasBody(request) && !/^application\/json\s*(;|$)/i.test(type))
    throw new ApiError(
      415,
      'request.unsupported_media_type',
      'The tracking collector reads JSON bodies only.',
    )
}

export const trackingCollectorRoutes =
  ({ token }: { token: string }): RouteModule =>
  (app, { db }) => {
    app.post(
      '/tracking/mp/collect',
      { config: { access: 'public' }, onRequest: collectGate(token), bodyLimit: TRACKING_BODY_LIMIT },
      async (request, reply) => {
        const batch = parseInput(MeasurementBatchSchema, request.body, 'tracking batch')
        const wait = await app.limiters.trackingEvents.take(clientKey(request.ip), batch.events.length)
        if (wait !== null)
          return tooManyRequests(reply, wait, RATE_LIMITED, 'Too many tracking events. Please wait.')
        await recordTrackingEvents(db, batch)
        return reply.code(204).send()
      },
    )

    const page = {
      access: 'public' as const,
      helmet: { contentSecurityPolicy: { useDefaults: false, directives: READ_ONLY_PAGE_DIRECTIVES } },
    }
    const open = (request: FastifyRequest, reply: FastifyReply) => {
      if (!holdsSecret(request, token, { basic: true })) {
        reply.header('www-authenticate', 'Basic realm="tracking", charset="UTF-8"')
        throw tokenNeeded()
      }
    }

    app.get('/tracking', { config: page }, async (request, reply) => {
      open(request, reply)
      const query = parseInput(ListQuery, request.query ?? {}, 'tracking query')
      const [events, total] = await Promise.all([listTrackingEvents(db, query), countTrackingEvents(db)])
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
      return trackingPageHtml(events, total)
    })

    app.get('/tracking.json', { config: { access: 'public' } }, async (request, reply) => {
      open(request, reply)
      const query = parseInput(ListQuery, request.query ?? {}, 'tracking query')
      reply.header('cache-control', 'no-store')
      return {
        elements: (await listTrackingEvents(db, query)).map((event) => ({
          id: event.id,
          receivedAt: event.receivedAt.toISOString(),
          clientId: event.clientId,
          name: event.name,
          params: event.payload,
        })),
      }
    })
  }

/** The listing: when, which client, which event, what it says, and its parameters as JSON. */
function trackingPageHtml(events: TrackingEventRow[], total: number): string {
  const rows = events
    .map(
      (event) =>
        `<tr><td>${escapeHtml(event.receivedAt.toISOString())}</td><td><code>${escapeHtml(event.clientId)}</code></td>` +
        `<td>${escapeHtml(event.name)}</td><td>${escapeHtml(trackingSummary(event.name, event.payload))}</td>` +
        `<td><details><summary>params</summary><pre>${escapeHtml(JSON.stringify(event.payload, null, 2))}</pre></details></td></tr>`,
    )
    .join('\n')
  const table = events.length
    ? `<table><thead><tr><th scope="col">Received</th><th scope="col">Client</th><th scope="col">Event</th>` +
      `<th scope="col">Summary</th><th scope="col">Data</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No events yet: accept tracking in the shop’s cookie banner and look at a product.</p>'
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">',
    '<title>Tracking collector</title>',
    '<style>body{font-family:Arial,Helvetica,sans-serif;margin:24px;color:#1a1a1a}',
    'table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #ddd}',
    'pre{white-space:pre-wrap;background:#f4f5f7;padding:12px;margin:0}</style>',
    '</head><body><h1>Tracking collector</h1>',
    `<p>What the storefront sent with shoppers’ tracking consent (GA4 Measurement Protocol), newest first: ` +
      `${events.length} of ${total} kept (at most ${KEEP_TRACKING_EVENTS}). As JSON: ` +
      `<a href="/tracking.json">/tracking.json</a>.</p>`,
    table,
    '</body></html>',
  ].join('\n')
}
