/** The caller's baskets and the token rules a session relies on, without HTTP (user-baskets.ts, tokens.ts). */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { baskets } from '../db/schema'
import { DEMO_PASSWORD } from '../db/seed/people'
import { anonymousPrincipal, basketTestBed, basketWith, userPrincipal } from './basket-test-fixtures'
import { checkToken, issueAnonymousToken, loginWithPassword, refresh, revoke, type Principal } from './tokens'
import { USER_BASKETS_LIMIT, userBaskets } from './user-baskets'

let db: Db
let user: Principal
let skus: string[]
basketTestBed({ skus: 1, login: 'jlink' }, (bed) => ({ db, caller: user, skus } = bed))

const ids = async (principal: Principal) =>
  (await userBaskets(db, principal, 'en_US')).map((state) => state.basket.id)

describe("the caller's baskets", () => {
  it("are the subject's open baskets, the most recently changed first, whichever token asks", async () => {
    const older = await basketWith(db, user, [])
    await db
      .update(baskets)
      .set({ updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(baskets.id, older.id))
    const newer = await basketWith(db, user, [{ sku: skus[0]!, quantity: 1 }])
    const laterLogin = await userPrincipal(db, 'jlink')
    const listed = await ids(laterLogin)
    expect(listed.indexOf(newer.id)).toBeLessThan(listed.indexOf(older.id))
    expect(listed[0]).toBe(newer.id)
    expect((await userBaskets(db, laterLogin, 'en_US'))[0]!.lines).toHaveLength(1)
  })

  it("never hold another caller's basket, nor a submitted one, and are bounded", async () => {
    const guest = await anonymousPrincipal(db)
    const guestBasket = await basketWith(db, guest, [])
    expect(await ids(guest)).toEqual([guestBasket.id])
    expect(await ids(user)).not.toContain(guestBasket.id)
    expect(await ids(await userPrincipal(db, 'bbuyer'))).toEqual([])

    const busy = await anonymousPrincipal(db)
    const made = []
    for (let i = 0; i < USER_BASKETS_LIMIT + 1; i++) made.push((await basketWith(db, busy, [])).id)
    await db
      .update(baskets)
      .set({ status: 'submitted' })
      .where(eq(baskets.id, made.at(-1)!))
    const listed = await ids(busy)
    expect(listed).toHaveLength(USER_BASKETS_LIMIT)
    expect(listed).not.toContain(made.at(-1))
  })
})

describe('refresh and logout', () => {
  it('refresh with a refresh token or a live access token, keep the subject and revoke nothing', async () => {
    const grant = await issueAnonymousToken(db)
    const byRefresh = await refresh(db, grant.refresh_token)
    const byAccess = await refresh(db, grant.access_token)
    for (const next of [byRefresh, byAccess]) {
      expect(next).not.toBeNull()
      const check = await checkToken(db, next!.access_token)
      expect(check.status).toBe('valid')
    }
    const subjects = await Promise.all(
      [grant, byRefresh!, byAccess!].map(async (g) => {
        const check = await checkToken(db, g.access_token)
        return check.status === 'valid' ? check.principal.subject : null
      }),
    )
    expect(new Set(subjects).size).toBe(1)
    expect(subjects[0]).not.toBeNull()
    expect(await refresh(db, 'unknown')).toBeNull()
  })

  it("a logout revokes the whole chain of the subject's tokens, and nobody else's", async () => {
    const login = await loginWithPassword(db, 'bbuyer', DEMO_PASSWORD)
    if (!login.ok) throw new Error('bbuyer cannot log in')
    const next = (await refresh(db, login.grant.access_token))!
    const other = await issueAnonymousToken(db)
    await revoke(db, next.access_token)
    for (const token of [login.grant.access_token, next.access_token])
      expect((await checkToken(db, token)).status).toBe('invalid')
    expect(await refresh(db, login.grant.refresh_token)).toBeNull()
    expect((await checkToken(db, other.access_token)).status).toBe('valid')
    await revoke(db, 'unknown')
    expect((await checkToken(db, other.access_token)).status).toBe('valid')
  })
})
