import type { FastifyRequest } from 'fastify'
import type { Db } from './db/client'
import { checkToken, type Principal } from './domain/tokens'
import { ApiError } from './http'

export const AUTH_HEADER = 'authentication-token'

/** The caller of a request, or null for a call without a token. A bad or expired token is a 401. */
export async function principalOf(db: Db, request: FastifyRequest): Promise<Principal | null> {
  const header = request.headers[AUTH_HEADER]
  const token = Array.isArray(header) ? header[0] : header
  if (!token) return null
  const check = await checkToken(db, token)
  if (check.status === 'valid') return check.principal
  throw check.status === 'expired'
    ? new ApiError(401, 'authentication.token.expired', 'AuthenticationToken is expired.')
    : new ApiError(401, 'authentication.token.invalid', 'Unable to decode token.')
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
