import { createCookieSessionStorage, type Session } from '@remix-run/node'
import { config } from './config.server'

export type Toast = {
  key: string
  values?: Record<string, string | number>
  type: 'success' | 'info' | 'error'
}

export type SessionUser = {
  firstName?: string
  lastName?: string
  login: string
  customerType: 'PrivateCustomer' | 'SMBCustomer'
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
  user?: SessionUser
  /** SKUs chosen for comparison (feature compare); kept in the session, no cookie of its own. */
  compare?: string[]
}
type FlashData = { toast: Toast }

export type ShopSession = Session<SessionData, FlashData>

/** Default lifetime of the token cookie: one hour (spec §4.4), renewed with every token refresh. */
export const SESSION_MAX_AGE = 3600

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

export function getSession(request: Request): Promise<ShopSession> {
  return sessionStorage.getSession(request.headers.get('Cookie'))
}

export const commitSession = (session: ShopSession) => sessionStorage.commitSession(session)

/** True when the request carries a session cookie at all: such pages are personal and never shared in caches. */
export function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)apiToken=/.test(request.headers.get('Cookie') ?? '')
}
