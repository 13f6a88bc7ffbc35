import { z } from 'zod'
import { icmCall, IcmError, type IcmScope } from './icm.server'
import { clearToken, type SessionData, type SessionUser, type ShopSession } from './session.server'
import { captchaHeaders, newCaptcha } from './captcha.server'
import { API_CODES } from '~/models/api-codes'
import type { CaptchaChallenge } from '~/models/captcha'
import { displayPreferenceOf, OwnUserWireSchema } from '~/models/profile'

const TokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  refresh_token: z.string().optional(),
})

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
      if (error.status === 403)
        return {
          ok: false,
          messageKey:
            error.code === API_CODES.userDisabled
              ? 'account.login.user_disabled.error.invalid'
              : 'account.login.customer_approval.error.invalid',
        }
      return {
        ok: false,
        messageKey: credentials.login.includes('@')
          ? 'account.login.email_password.error.invalid'
          : 'account.login.username_password.error.invalid',
      }
    }
    throw error
  }
  await signIn(scope, session, grant, credentials.login)
  return { ok: true }
}

/**
 * The session of the user a grant belongs to: their customer, name, roles and permissions, price group and
 * display choice; the grant's token replaces whatever token the session held.
 */
async function signIn(
  scope: IcmScope,
  session: ShopSession,
  grant: z.infer<typeof TokenSchema>,
  typedLogin: string,
) {
  const userScope: IcmScope = { ...scope, token: grant.access_token }
  const personal = { cache: 'none' as const }
  const [customer, personalization] = await Promise.all([
    icmCall(userScope, { path: 'customers/-', schema: CustomerSchema, ...personal }),
    icmCall(userScope, { path: 'personalization', schema: PersonalizationSchema, ...personal }),
  ])
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
  }
  // The display-type switch's choice the user made before (their user attribute), else their customer type's.
  const preferredDisplay = displayPreferenceOf(user.attributes)
  if (preferredDisplay) sessionUser.preferredDisplay = preferredDisplay
  if (business && customer.isCookieConsentDisabled) sessionUser.cookieConsentDisabled = true
  session.set('user', sessionUser)
}

/**
 * Login with an access token another system was given for the user (a cXML punchout's start link, spec
 * §4.7): the token is exchanged at ICM's token endpoint as refresh token (ICM takes an access token so),
 * which proves it and gives the session a token with a known lifetime. False when ICM refuses it.
 */
export async function loginWithAccessToken(
  scope: IcmScope,
  session: ShopSession,
  accessToken: string,
): Promise<boolean> {
  let grant
  try {
    grant = await tokenCall(scope, { grant_type: 'refresh_token', refresh_token: accessToken })
  } catch (error) {
    if (error instanceof IcmError && error.status >= 400 && error.status < 500) return false
    throw error
  }
  await signIn(scope, session, grant, '')
  return true
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

export async function logout(scope: IcmScope, session: ShopSession) {
  const token = session.get('apiToken')
  if (token) {
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
  clearToken(session)
}
