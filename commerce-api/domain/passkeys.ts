/**
 * Passkeys (issue 35, ADR 0039; an extension outside ICM's contract, like `POST challenges`): a user registers
 * WebAuthn credentials and signs in with one instead of a password. The ceremonies are verified here with
 * SimpleWebAuthn; the browser only relays them through the storefront.
 *
 * - Every ceremony starts with a challenge row (`webauthn_challenges`): random, for one purpose (registration
 *   of a named user, or a sign-in of whoever answers), valid for CHALLENGE_LIFETIME_SECONDS and used once: it
 *   is deleted before the answer is verified, so a failed or replayed answer never gets a second try.
 * - The relying party is the storefront's host (PASSKEY_RP_ID) and the answers must come from its origins
 *   (PASSKEY_ORIGINS). WebAuthn refuses IP addresses as relying party ids: a shop reached by IP address has no
 *   passkeys (`passkeySettingsOf` answers null and every ceremony `passkey.unavailable`).
 * - A sign-in is refused for an unknown credential, a bad signature, an answer for another relying party or
 *   origin, and a signature counter that did not grow (a cloned authenticator; counters that stay 0, as synced
 *   passkeys keep them, are fine). The user's state is judged after the signature, as a password login does:
 *   only whoever holds the passkey learns that the user is deactivated or waits for approval.
 * - The list shows a short id (a hash of the credential id, which can be long), the name, and the dates.
 */
import { createHash, randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { and, asc, count, eq, isNull, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers, passkeys, users, webauthnChallenges } from '../db/schema'
import { DomainError, invalidError, notFoundError, refusedError } from './errors'

/** How long a ceremony's challenge can be answered (seconds). */
export const CHALLENGE_LIFETIME_SECONDS = 300
/** How long the browser lets the shopper take (ms): within the challenge's lifetime. */
const CEREMONY_TIMEOUT_MS = 120_000
/** Most passkeys one user keeps: enough for every device, bounded like every list a stranger can grow. */
export const MAX_PASSKEYS_PER_USER = 20
export const MAX_PASSKEY_NAME_LENGTH = 60

/** Where passkeys belong: the relying party (its id and shown name) and the origins answers may come from. */
export type PasskeySettings = { rpId: string; rpName: string; origins: string[] }

export const DEFAULT_RP_NAME = 'Ironbridge Supply'

/**
 * The passkey settings of a shop: PASSKEY_RP_ID (default: the host of STOREFRONT_URL), PASSKEY_ORIGINS
 * (space- or comma-separated; default: STOREFRONT_URL's origin), PASSKEY_RP_NAME. Null when the relying party
 * would be an IP address, which WebAuthn refuses. An origin outside the relying party's domain is a
 * configuration mistake that stops the start.
 */
export function passkeySettingsOf({
  rpId,
  origins,
  rpName,
  storefrontUrl,
}: {
  rpId?: string
  origins?: string
  rpName?: string
  storefrontUrl: string
}): PasskeySettings | null {
  const storefront = new URL(storefrontUrl)
  const id = (rpId?.trim() || storefront.hostname).toLowerCase().replace(/^\[|\]$/g, '')
  if (isIP(id)) return null
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(id))
    throw new Error(`PASSKEY_RP_ID must be a host name such as shop.example.com (got "${id}")`)
  const listed = (origins ?? '').split(/[\s,]+/).filter(Boolean)
  const allowed = (listed.length ? listed : [storefront.origin]).map((origin) => {
    let url: URL
    try {
      url = new URL(origin)
    } catch {
      throw new Error(`PASSKEY_ORIGINS must list origins such as https://shop.example.com (got "${origin}")`)
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`PASSKEY_ORIGINS must list http(s) origins (got "${origin}")`)
    if (url.hostname !== id && !url.hostname.endsWith(`.${id}`))
      throw new Error(`PASSKEY_ORIGINS: ${url.origin} is not within the relying party ${id} (PASSKEY_RP_ID)`)
    return url.origin
  })
  return { rpId: id, rpName: rpName?.trim() || DEFAULT_RP_NAME, origins: [...new Set(allowed)] }
}

export const passkeysUnavailable = () =>
  notFoundError(
    'passkey.unavailable',
    'Passkeys are not available in this shop (its address is no host name a passkey can belong to).',
  )

const challengeInvalid = () =>
  new DomainError(
    'refused',
    'passkey.challenge.invalid',
    'The challenge is unknown, expired or already used; start again.',
  )

