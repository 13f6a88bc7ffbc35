/**
 * The shopper's cookie consent (spec shell §3 "Cookie consent record", §4.1, §9): what the `cookieConsent`
 * cookie holds, how it is read and written, and whether it is still valid. Pure: the cookie's value in, the
 * record out; the server's cookie handling is app/services/consent.server.ts (ADR 0035).
 */

/** The consent categories (spec §3): required is always on, the others need the shopper's yes. */
export const CONSENT_CATEGORIES = ['required', 'functional', 'tracking'] as const
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]

/** How a consent was given: a receipt says so. `account`: the business customer switched consent off. */
export const CONSENT_SOURCES = ['all', 'required', 'settings', 'withdrawn', 'account'] as const
export type ConsentSource = (typeof CONSENT_SOURCES)[number]

/** One decision of the shopper: the consent receipt the cookie settings page lists. */
export type ConsentReceipt = {
  version: number
  enabledOptions: ConsentCategory[]
  /** Epoch ms of the decision. */
  consentedAt: number
  source: ConsentSource
}

/**
 * The cookie's record: the decision in force (the Intershop PWA's `version` and `enabledOptions` at the top,
 * so a client that knows only those reads it), the earlier ones, newest first, and the client id of the
 * consented tracking (only while tracking is consented; it goes with a withdrawal).
 */
export type CookieConsent = ConsentReceipt & { clientId?: string; history: ConsentReceipt[] }

/** Spec §9: consent lasts one year. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60
/** Spec §9: the consent version when the configuration names none. */
export const DEFAULT_CONSENT_VERSION = 1
/** Earlier decisions the cookie keeps for the receipts (with the current one: five). */
export const MAX_EARLIER_RECEIPTS = 4

const isCategory = (value: unknown): value is ConsentCategory =>
  typeof value === 'string' && (CONSENT_CATEGORIES as readonly string[]).includes(value)

/** The categories in their fixed order, required always among them, each once. */
export function normalizedCategories(categories: readonly unknown[]): ConsentCategory[] {
  return CONSENT_CATEGORIES.filter((category) => category === 'required' || categories.includes(category))
}

function receiptOf(value: unknown): ConsentReceipt | undefined {
  if (!value || typeof value !== 'object') return undefined
  const record = value as Record<string, unknown>
  const version = Number(record.version)
  if (!Number.isInteger(version) || version < 0) return undefined
  if (!Array.isArray(record.enabledOptions) || !record.enabledOptions.every(isCategory)) return undefined
  const consentedAt = Number(record.consentedAt ?? 0)
  const source = (CONSENT_SOURCES as readonly unknown[]).includes(record.source)
    ? (record.source as ConsentSource)
    : 'settings'
  return {
    version,
    enabledOptions: normalizedCategories(record.enabledOptions),
    consentedAt: Number.isFinite(consentedAt) && consentedAt > 0 ? consentedAt : 0,
    source,
  }
}

const CLIENT_ID = /^[A-Za-z0-9._-]{8,64}$/

/**
 * The record of a `cookieConsent` value (URL-encoded JSON), or undefined when there is none or it is not one:
 * a broken or foreign value counts as no consent, so the banner asks again.
 */
export function parseConsent(value: string | undefined | null): CookieConsent | undefined {
  if (!value || value.length > 4096) return undefined
  let json: unknown
  try {
    json = JSON.parse(decodeURIComponent(value))
  } catch {
    return undefined
  }
  const current = receiptOf(json)
  if (!current) return undefined
  const record = json as Record<string, unknown>
  const history = Array.isArray(record.history)
    ? record.history.flatMap((entry) => receiptOf(entry) ?? []).slice(0, MAX_EARLIER_RECEIPTS)
    : []
  const clientId =
    current.enabledOptions.includes('tracking') &&
    typeof record.clientId === 'string' &&
    CLIENT_ID.test(record.clientId)
      ? record.clientId
      : undefined
  return { ...current, ...(clientId ? { clientId } : {}), history }
}

/** The cookie's value for a record: URL-encoded JSON. */
export function serializeConsent(consent: CookieConsent): string {
  const { version, enabledOptions, consentedAt, source, clientId, history } = consent
  return encodeURIComponent(
    JSON.stringify({ version, enabledOptions, consentedAt, source, clientId, history }),
  )
}

/**
 * Whether a stored consent still holds: spec §4.1 asks again when the stored version is lower than the
 * current one (compared as numbers, §3).
 */
export function isConsentValid(consent: CookieConsent | undefined, currentVersion: number): boolean {
  return consent !== undefined && consent.version >= currentVersion
}

/** The categories the shop may use now: those of a valid consent, else required only. */
export function allowedCategories(
  consent: CookieConsent | undefined,
  currentVersion: number,
): ConsentCategory[] {
  return isConsentValid(consent, currentVersion) ? consent!.enabledOptions : ['required']
}

/**
 * The record after a new decision: the categories chosen (required always), the current version, the time,
 * the earlier decision kept as a receipt; a client id for tracking only while tracking is consented (kept
 * from before, or `newClientId` for a first one).
 */
export function decideConsent(
  previous: CookieConsent | undefined,
  decision: { categories: readonly unknown[]; source: ConsentSource },
  currentVersion: number,
  now: number,
  newClientId: () => string,
): CookieConsent {
  const enabledOptions = normalizedCategories(decision.categories)
  const tracking = enabledOptions.includes('tracking')
  const earlier = previous
    ? [
        {
          version: previous.version,
          enabledOptions: previous.enabledOptions,
          consentedAt: previous.consentedAt,
          source: previous.source,
        },
        ...previous.history,
      ].slice(0, MAX_EARLIER_RECEIPTS)
    : []
  return {
    version: currentVersion,
    enabledOptions,
    consentedAt: now,
    source: decision.source,
    ...(tracking ? { clientId: previous?.clientId ?? newClientId() } : {}),
    history: earlier,
  }
}

/** All the shopper's decisions, newest first: what the receipts list. */
export function receiptsOf(consent: CookieConsent | undefined): ConsentReceipt[] {
  if (!consent) return []
  const { version, enabledOptions, consentedAt, source, history } = consent
  return [{ version, enabledOptions, consentedAt, source }, ...history]
}

/** The categories a choice of the banner or the settings form stands for. */
export function categoriesOfChoice(
  choice: 'all' | 'required' | 'withdraw' | 'settings',
  chosen: readonly unknown[] = [],
): ConsentCategory[] {
  if (choice === 'all') return [...CONSENT_CATEGORIES]
  if (choice === 'settings') return normalizedCategories(chosen)
  return ['required']
}

/** What a page needs to know of the consent: whether to ask, and what it may do. */
export type ConsentView = {
  /** The banner asks (no valid consent yet). */
  ask: boolean
  functional: boolean
  tracking: boolean
  /** The customer's account set required only (spec commerce §3 `isCookieConsentDisabled`): no choice. */
  locked: boolean
}

/** One receipt as the cookie settings show it: its date in the page language, and what and how. */
export type ReceiptView = {
  /** ISO time, for `<time dateTime>`. */
  at: string
  date: string
  version: number
  categories: ConsentCategory[]
  source: ConsentSource
  /** The decision in force now (the newest, while its version is current). */
  current: boolean
}

/** The cookie settings' data (`/{lang}/cookies`, and the footer's dialog that loads it). */
export type CookieSettingsView = {
  title: string
  consent: ConsentView
  /** The consent version in force. */
  version: number
  /** A decision is stored, but for an older version: the shopper is asked again. */
  outdated: boolean
  receipts: ReceiptView[]
}
