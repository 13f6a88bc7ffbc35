import type { Params } from '@remix-run/react'
import { localeByLang, type ShopLocale } from '~/models/locale'
import type { IcmScope } from './icm.server'
import { getSession, type ShopSession } from './session.server'

export type Shopper = { locale: ShopLocale; session: ShopSession; scope: IcmScope }

const perRequest = new WeakMap<Request, Promise<ShopSession>>()

/**
 * The request's session, parsed once per `Request` object. Each loader gets its own copy of the request, so
 * each loader has its own session: what one commits (a flash read) is its own Set-Cookie.
 */
export function sessionOf(request: Request): Promise<ShopSession> {
  let session = perRequest.get(request)
  if (!session) {
    session = getSession(request)
    perRequest.set(request, session)
  }
  return session
}

/** The locale of a `/$lang/...` route; an unknown language is a 404. */
export function requireLocale(params: Params): ShopLocale {
  const locale = localeByLang(params.lang)
  if (!locale) throw new Response(null, { status: 404, statusText: 'Not Found' })
  return locale
}

/**
 * The shopper's network address as the storefront's server saw it (server.mjs sets this header on every
 * request, replacing whatever a client sent, from Express's `req.ip`, which trusts only TRUSTED_PROXIES).
 */
export const CLIENT_ADDRESS_HEADER = 'x-storefront-client-address'

export function clientAddressOf(request: Request): string | undefined {
  const address = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim()
  return address && /^[0-9a-fA-F:.]{2,45}$/.test(address) ? address : undefined
}

export async function shopperOf(request: Request, params: Params): Promise<Shopper> {
  const locale = requireLocale(params)
  const session = await sessionOf(request)
  return {
    locale,
    session,
    scope: {
      locale,
      token: session.get('apiToken'),
      pgid: session.get('pgid'),
      clientAddress: clientAddressOf(request),
    },
  }
}
