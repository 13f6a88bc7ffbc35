/** Facts about the one sales channel the bundled commerce API serves. */
export const LOCALES = ['en_US', 'de_DE', 'fr_FR', 'pl_PL', 'ro_RO'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'de_DE'

/** Each locale named in its own language, with its country (as language switches offer them). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en_US: 'English (United States)',
  de_DE: 'Deutsch (Deutschland)',
  fr_FR: 'Français (France)',
  pl_PL: 'Polski (Polska)',
  ro_RO: 'Română (România)',
}

export const CURRENCIES = ['EUR', 'USD', 'PLN', 'RON'] as const
export type Currency = (typeof CURRENCIES)[number]
export const DEFAULT_CURRENCY: Currency = 'EUR'

/** Price lists are kept per currency; these turn the EUR base price into the others when seeding. */
export const EXCHANGE_RATES: Record<Currency, number> = { EUR: 1, USD: 1.08, PLN: 4.3, RON: 4.97 }

export const MAX_ITEM_QUANTITY = 100

/** Access token lifetime in seconds (ICM's default session lifetime is one hour). */
export const TOKEN_LIFETIME = 3600
export const REFRESH_LIFETIME = 30 * 24 * 3600

export function isLocale(value: string | undefined): value is Locale {
  return !!value && (LOCALES as readonly string[]).includes(value)
}

export function isCurrency(value: string | undefined): value is Currency {
  return !!value && (CURRENCIES as readonly string[]).includes(value)
}

/** Picks a localized text, falling back to English and then any value. */
export function localize(text: Record<string, string> | null | undefined, locale: string): string {
  if (!text) return ''
  return text[locale] ?? text.en_US ?? Object.values(text)[0] ?? ''
}

/** PostgreSQL text search configuration per locale ('simple' where PostgreSQL has no stemmer). */
export const TEXT_SEARCH_CONFIG: Record<Locale, string> = {
  en_US: 'english',
  de_DE: 'german',
  fr_FR: 'french',
  pl_PL: 'simple',
  ro_RO: 'romanian',
}

/** The product_search and category_listing columns holding each currency's sale price (minor units). */
export const GROSS_COLUMN: Record<Currency, string> = {
  EUR: 'gross_eur',
  USD: 'gross_usd',
  PLN: 'gross_pln',
  RON: 'gross_ron',
}
export const NET_COLUMN: Record<Currency, string> = {
  EUR: 'net_eur',
  USD: 'net_usd',
  PLN: 'net_pln',
  RON: 'net_ron',
}

/** The product_search column holding each locale's document. */
export const SEARCH_COLUMN: Record<Locale, string> = {
  en_US: 'en_us',
  de_DE: 'de_de',
  fr_FR: 'fr_fr',
  pl_PL: 'pl_pl',
  ro_RO: 'ro_ro',
}
