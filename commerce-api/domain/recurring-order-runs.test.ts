/**
 * Placing recurring orders without HTTP (recurring-order-runs.ts): on their days and not before, each day once
 * however many runners race for it, the schedule moving on or ending, a refusal switching the recurring order
 * off with its error instead of stopping the run. Time is handed in (`at`); nothing waits for the clock.
 * Patricia (PC-100001) orders from her home address and pays by invoice.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { baskets, orders, recurringOrderExecutions, recurringOrders, users } from '../db/schema'
import { DEMO_ADDRESS_IDS } from '../db/seed/checkout'
import { orderSnapshotOf } from '../icm/orders'
import { updateBasket } from './basket-edits'
import { basketTestBed, basketWith, setStock } from './basket-test-fixtures'
import { createOrder } from './orders'
import { setOpenTender } from './payments'
import { addDays, dayOf, type RecurrenceRequest } from './recurrence'
import { MISSED_ENDED, MISSED_LATE, placeDueRecurringOrders } from './recurring-order-runs'
import { setRecurringOrderActive } from './recurring-orders'
import type { Principal } from './tokens'

let db: Db
let buyer: Principal
let skus: string[]
basketTestBed({ skus: 2, login: 'patricia@ironbridge.test' }, (bed) => ({ db, caller: buyer, skus } = bed))

const HOME = DEMO_ADDRESS_IDS.patriciaHome
const buyerId = () => (buyer as Extract<Principal, { anonymous: false }>).userId
const today = dayOf(new Date())
/** An instant in the morning (UTC) of the day `days` from today. */
const morningOf = (days: number) => new Date(`${addDays(today, days)}T06:00:00Z`)

/** A recurring order of Patricia's: a basket of one product, submitted with its recurrence. */
async function recurringOrder(recurrence: Omit<RecurrenceRequest, 'startDate'> & { startDate?: string }) {
  const basket = await basketWith(db, buyer, [{ sku: skus[0]!, quantity: 1 }])
  const ready = await updateBasket(
    db,
    basket,
    {
      invoiceToAddress: HOME,
      commonShipToAddress: HOME,
      commonShippingMethod: 'STD_GROUND',
      recurrence: { startDate: today, ...recurrence },
    },
    buyer,
  )
  await setOpenTender(db, ready, buyer, 'en_US', { paymentInstrument: 'INVOICE' }, 'http://psp.test')
  const result = await createOrder(
    db,
    buyer,
    'en_US',
    { basketId: basket.id, termsAccepted: true },
    orderSnapshotOf,
  )
  if (result.outcome !== 'recurring') throw new Error(`expected a recurring order, got ${result.outcome}`)
  return result.recurringOrder
}

const run = (at: Date) => placeDueRecurringOrders(db, at, orderSnapshotOf)
const mine = (outcomes: Awaited<ReturnType<typeof run>>, id: string) =>
  outcomes.filter((outcome) => outcome.recurringOrderId === id)
const rowOf = async (id: string) =>
  (await db.select().from(recurringOrders).where(eq(recurringOrders.id, id)))[0]!
const ordersOf = (id: string) => db.select().from(orders).where(eq(orders.recurringOrderId, id))
const executionsOf = (id: string) =>
  db.select().from(recurringOrderExecutions).where(eq(recurringOrderExecutions.recurringOrderId, id))

