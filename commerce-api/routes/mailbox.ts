import { isIP } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { holdsSecret } from '../authorization'
import { ApiError, parseInput } from '../http'
import {
  listMailbox,
  mailboxEntry,
  mailboxJson,
  mailboxListHtml,
  mailboxMailHtml,
  MAILBOX_PAGE,
} from '../mail/mailbox'
import { mailboxEnabled } from '../mail/settings'
import { READ_ONLY_PAGE_DIRECTIVES } from '../security'
import type { RouteModule } from './context'

const MailboxQuery = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(MAILBOX_PAGE).optional(),
})

const noMailbox = () =>
  new ApiError(404, 'resource.not_found', 'There is no local mailbox: mail is sent over SMTP (SMTP_URL).')

/** A caller on this machine: the loopback addresses of IPv4 and IPv6 (also IPv4-mapped). */
export function isLoopback(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  if (isIP(address) === 4) return address.startsWith('127.')
  return address === '::1'
}

/** Headers a proxy adds when it forwards someone else's request. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via']

/**
 * A caller on this machine itself: the connection comes from a loopback address (its socket's, not
 * request.ip, which a trusted proxy sets to the shopper's) and no proxy forwarded it. A proxy on this
 * machine (the storefront, nginx) connects from loopback for anyone on the internet; its forwarding headers
 * give it away.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? ''
  return isLoopback(address) && !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)
}

const tokenNeeded = () =>
  new ApiError(401, 'mailbox.token.invalid', 'The local mailbox needs its token (MAILBOX_TOKEN).')

/**
 * The local mailbox of the embedded default (mail/mailbox.ts): `GET /mailbox` (HTML, newest first),
 * `GET /mailbox/{id}` (one mail, its HTML and text parts), `GET /mailbox.json?to=&limit=` (what the e2e
 * tests read to follow a mail's link). Not ICM resources. It exists only while no SMTP_URL is set (a
 * developer's or the tests' API, or a production demo with MAILBOX=on), and only for callers on this machine
 * that no proxy forwarded (isLocalCaller): its mails hold password links, so anyone else gets 404 as with
 * SMTP. With MAILBOX_TOKEN (always in production) the caller must also send the token, as
 * `Authorization: Bearer` or as the password a browser asks for (401 with a Basic challenge otherwise).
 */
export const mailboxRoutes: RouteModule = (app, { db, mail }) => {
  const html = {
    access: 'public' as const,
    helmet: { contentSecurityPolicy: { useDefaults: false, directives: READ_ONLY_PAGE_DIRECTIVES } },
  }
  const open = (request: FastifyRequest, reply: FastifyReply) => {
    if (!mailboxEnabled(mail) || !isLocalCaller(request)) throw noMailbox()
    if (mail.mailboxToken && !holdsSecret(request, mail.mailboxToken, { basic: true })) {
      reply.header('www-authenticate', 'Basic realm="mailbox", charset="UTF-8"')
      throw tokenNeeded()
    }
  }

  app.get('/mailbox', { config: html }, async (request, reply) => {
    open(request, reply)
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
    return mailboxListHtml(await listMailbox(db))
  })

  app.get('/mailbox.json', { config: { access: 'public' } }, async (request, reply) => {
    open(request, reply)
    const query = parseInput(MailboxQuery, request.query ?? {}, 'mailbox query')
    reply.header('cache-control', 'no-store')
    return { elements: (await listMailbox(db, query)).map(mailboxJson) }
  })

  app.get('/mailbox/:id', { config: html }, async (request, reply) => {
    open(request, reply)
    const found = await mailboxEntry(db, (request.params as { id: string }).id)
    if (!found) throw new ApiError(404, 'resource.not_found', 'No such mail.')
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
    return mailboxMailHtml(found)
  })
}
