/**
 * Passkeys without HTTP (issue 35, ADR 0039): real WebAuthn answers of a software authenticator, verified as a
 * browser's would be. Challenges are single-use, short-lived and bound to their purpose and user; the counter
 * must grow unless it stays 0; the user's state is judged as a password login judges it; the relying party is
 * never an IP address.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { customers, passkeys, users, webauthnChallenges } from '../db/schema'
import { seededTestDatabase, userIdsByLogin } from '../db/test-database'
import { SoftwareAuthenticator } from './passkey-test-authenticator'
import {
  authenticationOptions,
  CHALLENGE_LIFETIME_SECONDS,
  deletePasskey,
  listPasskeys,
  MAX_PASSKEYS_PER_USER,
  passkeyIdOf,
  passkeySettingsOf,
  purgeExpiredChallenges,
  registerPasskey,
  registrationOptions,
  renamePasskey,
  signInWithPasskey,
  type PasskeySettings,
} from './passkeys'
import { refusal } from './test-refusal'

const ORIGIN = 'https://shop.example.test'
const settings: PasskeySettings = { rpId: 'shop.example.test', rpName: 'Test Shop', origins: [ORIGIN] }

let database: Database
let ids: Record<string, string> = {}

beforeAll(async () => {
  database = await seededTestDatabase()
  ids = await userIdsByLogin(database.db)
})
afterAll(async () => {
  await database?.close()
})

const db = () => database.db

/** Registers a passkey of the authenticator for a user; answers its listed id. */
async function register(authenticator: SoftwareAuthenticator, userId: string, name = 'Laptop') {
  const { challengeId, options } = await registrationOptions(db(), settings, userId)
  const created = await registerPasskey(db(), settings, userId, {
    challengeId,
    name,
    response: authenticator.register(options),
  })
  return created.id
}

/** One sign-in with the authenticator's last passkey, `spoil`ed as asked. */
async function signIn(authenticator: SoftwareAuthenticator, spoil = {}, now = new Date()) {
  const { challengeId, options } = await authenticationOptions(db(), settings, now)
  return signInWithPasskey(
    db(),
    settings,
    { challengeId, assertion: authenticator.authenticate(options, undefined, spoil) },
    now,
  )
}

describe('the relying party', () => {
  it('is the storefront’s host and origin unless named; an IP address has none', () => {
    expect(passkeySettingsOf({ storefrontUrl: 'http://localhost:3000' })).toEqual({
      rpId: 'localhost',
      rpName: 'Ironbridge Supply',
      origins: ['http://localhost:3000'],
    })
    expect(
      passkeySettingsOf({
        storefrontUrl: 'https://www.shop.example',
        rpId: 'shop.example',
        origins: 'https://www.shop.example, https://shop.example',
      }),
    ).toMatchObject({ rpId: 'shop.example', origins: ['https://www.shop.example', 'https://shop.example'] })
    expect(passkeySettingsOf({ storefrontUrl: 'http://127.0.0.1:3000' })).toBeNull()
    expect(passkeySettingsOf({ storefrontUrl: 'http://[::1]:3000' })).toBeNull()
    expect(passkeySettingsOf({ storefrontUrl: 'http://127.0.0.1:3000', rpId: '10.0.0.1' })).toBeNull()
    // An IP storefront with a host name named for passkeys (the e2e shop's second address).
    expect(
      passkeySettingsOf({
        storefrontUrl: 'http://127.0.0.1:3000',
        rpId: 'localhost',
        origins: 'http://localhost:3004',
      }),
    ).toMatchObject({ rpId: 'localhost', origins: ['http://localhost:3004'] })
  })

  it('refuses origins outside its domain and names that are no host', () => {
    expect(() =>
      passkeySettingsOf({ storefrontUrl: 'https://shop.example', origins: 'https://evil.example' }),
    ).toThrow(/not within the relying party/)
    expect(() =>
      passkeySettingsOf({ storefrontUrl: 'https://shop.example', origins: 'https://notshop.example' }),
    ).toThrow(/not within the relying party/)
    expect(() =>
      passkeySettingsOf({ storefrontUrl: 'https://shop.example', rpId: 'https://shop.example' }),
    ).toThrow(/PASSKEY_RP_ID/)
    expect(() =>
      passkeySettingsOf({ storefrontUrl: 'https://shop.example', origins: 'ftp://shop.example' }),
    ).toThrow(/http\(s\)/)
  })
})

