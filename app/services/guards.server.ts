import { redirect } from '@remix-run/node'
import type { Params } from '@remix-run/react'
import { clearToken } from './auth.server'
import { IcmError } from './icm.server'
import { commitSession, type SessionUser } from './session.server'
import { shopperOf, type Shopper } from './shopper.server'

/**
 * Pages for logged-in users only (account, order history): without a user the shopper is sent to the login
 * page, which returns here afterwards (`returnUrl`, checked for the same origin by the login page).
 */
export async function requireLogin(
  request: Request,
  params: Params,
): Promise<Shopper & { user: SessionUser }> {
  const shopper = await shopperOf(request, params)
  const user = shopper.session.get('user')
  if (!user || !shopper.scope.token || shopper.session.get('isAnonymous')) {
    throw redirect(loginUrl(request, shopper))
  }
  return { ...shopper, user }
}

/** The login page, returning to this page (a POST cannot be repeated: it returns to the path only). */
function loginUrl(request: Request, shopper: Shopper) {
  const url = new URL(request.url)
  const back = request.method === 'GET' ? `${url.pathname}${url.search}` : url.pathname
  return `/${shopper.locale.lang}/login?returnUrl=${encodeURIComponent(back)}`
}

/**
 * A personal call ICM refused because the user's token is no longer valid: the session drops the token and
 * the shopper logs in again, coming back to this page. Anything else is thrown on.
 */
export async function loginAgainIfRefused<T>(
  request: Request,
  shopper: Shopper,
  call: Promise<T>,
): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (!(error instanceof IcmError && error.status === 401)) throw error
    clearToken(shopper.session)
    throw redirect(loginUrl(request, shopper), {
      headers: { 'Set-Cookie': await commitSession(shopper.session) },
    })
  }
}
