/**
 * Registration's and the newsletter's rules without HTTP (issue 33): which kinds register and which wait for
 * approval (AccountSettings), every field at fault named, one person per login or e-mail address, the login
 * refused while the customer waits, and the newsletter only for the subscriber's own address.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { customers, newsletterSubscriptions, users } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from './configuration'
import { DomainError } from './errors'
import { subscribe, subscriberOf, subscriptionOf, unsubscribe } from './newsletter'
import { approveCustomer, registerCustomer, type RegistrationInput } from './registration'
import { refusal } from './test-refusal'
import { loginWithPassword } from './tokens'

let database: Database
beforeAll(async () => {
  database = await seededTestDatabase()
}, 120_000)
afterAll(() => database?.close())

const input = (kind: RegistrationInput['kind'], email: string, newsletter = false): RegistrationInput => ({
  kind,
  user: { firstName: 'Dora', lastName: 'Domain', email },
  credentials: { password: 'Secret!2026' },
  address: {
    firstName: 'Dora',
    lastName: 'Domain',
    addressLine1: 'Weg 2',
    postalCode: '80331',
    city: 'München',
    countryCode: 'DE',
  },
  company: kind === 'business' ? { companyName: 'Domain AG' } : undefined,
  newsletter,
})

const settings = (changes: Partial<AccountSettings>): AccountSettings => ({
  ...DEFAULT_ACCOUNT_SETTINGS,
  ...changes,
})

describe('registration', () => {
  it('registers only the kinds the shop opens registration to', async () => {
    const closed = settings({ registration: { private: true, business: false } })
    expect(
      await refusal(registerCustomer(database.db, input('business', 'closed@example.test'), closed, 'de_DE')),
    ).toBe('forbidden:customer.registration.disabled.error')
  })

  it('names every field at fault: names, e-mail, the password rule, the company, the address', async () => {
    const bad: RegistrationInput = {
      kind: 'business',
      user: { firstName: ' ', email: 'not-an-address' },
      credentials: { password: 'letters' },
      address: { countryCode: 'DE', postalCode: '123' },
      company: {},
    }
    try {
      await registerCustomer(database.db, bad, DEFAULT_ACCOUNT_SETTINGS, 'de_DE')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError)
      const paths = (error as DomainError).causes.flatMap((cause) => cause.paths ?? [])
      expect(paths).toEqual(
        expect.arrayContaining([
          'user.firstName',
          'user.lastName',
          'user.email',
          'credentials.password',
          'companyName',
          'address.postalCode',
          'address.city',
        ]),
      )
    }
  })

  it('refuses a login or e-mail address that names someone already, in any case', async () => {
    expect(
      await refusal(
        registerCustomer(
          database.db,
          input('private', 'JLINK@brightline.test'),
          DEFAULT_ACCOUNT_SETTINGS,
          'de_DE',
        ),
      ),
    ).toBe('conflict:customer.credentials.login.not_unique.error')
  })

  it('lets a customer whose kind needs approval log in only once the shop approved it', async () => {
    const both = settings({ approval: { private: true, business: true } })
    const made = await registerCustomer(database.db, input('private', 'waiting@example.test'), both, 'fr_FR')
    expect(made.approvalPending).toBe(true)
    expect(made.user.preferredLanguage).toBe('fr_FR')
    expect(await loginWithPassword(database.db, 'waiting@example.test', 'Secret!2026')).toEqual({
      ok: false,
      reason: 'pending',
    })
    expect(await loginWithPassword(database.db, 'waiting@example.test', 'Wrong!2026')).toEqual({
      ok: false,
      reason: 'invalid',
    })
    await approveCustomer(database.db, made.customer.customerNo)
    expect((await loginWithPassword(database.db, 'waiting@example.test', 'Secret!2026')).ok).toBe(true)
    expect(await refusal(approveCustomer(database.db, made.customer.customerNo))).toBe(
      'conflict:customer.approval.not_pending.error',
    )
  })

  it('subscribes the newsletter with the registration only where the shop offers one', async () => {
    const offered = await registerCustomer(
      database.db,
      input('private', 'news@example.test', true),
      DEFAULT_ACCOUNT_SETTINGS,
      'de_DE',
    )
    const without = await registerCustomer(
      database.db,
      input('private', 'nonews@example.test', true),
      settings({ newsletter: false }),
      'de_DE',
    )
    const subscribed = async (userId: string) =>
      (
        await database.db
          .select()
          .from(newsletterSubscriptions)
          .where(eq(newsletterSubscriptions.userId, userId))
      ).length
    expect(await subscribed(offered.user.id)).toBe(1)
    expect(await subscribed(without.user.id)).toBe(0)
    const [company] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.customerNo, offered.customer.customerNo))
    expect(company!.customerNo).toMatch(/^PC-3\d{5}$/)
  })
})

describe('newsletter', () => {
  it('is the subscriber’s own address only; not subscribed is not found', async () => {
    const [user] = await database.db.select().from(users).where(eq(users.login, 'patricia@ironbridge.test'))
    const me = await subscriberOf(database.db, user!.id)
    expect(await refusal(subscriptionOf(database.db, me, me.email, true))).toBe(
      'not-found:subscription.not_found.error',
    )
    expect(await refusal(subscribe(database.db, me, 'pierre@ironbridge.test', true))).toBe(
      'forbidden:subscription.recipient.foreign.error',
    )
    expect(await refusal(subscribe(database.db, me, me.email, false))).toBe(
      'forbidden:subscription.disabled.error',
    )
    expect((await subscribe(database.db, me, me.email.toUpperCase(), true)).recipient).toBe(me.email)
    expect((await subscribe(database.db, me, me.email, true)).active).toBe(true)
    await unsubscribe(database.db, me, me.email, true)
    expect(await refusal(unsubscribe(database.db, me, me.email, true))).toBe(
      'not-found:subscription.not_found.error',
    )
  })
})
