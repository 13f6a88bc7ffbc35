/** The shop's languages: URL prefix, ICM locale and the currency each one sells in (spec §9). */
export const SHOP_LOCALES = [
  { lang: 'en', id: 'en_US', currency: 'USD', tag: 'en-US', label: 'English' },
  { lang: 'de', id: 'de_DE', currency: 'EUR', tag: 'de-DE', label: 'Deutsch' },
  { lang: 'fr', id: 'fr_FR', currency: 'EUR', tag: 'fr-FR', label: 'Français' },
  { lang: 'pl', id: 'pl_PL', currency: 'PLN', tag: 'pl-PL', label: 'Polski' },
  { lang: 'ro', id: 'ro_RO', currency: 'RON', tag: 'ro-RO', label: 'Română' },
] as const

export type ShopLocale = (typeof SHOP_LOCALES)[number]
export type LocaleId = ShopLocale['id']

/** de_DE is the shop's default locale. */
export const DEFAULT_LOCALE: ShopLocale = SHOP_LOCALES[1]

export function localeByLang(lang: string | undefined): ShopLocale | undefined {
  return SHOP_LOCALES.find((l) => l.lang === lang)
}

export function localeById(id: string | undefined): ShopLocale | undefined {
  return SHOP_LOCALES.find((l) => l.id === id)
}

/** The same page in another language: swaps the first path segment. */
export function switchLocalePath(pathname: string, search: string, target: ShopLocale): string {
  const rest = pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '')
  return `/${target.lang}${rest || '/home'}${search}`
}

/**
 * Where the language switch leads: the same page in `target`; when the shop remembers the choice (feature
 * saveLanguageSelection), by way of `/{lang}/language`, which sets the cookie and goes on to that page.
 */
export function languageSwitchUrl(pathname: string, search: string, target: ShopLocale, remember: boolean) {
  const page = switchLocalePath(pathname, search, target)
  return remember ? `/${target.lang}/language?returnUrl=${encodeURIComponent(page)}` : page
}
