/**
 * Single sign-on with an OpenID Connect provider (spec shell §4.7, issue 35, ADR 0037): the flow's start
 * (checks kept in the session), the callback (the provider's answer checked, the id token posted to ICM's
 * `users/processtoken`, the ICM token it answers exchanged and signed in like a password login), the
 * provider's part of the logout, and the new identity's pending registration.
 */
import { z } from 'zod'
import type { IdentityProvider } from '~/models/identity-providers'
import { API_CODES } from '~/models/api-codes'
import { safeReturnUrl } from '~/models/url'
import { grantForAccessToken, logout, revokeToken, signIn, type Grant } from './auth.server'
import { anonymousBasket } from './basket.server'
import { icmCall, IcmError, type IcmScope } from './icm.server'
import type { ShopSession, SsoFlow, SsoRegistration, SsoSession, Toast } from './session.server'
import {
  authorizationUrl,
  codeGrant,
  endSessionUrl,
  identityProvider,
  newChecks,
  ProviderRefused,
  ProviderUnavailable,
  type ProviderTokens,
} from './sso-provider.server'
import type { ShopLocale } from '~/models/locale'
import { fixedT } from './i18n.server'
import { welcomeAfterLogin } from './login-welcome.server'

/** Why the shopper goes to the identity provider: sign in, register there, or accept an invitation. */
export type SsoIntent = 'login' | 'register' | 'invite'

/** A `returnUrl` longer than this is not kept: the session cookie has 4096 bytes for everything. */
const MAX_KEPT_RETURN_URL = 512
/** An id token longer than this is not kept as the logout's hint: it would crowd the session cookie. */
const MAX_KEPT_ID_TOKEN = 1200

/**
 * Starts a sign-in at the provider: a fresh PKCE verifier, state and nonce in the session (replacing any
 * sign-in left unfinished), answering the provider's authorization URL to send the shopper to. Throws
 * ProviderUnavailable when the provider's metadata cannot be read.
 */
export async function beginSignIn(
  session: ShopSession,
  locale: ShopLocale,
  provider: IdentityProvider,
  options: { intent: SsoIntent; returnUrl: string; invitation?: SsoFlow['invitation'] },
): Promise<string> {
  const checks = newChecks()
  const url = await authorizationUrl(provider, checks, {
    prompt:
      options.intent === 'register' && provider.registration
        ? 'create'
        : options.intent === 'invite'
          ? 'login'
          : undefined,
    uiLocales: locale.tag,
  })
  const returnUrl = options.returnUrl.length <= MAX_KEPT_RETURN_URL ? options.returnUrl : homeOf(locale.lang)
  session.set('ssoFlow', {
    provider: provider.id,
    ...checks,
    lang: locale.lang,
    returnUrl,
    ...(options.invitation ? { invitation: options.invitation } : {}),
  })
  return url
}

const homeOf = (lang: string) => `/${lang}/home`

/** The user `users/processtoken` answers (ICM's user; `businessPartnerNo` for a business user). */
const ProcessedUserSchema = z.object({
  login: z.string(),
  businessPartnerNo: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
})

/** Storefront texts of a failed single sign-on (keys the shop's own: the API's codes map to them). */
export const SSO_FAILURES = {
  failed: 'account.sso.error.failed',
  cancelled: 'account.sso.error.cancelled',
  unavailable: 'account.sso.error.unavailable',
  identityUnknown: 'account.sso.error.identity_unknown',
  identityInUse: 'account.sso.error.identity_in_use',
  invitation: 'account.sso.error.invitation',
  emailInUse: 'account.sso.error.email_in_use',
  emailRequired: 'account.sso.error.email_required',
  userDisabled: 'account.login.user_disabled.error.invalid',
  approval: 'account.login.customer_approval.error.invalid',
} as const
type SsoFailure = (typeof SSO_FAILURES)[keyof typeof SSO_FAILURES]

/** The API's codes of a refused `users/processtoken` and the text each gets (spec shell §8). */
const FAILURE_OF_CODE: Record<string, SsoFailure> = {
  [API_CODES.ssoIdTokenInvalid]: SSO_FAILURES.failed,
  [API_CODES.ssoIdentityUnknown]: SSO_FAILURES.identityUnknown,
  [API_CODES.ssoIdentityInUse]: SSO_FAILURES.identityInUse,
  [API_CODES.ssoInvitationInvalid]: SSO_FAILURES.invitation,
  [API_CODES.ssoEmailInUse]: SSO_FAILURES.emailInUse,
  [API_CODES.ssoEmailRequired]: SSO_FAILURES.emailRequired,
  [API_CODES.userDisabled]: SSO_FAILURES.userDisabled,
  [API_CODES.customerApproval]: SSO_FAILURES.approval,
}

