/**
 * Id tokens of OpenID Connect providers (issue 35, `POST users/processtoken`): an id token the storefront got
 * from a configured provider is verified here before it signs anyone in. Checked: the signature, with the
 * provider's keys (its discovery document's `jwks_uri`, fetched and cached by jose) and only with asymmetric
 * algorithms (`alg: none` and HMAC never pass); the issuer, which must be one the shop configured
 * (OIDC_PROVIDERS); the audience, which must include the shop's client id (and `azp`, when present, must be
 * it); expiry and not-before, and an issue time not in the future, each with a small clock tolerance; the
 * subject; the nonce, which must be there and equal the one the relying party sent, when it names one.
 *
 * An id token signs in once: its nonce is recorded (`id_token_nonces`, until the token expires) in the
 * transaction that signs the user in, and a second use is refused (`consumeNonce`). Expired records go with
 * the clean-up (`purgeExpiredNonces`, domain/cleanup.ts).
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose'
import { lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { idTokenNonces } from '../db/schema'
import { DomainError } from './errors'

/** A provider the shop accepts id tokens of: its issuer and the shop's client id there (the audience). */
export type OidcProvider = {
  issuer: string
  audience: string
  /** Tests: the provider's keys as a JWKS, instead of fetching them through its discovery document. */
  jwks?: JSONWebKeySet
}

/** What the shop reads of a verified id token. */
export type VerifiedIdToken = {
  issuer: string
  subject: string
  nonce: string
  expiresAt: Date
  email?: string
  /** The provider's `email_verified`; undefined where it does not say (Entra ID). */
  emailVerified?: boolean
  givenName?: string
  familyName?: string
  name?: string
}

/** The longest id token the API reads: real ones are 1–3 kB. */
export const MAX_ID_TOKEN_LENGTH = 16 * 1024
/** The longest nonce the API compares. */
export const MAX_NONCE_LENGTH = 512
/** Clock skew tolerated between the provider and the shop (exp, nbf, iat). */
export const CLOCK_TOLERANCE_SECONDS = 60

/** Signature algorithms accepted: asymmetric only. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']

export const ID_TOKEN_INVALID = 'account.sso.id_token.invalid.error'

export type IdTokenRejection =
  | 'malformed'
  | 'issuer'
  | 'audience'
  | 'signature'
  | 'expired'
  | 'not-yet-valid'
  | 'nonce'
  | 'replayed'
  | 'claims'
  | 'keys-unavailable'

/** A refused id token (401 `account.sso.id_token.invalid.error`), with why. */
export class IdTokenRejected extends DomainError {
  constructor(
    readonly reason: IdTokenRejection,
    message: string,
  ) {
    super('unauthenticated', ID_TOKEN_INVALID, message)
  }
}

const reject = (reason: IdTokenRejection, message: string) => new IdTokenRejected(reason, message)