describe('a recurring order', () => {
  it('becomes one from a basket with a recurrence: the basket its template, nothing ordered yet', async () => {
    const created = await recurringOrder({ interval: 'P2W', repetitions: 3 })
    expect(created).toMatchObject({
      interval: 'P14D',
      startDate: today,
      repetitions: 3,
      active: true,
      expired: false,
      nextOccurrence: 0,
      nextOrderDate: today,
      orderCount: 0,
      userId: buyerId(),
      customerNo: 'PC-100001',
      itemCount: 1,
    })
    expect(created.documentNo).toMatch(/^\d+$/)
    const [template] = await db.select().from(baskets).where(eq(baskets.id, created.id))
    expect(template!.status).toBe('recurring')
    expect(await ordersOf(created.id)).toEqual([])
  })

  it('places its orders on their days and not before, each once, until its repetitions are placed', async () => {
    const { id } = await recurringOrder({ interval: 'P1D', repetitions: 2 })
    expect(mine(await run(morningOf(-1)), id)).toEqual([])

    const first = mine(await run(morningOf(0)), id)
    expect(first).toEqual([
      {
        recurringOrderId: id,
        occurrence: 0,
        scheduledFor: today,
        outcome: 'order',
        orderId: expect.any(String),
      },
    ])
    const [order] = await ordersOf(id)
    expect(order).toMatchObject({ id: first[0]!.orderId, statusCode: 'NEW', customerNo: 'PC-100001' })
    expect(order!.owner).toBe(buyerId())
    expect(await rowOf(id)).toMatchObject({
      orderCount: 1,
      nextOccurrence: 1,
      nextOrderDate: addDays(today, 1),
    })
    expect((await rowOf(id)).lastOrderAt).toEqual(morningOf(0))
    // Run again on the same day, later: nothing more.
    expect(mine(await run(new Date(morningOf(0).getTime() + 8 * 3_600_000)), id)).toEqual([])

    expect(mine(await run(morningOf(1)), id).map((o) => [o.occurrence, o.outcome])).toEqual([[1, 'order']])
    expect(await rowOf(id)).toMatchObject({ orderCount: 2, expired: true, nextOrderDate: null })
    expect(mine(await run(morningOf(2)), id)).toEqual([])
    expect(await ordersOf(id)).toHaveLength(2)
    expect((await executionsOf(id)).map((e) => [e.occurrence, e.outcome])).toEqual([
      [0, 'order'],
      [1, 'order'],
    ])
  })

  it('ends after its end date; days missed meanwhile are passed over, and none is placed after the end', async () => {
    const { id } = await recurringOrder({ interval: 'P3D', endDate: addDays(today, 10) })
    // The scheduler did not run for a week: one order now, for the latest day due (a day late, within the
    // catch-up window), then the next day's.
    expect(mine(await run(morningOf(7)), id).map((o) => [o.occurrence, o.scheduledFor])).toEqual([
      [2, addDays(today, 6)],
    ])
    expect(await rowOf(id)).toMatchObject({
      orderCount: 1,
      nextOccurrence: 3,
      nextOrderDate: addDays(today, 9),
    })
    // Late again, after the end date: the last day is skipped, not placed (issue 31), and the series is over.
    expect(mine(await run(morningOf(12)), id)).toEqual([
      {
        recurringOrderId: id,
        occurrence: 3,
        scheduledFor: addDays(today, 9),
        outcome: 'skipped',
        errorCode: MISSED_ENDED,
      },
    ])
    expect(await rowOf(id)).toMatchObject({ orderCount: 1, expired: true, nextOrderDate: null })
    expect(mine(await run(morningOf(13)), id)).toEqual([])
    expect(await ordersOf(id)).toHaveLength(1)
    expect((await executionsOf(id)).map((e) => [e.occurrence, e.outcome, e.errorCode])).toEqual([
      [2, 'order', null],
      [3, 'skipped', MISSED_ENDED],
    ])
  })

  it('places a missed day only within the catch-up window, skipping an older one and going on with the next', async () => {
    const { id } = await recurringOrder({ interval: 'P1W' })
    // Down for five days with a window of three: today's order is not placed on day 5, the next week's is.
    expect(
      mine(await placeDueRecurringOrders(db, morningOf(5), orderSnapshotOf, { catchUpDays: 3 }), id),
    ).toEqual([
      {
        recurringOrderId: id,
        occurrence: 0,
        scheduledFor: today,
        outcome: 'skipped',
        errorCode: MISSED_LATE,
      },
    ])
    expect(await rowOf(id)).toMatchObject({
      active: true,
      expired: false,
      orderCount: 0,
      nextOccurrence: 1,
      nextOrderDate: addDays(today, 7),
    })
    expect(await ordersOf(id)).toEqual([])
    // Three days late is still within it: the week's order is placed on day 10.
    const placed = mine(
      await placeDueRecurringOrders(db, morningOf(10), orderSnapshotOf, { catchUpDays: 3 }),
      id,
    )
    expect(placed.map((o) => [o.occurrence, o.outcome, o.scheduledFor])).toEqual([
      [1, 'order', addDays(today, 7)],
    ])
    // A skipped day is never placed afterwards, whatever runs again.
    expect(mine(await run(morningOf(10)), id)).toEqual([])
    expect(await ordersOf(id)).toHaveLength(1)
  })

  it('with an end date places its last order on the end date itself', async () => {
    const { id } = await recurringOrder({ interval: 'P1W', endDate: addDays(today, 7) })
    expect(mine(await run(morningOf(0)), id).map((o) => o.scheduledFor)).toEqual([today])
    expect(await rowOf(id)).toMatchObject({ expired: false, nextOrderDate: addDays(today, 7) })
    expect(mine(await run(morningOf(7)), id).map((o) => o.scheduledFor)).toEqual([addDays(today, 7)])
    expect(await rowOf(id)).toMatchObject({ orderCount: 2, expired: true, nextOrderDate: null })
  })

  it('is placed once when two runners race for the same day', async () => {
    const { id } = await recurringOrder({ interval: 'P1W' })
    const [a, b] = await Promise.all([run(morningOf(0)), run(morningOf(0))])
    expect([...mine(a!, id), ...mine(b!, id)]).toHaveLength(1)
    expect(await ordersOf(id)).toHaveLength(1)
    expect(await executionsOf(id)).toHaveLength(1)
    expect(await rowOf(id)).toMatchObject({ orderCount: 1, nextOrderDate: addDays(today, 7) })
  })

  it('never places a day whose execution is recorded, even when its schedule did not move on', async () => {
    const { id } = await recurringOrder({ interval: 'P1M' })
    await db.insert(recurringOrderExecutions).values({
      recurringOrderId: id,
      occurrence: 0,
      scheduledFor: today,
      ranAt: new Date(),
      outcome: 'order',
    })
    expect(mine(await run(morningOf(0)), id)).toEqual([])
    expect(await ordersOf(id)).toEqual([])
    expect((await rowOf(id)).nextOccurrence).toBe(1)
  })

  it('that cannot be placed is switched off with the reason, and goes on with its next day once switched on', async () => {
    const { id } = await recurringOrder({ interval: 'P1D' })
    const own = { customerNo: 'PC-100001', userId: buyerId() }
    const openBaskets = () =>
      db
        .select()
        .from(baskets)
        .where(and(eq(baskets.owner, buyerId()), eq(baskets.status, 'open')))
    const openBefore = (await openBaskets()).length
    await setStock(db, skus[0]!, 0)
    let outcomes
    try {
      outcomes = mine(await run(morningOf(0)), id)
    } finally {
      await setStock(db, skus[0]!, 500)
    }
    expect(outcomes).toEqual([
      {
        recurringOrderId: id,
        occurrence: 0,
        scheduledFor: today,
        outcome: 'failed',
        errorCode: 'basket.line_item.product_out_of_stock.error',
      },
    ])
    const failed = await rowOf(id)
    expect(failed).toMatchObject({ active: false, orderCount: 0, nextOrderDate: today })
    expect(failed.errorCode).toBe(outcomes[0]!.errorCode)
    expect(failed.errorMessage).toEqual(expect.any(String))
    expect(await ordersOf(id)).toEqual([])
    // Nothing of the attempt is left: no order, no copy of the basket.
    expect(await openBaskets()).toHaveLength(openBefore)
    expect(mine(await run(morningOf(1)), id)).toEqual([])

    // Switched on again the same day, the failed day is tried again; two days later it goes on from then.
    await setRecurringOrderActive(db, own, id, false)
    const again = await setRecurringOrderActive(db, own, id, true, morningOf(0))
    expect(again.order).toMatchObject({ active: true, errorCode: null, nextOrderDate: today })
    expect(mine(await run(morningOf(0)), id).map((o) => [o.scheduledFor, o.outcome])).toEqual([
      [today, 'order'],
    ])
    expect((await executionsOf(id)).map((e) => [e.occurrence, e.outcome, e.errorCode])).toEqual([
      [0, 'order', null],
    ])
    await setRecurringOrderActive(db, own, id, false)
    // Switched on two days later: the missed days are passed over.
    const resumed = await setRecurringOrderActive(db, own, id, true, morningOf(2))
    expect(resumed.order).toMatchObject({ active: true, errorCode: null, nextOrderDate: addDays(today, 2) })
    expect(mine(await run(morningOf(2)), id).map((o) => [o.scheduledFor, o.outcome])).toEqual([
      [addDays(today, 2), 'order'],
    ])
  })

  it('whose buyer was deactivated is switched off with that reason', async () => {
    const { id } = await recurringOrder({ interval: 'P1D' })
    const userId = buyerId()
    await db.update(users).set({ active: false }).where(eq(users.id, userId))
    try {
      expect(mine(await run(morningOf(0)), id)).toEqual([
        expect.objectContaining({ outcome: 'failed', errorCode: 'recurringorder.buyer.inactive.error' }),
      ])
    } finally {
      await db.update(users).set({ active: true }).where(eq(users.id, userId))
    }
    expect(await rowOf(id)).toMatchObject({ active: false, errorCode: 'recurringorder.buyer.inactive.error' })
  })
})
