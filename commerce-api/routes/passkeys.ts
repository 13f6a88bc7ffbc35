import { z } from 'zod'
import { requireUser } from '../auth'
import {
  authenticationOptions,
  deletePasskey,
  listPasskeys,
  MAX_PASSKEY_NAME_LENGTH,
  passkeysUnavailable,
  registerPasskey,
  registrationOptions,
  renamePasskey,
  type ListedPasskey,
  type PasskeySettings,
} from '../domain/passkeys'
import { parseInput } from '../http'
import { clientKey, RATE_LIMITED, tooManyRequests } from '../rate-limits'
import type { RouteModule } from './context'

/** Base64url as WebAuthn's JSON carries binary values, bounded. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url expected')

/** A credential id: at most 1023 bytes (WebAuthn), 1364 characters of base64url. */
const CredentialId = base64url(1364).min(1)
const Transports = z.array(z.string().max(20)).max(10).optional()
const ClientExtensions = z.record(z.unknown()).default({})

/** `RegistrationResponseJSON` (what `startRegistration` of @simplewebauthn/browser answers), bounded. */
export const RegistrationResponse = z.object({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    attestationObject: base64url(8192).min(1),
    authenticatorData: base64url(4096).optional(),
    transports: Transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(2048).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensions,
})

/** `AuthenticationResponseJSON` (what `startAuthentication` answers), bounded. */
export const AuthenticationResponse = z.object({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    authenticatorData: base64url(4096).min(1),
    signature: base64url(1024).min(1),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensions,
})

const Name = z.string().trim().min(1).max(MAX_PASSKEY_NAME_LENGTH)
const ChallengeId = z.string().min(1).max(100)

const NewPasskey = z.object({ challengeId: ChallengeId, name: Name, response: RegistrationResponse })
const Rename = z.object({ name: Name })
const PasskeyParams = z.object({ passkeyId: z.string().min(1).max(100) })

/** The largest body of a new passkey: a registration answer is a few KB; anything far bigger is no passkey. */
export const MAX_PASSKEY_BODY = 16 * 1024

const passkeyJson = (passkey: ListedPasskey) => ({
  id: passkey.id,
  name: passkey.name,
  creationDate: passkey.createdAt.toISOString(),
  ...(passkey.lastUsedAt ? { lastUsedDate: passkey.lastUsedAt.toISOString() } : {}),
})

const tooManyCalls = 'Too many requests. Please wait before trying again.'

/**
 * Passkeys (issue 35, ADR 0039; an extension outside ICM's contract, like `POST challenges`), verified here
 * with SimpleWebAuthn (domain/passkeys.ts):
 * - the logged-in user's (private or business, '-' only): `GET customers/-/users/-/passkeys`,
 *   `POST …/passkeys/registration-options` (`{challengeId, options}`), `POST …/passkeys`
 *   (`{challengeId, name, response}` → 201 the passkey), `PATCH …/passkeys/{id}` (`{name}`),
 *   `DELETE …/passkeys/{id}` (204); another user's passkey is not found;
 * - anyone: `POST passkeys/authentication-options` (`{challengeId, options}`, rate-limited per client address),
 *   answered with the token endpoint's passkey grant (routes/token.ts).
 * Without a relying party (a shop at an IP address) the ceremonies answer 404 `passkey.unavailable`.
 */
export const passkeyRoutes: RouteModule = (app, { db, passkeys }) => {
  const user = { config: { access: 'user' as const } }
  const anyone = { config: { access: 'public' as const } }
  const base = '/rest/:site/customers/-/users/-/passkeys'
  const settings = (): PasskeySettings => {
    if (!passkeys) throw passkeysUnavailable()
    return passkeys
  }

  app.get(base, user, async (request, reply) => {
    const principal = await requireUser(db, request)
    reply.header('cache-control', 'no-store')
    return { data: (await listPasskeys(db, principal.userId)).map(passkeyJson) }
  })

  app.post(`${base}/registration-options`, user, async (request, reply) => {
    const principal = await requireUser(db, request)
    const relyingParty = settings()
    const wait = await app.limiters.passkeyChallenges.take(clientKey(request.ip))
    if (wait !== null) return tooManyRequests(reply, wait, RATE_LIMITED, tooManyCalls)
    reply.header('cache-control', 'no-store')
    return registrationOptions(db, relyingParty, principal.userId)
  })

  app.post(base, { ...user, bodyLimit: MAX_PASSKEY_BODY }, async (request, reply) => {
    const principal = await requireUser(db, request)
    const relyingParty = settings()
    const input = parseInput(NewPasskey, request.body, 'passkey')
    const created = await registerPasskey(db, relyingParty, principal.userId, input)
    reply.code(201).header('cache-control', 'no-store')
    return passkeyJson(created)
  })

  app.patch(`${base}/:passkeyId`, user, async (request) => {
    const principal = await requireUser(db, request)
    const { passkeyId } = parseInput(PasskeyParams, request.params, 'passkey id')
    const { name } = parseInput(Rename, request.body, 'passkey')
    return passkeyJson(await renamePasskey(db, principal.userId, passkeyId, name))
  })

  app.delete(`${base}/:passkeyId`, user, async (request, reply) => {
    const principal = await requireUser(db, request)
    const { passkeyId } = parseInput(PasskeyParams, request.params, 'passkey id')
    await deletePasskey(db, principal.userId, passkeyId)
    return reply.code(204).send()
  })

  app.post('/rest/:site/passkeys/authentication-options', anyone, async (request, reply) => {
    const relyingParty = settings()
    const wait = await app.limiters.passkeyChallenges.take(clientKey(request.ip))
    if (wait !== null) return tooManyRequests(reply, wait, RATE_LIMITED, tooManyCalls)
    reply.header('cache-control', 'no-store')
    return authenticationOptions(db, relyingParty)
  })
}
