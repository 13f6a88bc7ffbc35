import { z } from 'zod'
import { AUTH_HEADER } from '../auth'
import { issueAnonymousToken, loginWithPassword, refresh, revoke } from '../domain/tokens'
import { ApiError, parseInput } from '../http'
import type { RouteModule } from './context'

const TokenRequest = z.discriminatedUnion('grant_type', [
  z.object({ grant_type: z.literal('anonymous') }),
  z.object({
    grant_type: z.literal('password'),
    username: z.string().min(1, 'username is required'),
    password: z.string().min(1, 'password is required'),
    organization: z.string().optional(),
  }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(1) }),
])

/** OAuth-style token endpoint: anonymous, password and refresh_token grants; `PUT token/logout`. */
export const tokenRoutes: RouteModule = (app, { db }) => {
  app.post('/rest/:site/token', async (request, reply) => {
    const input = parseInput(TokenRequest, request.body ?? {}, 'token request')
    let grant
    if (input.grant_type === 'anonymous') {
      grant = await issueAnonymousToken(db)
    } else if (input.grant_type === 'password') {
      const result = await loginWithPassword(db, input.username, input.password)
      if (!result.ok) {
        throw result.reason === 'inactive'
          ? new ApiError(
              403,
              'account.login.customer_approval.error',
              'The account has not been approved yet.',
            )
          : new ApiError(401, 'invalid_grant', 'The user name or password is not correct.')
      }
      grant = result.grant
    } else {
      const refreshed = await refresh(db, input.refresh_token)
      if (!refreshed) throw new ApiError(401, 'invalid_grant', 'The refresh token is invalid or expired.')
      grant = refreshed
    }
    reply.header(AUTH_HEADER, grant.access_token)
    return grant
  })

  app.put('/rest/:site/token/logout', async (request, reply) => {
    const token = request.headers[AUTH_HEADER]
    if (typeof token === 'string' && token) await revoke(db, token)
    reply.code(204)
    return null
  })
}
