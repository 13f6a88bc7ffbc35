import { parseAutoResponseRule, type AutoResponseRule } from './domain/quote-auto-response'
import path from 'node:path'
import { DEFAULT_STOREFRONT_URL } from './mail/settings'
import { parseCorsOrigins } from './cors'
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings, type CustomerKind } from './domain/configuration'
import { passkeySettingsOf, type PasskeySettings } from './domain/passkeys'
import type { OidcProvider } from './domain/id-tokens'
import { CATCH_UP_DAYS } from './domain/recurring-order-runs'
import {
  DEFAULT_LIMITS,
  DEFAULT_TRUSTED_PROXIES,
  NO_LIMITS,
  parseLimit,
  type LimitSettings,
} from './rate-limits'

export type ApiConfig = {
  port: number
  host: string
  databaseUrl?: string
  dataDir?: string
  site: string
  seedProducts?: number
  /** Base URL of the simulated payment provider's hosted page; default: this API's own address. */
  paymentPageUrl?: string
  /** HMAC secret of the payment returns; default: a random secret kept in the database. */
  paymentSecret?: string
  /** Origins allowed to frame the payment page (PAYMENT_FRAME_ANCESTORS, space- or comma-separated); none. */
  paymentFrameAncestors: string[]
  /** Origins whose browser-side ICM clients may call the API (ICM_CORS_ORIGINS, space- or comma-separated). */
  corsOrigins: string[]
  /** Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE); 0 sends no HSTS header. */
  hstsMaxAge: number
  /** Rate limits and the login throttle (RATE_LIMIT_*, LOGIN_*; RATE_LIMITS=off switches all off). */
  limits: LimitSettings
  /** Proxies whose X-Forwarded-For names the client (API_TRUSTED_PROXIES). */
  trustedProxies: string[]
  /** HMAC secret of the login challenges; default: a random secret kept in the database. */
  challengeSecret?: string
  /** Seconds between clean-up runs (expired tokens, abandoned guest baskets, old counters); 0: never. */
  cleanupSeconds: number
  /** Age after which an empty guest basket is deleted although its token lives. */
  emptyBasketSeconds: number
  /** nodemailer SMTP URL (SMTP_URL); unset: mails stay in the outbox, shown on the API's /mailbox page. */
  smtpUrl?: string
  /**
   * The local mailbox's password (MAILBOX_TOKEN, with MAILBOX=on): required in production without SMTP_URL,
   * where the API otherwise refuses to start (mailboxToken below).
   */
  mailboxToken?: string
  /** Sender of every mail (MAIL_FROM); default `Ironbridge Supply <shop@ironbridge.test>`. */
  mailFrom?: string
  /** The storefront's public address for links in mails (STOREFRONT_URL); default http://localhost:3000. */
  storefrontUrl?: string
  /** Seconds between runs of the mail delivery loop (MAIL_INTERVAL_SECONDS); 0: only after a queued mail. */
  mailIntervalSeconds: number
  /**
   * When recurring orders are placed (RECURRING_ORDERS_CRON, a cron of whole minutes in UTC; default every
   * minute); `off` starts no scheduler in this process (the others on the database still place them).
   */
  recurringOrdersCron?: string
  /**
   * How many days late a run may still place a recurring order's missed day (RECURRING_ORDERS_CATCH_UP_DAYS,
   * default 3); older days, and any after the schedule's end date, are skipped and logged.
   */
  recurringOrdersCatchUpDays: number
  /**
   * SCHEDULER_TEST_RUNS=on: callers on this machine may run the scheduler as of a time they name
   * (routes/scheduler-runs.ts), what the end-to-end tests do. Never for a shop: it lets orders be placed early.
   */
  schedulerTestRuns: boolean
  /**
   * The operator's token of the back office (BACKOFFICE_TOKEN, routes/backoffice.ts); unset: no back office
   * (its paths answer 404). At least 24 characters: it opens every customer's orders.
   */
  backofficeToken?: string
  /** Who registers, who waits for approval, the newsletter (REGISTRATION, REGISTRATION_APPROVAL, NEWSLETTER). */
  accounts: AccountSettings
  /** Where the shop's own mails go (SHOP_MAIL); default MAIL_FROM's address. */
  shopMail?: string
  /** Where the contact form's messages go (CONTACT_MAIL); default SHOP_MAIL. */
  contactMail?: string
  /**
   * The demo's automatic answer to submitted quote requests (QUOTE_AUTO_RESPONSE, e.g.
   * `volume:5%@10,10%@50;valid:14d`; domain/quote-auto-response.ts); unset or `off`: the shop answers
   * through the back office. A rule that cannot be read stops the start.
   */
  quoteAutoResponse?: AutoResponseRule
  /**
   * The procurement sandbox (routes/punchout-sandbox.ts; PUNCHOUT_SANDBOX, PUNCHOUT_SANDBOX_TOKEN): its
   * settings where it is enabled, undefined where its pages do not exist.
   */
  punchoutSandbox?: { token?: string }
  /**
   * Passkeys (PASSKEY_RP_ID, PASSKEY_ORIGINS, PASSKEY_RP_NAME; default STOREFRONT_URL's host and origin):
   * null where the relying party would be an IP address, which WebAuthn refuses (domain/passkeys.ts).
   */
  passkeys: PasskeySettings | null
  /**
   * The OpenID providers whose id tokens sign users in through `users/processtoken` (OIDC_PROVIDERS, a JSON
   * list of `{"issuer": "https://…", "audience": "<the shop's client id there>"}`); none: every id token is
   * refused.
   */
  oidcProviders: OidcProvider[]
  /**
   * The development OpenID provider's issuer (SSO_DEMO_ISSUER, set by `npm start` with SSO_DEMO=on): its
   * identity of a shop user is linked to that user at start (commerce-api/sso-demo/).
   */
  ssoDemoIssuer?: string
  /** The sales representatives' desk for co-browse (routes/sales-desk.ts; SALES_DESK `on`, default, or `off`). */
  salesDesk: boolean
  /**
   * The local tracking collector (routes/tracking-collector.ts; TRACKING_COLLECTOR=on with
   * TRACKING_COLLECTOR_TOKEN): its token where it is on, undefined where its paths do not exist.
   */
  trackingCollector?: { token: string }
}

