import type { FastifyReply } from 'fastify'
import { isDomainError } from '../icm/errors'
import {
  attributeOf,
  INVALID_HASH,
  MAX_PASSWORD_LENGTH,
  MAX_SECURE_CODE_LENGTH,
  MAX_USER_ID_LENGTH,
  PASSWORD_VIOLATION,
  setPasswordWithToken,
  USER_DISABLED,
} from '../domain/password-tokens'
import { DomainError } from '../domain/errors'
import { clientKey, TOO_MANY_ATTEMPTS, tooManyRequests } from '../rate-limits'
import type { RouteModule } from './context'

/** The body's attributes, each with the ICM error its absence gives (the PWA maps them by name). */
const ATTRIBUTES = [
  { name: 'userID', code: USER_DISABLED, max: MAX_USER_ID_LENGTH },
  { name: 'secureCode', code: INVALID_HASH, max: MAX_SECURE_CODE_LENGTH },
  { name: 'password', code: PASSWORD_VIOLATION, max: MAX_PASSWORD_LENGTH },
] as const

type PasswordRequest = { userID: string; secureCode: string; password: string }

/**
 * Reads `{userID, secureCode, password}`: a missing, empty or oversized attribute is refused naming it in
 * `error-missing-attributes` / `error-invalid-attributes`, as ICM does.
 */
function readRequest(body: unknown, reply: FastifyReply): PasswordRequest {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  for (const { name, code, max } of ATTRIBUTES) {
    const value = input[name]
    if (typeof value !== 'string' || value === '') {
      reply.header('error-missing-attributes', name)
      throw new DomainError('invalid', code, `${name} is required.`, [
        { code, message: `${name} is required.`, paths: [name] },
      ])
    }
    if (value.length > max) {
      reply.header('error-invalid-attributes', name)
      throw new DomainError('invalid', code, `${name} is too long.`, [
        { code, message: `${name} has more than ${max} characters.`, paths: [name] },
      ])
    }
  }
  return input as PasswordRequest
}

const tooManyAttempts = 'Too many attempts. Please wait before trying again.'

/**
 * ICM's password endpoints under `security/`: `POST security/password {userID, secureCode, password}` sets a
 * password with the secret of a password link (a new user's welcome mail, a reminder) and answers 204.
 * Public; attempts with a wrong secret count against the login throttle's per-address failures and against
 * the link's user (under a key of its own, so that they never lock the user's login).
 */
export const securityRoutes: RouteModule = (app, { db }) => {
  app.post('/rest/:site/security/password', { config: { access: 'public' } }, async (request, reply) => {
    const input = readRequest(request.body, reply)
    const outcome = await app.limiters.login.attempt(
      `security/password:${input.userID}`,
      clientKey(request.ip),
      undefined,
      async () => {
        try {
          await setPasswordWithToken(db, input)
          return { passwordMatched: true, result: undefined }
        } catch (error) {
          if (!isDomainError(error)) throw error
          return { passwordMatched: error.code !== INVALID_HASH, result: error }
        }
      },
    )
    if (outcome.kind === 'throttled')
      return tooManyRequests(reply, outcome.retryAfterSeconds, TOO_MANY_ATTEMPTS, tooManyAttempts)
    if (outcome.kind === 'challenge_required' || outcome.kind === 'challenge_incorrect')
      return tooManyRequests(reply, 60, TOO_MANY_ATTEMPTS, tooManyAttempts)
    if (outcome.result) {
      const attribute = attributeOf(outcome.result)
      if (attribute) reply.header('error-invalid-attributes', attribute)
      throw outcome.result
    }
    return reply.code(204).header('cache-control', 'no-store').send()
  })
}
