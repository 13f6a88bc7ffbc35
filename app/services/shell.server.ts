/**
 * The data of the two frames a page sits in (docs/architecture.md "Layouts"): the root's, which every page
 * of a language has (the checkout too), and the shop layout's chrome around all other pages. Anonymous
 * parts come from the ICM client's cache; only the basket is fetched per shopper, once per request.
 */
import { hasPunchoutRole } from '~/models/b2b-user'
import { cobrowseBannerOf } from '~/models/cobrowse'
import type { Translate } from '~/models/messages'
import { pick } from '~/models/price'
import { ORDER_TEMPLATE_PERMISSION } from '~/models/order-template'
import { recentlyViewedSkus } from '~/models/recently'
import { scannerLinkOf } from '~/models/scanner'
import type { LocaleId } from '~/models/locale'
import {
  errorTitlesOf,
  type ErrorTitles,
  type ShellData,
  type ShopChrome,
  type ToastView,
} from '~/models/shell'
import { currentBasketOnce, miniBasketLines } from './basket.server'
import { categoryTree } from './categories.server'
import { contentInclude, FOOTER_INCLUDE } from './cms.server'
import { configuration } from './configuration.server'
import { isFeatureEnabled } from './features.server'
import { mainNavigationOfPage } from './main-navigation.server'
import { hasPermission } from './guards.server'
import { fixedT } from './i18n.server'
import type { IcmScope } from './icm.server'
import { offersQuotes } from './quote-pages.server'
import { savesLanguageSelection } from './preferred-locale.server'
import { displaySwitchOf, priceDisplayFor } from './price-display.server'
import { priceVisibilityFor } from './price-visibility.server'
import type { RequestArgs } from './request-memo.server'
import type { ShopSession } from './session.server'
import { headerWishlistCount } from './wishlists.server'

/**
 * Footer, login status, price display, the one-shot toast (taken from the session), compare count, and
 * whether products show ratings: the one decision every product view asks (`ProductRating`).
 */
export async function shellData(scope: IcmScope, session: ShopSession, t: Translate): Promise<ShellData> {
  const toast = session.get('toast')
  // Punchout users shop inside their procurement system, which has its own: no footer for them (§2.6).
  const footerHidden = hasPunchoutRole(session.get('user')?.roles)
  const [footer, settings, prices] = await Promise.all([
    footerHidden ? null : contentInclude(scope, FOOTER_INCLUDE, 'long').catch(() => null),
    configuration(scope),
    priceVisibilityFor(scope, session),
  ])
  const toastView: ToastView | null = toast
    ? { id: `${Date.now()}`, text: t(toast.key, toast.values), type: toast.type, details: toast.details }
    : null
  return {
    footer: footerHidden ? null : (footer?.pagelets ?? []),
    maxItemQuantity: settings.maxItemQuantity,
    display: priceDisplayFor(session, settings),
    prices,
    displaySwitch: settings.displaySwitch && prices === 'shown',
    toast: toastView,
    compareCount: isFeatureEnabled('compare') ? (session.get('compare')?.length ?? 0) : null,
    rating: isFeatureEnabled('rating'),
    wishlists: isFeatureEnabled('wishlists'),
    contactUs: isFeatureEnabled('contactUs'),
    storeLocator: isFeatureEnabled('storeLocator'),
    quoting: {
      addToQuote: offersQuotes(session.get('user'), session.get('isAnonymous') === true),
      freeText: isFeatureEnabled('freetextQuoting'),
    },
    // Never inside a procurement system's frame: a punchout session is no co-browse.
    cobrowse: session.get('punchout') ? null : cobrowseBannerOf(session.get('user')),
  }
}

/** Main navigation, mini basket (in the page's price display), header links of features that are on. */
export async function shopChrome(
  args: RequestArgs,
  scope: IcmScope,
  session: ShopSession,
): Promise<ShopChrome> {
  const [tree, basket, settings, prices] = await Promise.all([
    categoryTree(scope),
    currentBasketOnce(args, scope),
    configuration(scope),
    priceVisibilityFor(scope, session),
  ])
  const display = priceDisplayFor(session, settings)
  const lines = basket ? await miniBasketLines(scope, basket) : []
  // Read after the basket: a personal call ICM refused for the token has dropped the token and user from
  // the session (icm.server.ts), so a cookie replayed after its logout names nobody.
  const user = session.get('user')
  const wishlistCount = isFeatureEnabled('wishlists') ? await headerWishlistCount(scope, session, user) : null
  return {
    navigation: mainNavigationOfPage(args.context, tree, scope.locale),
    user: user ? { name: [user.firstName, user.lastName].filter(Boolean).join(' ') } : null,
    basket: basket
      ? {
          itemCount: basket.itemCount,
          total: pick(basket.totals.total, display),
          lines: lines.map((line) => ({ ...line, total: pick(line.total, display) })),
        }
      : null,
    quickOrder: isFeatureEnabled('quickorder'),
    scanner: scannerLinkOf(user, isFeatureEnabled),
    wishlistCount,
    orderTemplates:
      isFeatureEnabled('orderTemplates') && !!user && hasPermission(user, ORDER_TEMPLATE_PERMISSION),
    rememberLanguage: savesLanguageSelection(),
    // Gross or net means nothing to a shopper who sees no prices (ADR 0045).
    displaySwitch: prices === 'shown' ? displaySwitchOf(session, settings) : null,
    hasRecentlyViewed:
      isFeatureEnabled('recently') && recentlyViewedSkus(session.get('recently'), Date.now()).length > 0,
  }
}

const errorTitles = new Map<LocaleId, ErrorTitles>()

/** Every error page title in a language (the root's data on every page): made once per language. */
export function errorTitlesIn(locale: LocaleId): ErrorTitles {
  let titles = errorTitles.get(locale)
  if (!titles) errorTitles.set(locale, (titles = errorTitlesOf(fixedT(locale))))
  return titles
}
