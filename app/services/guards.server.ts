import { redirect } from '@remix-run/node'
import type { Feature } from '~/models/features'
import { profileCapabilities, type ProfileCapabilities } from '~/models/profile-capabilities'
import { refreshRoles } from './auth.server'
import { isFeatureEnabled } from './features.server'
import { IcmError } from './icm.server'
import { clearToken, type SessionUser } from './session.server'
import { requireLocale, shopperOf, type PageArgs, type Shopper } from './shopper.server'
import { identityProvider } from './sso-provider.server'
import { redirectWithToast } from './toast.server'

export type LoggedIn = Shopper & { user: SessionUser }

/** The notices a route's login redirect may ask the login page for (`messageKey`, spec shell §2.1, §2.2). */
export type LoginNotice = 'quotes'

/**
 * Pages for logged-in users only (account, order history, organization): without a user the shopper is
 * sent to the login page with `returnUrl` and the route's query parameters (spec org §2 Guards, shell §5).
 * The login page checks `returnUrl` for the same origin before it returns there.
 */
export async function requireLogin(
  args: PageArgs,
  { messageKey }: { messageKey?: LoginNotice } = {},
): Promise<LoggedIn> {
  const shopper = await shopperOf(args)
  const user = shopper.session.get('user')
  if (!user || !shopper.session.get('apiToken') || shopper.session.get('isAnonymous')) {
    throw redirect(loginUrl(args.request, shopper, takeTimeout(shopper.session), messageKey))
  }
  return { ...shopper, user }
}

/**
 * The login page for a request: the route's query parameters, plus `returnUrl` back to this page (a POST
 * cannot be repeated: it returns to the page's GET address), and `messageKey=session_timeout` when the
 * user's session ended without a logout (spec shell §2.2, §4.7), else the route's own notice (`quotes` for the
 * quote pages, spec shell §2.1).
 */
export function loginUrl(
  request: Request,
  shopper: Pick<Shopper, 'locale'>,
  timedOut = false,
  messageKey?: LoginNotice,
) {
  const url = new URL(request.url)
  const query = new URLSearchParams(request.method === 'GET' ? url.search : '')
  query.delete('returnUrl')
  query.delete('messageKey')
  query.set('returnUrl', request.method === 'GET' ? `${url.pathname}${url.search}` : url.pathname)
  if (timedOut) query.set('messageKey', 'session_timeout')
  else if (messageKey) query.set('messageKey', messageKey)
  return `/${shopper.locale.lang}/login?${query}`
}

/** Whether the session's user timed out since the last page (the mark is used up). */
export function takeTimeout(session: Shopper['session']): boolean {
  const timedOut = session.get('timedOut') === true
  if (timedOut) session.unset('timedOut')
  return timedOut
}

/**
 * After a user's session timed out, the next page is the login page saying so, coming back to that page
 * (spec shell §4.7, the default identity provider); the login page itself only gets the message. Only GET
 * pages move: a post goes on as the anonymous shopper it now is.
 */
export function redirectIfTimedOut(request: Request, shopper: Pick<Shopper, 'locale' | 'session'>) {
  if (request.method !== 'GET' || shopper.session.get('timedOut') !== true) return
  takeTimeout(shopper.session)
  const url = new URL(request.url)
  const loginPath = `/${shopper.locale.lang}/login`
  if (url.pathname !== loginPath) {
    const query = new URLSearchParams({
      returnUrl: `${url.pathname}${url.search}`,
      messageKey: 'session_timeout',
    })
    throw redirect(`${loginPath}?${query}`)
  }
  if (url.searchParams.get('messageKey') === 'session_timeout') return
  url.searchParams.set('messageKey', 'session_timeout')
  throw redirect(`${loginPath}${url.search}`)
}

/** The error page for a refused guard; it answers 404 for these kinds (spec org §8, shell §8). */
export function errorPageUrl(
  lang: string,
  error: 'missing-permission' | 'feature-deactivated',
  value: string,
) {
  return `/${lang}/error?${new URLSearchParams({ error, value })}`
}

