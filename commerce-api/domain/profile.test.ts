/**
 * A user's own account without HTTP (issue 33, commerce-and-checkout §3 User, §5, §8, §9): a PUT replaces the
 * profile with de_DE as the default language, the display-type choice is kept unless named, a new e-mail
 * address needs the current password and must be free, a new password needs the current one and keeps the
 * rule; the mails go to the old address and to the user, in the transaction of the change.
 */
import { and, desc, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { apiTokens, mailOutbox, users } from '../db/schema'
import { DEMO_PASSWORD } from '../db/seed/people'
import { seededTestDatabase, userIdsByLogin } from '../db/test-database'
import { sendMailOnEvents } from '../mail/subscriber'
import { changeOwnPassword, updateOwnProfile, type OwnProfileInput } from './profile'
import { refusal } from './test-refusal'
import { loginWithPassword } from './tokens'

let database: Database
let ids: Record<string, string> = {}
let unsubscribe: () => void = () => undefined

beforeAll(async () => {
  database = await seededTestDatabase()
  ids = await userIdsByLogin(database.db)
  unsubscribe = sendMailOnEvents()
})
afterAll(async () => {
  unsubscribe()
  await database?.close()
})

const base = (email: string): OwnProfileInput => ({ firstName: 'Pat', lastName: 'Miller', email })

const lastMailTo = async (to: string) =>
  (
    await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
  )[0]

describe('a user changing their own profile', () => {
  it('replaces the fields; the preferred language left out becomes de_DE, the display choice stays', async () => {
    const id = ids['patricia@ironbridge.test']!
    await database.db.update(users).set({ preferredPriceDisplayType: 'net' }).where(eq(users.id, id))
    const changed = await updateOwnProfile(database.db, id, {
      ...base('patricia@ironbridge.test'),
      title: ' Dr. ',
      phoneHome: '+49 30 1',
      phoneBusiness: '+49 30 2',
      phoneMobile: '+49 170 3',
      fax: '+49 30 4',
      birthday: '1980-02-29',
      department: 'Purchasing',
    })
    expect(changed).toMatchObject({
      title: 'Dr.',
      phone: '+49 30 1',
      phoneBusiness: '+49 30 2',
      phoneMobile: '+49 170 3',
      fax: '+49 30 4',
      birthday: '1980-02-29',
      department: 'Purchasing',
      preferredLanguage: 'de_DE',
      preferredPriceDisplayType: 'net',
    })
    const again = await updateOwnProfile(database.db, id, {
      ...base('patricia@ironbridge.test'),
      preferredLanguage: 'en_US',
      preferredPriceDisplayType: 'gross',
    })
    // Left out: removed (ICM's PUT carries the whole user).
    expect(again).toMatchObject({ title: null, phone: null, birthday: null, department: null })
    expect(again).toMatchObject({ preferredLanguage: 'en_US', preferredPriceDisplayType: 'gross' })
  })

  it('changes the e-mail address only with the current password, to a free one, telling the old address', async () => {
    const id = ids['pierre@ironbridge.test']!
    const next = 'pierre.durand@ironbridge.test'
    expect(await refusal(updateOwnProfile(database.db, id, base(next)))).toBe(
      'invalid:customer.credentials.current_password.required',
    )
    expect(await refusal(updateOwnProfile(database.db, id, base(next), 'wrong-pass1'))).toBe(
      'refused:account.update_password.old_password.error.incorrect',
    )
    expect(
      await refusal(updateOwnProfile(database.db, id, base('JLINK@brightline.test'), DEMO_PASSWORD)),
    ).toBe('refused:customer.credentials.login.not_unique.error')
    const [unchanged] = await database.db.select().from(users).where(eq(users.id, id))
    expect(unchanged!.email).toBe('pierre@ironbridge.test')
    expect(await lastMailTo('pierre@ironbridge.test')).toBeUndefined()

    const changed = await updateOwnProfile(database.db, id, base(next), DEMO_PASSWORD)
    expect(changed).toMatchObject({ email: next, login: next })
    const told = await lastMailTo('pierre@ironbridge.test')
    expect(told).toMatchObject({ kind: 'user.email.changed', locale: 'de_DE' })
    expect(told!.text).toContain(next)
    expect((await loginWithPassword(database.db, next, DEMO_PASSWORD)).ok).toBe(true)
  })
})

describe('a user changing their own password', () => {
  it('needs the right current password and a new one that keeps the rule; other sessions end', async () => {
    const id = ids.mfoster!
    const mine = await loginWithPassword(database.db, 'mfoster', DEMO_PASSWORD)
    const other = await loginWithPassword(database.db, 'mfoster', DEMO_PASSWORD)
    if (!mine.ok || !other.ok) throw new Error('the demo login failed')
    const caller = { userId: id, token: mine.grant.access_token }
    expect(
      await refusal(
        changeOwnPassword(database.db, caller, { password: 'Newpass123', currentPassword: 'nope' }),
      ),
    ).toBe('refused:account.update_password.old_password.error.incorrect')
    expect(
      await refusal(
        changeOwnPassword(database.db, caller, { password: 'short', currentPassword: DEMO_PASSWORD }),
      ),
    ).toBe('refused:customer.credentials.passwordreset.invalid_password.error.PasswordExpressionViolation')
    expect((await loginWithPassword(database.db, 'mfoster', DEMO_PASSWORD)).ok).toBe(true)

    await changeOwnPassword(database.db, caller, { password: 'Newpass123', currentPassword: DEMO_PASSWORD })
    expect((await loginWithPassword(database.db, 'mfoster', DEMO_PASSWORD)).ok).toBe(false)
    expect((await loginWithPassword(database.db, 'mfoster', 'Newpass123')).ok).toBe(true)
    const live = await database.db
      .select({ token: apiTokens.token })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, id), isNull(apiTokens.revokedAt)))
    const liveTokens = live.map((row) => row.token)
    expect(liveTokens).toContain(mine.grant.access_token)
    expect(liveTokens).not.toContain(other.grant.access_token)
    expect(await lastMailTo('mfoster@brightline.test')).toMatchObject({ kind: 'user.password.changed' })
  })
})