/** ICM's refusal of `users/processtoken` as the text the login page shows; an unknown code by its status. */
export function processTokenFailure(error: IcmError): SsoFailure {
  const known = error.code ? FAILURE_OF_CODE[error.code] : undefined
  if (known) return known
  if (error.status === 403) return SSO_FAILURES.approval
  if (error.status === 409) return SSO_FAILURES.emailInUse
  return SSO_FAILURES.failed
}

/**
 * `POST users/processtoken` (spec shell §7): the id token, to create (or find) the identity's user, or with
 * the invitation's `secure_user_ref` to bind it to the invited user. Answers the user and ICM's token.
 */
async function processToken(scope: IcmScope, tokens: ProviderTokens, flow: SsoFlow) {
  let token: string | null = null
  const user = await icmCall(scope, {
    method: 'POST',
    path: 'users/processtoken',
    json: {
      id_token: tokens.idToken,
      options: [flow.invitation ? 'UPDATE' : 'CREATE_USER'],
      ...(flow.invitation
        ? { secure_user_ref: { user_id: flow.invitation.uid, secure_code: flow.invitation.hash } }
        : {}),
      nonce: flow.nonce,
    },
    schema: ProcessedUserSchema,
    cache: 'none',
    token: null,
    onHeaders: (headers) => {
      token = headers.get('authentication-token')
    },
  })
  return { user, token: token as string | null }
}

/** The provider's session as the shop keeps it; the id token only when it leaves room in the cookie. */
function providerSession(provider: IdentityProvider, tokens: ProviderTokens): SsoSession {
  return {
    provider: provider.id,
    ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
    ...(tokens.idToken.length <= MAX_KEPT_ID_TOKEN ? { idToken: tokens.idToken } : {}),
  }
}

export type CallbackOutcome = { location: string; toast?: Toast }

/**
 * The provider's answer at `/sso/callback/{id}`: checked against the sign-in the session started (a missing
 * or foreign one, a wrong state, PKCE or nonce fail), the id token posted to ICM, and then
 * - a user with a customer is signed in as by the shop's form (same token, same cookie, the guest's basket
 *   merged) and goes to `returnUrl`;
 * - a new identity goes to `/register/sso` to complete the registration, still anonymous to the shop;
 * - a failure leaves nobody signed in (a session's user is logged out, the token of the attempt revoked)
 *   and the login page says why, in the shopper's language.
 */
export async function completeSignIn(
  session: ShopSession,
  scopeFor: (locale: ShopLocale) => IcmScope,
  localeOf: (lang: string | undefined) => ShopLocale,
  providerId: string,
  search: string,
): Promise<CallbackOutcome> {
  const flow = session.get('ssoFlow')
  session.unset('ssoFlow')
  const locale = localeOf(flow?.lang)
  const scope = scopeFor(locale)
  const provider = identityProvider(providerId)
  const t = fixedT(locale.id)
  const fail = async (key: SsoFailure, pendingToken?: string | null): Promise<CallbackOutcome> => {
    if (pendingToken) await revokeToken(scope, pendingToken)
    if (session.get('user')) await logout(scope, session)
    return {
      location: `/${locale.lang}/login${flow ? `?${new URLSearchParams({ returnUrl: flow.returnUrl })}` : ''}`,
      toast: { key, values: { provider: provider?.displayName ?? providerId }, type: 'error' },
    }
  }
  if (!flow || !provider || flow.provider !== provider.id) return fail(SSO_FAILURES.failed)
  let tokens: ProviderTokens
  try {
    tokens = await codeGrant(provider, search, flow)
  } catch (error) {
    if (error instanceof ProviderUnavailable) return fail(SSO_FAILURES.unavailable)
    if (error instanceof ProviderRefused)
      return fail(error.error === 'access_denied' ? SSO_FAILURES.cancelled : SSO_FAILURES.failed)
    throw error
  }
  let processed
  try {
    processed = await processToken(scope, tokens, flow)
  } catch (error) {
    if (error instanceof IcmError) return fail(processTokenFailure(error))
    throw error
  }
  const grant = processed.token ? await grantForAccessToken(scope, processed.token) : null
  if (!grant) return fail(SSO_FAILURES.failed, processed.token)
  // Read before the sign-in replaces the guest's token: its basket goes into the user's afterwards.
  const anonymous = await anonymousBasket(scope, session)
  if (await signIn(scope, session, grant, processed.user.login, { signIn: 'sso' })) {
    session.set('sso', providerSession(provider, tokens))
    return {
      location: safeReturnUrl(flow.returnUrl, homeOf(locale.lang)),
      toast: await welcomeAfterLogin(scope, session, anonymous, t),
    }
  }
  return awaitRegistration(session, locale, provider, tokens, grant, processed.user, flow.returnUrl)
}

