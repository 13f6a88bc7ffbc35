import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { mailOutbox, passwordTokens, users } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { sendMailOnEvents } from '../mail/subscriber'
import { DomainError } from './errors'
import { subscribe, type DomainEvent } from './events'
import { sendPasswordReminder } from './password-reminder'
import {
  INVALID_HASH,
  LINK_EXPIRED,
  PASSWORD_TOKEN_LIFETIME_SECONDS,
  secretHash,
  setPasswordWithToken,
} from './password-tokens'
import { verifyPassword } from './passwords'
import { findLoginAccount } from './tokens'

let database: Database
const db = () => database.db
let reminded: Extract<DomainEvent, { type: 'user.password.reminded' }>[] = []
let stop: () => void = () => undefined

beforeAll(async () => {
  database = await seededTestDatabase({ products: 10 })
  stop = subscribe(async (_t, event) => {
    if (event.type === 'user.password.reminded') reminded.push(event)
  })
})
afterEach(() => {
  reminded = []
})
afterAll(async () => {
  stop()
  await database?.close()
})

/** A reminder for `name` as the endpoint sends it (no answer-time floor here, except where tested). */
async function remind(name: string, request: { firstName?: string; lastName?: string } = {}, now?: Date) {
  const account = await findLoginAccount(db(), name)
  return sendPasswordReminder(db(), account, { locale: 'de_DE', ...request }, { now, floorMs: 0 })
}

async function userOf(login: string) {
  const [user] = await db().select().from(users).where(eq(users.login, login))
  return user!
}

async function refusalCode(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  return (error as DomainError).code
}

describe('a password reminder', () => {
  it('issues a reminder token for two hours, by login or e-mail address, and the link sets a password once', async () => {
    const user = await userOf('mfoster')
    const now = new Date()
    expect(await remind('MFoster@Brightline.test', {}, now)).toBe(true)
    expect(reminded).toHaveLength(1)
    const [event] = reminded
    expect(event).toMatchObject({ user: { id: user.id, login: 'mfoster' }, locale: 'de_DE' })
    expect(event!.expiresAt.getTime() - now.getTime()).toBe(PASSWORD_TOKEN_LIFETIME_SECONDS.reminder * 1000)
    expect(PASSWORD_TOKEN_LIFETIME_SECONDS.reminder).toBe(2 * 3600)
    const [token] = await db()
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.hash, secretHash(event!.secret)))
    expect(token).toMatchObject({ userId: user.id, purpose: 'reminder', usedAt: null })

    const input = { userID: user.id, secureCode: event!.secret, password: 'Remind2026x' }
    await setPasswordWithToken(db(), input)
    expect(await verifyPassword('Remind2026x', (await userOf('mfoster')).passwordHash)).toBe(true)
    expect(await refusalCode(setPasswordWithToken(db(), { ...input, password: 'Again2026x' }))).toBe(
      INVALID_HASH,
    )
    expect(await verifyPassword('Remind2026x', (await userOf('mfoster')).passwordHash)).toBe(true)
  })

  it('revokes every older link of the user: only the newest reminder works', async () => {
    const user = await userOf('lnowak')
    await remind('lnowak')
    await remind('lnowak@brightline.test')
    const [older, newer] = reminded
    expect(older!.secret).not.toBe(newer!.secret)
    const open = await db().select().from(passwordTokens).where(eq(passwordTokens.userId, user.id))
    expect(open.filter((row) => row.usedAt === null).map((row) => row.hash)).toEqual([
      secretHash(newer!.secret),
    ])
    expect(
      await refusalCode(
        setPasswordWithToken(db(), { userID: user.id, secureCode: older!.secret, password: 'Older2026x' }),
      ),
    ).toBe(INVALID_HASH)
    await setPasswordWithToken(db(), { userID: 'lnowak', secureCode: newer!.secret, password: 'Newer2026x' })
  })

  it('gives a link that stops working when its two hours are over', async () => {
    const user = await userOf('adumitru')
    const asked = new Date(Date.now() - (PASSWORD_TOKEN_LIFETIME_SECONDS.reminder + 60) * 1000)
    await remind('adumitru', {}, asked)
    const refused = setPasswordWithToken(db(), {
      userID: user.id,
      secureCode: reminded[0]!.secret,
      password: 'Late2026x',
    })
    expect(await refusalCode(refused)).toBe(LINK_EXPIRED)
  })

  it('sends nothing for an unknown name, an inactive user or names that do not match', async () => {
    const inactive = await userOf('tschulz')
    await db().update(users).set({ active: false }).where(eq(users.id, inactive.id))
    const before = await db().select().from(passwordTokens)
    expect(await remind('nobody@nowhere.test')).toBe(false)
    expect(await remind('tschulz')).toBe(false)
    expect(await remind('cmartin', { firstName: 'Claire', lastName: 'Someone' })).toBe(false)
    expect(await remind('cmartin', { firstName: 'Other' })).toBe(false)
    expect(reminded).toEqual([])
    expect(await db().select().from(passwordTokens)).toHaveLength(before.length)
    // The right names, in any case, do.
    expect(await remind('cmartin', { firstName: ' claire ', lastName: 'MARTIN' })).toBe(true)
  })

  it('queues the mail in the language asked in, with the link of the set-password page', async () => {
    const unsubscribe = sendMailOnEvents()
    try {
      const account = await findLoginAccount(db(), 'hweber')
      await sendPasswordReminder(db(), account, { locale: 'pl_PL' }, { floorMs: 0 })
    } finally {
      unsubscribe()
    }
    const user = await userOf('hweber')
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email))
    expect(mail).toMatchObject({ kind: 'user.password.reminder', locale: 'pl_PL' })
    expect(mail!.subject).toBe('Ironbridge Supply: ustaw nowe hasło')
    const link = `/pl/forgotPassword/updatePassword?uid=${user.id}&Hash=${reminded[0]!.secret}`
    expect(mail!.text).toContain(link)
    expect(mail!.text).toContain('2 godz.')
  })

  it('takes at least the answer floor for a known and an unknown name alike', async () => {
    for (const name of ['nbauer', 'nobody-else@nowhere.test']) {
      const account = await findLoginAccount(db(), name)
      const started = performance.now()
      await sendPasswordReminder(db(), account, { locale: 'en_US' }, { floorMs: 120 })
      expect(performance.now() - started, name).toBeGreaterThanOrEqual(119)
    }
  })
})
