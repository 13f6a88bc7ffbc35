import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { passwordTokens, users } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { DomainError } from './errors'
import {
  attributeOf,
  INVALID_HASH,
  issuePasswordToken,
  LINK_EXPIRED,
  PASSWORD_TOKEN_LIFETIME_SECONDS,
  PASSWORD_VIOLATION,
  passwordRuleViolation,
  secretHash,
  setPasswordWithToken,
  USER_DISABLED,
} from './password-tokens'
import { verifyPassword } from './passwords'
import { loginWithPassword } from './tokens'

let database: Database
const db = () => database.db

beforeAll(async () => {
  database = await seededTestDatabase({ products: 10 })
})
afterAll(async () => {
  await database?.close()
})

async function userOf(login: string) {
  const [user] = await db().select().from(users).where(eq(users.login, login))
  return user!
}

/** What a refusal of setPasswordWithToken says: its code and the attribute it names. */
async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  const domain = error as DomainError
  return { kind: domain.kind, code: domain.code, attribute: attributeOf(domain) }
}

describe('the password rule', () => {
  it('asks for seven characters with letters and digits and no spaces, as ICM does', () => {
    expect(passwordRuleViolation('Demo!2026')).toBeUndefined()
    expect(passwordRuleViolation('abc1234')).toBeUndefined()
    expect(passwordRuleViolation('ab12')).toMatch(/at least 7/)
    expect(passwordRuleViolation('abcdefgh')).toMatch(/letters and digits/)
    expect(passwordRuleViolation('12345678')).toMatch(/letters and digits/)
    expect(passwordRuleViolation('abc 12345')).toMatch(/no spaces/)
    expect(passwordRuleViolation(`a1${'x'.repeat(300)}`)).toMatch(/at most 256/)
  })
})

describe('password tokens', () => {
  it('store only the SHA-256 of the secret, with the purpose and its lifetime', async () => {
    const user = await userOf('omanager')
    const now = new Date('2026-03-01T10:00:00Z')
    const { secret, expiresAt } = await issuePasswordToken(db(), user.id, 'welcome', now)
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(expiresAt.getTime() - now.getTime()).toBe(PASSWORD_TOKEN_LIFETIME_SECONDS.welcome * 1000)
    const rows = await db().select().from(passwordTokens).where(eq(passwordTokens.userId, user.id))
    expect(rows.map((row) => row.hash)).toContain(secretHash(secret))
    expect(JSON.stringify(rows)).not.toContain(secret)
    expect(rows.find((row) => row.hash === secretHash(secret))).toMatchObject({
      purpose: 'welcome',
      usedAt: null,
    })
  })

  it('set the password once, by user id or login, and revoke the user’s tokens', async () => {
    const user = await userOf('aapprover')
    const session = await loginWithPassword(db(), 'aapprover', 'Demo!2026')
    expect(session.ok).toBe(true)
    const { secret } = await issuePasswordToken(db(), user.id, 'welcome')
    const other = await issuePasswordToken(db(), user.id, 'reminder')
    await setPasswordWithToken(db(), { userID: 'AApprover', secureCode: secret, password: 'NewPass2026' })
    const after = await userOf('aapprover')
    expect(await verifyPassword('NewPass2026', after.passwordHash)).toBe(true)
    expect(await verifyPassword('Demo!2026', after.passwordHash)).toBe(false)
    // The link is used up, and so is any other open link of the user.
    for (const used of [secret, other.secret]) {
      const refused = await refusalOf(
        setPasswordWithToken(db(), { userID: user.id, secureCode: used, password: 'Another2026' }),
      )
      expect(refused).toEqual({ kind: 'invalid', code: INVALID_HASH, attribute: 'secureCode' })
    }
    const [token] = await database.db.query.apiTokens.findMany({
      where: (t, { eq: is }) => is(t.userId, user.id),
    })
    expect(token?.revokedAt).toBeInstanceOf(Date)
  })

  it('refuse a secret of another user, an unknown one, or one the user id does not match', async () => {
    const owner = await userOf('ccowner')
    const { secret } = await issuePasswordToken(db(), owner.id, 'welcome')
    const cases = [
      { userID: 'bbuyer', secureCode: secret },
      { userID: owner.id, secureCode: 'made-up' },
      { userID: owner.id, secureCode: 'x'.repeat(500) },
    ]
    for (const input of cases) {
      const refused = await refusalOf(setPasswordWithToken(db(), { ...input, password: 'NewPass2026' }))
      expect(refused, JSON.stringify(input).slice(0, 60)).toMatchObject({ code: INVALID_HASH })
    }
    // Still usable by its own user afterwards.
    await setPasswordWithToken(db(), { userID: owner.id, secureCode: secret, password: 'NewPass2026' })
  })

  it('refuse an expired link without naming an attribute (ICM’s “timeout”)', async () => {
    const user = await userOf('tkestrel')
    const past = new Date(Date.now() - (PASSWORD_TOKEN_LIFETIME_SECONDS.welcome + 60) * 1000)
    const { secret } = await issuePasswordToken(db(), user.id, 'welcome', past)
    const refused = await refusalOf(
      setPasswordWithToken(db(), { userID: user.id, secureCode: secret, password: 'NewPass2026' }),
    )
    expect(refused).toEqual({ kind: 'refused', code: LINK_EXPIRED, attribute: undefined })
    expect(await verifyPassword('Demo!2026', (await userOf('tkestrel')).passwordHash)).toBe(true)
  })

  it('refuse a password against the rule and keep the link usable', async () => {
    const user = await userOf('lkestrel')
    const { secret } = await issuePasswordToken(db(), user.id, 'welcome')
    const refused = await refusalOf(
      setPasswordWithToken(db(), { userID: user.id, secureCode: secret, password: 'short' }),
    )
    expect(refused).toEqual({ kind: 'refused', code: PASSWORD_VIOLATION, attribute: 'password' })
    await setPasswordWithToken(db(), { userID: user.id, secureCode: secret, password: 'Longer2026' })
    expect(await verifyPassword('Longer2026', (await userOf('lkestrel')).passwordHash)).toBe(true)
  })

  it('refuse the link of a deactivated user, naming userID', async () => {
    const user = await userOf('rkestrel')
    const { secret } = await issuePasswordToken(db(), user.id, 'welcome')
    await db().update(users).set({ active: false }).where(eq(users.id, user.id))
    const refused = await refusalOf(
      setPasswordWithToken(db(), { userID: user.id, secureCode: secret, password: 'NewPass2026' }),
    )
    expect(refused).toEqual({ kind: 'refused', code: USER_DISABLED, attribute: 'userID' })
  })

  it('let only one of two simultaneous uses of a link set the password', async () => {
    const user = await userOf('skestrel')
    const { secret } = await issuePasswordToken(db(), user.id, 'welcome')
    const results = await Promise.allSettled(
      ['First2026', 'Second2026'].map((password) =>
        setPasswordWithToken(db(), { userID: user.id, secureCode: secret, password }),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  })
})
