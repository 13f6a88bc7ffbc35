/**
 * The demo order history (order-history.ts) on a fresh seeded database with the demo organization: spread
 * over six months, on cost centers its buyers may use, none for a login the end-to-end tests use, written
 * once, budgets that show it, and orders as complete as any placed through the API.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userPrincipal } from '../../domain/basket-test-fixtures'
import { periodBounds } from '../../domain/budgets'
import { listOrders, requireOrder } from '../../domain/orders'
import { userBudgetView } from '../../domain/users'
import { ORDER_INCLUDES, orderJson, ordersCsv } from '../../icm/orders'
import type { Database } from '../client'
import * as t from '../schema'
import { seededTestDatabase } from '../test-database'
import { DEMO_ADDRESS_IDS } from './checkout'
import {
  DEMO_HISTORY_KEY,
  ensureDemoOrderHistory,
  historyBuyers,
  historyLogins,
  planHistory,
} from './order-history'
import { CANCELLED_ORDERS } from './order-history-states'
import { demoCostCenters, ensureDemoOrganization, userBudgets } from './organization'

/** A Thursday in the middle of a quarter's second month. */
const fixedNow = new Date('2026-05-14T10:30:00Z')

let database: Database
let placed = 0
const db = () => database.db

beforeAll(async () => {
  database = await seededTestDatabase()
  await ensureDemoOrganization(database.db)
  placed = (await ensureDemoOrderHistory(database.db, fixedNow)).created
}, 60_000)
afterAll(async () => {
  await database?.close()
})

const monthOf = (date: Date) => date.toISOString().slice(0, 7)

async function historyOrders() {
  return db()
    .select({ order: t.orders, login: t.users.login })
    .from(t.orders)
    .innerJoin(t.users, eq(t.users.id, t.orders.userId))
    .orderBy(t.orders.createdAt)
}

/** The logins the end-to-end tests log in as: every quoted demo login in e2e/. */
function e2eText() {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../e2e')
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .join('\n')
}

