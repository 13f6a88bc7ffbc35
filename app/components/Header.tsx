import { Form, Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SHOP_LOCALES, switchLocalePath, type ShopLocale } from '~/models/locale'
import type { NavItem } from '~/models/navigation'
import type { ShellBasket, ShellUser } from '~/models/shell'
import { useBasketAdder } from './basket/BasketAdder'
import { MiniBasketPanel } from './basket/MiniBasketPanel'
import { SubmitButton } from './forms'
import { MainNavigation } from './MainNavigation'
import { MoneyText } from './Price'
import { SearchBox } from './SearchBox'
import { ShopLogo } from './ShopLogo'

export type HeaderProps = {
  locale: ShopLocale
  navigation: NavItem[]
  user: ShellUser | null
  basket: ShellBasket | null
  compareCount: number | null
  hasRecentlyViewed?: boolean
  /** The quick order page exists (feature quickorder). */
  quickOrder?: boolean
}

export function Header({
  locale,
  navigation,
  user,
  basket,
  compareCount,
  hasRecentlyViewed,
  quickOrder,
}: HeaderProps) {
  const { t } = useTranslation()
  const adder = useBasketAdder()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const home = `/${locale.lang}/home`
  return (
    <header className="site-header">
      <div className="header-bar">
        <ShopLogo lang={locale.lang} />
        <SearchBox locale={locale} />
        <nav className="header-utility" aria-label={t('header.my_account')}>
          {user ? (
            <>
              <Link to={`/${locale.lang}/account`} className="login-status">
                {user.name || t('header.my_account')}
              </Link>
              <Link to={`/${locale.lang}/account/orders`} className="account-orders-link">
                {t('header.account.orders')}
              </Link>
              <Form method="post" action={`/${locale.lang}/logout`} className="inline-form">
                <input type="hidden" name="returnUrl" value={home} />
                <SubmitButton action={`/${locale.lang}/logout`} className="link-button">
                  {t('header.logout')}
                </SubmitButton>
              </Form>
            </>
          ) : (
            <Link to={`/${locale.lang}/login?returnUrl=${encodeURIComponent(here)}`} className="login-status">
              {t('header.login')}
            </Link>
          )}
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
          {hasRecentlyViewed ? (
            <Link to={`/${locale.lang}/recently`} className="recently-status">
              {t('recently.header')}
            </Link>
          ) : null}
          <div className="mini-basket-wrap">
            <Link
              to={`/${locale.lang}/basket`}
              className="mini-basket"
              data-testid="mini-basket"
              aria-busy={adder?.pending || undefined}
            >
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
              <summary aria-label={t('header.language.label')}>{locale.lang.toUpperCase()}</summary>
              <ul>
                {SHOP_LOCALES.filter((l) => l.lang !== locale.lang).map((l) => (
                  <li key={l.lang}>
                    <Link
                      to={switchLocalePath(location.pathname, location.search, l)}
                      lang={l.tag}
                      hrefLang={l.tag}
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
      <MainNavigation items={navigation} />
    </header>
  )
}
