import type { InitOptions } from 'i18next'

/** Settings shared by the server's and the browser's i18next: flat keys as the spec names them. */
export const i18nOptions: InitOptions = {
  defaultNS: 'translation',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
  initImmediate: false,
}

/**
 * The browser loads a language's texts in two parts (ADR 0024): the account area's screens (orders,
 * requisitions, organization, budgets, recurring orders) and the rest, which every page needs. A module that
 * shows texts of the account part imports `~/browser/account-texts`.
 */
export type TextPart = 'shop' | 'account'
export const ACCOUNT_TEXTS =
  /^account\.(orders|requisitions|costcenter|user|budget|recurring_orders?|organization|company|overview|profile|address_book|payment|wishlists?|order_templates|newsletter|privacy|punchout|passkeys|quotes)\./

export const textPartOf = (key: string): TextPart => (ACCOUNT_TEXTS.test(key) ? 'account' : 'shop')
