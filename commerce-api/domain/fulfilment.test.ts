/**
 * Orders moving without HTTP (fulfilment.ts): shipping some lines and then the rest with carriers and tracking
 * numbers, delivering, processing, cancelling with the stock given back, every other move refused; what each
 * publishes; and the budget rule: a cancelled order no longer spends its buyer's budget, a shipped one does.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { inventories, orderShipments, users } from '../db/schema'
import { DEMO_ADDRESS_IDS } from '../db/seed/checkout'
import { orderSnapshotOf } from '../icm/orders'
import { updateBasket } from './basket-edits'
import { basketTestBed, basketWith, refusal } from './basket-test-fixtures'
import { subscribe, type DomainEvent } from './events'
import {
  cancelOrder,
  carrierName,
  deliverOrder,
  fulfilmentView,
  processOrder,
  shipOrder,
  trackingLink,
  trackingUrl,
} from './fulfilment'
import { createOrder } from './orders'
import { setOpenTender } from './payments'
import type { Principal } from './tokens'
import { userBudgetView } from './users'
import { customerBudgetPriceType } from './budgets'

let db: Db
let buyer: Principal
let skus: string[]
basketTestBed({ skus: 3, login: 'hweber' }, (bed) => ({ db, caller: buyer, skus } = bed))

const published: DomainEvent[] = []
let unsubscribe = () => undefined as void
beforeAll(() => {
  unsubscribe = subscribe(async (_t, event) => {
    published.push(event)
  })
})
afterAll(() => unsubscribe())

/** Places an order of hweber's (Brightline's head office, invoice), one line per item; its number. */
async function placed(items: { sku: string; quantity: number }[], paymentInstrument = 'INVOICE') {
  const basket = await basketWith(db, buyer, items)
  const ready = await updateBasket(
    db,
    basket,
    {
      invoiceToAddress: DEMO_ADDRESS_IDS.brightlineHeadOffice,
      commonShipToAddress: DEMO_ADDRESS_IDS.brightlineHeadOffice,
      commonShippingMethod: 'STD_GROUND',
    },
    buyer,
  )
  await setOpenTender(db, ready, buyer, 'en_US', { paymentInstrument }, 'http://psp.test')
  const result = await createOrder(
    db,
    buyer,
    'en_US',
    { basketId: basket.id, termsAccepted: true },
    orderSnapshotOf,
  )
  if (result.outcome !== 'created') throw new Error(`expected an order, got ${result.outcome}`)
  return result.order.order.documentNumber!
}

const threeLines = () =>
  placed([
    { sku: skus[0]!, quantity: 1 },
    { sku: skus[1]!, quantity: 2 },
    { sku: skus[2]!, quantity: 3 },
  ])

const stockOf = async (sku: string) =>
  (await db.select().from(inventories).where(eq(inventories.sku, sku)))[0]!.stock

const statuses = async (no: string) => {
  const view = await fulfilmentView(db, no)
  return [view.order.statusCode, ...view.lines.map((line) => line.fulfillmentStatus)]
}

const eventsOf = (orderId: string) =>
  published.filter((e) => 'orderId' in e && e.orderId === orderId).map((e) => e.type)