describe('the demo order history', () => {
  it('places about 40 orders', () => {
    expect(placed).toBeGreaterThanOrEqual(35)
    expect(placed).toBeLessThanOrEqual(45)
  })

  it('spreads them over the last six months, the current one included, never after now', async () => {
    const rows = await historyOrders()
    expect(rows).toHaveLength(placed)
    const months = new Set(rows.map((r) => monthOf(r.order.createdAt)))
    expect([...months].sort()).toEqual(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05'])
    for (const { order } of rows) expect(order.createdAt.getTime()).toBeLessThan(fixedNow.getTime())
    // Document numbers follow the dates, as if placed one after another.
    const numbers = rows.map((r) => Number(r.order.documentNumber))
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    // Every history buyer has orders in the current month and in past ones.
    for (const login of historyLogins) {
      const own = rows.filter((r) => r.login === login).map((r) => monthOf(r.order.createdAt))
      expect(own, login).toContain('2026-05')
      expect(new Set(own).size, login).toBeGreaterThanOrEqual(2)
    }
  })

  it('places each order on a cost center its buyer is a buyer of, within the buyer’s order limit', async () => {
    const rows = await historyOrders()
    const buyerOf = new Map(
      demoCostCenters.flatMap((c) => Object.keys(c.buyers).map((login) => [`${c.costCenterId}/${login}`, c])),
    )
    for (const { order, login } of rows) {
      const center = buyerOf.get(`${order.costCenter}/${login}`)
      expect(center, `${login} on ${order.costCenter}`).toBeDefined()
      expect(order.customerNo).toBe(center!.customerNo)
      const limit = userBudgets[login]?.orderSpentLimit
      if (limit) expect(order.grandTotalGross, login).toBeLessThanOrEqual(limit)
      expect(order.grandTotalGross, login).toBeGreaterThanOrEqual(10_000)
      expect(order).toMatchObject({ orderCreation: 'COMPLETED', paymentMethodId: 'INVOICE' })
      expect(['NEW', 'INPROGRESS', 'COMPLETED', 'DELIVERED', 'CANCELLED']).toContain(order.statusCode)
    }
    // In the database as well: the buyer is one of the cost center's buyers.
    const links = await db()
      .select({ login: t.users.login, costCenterId: t.costCenters.costCenterId })
      .from(t.costCenterBuyers)
      .innerJoin(t.costCenters, eq(t.costCenters.id, t.costCenterBuyers.costCenterId))
      .innerJoin(t.users, eq(t.users.id, t.costCenterBuyers.userId))
    const linked = new Set(links.map((l) => `${l.costCenterId}/${l.login}`))
    for (const { order, login } of rows) expect(linked.has(`${order.costCenter}/${login}`)).toBe(true)
  })

  it('gives no order to a login the end-to-end tests order or count orders with', async () => {
    const rows = await historyOrders()
    const logins = new Set(rows.map((r) => r.login))
    expect([...logins].sort()).toEqual([...historyLogins].sort())
    const e2e = e2eText()
    // Named by end-to-end tests that place no order as them: nbauer's budget and the company's orders are read,
    // hweber is made a new cost center's manager.
    const readers = new Set(['nbauer', 'hweber'])
    for (const login of historyLogins.filter((l) => !readers.has(l)))
      expect(e2e, login).not.toMatch(new RegExp(`['"\`]${login}['"\`]`))
    for (const login of [
      'jlink',
      'bbuyer',
      'aapprover',
      'ccowner',
      'omanager',
      'mkestrel',
      'tkestrel',
      'efischer',
    ])
      expect(logins.has(login), login).toBe(false)
  })

  it('adds nothing on a second call', async () => {
    const before = await db().select({ id: t.orders.id }).from(t.orders)
    expect(await ensureDemoOrderHistory(db(), fixedNow)).toEqual({ created: 0, skipped: [] })
    expect(await ensureDemoOrderHistory(db())).toEqual({ created: 0, skipped: [] })
    expect(await db().select({ id: t.orders.id }).from(t.orders)).toHaveLength(before.length)
    const [marker] = await db().select().from(t.meta).where(eq(t.meta.key, DEMO_HISTORY_KEY))
    expect(marker?.value).toMatchObject({ orders: placed })
  })

  it('shows in the budgets: spending this period for every history buyer, one of them over budget', async () => {
    const users = await db().select().from(t.users).where(inArray(t.users.login, historyLogins))
    const over: string[] = []
    for (const user of users) {
      const view = await userBudgetView(db(), user, fixedNow)
      expect(view.spent, user.login).toBeGreaterThan(0)
      if (view.remaining !== null && view.remaining < 0) over.push(user.login)
    }
    expect(over).toEqual(['nbauer'])
    // The cost centers' budgets of the current period hold; Baustellenbetrieb Berlin's buyers are all e2e users'.
    const withHistory = new Set(historyBuyers.map((b) => b.costCenter))
    expect([...withHistory].sort()).toEqual(['100500', '100600', 'K-10'])
    for (const center of demoCostCenters) {
      const bounds = periodBounds(center.budgetPeriod, fixedNow)
      const rows = await db()
        .select({ gross: t.orders.grandTotalGross, at: t.orders.createdAt })
        .from(t.orders)
        .where(
          and(
            eq(t.orders.customerNo, center.customerNo),
            eq(t.orders.costCenter, center.costCenterId),
            ne(t.orders.statusCode, 'CANCELLED'),
          ),
        )
      const spent = rows
        .filter((r) => r.at >= bounds.start && r.at < bounds.end)
        .reduce((sum, r) => sum + r.gross, 0)
      if (withHistory.has(center.costCenterId)) expect(spent, center.costCenterId).toBeGreaterThan(0)
      else expect(spent, center.costCenterId).toBe(0)
      expect(spent, center.costCenterId).toBeLessThan(center.budget)
    }
  })

  it('holds orders in every state an operator leaves them in, with their parcels, and mails nothing', async () => {
    const rows = await historyOrders()
    const states = new Set(rows.map((r) => r.order.statusCode))
    expect([...states].sort()).toEqual(['CANCELLED', 'COMPLETED', 'DELIVERED', 'INPROGRESS', 'NEW'])
    expect(
      rows
        .filter((r) => r.order.statusCode === 'CANCELLED')
        .map((r) => r.login)
        .sort(),
    ).toEqual(CANCELLED_ORDERS.map((c) => c.login).sort())
    // Each buyer's newest order is new; older ones moved on.
    for (const login of historyLogins) {
      const own = rows.filter((r) => r.login === login && r.order.statusCode !== 'CANCELLED')
      expect(own.at(-1)!.order.statusCode, login).toBe('NEW')
      expect(own[0]!.order.statusCode, login).toBe('DELIVERED')
    }
    const lines = await db().select().from(t.orderLineItems)
    const linesOf = (id: string) => lines.filter((l) => l.orderId === id).map((l) => l.fulfillmentStatus)
    const partly = rows.filter(
      (r) => r.order.statusCode === 'INPROGRESS' && linesOf(r.order.id).includes('SHIPPED'),
    )
    expect(partly.length).toBeGreaterThan(0)
    for (const { order } of partly) expect(linesOf(order.id)).toContain('NEW')
    const processing = rows.filter((r) => r.order.statusCode === 'INPROGRESS' && !partly.includes(r))
    expect(processing.length).toBeGreaterThan(0)
    const shipments = await db().select().from(t.orderShipments)
    for (const { order } of rows) {
      const parcels = shipments.filter((s) => s.orderId === order.id)
      const shipped =
        ['COMPLETED', 'DELIVERED'].includes(order.statusCode) || partly.some((p) => p.order === order)
      expect(parcels.length, order.documentNumber!).toBe(shipped ? 1 : 0)
      expect(order.trackingLinks).toEqual(parcels.map((p) => p.trackingUrl ?? p.trackingNumber))
      for (const parcel of parcels) {
        expect(parcel.shippedAt.getTime()).toBeGreaterThan(order.createdAt.getTime())
        expect(parcel.shippedAt.getTime()).toBeLessThanOrEqual(fixedNow.getTime())
      }
      if (order.statusCode === 'DELIVERED') expect(new Set(linesOf(order.id))).toEqual(new Set(['DELIVERED']))
      if (order.statusCode === 'CANCELLED') expect(new Set(linesOf(order.id))).toEqual(new Set(['CANCELLED']))
      if (order.statusCode !== 'NEW')
        expect(order.statusChangedAt!.getTime()).toBeLessThanOrEqual(fixedNow.getTime())
    }
    // Carriers with a tracking page, and one whose number alone is the tracking link.
    expect(new Set(shipments.map((s) => s.carrier)).size).toBeGreaterThanOrEqual(5)
    expect(shipments.some((s) => s.trackingUrl === null)).toBe(true)
    // The past sends no mail (no subscriber while seeding).
    expect(await db().select().from(t.mailOutbox)).toEqual([])
  })

  it('keeps the plan’s spending: a cancelled order counts toward no budget', async () => {
    const rows = await historyOrders()
    const users = await db().select().from(t.users).where(inArray(t.users.login, historyLogins))
    for (const user of users) {
      const view = await userBudgetView(db(), user, fixedNow)
      const bounds = periodBounds(user.budgetPeriod!, fixedNow)
      const inPeriod = rows.filter(
        (r) => r.login === user.login && r.order.createdAt >= bounds.start && r.order.createdAt < bounds.end,
      )
      const counted = inPeriod.filter((r) => r.order.statusCode !== 'CANCELLED')
      expect(view.spent, user.login).toBe(counted.reduce((sum, r) => sum + r.order.grandTotalGross, 0))
      if (user.login === 'rkestrel') expect(inPeriod.length).toBeGreaterThan(counted.length)
    }
  })

  it('keeps complete orders: detail with lines, totals and addresses, the list and the CSV', async () => {
    for (const login of ['hweber', 'skestrel']) {
      const principal = await userPrincipal(db(), login)
      const list = await listOrders(db(), principal, { limit: 30, offset: 0, allBuyers: false })
      const planned = historyBuyers.find((b) => b.login === login)!.perMonth.reduce((a, b) => a + b, 0)
      const cancelled = CANCELLED_ORDERS.filter((c) => c.login === login).length
      expect(list.total).toBe(planned + cancelled)
      const dates = list.orders.map((v) => v.order.createdAt.getTime())
      expect(dates).toEqual([...dates].sort((a, b) => b - a))
      const oldest = list.orders.at(-1)!.order
      const view = await requireOrder(db(), principal, oldest.id)
      expect(view.lines.length).toBeGreaterThanOrEqual(1)
      expect(view.lines.length).toBeLessThanOrEqual(4)
      expect(view.lines.reduce((sum, l) => sum + l.totalGross, 0)).toBeLessThanOrEqual(oldest.grandTotalGross)
      const json = orderJson(view, 'en_US', ORDER_INCLUDES)
      const data = json.data as Record<string, unknown>
      expect(data).toMatchObject({
        creationDate: oldest.createdAt.toISOString(),
        documentNumber: oldest.documentNumber,
        costCenter: oldest.costCenter,
        // The oldest orders have arrived long since.
        statusCode: 'DELIVERED',
      })
      expect(data.totals).toMatchObject({ grandTotal: { gross: { currency: 'EUR' } } })
      const totals = data.totals as { grandTotal: { gross: { value: number } } }
      expect(Math.round(totals.grandTotal.gross.value * 100)).toBe(oldest.grandTotalGross)
      const included = json.included as Record<string, Record<string, Record<string, unknown>>>
      expect(Object.keys(included.lineItems!)).toHaveLength(view.lines.length)
      const invoice = Object.values(included.invoiceToAddress ?? {})[0]
      const shipTo = Object.values(included.commonShipToAddress ?? {})[0]
      expect(invoice).toMatchObject({ countryCode: 'DE' })
      expect(shipTo).toMatchObject({ countryCode: 'DE' })
      if (login === 'hweber')
        expect([DEMO_ADDRESS_IDS.brightlineHeadOffice, DEMO_ADDRESS_IDS.brightlineSite]).toContain(
          (shipTo as { id: string }).id,
        )
      else expect(invoice).toMatchObject({ companyName1: 'Kestrel Facility Services GmbH' })
      expect(Object.values(included.payments ?? {})[0]).toMatchObject({ status: 'Authorized' })
      expect(Object.keys(included.commonShippingMethod ?? {})).toHaveLength(1)
      const csv = ordersCsv([view], 'en_US').trim().split('\r\n')
      expect(csv).toHaveLength(view.lines.length + 1)
      expect(csv[1]).toContain(
        `${oldest.documentNumber},${oldest.createdAt.toISOString().slice(0, 10)},Delivered`,
      )
      expect(csv[1]!.endsWith(`,EUR,${oldest.costCenter}`)).toBe(true)
    }
  })
})

describe('the plan of the history', () => {
  const nows = [
    fixedNow,
    new Date('2026-01-01T00:00:30Z'),
    new Date('2026-03-02T05:00:00Z'),
    new Date('2026-06-30T23:59:00Z'),
    new Date('2026-09-28T12:00:00Z'),
  ]

  it('lies in the six months up to now, whatever day now is, with at most two orders of cmartin a quarter', () => {
    for (const now of nows) {
      const plan = planHistory(now)
      expect(plan.length).toBe(40)
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, 1))
      for (const order of plan) {
        expect(order.at.getTime(), now.toISOString()).toBeLessThanOrEqual(now.getTime())
        expect(order.at.getTime()).toBeGreaterThanOrEqual(first.getTime())
      }
      expect(new Set(plan.map((o) => monthOf(o.at))).size).toBe(6)
      const quarter = periodBounds('quarterly', now)
      const cmartin = plan.filter((o) => o.buyer.login === 'cmartin' && o.at >= quarter.start)
      expect(cmartin.length).toBeLessThanOrEqual(2)
    }
  })

  it('is the same plan every time', () => {
    expect(planHistory(fixedNow)).toEqual(planHistory(fixedNow))
  })
})

describe('the demo order history beyond a budget (issue 18)', () => {
  // At the end of November the plan takes nbauer beyond her budgets: that order needed approval.
  const lateNow = new Date('2026-11-27T20:00:00Z')
  let late: Database

  beforeAll(async () => {
    late = await seededTestDatabase()
    await ensureDemoOrganization(late.db)
    await ensureDemoOrderHistory(late.db, lateNow)
  }, 60_000)
  afterAll(async () => {
    await late?.close()
  })

  it('places every planned order, those beyond a budget as requisitions approved by the company', async () => {
    const rows = await late.db.select().from(t.orders)
    expect(rows.length).toBe(planHistory(lateNow).length + CANCELLED_ORDERS.length)
    expect(rows.every((row) => row.documentNumber !== null)).toBe(true)
    const approved = rows.filter((row) => row.requisitionNo !== null)
    expect(approved.length).toBeGreaterThan(0)
    for (const row of approved) {
      expect(row.approvalStatus).toBe('APPROVED')
      expect(row.approverName).toMatch(/\S/)
      // Decided an hour after it was submitted, on the order's own day.
      expect(row.approvedAt!.getTime() - row.createdAt.getTime()).toBeLessThan(86_400_000)
    }
  })
})
