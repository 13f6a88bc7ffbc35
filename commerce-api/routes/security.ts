import type { FastifyReply } from 'fastify'
import { requireCaptcha } from '../captcha'
import { isDomainError } from '../icm/errors'
import { ApiError } from '../http'
import {
  MAX_REMINDER_NAME_LENGTH,
  MAX_REMINDER_PERSON_NAME_LENGTH,
  sendPasswordReminder,
} from '../domain/password-reminder'
import { accountKey } from '../domain/login-throttle'
import { findLoginAccount } from '../domain/tokens'
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

const INVALID_REMINDER = 'ede.account.forgotdata.email.invalid_login_or_name.error'
const TOO_MANY_REMINDERS = 'account.forgotdata.too_many_requests.error'
const tooManyReminders = 'Too many password reminders were asked for. Please wait before asking again.'

type ReminderBody = { name: string; firstName?: string; lastName?: string }

/**
 * Reads ICM's reminder body `{email, firstName?, lastName?}` (`email` may hold the login too, as the
 * storefront's one field does; `login` is read as well): a missing name or an oversized value is refused
 * with `ede.account.forgotdata.email.invalid_login_or_name.error`, naming the attribute in ICM's headers.
 */
function readReminder(body: unknown, reply: FastifyReply): ReminderBody {
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >
  const refuse = (header: 'missing' | 'invalid', attribute: string, message: string) => {
    reply.header(`error-${header}-attributes`, attribute)
    return new ApiError(400, INVALID_REMINDER, message, [
      { code: INVALID_REMINDER, message, paths: [attribute] },
    ])
  }
  const text = (name: string, max: number) => {
    const value = input[name]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'string' || value.length > max)
      throw refuse('invalid', name, `${name} must be text of at most ${max} characters.`)
    return value.trim() || undefined
  }
  const email = text('email', MAX_REMINDER_NAME_LENGTH)
  const login = text('login', MAX_REMINDER_NAME_LENGTH)
  const name = email ?? login
  if (!name) throw refuse('missing', 'email', 'The e-mail address or login is required.')
  return {
    name,
    firstName: text('firstName', MAX_REMINDER_PERSON_NAME_LENGTH),
    lastName: text('lastName', MAX_REMINDER_PERSON_NAME_LENGTH),
  }
}

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

  /**
   * `POST security/reminder {email|login, firstName?, lastName?}` with the captcha in `Authorization:
   * CAPTCHA challenge=<id> answer=<number>`: 204 whether or not the name belongs to an account (an active
   * one gets the reminder mail; domain/password-reminder.ts), 401 `captcha.incorrect` for a missing, wrong or
   * used captcha, 429 when the client address or the account asked too often, 500 when the mail cannot be
   * queued. Public.
   */
  app.post('/rest/:site/security/reminder', { config: { access: 'public' } }, async (request, reply) => {
    const input = readReminder(request.body, reply)
    const ipWait = await app.limiters.remindersPerIp.take(clientKey(request.ip))
    if (ipWait !== null) return tooManyRequests(reply, ipWait, TOO_MANY_REMINDERS, tooManyReminders)
    await requireCaptcha(app, request)
    const account = await findLoginAccount(db, input.name)
    const wait = await app.limiters.remindersPerAccount.take(accountKey(account.key))
    if (wait !== null) return tooManyRequests(reply, wait, TOO_MANY_REMINDERS, tooManyReminders)
    await sendPasswordReminder(db, account, {
      locale: request.scope.locale,
      firstName: input.firstName,
      lastName: input.lastName,
    })
    return reply.code(204).header('cache-control', 'no-store').send()
  })
}
