/** Merging a guest's basket into a user's, without HTTP (basket-merge.ts). */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { basketPromotionCodes, baskets, lineItems } from '../db/schema'
import { addPromotionCode } from './basket-edits'
import { mergeBaskets } from './basket-merge'
import { anonymousPrincipal, basketTestBed, basketWith, refusal, setRules } from './basket-test-fixtures'
import type { Principal } from './tokens'

let db: Db
let user: Principal
let skus: string[]
basketTestBed({ skus: 4, login: 'jlink' }, (bed) => ({ db, caller: user, skus } = bed))

const linesOf = (basketId: string) =>
  db.select().from(lineItems).where(eq(lineItems.basketId, basketId)).orderBy(lineItems.position)

const statusOf = async (basketId: string) =>
  (await db.select().from(baskets).where(eq(baskets.id, basketId)))[0]!.status

describe('merging a basket', () => {
  it('adds the same product up (fitted to its rules), appends the others, carries the code, closes the source', async () => {
    const [a, b, c] = skus as [string, string, string]
    await setRules(db, c, { min: 5, step: 5, max: 20 })
    const guest = await anonymousPrincipal(db)
    const source = await basketWith(db, guest, [
      { sku: a, quantity: 60 },
      { sku: b, quantity: 2 },
      { sku: c, quantity: 15 },
    ])
    await addPromotionCode(db, source, 'WELCOME10')
    const target = await basketWith(db, user, [
      { sku: a, quantity: 44 },
      { sku: c, quantity: 10 },
    ])
    const { basket, infos } = await mergeBaskets(db, user, target, {
      sourceBasket: source.id,
      sourceAuthenticationToken: guest.token,
    })
    expect(basket.id).toBe(target.id)
    expect((await linesOf(target.id)).map((l) => [l.sku, l.quantity])).toEqual([
      [a, 100],
      [c, 20],
      [b, 2],
    ])
    expect(infos).toEqual([
      {
        code: 'basket.merge.line_item.quantity_adjusted.info',
        message: `The quantity of '${a}' was adjusted from 104 to 100, the most one line may hold.`,
      },
      {
        code: 'basket.merge.line_item.quantity_adjusted.info',
        message: `The quantity of '${c}' was adjusted from 25 to 20, the most one line may hold.`,
      },
    ])
    const codes = await db
      .select()
      .from(basketPromotionCodes)
      .where(eq(basketPromotionCodes.basketId, target.id))
    expect(codes.map((r) => r.code)).toEqual(['WELCOME10'])
    expect(await statusOf(source.id)).toBe('merged')
    await setRules(db, c, { min: 1, step: 1, max: null })
  })

  it('refuses the same basket, a foreign or invalid source token, and writes nothing then', async () => {
    const [a, , , d] = skus as [string, string, string, string]
    const guest = await anonymousPrincipal(db)
    const stranger = await anonymousPrincipal(db)
    const source = await basketWith(db, guest, [{ sku: d, quantity: 1 }])
    const target = await basketWith(db, user, [{ sku: a, quantity: 1 }])
    const merge = (sourceBasket: string, sourceAuthenticationToken: string) =>
      refusal(() => mergeBaskets(db, user, target, { sourceBasket, sourceAuthenticationToken }))
    expect((await merge(target.id, guest.token)).code).toBe('basket.merge.source_equals_target.error')
    expect((await merge(source.id, 'forged')).code).toBe('basket.merge.source_token.invalid.error')
    expect((await merge(source.id, stranger.token)).code).toBe('basket.merge.source_basket.not_found.error')
    expect((await merge('not-a-basket', guest.token)).kind).toBe('refused')
    expect((await linesOf(target.id)).map((l) => l.sku)).toEqual([a])
    expect(await statusOf(source.id)).toBe('open')
  })

  it('leaves out a product whose rules no line can keep, with an info', async () => {
    const [a, b] = skus as [string, string]
    const guest = await anonymousPrincipal(db)
    const source = await basketWith(db, guest, [{ sku: b, quantity: 1 }])
    const target = await basketWith(db, user, [{ sku: a, quantity: 1 }])
    await setRules(db, b, { min: 500, step: 1, max: null })
    const { infos } = await mergeBaskets(db, user, target, {
      sourceBasket: source.id,
      sourceAuthenticationToken: guest.token,
    })
    expect(infos.map((i) => i.code)).toEqual(['basket.merge.line_item.not_available.info'])
    expect((await linesOf(target.id)).map((l) => l.sku)).toEqual([a])
    await setRules(db, b, { min: 1, step: 1, max: null })
  })
})
