import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import {
  addresses,
  apiTokens,
  costCenters,
  mailOutbox,
  newsletterSubscriptions,
  orders,
  personalDataRequests,
  users,
  wishlistItems,
  wishlists,
} from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { sendMailOnEvents } from '../mail/subscriber'
import { DomainError } from './errors'
import { subscribe, type DomainEvent } from './events'
import {
  ALREADY_CONFIRMED_INFO,
  ANONYMOUS_FIRST_NAME,
  CONFIRMATION_LINK_SECONDS,
  confirmPersonalDataRequest,
  CONFIRMED_INFO,
  COPY_AVAILABLE_SECONDS,
  copyOf,
  createPersonalDataRequest,
  expireCopies,
  LINK_EXPIRED,
  UNPROCESSABLE,
} from './personal-data-requests'
import { loginWithPassword } from './tokens'

let database: Database
const db = () => database.db
const secrets = new Map<string, string>()
const unsubscribe: (() => void)[] = []

beforeAll(async () => {
  database = await seededTestDatabase({ products: 10 })
  unsubscribe.push(sendMailOnEvents())
  unsubscribe.push(
    subscribe(async (_t, event: DomainEvent) => {
      if (event.type === 'personal_data_request.created') secrets.set(event.request.id, event.request.secret)
    }),
  )
})
afterAll(async () => {
  for (const stop of unsubscribe) stop()
  await database?.close()
})

async function userOf(login: string) {
  const [user] = await db().select().from(users).where(eq(users.login, login))
  return user!
}

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  return { kind: (error as DomainError).kind, code: (error as DomainError).code }
}

/** A request of the user's and its link's secret (as the mail carries it). */
async function ask(login: string, type: 'copy' | 'deletion', at = new Date()) {
  const user = await userOf(login)
  const request = await createPersonalDataRequest(db(), user.id, type, at)
  return { user, request, secret: secrets.get(request.id)! }
}

describe('the confirmation link', () => {
  it('is mailed to the user with the request id and a secret of which only the hash is kept', async () => {
    const { user, request, secret } = await ask('patricia@ironbridge.test', 'copy')
    expect(secret).toMatch(/^[\w-]{43}$/)
    expect(request.hash).not.toContain(secret)
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, 'personal_data_request.confirmation')),
      )
    expect(mail!.text).toContain(`gdpr-requests?Hash=${secret}&PersonalDataRequestID=${request.id}`)
    // Patricia's language is English: the mail and its link are too.
    expect(mail!.text).toContain('/en/gdpr-requests')
  })

  it('carries the request out once: the second confirmation only says so', async () => {
    const { request, secret } = await ask('patricia@ironbridge.test', 'copy')
    const first = await confirmPersonalDataRequest(db(), request.id, secret)
    expect(first.code).toBe(CONFIRMED_INFO)
    const [row] = await db()
      .select()
      .from(personalDataRequests)
      .where(eq(personalDataRequests.id, request.id))
    const again = await confirmPersonalDataRequest(db(), request.id, secret)
    expect(again.code).toBe(ALREADY_CONFIRMED_INFO)
    const [after] = await db()
      .select()
      .from(personalDataRequests)
      .where(eq(personalDataRequests.id, request.id))
    expect(after!.confirmedAt).toEqual(row!.confirmedAt)
  })

  it('does not work after 24 hours, with another secret, or for an unknown request (404)', async () => {
    const asked = new Date('2026-01-10T10:00:00Z')
    const { request, secret } = await ask('pierre@ironbridge.test', 'copy', asked)
    const late = new Date(asked.getTime() + CONFIRMATION_LINK_SECONDS * 1000)
    expect(await refusalOf(confirmPersonalDataRequest(db(), request.id, secret, late))).toEqual({
      kind: 'not-found',
      code: LINK_EXPIRED,
    })
    const inTime = new Date(late.getTime() - 1000)
    expect(await refusalOf(confirmPersonalDataRequest(db(), request.id, `${secret}x`, inTime))).toEqual({
      kind: 'not-found',
      code: LINK_EXPIRED,
    })
    expect(
      await refusalOf(
        confirmPersonalDataRequest(db(), '00000000-0000-4000-8000-000000000000', secret, inTime),
      ),
    ).toEqual({ kind: 'not-found', code: LINK_EXPIRED })
    expect(await refusalOf(confirmPersonalDataRequest(db(), 'not-an-id', secret, inTime))).toMatchObject({
      code: LINK_EXPIRED,
    })
    // Still pending: one second before the end it works.
    expect((await confirmPersonalDataRequest(db(), request.id, secret, inTime)).code).toBe(CONFIRMED_INFO)
  })

  it('of an earlier request of the same type stops working when the user asks again', async () => {
    const first = await ask('pierre@ironbridge.test', 'copy')
    const second = await ask('pierre@ironbridge.test', 'copy')
    expect(await refusalOf(confirmPersonalDataRequest(db(), first.request.id, first.secret))).toMatchObject({
      code: LINK_EXPIRED,
    })
    expect((await confirmPersonalDataRequest(db(), second.request.id, second.secret)).code).toBe(
      CONFIRMED_INFO,
    )
  })
})

