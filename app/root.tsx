import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useParams,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BasketAdderProvider } from '~/components/BasketAdder'
import { CheckoutHeader, type StepIndicatorData } from '~/components/checkout/CheckoutHeader'
import { ErrorPage, errorTextKeys } from '~/components/ErrorPage'
import { Footer } from '~/components/Footer'
import { Header } from '~/components/Header'
import { useNonce } from '~/components/NonceProvider'
import { LoadingBar } from '~/components/LoadingBar'
import { Toasts, type ToastView } from '~/components/Toasts'
import { DEFAULT_LOCALE, localeByLang } from '~/models/locale'
import { navigationFrom } from '~/models/navigation'
import { pick, priceDisplayOf } from '~/models/price'
import { clearToken, refreshIfDue } from '~/services/auth.server'
import { addItemsFromLink } from '~/services/add-to-basket.server'
import { currentBasketOnce, miniBasketLines } from '~/services/basket.server'
import { categoryTree, configuration } from '~/services/catalog.server'
import { checkoutBasketOf, isCheckoutStepPath } from '~/services/checkout-flow.server'
import { contentInclude, FOOTER_INCLUDE } from '~/services/cms.server'
import { fixedT } from '~/services/i18n.server'
import type { IcmScope } from '~/services/icm.server'
import { isFeatureEnabled } from '~/services/features.server'
import { recentlyViewedSkus } from '~/models/recently'
import { commitSession } from '~/services/session.server'
import { clientAddressOf, sessionOf } from '~/services/shopper.server'
import stylesheet from '~/styles/app.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/**
 * The shell every page shares: navigation, footer, login status, mini basket and the one-shot toast.
 * Anonymous shell data comes from the ICM client's cache; only the basket is fetched per shopper.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const locale = localeByLang(params.lang)
  if (!locale) return { locale: DEFAULT_LOCALE, shell: null, errorTitles: null }
  const t = fixedT(locale.id)
  const session = await sessionOf(request)
  const scope: IcmScope = {
    locale,
    token: session.get('apiToken'),
    pgid: session.get('pgid'),
    clientAddress: clientAddressOf(request),
  }
  const refreshed = await refreshIfDue(scope, session)
  // The add-items link works on every page: add, then the same page without the parameters (spec §5).
  const linked = await addItemsFromLink(request, scope, session)
  if (linked) throw linked
  const toast = session.get('toast')
  // A checkout step reads the basket with everything it needs anyway: the mini basket takes that one.
  const basketRead = isCheckoutStepPath(new URL(request.url).pathname)
    ? checkoutBasketOf({ request, context }, { locale, session, scope })
    : currentBasketOnce({ request, context }, scope)
  const [tree, footer, basket, settings] = await Promise.all([
    categoryTree(scope),
    contentInclude(scope, FOOTER_INCLUDE, 'long').catch(() => null),
    basketRead,
    configuration(scope),
  ])
  if (scope.tokenRejected) clearToken(session)
  const miniBasket = basket ? await miniBasketLines(scope, basket) : []
  const user = session.get('user')
  const display = priceDisplayOf(user?.customerType, settings)
  const toastView: ToastView | null = toast
    ? { id: `${Date.now()}`, text: t(toast.key, toast.values), type: toast.type, details: toast.details }
    : null
  return data(
    {
      locale,
      shell: {
        navigation: navigationFrom(tree, locale),
        footer: footer?.pagelets ?? [],
        user: user ? { name: [user.firstName, user.lastName].filter(Boolean).join(' ') } : null,
        basket: basket
          ? {
              itemCount: basket.itemCount,
              total: pick(basket.totals.total, display),
              lines: miniBasket.map((line) => ({ ...line, total: pick(line.total, display) })),
            }
          : null,
        maxItemQuantity: settings.maxItemQuantity,
        display,
        toast: toastView,
        /** null when the compare feature is off: no compare buttons, no header link. */
        compareCount: isFeatureEnabled('compare') ? (session.get('compare')?.length ?? 0) : null,
        quickOrder: isFeatureEnabled('quickorder'),
        hasRecentlyViewed:
          isFeatureEnabled('recently') && recentlyViewedSkus(session.get('recently'), Date.now()).length > 0,
      },
      errorTitles: {
        ...Object.fromEntries(
          [400, 403, 404, 405, 413, 415, 429, 500, 503, 504].map((s) => [s, t(errorTextKeys(s).title)]),
        ),
        'order-outcome-unknown': t(errorTextKeys(503, 'order-outcome-unknown').title),
      },
    },
    refreshed || toast || scope.tokenRejected
      ? { headers: { 'Set-Cookie': await commitSession(session) } }
      : undefined,
  )
}

export type RootData = typeof loader

/** Client navigations keep the shell; it reloads after every form post (basket, login) and on a language change. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  return currentParams.lang !== nextParams.lang
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!error) return []
  const status = isRouteErrorResponse(error) ? error.status : 500
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: string } | null)?.reason : undefined
  const titles = data?.errorTitles as Record<string, string> | null | undefined
  const title = titles?.[reason ?? status] ?? titles?.[status] ?? titles?.[500]
  // Without the shell's data (ICM down, a refused form post) the layout writes the title in the page language.
  return title
    ? [{ title }, { name: 'robots', content: 'noindex' }]
    : [{ name: 'robots', content: 'noindex' }]
}

/** The title of an error page whose shell data is missing, from the page language's texts. */
function FallbackErrorTitle() {
  const error = useRouteError()
  const { t } = useTranslation()
  if (!error) return null
  const status = isRouteErrorResponse(error) ? error.status : 500
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: string } | null)?.reason : undefined
  return <title>{t(errorTextKeys(status, reason).title)}</title>
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  // Without the shell's data (ICM down, a refused post) the page language still comes from the URL.
  const params = useParams()
  const locale = root?.locale ?? localeByLang(params.lang) ?? DEFAULT_LOCALE
  const shell = root?.shell
  const { t } = useTranslation()
  const nonce = useNonce()
  // Checkout pages have their own header: logo and step indicator, no navigation or search.
  const checkout = useMatches().find(
    (m) => (m.handle as { checkoutHeader?: boolean } | undefined)?.checkoutHeader,
  )
  return (
    <html lang={locale.tag}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {root?.errorTitles ? null : <FallbackErrorTitle />}
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {t('header.skip_to_main')}
        </a>
        <LoadingBar />
        <BasketAdderProvider locale={locale}>
          {checkout ? (
            <CheckoutHeader
              locale={locale}
              steps={(checkout.data as StepIndicatorData | undefined) ?? null}
            />
          ) : (
            <Header
              locale={locale}
              navigation={shell?.navigation ?? []}
              user={shell?.user ?? null}
              basket={shell?.basket ?? null}
              compareCount={shell?.compareCount ?? 0}
              hasRecentlyViewed={shell?.hasRecentlyViewed ?? false}
              quickOrder={shell?.quickOrder ?? false}
            />
          )}
          <Toasts toast={shell?.toast ?? null} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <Footer pagelets={shell?.footer ?? []} />
        </BasketAdderProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const root = useRouteLoaderData<typeof loader>('root')
  // Without the shell's data (ICM down, a refused post) the page language still comes from the URL.
  const params = useParams()
  const locale = root?.locale ?? localeByLang(params.lang) ?? DEFAULT_LOCALE
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (!isRouteErrorResponse(error)) console.error(error)
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: string } | null)?.reason : undefined
  return <ErrorPage status={status} homeUrl={`/${locale.lang}/home`} reason={reason} />
}
