import type { Params } from '@remix-run/react'
import { localeByLang, type ShopLocale } from '~/models/locale'
import type { IcmScope } from './icm.server'
import type { RequestArgs } from './request-memo.server'
import { sessionOf, type ShopSession } from './session.server'
import { notFound } from './http.server'

export type Shopper = { locale: ShopLocale; session: ShopSession; scope: IcmScope }

/** The locale of a `/$lang/...` route; an unknown language is a 404. */
export function requireLocale(params: Params): ShopLocale {
  const locale = localeByLang(params.lang)
  if (!locale) throw notFound()
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

export type PageArgs = RequestArgs & { params: Params }

/** The shopper of a `/$lang/...` request: locale, the request's session, and the scope for ICM calls. */
export async function shopperOf(args: PageArgs): Promise<Shopper> {
  const locale = requireLocale(args.params)
  const session = await sessionOf(args)
  return { locale, session, scope: scopeOf(args.request, locale, session) }
}

/** The ICM scope of a request: the session's token, and the session itself, which ICM's refusals update. */
export function scopeOf(request: Request, locale: ShopLocale, session: ShopSession): IcmScope {
  return {
    locale,
    session,
    pgid: session.get('pgid'),
    previewContextId: session.get('previewContextId'),
    clientAddress: clientAddressOf(request),
  }
}
