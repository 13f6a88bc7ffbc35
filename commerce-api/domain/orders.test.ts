/** Placing orders without HTTP: how `createOrder` ends, and what an order keeps (orders.ts). */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { baskets, inventories } from '../db/schema'
import { orderSnapshotOf } from '../icm/orders'
import { updateBasket } from './basket-edits'
import { addressIn, basketTestBed, basketWith, refusal, shipTo } from './basket-test-fixtures'
import { createOrder } from './orders'
import { setOpenTender } from './payments'
import type { Principal } from './tokens'

let db: Db
let guest: Principal
let skus: string[]
basketTestBed({ skus: 2 }, (bed) => ({ db, caller: guest, skus } = bed))

async function readyBasket(sku: string, paymentInstrument = 'INVOICE') {
  const basket = await shipTo(db, await basketWith(db, guest, [{ sku, quantity: 2 }]), guest, addressIn('DE'))
  const shipped = await updateBasket(db, basket, { commonShippingMethod: 'STD_GROUND' })
  await setOpenTender(db, shipped, guest, 'en_US', { paymentInstrument }, 'http://psp.test')
  return shipped
}

const place = (basketId: string, termsAccepted = true) =>
  createOrder(db, guest, 'en_US', { basketId, termsAccepted }, orderSnapshotOf)

const stockOf = async (sku: string) =>
  (await db.select().from(inventories).where(eq(inventories.sku, sku)))[0]!.stock

describe('placing an order', () => {
  it('creates it once: stock taken, basket submitted; the same basket again answers the existing order', async () => {
    const sku = skus[0]!
    const basket = await readyBasket(sku)
    const before = await stockOf(sku)
    const created = await place(basket.id)
    if (created.outcome !== 'created') throw new Error(`expected created, got ${created.outcome}`)
    expect(created.order.order).toMatchObject({
      orderCreation: 'COMPLETED',
      statusCode: 'NEW',
      basketId: basket.id,
    })
    expect(created.order.lines.map((l) => [l.sku, l.quantity])).toEqual([[sku, 2]])
    expect(created.order.order.snapshot.data).toMatchObject({ id: basket.id, email: 'gina@example.test' })
    expect(await stockOf(sku)).toBe(before - 2)
    const [row] = await db.select().from(baskets).where(eq(baskets.id, basket.id))
    expect(row!.status).toBe('submitted')

    const again = await place(basket.id)
    expect(again.outcome).toBe('existing')
    if (again.outcome === 'existing') expect(again.order.order.id).toBe(created.order.order.id)
    expect(await stockOf(sku)).toBe(before - 2)
  })

  it('refuses without accepted terms and with an invalid basket, placing nothing', async () => {
    const basket = await readyBasket(skus[1]!)
    const terms = await refusal(() => place(basket.id, false))
    expect(terms).toMatchObject({ kind: 'refused', code: 'basket.validation.terms_and_conditions.error' })
    const unshipped = await basketWith(db, guest, [{ sku: skus[1]!, quantity: 1 }])
    const invalid = await refusal(() => place(unshipped.id))
    expect(invalid.code).toBe('basket.validation.failed.error')
    expect(invalid.causes.map((c) => c.code)).toContain('basket.validation.payment.missing.error')
    expect((await refusal(() => place('not-a-basket'))).kind).toBe('not-found')
  })

  it('rolls back when a payment that redirects before checkout is not authorised, keeping the basket', async () => {
    const basket = await readyBasket(skus[1]!, 'WALLET')
    const result = await place(basket.id)
    expect(result.outcome).toBe('rolled-back')
    if (result.outcome === 'rolled-back') {
      expect(result.notice.code).toBe('order.payment.not_authorized.info')
      expect(result.state.basket.id).toBe(basket.id)
    }
    const [row] = await db.select().from(baskets).where(eq(baskets.id, basket.id))
    expect(row!.status).toBe('open')
  })
})
