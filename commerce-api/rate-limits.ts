/**
 * Rate limits of the commerce API and the store of their counters: rate-limiter-flexible's PostgreSQL store
 * on the table `rate_limits`, so that several API processes on one database share the counts (PGlite gets
 * a small adapter with the pg client's query shape). An in-memory limiter stands in while the database
 * cannot be reached.
 */
import type { PGlite } from '@electric-sql/pglite'
import type { FastifyReply } from 'fastify'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import { driverOf, type Db } from './db/client'
import { Challenges } from './domain/challenges'
import {
  DEFAULT_LOGIN_POLICY,
  LoginThrottle,
  type CounterFactory,
  type LoginPolicy,
} from './domain/login-throttle'
import { ApiError, errorBody } from './http'
import type { MessageCode } from './domain/message-codes'

/** `points` per window of `seconds`; 0 points switches the limit off. */
export type Limit = { points: number; seconds: number }

export type LimitSettings = {
  login: LoginPolicy
  /** `grant_type=anonymous` per client address. */
  anonymousTokens: Limit
  /** `grant_type=refresh_token` per client address. */
  refreshTokens: Limit
  /** `POST challenges` per client address. */
  challenges: Limit
  /** `POST baskets` per token subject (an anonymous shopper or a user). */
  basketsPerSubject: Limit
  /** `POST baskets` per client address. */
  basketsPerIp: Limit
  /** `POST security/reminder` per account (its login and e-mail address are one; unknown names alike). */
  remindersPerAccount: Limit
  /** `POST security/reminder` per client address, across accounts. */
  remindersPerIp: Limit
  /** Mails of shared wishlists per user (one point per recipient): the shop's mail is no spam relay. */
  wishlistShareMails: Limit
  /** Passkey ceremonies started (sign-in and registration options) per client address. */
  passkeyChallenges: Limit
  /** `POST users/processtoken` (single sign-on with an id token) per client address. */
  idTokens: Limit
  /** Requests to the local tracking collector per client address (one point per event). */
  trackingEvents: Limit
  /** `POST contact` per client address (issue 36). */
  contactPerIp: Limit
  /** `POST contact` per sender address: the confirmation goes there, so the form is no way to flood one inbox. */
  contactPerSender: Limit
  /** `POST quotecontact` (free-text quote requests, issue 36) per client address. */
  quoteContacts: Limit
}

export const DEFAULT_LIMITS: LimitSettings = {
  login: DEFAULT_LOGIN_POLICY,
  anonymousTokens: { points: 60, seconds: 60 },
  refreshTokens: { points: 600, seconds: 60 },
  challenges: { points: 30, seconds: 600 },
  basketsPerSubject: { points: 20, seconds: 3600 },
  basketsPerIp: { points: 300, seconds: 3600 },
  remindersPerAccount: { points: 3, seconds: 900 },
  remindersPerIp: { points: 20, seconds: 3600 },
  wishlistShareMails: { points: 30, seconds: 3600 },
  passkeyChallenges: { points: 120, seconds: 600 },
  idTokens: { points: 60, seconds: 60 },
  trackingEvents: { points: 1200, seconds: 60 },
  contactPerIp: { points: 10, seconds: 3600 },
  contactPerSender: { points: 5, seconds: 3600 },
  quoteContacts: { points: 10, seconds: 3600 },
}

/** Every limit and the login throttle switched off (benchmarks: RATE_LIMITS=off). */
export const NO_LIMITS: LimitSettings = {
  login: { ...DEFAULT_LOGIN_POLICY, lockFailures: 0, ipFailures: { points: 0, seconds: 900 } },
  anonymousTokens: { points: 0, seconds: 60 },
  refreshTokens: { points: 0, seconds: 60 },
  challenges: { points: 0, seconds: 600 },
  basketsPerSubject: { points: 0, seconds: 3600 },
  basketsPerIp: { points: 0, seconds: 3600 },
  remindersPerAccount: { points: 0, seconds: 900 },
  remindersPerIp: { points: 0, seconds: 3600 },
  wishlistShareMails: { points: 0, seconds: 3600 },
  passkeyChallenges: { points: 0, seconds: 600 },
  idTokens: { points: 0, seconds: 60 },
  trackingEvents: { points: 0, seconds: 60 },
  contactPerIp: { points: 0, seconds: 3600 },
  contactPerSender: { points: 0, seconds: 3600 },
  quoteContacts: { points: 0, seconds: 3600 },
}

export type LimitOverrides = Partial<Omit<LimitSettings, 'login'>> & { login?: Partial<LoginPolicy> }

export function resolveLimits(overrides: LimitOverrides = {}, base = DEFAULT_LIMITS): LimitSettings {
  return { ...base, ...overrides, login: { ...base.login, ...overrides.login } }
}

/** What buildServer takes for the protection of its endpoints. */
export type ProtectionOptions = {
  limits?: LimitOverrides
  /**
   * Proxies (addresses or CIDRs) whose `X-Forwarded-For` names the client; default loopback, where the
   * bundled storefront calls from. Empty: the peer address is the client.
   */
  trustedProxies?: string[]
  /** HMAC secret of the login challenges; default: a random one kept in the database. */
  challengeSecret?: string
}

export const DEFAULT_TRUSTED_PROXIES = ['127.0.0.1', '::1']

/** Fastify's `trustProxy` for the trusted proxies (false for none). */
export const trustProxyOf = ({ trustedProxies = DEFAULT_TRUSTED_PROXIES }: ProtectionOptions = {}) =>
  trustedProxies.length ? trustedProxies : false

