/**
 * Single sign-on (issue 35): ICM's `POST users/processtoken` `{id_token, options: ['CREATE_USER'] |
 * ['UPDATE'], secure_user_ref?: {user_id, secure_code}}`, and our `nonce` (when given, the id token's nonce
 * must be it). The id token is verified against the configured providers (domain/id-tokens.ts), its identity
 * linked to a user and signed in (domain/identities.ts): the answer is the user (ICM's UserData; 201 when one
 * was made) and an ICM token in the `authentication-token` header, which clients exchange like a login's
 * (`POST token grant_type=refresh_token`). A user made here has no customer yet: `GET customers/-` answers 404
 * for them, and `POST customers` / `POST privatecustomers` with their `userId` completes the registration
 * (routes/registration.ts). Public, rate-limited per client address.
 */
import { z } from 'zod'
import { AUTH_HEADER } from '../auth'
import {
  IdTokenRejected,
  MAX_ID_TOKEN_LENGTH,
  MAX_NONCE_LENGTH,
  type IdTokenVerifier,
} from '../domain/id-tokens'
import { signInWithIdToken, type SsoSignIn } from '../domain/identities'
import { MAX_SECURE_CODE_LENGTH, MAX_USER_ID_LENGTH } from '../domain/password-tokens'
import { parseInput } from '../http'
import { userDataJson } from '../icm/customers'
import { clientKey, RATE_LIMITED, tooManyRequests } from '../rate-limits'
import type { RouteModule } from './context'

const ProcessTokenBody = z
  .object({
    id_token: z.string().min(1).max(MAX_ID_TOKEN_LENGTH),
    options: z.tuple([z.enum(['CREATE_USER', 'UPDATE'])]),
    secure_user_ref: z
      .object({
        user_id: z.string().min(1).max(MAX_USER_ID_LENGTH),
        secure_code: z.string().min(1).max(MAX_SECURE_CODE_LENGTH),
      })
      .optional(),
    nonce: z.string().min(1).max(MAX_NONCE_LENGTH).optional(),
  })
  .refine((body) => !body.secure_user_ref || body.options[0] === 'UPDATE', {
    message: 'secure_user_ref comes with options ["UPDATE"] (an invitation being accepted).',
    path: ['secure_user_ref'],
  })

/**
 * The signed-in user as ICM's UserData. A user without customer yet has no `businessPartnerNo` of a company:
 * theirs is their user id, what clients pass on to the registration (`/register/sso?userid=`) and back as
 * its `userId`.
 */
export const signedInUserJson = ({ user, registrant }: Pick<SsoSignIn, 'user' | 'registrant'>) => ({
  ...userDataJson(user),
  businessPartnerNo: registrant ? user.id : (user.businessPartnerNo ?? undefined),
})

export const ssoRoutes =
  (verifier: IdTokenVerifier): RouteModule =>
  (app, { db }) => {
    app.post(
      '/rest/:site/users/processtoken',
      { config: { access: 'public' }, bodyLimit: 32 * 1024 },
      async (request, reply) => {
        const wait = await app.limiters.idTokens.take(clientKey(request.ip))
        if (wait !== null)
          return tooManyRequests(
            reply,
            wait,
            RATE_LIMITED,
            'Too many sign-ins. Please wait before trying again.',
          )
        const body = parseInput(ProcessTokenBody, request.body ?? {}, 'id token request')
        if (!verifier.configured)
          throw new IdTokenRejected('issuer', 'This shop accepts no identity provider (OIDC_PROVIDERS).')
        const token = await verifier.verify(body.id_token, { nonce: body.nonce })
        const ref = body.secure_user_ref
        const signIn = await signInWithIdToken(
          db,
          token,
          body.options[0] === 'CREATE_USER'
            ? { option: 'CREATE_USER', locale: request.scope.locale }
            : {
                option: 'UPDATE',
                invitation: ref && { userId: ref.user_id, secureCode: ref.secure_code },
              },
        )
        reply
          .code(signIn.created ? 201 : 200)
          .header(AUTH_HEADER, signIn.grant.access_token)
          .header('cache-control', 'no-store')
        return signedInUserJson(signIn)
      },
    )
  }