describe('registering a passkey', () => {
  it('keeps a verified passkey under its name, excluded from the next registration', async () => {
    const userId = ids['patricia@ironbridge.test']!
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    const { challengeId, options } = await registrationOptions(db(), settings, userId)
    expect(options.rp).toEqual({ id: 'shop.example.test', name: 'Test Shop' })
    expect(options.user.name).toBe('patricia@ironbridge.test')
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'preferred',
      userVerification: 'preferred',
    })
    const response = authenticator.register(options)
    const created = await registerPasskey(db(), settings, userId, {
      challengeId,
      name: '  Laptop ',
      response,
    })
    expect(created).toMatchObject({ id: passkeyIdOf(response.id), name: 'Laptop', lastUsedAt: null })

    const [stored] = await db().select().from(passkeys).where(eq(passkeys.credentialId, response.id))
    expect(stored).toMatchObject({ userId, counter: 0, transports: ['internal'], name: 'Laptop' })
    expect(await listPasskeys(db(), userId)).toEqual([created])
    const next = await registrationOptions(db(), settings, userId)
    expect(next.options.excludeCredentials?.map((credential) => credential.id)).toEqual([response.id])
  })

  it('uses a challenge once, for its own user only, within its lifetime', async () => {
    const userId = ids['pierre@ironbridge.test']!
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    const start = await registrationOptions(db(), settings, userId)
    const other = ids['jlink']!
    // Another user's challenge is none of theirs (and stays for its owner).
    expect(
      await refusal(
        registerPasskey(db(), settings, other, {
          challengeId: start.challengeId,
          name: 'Phone',
          response: authenticator.register(start.options),
        }),
      ),
    ).toBe('refused:passkey.challenge.invalid')
    await registerPasskey(db(), settings, userId, {
      challengeId: start.challengeId,
      name: 'Phone',
      response: authenticator.register(start.options),
    })
    // Answered once: gone.
    expect(
      await refusal(
        registerPasskey(db(), settings, userId, {
          challengeId: start.challengeId,
          name: 'Phone',
          response: authenticator.register(start.options),
        }),
      ),
    ).toBe('refused:passkey.challenge.invalid')
    // Expired: refused, and gone too.
    const issued = new Date(Date.now() - (CHALLENGE_LIFETIME_SECONDS + 1) * 1000)
    const late = await registrationOptions(db(), settings, userId, issued)
    expect(
      await refusal(
        registerPasskey(db(), settings, userId, {
          challengeId: late.challengeId,
          name: 'Tablet',
          response: authenticator.register(late.options),
        }),
      ),
    ).toBe('refused:passkey.challenge.invalid')
    expect(await db().$count(webauthnChallenges, eq(webauthnChallenges.id, late.challengeId))).toBe(0)
  })

  it('refuses an answer from another origin, for another relying party or another challenge, and spends the challenge', async () => {
    const userId = ids['bbuyer']!
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    for (const spoil of [
      { origin: 'https://evil.example.test' },
      { rpId: 'evil.example.test' },
      { challenge: 'c29tZXRoaW5nIGVsc2U' },
    ]) {
      const { challengeId, options } = await registrationOptions(db(), settings, userId)
      const response = authenticator.register(options, spoil)
      expect(
        await refusal(registerPasskey(db(), settings, userId, { challengeId, name: 'Key', response })),
      ).toBe('refused:passkey.registration.invalid')
      expect(await db().$count(webauthnChallenges, eq(webauthnChallenges.id, challengeId))).toBe(0)
    }
    expect(await listPasskeys(db(), userId)).toEqual([])
  })

  it(`keeps at most ${MAX_PASSKEYS_PER_USER} passkeys per user, and a credential once`, async () => {
    const userId = ids['aapprover']!
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    for (let i = 0; i < MAX_PASSKEYS_PER_USER; i += 1) await register(authenticator, userId, `Key ${i}`)
    expect(await refusal(register(authenticator, userId, 'One too many'))).toBe('refused:passkey.limit.error')
    expect(await listPasskeys(db(), userId)).toHaveLength(MAX_PASSKEYS_PER_USER)

    // An answer made for another challenge is refused; a credential id registered already is no second passkey.
    const first = new SoftwareAuthenticator(ORIGIN)
    const owner = ids['ccowner']!
    const { challengeId, options } = await registrationOptions(db(), settings, owner)
    const response = first.register(options)
    await registerPasskey(db(), settings, owner, { challengeId, name: 'A', response })
    const other = ids['omanager']!
    const again = await registrationOptions(db(), settings, other)
    expect(
      await refusal(
        registerPasskey(db(), settings, other, { challengeId: again.challengeId, name: 'B', response }),
      ),
    ).toBe('refused:passkey.registration.invalid')
    const copy = await registrationOptions(db(), settings, other)
    const cloned = first.register(copy.options, { credentialId: response.id })
    expect(
      await refusal(
        registerPasskey(db(), settings, other, {
          challengeId: copy.challengeId,
          name: 'B',
          response: cloned,
        }),
      ),
    ).toBe('refused:passkey.credential.duplicate')
    expect(await listPasskeys(db(), other)).toEqual([])
  })
})

