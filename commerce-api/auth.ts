import type { FastifyRequest } from 'fastify'
import type { Db } from './db/client'
import { checkToken, type Principal } from './domain/tokens'
import { ApiError } from './http'

export const AUTH_HEADER = 'authentication-token'

/**
 * The caller of each request, read once: the authorization hook resolves it before the handler, and the
 * handler's own requirePrincipal/requireUser get the same answer (or the same 401) without a second query.
 */
const principals = new WeakMap<FastifyRequest, Promise<Principal | null>>()

async function readPrincipal(db: Db, request: FastifyRequest): Promise<Principal | null> {
  const header = request.headers[AUTH_HEADER]
  const token = Array.isArray(header) ? header[0] : header
  if (!token) return null
  const check = await checkToken(db, token)
  if (check.status === 'valid') return check.principal
  throw check.status === 'expired'
    ? new ApiError(401, 'authentication.token.expired', 'AuthenticationToken is expired.')
    : new ApiError(401, 'authentication.token.invalid', 'Unable to decode token.')
}

/** The caller of a request, or null for a call without a token. A bad or expired token is a 401. */
export function principalOf(db: Db, request: FastifyRequest): Promise<Principal | null> {
  let principal = principals.get(request)
  if (!principal) {
    principal = readPrincipal(db, request)
    principals.set(request, principal)
  }
  return principal
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
