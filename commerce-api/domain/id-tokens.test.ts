import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  UnsecuredJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { idTokenNonces } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import {
  consumeNonce,
  IdTokenRejected,
  IdTokenVerifier,
  purgeExpiredNonces,
  type IdTokenRejection,
  type VerifiedIdToken,
} from './id-tokens'

/** Id tokens signed with keys made here: no provider, no network (one test serves discovery on loopback). */
const ISSUER = 'https://login.example.test/realms/shop'
const CLIENT = 'storefront'
const NOW = new Date('2026-03-02T10:00:00Z')
const at = (secondsFromNow: number) => Math.floor(NOW.getTime() / 1000) + secondsFromNow

let signingKey: CryptoKey
let otherKey: CryptoKey
let jwks: JSONWebKeySet
let verifier: IdTokenVerifier

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true })
  const other = await generateKeyPair('ES256', { extractable: true })
  signingKey = pair.privateKey
  otherKey = other.privateKey
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'shop-key', alg: 'RS256', use: 'sig' }
  jwks = { keys: [publicJwk] }
  verifier = new IdTokenVerifier([{ issuer: ISSUER, audience: CLIENT, jwks }])
})

/** A well-formed id token of the provider; `claims` override, `undefined` leaves a claim out. */
async function idToken(
  claims: Record<string, unknown> = {},
  { key = signingKey, alg = 'RS256', kid = 'shop-key' }: { key?: CryptoKey; alg?: string; kid?: string } = {},
) {
  const payload: JWTPayload = {
    iss: ISSUER,
    aud: CLIENT,
    sub: 'subject-1',
    iat: at(-10),
    exp: at(300),
    nonce: 'nonce-1',
    email: 'Nora.Neumann@example.test',
    email_verified: true,
    given_name: 'Nora',
    family_name: 'Neumann',
    ...claims,
  }
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name]
  return new SignJWT(payload).setProtectedHeader({ alg, kid }).sign(key)
}

async function rejection(promise: Promise<unknown>): Promise<IdTokenRejection | 'accepted'> {
  try {
    await promise
    return 'accepted'
  } catch (error) {
    if (error instanceof IdTokenRejected) return error.reason
    throw error
  }
}

