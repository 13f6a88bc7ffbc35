import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { DEFAULT_LOCALE } from '~/models/locale'
import { allows } from '~/services/consent.server'
import { preferredLocaleOf, savesLanguageSelection } from '~/services/preferred-locale.server'

/**
 * `/`, the entry without a language, goes to the home page of the language the shopper chose last (cookie
 * `preferredLocale`, when the shop remembers it: feature saveLanguageSelection), else of the default one.
 * Only here (spec shell §4.5's "reload into that locale" for a server-rendered shop): a URL that names its
 * language always shows that language, so shared links, `hreflang` alternates, canonical URLs and crawlers
 * (no cookies) see the page the URL names, and shared caches need not split every page by the cookie.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // The cookie is a functional one (ADR 0035): followed only while the shopper consents to those.
  const remembered = savesLanguageSelection() && allows({ request, context }, 'functional')
  const locale = (remembered ? preferredLocaleOf(request) : undefined) ?? DEFAULT_LOCALE
  return redirect(`/${locale.lang}/home`, { status: 302, headers: { Vary: 'Cookie' } })
}