/** The shortest operator, mailbox or sandbox token accepted: a guess must be hopeless. */
export const MIN_SECRET_LENGTH = 24

/** BACKOFFICE_TOKEN: unset for no back office, else long enough to be a secret. */
export function backofficeToken(env: NodeJS.ProcessEnv): string | undefined {
  return secretSetting(env, 'BACKOFFICE_TOKEN')
}

/** A secret from the environment: unset, or long enough that a guess is hopeless. */
function secretSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim()
  if (!value) return undefined
  if (value.length < MIN_SECRET_LENGTH || /\s/.test(value))
    throw new Error(
      `${name} must be at least ${MIN_SECRET_LENGTH} characters without spaces (e.g. openssl rand -base64 32)`,
    )
  return value
}

/**
 * Where mail goes without SMTP_URL: the local mailbox, whose pages show every password and approval link.
 * A developer's or the tests' API has it open to callers on this machine. In production (NODE_ENV=production)
 * it must be asked for, MAILBOX=on (a demo without a mail server, what `npm start` runs), and guarded by
 * MAILBOX_TOKEN; a production API with neither SMTP_URL nor that refuses to start rather than keeping its
 * customers' mails in a page. MAILBOX=on beside SMTP_URL, or MAILBOX=off without it, is a contradiction.
 */
export function mailboxToken(env: NodeJS.ProcessEnv): string | undefined {
  const smtp = !!env.SMTP_URL?.trim()
  const mailbox = env.MAILBOX?.trim() || undefined
  const token = secretSetting(env, 'MAILBOX_TOKEN')
  if (mailbox !== undefined && mailbox !== 'on' && mailbox !== 'off')
    throw new Error(`MAILBOX must be 'on' or 'off', got '${mailbox}'`)
  if (smtp) {
    if (mailbox === 'on') throw new Error('MAILBOX=on keeps mail in the local mailbox: unset it or SMTP_URL')
    return undefined
  }
  if (mailbox === 'off') throw new Error('MAILBOX=off without SMTP_URL: mail would go nowhere; set SMTP_URL')
  if (env.NODE_ENV === 'production' && mailbox !== 'on')
    throw new Error(
      'In production the commerce API sends its mails over SMTP_URL. Without a mail server (a demo), set ' +
        'MAILBOX=on and MAILBOX_TOKEN to keep them in the local mailbox, which then asks for that token.',
    )
  if (env.NODE_ENV === 'production' && token === undefined)
    throw new Error('MAILBOX=on in production needs MAILBOX_TOKEN: the mailbox holds every password link')
  return token
}

