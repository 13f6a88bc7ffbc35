import { createCookieSessionStorage, type AppLoadContext, type Session } from '@remix-run/node'
import type { PunchoutState } from '~/models/punchout'
import { RECENTLY_VIEWED_MINUTES, type RecentlyViewedEntry } from '~/models/recently'
import type { Ga4Event } from '~/models/tracking'
import { config } from './config.server'
import { PRIVATE_NO_STORE } from './headers'
import type { RequestArgs } from './request-memo.server'

export type Toast = {
  key: string
  values?: Record<string, string | number>
  type: 'success' | 'info' | 'error'
  /** Further lines, already in the shopper's language (e.g. the items an add refused and why). */
  details?: string[]
}

export type SessionUser = {
  firstName?: string
  lastName?: string
  login: string
  customerNo: string
  customerType: 'PrivateCustomer' | 'SMBCustomer'
  /** Role ids of a business user (ICM `userRoles[].roleID`); empty for private customers. */
  roles: string[]
  /** The union of the roles' permission ids: what `requirePermission` checks (spec shell §6). */
  permissions: string[]
  /** The price display the user chose with the display-type switch (their user attribute in ICM). */
  preferredDisplay?: 'gross' | 'net'
  /**
   * How the user signed in (spec shell §4.7): what they may edit in their profile follows from it
   * (app/models/profile-capabilities.ts). Absent in sessions from before it was kept: the shop's password login.
   */
  signIn?: 'password' | 'sso' | 'cobrowse' | 'punchout'
  /** Co-browse (issue 35): the sales representative acting for the user (spec commerce §1 `salesRepId`). */
  salesRepId?: string
  /** Co-browse: the representative's name, when ICM tells it, and the customer's company, for the banner. */
  salesRepName?: string
  companyName?: string
  /** The business customer switched cookie consent off (`isCookieConsentDisabled`): required cookies only. */
  cookieConsentDisabled?: true
  /** The business customer's price display is off (`isPriceDisplayActive: false`): no prices shown (ADR 0045). */
  priceDisplayInactive?: true
}

/**
 * A sign-in at an OpenID provider under way (ADR 0037): the checks its answer must pass (state, nonce, PKCE
 * verifier), where the shopper goes afterwards, and the invitation being accepted. Used up by the callback.
 */
export type SsoFlow = {
  provider: string
  state: string
  nonce: string
  verifier: string
  lang: string
  returnUrl: string
  invitation?: { uid: string; hash: string }
}

/** The provider's session of a user signed in through it: refreshed with the shop's, ended at logout. */
export type SsoSession = {
  provider: string
  /** The provider's refresh token (absent when it issues none: the shop then cannot see its session end). */
  refreshToken?: string
  /** The id token, as `id_token_hint` of the provider's logout; left out when it would crowd the cookie. */
  idToken?: string
}

/**
 * A new identity: signed in at the provider, known to ICM as a user without customer yet. Until the shopper
 * completes `/register/sso` the session stays anonymous; this holds the user's ICM grant for that page.
 */
export type SsoRegistration = {
  token: string
  refreshToken: string
  expiresAt: number
  userid: string
  firstName?: string
  lastName?: string
  email?: string
  returnUrl: string
}

/** What the `apiToken` cookie carries (spec: token, type, isAnonymous, orderId) plus refresh data and flashes. */
export type SessionData = {
  apiToken: string
  type: 'user' | 'order'
  isAnonymous: boolean
  orderId?: string
  refreshToken: string
  /** Epoch ms at which the access token expires. */
  expiresAt: number
  /** Epoch ms at which the token was issued; refreshed after half its lifetime. */
  issuedAt: number
  pgid?: string
  /**
   * The design-preview context a content editor opened the shop with (`?PreviewContextID=`, spec shell §2.4,
   * §7): every ICM call of the session carries `;prectx={id}`, uncached (preview-context.server.ts).
   */
  previewContextId?: string
  user?: SessionUser
  /** An anonymous shopper's choice of the display-type switch (a logged-in user's is `user.preferredDisplay`). */
  priceDisplay?: 'gross' | 'net'
  /**
   * Order numbers whose purchase the shop reported to the tracking collector (the last few): a receipt shown
   * again, by whichever storefront process, reports nothing (tracking.server.ts).
   */
  reportedPurchases?: string[]
  /** SKUs chosen for comparison (feature compare); kept in the session, no cookie of its own. */
  compare?: string[]
  /** Recently viewed products (feature recently): SKU and minute of the view, most recent first. */
  recently?: RecentlyViewedEntry[]
  /**
   * The header's wishlist count (feature wishlists) of the user `login`: read from ICM once, then kept current
   * by the shop's own wishlist pages and changes (wishlists.server.ts), so other pages ask ICM nothing for it.
   */
  wishlistCount?: { login: string; count: number }
  /** Epoch ms of the last commit other than a recorded product view: when the shop session was last used. */
  activeAt?: number
  /**
   * Organization pages the shopper has opened whose create and edit pages may be opened now (spec org §5: a
   * direct visit without prior navigation goes to the parent); organization.server.ts keeps it.
   */
  visitedParents?: string[]
  /**
   * A logged-in user's session ended without a logout (idle for too long, or a token ICM would not refresh):
   * the next page goes to the login page saying so (`messageKey=session_timeout`, spec shell §4.7).
   */
  timedOut?: boolean
  /** The punchout the logged-in user came from (issue 34): where the basket goes back, and which basket. */
  punchout?: PunchoutState
  /**
   * Set with the first punchout and kept after logout: the cookie keeps its third-party attributes (see
   * cookieOptions) for as long as it lives, so the logout inside the frame replaces it rather than setting a
   * second cookie the browser would drop there.
   */
  framed?: true
  /** A sign-in at an OpenID provider under way (issue 35). */
  ssoFlow?: SsoFlow
  /** The provider's session of the user signed in through it (`user.signIn` is `sso`). */
  sso?: SsoSession
  /** A new identity completing its registration at `/register/sso`. */
  ssoRegistration?: SsoRegistration
}
/** A checkout step's validation results, shown once on the page the shopper stays on (`?error=true`). */
export type ValidationFlash = {
  valid: boolean
  adjusted: boolean
  errors: { code: string; message?: string; scopes: string[] }[]
  infos: { code: string; message?: string; scopes: string[] }[]
}
/**
 * Tracked events of an action (consented tracking only, ADR 0035), for the `dataLayer` of the next page;
 * bounded by tracking.server.ts so the cookie stays small.
 */
