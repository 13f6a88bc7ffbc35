import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { safeReturnUrl } from '~/models/url'
import { allows } from '~/services/consent.server'
import { privateHeaders } from '~/services/http.server'
import { preferredLocaleCookie, savesLanguageSelection } from '~/services/preferred-locale.server'
import { requireLocale } from '~/services/shopper.server'

/**
 * `/{lang}/language?returnUrl=…`: where the language switch leads when the shop remembers the choice
 * (feature saveLanguageSelection, spec shell §4.5): it sets the `preferredLocale` cookie for a year (with the
 * shopper's consent to functional cookies) and goes
 * on to the same page in that language. A plain link, so it works without JavaScript. `returnUrl` must be a
 * page of the shop in that language; anything else (another origin, another language) goes to its home page.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  const home = `/${locale.lang}/home`
  const target = safeReturnUrl(new URL(request.url).searchParams.get('returnUrl'), home)
  const inLanguage = target === `/${locale.lang}` || target.startsWith(`/${locale.lang}/`)
  const headers = new Headers(privateHeaders())
  // A functional cookie (ADR 0035): set only with the shopper's consent to functional cookies.
  if (savesLanguageSelection() && allows({ request, context }, 'functional'))
    headers.set('Set-Cookie', preferredLocaleCookie(locale))
  return redirect(inLanguage ? target : home, { status: 302, headers })
}