/**
 * The procurement sandbox, a page that plays a procurement system against the shop (it logs punchout users
 * in and can place orders with the credentials it is given): enabled by default outside production unless
 * PUNCHOUT_SANDBOX=off, where it answers callers on this machine, or anyone with PUNCHOUT_SANDBOX_TOKEN. In
 * production only with PUNCHOUT_SANDBOX=on (a demo on a public host), and then only behind that token; a
 * production API asked for it without a token refuses to start.
 */
export function punchoutSandbox(env: NodeJS.ProcessEnv): { token?: string } | undefined {
  const value = env.PUNCHOUT_SANDBOX?.trim() || undefined
  if (value !== undefined && value !== 'on' && value !== 'off')
    throw new Error(`PUNCHOUT_SANDBOX must be 'on' or 'off', got '${value}'`)
  const token = secretSetting(env, 'PUNCHOUT_SANDBOX_TOKEN')
  const production = env.NODE_ENV === 'production'
  if (value === 'off' || (production && value !== 'on')) return undefined
  if (production && token === undefined)
    throw new Error(
      'PUNCHOUT_SANDBOX=on in production needs PUNCHOUT_SANDBOX_TOKEN: the sandbox logs users in',
    )
  return { token }
}

/**
 * The local tracking collector, a page of what the storefront sent with shoppers' tracking consent (for
 * development, demos and tests): only with TRACKING_COLLECTOR=on, and then only behind TRACKING_COLLECTOR_TOKEN
 * (the storefront sends it as the Measurement Protocol's `api_secret`); on without a token refuses to start.
 */
export function trackingCollector(env: NodeJS.ProcessEnv): { token: string } | undefined {
  const value = env.TRACKING_COLLECTOR?.trim() || 'off'
  if (value !== 'on' && value !== 'off')
    throw new Error(`TRACKING_COLLECTOR must be 'on' or 'off', got '${value}'`)
  if (value === 'off') return undefined
  const token = secretSetting(env, 'TRACKING_COLLECTOR_TOKEN')
  if (!token) throw new Error('TRACKING_COLLECTOR=on needs TRACKING_COLLECTOR_TOKEN (at least 24 characters)')
  return { token }
}

/** SCHEDULER_TEST_RUNS: `on`, or `off`/unset; anything else is a mistake worth stopping for. */
function schedulerTestRuns(env: NodeJS.ProcessEnv): boolean {
  const value = env.SCHEDULER_TEST_RUNS?.trim() || 'off'
  if (value !== 'on' && value !== 'off')
    throw new Error(`SCHEDULER_TEST_RUNS must be 'on' or 'off', got '${value}'`)
  return value === 'on'
}

/**
 * Kinds of customer from the environment: `private`, `business` (comma-separated), `none`, or unset for the
 * fallback. Anything else stops the start: a typo must not open or close registration unnoticed.
 */
function customerKinds(env: NodeJS.ProcessEnv, name: string, fallback: Record<CustomerKind, boolean>) {
  const value = env[name]?.trim()
  if (!value) return fallback
  const kinds = value.split(/[\s,]+/).filter(Boolean)
  if (kinds.length === 1 && kinds[0] === 'none') return { private: false, business: false }
  const unknown = kinds.filter((kind) => kind !== 'private' && kind !== 'business')
  if (unknown.length)
    throw new Error(`${name} takes 'private', 'business' (comma-separated) or 'none', got '${value}'`)
  return { private: kinds.includes('private'), business: kinds.includes('business') }
}

/** CONTACT_MAIL: unset, or one e-mail address (the contact form's messages go there). */
function contactMail(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.CONTACT_MAIL?.trim()
  if (!value) return undefined
  if (value.length > 254 || !/^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/.test(value))
    throw new Error(`CONTACT_MAIL must be one e-mail address, got '${value}'`)
  return value
}

/** SALES_DESK: `on` (default) or `off`. */
function salesDesk(env: NodeJS.ProcessEnv): boolean {
  const value = env.SALES_DESK?.trim() || 'on'
  if (value !== 'on' && value !== 'off') throw new Error(`SALES_DESK must be 'on' or 'off', got '${value}'`)
  return value === 'on'
}

/** NEWSLETTER: `on` (default) or `off`. */
function newsletter(env: NodeJS.ProcessEnv): boolean {
  const value = env.NEWSLETTER?.trim() || 'on'
  if (value !== 'on' && value !== 'off') throw new Error(`NEWSLETTER must be 'on' or 'off', got '${value}'`)
  return value === 'on'
}

