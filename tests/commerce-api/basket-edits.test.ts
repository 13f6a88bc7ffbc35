import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inventories, lineItems, productPromotions, products, promotions } from '../../commerce-api/db/schema'
import { desiredDeliveryProblem } from '../../commerce-api/domain/basket-edits'
import { automaticallyPromoted, PLAIN_RULES } from '../../commerce-api/domain/basket-test-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi()
})
afterAll(async () => {
  await api?.close()
})

/** Sellable products with stock and plain quantity rules, with or without an item promotion. */
async function sellable(promoted: boolean) {
  const db = api.database.db
  const withPromotion = automaticallyPromoted(db)
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .innerJoin(inventories, eq(inventories.sku, products.sku))
    .where(
      and(
        PLAIN_RULES,
        promoted ? inArray(products.sku, withPromotion) : notInArray(products.sku, withPromotion),
      ),
    )
    .limit(20)
  for (const { sku } of rows) {
    const price = await call(api.url(`productprices?sku=${sku}`))
    const inv = await call(api.url(`inventories?sku=${sku}`))
    if (price.json.data[0]?.prices?.SalePrice && inv.json.data[0]?.availableStock > 10) return sku
  }
  throw new Error(`no sellable ${promoted ? 'promoted' : 'plain'} product in the seed`)
}

async function basketWith(items: { sku: string; quantity: number }[]) {
  const token = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token as string
  const id = (await call(api.url('baskets'), { method: 'POST', token })).json.data.id as string
  if (items.length) {
    const added = await call(api.url(`baskets/${id}/items`), {
      method: 'POST',
      token,
      json: items.map((i) => ({ product: i.sku, quantity: { value: i.quantity } })),
    })
    expect(added.status).toBe(201)
  }
  const get = async () => (await call(api.url(`baskets/${id}?include=lineItems`), { token })).json
  const firstLine = async () => Object.values((await get()).included.lineItems)[0] as any
  return { token, id, get, firstLine }
}