/** The discovery document's address for an issuer (OpenID Connect Discovery 1.0, §4). */
export const discoveryUrl = (issuer: string) =>
  new URL(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`)

type KeySource = JWTVerifyGetKey

/**
 * Verifies id tokens against the configured providers. Each provider's keys are found once through its
 * discovery document (again after a failure) and then cached and refreshed by jose's remote key set (a key id
 * it does not know makes it fetch again, at most every 30 seconds).
 */
export class IdTokenVerifier {
  private readonly providers = new Map<string, OidcProvider>()
  private readonly keys = new Map<string, Promise<KeySource>>()

  constructor(
    providers: readonly OidcProvider[],
    private readonly options: { fetch?: typeof fetch; clockToleranceSeconds?: number } = {},
  ) {
    for (const provider of providers) this.providers.set(provider.issuer, provider)
  }

  /** Whether any provider is configured (without one, no id token can be accepted). */
  get configured(): boolean {
    return this.providers.size > 0
  }

  private keysOf(provider: OidcProvider): Promise<KeySource> {
    let source = this.keys.get(provider.issuer)
    if (!source) {
      source = provider.jwks
        ? Promise.resolve(createLocalJWKSet(provider.jwks))
        : this.discover(provider.issuer)
      // A failed discovery is tried again with the next token, not remembered.
      source.catch(() => this.keys.delete(provider.issuer))
      this.keys.set(provider.issuer, source)
    }
    return source
  }

  private async discover(issuer: string): Promise<KeySource> {
    const fetcher = this.options.fetch ?? fetch
    const response = await fetcher(discoveryUrl(issuer), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    })
    if (!response.ok) throw new Error(`discovery answered ${response.status}`)
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown }
    // The document must be the issuer's own (Discovery §4.3), and its keys come from where it says.
    if (document.issuer !== issuer)
      throw new Error(`discovery names another issuer: ${String(document.issuer)}`)
    if (typeof document.jwks_uri !== 'string') throw new Error('discovery names no jwks_uri')
    const jwksUri = new URL(document.jwks_uri)
    if (jwksUri.protocol !== 'https:' && jwksUri.protocol !== new URL(issuer).protocol)
      throw new Error('the jwks_uri must use https')
    return createRemoteJWKSet(jwksUri, { timeoutDuration: 5000 })
  }

  /**
   * The id token's claims when it passes every check; `nonce`, when given, must be the token's. Throws
   * IdTokenRejected, naming the reason, for any failure.
   */
  async verify(
    idToken: string,
    { nonce, now }: { nonce?: string; now?: Date } = {},
  ): Promise<VerifiedIdToken> {
    if (!idToken || idToken.length > MAX_ID_TOKEN_LENGTH)
      throw reject('malformed', 'The id token is missing or too long.')
    let unverified: JWTPayload
    try {
      const header = decodeProtectedHeader(idToken)
      if (typeof header.alg !== 'string' || !ALGORITHMS.includes(header.alg))
        throw reject('signature', `Id tokens signed with '${String(header.alg)}' are not accepted.`)
      unverified = decodeJwt(idToken)
    } catch (error) {
      if (error instanceof IdTokenRejected) throw error
      throw reject('malformed', 'The id token is not a signed JWT.')
    }
    const provider = typeof unverified.iss === 'string' ? this.providers.get(unverified.iss) : undefined
    if (!provider) throw reject('issuer', 'The id token was issued by a provider this shop does not accept.')

    let keys: KeySource
    try {
      keys = await this.keysOf(provider)
    } catch (error) {
      console.warn(
        `commerce-api: the keys of ${provider.issuer} could not be loaded: ${(error as Error).message}`,
      )
      throw reject('keys-unavailable', "The identity provider's keys could not be loaded.")
    }
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(idToken, keys, {
        issuer: provider.issuer,
        audience: provider.audience,
        algorithms: ALGORITHMS,
        clockTolerance: this.options.clockToleranceSeconds ?? CLOCK_TOLERANCE_SECONDS,
        // jose reads iat, but checks it against the clock only with maxTokenAge: checked below.
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: now,
      }))
    } catch (error) {
      throw rejectionOf(error)
    }

    const tolerance = this.options.clockToleranceSeconds ?? CLOCK_TOLERANCE_SECONDS
    if (payload.iat! > (now ?? new Date()).getTime() / 1000 + tolerance)
      throw reject('not-yet-valid', 'The id token was issued in the future.')
    // Several audiences: the token must have been issued to the shop (azp), not to another of them.
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud]
    if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== provider.audience)
      throw reject('audience', 'The id token was issued to another client (azp).')
    if (typeof payload.nonce !== 'string' || !payload.nonce || payload.nonce.length > MAX_NONCE_LENGTH)
      throw reject('nonce', 'The id token carries no nonce.')
    if (nonce !== undefined && payload.nonce !== nonce)
      throw reject('nonce', 'The id token answers another sign-in (nonce).')
    if (typeof payload.sub !== 'string' || !payload.sub || payload.sub.length > 255)
      throw reject('claims', 'The id token names no subject.')

    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)
    return {
      issuer: provider.issuer,
      subject: payload.sub,
      nonce: payload.nonce,
      expiresAt: new Date(payload.exp! * 1000),
      email: text(payload.email)?.toLowerCase(),
      emailVerified: typeof payload.email_verified === 'boolean' ? payload.email_verified : undefined,
      givenName: text(payload.given_name),
      familyName: text(payload.family_name),
      name: text(payload.name),
    }
  }
}

/** jose's refusal as the reason the shop names. */
function rejectionOf(error: unknown): IdTokenRejected {
  if (error instanceof errors.JWTExpired) return reject('expired', 'The id token has expired.')
  if (error instanceof errors.JWTClaimValidationFailed) {
    const claim = error.claim
    if (claim === 'aud') return reject('audience', 'The id token was issued to another client.')
    if (claim === 'iss') return reject('issuer', 'The id token names another issuer.')
    if (claim === 'nbf' || claim === 'iat') return reject('not-yet-valid', 'The id token is not valid yet.')
    return reject('claims', `The id token's ${claim} claim is missing or wrong.`)
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSEAlgNotAllowed
  )
    return reject('signature', "The id token's signature does not match the provider's keys.")
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
    return reject('keys-unavailable', "The identity provider's keys could not be loaded.")
  if (error instanceof errors.JOSEError) return reject('malformed', 'The id token could not be read.')
  // A key set that could not be fetched (network) is not the token's fault, but it cannot sign anyone in.
  return reject('keys-unavailable', "The identity provider's keys could not be loaded.")
}

/**
 * Records the id token's nonce, in the caller's transaction (the one that signs the user in): false when it
 * was recorded before (the same id token, or another with its nonce, already signed someone in).
 */
export async function consumeNonce(tx: Db, token: VerifiedIdToken): Promise<boolean> {
  const recorded = await tx
    .insert(idTokenNonces)
    .values({ issuer: token.issuer, nonce: token.nonce, expiresAt: token.expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: idTokenNonces.nonce })
  return recorded.length === 1
}

/** Drops the nonces of id tokens that have expired (they cannot be used again anyway); answers how many. */
export async function purgeExpiredNonces(db: Db, now = new Date()): Promise<number> {
  const purged = await db
    .delete(idTokenNonces)
    .where(lt(idTokenNonces.expiresAt, now))
    .returning({ nonce: idTokenNonces.nonce })
  return purged.length
}