export function accountSettings(env: NodeJS.ProcessEnv): AccountSettings {
  return {
    registration: customerKinds(env, 'REGISTRATION', DEFAULT_ACCOUNT_SETTINGS.registration),
    approval: customerKinds(env, 'REGISTRATION_APPROVAL', DEFAULT_ACCOUNT_SETTINGS.approval),
    newsletter: newsletter(env),
  }
}

/** A whole number of at least 0 from the environment, or the fallback. */
function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name]
  if (value === undefined || value.trim() === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number of at least 0, got '${value}'`)
  return n
}

function limitSettings(env: NodeJS.ProcessEnv): LimitSettings {
  const base = env.RATE_LIMITS === 'off' ? NO_LIMITS : DEFAULT_LIMITS
  return {
    login: {
      ...base.login,
      freeFailures: count(env, 'LOGIN_FREE_FAILURES', base.login.freeFailures),
      lockFailures: count(env, 'LOGIN_LOCK_FAILURES', base.login.lockFailures),
      backoffSeconds: count(env, 'LOGIN_BACKOFF_SECONDS', base.login.backoffSeconds),
      lockSeconds: count(env, 'LOGIN_LOCK_SECONDS', base.login.lockSeconds),
      challengeSeconds: count(env, 'LOGIN_CHALLENGE_SECONDS', base.login.challengeSeconds),
      ipFailures: parseLimit(env.LOGIN_IP_FAILURES, base.login.ipFailures),
    },
    anonymousTokens: parseLimit(env.RATE_LIMIT_ANONYMOUS_TOKENS, base.anonymousTokens),
    refreshTokens: parseLimit(env.RATE_LIMIT_REFRESH_TOKENS, base.refreshTokens),
    challenges: parseLimit(env.RATE_LIMIT_CHALLENGES, base.challenges),
    basketsPerSubject: parseLimit(env.RATE_LIMIT_BASKETS_PER_SUBJECT, base.basketsPerSubject),
    basketsPerIp: parseLimit(env.RATE_LIMIT_BASKETS_PER_IP, base.basketsPerIp),
    passkeyChallenges: parseLimit(env.RATE_LIMIT_PASSKEY_CHALLENGES, base.passkeyChallenges),
    remindersPerAccount: parseLimit(env.RATE_LIMIT_REMINDERS_PER_ACCOUNT, base.remindersPerAccount),
    remindersPerIp: parseLimit(env.RATE_LIMIT_REMINDERS_PER_IP, base.remindersPerIp),
    wishlistShareMails: parseLimit(env.RATE_LIMIT_WISHLIST_SHARE_MAILS, base.wishlistShareMails),
    idTokens: parseLimit(env.RATE_LIMIT_ID_TOKENS, base.idTokens),
    trackingEvents: parseLimit(env.RATE_LIMIT_TRACKING_EVENTS, base.trackingEvents),
    contactPerIp: parseLimit(env.RATE_LIMIT_CONTACT_PER_IP, base.contactPerIp),
    contactPerSender: parseLimit(env.RATE_LIMIT_CONTACT_PER_SENDER, base.contactPerSender),
    quoteContacts: parseLimit(env.RATE_LIMIT_QUOTE_CONTACTS, base.quoteContacts),
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** An issuer URL as OIDC_PROVIDERS and SSO_DEMO_ISSUER take it: https, or http on this machine only. */
function issuerUrl(name: string, value: unknown): string {
  if (typeof value !== 'string' || !value.trim())
    throw new Error(`${name}: "issuer" must be the provider's URL`)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name}: "issuer" '${value}' is not a URL`)
  }
  if (url.search || url.hash) throw new Error(`${name}: the issuer '${value}' must have no query or fragment`)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)))
    throw new Error(`${name}: the issuer '${value}' must use https (http only on 127.0.0.1 or localhost)`)
  // Compared with the id token's `iss` as written: the provider's own spelling, not a normalized one.
  return value
}

/**
 * OIDC_PROVIDERS: a JSON list of `{"issuer", "audience"}` (the audience is the shop's client id at the
 * provider); unset or empty for none. A mistake stops the start with what is wrong.
 */