describe('tracking links', () => {
  it('are the known carriers’ tracking pages, the number alone for any other carrier', () => {
    expect(trackingUrl('DHL', '00340434161094042557')).toBe(
      'https://www.dhl.com/de-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=00340434161094042557',
    )
    expect(trackingUrl('ups', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    )
    expect(trackingUrl('dpd', '01234567890123')).toBe(
      'https://tracking.dpd.de/status/en_US/parcel/01234567890123',
    )
    expect(trackingUrl('FedEx', '123456789012')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012')
    expect(trackingUrl(' gls ', 'ZX12 34')).toBe(
      'https://gls-group.com/DE/en/parcel-tracking?match=ZX12%2034',
    )
    expect(trackingUrl('Spedition Meyer', 'M-4711')).toBeUndefined()
    expect(trackingLink('Spedition Meyer', 'M-4711')).toBe('M-4711')
    expect([carrierName('fedex'), carrierName(' Spedition Meyer ')]).toEqual(['FedEx', 'Spedition Meyer'])
  })
})

describe('an order moving', () => {
  it('ships some lines, then the rest, then is delivered; each step once, each parcel tracked', async () => {
    const no = await threeLines()
    expect(await statuses(no)).toEqual(['NEW', 'NEW', 'NEW', 'NEW'])

    const partly = await shipOrder(db, no, {
      carrier: 'dhl',
      trackingNumber: '00340434161094042557',
      positions: [1, 2],
    })
    expect(partly.order.statusCode).toBe('INPROGRESS')
    expect(partly.lines.map((l) => l.fulfillmentStatus)).toEqual(['SHIPPED', 'SHIPPED', 'NEW'])
    expect(partly.order.trackingLinks).toEqual([trackingUrl('DHL', '00340434161094042557')])
    expect(partly.shipments).toMatchObject([{ carrier: 'DHL', trackingNumber: '00340434161094042557' }])
    expect(partly.shipments[0]!.lineIds).toEqual(partly.lines.slice(0, 2).map((l) => l.id))

    const again = await refusal(() =>
      shipOrder(db, no, { carrier: 'UPS', trackingNumber: '1Z1', positions: [2] }),
    )
    expect(again).toMatchObject({ kind: 'conflict', code: 'order.status.transition.error' })
    const early = await refusal(() => deliverOrder(db, no))
    expect(early).toMatchObject({ kind: 'conflict', code: 'order.status.transition.error' })
    const shippedPart = await refusal(() => cancelOrder(db, no))
    expect(shippedPart).toMatchObject({ kind: 'conflict', code: 'order.status.transition.error' })
    expect(await statuses(no)).toEqual(['INPROGRESS', 'SHIPPED', 'SHIPPED', 'NEW'])

    // No positions: whatever is left. An unknown carrier's parcel is tracked by its number.
    const rest = await shipOrder(db, no, { carrier: 'Spedition Meyer', trackingNumber: 'M-4711' })
    expect(rest.order.statusCode).toBe('COMPLETED')
    expect(rest.order.trackingLinks).toEqual([trackingUrl('DHL', '00340434161094042557'), 'M-4711'])
    expect(rest.shipments.map((s) => [s.carrier, s.trackingUrl])).toEqual([
      ['DHL', trackingUrl('DHL', '00340434161094042557')],
      ['Spedition Meyer', null],
    ])
    const nothingLeft = await refusal(() => shipOrder(db, no, { carrier: 'DHL', trackingNumber: '1' }))
    expect(nothingLeft.code).toBe('order.status.transition.error')

    const delivered = await deliverOrder(db, no)
    expect(delivered.order.statusCode).toBe('DELIVERED')
    expect(delivered.lines.map((l) => l.fulfillmentStatus)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED'])
    expect(delivered.order.statusChangedAt).toBeInstanceOf(Date)
    for (const move of [() => deliverOrder(db, no), () => cancelOrder(db, no), () => processOrder(db, no)])
      expect((await refusal(move)).kind).toBe('conflict')
    expect(eventsOf(delivered.order.id)).toEqual([
      'order.placed',
      'order.shipped',
      'order.shipped',
      'order.delivered',
    ])
  })

  it('is processed, then cancelled while nothing was shipped: its stock comes back', async () => {
    const before = await Promise.all(skus.map(stockOf))
    const no = await threeLines()
    expect(await Promise.all(skus.map(stockOf))).toEqual([before[0]! - 1, before[1]! - 2, before[2]! - 3])
    const processing = await processOrder(db, no)
    expect(processing.order.statusCode).toBe('INPROGRESS')
    expect((await refusal(() => processOrder(db, no))).kind).toBe('conflict')
    const cancelled = await cancelOrder(db, no)
    expect(await statuses(no)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED', 'CANCELLED'])
    expect(await Promise.all(skus.map(stockOf))).toEqual(before)
    for (const move of [
      () => cancelOrder(db, no),
      () => shipOrder(db, no, { carrier: 'DHL', trackingNumber: '1' }),
      () => deliverOrder(db, no),
    ])
      expect((await refusal(move)).code).toBe('order.status.transition.error')
    expect(eventsOf(cancelled.order.id)).toEqual(['order.placed', 'order.cancelled'])
  })

  it('refuses unknown lines and orders, bad tracking numbers, and orders not placed yet, changing nothing', async () => {
    const no = await threeLines()
    const unknown = await refusal(() =>
      shipOrder(db, no, { carrier: 'DHL', trackingNumber: '1', positions: [2, 9] }),
    )
    expect(unknown).toMatchObject({ kind: 'refused', code: 'order.line.not_found.error' })
    expect(unknown.causes.map((c) => c.message)).toEqual(['The order has no line at position 9.'])
    const bad = await refusal(() => shipOrder(db, no, { carrier: 'DHL', trackingNumber: '<script>' }))
    expect(bad).toMatchObject({ kind: 'invalid', code: 'order.shipment.tracking_number.invalid' })
    expect((await refusal(() => shipOrder(db, no, { carrier: ' ', trackingNumber: '1' }))).kind).toBe(
      'invalid',
    )
    expect(await statuses(no)).toEqual(['NEW', 'NEW', 'NEW', 'NEW'])
    const view = await fulfilmentView(db, no)
    expect(await db.select().from(orderShipments).where(eq(orderShipments.orderId, view.order.id))).toEqual(
      [],
    )
    expect((await refusal(() => fulfilmentView(db, '999999999'))).kind).toBe('not-found')
    expect((await refusal(() => cancelOrder(db, '999999999'))).kind).toBe('not-found')

    // Paid by card: stopped for the payment page, not placed yet.
    const waiting = await placed([{ sku: skus[0]!, quantity: 1 }], 'CREDIT_CARD')
    expect(await statuses(waiting)).toEqual(['PENDING_PAYMENT', 'NEW'])
    for (const move of [
      () => shipOrder(db, waiting, { carrier: 'DHL', trackingNumber: '1' }),
      () => cancelOrder(db, waiting),
      () => processOrder(db, waiting),
    ])
      expect((await refusal(move)).code).toBe('order.status.transition.error')
  })
})

describe('budgets', () => {
  it('count a shipped order and leave a cancelled one out', async () => {
    const [user] = await db.select().from(users).where(eq(users.login, 'hweber'))
    const spent = async () => (await userBudgetView(db, user!)).spent
    const before = await spent()
    const shippedNo = await placed([{ sku: skus[0]!, quantity: 1 }])
    const cancelledNo = await placed([{ sku: skus[1]!, quantity: 1 }])
    const [shipped, cancelled] = await Promise.all([
      fulfilmentView(db, shippedNo),
      fulfilmentView(db, cancelledNo),
    ])
    const priceType = await customerBudgetPriceType(db, user!.customerNo!)
    const total = ({ order }: typeof shipped) =>
      priceType === 'net' ? order.grandTotalNet! : order.grandTotalGross
    expect((await spent()) - before).toBe(total(shipped) + total(cancelled))
    await shipOrder(db, shippedNo, { carrier: 'GLS', trackingNumber: 'ZX1' })
    await deliverOrder(db, shippedNo)
    expect((await spent()) - before).toBe(total(shipped) + total(cancelled))
    await cancelOrder(db, cancelledNo)
    expect((await spent()) - before).toBe(total(shipped))
  })
})