/** Whether a user holds a permission; 'always' and 'never' are accepted as well (spec shell §5). */
export function hasPermission(user: SessionUser | undefined, permission: string): boolean {
  if (permission === 'always') return true
  if (permission === 'never') return false
  return user?.permissions?.includes(permission) ?? false
}

/**
 * Pages behind a permission (`APP_B2B_MANAGE_USERS`): a logged-in user without it goes to
 * `/error?error=missing-permission&value=…`, which answers 404 (spec org §2 Guards). Logs in first.
 */
export async function requirePermission(args: PageArgs, permission: string): Promise<LoggedIn> {
  const shopper = await requireLogin(args)
  if (!hasPermission(shopper.user, permission))
    throw redirect(errorPageUrl(shopper.locale.lang, 'missing-permission', permission))
  return shopper
}

/**
 * Pages of a feature toggle (`costCenters`, `quickorder`): with the feature off the shopper goes to
 * `/error?error=feature-deactivated&value=…`, which answers 404 (spec org §2 Guards).
 */
export function requireFeature(args: Pick<PageArgs, 'params'>, feature: Feature | 'always' | 'never') {
  const locale = requireLocale(args.params)
  if (!isFeatureEnabled(feature)) throw redirect(errorPageUrl(locale.lang, 'feature-deactivated', feature))
}

/**
 * A personal call ICM refused:
 * - 401, the user's token is no longer valid: the session drops the token and the shopper logs in again,
 *   coming back to this page, told that the session timed out;
 * - 403, the user lacks the permission now (an administrator took a role away after the login, which the
 *   session still lists): the session takes the user's current roles, so the menus stop offering what is
 *   gone, and the shopper sees the missing-permission page (404, spec org §2 Guards) naming what was lost.
 * A service that reads a 403 as something else (not found, a refusal to show) catches it before. Anything
 * else is thrown on.
 */
export async function loginAgainIfRefused<T>(
  request: Request,
  shopper: Shopper,
  call: Promise<T>,
): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (!(error instanceof IcmError) || (error.status !== 401 && error.status !== 403)) throw error
    // 401: ICM no longer takes the user's token, so the session has ended without a logout.
    let timedOut = error.status === 401
    if (error.status === 403) {
      const lost = await refreshRoles(shopper.scope, shopper.session).catch((refused: unknown) => {
        if (refused instanceof IcmError && refused.status === 401) return undefined
        throw refused
      })
      if (lost !== undefined)
        throw redirect(errorPageUrl(shopper.locale.lang, 'missing-permission', lost.join(',') || 'unknown'))
      timedOut = true
    }
    clearToken(shopper.session)
    throw redirect(loginUrl(request, shopper, timedOut))
  }
}

/**
 * Where a user who may not change their login or profile in the shop changes it instead (spec shell §4.7):
 * the text key and values saying so, or null when the shop's pages change it.
 */
export function profileManagedElsewhere(
  shopper: Pick<LoggedIn, 'user' | 'session'>,
): { key: string; values?: Record<string, string> } | null {
  const capabilities = profileCapabilities(shopper.user)
  if (capabilities.editProfile && capabilities.editEmail && capabilities.editPassword) return null
  if (shopper.user.signIn === 'cobrowse') return { key: 'account.profile.managed.cobrowse' }
  const provider = identityProvider(shopper.session.get('sso')?.provider)
  return { key: 'account.profile.managed.sso', values: { provider: provider?.displayName ?? '' } }
}

/**
 * Pages and posts that change what the user may not change here (their e-mail, password or profile, after a
 * sign-in at an OpenID provider or in co-browse): the shopper goes to the profile, told where to change it.
 * Posts are refused so too, not only hidden buttons.
 */
export async function requireProfileCapability(shopper: LoggedIn, capability: keyof ProfileCapabilities) {
  if (profileCapabilities(shopper.user)[capability]) return
  const managed = profileManagedElsewhere(shopper)
  throw await redirectWithToast(shopper.session, `/${shopper.locale.lang}/account/profile`, {
    key: managed?.key ?? 'account.profile.managed.sso',
    ...(managed?.values ? { values: managed.values } : {}),
    type: 'error',
  })
}