/** The short id a passkey is listed, renamed and deleted by. */
export const passkeyIdOf = (credentialId: string) =>
  createHash('sha256').update(credentialId).digest('base64url').slice(0, 22)

/** WebAuthn's user handle of a user: the 16 bytes of their id, no personal data. */
const userHandleOf = (userId: string) => Buffer.from(userId.replace(/-/g, ''), 'hex')

const TRANSPORTS: readonly AuthenticatorTransport[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb']
const knownTransports = (transports: readonly string[] | undefined) =>
  (transports ?? []).filter((t): t is AuthenticatorTransport =>
    TRANSPORTS.includes(t as AuthenticatorTransport),
  )

export type ListedPasskey = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }

export async function listPasskeys(db: Db, userId: string): Promise<ListedPasskey[]> {
  const rows = await db
    .select({
      credentialId: passkeys.credentialId,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.credentialId))
  return rows.map(({ credentialId, ...row }) => ({ id: passkeyIdOf(credentialId), ...row }))
}

/** A challenge row for a ceremony; answers its id. */
async function storeChallenge(
  db: Db,
  challenge: string,
  purpose: 'registration' | 'authentication',
  userId: string | null,
  now: Date,
): Promise<string> {
  const id = randomBytes(18).toString('base64url')
  await db.insert(webauthnChallenges).values({
    id,
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_SECONDS * 1000),
  })
  return id
}

/**
 * Uses a challenge up: deleted whatever the answer will be (its own statement, committed before anything is
 * verified). Null when there is none of this purpose (and user), or it expired.
 */
async function takeChallenge(
  db: Db,
  id: string,
  purpose: 'registration' | 'authentication',
  userId: string | null,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, expiresAt: webauthnChallenges.expiresAt })
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null
  return row.challenge
}

export type CeremonyStart<Options> = { challengeId: string; options: Options }

/**
 * The options of a new passkey for a user: their login as its user name, their name as display name, their
 * passkeys excluded (one authenticator, one passkey), a discoverable credential preferred (a sign-in without
 * typing a name), user verification preferred.
 */