/** The next day at least `from` days ahead that is a weekday (the channel delivers Monday to Friday). */
function weekdayIn(from: number) {
  const day = new Date()
  day.setUTCDate(day.getUTCDate() + from)
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

describe('line items', () => {
  it('changes a quantity within the product rules, deletes at 0, and refuses what breaks a rule', async () => {
    const sku = await sellable(false)
    const basket = await basketWith([{ sku, quantity: 2 }])
    const line = await basket.firstLine()
    const url = api.url(`baskets/${basket.id}/items/${line.id}`)

    const updated = await call(url, {
      method: 'PATCH',
      token: basket.token,
      json: { quantity: { value: 5 } },
    })
    expect(updated.status).toBe(200)
    expect(updated.json.data).toMatchObject({ id: line.id, quantity: { value: 5 } })
    expect((await basket.get()).data.totalProductQuantity).toBe(5)

    const tooMany = await call(url, {
      method: 'PATCH',
      token: basket.token,
      json: { quantity: { value: 101 } },
    })
    expect(tooMany.status).toBe(422)
    expect(tooMany.json.errors[0].causes[0].code).toBe('basket.line_item.quantity.max_order_quantity.error')
    expect((await basket.get()).data.totalProductQuantity).toBe(5)

    for (const body of [{}, { quantity: { value: -1 } }, { quantity: { value: 1.5 } }, 'x']) {
      expect((await call(url, { method: 'PATCH', token: basket.token, json: body })).status).toBe(400)
    }

    const zero = await call(url, { method: 'PATCH', token: basket.token, json: { quantity: { value: 0 } } })
    expect(zero.status).toBe(200)
    expect(zero.json.infos[0].code).toBe('basket.line_item.deletion.info')
    expect((await basket.get()).data.lineItems).toEqual([])
    expect(
      (await call(url, { method: 'PATCH', token: basket.token, json: { quantity: { value: 1 } } })).status,
    ).toBe(404)
  })

  it('deletes a line; a line of another basket or shopper stays out of reach', async () => {
    const sku = await sellable(false)
    const mine = await basketWith([{ sku, quantity: 1 }])
    const theirs = await basketWith([{ sku, quantity: 1 }])
    const theirLine = await theirs.firstLine()
    // Through my basket, their line does not exist; their basket is not mine.
    expect(
      (
        await call(api.url(`baskets/${mine.id}/items/${theirLine.id}`), {
          method: 'DELETE',
          token: mine.token,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call(api.url(`baskets/${theirs.id}/items/${theirLine.id}`), {
          method: 'DELETE',
          token: mine.token,
        })
      ).status,
    ).toBe(404)
    const rows = await api.database.db.select().from(lineItems).where(eq(lineItems.id, theirLine.id))
    expect(rows).toHaveLength(1)

    const myLine = await mine.firstLine()
    const deleted = await call(api.url(`baskets/${mine.id}/items/${myLine.id}`), {
      method: 'DELETE',
      token: mine.token,
    })
    expect(deleted.status).toBe(204)
    expect((await mine.get()).data.lineItems).toEqual([])
  })

  it('keeps a desired delivery date inside the delivery window, on weekdays only', async () => {
    const sku = await sellable(false)
    const basket = await basketWith([{ sku, quantity: 1 }])
    const line = await basket.firstLine()
    const url = api.url(`baskets/${basket.id}/items/${line.id}`)
    const date = weekdayIn(3)
    const set = await call(url, { method: 'PATCH', token: basket.token, json: { desiredDelivery: date } })
    expect(set.status).toBe(200)
    expect((await basket.firstLine()).desiredDelivery).toBe(date)

    const saturday = new Date(`${weekdayIn(7)}T00:00:00Z`)
    saturday.setUTCDate(saturday.getUTCDate() + ((6 - saturday.getUTCDay() + 7) % 7))
    for (const bad of [
      '2026-13-01',
      '1.1.2030',
      saturday.toISOString().slice(0, 10),
      // Today itself: before the window on any day of the week (the next weekday may be inside it at weekends).
      new Date().toISOString().slice(0, 10),
      weekdayIn(90),
    ]) {
      const refused = await call(url, {
        method: 'PATCH',
        token: basket.token,
        json: { desiredDelivery: bad },
      })
      expect(refused.status, bad).toBe(422)
      expect(refused.json.errors[0].causes[0].code).toBe(
        'basket.line_item.desired_delivery_date.invalid.error',
      )
    }
    expect((await basket.firstLine()).desiredDelivery).toBe(date)
    const cleared = await call(url, { method: 'PATCH', token: basket.token, json: { desiredDelivery: null } })
    expect(cleared.status).toBe(200)
    expect((await basket.firstLine()).desiredDelivery).toBeUndefined()
  })

  it('names what is wrong with a desired delivery date', () => {
    const monday = new Date('2030-01-07T10:00:00Z')
    expect(desiredDeliveryProblem('2030-01-09', monday)).toBeUndefined()
    expect(desiredDeliveryProblem('2030-01-08', monday)).toMatch(/between 2 and 60 days/)
    expect(desiredDeliveryProblem('2030-01-12', monday)).toMatch(/Saturdays and Sundays/)
    expect(desiredDeliveryProblem('2030-02-30', monday)).toMatch(/yyyy-mm-dd/)
  })
})

describe('basket fields', () => {
  it('keeps a message to the merchant and an external order reference; empty clears them', async () => {
    const basket = await basketWith([])
    const url = api.url(`baskets/${basket.id}`)
    const set = await call(url, {
      method: 'PATCH',
      token: basket.token,
      json: { messageToMerchant: ' Please call before delivery. ', externalOrderReference: 'PO-4711' },
    })
    expect(set.status).toBe(200)
    expect(set.json.data).toMatchObject({
      messageToMerchant: 'Please call before delivery.',
      externalOrderReference: 'PO-4711',
    })
    const cleared = await call(url, { method: 'PATCH', token: basket.token, json: { messageToMerchant: '' } })
    expect(cleared.json.data.messageToMerchant).toBeUndefined()
    expect(cleared.json.data.externalOrderReference).toBe('PO-4711')
    const tooLong = await call(url, {
      method: 'PATCH',
      token: basket.token,
      json: { externalOrderReference: 'x'.repeat(101) },
    })
    expect(tooLong.status).toBe(400)
    expect((await call(url, { method: 'PATCH', token: basket.token, json: {} })).status).toBe(400)
  })
})

describe('promotions', () => {
  it('takes an order promotion code off the item total, one code per basket, and removes it again', async () => {
    const sku = await sellable(false)
    const basket = await basketWith([{ sku, quantity: 2 }])
    const before = (await basket.get()).data.totals
    const codes = api.url(`baskets/${basket.id}/promotioncodes`)

    const unknown = await call(codes, { method: 'POST', token: basket.token, json: { code: 'NOPE' } })
    expect(unknown.status).toBe(422)
    expect(unknown.json.errors[0].code).toBe('basket.promotion_code.not_found.error')

    const added = await call(`${codes}?include=discounts`, {
      method: 'POST',
      token: basket.token,
      json: { code: ' welcome10 ' },
    })
    expect(added.status).toBe(200)
    expect(added.json.data.promotionCodes).toEqual(['WELCOME10'])
    const totals = added.json.data.totals
    const itemGross = Math.round(before.itemTotal.gross.value * 100)
    const rebate = Math.round(itemGross * 0.1)
    expect(Math.round(totals.basketValueDiscountsTotal.gross.value * 100)).toBe(rebate)
    expect(Math.round(totals.valueRebatesTotal.gross.value * 100)).toBe(rebate)
    expect(Math.round(totals.grandTotal.gross.value * 100)).toBe(itemGross - rebate)
    // ICM's discounts: ids in `data.discounts.valueBasedDiscounts`, the rebates in `included.discounts`.
    const [discountId] = added.json.data.discounts.valueBasedDiscounts
    expect(added.json.included.discounts[discountId]).toMatchObject({
      id: discountId,
      promotionType: 'ORDER_VALUE_REBATE',
      promotion: 'welcome-10',
      code: 'WELCOME10',
    })
    expect(Math.round(added.json.included.discounts[discountId].amount.gross.value * 100)).toBe(rebate)

    const second = await call(codes, { method: 'POST', token: basket.token, json: { code: 'SPRING5' } })
    expect(second.status).toBe(422)
    expect(second.json.errors[0].code).toBe('basket.promotion_code.not_combinable.error')

    expect((await call(`${codes}/WELCOME10`, { method: 'DELETE', token: basket.token })).status).toBe(204)
    expect((await call(`${codes}/WELCOME10`, { method: 'DELETE', token: basket.token })).status).toBe(404)
    const after = (await basket.get()).data
    expect(after.promotionCodes).toEqual([])
    expect(after.totals.grandTotal.gross.value).toBe(before.grandTotal.gross.value)
  })

  it('applies a code with a minimum order value only from that value on, and says so until then', async () => {
    const sku = await sellable(false)
    const basket = await basketWith([{ sku, quantity: 1 }])
    const [spring] = await api.database.db.select().from(promotions).where(eq(promotions.code, 'SPRING5'))
    const minimumUsd = Math.round(spring!.rule.minOrderValue! * 1.08)
    await call(api.url(`baskets/${basket.id}/promotioncodes`), {
      method: 'POST',
      token: basket.token,
      json: { code: 'SPRING5' },
    })
    let json = await basket.get()
    const unit = Math.round(json.data.totals.itemTotal.gross.value * 100)
    if (unit < minimumUsd) {
      expect(json.data.totals.valueRebatesTotal.gross.value).toBe(0)
      expect(json.infos[0].code).toBe('basket.promotion.min_order_value_not_reached.info')
      const line = await basket.firstLine()
      const quantity = Math.min(Math.ceil(minimumUsd / unit), 100)
      await call(api.url(`baskets/${basket.id}/items/${line.id}`), {
        method: 'PATCH',
        token: basket.token,
        json: { quantity: { value: quantity } },
      })
      json = await basket.get()
    }
    // $5 in EUR minor units converted at the channel's rate: 500 × 1.08.
    expect(Math.round(json.data.totals.valueRebatesTotal.gross.value * 100)).toBe(540)
    expect(json.infos).toEqual([])
  })

  it('applies an item promotion to the lines of its products without a code', async () => {
    const sku = await sellable(true)
    const db = api.database.db
    const [row] = await db
      .select({ rule: promotions.rule })
      .from(productPromotions)
      .innerJoin(promotions, eq(promotions.id, productPromotions.promotionId))
      .where(and(eq(productPromotions.sku, sku), isNull(promotions.code)))
    const basket = await basketWith([{ sku, quantity: 3 }])
    const json = await basket.get()
    const line = Object.values(json.included.lineItems)[0] as any
    const undiscounted = Math.round(line.pricing.undiscountedPrice.gross.value * 100)
    const expected = Math.round((undiscounted * row!.rule.value) / 100)
    expect(Math.round(line.pricing.valueRebatesTotal.gross.value * 100)).toBe(expected)
    expect(Math.round(line.pricing.total.gross.value * 100)).toBe(undiscounted - expected)
    expect(Math.round(json.data.totals.itemRebatesTotal.gross.value * 100)).toBe(expected)
    expect(Math.round(json.data.totals.itemValueDiscountsTotal.gross.value * 100)).toBe(expected)
    expect(Math.round(json.data.totals.grandTotal.gross.value * 100)).toBe(undiscounted - expected)
  })
})
