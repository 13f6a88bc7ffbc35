import { z } from 'zod'
import { icmCall, IcmError, type IcmScope } from './icm.server'
import { clearToken, type SessionData, type SessionUser, type ShopSession } from './session.server'
import { captchaHeaders, newCaptcha } from './captcha.server'
import {
  identityProvider,
  ProviderRefused,
  ProviderUnavailable,
  refreshAtProvider,
} from './sso-provider.server'
import { API_CODES } from '~/models/api-codes'
import type { CaptchaChallenge } from '~/models/captcha'
import { PASSKEY_GRANT } from '~/models/passkeys'
import { displayPreferenceOf, OwnUserWireSchema } from '~/models/profile'

const TokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  refresh_token: z.string().optional(),
  /** The bundled commerce API names the sales representative of a co-browse token's grant (issue 35). */
  sales_rep_id: z.string().max(64).optional(),
  sales_rep_name: z.string().max(200).optional(),
})

/** ICM's token grant: the access token, its lifetime, and the refresh token where ICM gives one. */
export type Grant = z.infer<typeof TokenSchema>

const tokenCall = (scope: IcmScope, form: Record<string, string>, headers?: Record<string, string>) =>
  icmCall(scope, {
    method: 'POST',
    path: 'token',
    form,
    schema: TokenSchema,
    cache: 'none',
    token: null,
    headers,
    handlesTooManyRequests: form.grant_type === 'password',
  })

function storeToken(
  session: ShopSession,
  grant: z.infer<typeof TokenSchema>,
  isAnonymous: boolean,
  type: SessionData['type'] = 'user',
) {
  const now = Date.now()
  session.set('apiToken', grant.access_token)
  session.set('type', type)
  session.set('isAnonymous', isAnonymous)
  session.set('refreshToken', grant.refresh_token ?? '')
  session.set('issuedAt', now)
  session.set('expiresAt', now + grant.expires_in * 1000)
}

/**
 * Anonymous shoppers get a token when their first basket is created (spec §1). A guest's token that became
 * an order token (kept to show the receipt) belongs to the placed order: the next basket starts with a fresh one.
 */
export async function ensureToken(scope: IcmScope, session: ShopSession): Promise<string> {
  const existing = session.get('apiToken')
  if (existing && session.get('type') !== 'order') return existing
  if (existing) clearToken(session)
  const grant = await tokenCall(scope, { grant_type: 'anonymous' })
  storeToken(session, grant, true)
  return grant.access_token
}

/**
 * Refreshes the token at half its lifetime (spec §9), and with it the user's roles and permissions. A token
 * that can no longer be refreshed is dropped; a user's session is then marked as timed out.
 */
export async function refreshIfDue(scope: IcmScope, session: ShopSession): Promise<void> {
  const token = session.get('apiToken')
  if (!token) return
  const issuedAt = session.get('issuedAt') ?? 0
  const expiresAt = session.get('expiresAt') ?? 0
  const now = Date.now()
  if (now < issuedAt + (expiresAt - issuedAt) / 2) return
  // A user signed in through an OpenID provider stays only while the provider's session lives (silent refresh).
  if (!(await providerSessionLives(session))) {
    await logout(scope, session)
    session.set('timedOut', true)
    return
  }
  // ICM takes the access token as refresh token too (what ICM storefronts keep, and sessions from before
  // the refresh token was kept).
  const refreshToken = session.get('refreshToken') || token
  try {
    const grant = await tokenCall(scope, { grant_type: 'refresh_token', refresh_token: refreshToken })
    // A guest's order token stays one when refreshed: it shows the receipt, it does not start a basket.
    storeToken(session, grant, session.get('isAnonymous') ?? true, session.get('type') ?? 'user')
    const user = session.get('user')
    if (user)
      session.set('user', { ...user, ...(await rolesOf({ ...scope, token: grant.access_token }, user)) })
  } catch (error) {
    if (!(error instanceof IcmError)) throw error
    const hadUser = session.get('user') !== undefined
    clearToken(session)
    if (hadUser) session.set('timedOut', true)
  }
}

