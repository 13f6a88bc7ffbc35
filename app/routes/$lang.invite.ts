import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { config } from '~/services/config.server'
import { shopperOf } from '~/services/shopper.server'
import { beginSignIn, SSO_FAILURES } from '~/services/sso.server'
import { ProviderUnavailable } from '~/services/sso-provider.server'
import { redirectWithToast } from '~/services/toast.server'

const MAX_LINK_VALUE = 256

/**
 * `/{lang}/invite?uid=…&Hash=…` (spec shell §2.1 `invite`: the invite trigger, no page of its own), the link
 * of an invitation mail. With an identity provider the invitation waits in the session while the shopper
 * signs in there (afresh: the identity signed in with is bound to the invited user, `users/processtoken`
 * UPDATE). Without one, the invited user sets a password on the password link's page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, session } = await shopperOf({ request, params, context })
  const query = new URL(request.url).searchParams
  const uid = query.get('uid')?.trim() ?? ''
  const hash = query.get('Hash')?.trim() ?? ''
  if (!uid || !hash || uid.length > MAX_LINK_VALUE || hash.length > MAX_LINK_VALUE)
    return redirectWithToast(
      session,
      `/${locale.lang}/login`,
      { key: SSO_FAILURES.invitation, type: 'error' },
      302,
    )
  const provider = config.identityProviders[0]
  if (!provider)
    return redirect(
      `/${locale.lang}/forgotPassword/updatePassword?${new URLSearchParams({ uid, Hash: hash, invitation: '1' })}`,
    )
  try {
    const url = await beginSignIn(session, locale, provider, {
      intent: 'invite',
      returnUrl: `/${locale.lang}/account`,
      invitation: { uid, hash },
    })
    return redirect(url)
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error
    console.warn(`storefront: ${error.message}`)
    return redirectWithToast(
      session,
      `/${locale.lang}/login`,
      { key: SSO_FAILURES.unavailable, values: { provider: provider.displayName }, type: 'error' },
      302,
    )
  }
}
