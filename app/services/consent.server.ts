/**
 * The `cookieConsent` cookie on the server (spec shell §3, §4.1, §9; ADR 0035): read from the request,
 * written on the answer (any answer: a page, a redirect, a fetcher's data), and what it allows. The cookie
 * is the shopper's own record, so every page is rendered knowing it: the banner is server-rendered, and
 * nothing that needs a consent is rendered or sent without it.
 */
import { randomUUID } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import {
  allowedCategories,
  CONSENT_MAX_AGE_SECONDS,
  decideConsent,
  isConsentValid,
  parseConsent,
  serializeConsent,
  type ConsentCategory,
  type ConsentSource,
  type ConsentView,
  type CookieConsent,
} from '~/models/consent'
import { config } from './config.server'
import { expiredPreferredLocaleCookie } from './preferred-locale.server'
import type { RequestArgs } from './request-memo.server'
import { setResponseCookie, shopCookie, type ShopSession } from './session.server'

export const CONSENT_COOKIE = 'cookieConsent'

/** The consent version in force: COOKIE_CONSENT_VERSION, default 1 (spec §3, §9). */
export const currentConsentVersion = () => config.cookieConsentVersion

/** Decisions made during this request (a save before a loader of the same request reads it). */
const decided = new WeakMap<AppLoadContext, CookieConsent>()

/** The stored record of the request's cookie (valid or not), or the decision this request made. */
export function storedConsentOf({ request, context }: RequestArgs): CookieConsent | undefined {
  const made = context ? decided.get(context) : undefined
  if (made) return made
  const value = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`).exec(
    request.headers.get('Cookie') ?? '',
  )?.[1]
  return parseConsent(value)
}

/** The categories the shop may use for this request: a valid consent's, else required only. */
export function consentCategoriesOf(args: RequestArgs): ConsentCategory[] {
  return allowedCategories(storedConsentOf(args), currentConsentVersion())
}

export const allows = (args: RequestArgs, category: ConsentCategory) =>
  consentCategoriesOf(args).includes(category)

/** Whether the account's customer took the choice away (spec commerce §3 `isCookieConsentDisabled`). */
export const consentLocked = (session: ShopSession) => session.get('user')?.cookieConsentDisabled === true

/** What the page shows and may do: ask with the banner, functional and tracking cookies and events. */
export function consentViewOf(args: RequestArgs, session: ShopSession): ConsentView {
  const stored = storedConsentOf(args)
  const allowed = allowedCategories(stored, currentConsentVersion())
  return {
    ask: !isConsentValid(stored, currentConsentVersion()),
    functional: allowed.includes('functional'),
    tracking: allowed.includes('tracking'),
    locked: consentLocked(session),
  }
}

/** The `Set-Cookie` value of a record: one year (spec §9), the whole shop, readable by the server only. */
export function consentCookie(consent: CookieConsent): string {
  return shopCookie(CONSENT_COOKIE, serializeConsent(consent), CONSENT_MAX_AGE_SECONDS)
}

/**
 * Stores the shopper's decision on this request's answer: the new record (the earlier one kept as a receipt),
 * and, without functional consent, the `preferredLocale` cookie deleted. A customer whose account switched
 * consent off gets required only, whatever was asked for.
 */
export function saveConsent(
  args: RequestArgs,
  session: ShopSession,
  decision: { categories: readonly ConsentCategory[]; source: ConsentSource },
): CookieConsent {
  const locked = consentLocked(session)
  const consent = decideConsent(
    storedConsentOf(args),
    locked ? { categories: ['required'], source: 'account' } : decision,
    currentConsentVersion(),
    Date.now(),
    randomUUID,
  )
  decided.set(args.context, consent)
  setResponseCookie(args.context, CONSENT_COOKIE, consentCookie(consent))
  if (!consent.enabledOptions.includes('functional'))
    setResponseCookie(args.context, 'preferredLocale', expiredPreferredLocaleCookie())
  return consent
}

/**
 * Spec §4.1: when the logged-in user's customer has cookie consent switched off, consent is set to required
 * only, at once (the first page after the login), unless it already is.
 */
export function applyAccountConsent(args: RequestArgs, session: ShopSession) {
  if (!consentLocked(session)) return
  const stored = storedConsentOf(args)
  const requiredOnly = isConsentValid(stored, currentConsentVersion()) && stored!.enabledOptions.length === 1
  if (!requiredOnly) saveConsent(args, session, { categories: ['required'], source: 'account' })
}
