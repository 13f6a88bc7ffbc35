import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
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
import { BasketAdderProvider } from '~/components/basket/BasketAdder'
import { CheckoutHeader, type StepIndicatorData } from '~/components/checkout/CheckoutHeader'
import { ErrorPage } from '~/components/ErrorPage'
import { Footer } from '~/components/Footer'
import { Header } from '~/components/Header'
import { useNonce } from '~/components/NonceProvider'
import { LoadingBar } from '~/components/LoadingBar'
import { Toasts } from '~/components/Toasts'
import { DEFAULT_LOCALE, localeByLang } from '~/models/locale'
import { navigationFrom } from '~/models/navigation'
import { pick, priceDisplayOf } from '~/models/price'
import { errorTitlesOf, errorTextKeys, type RootView, type ShellData, type ToastView } from '~/models/shell'
import { refreshIfDue } from '~/services/auth.server'
import { addItemsFromLink } from '~/services/add-to-basket.server'
import { currentBasketOnce, miniBasketLines } from '~/services/basket.server'
import { categoryTree } from '~/services/categories.server'
import { configuration } from '~/services/configuration.server'
import { contentInclude, FOOTER_INCLUDE } from '~/services/cms.server'
import { fixedT } from '~/services/i18n.server'
import { isFeatureEnabled } from '~/services/features.server'
import { recentlyViewedSkus } from '~/models/recently'
import { sessionOf } from '~/services/session.server'
import { scopeOf } from '~/services/shopper.server'
import stylesheet from '~/styles/app.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/**
 * The shell every page shares: navigation, footer, login status, mini basket and the one-shot toast.
 * Anonymous shell data comes from the ICM client's cache; only the basket is fetched per shopper.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<RootView> {
  const locale = localeByLang(params.lang)
  if (!locale) return { locale: DEFAULT_LOCALE, shell: null, errorTitles: null }
  const t = fixedT(locale.id)
  const session = await sessionOf({ request, context })
  await refreshIfDue(scopeOf(request, locale, session), session)
  // Made after the refresh: a scope holds the token of its time, and the shell's reads need the new one.
  const scope = scopeOf(request, locale, session)
  // The add-items link works on every page: add, then the same page without the parameters (spec §5).
  const linked = await addItemsFromLink(request, scope, session)
  if (linked) throw linked
  const toast = session.get('toast')
  const [tree, footer, basket, settings] = await Promise.all([
    categoryTree(scope),
    contentInclude(scope, FOOTER_INCLUDE, 'long').catch(() => null),
    currentBasketOnce({ request, context }, scope),
    configuration(scope),
  ])
  const miniBasket = basket ? await miniBasketLines(scope, basket) : []
  const user = session.get('user')
  const display = priceDisplayOf(user?.customerType, settings)
  const toastView: ToastView | null = toast
    ? { id: `${Date.now()}`, text: t(toast.key, toast.values), type: toast.type, details: toast.details }
    : null
  const shell: ShellData = {
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
    compareCount: isFeatureEnabled('compare') ? (session.get('compare')?.length ?? 0) : null,
    quickOrder: isFeatureEnabled('quickorder'),
    hasRecentlyViewed:
      isFeatureEnabled('recently') && recentlyViewedSkus(session.get('recently'), Date.now()).length > 0,
  }
  return { locale, shell, errorTitles: errorTitlesOf(t) }
}

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

/** The status of a thrown error, and the reason a thrown `data({ reason })` gave for it. */
function errorShape(error: unknown): { status: number; reason?: string } {
  if (!isRouteErrorResponse(error)) return { status: 500 }
  const body: unknown = error.data
  const reason =
    body && typeof body === 'object' && 'reason' in body && typeof body.reason === 'string'
      ? body.reason
      : undefined
  return { status: error.status, reason }
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!error) return []
  const { status, reason } = errorShape(error)
  const titles = data?.errorTitles
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
  const { status, reason } = errorShape(error)
  return <title>{t(errorTextKeys(status, reason).title)}</title>
}

/** The checkout's layout route: its loader's data is the step indicator of the checkout header. */
const CHECKOUT_LAYOUT = 'routes/$lang.checkout'

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  // Without the shell's data (ICM down, a refused post) the page language still comes from the URL.
  const params = useParams()
  const locale = root?.locale ?? localeByLang(params.lang) ?? DEFAULT_LOCALE
  const shell = root?.shell
  const { t } = useTranslation()
  const nonce = useNonce()
  // Checkout pages have their own header: logo and step indicator, no navigation or search.
  const inCheckout = useMatches().some((match) => match.id === CHECKOUT_LAYOUT)
  const steps = useRouteLoaderData<StepIndicatorData>(CHECKOUT_LAYOUT) ?? null
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
          {inCheckout ? (
            <CheckoutHeader locale={locale} steps={steps} />
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
  const { status, reason } = errorShape(error)
  if (!isRouteErrorResponse(error)) console.error(error)
  return <ErrorPage status={status} homeUrl={`/${locale.lang}/home`} reason={reason} />
}
