import { Form, Link, useLocation } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { languageSwitchUrl, SHOP_LOCALES, type ShopLocale } from '~/models/locale'
import type { MainNavigationRef } from '~/models/navigation'
import type { ShellBasket, ShellUser } from '~/models/shell'
import { useBasketAdder } from './basket/BasketAdder'
import { MiniBasketPanel } from './basket/MiniBasketPanel'
import { SubmitButton } from './form-controls'
import { MainNavigation } from './MainNavigation'
import { MoneyText } from './Price'
import { SearchBox } from './SearchBox'
import { ShopLogo } from './ShopLogo'
import { useStickyHeader } from './useStickyHeader'
import { useShell } from './useShell'

export type HeaderProps = {
  locale: ShopLocale
  /** The main navigation's list (its key; null when the shop layout's data failed). */
  navigation: MainNavigationRef | null
  user: ShellUser | null
  basket: ShellBasket | null
  compareCount: number | null
  hasRecentlyViewed?: boolean
  /** The quick order page exists (feature quickorder). */
  quickOrder?: boolean
  /** The code scanner's page, when this shopper gets its link (feature scanner, spec §2.5). */
  scanner?: 'scanner' | 'scandit' | null
  /** Feature wishlists: the link, with the logged-in user's count of wished products. */
  wishlists?: { count: number | null } | null
  /** The language switch remembers the choice (feature saveLanguageSelection). */
  rememberLanguage?: boolean
}

