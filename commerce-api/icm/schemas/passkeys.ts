/**
 * Passkeys (issue 35, ADR 0039): an extension of ours outside ICM's contract, like `POST challenges`. The
 * ceremony options are WebAuthn's JSON forms (`PublicKeyCredentialCreationOptionsJSON`,
 * `PublicKeyCredentialRequestOptionsJSON`) as @simplewebauthn/browser takes them, with the challenge's id.
 */
import { z } from 'zod'
import type { WireRule } from './rules'

/** A passkey of the user: a short id (not the credential id), the name given, when made and last used. */
export const PasskeySchema = z
  .object({
    id: z.string().min(1).max(100),
    name: z.string().min(1),
    creationDate: z.string().datetime(),
    lastUsedDate: z.string().datetime().optional(),
  })
  .strict()

const Credential = z.object({
  id: z.string().min(1),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
})

const RegistrationOptionsSchema = z.object({
  challengeId: z.string().min(1),
  options: z
    .object({
      challenge: z.string().min(1),
      rp: z.object({ id: z.string().min(1), name: z.string().min(1) }),
      user: z.object({ id: z.string().min(1), name: z.string().min(1), displayName: z.string() }),
      pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })).min(1),
      timeout: z.number().int().positive().optional(),
      excludeCredentials: z.array(Credential),
      authenticatorSelection: z.object({
        residentKey: z.literal('preferred'),
        userVerification: z.literal('preferred'),
        requireResidentKey: z.boolean().optional(),
      }),
      attestation: z.literal('none'),
    })
    .passthrough(),
})

const AuthenticationOptionsSchema = z.object({
  challengeId: z.string().min(1),
  options: z
    .object({
      challenge: z.string().min(1),
      rpId: z.string().min(1),
      timeout: z.number().int().positive().optional(),
      allowCredentials: z.array(Credential).max(0).optional(),
      userVerification: z.literal('preferred'),
    })
    .passthrough(),
})

const base = '/rest/:site/customers/-/users/-/passkeys'

export const passkeyWire: WireRule[] = [
  { method: 'GET', route: base, schema: z.object({ data: z.array(PasskeySchema).max(20) }) },
  { method: 'POST', route: `${base}/registration-options`, schema: RegistrationOptionsSchema },
  { method: 'POST', route: base, schema: PasskeySchema },
  { method: 'PATCH', route: `${base}/:passkeyId`, schema: PasskeySchema },
  { method: 'DELETE', route: `${base}/:passkeyId`, schema: z.null() },
  {
    method: 'POST',
    route: '/rest/:site/passkeys/authentication-options',
    schema: AuthenticationOptionsSchema,
  },
]