export type TrackingFlash = { key: string; event: Ga4Event }[]
type FlashData = { toast: Toast; validation: ValidationFlash; tracking: TrackingFlash }

export type ShopSession = Session<SessionData, FlashData>

/** Lifetime of the shop session (token, user, compare, flashes): one hour (spec §4.4) since its last use. */
export const SESSION_MAX_AGE = 3600

/** The recently viewed list outlives the shop session: 10080 minutes (spec §9), in the same cookie. */
export const RECENTLY_VIEWED_MAX_AGE = RECENTLY_VIEWED_MINUTES * 60

/** Browsers keep cookies up to 4096 bytes (spec §4.4 warns above that). */
const MAX_COOKIE_BYTES = 4096
/** Where Remix keeps the one-shot toast inside the session data. */
const FLASH_TOAST = '__flash_toast__'

export const sessionStorage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: 'apiToken',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.secureCookies,
    secrets: config.sessionSecrets,
    maxAge: SESSION_MAX_AGE,
  },
})

/**
 * A shop session unused for longer than SESSION_MAX_AGE has ended, exactly as the one-hour cookie used to
 * expire: only the recently viewed list, which the cookie keeps for 7 days, is left, and, when a user was
 * logged in, the mark that their session timed out.
 */
function endIfIdle(session: ShopSession) {
  const activeAt = session.get('activeAt')
  if (activeAt !== undefined && Date.now() - activeAt > SESSION_MAX_AGE * 1000) {
    const hadUser = session.get('user') !== undefined
    for (const key of Object.keys(session.data))
      if (key !== 'recently') session.unset(key as keyof SessionData)
    if (hadUser) session.set('timedOut', true)
  }
}

type RequestSession = Promise<{ session: ShopSession; before: Record<string, string> }>
const sessions = new WeakMap<AppLoadContext, RequestSession>()
/** The request each session was read for: services that get only the session find the request's cookies. */
const requestsOfSessions = new WeakMap<ShopSession, RequestArgs>()

/** The request (and its load context) the session belongs to, when it was read by `sessionOf`. */
export const requestOfSession = (session: ShopSession): RequestArgs | undefined =>
  requestsOfSessions.get(session)

/** Further cookies of the request's answer (`cookieConsent`, `preferredLocale`): written with the session's. */
const responseCookies = new WeakMap<AppLoadContext, Map<string, string>>()

/** Sets a cookie on the request's answer, whatever it is (page, data, redirect): the last value per name wins. */
export function setResponseCookie(context: AppLoadContext, name: string, setCookie: string) {
  let cookies = responseCookies.get(context)
  if (!cookies) {
    cookies = new Map()
    responseCookies.set(context, cookies)
  }
  cookies.set(name, setCookie)
}

/**
 * The `Set-Cookie` value of one of those cookies: the whole shop's (path /), read by the server only, sent
 * on top-level navigations from elsewhere too (SameSite=Lax), for `maxAge` seconds (0 deletes it).
 */
export function shopCookie(name: string, value: string, maxAge: number): string {
  return [
    `${name}=${value}`,
    `Max-Age=${maxAge}`,
    'Path=/',
    'SameSite=Lax',
    'HttpOnly',
    ...(config.secureCookies ? ['Secure'] : []),
  ].join('; ')
}

/** Each key's serialized value: what `sessionCookieOf` compares to see whether, and what, changed. */
const snapshot = (data: object) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, JSON.stringify(value)]))

