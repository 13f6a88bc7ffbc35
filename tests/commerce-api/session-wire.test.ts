/**
 * The session area in ICM's shapes: the caller's baskets (`GET baskets`, how an ICM client finds a basket
 * saved in an earlier session after login), the kind of customer `customers/-` names, and the token answer.
 * Every answer is also held to the wire schemas (commerce-api/icm/schemas/session.ts) by the harness.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baskets } from '../../commerce-api/db/schema'
import { USER_BASKETS_LIMIT } from '../../commerce-api/domain/user-baskets'
import { anonymousToken, basketFor, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

let api: Api
let sku: string
beforeAll(async () => {
  api = await startApi()
  ;[sku] = (await sellableSkus(api, 1)) as [string]
})
afterAll(async () => {
  await api?.close()
})

const basketsOf = (token: string) => call(api.url('baskets'), { token })

describe('GET baskets', () => {
  it("finds a user's basket saved in an earlier session, newest first, in ICM's {data:[BasketBaseData]}", async () => {
    const earlier = await userToken(api, 'jlink')
    const saved = await basketFor(api, earlier, [{ sku, quantity: 2 }])
    const older = await basketFor(api, earlier, [])
    await api.database.db
      .update(baskets)
      .set({ updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(baskets.id, older.id))

    // A new login (a new token of the same user) lists both, the most recently changed first.
    const later = await userToken(api, 'jlink')
    const answer = await basketsOf(later)
    expect(answer.status).toBe(200)
    expect(answer.json.included).toBeUndefined()
    expect(answer.json.data.map((b: { id: string }) => b.id)).toEqual([saved.id, older.id])
    const [first] = answer.json.data
    expect(first).toMatchObject({
      id: saved.id,
      calculated: true,
      totalProductQuantity: 2,
      lineItems: [expect.any(String)],
      totals: {
        itemTotal: { gross: { currency: 'USD' }, net: { currency: 'USD' } },
        grandTotal: { gross: { currency: 'USD' } },
      },
    })
    // The newest one is the one `baskets/{id}` answers with its lines.
    const loaded = await call(api.url(`baskets/${first.id}?include=lineItems`), { token: later })
    expect(loaded.json.data.lineItems).toEqual(first.lineItems)
  })

  it("lists the caller's baskets only: a guest sees its own, nobody sees another's", async () => {
    const guest = await anonymousToken(api)
    const guestBasket = await basketFor(api, guest, [{ sku, quantity: 1 }])
    const otherGuest = await anonymousToken(api)
    expect((await basketsOf(otherGuest)).json).toEqual({ data: [] })
    expect((await basketsOf(guest)).json.data.map((b: { id: string }) => b.id)).toEqual([guestBasket.id])

    const patricia = await userToken(api, 'patricia@ironbridge.test')
    const own = await basketFor(api, patricia, [])
    const ids = (await basketsOf(patricia)).json.data.map((b: { id: string }) => b.id)
    expect(ids).toContain(own.id)
    expect(ids).not.toContain(guestBasket.id)
    for (const colleague of ['bbuyer', 'jlink']) {
      const theirs = (await basketsOf(await userToken(api, colleague))).json.data.map(
        (b: { id: string }) => b.id,
      )
      expect(theirs).not.toContain(own.id)
    }
  })

  it('leaves out submitted baskets and lists at most USER_BASKETS_LIMIT', async () => {
    const token = await anonymousToken(api)
    const created: string[] = []
    for (let i = 0; i < USER_BASKETS_LIMIT + 2; i++) created.push((await basketFor(api, token, [])).id)
    await api.database.db.update(baskets).set({ status: 'submitted' }).where(eq(baskets.id, created[0]!))
    const listed = (await basketsOf(token)).json.data.map((b: { id: string }) => b.id)
    expect(listed).toHaveLength(USER_BASKETS_LIMIT)
    expect(listed).not.toContain(created[0])
  })

  it('needs a token', async () => {
    const refused = await call(api.url('baskets'))
    expect(refused.status).toBe(401)
    expect(refused.json.errors[0].code).toEqual(expect.any(String))
  })
})

describe('the token answer', () => {
  it('is the OAuth token response for every grant', async () => {
    const anonymous = await tokenFor(api, { grant_type: 'anonymous' })
    const password = await tokenFor(api, { grant_type: 'password', username: 'jlink', password: 'Demo!2026' })
    const refreshed = await tokenFor(api, {
      grant_type: 'refresh_token',
      refresh_token: password.json.access_token,
    })
    for (const grant of [anonymous, password, refreshed])
      expect(grant.json).toMatchObject({
        access_token: expect.any(String),
        token_type: 'bearer',
        expires_in: 3600,
        refresh_token: expect.any(String),
      })
  })
})
