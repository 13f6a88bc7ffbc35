/**
 * What the root loader hands every page, what the shop layout's loader adds for its chrome, and what the
 * error pages show. Routes and components both import these view types from here, never from root.tsx or
 * from each other.
 */
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { API_CODES } from './api-codes'
import type { Pagelet } from './cms'
import type { ConsentView } from './consent'
import type { HeaderUtilityStyle, NavLevel2Icon } from './extra-settings'
import type { ShopLocale } from './locale'
import type { MainNavigationRef } from './navigation'
import { COBROWSE_ERROR_KEYS, type CobrowseBanner, type CobrowseErrorKey } from './cobrowse'
import { PUNCHOUT_ERROR_KEYS, type PunchoutErrorKey } from './punchout-entry'
import type { Money, PriceDisplay } from './price'
import type { PriceVisibility } from './price-visibility'
import type { DataLayerPush } from './tracking'

export type ToastView = {
  id: string
  text: string
  type: 'success' | 'info' | 'error'
  details?: string[]
}

export type MiniBasketLine = { id: string; sku: string; name: string; quantity: number; total: Money }

export type ShellBasket = { itemCount: number; total: Money; lines: MiniBasketLine[] }

export type ShellUser = { name: string }

/**
 * The theme and extra settings of the configuration include (extra-settings.ts) a page applies, and the shell
 * widgets they and the feature toggles switch on (issue 36, ADR 0046).
 */
export type ShellTheme = {
  logo: string | null
  logoMobile: string | null
  favicon: string | null
  /** Custom properties for the `<html>` element's style (sanitized). */
  cssProperties: Record<string, string>
  navigationColumns: number
  navLevel2Icon: NavLevel2Icon
  headerUtilityStyle: HeaderUtilityStyle
  /** Feature stickyHeader: the header sticks from 170 px scroll (spec §2.5). */
  stickyHeader: boolean
  /** Feature trustbadge with an id and the shopper's functional consent: the badge's script id. */
  trustbadge: string | null
  /** The design-preview context of the session (spec §2.4); `designView` when it is DESIGNVIEW. */
  preview: { id: string; designView: boolean } | null
}

/** What every page of a language has, checkout included (the root loader's): which prices, the toast. */
export type ShellData = {
  theme?: ShellTheme
  /** null: no footer at all, for the punchout roles (spec §2.6, §6). */
  footer: Pagelet[] | null
  maxItemQuantity: number
  display: PriceDisplay
  /** Whether the shopper sees prices (ADR 0045): every price view of the page follows it. */
  prices: PriceVisibility
  /** The configuration enables the display-type switch (spec §2.4: the shell then has a class for it). */
  displaySwitch?: boolean
  toast: ToastView | null
  /** null when the compare feature is off: no compare buttons, no header link. */
  compareCount: number | null
  /** Feature rating: whether products show their rating (tiles, product page). */
  rating: boolean
  /** Feature wishlists: the header's link and the "add to wishlist" forms of tiles and product pages. */
  wishlists?: boolean
  /** Feature contactUs (issue 36): the footer's link to the contact form. */
  contactUs?: boolean
  /** Feature storeLocator: the footer's link to the store finder (spec §2.6). */
  storeLocator?: boolean
  /**
   * Quotes (issue 36): `addToQuote` offers "Add to quote" on product pages (feature quoting, to guests and to
   * users who may ask for quotes), `freeText` the free-text quote form (feature freetextQuoting).
   */
  quoting?: { addToQuote: boolean; freeText: boolean }
  /** Co-browse (issue 35): the banner saying whom a sales representative acts for; null for everyone else. */
  cobrowse?: CobrowseBanner | null
}

/** The shop's chrome around every page but the checkout (the `$lang._shop` layout's loader). */
export type ShopChrome = {
  /** The main navigation's list: its key, not the tree (ADR 0055). */
  navigation: MainNavigationRef
  basket: ShellBasket | null
  /**
   * Who the header names: the session's user once ICM took their token on this request (the basket read);
   * a token ICM refused (a cookie replayed after its logout) is dropped there, and nobody is named.
   */
  user: ShellUser | null
  /** The quick order page exists (feature quickorder). */
  quickOrder: boolean
  /** The header's code scanner link (spec shell §2.5): its page, or null when this shopper gets none. */
  scanner?: 'scanner' | 'scandit' | null
  /** Products on the logged-in user's wishlists (feature wishlists); null for nobody logged in or feature off. */
  wishlistCount?: number | null
  hasRecentlyViewed: boolean
  /**
   * Feature orderTemplates for a logged-in business user who may purchase: "save as order template" on the basket
   * and order pages, "add to order template" on product pages (ADR 0041).
   */
  orderTemplates?: boolean
  /** The language switch remembers the choice in the `preferredLocale` cookie (feature saveLanguageSelection). */
  rememberLanguage: boolean
  /** The display-type switch (shell §2.7), when the configuration enables it. */
  displaySwitch: { display: PriceDisplay; saved: boolean } | null
}

/**
 * When root's and the shop layout's data load again: client navigations keep them; every form post (basket,
 * login) and a change of language reload them.
 */