/** Parses `N` (N per the default window) or `N/S` (N per S seconds), as the environment gives a limit. */
export function parseLimit(value: string | undefined, fallback: Limit): Limit {
  if (value === undefined || value.trim() === '') return fallback
  const match = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*)?$/.exec(value)
  if (!match) throw new Error(`invalid limit '${value}': expected N or N/seconds`)
  const seconds = match[2] === undefined ? fallback.seconds : Number(match[2])
  if (seconds <= 0) throw new Error(`invalid limit '${value}': the window must be at least one second`)
  return { points: Number(match[1]), seconds }
}

type QueryResult = { rows: Record<string, unknown>[]; rowCount: number }

/** PGlite with the `query({ text, values })` shape the library calls on a pg client (storeType 'client'). */
function pgliteStoreClient(client: PGlite) {
  return {
    async query({ text, values }: { text: string; values?: unknown[] }): Promise<QueryResult> {
      const result = await client.query<Record<string, unknown>>(text, values)
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length }
    },
  }
}

/** Counters in the database's `rate_limits` table (migration 0007), shared by every process on it. */
export function databaseCounters(db: Db): CounterFactory {
  const driver = driverOf(db)
  const store =
    driver.kind === 'postgres'
      ? { storeClient: driver.pool, storeType: 'pool' }
      : { storeClient: pgliteStoreClient(driver.client), storeType: 'client' }
  return (name, points, seconds) =>
    new RateLimiterPostgres({
      ...store,
      tableName: 'rate_limits',
      tableCreated: true,
      // The API's clean-up job deletes expired rows (domain/cleanup.ts), once for all processes.
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points,
      duration: seconds,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: seconds }),
    })
}

/** Counters in this process's memory (tests of the policy). */
export const memoryCounters: CounterFactory = (name, points, seconds) =>
  new RateLimiterMemory({ keyPrefix: name, points, duration: seconds })

/** One limit on one kind of call: `take` counts a call and says whether it may go on. */
export class RateLimit {
  private readonly limiter: RateLimiterAbstract | null

  constructor(name: string, limit: Limit, counters: CounterFactory) {
    this.limiter = limit.points > 0 ? counters(name, limit.points, limit.seconds) : null
  }

  /** null when the call (worth `points`) may go on, else the seconds to wait. */
  async take(key: string, points = 1): Promise<number | null> {
    if (!this.limiter) return null
    try {
      await this.limiter.consume(key, points)
      return null
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000))
      throw refusal
    }
  }
}

/** The limiters of one server. */
export type ApiLimiters = {
  login: LoginThrottle
  challenges: Challenges
  anonymousTokens: RateLimit
  refreshTokens: RateLimit
  challengeCreation: RateLimit
  basketsPerSubject: RateLimit
  basketsPerIp: RateLimit
  remindersPerAccount: RateLimit
  remindersPerIp: RateLimit
  wishlistShareMails: RateLimit
  passkeyChallenges: RateLimit
  idTokens: RateLimit
  trackingEvents: RateLimit
  contactPerIp: RateLimit
  contactPerSender: RateLimit
  quoteContacts: RateLimit
}

export function createLimiters(
  db: Db,
  { limits, challengeSecret }: ProtectionOptions = {},
  counters: CounterFactory = databaseCounters(db),
): ApiLimiters {
  const settings = resolveLimits(limits)
  return {
    login: new LoginThrottle(settings.login, counters),
    challenges: new Challenges(db, counters, challengeSecret),
    anonymousTokens: new RateLimit('token_anonymous', settings.anonymousTokens, counters),
    refreshTokens: new RateLimit('token_refresh', settings.refreshTokens, counters),
    challengeCreation: new RateLimit('challenge_new', settings.challenges, counters),
    basketsPerSubject: new RateLimit('basket_subject', settings.basketsPerSubject, counters),
    basketsPerIp: new RateLimit('basket_ip', settings.basketsPerIp, counters),
    remindersPerAccount: new RateLimit('reminder_account', settings.remindersPerAccount, counters),
    remindersPerIp: new RateLimit('reminder_ip', settings.remindersPerIp, counters),
    wishlistShareMails: new RateLimit('wishlist_share', settings.wishlistShareMails, counters),
    passkeyChallenges: new RateLimit('passkey_challenge', settings.passkeyChallenges, counters),
    idTokens: new RateLimit('id_token', settings.idTokens, counters),
    trackingEvents: new RateLimit('tracking_events', settings.trackingEvents, counters),
    contactPerIp: new RateLimit('contact_ip', settings.contactPerIp, counters),
    contactPerSender: new RateLimit('contact_sender', settings.contactPerSender, counters),
    quoteContacts: new RateLimit('quote_contact', settings.quoteContacts, counters),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    limiters: ApiLimiters
  }
}

export const TOO_MANY_ATTEMPTS = 'account.login.too_many_attempts.error'
export const RATE_LIMITED = 'rate_limit.exceeded'

/** Answers 429 with `Retry-After` (whole seconds) and the ICM error body. */
export function tooManyRequests(
  reply: FastifyReply,
  retryAfterSeconds: number,
  code: MessageCode,
  message: string,
) {
  const error = new ApiError(429, code, message)
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .header('error-key', code)
    .send(errorBody(error))
}

/**
 * The client's address as a limiter key: IPv4 as it is, IPv6 by its /64 network (one host usually holds a
 * whole /64, so single addresses would be free to change).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (!ip.includes(':')) return ip
  const [head = '', tail = ''] = ip.split('::')
  const left = head ? head.split(':') : []
  const right = ip.includes('::') && tail ? tail.split(':') : []
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(8 - left.length - right.length, 0)).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group || '0', 16) || 0).toString(16))
    .join(':')}::/64`
}