/**
 * The provider's session of a user signed in through it, checked by a refresh with its refresh token (kept
 * as the provider rotates it). False when the provider refuses: its session ended or was revoked. A provider
 * that cannot be reached ends nobody's session; without a refresh token (or a provider no longer configured)
 * there is nothing to ask.
 */
async function providerSessionLives(session: ShopSession): Promise<boolean> {
  const sso = session.get('sso')
  const provider = identityProvider(sso?.provider)
  if (session.get('user')?.signIn !== 'sso' || !sso?.refreshToken || !provider) return true
  try {
    const refreshToken = await refreshAtProvider(provider, sso.refreshToken)
    if (refreshToken !== sso.refreshToken) session.set('sso', { ...sso, refreshToken })
    return true
  } catch (error) {
    if (error instanceof ProviderRefused) return false
    if (error instanceof ProviderUnavailable) {
      console.warn(`storefront: identity provider ${provider.id} unreachable at refresh: ${error.message}`)
      return true
    }
    throw error
  }
}

/**
 * `customers/-`: `customerType` names the kind of customer (`PRIVATE` or `SMBCustomer`, as the Intershop PWA
 * reads it); `type` is the REST resource type. An ICM that leaves `customerType` out is read by `type`.
 */
const CustomerSchema = z.object({
  customerNo: z.string(),
  type: z.string().optional(),
  customerType: z.string().optional(),
  companyName: z.string().optional(),
  /** The business customer switched cookie consent off: its users get required cookies only (ADR 0035). */
  isCookieConsentDisabled: z.boolean().optional(),
  /** The business customer's users see no prices (spec commerce §5; ADR 0045). */
  isPriceDisplayActive: z.boolean().optional(),
})
/** `privatecustomers/-`: the private customer and its one user in one object. */
const PrivateCustomerSchema = z.object({
  customerNo: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  login: z.string().optional(),
  attributes: OwnUserWireSchema.shape.attributes,
})
const UserSchema = z.object({
  login: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  attributes: OwnUserWireSchema.shape.attributes,
})
const PersonalizationSchema = z.object({ pgid: z.string() })
const UserRolesSchema = z.object({
  userRoles: z.array(
    z.object({
      roleID: z.string(),
      roleDisplayName: z.string().optional(),
      permissions: z.array(z.object({ permissionID: z.string() })).default([]),
    }),
  ),
})

/**
 * Whether `customers/-` answered for a business customer: by `customerType` (`PRIVATE` or `SMBCustomer`),
 * else by the resource type, else (older ICMs, as older PWAs read them) by a company name.
 */
export function isBusinessCustomer(customer: z.infer<typeof CustomerSchema>): boolean {
  if (customer.customerType) return customer.customerType === 'SMBCustomer'
  if (customer.type) return customer.type === 'SMBCustomer'
  return Boolean(customer.companyName)
}

/**
 * A business user's roles and the union of their permission ids (spec shell §6); a private customer has
 * none and is not asked for them.
 */
async function rolesOf(
  scope: IcmScope,
  user: Pick<SessionUser, 'customerNo' | 'customerType' | 'login'>,
): Promise<Pick<SessionUser, 'roles' | 'permissions'>> {
  if (user.customerType !== 'SMBCustomer') return { roles: [], permissions: [] }
  const answer = await icmCall(scope, {
    path: `customers/${encodeURIComponent(user.customerNo)}/users/${encodeURIComponent(user.login)}/roles`,
    schema: UserRolesSchema,
    cache: 'none',
  })
  const permissions = new Set(answer.userRoles.flatMap((role) => role.permissions.map((p) => p.permissionID)))
  return { roles: answer.userRoles.map((role) => role.roleID), permissions: [...permissions].sort() }
}

/**
 * The session user's roles and permissions as ICM holds them now (an administrator may have changed them
 * since the login); answers the permissions the user lost.
 */
export async function refreshRoles(scope: IcmScope, session: ShopSession): Promise<string[]> {
  const user = session.get('user')
  if (!user) return []
  const now = await rolesOf(scope, user)
  session.set('user', { ...user, ...now })
  return user.permissions.filter((permission) => !now.permissions.includes(permission))
}

