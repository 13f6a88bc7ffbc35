/**
 * The sales desk's sign-in (issue 35): a cookie of its own, `salesDesk`, holding the representative's id, an
 * expiry and a random nonce, signed with HMAC-SHA256 under a secret kept in the database (every API process
 * agrees). It is short-lived (DESK_SESSION_SECONDS, not renewed), httpOnly, SameSite=Strict and sent to the
 * desk's paths only. Its CSRF token, which every form of a signed-in desk carries, is the HMAC of the nonce:
 * a page of another site can neither read it nor post with the cookie.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { storedSecret } from '../domain/secrets'
import { DESK_PATH } from './html'

export const DESK_COOKIE = 'salesDesk'
/** How long a desk sign-in lasts (seconds). */
export const DESK_SESSION_SECONDS = 30 * 60

const SECRET_KEY = 'sales_desk_secret'

export type DeskSession = { salesRepId: string; expires: number; nonce: string }

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url')

const same = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Signs and reads desk sessions with the database's secret (made once, on first use). */
export class DeskSessions {
  private secret: Promise<string> | undefined

  constructor(private readonly db: Db) {}

  private signingSecret() {
    this.secret ??= storedSecret(this.db, SECRET_KEY).catch((error: unknown) => {
      this.secret = undefined
      throw error
    })
    return this.secret
  }

  /** A new session's cookie value for the representative; `now` in epoch ms. */
  async create(salesRepId: string, now = Date.now()): Promise<{ value: string; session: DeskSession }> {
    const session = {
      salesRepId,
      expires: Math.floor(now / 1000) + DESK_SESSION_SECONDS,
      nonce: randomBytes(16).toString('base64url'),
    }
    const payload = Buffer.from(
      JSON.stringify([session.salesRepId, session.expires, session.nonce]),
    ).toString('base64url')
    return { value: `${payload}.${mac(await this.signingSecret(), `desk|${payload}`)}`, session }
  }

  /** The session a cookie value holds, if it is signed by us and not expired. */
  async read(value: string | undefined, now = Date.now()): Promise<DeskSession | undefined> {
    const match = value && /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(value)
    if (!match) return undefined
    const [, payload = '', signature = ''] = match
    if (!same(mac(await this.signingSecret(), `desk|${payload}`), signature)) return undefined
    let parts: unknown
    try {
      parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    } catch {
      return undefined
    }
    if (!Array.isArray(parts) || parts.length !== 3) return undefined
    const [salesRepId, expires, nonce] = parts as unknown[]
    if (typeof salesRepId !== 'string' || typeof expires !== 'number' || typeof nonce !== 'string')
      return undefined
    if (expires * 1000 <= now) return undefined
    return { salesRepId, expires, nonce }
  }

  /** The CSRF token of a session: what its forms carry. */
  async csrfToken(session: DeskSession) {
    return mac(await this.signingSecret(), `csrf|${session.nonce}`)
  }

  async csrfMatches(session: DeskSession, sent: unknown) {
    return typeof sent === 'string' && same(await this.csrfToken(session), sent)
  }
}

/** The value of the desk's cookie in a request, if it sent one. */
export function deskCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie
  if (typeof header !== 'string') return undefined
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === DESK_COOKIE) return rest.join('=')
  }
  return undefined
}

const cookieAttributes = (request: FastifyRequest, maxAge: number) =>
  [
    `Path=${DESK_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ].join('; ')

export const setDeskCookie = (request: FastifyRequest, reply: FastifyReply, value: string) =>
  reply.header('set-cookie', `${DESK_COOKIE}=${value}; ${cookieAttributes(request, DESK_SESSION_SECONDS)}`)

export const clearDeskCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.header('set-cookie', `${DESK_COOKIE}=; ${cookieAttributes(request, 0)}`)