export function Header({
  locale,
  navigation,
  user,
  basket,
  compareCount,
  hasRecentlyViewed,
  quickOrder,
  scanner,
  wishlists,
  rememberLanguage = false,
}: HeaderProps) {
  const { t } = useTranslation()
  const adder = useBasketAdder()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const home = `/${locale.lang}/home`
  const links = { hasRecentlyViewed, quickOrder, scanner, wishlists }
  const theme = useShell().shell?.theme
  const sticky = useStickyHeader(theme?.stickyHeader ?? false)
  return (
    <div className="site-header-slot" style={{ minHeight: sticky.slotHeight }}>
      <header className={`site-header${sticky.sticky ? ' is-sticky' : ''}`} ref={sticky.ref}>
        <div className="header-bar">
          <ShopLogo lang={locale.lang} logo={theme?.logo ?? null} logoMobile={theme?.logoMobile ?? null} />
          {sticky.sticky ? (
            <button
              type="button"
              className="sticky-search-toggle"
              aria-expanded={sticky.searchOpen}
              aria-controls="header-search-box"
              onClick={sticky.toggleSearch}
            >
              {t('header.search.toggle')}
            </button>
          ) : null}
          <div id="header-search-box" className="header-search" hidden={sticky.sticky && !sticky.searchOpen}>
            <SearchBox locale={locale} />
          </div>
          <nav
            className={`header-utility header-utility-${theme?.headerUtilityStyle ?? 'icons-text'}`}
            aria-label={t('header.my_account')}
          >
            <Link
              to={
                user
                  ? `/${locale.lang}/account`
                  : `/${locale.lang}/login?returnUrl=${encodeURIComponent(here)}`
              }
              className="login-status header-icon-link"
            >
              <PersonIcon />
              <span className="header-label">
                {user ? user.name || t('header.my_account') : t('header.login')}
              </span>
            </Link>
            {/* On phones these sit in the menu instead (MainNavigation's `extra`). */}
            <HeaderLinks locale={locale} user={user} here={home} compareCount={compareCount} {...links} />
            <div className="mini-basket-wrap">
              <Link
                to={`/${locale.lang}/basket`}
                className="mini-basket"
                data-testid="mini-basket"
                aria-busy={adder?.pending || undefined}
              >
                <BasketIcon />
                {/* The badge repeats the count for the eye; the words below name it for everyone. */}
                <span className="mini-basket-badge" aria-hidden="true">
                  {basket?.itemCount ?? 0}
                </span>
                <span className="mini-basket-label">{t('header.minibasket.label')}</span>
                <span className="mini-basket-count">
                  {t('header.minibasket.items', { count: basket?.itemCount ?? 0 })}
                </span>
                {basket && basket.itemCount > 0 ? (
                  <span className="mini-basket-total">
                    <MoneyText money={basket.total} locale={locale} />
                  </span>
                ) : null}
              </Link>
              <MiniBasketPanel lines={basket?.lines ?? []} locale={locale} />
            </div>
            {SHOP_LOCALES.length > 1 ? (
              <details className="language-switch">
                <summary>
                  <span className="visually-hidden">{t('header.language.label')}: </span>
                  {locale.lang.toUpperCase()}
                </summary>
                <ul>
                  {SHOP_LOCALES.filter((l) => l.lang !== locale.lang).map((l) => (
                    <li key={l.lang}>
                      <Link
                        to={languageSwitchUrl(location.pathname, location.search, l, rememberLanguage)}
                        lang={l.tag}
                        hrefLang={l.tag}
                        // The way through the cookie-setting redirect is no page for crawlers to follow.
                        rel={rememberLanguage ? 'nofollow' : undefined}
                        reloadDocument
                      >
                        {l.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </nav>
        </div>
        <MainNavigation
          lang={locale.lang}
          navigation={navigation}
          columns={theme?.navigationColumns}
          level2Icon={theme?.navLevel2Icon}
          extra={
            <HeaderLinks locale={locale} user={user} here={home} compareCount={compareCount} {...links} />
          }
        />
      </header>
    </div>
  )
}

/**
 * The header's further links: the order history and logout when logged in, the comparison, quick order and
 * recently viewed. Beside the account and basket icons from tablet width on, at the end of the menu on phones.
 */
function HeaderLinks({
  locale,
  user,
  here,
  compareCount,
  hasRecentlyViewed,
  quickOrder,
  scanner,
  wishlists,
}: Pick<
  HeaderProps,
  'locale' | 'user' | 'compareCount' | 'hasRecentlyViewed' | 'quickOrder' | 'scanner' | 'wishlists'
> & {
  here: string
}) {
  const { t } = useTranslation()
  return (
    <div className="header-links">
      {user ? (
        <>
          <Link to={`/${locale.lang}/account/orders`} className="account-orders-link">
            {t('header.account.orders')}
          </Link>
          <Form method="post" action={`/${locale.lang}/logout`} className="inline-form">
            <input type="hidden" name="returnUrl" value={here} />
            <SubmitButton action={`/${locale.lang}/logout`} className="link-button">
              {t('header.logout')}
            </SubmitButton>
          </Form>
        </>
      ) : null}
      {compareCount ? (
        <Link to={`/${locale.lang}/compare`} className="compare-status">
          {t('compare.header', { count: compareCount })}
        </Link>
      ) : null}
      {quickOrder ? (
        <Link to={`/${locale.lang}/quick-order`} className="quick-order-link">
          {t('header.quickorder')}
        </Link>
      ) : null}
      {scanner ? (
        // A document load: the scanner's decoder needs the CSP of the scanner's own document (ADR 0044).
        <Link
          to={`/${locale.lang}/${scanner}`}
          className="scanner-link"
          title={t('header.scanner')}
          reloadDocument
        >
          <ScanIcon />
          <span className="header-label scanner-label">{t('header.scanner')}</span>
        </Link>
      ) : null}
      {wishlists ? (
        <Link to={`/${locale.lang}/account/wishlists`} className="wishlists-link">
          {wishlists.count === null
            ? t('wishlists.header.link')
            : t('wishlists.header.count', { count: wishlists.count })}
        </Link>
      ) : null}
      {hasRecentlyViewed ? (
        <Link to={`/${locale.lang}/recently`} className="recently-status">
          {t('recently.header')}
        </Link>
      ) : null}
    </div>
  )
}

function PersonIcon() {
  return (
    <svg className="header-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  )
}

/** A barcode: the scanner link's mark, all it shows in the desktop header bar where the label would push the
 * account links onto a second row (the label stays its accessible name and tooltip). */
function ScanIcon() {
  return (
    <svg className="header-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path
        d="M3 7V4h3M18 4h3v3M21 17v3h-3M6 20H3v-3M7 8v8M10 8v8M13 8v8M16 8v8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  )
}

function BasketIcon() {
  return (
    <svg className="header-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path
        d="M3 4h2.5l2.2 10.5h10.6L20.5 7H7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="19" r="1.6" fill="currentColor" />
      <circle cx="17" cy="19" r="1.6" fill="currentColor" />
    </svg>
  )
}