describe('a copy', () => {
  it('holds the user’s data, payment instruments masked, for its owner alone, for seven days', async () => {
    const confirmedAt = new Date()
    const { user, request, secret } = await ask('patricia@ironbridge.test', 'copy', confirmedAt)
    await confirmPersonalDataRequest(db(), request.id, secret, confirmedAt)
    const copy = (await copyOf(db(), user.id, request.id, confirmedAt)) as Record<string, any>
    expect(copy.user).toMatchObject({ email: user.email, firstName: user.firstName, lastName: user.lastName })
    expect(copy.customer).toMatchObject({ customerNo: user.customerNo, type: 'PrivateCustomer' })
    const book = await db().select().from(addresses).where(eq(addresses.customerNo, user.customerNo))
    expect(copy.addresses).toHaveLength(book.filter((a) => a.basketId === null).length)
    expect(JSON.stringify(copy)).not.toContain(user.passwordHash)
    for (const instrument of copy.paymentInstruments)
      expect(Object.keys(instrument)).not.toContain('parameters')
    const pierre = await userOf('pierre@ironbridge.test')
    expect(await refusalOf(copyOf(db(), pierre.id, request.id, confirmedAt))).toMatchObject({
      kind: 'not-found',
    })
    const over = new Date(confirmedAt.getTime() + COPY_AVAILABLE_SECONDS * 1000)
    expect(await refusalOf(copyOf(db(), user.id, request.id, over))).toMatchObject({ kind: 'not-found' })
    expect(await expireCopies(db(), new Date(over.getTime() + 1))).toBeGreaterThan(0)
    const [row] = await db()
      .select()
      .from(personalDataRequests)
      .where(eq(personalDataRequests.id, request.id))
    expect(row!.copy).toBeNull()
  })
})

/** Gives the user a newsletter subscription and a wishlist with one product, as the account screens would. */
async function subscribeAndWish(userId: string) {
  await db().insert(newsletterSubscriptions).values({ userId })
  const [list] = await db()
    .insert(wishlists)
    .values({ userId, title: 'Baustelle', preferred: true })
    .returning()
  await db().insert(wishlistItems).values({ wishlistId: list!.id, sku: 'SKU-WISH-1', quantity: 3 })
}

describe('the newsletter and the wishlists', () => {
  it('are in the copy, and a deletion removes them', async () => {
    const login = 'mfoster'
    const user = await userOf(login)
    await subscribeAndWish(user.id)
    const copyRequest = await ask(login, 'copy')
    await confirmPersonalDataRequest(db(), copyRequest.request.id, copyRequest.secret)
    const copy = (await copyOf(db(), user.id, copyRequest.request.id)) as Record<string, any>
    expect(copy.newsletter?.subscribedAt).toEqual(expect.any(String))
    expect(copy.wishlists).toEqual([
      { title: 'Baustelle', createdAt: expect.any(String), items: [{ sku: 'SKU-WISH-1', quantity: 3 }] },
    ])

    const deletion = await ask(login, 'deletion')
    await confirmPersonalDataRequest(db(), deletion.request.id, deletion.secret)
    expect(
      await db().select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, user.id)),
    ).toEqual([])
    expect(await db().select().from(wishlists).where(eq(wishlists.userId, user.id))).toEqual([])
  })
})

describe('a deletion', () => {
  it('anonymises the user, revokes their tokens and keeps their orders as placed', async () => {
    const login = 'hweber'
    const token = await loginWithPassword(db(), login, 'Demo!2026')
    expect(token.ok).toBe(true)
    const { user, request, secret } = await ask(login, 'deletion')
    const ordersBefore = await db().select().from(orders).where(eq(orders.userId, user.id))
    const owned = await db().select().from(costCenters).where(eq(costCenters.ownerId, user.id))
    expect(owned.length).toBeGreaterThan(0)

    expect((await confirmPersonalDataRequest(db(), request.id, secret)).code).toBe(CONFIRMED_INFO)

    const after = (await db().select().from(users).where(eq(users.id, user.id)))[0]!
    expect(after).toMatchObject({ firstName: ANONYMOUS_FIRST_NAME, phone: null, title: null, active: false })
    for (const gone of [user.login, user.email, user.firstName, user.lastName])
      expect(JSON.stringify(after)).not.toContain(gone)
    expect((await loginWithPassword(db(), login, 'Demo!2026')).ok).toBe(false)
    expect((await loginWithPassword(db(), user.email, 'Demo!2026')).ok).toBe(false)
    const open = await db()
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)))
    expect(open).toEqual([])
    expect(await db().select().from(costCenters).where(eq(costCenters.ownerId, user.id))).toEqual([])
    // The company's shared addresses and its other users stay; the orders stay exactly as they were.
    expect(await db().select().from(addresses).where(eq(addresses.ownerUserId, user.id))).toEqual([])
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual(ordersBefore)
    expect((await userOf('jlink')).active).toBe(true)
  })

  it('of a private customer empties their address book', async () => {
    const { user, request, secret } = await ask('pierre@ironbridge.test', 'deletion')
    await confirmPersonalDataRequest(db(), request.id, secret)
    const book = await db()
      .select()
      .from(addresses)
      .where(and(eq(addresses.customerNo, user.customerNo), isNull(addresses.basketId)))
    expect(book).toEqual([])
  })

  it('is refused to the last account administrator of a company that has other users', async () => {
    const mkestrel = await userOf('mkestrel')
    expect(await refusalOf(createPersonalDataRequest(db(), mkestrel.id, 'deletion'))).toEqual({
      kind: 'refused',
      code: 'customer.user.last_account_owner',
    })
  })

  it('asked while another administrator existed is unprocessable once they are gone (422)', async () => {
    const { user, request, secret } = await ask('efischer', 'deletion')
    await db().update(users).set({ active: false }).where(eq(users.login, 'jlink'))
    try {
      expect(await refusalOf(confirmPersonalDataRequest(db(), request.id, secret))).toEqual({
        kind: 'refused',
        code: UNPROCESSABLE,
      })
      expect((await userOf('efischer')).id).toBe(user.id)
    } finally {
      await db().update(users).set({ active: true }).where(eq(users.login, 'jlink'))
    }
  })
})