export type LoginFailure =
  | 'account.login.customer_approval.error.invalid'
  | 'account.login.user_disabled.error.invalid'
  | 'account.login.email_password.error.invalid'
  | 'account.login.username_password.error.invalid'

/** A question ICM asks before it takes a password for an account that was locked (see `login`). */
export type LoginChallenge = CaptchaChallenge

export type LoginResult =
  | { ok: true }
  | { ok: false; messageKey: LoginFailure }
  /** Too many failed attempts for this account or from this address: wait `retryAfter` seconds. */
  | { ok: false; messageKey: typeof API_CODES.tooManyLoginAttempts; retryAfter: number }
  /** ICM wants the challenge answered with the password (again, when the answer was wrong). */
  | {
      ok: false
      messageKey: ChallengeCode
      challenge: LoginChallenge
    }

type ChallengeCode = typeof API_CODES.challengeRequired | typeof API_CODES.captchaIncorrect
const CHALLENGE_CODES = new Set<string>([API_CODES.challengeRequired, API_CODES.captchaIncorrect])

/** A sign-in (password or passkey) refused with 403: the user is deactivated, else awaits approval. */
const accountRefusal = (error: IcmError) =>
  error.code === API_CODES.userDisabled
    ? 'account.login.user_disabled.error.invalid'
    : 'account.login.customer_approval.error.invalid'

/**
 * Password login: on success the user's token replaces the anonymous one and the session knows the user;
 * on 401/403 the spec's message key is returned (spec §8). ICM's brute-force protection (issue 14) shows
 * as a wait (429 with `Retry-After`) or as a challenge to answer along with the password; an answer goes
 * to ICM the way ICM clients send captchas, in an `Authorization: CAPTCHA …` header.
 */
export async function login(
  scope: IcmScope,
  session: ShopSession,
  credentials: { login: string; password: string; challenge?: { id: string; answer: string } },
  how: 'password' | 'punchout' = 'password',
): Promise<LoginResult> {
  let grant
  try {
    grant = await tokenCall(
      scope,
      { grant_type: 'password', username: credentials.login, password: credentials.password },
      credentials.challenge ? captchaHeaders(credentials.challenge) : undefined,
    )
  } catch (error) {
    if (!(error instanceof IcmError)) throw error
    if (error.status === 429)
      return {
        ok: false,
        messageKey: API_CODES.tooManyLoginAttempts,
        retryAfter: error.retryAfter ?? 60,
      }
    if (error.status === 401 && error.code && CHALLENGE_CODES.has(error.code))
      return {
        ok: false,
        messageKey: error.code as ChallengeCode,
        challenge: await newCaptcha(scope),
      }
    if (error.status === 401 || error.status === 403 || error.status === 400) {
      if (error.status === 403) return { ok: false, messageKey: accountRefusal(error) }
      return {
        ok: false,
        messageKey: credentials.login.includes('@')
          ? 'account.login.email_password.error.invalid'
          : 'account.login.username_password.error.invalid',
      }
    }
    throw error
  }
  // A user without customer has no password to log in with: only an identity provider's new users are so.
  if (!(await signIn(scope, session, grant, credentials.login, { signIn: how })))
    return { ok: false, messageKey: 'account.login.username_password.error.invalid' }
  return { ok: true }
}

/** Why a passkey sign-in was refused, as the login page says it (its own keys; API codes in api-codes.ts). */
export type PasskeyLoginFailure =
  | 'account.login.customer_approval.error.invalid'
  | 'account.login.user_disabled.error.invalid'
  | 'account.login.passkey.error.expired'
  | 'account.login.passkey.error.unknown'
  | 'account.login.passkey.error.unavailable'
  | 'account.login.passkey.error.invalid'

/**
 * Sign-in with a passkey (issue 35): the browser's answer to the challenge `challengeId` goes to ICM's token
 * endpoint as the commerce API's passkey grant; on success the session is the one a password login makes
 * (`signIn`). A deactivated user or a customer awaiting approval is told so as the password login tells it.
 */