describe('renaming and deleting', () => {
  it('changes the user’s own passkeys only; anyone else’s is not found', async () => {
    const userId = ids['mkestrel']!
    const id = await register(new SoftwareAuthenticator(ORIGIN), userId, 'Old name')
    expect(await renamePasskey(db(), userId, id, ' New name ')).toMatchObject({ id, name: 'New name' })
    const stranger = ids['tkestrel']!
    expect(await refusal(renamePasskey(db(), stranger, id, 'Mine'))).toBe('not-found:passkey.not_found')
    expect(await refusal(deletePasskey(db(), stranger, id))).toBe('not-found:passkey.not_found')
    expect((await listPasskeys(db(), userId)).map((p) => p.name)).toEqual(['New name'])
    await deletePasskey(db(), userId, id)
    expect(await listPasskeys(db(), userId)).toEqual([])
    expect(await refusal(deletePasskey(db(), userId, id))).toBe('not-found:passkey.not_found')
  })
})

describe('signing in with a passkey', () => {
  it('names the user, keeps the counter and the last use, and uses the challenge once', async () => {
    const userId = ids['lkestrel']!
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(authenticator, userId)
    const when = new Date('2030-01-02T03:04:05Z')
    const { challengeId, options } = await authenticationOptions(db(), settings, new Date())
    expect(options.allowCredentials).toEqual([])
    expect(options.rpId).toBe('shop.example.test')
    const assertion = authenticator.authenticate(options)
    expect(await signInWithPasskey(db(), settings, { challengeId, assertion }, new Date())).toEqual({
      ok: true,
      userId,
    })
    const [stored] = await db().select().from(passkeys).where(eq(passkeys.userId, userId))
    expect(stored?.counter).toBe(1)
    expect(stored?.lastUsedAt).not.toBeNull()
    // The same answer again: its challenge is used up.
    expect(await signInWithPasskey(db(), settings, { challengeId, assertion })).toEqual({
      ok: false,
      reason: 'challenge',
    })
    expect(await signIn(authenticator, {}, when)).toEqual({ ok: true, userId })
    const [later] = await db().select().from(passkeys).where(eq(passkeys.userId, userId))
    expect(later).toMatchObject({ counter: 2, lastUsedAt: when })
  })

  it('refuses a counter that did not grow (a cloned authenticator), but takes one that stays 0', async () => {
    const counting = new SoftwareAuthenticator(ORIGIN)
    const userId = ids['rkestrel']!
    await register(counting, userId)
    expect(await signIn(counting)).toEqual({ ok: true, userId })
    expect(await signIn(counting, { counter: 1 })).toEqual({ ok: false, reason: 'invalid' })
    const [stored] = await db().select().from(passkeys).where(eq(passkeys.userId, userId))
    expect(stored?.counter).toBe(1)

    const synced = new SoftwareAuthenticator(ORIGIN, false)
    const other = ids['jlink']!
    await register(synced, other)
    expect(await signIn(synced)).toEqual({ ok: true, userId: other })
    expect(await signIn(synced)).toEqual({ ok: true, userId: other })
  })

  it('refuses an unknown passkey, a bad signature, another origin or relying party, and an expired challenge', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN, false)
    const userId = ids['pierre@ironbridge.test']!
    const id = await register(authenticator, userId, 'Soon gone')
    expect(await signIn(authenticator, { badSignature: true })).toEqual({ ok: false, reason: 'invalid' })
    expect(await signIn(authenticator, { origin: 'https://evil.example.test' })).toEqual({
      ok: false,
      reason: 'invalid',
    })
    expect(await signIn(authenticator, { rpId: 'evil.example.test' })).toEqual({
      ok: false,
      reason: 'invalid',
    })
    expect(await signIn(authenticator, { userHandle: 'AAAAAAAAAAAAAAAAAAAAAA' })).toEqual({
      ok: false,
      reason: 'invalid',
    })
    const { challengeId, options } = await authenticationOptions(db(), settings)
    expect(
      await signInWithPasskey(
        db(),
        settings,
        { challengeId, assertion: authenticator.authenticate(options) },
        new Date(Date.now() + (CHALLENGE_LIFETIME_SECONDS + 1) * 1000),
      ),
    ).toEqual({ ok: false, reason: 'challenge' })
    // A registration's challenge is no sign-in's.
    const registration = await registrationOptions(db(), settings, userId)
    expect(
      await signInWithPasskey(db(), settings, {
        challengeId: registration.challengeId,
        assertion: authenticator.authenticate({ challenge: registration.options.challenge }),
      }),
    ).toEqual({ ok: false, reason: 'challenge' })
    await deletePasskey(db(), userId, id)
    expect(await signIn(authenticator)).toEqual({ ok: false, reason: 'unknown' })
  })

  it('tells a deactivated user and a customer awaiting approval, after the signature only', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN, false)
    const userId = ids['patricia@ironbridge.test']!
    await register(authenticator, userId, 'Phone')
    await db().update(users).set({ active: false }).where(eq(users.id, userId))
    try {
      expect(await signIn(authenticator, { badSignature: true })).toEqual({ ok: false, reason: 'invalid' })
      expect(await signIn(authenticator)).toEqual({ ok: false, reason: 'inactive' })
    } finally {
      await db().update(users).set({ active: true }).where(eq(users.id, userId))
    }
    const [user] = await db().select({ customerNo: users.customerNo }).from(users).where(eq(users.id, userId))
    await db()
      .update(customers)
      .set({ approvalPending: true })
      .where(eq(customers.customerNo, user!.customerNo))
    try {
      expect(await signIn(authenticator)).toEqual({ ok: false, reason: 'pending' })
    } finally {
      await db()
        .update(customers)
        .set({ approvalPending: false })
        .where(eq(customers.customerNo, user!.customerNo))
    }
    expect(await signIn(authenticator)).toEqual({ ok: true, userId })
  })
})

describe('clean-up', () => {
  it('drops the challenges past their lifetime and keeps the open ones', async () => {
    const old = await authenticationOptions(db(), settings, new Date(Date.now() - 3600_000))
    const open = await authenticationOptions(db(), settings)
    expect(await purgeExpiredChallenges(db())).toBeGreaterThanOrEqual(1)
    expect(await db().$count(webauthnChallenges, eq(webauthnChallenges.id, old.challengeId))).toBe(0)
    expect(await db().$count(webauthnChallenges, eq(webauthnChallenges.id, open.challengeId))).toBe(1)
  })
})
