/**
 * The clean-up job: it deletes exactly the dead rows (tokens that can no longer be used or refreshed, guest
 * baskets nobody can reach, empty guest baskets left for long, expired rate-limit counters, punchout sessions
 * that ended) and keeps live baskets, users' baskets (a punchout session's too) and every basket that became an
 * order.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { driverOf } from '../../commerce-api/db/client'
import {
  addresses,
  apiTokens,
  baskets,
  lineItems,
  orders,
  punchoutSessions,
  rateLimits,
  webauthnChallenges,
} from '../../commerce-api/db/schema'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { cleanUp, CLEANUP_LOCK } from '../../commerce-api/domain/cleanup'
import { openCxmlSession } from '../../commerce-api/domain/punchout-sessions'
import { basketFor, readyGuestBasket, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

let api: Api
let sku: string
beforeAll(async () => {
  api = await startApi({ products: 200 })
  ;[sku] = (await sellableSkus(api, 1)) as [string]
})
afterAll(async () => {
  await api?.close()
})

const EUR = ';loc=en_US;cur=EUR'
const HOUR = 3600_000

const subjectOf = async (token: string) => {
  const [row] = await api.database.db
    .select({ subject: apiTokens.subject })
    .from(apiTokens)
    .where(eq(apiTokens.token, token))
  return row!.subject
}

/** Makes every token of the subject unusable and unrefreshable, as 30 days without a visit would. */
const letTokensDie = async (token: string) =>
  api.database.db
    .update(apiTokens)
    .set({ expiresAt: new Date(Date.now() - 2 * HOUR), refreshExpiresAt: new Date(Date.now() - HOUR) })
    .where(eq(apiTokens.subject, await subjectOf(token)))