/**
 * A new identity: ICM's user without customer waits for `/register/sso`, where the shopper completes their
 * data (spec shell §2.2 with userid, firstName, lastName). The session stays the guest's until then.
 */
function awaitRegistration(
  session: ShopSession,
  locale: ShopLocale,
  provider: IdentityProvider,
  tokens: ProviderTokens,
  grant: Grant,
  user: z.infer<typeof ProcessedUserSchema>,
  returnUrl: string,
): CallbackOutcome {
  const firstName = user.firstName ?? tokens.claims.given_name
  const lastName = user.lastName ?? tokens.claims.family_name
  const userid = user.businessPartnerNo ?? user.login
  session.set('ssoRegistration', {
    token: grant.access_token,
    refreshToken: grant.refresh_token ?? '',
    expiresAt: Date.now() + grant.expires_in * 1000,
    userid,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...((user.email ?? tokens.claims.email) ? { email: user.email ?? tokens.claims.email } : {}),
    returnUrl,
  })
  session.set('sso', providerSession(provider, tokens))
  const query = new URLSearchParams({ userid, firstName: firstName ?? '', lastName: lastName ?? '' })
  return { location: `/${locale.lang}/register/sso?${query}` }
}

/**
 * Where the shop's logout continues for a user of a provider (RP-initiated logout, read before the session
 * forgets the provider): its end-session URL, or null when there is none to visit.
 */
export async function providerLogoutUrl(session: ShopSession, locale: ShopLocale): Promise<string | null> {
  const sso = session.get('sso')
  const provider = identityProvider(sso?.provider)
  if (!sso || !provider) return null
  return endSessionUrl(provider, { idToken: sso.idToken, uiLocales: locale.tag })
}

/**
 * The new identity completing its registration: null without one, `expired` when its token's time ran out
 * (the shopper then signs in again; the pending registration is dropped).
 */
export function pendingRegistration(session: ShopSession): SsoRegistration | 'expired' | null {
  const pending = session.get('ssoRegistration')
  if (!pending) return null
  if (pending.expiresAt > Date.now()) return pending
  session.unset('ssoRegistration')
  session.unset('sso')
  return 'expired'
}

/**
 * After its customer was created: the new identity signs in as after any sign-in at the provider (a fresh
 * grant for its token, the guest's basket merged). Null when ICM refuses (the shopper then signs in again).
 */
export async function completeRegistration(
  scope: IcmScope,
  session: ShopSession,
  pending: SsoRegistration,
  t: ReturnType<typeof fixedT>,
): Promise<Toast | null> {
  const grant = await grantForAccessToken(scope, pending.refreshToken || pending.token)
  if (!grant) return null
  const sso = session.get('sso')
  const anonymous = await anonymousBasket(scope, session)
  if (!(await signIn(scope, session, grant, pending.userid, { signIn: 'sso' }))) return null
  if (sso) session.set('sso', sso)
  return welcomeAfterLogin(scope, session, anonymous, t)
}

/**
 * The shopper gives up the registration: the new identity's token is revoked and forgotten, and the
 * provider's logout URL answered (null without one), so that leaving logs out there too.
 */
export async function cancelRegistration(
  scope: IcmScope,
  session: ShopSession,
  locale: ShopLocale,
): Promise<string | null> {
  const pending = session.get('ssoRegistration')
  const atProvider = await providerLogoutUrl(session, locale)
  if (pending) await revokeToken(scope, pending.token)
  session.unset('ssoRegistration')
  session.unset('sso')
  return atProvider
}