export async function loginWithPasskey(
  scope: IcmScope,
  session: ShopSession,
  answer: { challengeId: string; assertion: string },
): Promise<{ ok: true } | { ok: false; messageKey: PasskeyLoginFailure }> {
  let grant
  try {
    grant = await tokenCall(scope, {
      grant_type: PASSKEY_GRANT,
      challenge_id: answer.challengeId,
      assertion: answer.assertion,
    })
  } catch (error) {
    if (!(error instanceof IcmError) || error.status >= 500) throw error
    if (error.status === 403) return { ok: false, messageKey: accountRefusal(error) }
    const messageKey =
      error.code === API_CODES.passkeyChallengeInvalid
        ? 'account.login.passkey.error.expired'
        : error.code === API_CODES.passkeyUnknown
          ? 'account.login.passkey.error.unknown'
          : error.status === 404
            ? 'account.login.passkey.error.unavailable'
            : 'account.login.passkey.error.invalid'
    return { ok: false, messageKey }
  }
  // A passkey login is the shop's own login: the user edits their profile as after a password login.
  if (!(await signIn(scope, session, grant, '', { signIn: 'password' })))
    return { ok: false, messageKey: 'account.login.passkey.error.invalid' }
  return { ok: true }
}

/**
 * The session of the user a grant belongs to: their customer, name, roles and permissions, price group and
 * display choice, and how they signed in; the grant's token replaces whatever token the session held. False,
 * with the session unchanged, when ICM knows the user but no customer of theirs (`customers/-` answers 404):
 * a new identity of an OpenID provider, whose registration is still to be completed (spec shell §4.7).
 */
export async function signIn(
  scope: IcmScope,
  session: ShopSession,
  grant: Grant,
  typedLogin: string,
  how: Pick<SessionUser, 'signIn' | 'salesRepId' | 'salesRepName'>,
): Promise<boolean> {
  const userScope: IcmScope = { ...scope, token: grant.access_token }
  const personal = { cache: 'none' as const }
  const customerCall = icmCall(userScope, { path: 'customers/-', schema: CustomerSchema, ...personal }).catch(
    (error) => {
      if (error instanceof IcmError && error.status === 404) return null
      throw error
    },
  )
  // Asked at once with the customer; a user without customer may be refused it, which then does not matter.
  const personalizationCall = icmCall(userScope, {
    path: 'personalization',
    schema: PersonalizationSchema,
    ...personal,
  }).catch((error) => {
    if (error instanceof IcmError) return error
    throw error
  })
  const [customer, personalization] = await Promise.all([customerCall, personalizationCall])
  if (!customer) return false
  if (personalization instanceof IcmError) throw personalization
  const business = isBusinessCustomer(customer)
  const user = business
    ? await icmCall(userScope, { path: 'customers/-/users/-', schema: UserSchema, ...personal })
    : await icmCall(userScope, { path: 'privatecustomers/-', schema: PrivateCustomerSchema, ...personal })
  const identity = {
    customerNo: customer.customerNo,
    customerType: business ? ('SMBCustomer' as const) : ('PrivateCustomer' as const),
    login: user.login ?? typedLogin,
  }
  const roles = await rolesOf(userScope, identity)
  clearToken(session)
  storeToken(session, grant, false)
  session.set('pgid', personalization.pgid)
  const sessionUser: SessionUser = {
    ...identity,
    ...roles,
    firstName: user.firstName,
    lastName: user.lastName,
    ...how,
    // The co-browse banner names the company the representative acts for.
    ...(how.signIn === 'cobrowse' && business && customer.companyName
      ? { companyName: customer.companyName }
      : {}),
  }
  // The display-type switch's choice the user made before (their user attribute), else their customer type's.
  const preferredDisplay = displayPreferenceOf(user.attributes)
  if (preferredDisplay) sessionUser.preferredDisplay = preferredDisplay
  if (business && customer.isCookieConsentDisabled) sessionUser.cookieConsentDisabled = true
  if (business && customer.isPriceDisplayActive === false) sessionUser.priceDisplayInactive = true
  session.set('user', sessionUser)
  return true
}

