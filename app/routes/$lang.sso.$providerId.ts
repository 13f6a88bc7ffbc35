import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { safeReturnUrl } from '~/models/url'
import { parseSubmission, readForm } from '~/services/form.server'
import { fixedT } from '~/services/i18n.server'
import { notFound } from '~/services/http.server'
import { shopperOf } from '~/services/shopper.server'
import { beginSignIn, SSO_FAILURES } from '~/services/sso.server'
import { identityProvider, ProviderUnavailable } from '~/services/sso-provider.server'
import { redirectWithToast } from '~/services/toast.server'

/** The provider buttons of the login and register pages: why the shopper goes, and where they come back to. */
const StartSchema = z.object({
  intent: z.enum(['login', 'register']).default('login'),
  returnUrl: z.string().max(2048).optional(),
})

/** A link to the start (no form): the login page, which has the button. */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!identityProvider(params.providerId)) throw notFound()
  return redirect(`/${params.lang}/login`)
}

/**
 * "Sign in with …" / "Register with …" (spec shell §2.1 `login`, `register`; ADR 0037): a form post, so it
 * works without JavaScript, that keeps the sign-in's checks (PKCE verifier, state, nonce) in the session and
 * sends the shopper to the provider. A provider that cannot be reached brings the shopper back to the page
 * with a message, never an error page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const { locale, session } = await shopperOf({ request, params, context })
  const provider = identityProvider(params.providerId)
  if (!provider) throw notFound()
  const submission = parseSubmission(form, { schema: StartSchema, t: fixedT(locale.id) })
  const intent = submission.status === 'success' ? submission.value.intent : 'login'
  const returnUrl = safeReturnUrl(
    submission.status === 'success' ? submission.value.returnUrl : undefined,
    `/${locale.lang}/account`,
  )
  try {
    return redirect(await beginSignIn(session, locale, provider, { intent, returnUrl }), 303)
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error
    console.warn(`storefront: ${error.message}`)
    const page = intent === 'register' ? 'register' : 'login'
    return redirectWithToast(session, `/${locale.lang}/${page}?${new URLSearchParams({ returnUrl })}`, {
      key: SSO_FAILURES.unavailable,
      values: { provider: provider.displayName },
      type: 'error',
    })
  }
}