export function oidcProviders(env: NodeJS.ProcessEnv): OidcProvider[] {
  const value = env.OIDC_PROVIDERS?.trim()
  if (!value) return []
  const example = `[{"issuer":"https://login.example.com/realms/shop","audience":"storefront"}]`
  let list: unknown
  try {
    list = JSON.parse(value)
  } catch (error) {
    throw new Error(`OIDC_PROVIDERS must be a JSON list like ${example}: ${(error as Error).message}`)
  }
  if (!Array.isArray(list)) throw new Error(`OIDC_PROVIDERS must be a JSON list like ${example}`)
  const seen = new Set<string>()
  return list.map((entry: unknown, at) => {
    const name = `OIDC_PROVIDERS[${at}]`
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new Error(`${name} must be an object like ${example}`)
    const unknown = Object.keys(entry).filter((key) => key !== 'issuer' && key !== 'audience')
    if (unknown.length)
      throw new Error(
        `${name} has ${unknown.map((key) => `"${key}"`).join(', ')}: only "issuer" and "audience"`,
      )
    const { issuer, audience } = entry as { issuer?: unknown; audience?: unknown }
    const checked = issuerUrl(name, issuer)
    if (typeof audience !== 'string' || !audience.trim() || audience.length > 255)
      throw new Error(`${name}: "audience" must be the shop's client id at the provider`)
    if (seen.has(checked)) throw new Error(`${name}: the issuer '${checked}' is listed twice`)
    seen.add(checked)
    return { issuer: checked, audience }
  })
}

/** Reads the commerce API's settings from the environment (see README, "Configuration"). */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    port: Number(env.API_PORT ?? 4100),
    host: env.API_HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATABASE_URL ? undefined : path.resolve(env.DATA_DIR ?? 'data', 'pglite'),
    site: env.ICM_SITE ?? 'ironbridge-Site',
    seedProducts: env.SEED_PRODUCTS ? Number(env.SEED_PRODUCTS) : undefined,
    paymentPageUrl: env.PAYMENT_PAGE_URL || undefined,
    paymentSecret: env.PAYMENT_SECRET || undefined,
    paymentFrameAncestors: (env.PAYMENT_FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean),
    corsOrigins: parseCorsOrigins(env.ICM_CORS_ORIGINS),
    hstsMaxAge: Math.max(0, Math.floor(Number(env.HSTS_MAX_AGE ?? 0)) || 0),
    limits: limitSettings(env),
    trustedProxies: (env.API_TRUSTED_PROXIES ?? DEFAULT_TRUSTED_PROXIES.join(','))
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    challengeSecret: env.CHALLENGE_SECRET || undefined,
    cleanupSeconds: count(env, 'CLEANUP_INTERVAL_SECONDS', 3600),
    emptyBasketSeconds: count(env, 'CLEANUP_EMPTY_BASKET_SECONDS', 24 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailboxToken: mailboxToken(env),
    mailFrom: env.MAIL_FROM || undefined,
    backofficeToken: backofficeToken(env),
    storefrontUrl: env.STOREFRONT_URL || undefined,
    mailIntervalSeconds: count(env, 'MAIL_INTERVAL_SECONDS', 15),
    recurringOrdersCron:
      env.RECURRING_ORDERS_CRON === 'off' ? undefined : env.RECURRING_ORDERS_CRON?.trim() || '* * * * *',
    recurringOrdersCatchUpDays: count(env, 'RECURRING_ORDERS_CATCH_UP_DAYS', CATCH_UP_DAYS),
    schedulerTestRuns: schedulerTestRuns(env),
    accounts: accountSettings(env),
    shopMail: env.SHOP_MAIL?.trim() || undefined,
    contactMail: contactMail(env),
    quoteAutoResponse: parseAutoResponseRule(env.QUOTE_AUTO_RESPONSE),
    punchoutSandbox: punchoutSandbox(env),
    passkeys: passkeySettingsOf({
      rpId: env.PASSKEY_RP_ID,
      origins: env.PASSKEY_ORIGINS,
      rpName: env.PASSKEY_RP_NAME,
      storefrontUrl: env.STOREFRONT_URL || DEFAULT_STOREFRONT_URL,
    }),
    oidcProviders: oidcProviders(env),
    ssoDemoIssuer: env.SSO_DEMO_ISSUER?.trim()
      ? issuerUrl('SSO_DEMO_ISSUER', env.SSO_DEMO_ISSUER.trim())
      : undefined,
    salesDesk: salesDesk(env),
    trackingCollector: trackingCollector(env),
  }
}