export const revalidateShell: ShouldRevalidateFunction = ({
  formMethod,
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  return currentParams.lang !== nextParams.lang
}

/** Error page titles by status (and by reason, e.g. `order-outcome-unknown`), in the page language. */
export type ErrorTitles = Record<string, string>

/**
 * The root loader's data: `shell` and `errorTitles` are null for a path without a shop language. `consent`
 * says whether the cookie banner asks and what the shopper allowed; `tracking` holds the `dataLayer` entries
 * an action left for this page (both ADR 0035; absent without a shop language).
 */
export type RootView = {
  locale: ShopLocale
  shell: ShellData | null
  errorTitles: ErrorTitles | null
  consent?: ConsentView
  tracking?: DataLayerPush[]
  /** Feature tracking is on and the shopper consented: error pages report themselves to the dataLayer. */
  tracked?: boolean
}

/** The kinds of `/error?error=…` a guard sends to (spec org §2 Guards, shell §8). */
export type GuardErrorKind = 'missing-permission' | 'feature-deactivated'

/** Every kind of `/error?error=…`: a guard's, or the error key of a punchout or co-browse that failed (§5, §8). */
export type ErrorPageKind = GuardErrorKind | PunchoutErrorKey | CobrowseErrorKey

/**
 * The status of the `/error` page: the guards' kinds are 404 (spec org §8). Nothing in the shop sends to
 * `/error` without a kind, so any other or no `error` is a page that does not exist: the not-found page,
 * 404. Never a 200 (spec shell §8 gives `/error` for statuses of 400 and above only), and never a 5xx for
 * a URL a stranger can type.
 */
export function errorPageOf(error: string | null): { kind: ErrorPageKind | null; status: number } {
  if (error === 'missing-permission' || error === 'feature-deactivated') return { kind: error, status: 404 }
  // A punchout the procurement system started wrongly (or ICM refused): the request's fault, 400.
  if (error && PUNCHOUT_ERROR_KEYS.includes(error)) return { kind: error as PunchoutErrorKey, status: 400 }
  // A co-browse link without its token, or one ICM refused (issue 35): the request's fault too.
  if (error && COBROWSE_ERROR_KEYS.includes(error)) return { kind: error as CobrowseErrorKey, status: 400 }
  return { kind: null, status: 404 }
}

/** Refusals of a request that say what to do differently (issue 14): wrong method, size, type, origin, pace. */
const SPECIFIC_ERRORS: Partial<Record<number, string>> = {
  403: 'error.forbidden',
  405: 'error.method_not_allowed',
  413: 'error.payload_too_large',
  415: 'error.unsupported_media_type',
  429: 'error.too_many_requests',
}

/** Texts of a reason that is more precise than its status. */
const REASONS: Record<string, { title: string; text: string }> = {
  // ICM is too busy to carry out a change now (503 with Retry-After): come back in a few seconds.
  [API_CODES.serverBusy]: { title: 'error.busy.title', text: API_CODES.serverBusy },
  // An order submit the commerce API did not answer: the order may exist, and the page says how to check.
  'order-outcome-unknown': {
    title: 'checkout.order.outcome_unknown.title',
    text: 'checkout.order.outcome_unknown.text',
  },
  'missing-permission': { title: 'error.missing_permission.title', text: 'error.missing_permission.text' },
  'feature-deactivated': { title: 'error.feature_deactivated.title', text: 'error.feature_deactivated.text' },
  // Each punchout error key is its own text (spec §5, §8), under one title.
  ...Object.fromEntries(
    PUNCHOUT_ERROR_KEYS.map((key) => [key, { title: 'punchout.error.title', text: key }]),
  ),
  ...Object.fromEntries(
    COBROWSE_ERROR_KEYS.map((key) => [key, { title: 'cobrowse.error.title', text: key }]),
  ),
}

/** The statuses the shop answers with an error page of their own (the root boundary's titles). */
const ERROR_STATUSES = [400, 403, 404, 405, 413, 415, 429, 500, 503, 504]

/**
 * Every error page title in the page language, for the document `<title>` the root boundary cannot ask a
 * loader for: by status, and by the reasons that have a text of their own.
 */
export function errorTitlesOf(t: (key: string) => string): ErrorTitles {
  return {
    ...Object.fromEntries(ERROR_STATUSES.map((status) => [status, t(errorTextKeys(status).title)])),
    ...Object.fromEntries(Object.entries(REASONS).map(([reason, keys]) => [reason, t(keys.title)])),
  }
}

/** The text keys of the page shown for an HTTP status (spec §8: 503 maintenance, 404, other errors). */
export function errorTextKeys(status: number, reason?: string | null) {
  const precise = reason ? REASONS[reason] : undefined
  if (precise) return precise
  if (status === 404) return { title: 'error.not_found.title', text: 'error.not_found.text' }
  if (status === 503) return { title: 'maintenance.title', text: 'maintenance.text' }
  if (status === 504) return { title: 'error.timeout.title', text: 'error.timeout.text' }
  const specific = SPECIFIC_ERRORS[status]
  if (specific) return { title: `${specific}.title`, text: `${specific}.text` }
  if (status >= 400 && status < 500)
    return { title: 'error.bad_request.title', text: 'error.bad_request.text' }
  return { title: 'error.server.title', text: 'error.server.text' }
}