const anonymous = async () => (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token as string

const basketIds = async () =>
  new Set((await api.database.db.select({ id: baskets.id }).from(baskets)).map((row) => row.id))

describe('cleanUp', () => {
  it('deletes exactly the dead rows and keeps live baskets and every basket that has an order', async () => {
    const db = api.database.db
    // Kept: a guest with a live token and a filled basket, and one with a fresh empty basket.
    const shopper = await basketFor(api, await anonymous(), [{ sku, quantity: 1 }])
    const browsing = await basketFor(api, await anonymous(), [])
    // Deleted: an empty guest basket untouched for two days, although its token lives.
    const stale = await basketFor(api, await anonymous(), [])
    await db
      .update(baskets)
      .set({ updatedAt: new Date(Date.now() - 48 * HOUR) })
      .where(eq(baskets.id, stale.id))
    // Deleted: a filled guest basket (with its address) whose tokens all died, and their token rows.
    const abandoned = await readyGuestBasket(api, [{ sku, quantity: 1 }], { matrix: EUR })
    await letTokensDie(abandoned.token)
    // Deleted: a guest who logged out (revoked token) leaves a basket nobody can reach.
    const loggedOut = await basketFor(api, await anonymous(), [{ sku, quantity: 2 }])
    expect((await call(api.url('token/logout'), { method: 'PUT', token: loggedOut.token })).status).toBe(204)
    // Kept: a guest order's basket, although the guest's token died; and an open basket (never ordered
    // through this API, but an order row names it) of a dead guest.
    const ordered = await readyGuestBasket(api, [{ sku, quantity: 1 }], { matrix: EUR })
    expect(
      (
        await call(api.url('baskets/' + ordered.id + '/payments/open-tender', EUR), {
          method: 'PUT',
          token: ordered.token,
          json: { paymentInstrument: 'INVOICE' },
        })
      ).status,
    ).toBe(200)
    const placed = await call(api.url('orders', EUR), {
      method: 'POST',
      token: ordered.token,
      json: { basket: ordered.id, termsAndConditionsAccepted: true },
    })
    expect(placed.status).toBe(201)
    await letTokensDie(ordered.token)
    const named = await basketFor(api, await anonymous(), [])
    const [order] = await db.select().from(orders).where(eq(orders.basketId, ordered.id))
    await db.insert(orders).values({
      ...order!,
      id: undefined,
      documentNumber: `${order!.documentNumber}-X`,
      basketId: named.id,
    })
    await letTokensDie(named.token)
    // Kept: a user's empty basket, even an old one whose tokens died.
    const user = await basketFor(api, await userToken(api, 'patricia@ironbridge.test'), [])
    await db
      .update(baskets)
      .set({ updatedAt: new Date(Date.now() - 48 * HOUR) })
      .where(eq(baskets.id, user.id))
    await letTokensDie(user.token)
    // A refreshed guest: the old pair (not revoked by a refresh, as in ICM), the new one and the basket stay.
    const refreshedGuest = await tokenFor(api, { grant_type: 'anonymous' })
    const refreshedBasket = await basketFor(api, refreshedGuest.json.access_token, [{ sku, quantity: 1 }])
    const refreshed = await tokenFor(api, {
      grant_type: 'refresh_token',
      refresh_token: refreshedGuest.json.refresh_token,
    })
    expect(refreshed.status).toBe(200)
    // Counters: one expired, one live.
    await db.insert(rateLimits).values([
      { key: 'test:expired', points: 3, expire: Date.now() - 1000 },
      { key: 'test:live', points: 3, expire: Date.now() + HOUR },
    ])
    // Passkey challenges: one nobody answered in time, one still open.
    await db.insert(webauthnChallenges).values([
      { id: 'expired', challenge: 'c1', purpose: 'authentication', expiresAt: new Date(Date.now() - 1000) },
      { id: 'open', challenge: 'c2', purpose: 'authentication', expiresAt: new Date(Date.now() + HOUR) },
    ])

    // Punchout sessions: one that ended (opened nine hours ago), one that lives; both baskets stay.
    const setup = {
      senderIdentity: 'brightline-cxml',
      sharedSecret: DEMO_PASSWORD,
      operation: 'create' as const,
      buyerCookie: 'cookie',
      browserFormPostUrl: 'https://procurement.example.test/return',
    }
    const scope = { currency: 'EUR' as const, locale: 'en_US' as const }
    const ended = await openCxmlSession(db, setup, scope, new Date(Date.now() - 9 * HOUR))
    const live = await openCxmlSession(db, setup, scope)

    const before = await basketIds()
    const tokensBefore = await db.$count(apiTokens)
    const deadTokens = await db.$count(
      apiTokens,
      sql`${apiTokens.revokedAt} is not null or ${apiTokens.refreshExpiresAt} < now()`,
    )
    const limitsBefore = await db.$count(rateLimits)
    const report = await cleanUp(db, { emptyBasketSeconds: 24 * 3600 })

    const after = await basketIds()
    expect([...before].filter((id) => !after.has(id)).sort()).toEqual(
      [stale.id, abandoned.id, loggedOut.id].sort(),
    )
    for (const kept of [shopper, browsing, ordered, named, user, refreshedBasket])
      expect(after.has(kept.id)).toBe(true)
    expect(report).toEqual({
      ran: true,
      tokens: deadTokens,
      baskets: 3,
      rateLimits: 1,
      personalDataCopies: 0,
      punchoutSessions: 1,
      webauthnChallenges: 1,
      idTokenNonces: 0,
      registrants: 0,
    })
    expect(
      (await db.select({ id: webauthnChallenges.id }).from(webauthnChallenges)).map((row) => row.id),
    ).toEqual(['open'])
    expect(
      (await db.select({ id: punchoutSessions.id }).from(punchoutSessions)).map((row) => row.id),
    ).toEqual([live.session.id])
    expect(after.has(ended.session.basketId) && after.has(live.session.basketId)).toBe(true)
    expect(await db.$count(apiTokens)).toBe(tokensBefore - deadTokens)
    // Their line items and the guest's address went with the baskets; the orders are untouched.
    expect(await db.$count(lineItems, inArray(lineItems.basketId, [abandoned.id, loggedOut.id]))).toBe(0)
    expect(await db.$count(addresses, eq(addresses.id, abandoned.addressId))).toBe(0)
    expect(await db.$count(orders, inArray(orders.basketId, [ordered.id, named.id]))).toBe(2)
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).not.toContain(
      'test:expired',
    )
    expect(await db.$count(rateLimits)).toBe(limitsBefore - 1)
    // Live tokens still work.
    expect((await call(api.url(`baskets/${shopper.id}`), { token: shopper.token })).status).toBe(200)
    expect(
      (await call(api.url(`baskets/${refreshedBasket.id}`), { token: refreshed.json.access_token })).status,
    ).toBe(200)

    // A second run finds nothing more to do.
    expect(await cleanUp(db, { emptyBasketSeconds: 24 * 3600 })).toEqual({
      ran: true,
      tokens: 0,
      baskets: 0,
      rateLimits: 0,
      personalDataCopies: 0,
      punchoutSessions: 0,
      webauthnChallenges: 0,
      idTokenNonces: 0,
      registrants: 0,
    })
  })

  it('runs in one process at a time: a run is skipped while another holds the lock', async () => {
    const driver = driverOf(api.database.db)
    if (driver.kind === 'postgres') {
      // Another process's run, as PostgreSQL sees it: a second connection holding the lock.
      const other = await driver.pool.connect()
      try {
        await other.query('select pg_advisory_lock($1)', [CLEANUP_LOCK])
        expect(await cleanUp(api.database.db)).toEqual({ ran: false })
      } finally {
        await other.query('select pg_advisory_unlock($1)', [CLEANUP_LOCK])
        other.release()
      }
    }
    // The lock belongs to the run's transaction: the next run gets it again.
    expect((await cleanUp(api.database.db)).ran).toBe(true)
    expect((await cleanUp(api.database.db)).ran).toBe(true)
  })
})
