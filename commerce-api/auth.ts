import type { FastifyRequest } from 'fastify'
import type { Db } from './db/client'
import { checkToken, type Principal, type Registrant } from './domain/tokens'
import { ApiError } from './http'

export const AUTH_HEADER = 'authentication-token'

/**
 * The caller of each request, read once: the authorization hook resolves it before the handler, and the
 * handler's own requirePrincipal/requireUser get the same answer (or the same 401) without a second query.
 */
const callers = new WeakMap<FastifyRequest, Promise<Principal | Registrant | null>>()

async function readCaller(db: Db, request: FastifyRequest): Promise<Principal | Registrant | null> {
  const header = request.headers[AUTH_HEADER]
  const token = Array.isArray(header) ? header[0] : header
  if (!token) return null
  const check = await checkToken(db, token)
  if (check.status === 'valid') return check.principal
  if (check.status === 'registrant') return check.registrant
  throw check.status === 'expired'
    ? new ApiError(401, 'authentication.token.expired', 'AuthenticationToken is expired.')
    : new ApiError(401, 'authentication.token.invalid', 'Unable to decode token.')
}

/**
 * The caller of a request, a user of single sign-on who has not completed the registration included (the
 * routes of rule `registrant` tell them apart), or null for a call without a token.
 */
export function callerOf(db: Db, request: FastifyRequest): Promise<Principal | Registrant | null> {
  let caller = callers.get(request)
  if (!caller) {
    caller = readCaller(db, request)
    callers.set(request, caller)
  }
  return caller
}

export const isRegistrant = (caller: Principal | Registrant | null): caller is Registrant =>
  caller !== null && 'registrant' in caller

/** What a registrant is told wherever they need a customer: complete the registration first (`status`). */
export const registrationRequired = (status: 403 | 404) =>
  new ApiError(
    status,
    'account.sso.registration.required.error',
    'Complete the registration first: this user has no customer yet.',
  )

/**
 * The caller of a request, or null for a call without a token. A bad or expired token is a 401; a user of
 * single sign-on without a customer yet is a 403 (`account.sso.registration.required.error`).
 */
export async function principalOf(db: Db, request: FastifyRequest): Promise<Principal | null> {
  const caller = await callerOf(db, request)
  if (isRegistrant(caller)) throw registrationRequired(403)
  return caller
}

export async function requirePrincipal(db: Db, request: FastifyRequest): Promise<Principal> {
  const principal = await principalOf(db, request)
  if (!principal)
    throw new ApiError(401, 'authentication.token.missing', 'An authentication-token header is required.')
  return principal
}

export async function requireUser(db: Db, request: FastifyRequest) {
  const principal = await requirePrincipal(db, request)
  if (principal.anonymous)
    throw new ApiError(401, 'authentication.user.required', 'This call needs a logged-in user.')
  return principal
}