/**
 * The request's session: parsed once, shared by the action and every loader of the request (the load
 * context is the one object they all get), and written back once when the response is made
 * (`withSessionCookie`, called by the server for every answer). Code changes the session and returns;
 * nobody commits. Changes must be made before the response's headers go out: never in streamed data.
 */
export function sessionOf({ request, context }: RequestArgs): Promise<ShopSession> {
  let entry = sessions.get(context)
  if (!entry) {
    entry = sessionStorage.getSession(request.headers.get('Cookie')).then((session) => {
      requestsOfSessions.set(session, { request, context })
      const before = snapshot(session.data)
      endIfIdle(session)
      return { session, before }
    })
    sessions.set(context, entry)
  }
  return entry.then(({ session }) => session)
}

/**
 * The `Set-Cookie` value for the request's session when it changed, else undefined. The cookie lives one
 * hour, or 7 days while it holds recently viewed products. A change that only records a product view does
 * not count as use of the shop session, so the token and everything else still end an hour after their
 * last real use.
 */
export async function sessionCookieOf(context: AppLoadContext): Promise<string | undefined> {
  const entry = sessions.get(context)
  if (!entry) return undefined
  const { session, before } = await entry
  const after = snapshot(session.data)
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => before[key] !== after[key] && key !== 'activeAt',
  )
  if (changed.length === 0) return undefined
  const viewOnly = changed.every((key) => key === 'recently')
  if (!viewOnly || session.get('activeAt') === undefined) session.set('activeAt', Date.now())
  return serialize(session)
}

/**
 * A punchout session lives in the procurement system's frame, a third-party context, where browsers send
 * only `SameSite=None` cookies, and those only `Secure`: served over HTTPS, its cookie is so (issue 34;
 * over plain HTTP a browser would refuse a `SameSite=None` cookie, so it stays Lax there). It is also
 * `Partitioned` (CHIPS): a browser that blocks third-party cookies still keeps it, for this shop inside that
 * procurement system only.
 */
function cookieOptions(session: ShopSession, maxAge: number) {
  if (session.get('punchout')) session.set('framed', true)
  return session.get('framed') && config.secureCookies
    ? { maxAge, sameSite: 'none' as const, secure: true, partitioned: true }
    : { maxAge }
}

async function serialize(session: ShopSession) {
  const keepsRecentlyViewed = (session.get('recently')?.length ?? 0) > 0
  const maxAge = keepsRecentlyViewed ? RECENTLY_VIEWED_MAX_AGE : SESSION_MAX_AGE
  const cookie = await sessionStorage.commitSession(session, cookieOptions(session, maxAge))
  if (cookie.length <= MAX_COOKIE_BYTES) return cookie
  // Browsers drop a larger cookie, and the shopper's session with it: give up what the shop can do without.
  console.warn(`storefront: session cookie of ${cookie.length} bytes, over ${MAX_COOKIE_BYTES}; shrinking it`)
  const data = session.data as Record<string, unknown>
  const toast = data[FLASH_TOAST] as Toast | undefined
  if (toast?.details) data[FLASH_TOAST] = { ...toast, details: toast.details.slice(0, 1) }
  const recently = session.get('recently')
  if (recently && recently.length > 3) session.set('recently', recently.slice(0, 3))
  // The provider's logout works without its id token hint (client_id names the shop).
  const sso = session.get('sso')
  if (sso?.idToken) session.set('sso', { ...sso, idToken: undefined })
  return sessionStorage.commitSession(session, cookieOptions(session, maxAge))
}

/**
 * The response with the request's session written back when it changed; such a response is personal, so
 * it is never stored by a shared cache. The server calls this for every answer, redirects and errors
 * included (see server/app.mjs).
 */
export async function withSessionCookie(response: Response, context: AppLoadContext): Promise<Response> {
  const session = await sessionCookieOf(context)
  const cookies = [...(session ? [session] : []), ...(responseCookies.get(context)?.values() ?? [])]
  if (cookies.length === 0) return response
  let answer = response
  try {
    for (const cookie of cookies) answer.headers.append('Set-Cookie', cookie)
  } catch {
    // Some responses have immutable headers (Response.redirect): copy it.
    answer = new Response(response.body, response)
    for (const cookie of cookies) answer.headers.append('Set-Cookie', cookie)
  }
  answer.headers.set('Cache-Control', PRIVATE_NO_STORE)
  return answer
}

/** Forgets the shopper's token and user (and their punchout): after logout, or when ICM refused the token. */
export function clearToken(session: ShopSession) {
  for (const key of [
    'apiToken',
    'type',
    'isAnonymous',
    'orderId',
    'refreshToken',
    'expiresAt',
    'issuedAt',
    'pgid',
    'user',
    'punchout',
    'sso',
    'ssoRegistration',
  ] as (keyof SessionData)[]) {
    session.unset(key)
  }
}

/** True when the request carries a session cookie at all: such pages are personal and never shared in caches. */
export function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)apiToken=/.test(request.headers.get('Cookie') ?? '')
}