describe('id token verification', () => {
  it('answers the claims of a token of a configured provider, signed with its key', async () => {
    const claims = await verifier.verify(await idToken(), { nonce: 'nonce-1', now: NOW })
    expect(claims).toEqual({
      issuer: ISSUER,
      subject: 'subject-1',
      nonce: 'nonce-1',
      expiresAt: new Date(at(300) * 1000),
      email: 'nora.neumann@example.test',
      emailVerified: true,
      givenName: 'Nora',
      familyName: 'Neumann',
      name: undefined,
    })
    // Without a nonce to compare, the token's own is read (and must be there).
    expect((await verifier.verify(await idToken(), { now: NOW })).nonce).toBe('nonce-1')
  })

  it('refuses a token of a provider the shop does not accept, or naming another issuer', async () => {
    expect(
      await rejection(verifier.verify(await idToken({ iss: 'https://evil.example.test' }), { now: NOW })),
    ).toBe('issuer')
    expect(await rejection(verifier.verify(await idToken({ iss: undefined }), { now: NOW }))).toBe('issuer')
    const none = new IdTokenVerifier([])
    expect(none.configured).toBe(false)
    expect(await rejection(none.verify(await idToken(), { now: NOW }))).toBe('issuer')
  })

  it('refuses a token issued to another client, or to several without the shop as its azp', async () => {
    const verify = async (claims: Record<string, unknown>) =>
      rejection(verifier.verify(await idToken(claims), { now: NOW }))
    expect(await verify({ aud: 'another-client' })).toBe('audience')
    expect(await verify({ aud: [CLIENT, 'another-client'] })).toBe('audience')
    expect(await verify({ aud: [CLIENT, 'another-client'], azp: 'another-client' })).toBe('audience')
    expect(await verify({ azp: 'another-client' })).toBe('audience')
    expect(await verify({ aud: [CLIENT, 'another-client'], azp: CLIENT })).toBe('accepted')
  })

  it('refuses a token answering another sign-in (nonce), or carrying none', async () => {
    expect(await rejection(verifier.verify(await idToken(), { nonce: 'nonce-2', now: NOW }))).toBe('nonce')
    expect(await rejection(verifier.verify(await idToken({ nonce: undefined }), { now: NOW }))).toBe('nonce')
  })

  it('refuses an expired token and one not valid yet, with a minute of tolerance for clocks', async () => {
    const verify = async (claims: Record<string, unknown>) =>
      rejection(verifier.verify(await idToken(claims), { now: NOW }))
    expect(await verify({ iat: at(-700), exp: at(-61) })).toBe('expired')
    expect(await verify({ iat: at(-700), exp: at(-30) })).toBe('accepted')
    expect(await verify({ nbf: at(120) })).toBe('not-yet-valid')
    expect(await verify({ iat: at(120), exp: at(600) })).toBe('not-yet-valid')
    expect(await verify({ exp: undefined })).toBe('claims')
    expect(await verify({ sub: undefined })).toBe('claims')
  })

  it('refuses a token signed with a key the provider does not have, or changed after signing', async () => {
    const unknown = await generateKeyPair('RS256')
    expect(
      await rejection(verifier.verify(await idToken({}, { key: unknown.privateKey }), { now: NOW })),
    ).toBe('signature')
    expect(
      await rejection(
        verifier.verify(await idToken({}, { key: otherKey, alg: 'ES256', kid: 'other' }), { now: NOW }),
      ),
    ).toBe('signature')
    const [header, , signature] = (await idToken()).split('.')
    const forged = Buffer.from(
      JSON.stringify({ iss: ISSUER, aud: CLIENT, sub: 'admin', nonce: 'n', iat: at(0), exp: at(300) }),
    ).toString('base64url')
    expect(await rejection(verifier.verify(`${header}.${forged}.${signature}`, { now: NOW }))).toBe(
      'signature',
    )
  })

  it('refuses unsigned tokens (alg none), HMAC-signed ones and what is no JWT', async () => {
    const unsecured = new UnsecuredJWT({
      iss: ISSUER,
      aud: CLIENT,
      sub: 's',
      nonce: 'n',
      iat: at(0),
      exp: at(300),
    }).encode()
    expect(await rejection(verifier.verify(unsecured, { now: NOW }))).toBe('signature')
    const hmac = await new SignJWT({
      iss: ISSUER,
      aud: CLIENT,
      sub: 's',
      nonce: 'n',
      iat: at(0),
      exp: at(300),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('a shared secret of thirty-two bytes'))
    expect(await rejection(verifier.verify(hmac, { now: NOW }))).toBe('signature')
    expect(await rejection(verifier.verify('not.a.jwt', { now: NOW }))).toBe('malformed')
    expect(await rejection(verifier.verify('x'.repeat(20_000), { now: NOW }))).toBe('malformed')
  })
})

describe("a provider's keys through its discovery document", () => {
  let server: Server
  let issuer: string
  let discoveredIssuer: string | undefined

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json')
      if (request.url === '/.well-known/openid-configuration')
        response.end(JSON.stringify({ issuer: discoveredIssuer ?? issuer, jwks_uri: `${issuer}/jwks` }))
      else if (request.url === '/jwks') response.end(JSON.stringify(jwks))
      else response.writeHead(404).end('{}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('fetches them from the jwks_uri the issuer names, and refuses a document of another issuer', async () => {
    const remote = new IdTokenVerifier([{ issuer, audience: CLIENT }])
    expect((await remote.verify(await idToken({ iss: issuer }), { now: NOW })).issuer).toBe(issuer)

    discoveredIssuer = 'https://somewhere-else.example.test'
    const misled = new IdTokenVerifier([{ issuer, audience: CLIENT }])
    expect(await rejection(misled.verify(await idToken({ iss: issuer }), { now: NOW }))).toBe(
      'keys-unavailable',
    )
    // Discovery is tried again with the next token once the document is right.
    discoveredIssuer = undefined
    expect((await misled.verify(await idToken({ iss: issuer }), { now: NOW })).subject).toBe('subject-1')
  })
})

describe('nonces of id tokens that signed someone in', () => {
  let database: Database
  beforeAll(async () => {
    database = await seededTestDatabase({ products: 10 })
  })
  afterAll(async () => {
    await database?.close()
  })

  const token = (nonce: string, expiresAt: Date): VerifiedIdToken => ({
    issuer: ISSUER,
    subject: 'subject-1',
    nonce,
    expiresAt,
  })

  it('are recorded once: the same token (or nonce) a second time is a replay', async () => {
    const db = database.db
    const first = token('replay-nonce', new Date(Date.now() + 300_000))
    expect(await consumeNonce(db, first)).toBe(true)
    expect(await consumeNonce(db, first)).toBe(false)
    // The nonce is the issuer's: another provider's token may carry the same one.
    expect(await consumeNonce(db, { ...first, issuer: 'https://other.example.test' })).toBe(true)
  })

  it('are kept until their token expires, then cleaned up', async () => {
    const db = database.db
    await consumeNonce(db, token('expired-nonce', new Date('2026-01-01T00:00:00Z')))
    await consumeNonce(db, token('live-nonce', new Date('2026-12-31T00:00:00Z')))
    expect(await purgeExpiredNonces(db, new Date('2026-06-01T00:00:00Z'))).toBeGreaterThanOrEqual(1)
    const left = (await db.select().from(idTokenNonces)).map((row) => row.nonce)
    expect(left).toContain('live-nonce')
    expect(left).not.toContain('expired-nonce')
    expect(await db.$count(idTokenNonces, eq(idTokenNonces.nonce, 'live-nonce'))).toBe(1)
  })
})