export async function registrationOptions(
  db: Db,
  settings: PasskeySettings,
  userId: string,
  now = new Date(),
): Promise<CeremonyStart<PublicKeyCredentialCreationOptionsJSON>> {
  const [user] = await db
    .select({ login: users.login, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw notFoundError('customer.user.not_found', 'The user does not exist.')
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
  const options = await generateRegistrationOptions({
    rpName: settings.rpName,
    rpID: settings.rpId,
    userName: user.login,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
    userID: userHandleOf(userId),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: knownTransports(row.transports),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
  return { challengeId: await storeChallenge(db, options.challenge, 'registration', userId, now), options }
}

/**
 * Keeps the passkey a registration answered, under `name`, once the answer is verified against the user's
 * challenge, the relying party and its origins (attestation `none`: the shop trusts no particular maker).
 */
export async function registerPasskey(
  db: Db,
  settings: PasskeySettings,
  userId: string,
  input: { challengeId: string; name: string; response: RegistrationResponseJSON },
  now = new Date(),
): Promise<ListedPasskey> {
  const challenge = await takeChallenge(db, input.challengeId, 'registration', userId, now)
  if (challenge === null) throw challengeInvalid()
  const name = input.name.trim()
  if (!name || name.length > MAX_PASSKEY_NAME_LENGTH)
    throw invalidError(
      'request.invalid.field',
      `A passkey's name has 1 to ${MAX_PASSKEY_NAME_LENGTH} characters.`,
    )
  let verified
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      requireUserVerification: false,
    })
  } catch {
    verified = { verified: false as const }
  }
  if (!verified.verified)
    throw refusedError('passkey.registration.invalid', 'The passkey could not be verified.')
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo
  return db.transaction(async (tx) => {
    // One user at a time: the count and the insert see the same list.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId))
    if ((held?.n ?? 0) >= MAX_PASSKEYS_PER_USER)
      throw refusedError('passkey.limit.error', `A user keeps at most ${MAX_PASSKEYS_PER_USER} passkeys.`)
    const [row] = await tx
      .insert(passkeys)
      .values({
        credentialId: credential.id,
        userId,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: knownTransports(credential.transports ?? input.response.response.transports),
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ createdAt: passkeys.createdAt })
    if (!row) throw refusedError('passkey.credential.duplicate', 'This passkey is registered already.')
    return { id: passkeyIdOf(credential.id), name, createdAt: row.createdAt, lastUsedAt: null }
  })
}

/** The user's own passkey by its listed id; anyone else's is not found. */
async function ownCredentialId(db: Db, userId: string, id: string): Promise<string> {
  const rows = await db
    .select({ credentialId: passkeys.credentialId })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
  const found = rows.find((row) => passkeyIdOf(row.credentialId) === id)
  if (!found) throw notFoundError('passkey.not_found', 'The user has no such passkey.')
  return found.credentialId
}

export async function renamePasskey(
  db: Db,
  userId: string,
  id: string,
  name: string,
): Promise<ListedPasskey> {
  const credentialId = await ownCredentialId(db, userId, id)
  const trimmed = name.trim()
  if (!trimmed || trimmed.length > MAX_PASSKEY_NAME_LENGTH)
    throw invalidError(
      'request.invalid.field',
      `A passkey's name has 1 to ${MAX_PASSKEY_NAME_LENGTH} characters.`,
    )
  const [row] = await db
    .update(passkeys)
    .set({ name: trimmed })
    .where(and(eq(passkeys.credentialId, credentialId), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
  if (!row) throw notFoundError('passkey.not_found', 'The user has no such passkey.')
  return { id, ...row }
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<void> {
  const credentialId = await ownCredentialId(db, userId, id)
  await db.delete(passkeys).where(and(eq(passkeys.credentialId, credentialId), eq(passkeys.userId, userId)))
}

/**
 * The options of a sign-in: no credentials named (the authenticator offers the shop's discoverable
 * passkeys, and nobody learns from the options which users have one), user verification preferred.
 */
export async function authenticationOptions(
  db: Db,
  settings: PasskeySettings,
  now = new Date(),
): Promise<CeremonyStart<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({
    rpID: settings.rpId,
    allowCredentials: [],
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
  })
  return { challengeId: await storeChallenge(db, options.challenge, 'authentication', null, now), options }
}

export type PasskeySignIn =
  | { ok: true; userId: string }
  /**
   * `challenge`: unknown, expired or used; `unknown`: no such passkey (any more); `invalid`: the signature,
   * relying party, origin, user handle or counter is wrong; `inactive`/`pending`: as a password login says.
   */
  | { ok: false; reason: 'challenge' | 'unknown' | 'invalid' | 'inactive' | 'pending' }

/** Verifies a sign-in's answer and keeps the passkey's counter and last use. */
export async function signInWithPasskey(
  db: Db,
  settings: PasskeySettings,
  input: { challengeId: string; assertion: AuthenticationResponseJSON },
  now = new Date(),
): Promise<PasskeySignIn> {
  const challenge = await takeChallenge(db, input.challengeId, 'authentication', null, now)
  if (challenge === null) return { ok: false, reason: 'challenge' }
  const [found] = await db
    .select({
      credentialId: passkeys.credentialId,
      userId: passkeys.userId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      active: users.active,
      approvalPending: customers.approvalPending,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .leftJoin(customers, eq(customers.customerNo, users.customerNo))
    .where(eq(passkeys.credentialId, input.assertion.id))
  if (!found) return { ok: false, reason: 'unknown' }
  const handle = input.assertion.response.userHandle
  if (handle !== undefined && handle !== userHandleOf(found.userId).toString('base64url'))
    return { ok: false, reason: 'invalid' }
  let newCounter: number
  try {
    const verified = await verifyAuthenticationResponse({
      response: input.assertion,
      expectedChallenge: challenge,
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      credential: {
        id: found.credentialId,
        publicKey: Buffer.from(found.publicKey, 'base64url'),
        counter: found.counter,
        transports: knownTransports(found.transports),
      },
      requireUserVerification: false,
    })
    if (!verified.verified) return { ok: false, reason: 'invalid' }
    newCounter = verified.authenticationInfo.newCounter
  } catch {
    // SimpleWebAuthn throws for every answer it cannot accept (a counter that did not grow included).
    return { ok: false, reason: 'invalid' }
  }
  // Two sign-ins racing with one counter value: only the first moves it on.
  const [kept] = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.credentialId, found.credentialId), eq(passkeys.counter, found.counter)))
    .returning({ credentialId: passkeys.credentialId })
  if (!kept) return { ok: false, reason: 'invalid' }
  if (!found.active) return { ok: false, reason: 'inactive' }
  if (found.approvalPending) return { ok: false, reason: 'pending' }
  return { ok: true, userId: found.userId }
}

/** Drops the challenges nobody answered in time (domain/cleanup.ts); answers how many went. */
export async function purgeExpiredChallenges(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, now))
    .returning({ id: webauthnChallenges.id })
  return gone.length
}
