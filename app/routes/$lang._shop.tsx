import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import type { ReactNode } from 'react'
import { BasketAdderProvider } from '~/components/basket/BasketAdder'
import { RouteErrorPage } from '~/components/ErrorPage'
import { DisplayTypeSwitch } from '~/components/DisplayTypeSwitch'
import { Header } from '~/components/Header'
import { useShell, useShopChrome } from '~/components/useShell'
import { revalidateShell, type ShopChrome } from '~/models/shell'
import { privateHeaders } from '~/services/http.server'
import { sessionOf } from '~/services/session.server'
import { shopChrome } from '~/services/shell.server'
import { requireLocale, scopeOf } from '~/services/shopper.server'

/**
 * The shop's chrome around every page but the checkout (a pathless layout: URLs do not change): header
 * with navigation, search, login status and mini basket, and the collected adds. The checkout layout has
 * a header of its own; root has only what both share.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  const session = await sessionOf({ request, context })
  const chrome = await shopChrome({ request, context }, scopeOf(request, locale, session), session)
  return data(chrome, { headers: privateHeaders() })
}

export const shouldRevalidate = revalidateShell

/** The chrome of a page or of an error page; without its data (its loader failed) the header is empty. */
function ShopFrame({ chrome, children }: { chrome: ShopChrome | undefined; children: ReactNode }) {
  const { locale, shell } = useShell()
  return (
    <BasketAdderProvider locale={locale}>
      <Header
        locale={locale}
        navigation={chrome?.navigation ?? null}
        user={chrome?.user ?? null}
        basket={chrome?.basket ?? null}
        compareCount={shell?.compareCount ?? 0}
        hasRecentlyViewed={chrome?.hasRecentlyViewed ?? false}
        quickOrder={chrome?.quickOrder ?? false}
        scanner={chrome?.scanner ?? null}
        wishlists={shell?.wishlists ? { count: chrome?.wishlistCount ?? null } : null}
        rememberLanguage={chrome?.rememberLanguage ?? false}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {/* Shell §2.7, one of the "other shell widgets": below the page, where it crowds neither header nor content. */}
      {chrome?.displaySwitch ? (
        <div className="display-type-bar">
          <DisplayTypeSwitch locale={locale} {...chrome.displaySwitch} />
        </div>
      ) : null}
    </BasketAdderProvider>
  )
}

export default function ShopLayout() {
  return (
    <ShopFrame chrome={useShopChrome()}>
      <Outlet />
    </ShopFrame>
  )
}

export function ErrorBoundary() {
  const { locale } = useShell()
  return (
    <ShopFrame chrome={useShopChrome()}>
      <RouteErrorPage lang={locale.lang} />
    </ShopFrame>
  )
}
