/**
 * ICM's `POST security/password {userID, secureCode, password}` (issue 17): a new user follows the link of
 * their welcome mail (read from the local mailbox, as the e2e tests do) and sets a password; refusals name
 * the attribute at fault in ICM's headers, which the PWA maps to its messages (spec shell §8).
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { passwordTokens, users } from '../../commerce-api/db/schema'
import { secretHash } from '../../commerce-api/domain/password-tokens'
import { queueWelcomeMail } from '../../commerce-api/mail/welcome'
import { call, startApi, tokenFor, type Api } from './harness'
import { assertWireFaithful } from './wire-check'

let api: Api
let origin: string

beforeAll(async () => {
  api = await startApi({
    products: 20,
    protection: {
      limits: { login: { freeFailures: 100, lockFailures: 200, ipFailures: { points: 6, seconds: 900 } } },
    },
  })
  origin = new URL(api.url('')).origin
})
afterEach(() => assertWireFaithful())
afterAll(async () => {
  await api?.close()
})

const db = () => api.database.db

async function userOf(login: string) {
  const [user] = await db().select().from(users).where(eq(users.login, login))
  return user!
}

/** The welcome mail's link for a demo user, as the mailbox's JSON shows it: its uid and Hash. */
async function welcomeLink(login: string) {
  const user = await userOf(login)
  const email = `${login}-${Math.random().toString(36).slice(2, 8)}@mail.test`
  await db().transaction((tx) => queueWelcomeMail(tx, { ...user, email, preferredLanguage: 'en_US' }))
  const mailbox = await call(`${origin}/mailbox.json?to=${encodeURIComponent(email)}`)
  const url = new URL(mailbox.json.elements[0].links[0])
  expect(url.pathname).toBe('/en/forgotPassword/updatePassword')
  return { userID: url.searchParams.get('uid')!, secureCode: url.searchParams.get('Hash')!, user }
}

const setPassword = (json: unknown, forwardedFor?: string) =>
  call(api.url('security/password'), {
    method: 'POST',
    json,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined,
  })

const login = (username: string, password: string) =>
  tokenFor(api, { grant_type: 'password', username, password })

describe('POST security/password', () => {
  it('sets the password with the mail’s link once: 204, the new password logs in, the old one not', async () => {
    const link = await welcomeLink('omanager')
    const answer = await setPassword({ ...link, user: undefined, password: 'Fresh2026x' })
    expect(answer.status).toBe(204)
    expect(answer.json).toBeNull()
    expect((await login('omanager', 'Fresh2026x')).status).toBe(200)
    expect((await login('omanager', 'Demo!2026')).status).toBe(401)
    const [token] = await db()
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.hash, secretHash(link.secureCode)))
    expect(token!.usedAt).toBeInstanceOf(Date)

    const again = await setPassword({
      userID: link.userID,
      secureCode: link.secureCode,
      password: 'Other2026x',
    })
    expect(again.status).toBe(400)
    expect(again.headers.get('error-invalid-attributes')).toBe('secureCode')
    expect(again.headers.get('error-key')).toBe('account.forgotdata.consumer_invalid_hash.error')
    expect((await login('omanager', 'Fresh2026x')).status).toBe(200)
  })

  it('refuses a password against the rule, naming password, and keeps the link', async () => {
    const link = await welcomeLink('aapprover')
    const answer = await setPassword({
      userID: link.userID,
      secureCode: link.secureCode,
      password: 'abcdefgh',
    })
    expect(answer.status).toBe(422)
    expect(answer.headers.get('error-invalid-attributes')).toBe('password')
    expect(answer.json.errors[0].code).toBe(
      'customer.credentials.passwordreset.invalid_password.error.PasswordExpressionViolation',
    )
    expect(
      (await setPassword({ userID: 'aapprover', secureCode: link.secureCode, password: 'Good2026x' })).status,
    ).toBe(204)
  })

  it('refuses an expired link without naming an attribute (the PWA’s “timeout”)', async () => {
    const link = await welcomeLink('tkestrel')
    await db()
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.hash, secretHash(link.secureCode)))
    const answer = await setPassword({
      userID: link.userID,
      secureCode: link.secureCode,
      password: 'Good2026x',
    })
    expect(answer.status).toBe(422)
    expect(answer.headers.get('error-invalid-attributes')).toBeNull()
    expect(answer.headers.get('error-missing-attributes')).toBeNull()
    expect(answer.json.errors[0].code).toBe('account.forgotdata.consumer_password_timeout.error')
    expect((await login('tkestrel', 'Demo!2026')).status).toBe(200)
  })

  it('refuses the link of a deactivated user, naming userID', async () => {
    const link = await welcomeLink('rkestrel')
    await db().update(users).set({ active: false }).where(eq(users.id, link.user.id))
    const answer = await setPassword({
      userID: link.userID,
      secureCode: link.secureCode,
      password: 'Good2026x',
    })
    expect(answer.status).toBe(422)
    expect(answer.headers.get('error-invalid-attributes')).toBe('userID')
    expect(answer.json.errors[0].code).toBe('account.forgotdata.consumer_disabled.error')
  })

  it('refuses someone else’s link and missing or oversized attributes, naming each', async () => {
    const link = await welcomeLink('ccowner')
    const foreign = await setPassword({ userID: 'jlink', secureCode: link.secureCode, password: 'Good2026x' })
    expect(foreign.status).toBe(400)
    expect(foreign.headers.get('error-invalid-attributes')).toBe('secureCode')
    for (const [body, header, attribute] of [
      [{ secureCode: 'x', password: 'Good2026x' }, 'error-missing-attributes', 'userID'],
      [{ userID: 'ccowner', password: 'Good2026x' }, 'error-missing-attributes', 'secureCode'],
      [
        { userID: 'ccowner', secureCode: link.secureCode, password: '' },
        'error-missing-attributes',
        'password',
      ],
      [
        { userID: 'ccowner', secureCode: 'x'.repeat(129), password: 'Good2026x' },
        'error-invalid-attributes',
        'secureCode',
      ],
      [
        { userID: 'ccowner', secureCode: link.secureCode, password: 'a1'.repeat(200) },
        'error-invalid-attributes',
        'password',
      ],
    ] as const) {
      const answer = await setPassword(body)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(answer.headers.get(header), attribute).toBe(attribute)
    }
    expect((await setPassword([1, 2])).status).toBe(400)
    // Still usable by its own user.
    expect(
      (await setPassword({ userID: link.userID, secureCode: link.secureCode, password: 'Good2026x' })).status,
    ).toBe(204)
  })

  it('throttles guessing per client address with the login throttle (429 with Retry-After)', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const answer = await setPassword(
        { userID: `guess${i}`, secureCode: `guess-${i}`, password: 'Good2026x' },
        '203.0.113.77',
      )
      statuses.push(answer.status)
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(statuses.slice(0, 5).every((status) => status === 400)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    // Another address is not affected.
    const link = await welcomeLink('lkestrel')
    const other = await setPassword(
      { userID: link.userID, secureCode: link.secureCode, password: 'Good2026x' },
      '203.0.113.78',
    )
    expect(other.status).toBe(204)
  })
})
