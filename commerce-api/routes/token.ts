import { z } from 'zod'
import { AUTH_HEADER } from '../auth'
import { captchaAnswer } from '../captcha'
import { passkeysUnavailable, signInWithPasskey } from '../domain/passkeys'
import {
  findLoginAccount,
  issueAnonymousToken,
  issueUserToken,
  loginAs,
  refresh,
  revoke,
} from '../domain/tokens'
import { ApiError, parseInput } from '../http'
import { clientKey, RATE_LIMITED, TOO_MANY_ATTEMPTS, tooManyRequests } from '../rate-limits'
import type { RouteModule } from './context'
import { AuthenticationResponse } from './passkeys'

/**
 * The passkey grant (issue 35, ADR 0039; ours, outside ICM's contract, so in our own namespace rather than
 * Intershop's): `challenge_id` of `POST passkeys/authentication-options` and `assertion`, the JSON of
 * WebAuthn's answer (`startAuthentication` of @simplewebauthn/browser).
 */
export const PASSKEY_GRANT = 'urn:ironbridge:params:oauth:grant-type:passkey'
/** The largest assertion taken: a real one is 1–2 KB. */
export const MAX_ASSERTION_LENGTH = 8 * 1024

const TokenRequest = z.discriminatedUnion('grant_type', [
  z.object({ grant_type: z.literal('anonymous') }),
  z.object({
    grant_type: z.literal('password'),
    username: z.string().min(1, 'username is required'),
    password: z.string().min(1, 'password is required'),
    organization: z.string().optional(),
  }),
  /** `refresh_token` may be a refresh token or a live access token (what ICM storefronts keep). */
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(1).max(500) }),
  z.object({
    grant_type: z.literal(PASSKEY_GRANT),
    challenge_id: z.string().min(1, 'challenge_id is required').max(100),
    assertion: z.string().min(1, 'assertion is required'),
  }),
])

/** The assertion's JSON in its bounds: too large is 413, not JSON or not WebAuthn's shape 400. */
function assertionOf(text: string) {
  if (text.length > MAX_ASSERTION_LENGTH)
    throw new ApiError(
      413,
      'request.invalid',
      `The assertion is larger than ${MAX_ASSERTION_LENGTH} characters.`,
    )
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ApiError(400, 'request.invalid', 'The assertion is no JSON.')
  }
  return parseInput(AuthenticationResponse, json, 'assertion')
}

const PASSKEY_REFUSALS = {
  challenge: [401, 'passkey.challenge.invalid', 'The challenge is unknown, expired or already used.'],
  unknown: [401, 'passkey.credential.unknown', 'The shop knows no such passkey.'],
  invalid: [401, 'passkey.assertion.invalid', 'The passkey could not be verified.'],
  inactive: [403, 'account.login.user_disabled.error', 'The user has been deactivated.'],
  pending: [403, 'account.login.customer_approval.error', 'The account has not been approved yet.'],
} as const

const tooManyAttempts = 'Too many login attempts. Please wait before trying again.'
const tooManyCalls = 'Too many requests. Please wait before trying again.'

/**
 * OAuth-style token endpoint: anonymous, password, refresh_token and passkey (PASSKEY_GRANT) grants;
 * `PUT token/logout`. Password
 * logins are throttled per account and per client address (domain/login-throttle.ts); token creation and
 * refreshes are rate-limited per client address. A refresh takes a refresh token or an access token and
 * leaves the presented one working, as ICM does (domain/tokens.ts). `POST challenges` hands out the challenge an account asks for after a
 * lock (an extension outside ICM's contract, like /psp/).
 */
export const tokenRoutes: RouteModule = (app, { db, passkeys }) => {
  // Anyone: these are how a caller gets (or drops) a token.
  const anyone = { config: { access: 'public' as const } }

  app.post('/rest/:site/token', anyone, async (request, reply) => {
    const input = parseInput(TokenRequest, request.body ?? {}, 'token request')
    const client = clientKey(request.ip)
    let grant
    if (input.grant_type === 'anonymous') {
      const wait = await app.limiters.anonymousTokens.take(client)
      if (wait !== null) return tooManyRequests(reply, wait, RATE_LIMITED, tooManyCalls)
      grant = await issueAnonymousToken(db)
    } else if (input.grant_type === 'password') {
      const captcha = captchaAnswer(request)
      // Failures count per account: its login and its e-mail address are one account, not two.
      const account = await findLoginAccount(db, input.username)
      const outcome = await app.limiters.login.attempt(
        account.key,
        client,
        captcha && (() => app.limiters.challenges.redeem(captcha.challenge, captcha.answer)),
        async () => {
          const result = await loginAs(db, account, input.password)
          return { passwordMatched: result.ok || result.reason !== 'invalid', result }
        },
      )
      switch (outcome.kind) {
        case 'throttled':
          return tooManyRequests(reply, outcome.retryAfterSeconds, TOO_MANY_ATTEMPTS, tooManyAttempts)
        case 'challenge_required':
          throw new ApiError(
            401,
            'account.login.challenge.required',
            'This account asks for a solved challenge with the next login (POST challenges).',
          )
        case 'challenge_incorrect':
          throw new ApiError(401, 'captcha.incorrect', 'The challenge answer is not correct.')
      }
      const { result } = outcome
      // With the right password, the user learns why they cannot log in: a registration not approved yet, or
      // a user their company's administrator deactivated. A wrong password says neither.
      if (!result.ok) {
        if (result.reason === 'pending')
          throw new ApiError(
            403,
            'account.login.customer_approval.error',
            'The account has not been approved yet.',
          )
        if (result.reason === 'inactive')
          throw new ApiError(403, 'account.login.user_disabled.error', 'The user has been deactivated.')
        throw new ApiError(401, 'invalid_grant', 'The user name or password is not correct.')
      }
      grant = result.grant
    } else if (input.grant_type === PASSKEY_GRANT) {
      // Every attempt needs a fresh challenge, and those are rate-limited per client address.
      if (!passkeys) throw passkeysUnavailable()
      const assertion = assertionOf(input.assertion)
      const outcome = await signInWithPasskey(db, passkeys, { challengeId: input.challenge_id, assertion })
      if (!outcome.ok) {
        const [status, code, message] = PASSKEY_REFUSALS[outcome.reason]
        throw new ApiError(status, code, message)
      }
      grant = await issueUserToken(db, outcome.userId)
    } else {
      const wait = await app.limiters.refreshTokens.take(client)
      if (wait !== null) return tooManyRequests(reply, wait, RATE_LIMITED, tooManyCalls)
      const refreshed = await refresh(db, input.refresh_token)
      if (!refreshed)
        throw new ApiError(401, 'invalid_grant', 'The refresh token (or access token) is invalid or expired.')
      grant = refreshed
    }
    reply.header(AUTH_HEADER, grant.access_token)
    return grant
  })

  // Revokes the tokens of whoever the token names (ICM: all tokens issued for the user); an expired or
  // unknown one is no error.
  app.put('/rest/:site/token/logout', anyone, async (request, reply) => {
    const token = request.headers[AUTH_HEADER]
    if (typeof token === 'string' && token) await revoke(db, token)
    reply.code(204)
    return null
  })

  app.post('/rest/:site/challenges', anyone, async (request, reply) => {
    const wait = await app.limiters.challengeCreation.take(clientKey(request.ip))
    if (wait !== null) return tooManyRequests(reply, wait, RATE_LIMITED, tooManyCalls)
    reply.code(201).header('cache-control', 'no-store')
    return app.limiters.challenges.create()
  })
}
