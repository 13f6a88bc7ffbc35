import { localeById, type ShopLocale } from '~/models/locale'
import { shopCookie } from './session.server'
import { isFeatureEnabled } from './features.server'

/** The cookie the language switch writes (spec shell §4.5, §9: one of the three cookies the shop sets). */
const COOKIE = 'preferredLocale'
/** Spec §4.5: the choice is kept for a year. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * Whether the shop remembers a language chosen with the switch (feature saveLanguageSelection): off, it
 * neither writes the cookie nor follows one. On, it writes it only with the shopper's functional consent
 * (app/routes/$lang.language.ts).
 */
export const savesLanguageSelection = () => isFeatureEnabled('saveLanguageSelection')

/** The locale the shopper chose last (`de_DE`; `de-DE` is read too), when it is one of the shop's. */
export function preferredLocaleOf(request: Request): ShopLocale | undefined {
  const value = new RegExp(`(?:^|;\\s*)${COOKIE}=([\\w-]+)`).exec(request.headers.get('Cookie') ?? '')?.[1]
  return localeById(value?.replace('-', '_'))
}

/**
 * The `Set-Cookie` value that deletes the cookie: it is a functional cookie (ADR 0035), gone when the shopper
 * withdraws that consent.
 */
export function expiredPreferredLocaleCookie(): string {
  return shopCookie(COOKIE, '', 0)
}

/** The `Set-Cookie` value that remembers `locale` for a year, for the whole shop (path /). */
export function preferredLocaleCookie(locale: ShopLocale): string {
  return shopCookie(COOKIE, locale.id, ONE_YEAR_SECONDS)
}
