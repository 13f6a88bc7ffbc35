import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { DEFAULT_LOCALE, localeByLang } from '~/models/locale'
import { sessionOf } from '~/services/session.server'
import { scopeOf } from '~/services/shopper.server'
import { completeSignIn } from '~/services/sso.server'
import { redirectWithToast } from '~/services/toast.server'

/**
 * `/sso/callback/{provider}`: the redirect URI registered at each provider, one per provider and without a
 * language (the language and `returnUrl` are in the sign-in the session started). It shows no page: the
 * shopper goes on to `returnUrl`, to `/register/sso`, or back to the login page saying what failed.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await sessionOf({ request, context })
  const outcome = await completeSignIn(
    session,
    (locale) => scopeOf(request, locale, session),
    (lang) => localeByLang(lang) ?? DEFAULT_LOCALE,
    params.providerId ?? '',
    new URL(request.url).search,
  )
  return outcome.toast
    ? redirectWithToast(session, outcome.location, outcome.toast, 302)
    : redirect(outcome.location, 302)
}