/**
 * An access token another system was given for the user (a cXML punchout's start link, the token of an
 * OpenID provider's id token, spec §4.7) exchanged at ICM's token endpoint as refresh token (ICM takes an
 * access token so), which proves it and gives a token with a known lifetime. Null when ICM refuses it.
 */
export async function grantForAccessToken(scope: IcmScope, accessToken: string): Promise<Grant | null> {
  try {
    return await tokenCall(scope, { grant_type: 'refresh_token', refresh_token: accessToken })
  } catch (error) {
    if (error instanceof IcmError && error.status >= 400 && error.status < 500) return null
    throw error
  }
}

/**
 * Login with an access token another system was given for the user (see grantForAccessToken). False when
 * ICM refuses it, or knows no customer of the user.
 */
export async function loginWithAccessToken(
  scope: IcmScope,
  session: ShopSession,
  accessToken: string,
  how: NonNullable<SessionUser['signIn']> = 'punchout',
): Promise<boolean> {
  const grant = await grantForAccessToken(scope, accessToken)
  return grant !== null && (await signIn(scope, session, grant, '', { signIn: how }))
}

export type CobrowseLogin =
  | { ok: true }
  /** `refused`: ICM took no token (expired, used, unknown); `sales-rep`: minted for another representative. */
  | { ok: false; reason: 'refused' | 'sales-rep' }

/**
 * Co-browse (spec shell §4.7, issue 35): a sales representative's link signs this browser in as the user its
 * access token was minted for, exchanged like a punchout's (`loginWithAccessToken`); the session remembers
 * the representative (`salesRepId` of the link; the bundled API also names them in the grant, and a grant
 * naming another representative than the link is refused and its token logged out). Whatever the browser's
 * session held before, someone else's, is replaced as a whole.
 */
export async function loginWithCobrowseToken(
  scope: IcmScope,
  session: ShopSession,
  accessToken: string,
  salesRepId: string | undefined,
): Promise<CobrowseLogin> {
  const grant = await grantForAccessToken(scope, accessToken)
  if (!grant) return { ok: false, reason: 'refused' }
  const rep = grant.sales_rep_id ?? salesRepId
  if (!rep || (salesRepId && grant.sales_rep_id && grant.sales_rep_id !== salesRepId)) {
    await revokeToken(scope, grant.access_token)
    return { ok: false, reason: 'sales-rep' }
  }
  for (const key of Object.keys(session.data)) session.unset(key as keyof SessionData)
  const signedIn = await signIn(scope, session, grant, '', {
    signIn: 'cobrowse',
    salesRepId: rep,
    ...(grant.sales_rep_name ? { salesRepName: grant.sales_rep_name } : {}),
  })
  return signedIn ? { ok: true } : { ok: false, reason: 'refused' }
}

const UserBasketsSchema = z.object({ data: z.array(z.object({ id: z.string() })).optional() })

/**
 * The user's saved basket as ICM clients find it after login: `GET baskets` lists the user's baskets, the
 * most recently changed first (the Intershop PWA's `getBaskets`). Null when the user has none, or when ICM
 * refuses the list (the caller then falls back to `baskets/current`).
 */
export async function savedBasketId(scope: IcmScope): Promise<string | null> {
  try {
    const answer = await icmCall(scope, { path: 'baskets', schema: UserBasketsSchema, cache: 'none' })
    return answer.data?.[0]?.id ?? null
  } catch (error) {
    if (error instanceof IcmError) return null
    throw error
  }
}

/** Ends a token at ICM (`PUT token/logout`); one ICM no longer knows is gone already. */
export async function revokeToken(scope: IcmScope, token: string) {
  await icmCall(scope, {
    method: 'PUT',
    path: 'token/logout',
    schema: z.unknown(),
    cache: 'none',
    token,
  }).catch((error) => {
    // The token may already be gone on the server; the shopper is logged out either way.
    if (!(error instanceof IcmError)) throw error
  })
}

export async function logout(scope: IcmScope, session: ShopSession) {
  const token = session.get('apiToken')
  if (token) await revokeToken(scope, token)
  clearToken(session)
}
