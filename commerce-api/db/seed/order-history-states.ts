/**
 * Where the demo history's orders stand (issue 30, ADR 0026): as an operator would have moved them with the
 * back office, each buyer's orders are, newest first, new, in progress, partly shipped (the first line in a
 * parcel, the rest to follow), shipped with tracking, and older ones delivered; the carriers vary (DHL, UPS,
 * DPD, GLS, FedEx, and a haulier without a tracking page, whose number alone is the tracking link). Besides,
 * two orders were cancelled by the shop: placed beside the plan and cancelled within hours, they spend no
 * budget, so the history's spending (README, order-history.ts) is that of the plan alone.
 *
 * The moves go through domain/fulfilment.ts, as the back office's do, on the days they would have happened
 * (never after `now`). The seed runs before the server subscribes the mail: the past sends no mail.
 */
import type { Db } from '../client'
import { cancelOrder, deliverOrder, processOrder, shipOrder } from '../../domain/fulfilment'
import type { OrderRow } from '../../domain/order-types'
import { linesOf } from '../../domain/orders'
import { createRandom, type Random } from './random'

const HOUR = 3_600_000

/** The buyers whose history has a cancelled order, and how many months back (0: this month). */
export const CANCELLED_ORDERS: readonly { login: string; back: number }[] = [
  { login: 'hweber', back: 2 },
  { login: 'rkestrel', back: 0 },
]

/** The carriers the history ships with: their tracking numbers as they print them. */
const CARRIERS: { name: string; number: (random: Random) => string }[] = [
  { name: 'DHL', number: (r) => `00340434${digits(r, 12)}` },
  { name: 'UPS', number: (r) => `1Z${digits(r, 3)}AA1${digits(r, 10)}` },
  { name: 'DPD', number: (r) => `0${digits(r, 13)}` },
  { name: 'GLS', number: (r) => `ZX${digits(r, 9)}` },
  { name: 'FedEx', number: (r) => digits(r, 12) },
  { name: 'Spedition Nordwind', number: (r) => `SN-${digits(r, 6)}` },
]

function digits(random: Random, count: number) {
  return Array.from({ length: count }, () => random.int(0, 9)).join('')
}

/** The state an order of the history is left in. */
export type HistoryState = 'NEW' | 'INPROGRESS' | 'PARTLY_SHIPPED' | 'COMPLETED' | 'DELIVERED'

/**
 * The states of one buyer's orders, newest first: new, in progress, partly shipped (shipped, when it has one
 * line only), shipped when the buyer has five orders or more, and delivered for the older ones.
 */
export function statesOf(lineCounts: readonly number[]): HistoryState[] {
  return lineCounts.map((count, i) => {
    if (i === 0) return 'NEW'
    if (i === 1) return 'INPROGRESS'
    if (i === 2) return count > 1 ? 'PARTLY_SHIPPED' : 'COMPLETED'
    return i === 3 && lineCounts.length >= 5 ? 'COMPLETED' : 'DELIVERED'
  })
}

/** An instant `hours` after `from`, but never after `now`. */
const after = (from: Date, hours: number, now: Date) =>
  new Date(Math.min(from.getTime() + hours * HOUR, now.getTime()))

/** Moves the history's orders (each with its buyer's login) to their states; how many ended in each. */
export async function moveHistory(
  db: Db,
  placed: { login: string; order: OrderRow }[],
  now: Date,
): Promise<Record<HistoryState, number>> {
  const random = createRandom(2_026_030)
  const counts: Record<HistoryState, number> = {
    NEW: 0,
    INPROGRESS: 0,
    PARTLY_SHIPPED: 0,
    COMPLETED: 0,
    DELIVERED: 0,
  }
  let parcel = 0
  const ship = async (order: OrderRow, at: Date, positions?: number[]) => {
    const carrier = CARRIERS[parcel++ % CARRIERS.length]!
    await shipOrder(
      db,
      order.documentNumber!,
      { carrier: carrier.name, trackingNumber: carrier.number(random), positions },
      at,
    )
  }
  for (const login of [...new Set(placed.map((p) => p.login))].sort()) {
    const own = placed
      .filter((p) => p.login === login)
      .sort((a, b) => b.order.createdAt.getTime() - a.order.createdAt.getTime())
    const positions: number[][] = []
    for (const { order } of own) positions.push((await linesOf(db, order.id)).map((line) => line.position))
    const states = statesOf(positions.map((list) => list.length))
    for (const [i, { order }] of own.entries()) {
      const state = states[i]!
      counts[state]++
      const placedAt = order.createdAt
      if (state === 'INPROGRESS') await processOrder(db, order.documentNumber!, after(placedAt, 3, now))
      if (state === 'PARTLY_SHIPPED') await ship(order, after(placedAt, 24, now), positions[i]!.slice(0, 1))
      if (state === 'COMPLETED' || state === 'DELIVERED') await ship(order, after(placedAt, 26, now))
      if (state === 'DELIVERED') await deliverOrder(db, order.documentNumber!, after(placedAt, 74, now))
    }
  }
  return counts
}

/** Cancels an order of the history a few hours after it was placed, as the shop did. */
export const cancelHistoryOrder = (db: Db, order: OrderRow, now: Date) =>
  cancelOrder(db, order.documentNumber!, after(order.createdAt, 4, now))
