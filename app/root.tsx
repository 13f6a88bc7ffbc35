import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useParams,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import type { CSSProperties, ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { CheckoutHeader } from '~/components/checkout/CheckoutHeader'
import { CobrowseBanner } from '~/components/CobrowseBanner'
import { CookieBanner } from '~/components/consent/CookieBanner'
import { DataLayer } from '~/components/DataLayer'
import { errorShape, RouteErrorPage } from '~/components/ErrorPage'
import { Footer } from '~/components/Footer'
import { useNonce } from '~/components/NonceProvider'
import { LoadingBar } from '~/components/LoadingBar'
import { BackToTop } from '~/components/BackToTop'
import { PreviewBanner } from '~/components/PreviewBanner'
import { TrustBadge } from '~/components/TrustBadge'
import { RouteAnnouncer } from '~/components/RouteAnnouncer'
import { useMarkDocumentHydrated } from '~/components/useDocumentHydrated'
import { Toasts } from '~/components/Toasts'
import { DEFAULT_LOCALE, localeByLang } from '~/models/locale'
import { errorTextKeys, revalidateShell, type RootView } from '~/models/shell'
import type { DataLayerPush } from '~/models/tracking'
import { refreshIfDue } from '~/services/auth.server'
import { addItemsFromLink } from '~/services/add-to-basket.server'
import { applyAccountConsent, consentViewOf } from '~/services/consent.server'
import { redirectIfTimedOut } from '~/services/guards.server'
import { fixedT } from '~/services/i18n.server'
import { sessionOf } from '~/services/session.server'
import { errorTitlesIn, shellData } from '~/services/shell.server'
import { applyPreviewParameter, shellTheme } from '~/services/shell-theme.server'
import { scopeOf } from '~/services/shopper.server'
import { flashedTracking, trackingAllowed } from '~/services/tracking.server'
import stylesheet from '~/styles/app.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }]

/** The favicon's media type by its file's extension (the theme's Favicon may be an SVG, PNG or ICO file). */
function iconType(href: string): string | undefined {
  const extension = /\.([a-z]+)$/i.exec(href)?.[1]?.toLowerCase()
  return extension === 'svg'
    ? 'image/svg+xml'
    : extension === 'png'
      ? 'image/png'
      : extension === 'ico'
        ? 'image/x-icon'
        : undefined
}

/**
 * The document and what every page of a language shares, the checkout too (see shellData): the login
 * kept fresh, the footer, the toast, the price display. The shop's header and navigation are the
 * `$lang._shop` layout's; the checkout's header is the checkout layout's.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<RootView> {
  const locale = localeByLang(params.lang)
  if (!locale) return { locale: DEFAULT_LOCALE, shell: null, errorTitles: null }
  const t = fixedT(locale.id)
  const session = await sessionOf({ request, context })
  // A content editor's design preview starts (or ends) before anything is read (spec §2.4).
  applyPreviewParameter(request, session)
  await refreshIfDue(scopeOf(request, locale, session), session)
  redirectIfTimedOut(request, { locale, session })
  // Made after the refresh: a scope holds the token of its time, and the shell's reads need the new one.
  const scope = scopeOf(request, locale, session)
  // The one place the add-items link is followed, on whatever page it points to: a GET that changes the
  // basket, then the same page without the parameters (spec §5).
  const linked = await addItemsFromLink(request, scope, session)
  if (linked) throw linked
  // A customer who switched cookie consent off gets required only at once (spec §4.1; ADR 0035).
  applyAccountConsent({ request, context }, session)
  const consent = consentViewOf({ request, context }, session)
  // The extra settings are read before the page renders (spec §2.4), beside the rest of the shell.
  const [shell, theme] = await Promise.all([
    shellData(scope, session, t),
    shellTheme(scope, session, consent),
  ])
  return {
    locale,
    shell: { ...shell, theme },
    errorTitles: errorTitlesIn(locale.id),
    consent,
    tracking: flashedTracking({ request, context }, session),
    tracked: trackingAllowed({ request, context }),
  }
}

export const shouldRevalidate = revalidateShell

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

/**
 * The `dataLayer` entries of the page: the root's (an action's events) and those a route's loader data
 * carries as `tracking` (ADR 0035).
 */
function usePageTracking(): DataLayerPush[] {
  const matches = useMatches()
  return matches.flatMap((match) => {
    const data = match.data as { tracking?: unknown } | null | undefined
    return data && typeof data === 'object' && Array.isArray(data.tracking)
      ? (data.tracking as DataLayerPush[])
      : []
  })
}

/** The page's locale: from the root loader, or from the URL when the loader failed (ICM down). */
function usePageLocale() {
  const root = useRouteLoaderData<typeof loader>('root')
  const params = useParams()
  return root?.locale ?? localeByLang(params.lang) ?? DEFAULT_LOCALE
}

/**
 * Spec §2.4: the shell has a class when the display-type switch is enabled, and names the display in effect
 * (`display-type-b2b` net, `display-type-b2c` gross), so that a theme can mark prices of either.
 */
function bodyClassOf(shell: RootView['shell'] | undefined) {
  if (!shell?.displaySwitch) return undefined
  return `display-type-switch display-type-${shell.display === 'net' ? 'b2b' : 'b2c'}`
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const locale = usePageLocale()
  const { t } = useTranslation()
  const nonce = useNonce()
  const tracking = usePageTracking()
  // The settings page is where the banner's choice is made at length: it does not ask twice there.
  const onSettingsPage = /^\/[a-z]{2}\/cookies\/?$/.test(useLocation().pathname)
  useMarkDocumentHydrated()
  const theme = root?.shell?.theme
  const favicon = theme?.favicon ?? '/favicon.svg'
  return (
    // The theme's custom properties (sanitized, ADR 0046) on the root element, which `:root` matches.
    <html lang={locale.tag} style={theme?.cssProperties as CSSProperties | undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {root?.errorTitles ? null : <FallbackErrorTitle />}
        <link rel="icon" href={favicon} type={iconType(favicon)} />
        <Links />
      </head>
      <body
        id="top"
        className={
          [
            bodyClassOf(root?.shell),
            theme?.stickyHeader ? 'sticky-header-enabled' : '',
            theme?.preview?.designView ? 'design-view' : '',
          ]
            .filter(Boolean)
            .join(' ') || undefined
        }
      >
        {root?.consent?.ask && !onSettingsPage ? <CookieBanner lang={locale.lang} /> : null}
        <a href="#main" className="skip-link">
          {t('header.skip_to_main')}
        </a>
        <LoadingBar />
        <RouteAnnouncer />
        {root?.shell?.cobrowse ? <CobrowseBanner banner={root.shell.cobrowse} lang={locale.lang} /> : null}
        <Toasts toast={root?.shell?.toast ?? null} />
        {theme?.preview ? <PreviewBanner preview={theme.preview} /> : null}
        {children}
        {root?.shell?.footer === null ? null : <Footer pagelets={root?.shell?.footer ?? []} />}
        <BackToTop />
        {theme?.trustbadge ? <TrustBadge id={theme.trustbadge} /> : null}
        <DataLayer pushes={tracking} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** An error no layout caught (the shell's own loader, a path without a shop language): logo and the page. */
export function ErrorBoundary() {
  const locale = usePageLocale()
  return (
    <>
      <CheckoutHeader locale={locale} steps={null} />
      <main id="main" tabIndex={-1}>
        <RouteErrorPage lang={locale.lang} />
      </main>
    </>
  )
}
