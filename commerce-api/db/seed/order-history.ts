/**
 * A past for the demo companies (issue 17: "past orders spread over the last months so budgets show
 * spending"): about 40 orders of Brightline's and Kestrel's staff over the last six months, the current one
 * included, each on a cost center its buyer orders on. Every order is placed as a shopper places it, through
 * the domain functions the API uses (basket, items, addresses, shipping method, cost center, the INVOICE
 * payment, then `createOrder` with the snapshot of `POST orders`), so that order history, order detail and
 * CSV show it like any other; afterwards its dates are moved back to the day it is meant to have been placed.
 *
 * Only users no end-to-end test logs in as get a history (their order lists and budgets stay as the tests
 * expect). Amounts keep each order within its buyer's order limit and each buyer's current period mostly
 * within the budgets of organization.ts; one buyer (nbauer) is visibly over her monthly budget this month.
 * Afterwards the orders are moved as the shop's operator would have (order-history-states.ts): new, in
 * progress, partly shipped, shipped with tracking, delivered; two more orders, placed beside the plan, were
 * cancelled, and spend no budget.
 *
 * Deterministic (seeded random numbers; only the dates follow `now`), one transaction, and written once: the
 * marker row `meta.demo-order-history` is claimed first, so a second call (or a second process starting at
 * the same time) adds nothing. Needs the demo organization (`ensureDemoOrganization`) in place.
 */
import { and, asc, eq, gte, inArray, isNull, notInArray, or } from 'drizzle-orm'
import { isLocale, MAX_ITEM_QUANTITY, type Locale } from '../../domain/channel'
import { createBasketAddress, type AddressInput } from '../../domain/addresses'
import { addItems, createBasket, tierFor } from '../../domain/basket'
import { updateBasket } from '../../domain/basket-edits'
import { orderableCostCenters, type Caller } from '../../domain/cost-centers'
import { MANDATORY_LINK_TYPES } from '../../domain/mandatory'
import { createOrder } from '../../domain/orders'
import type { OrderRow } from '../../domain/order-types'
import { decideRequisition, principalOfUser } from '../../domain/requisitions'
import { setOpenTender } from '../../domain/payments'
import { permissionIdsOfRoles } from '../../domain/permissions'
import { orderSnapshotOf } from '../../icm/orders'
import type { Db } from '../client'
import * as t from '../schema'
import { DEMO_ADDRESS_IDS } from './checkout'
import { CANCELLED_ORDERS, cancelHistoryOrder, moveHistory } from './order-history-states'
import { createRandom, type Random } from './random'

/** The meta row that says the history was written (its value: how many orders, when). */
export const DEMO_HISTORY_KEY = 'demo-order-history'

/** How many months the history covers, the current one included. */
export const HISTORY_MONTHS = 6

type HistoryBuyer = {
  login: string
  /** The cost center the buyer orders on (organization.ts: they are one of its buyers). */
  costCenter: string
  /** Gross EUR of one order, before shipping: within the buyer's order limit. */
  amount: [number, number]
  /** Orders per month: this month's first, then last month's, and so on back to five months ago. */
  perMonth: [number, number, number, number, number, number]
  /** Where Brightline's buyers have their goods shipped: the site office or the head office. */
  shipTo?: 'site' | 'office' | 'both'
}

/**
 * Who has a history and how much they order: Brightline's and Kestrel's buyers that no end-to-end test logs
 * in as (efischer, mfoster, lnowak, adumitru and tschulz are e2e/organization.spec.ts's; the one-per-role users
 * are the other specs'), so Baustellenbetrieb Berlin (100400), whose buyers all are, has none. The budgets they
 * are measured against (organization.ts, gross EUR):
 * - hweber: 15,000 a quarter, 4,000 an order; Werkstatt und Fuhrpark (100500) 25,000 a quarter;
 * - cmartin: 30,000 a year, 2,500 an order, 4,000 a quarter on 100600 (so never more than two a quarter);
 * - nbauer: 6,000 a month, 2,000 an order, 2,000 a month on 100600: this month's four orders take her over
 *   both, the one budget overrun the history shows; Hauptverwaltung (100600) 40,000 a year;
 * - rkestrel: 12,000 a quarter, 3,000 an order; lkestrel: 9,000 a quarter, 2,000 an order; skestrel: 5,000 a
 *   month, 1,500 an order, 1,500 a month on K-10; Gebäudeservice Nord (K-10) 30,000 a quarter.
 */
export const historyBuyers: HistoryBuyer[] = [
  {
    login: 'hweber',
    costCenter: '100500',
    amount: [600, 3000],
    perMonth: [1, 1, 2, 1, 1, 1],
    shipTo: 'both',
  },
  {
    login: 'cmartin',
    costCenter: '100600',
    amount: [500, 1700],
    perMonth: [1, 1, 0, 1, 1, 0],
    shipTo: 'office',
  },
  {
    login: 'nbauer',
    costCenter: '100600',
    amount: [1650, 1950],
    perMonth: [4, 1, 1, 1, 1, 1],
    shipTo: 'office',
  },
  { login: 'rkestrel', costCenter: 'K-10', amount: [800, 2800], perMonth: [1, 1, 1, 1, 2, 1] },
  { login: 'lkestrel', costCenter: 'K-10', amount: [500, 1900], perMonth: [1, 1, 2, 1, 1, 1] },
  { login: 'skestrel', costCenter: 'K-10', amount: [300, 1400], perMonth: [1, 1, 1, 1, 1, 1] },
]

/** The logins with a history. */
export const historyLogins = historyBuyers.map((b) => b.login)

/** Kestrel keeps no address book in the demo: its buyers enter the facility's address for each order. */
const kestrelAddress = (firstName: string, lastName: string): AddressInput => ({
  companyName1: 'Kestrel Facility Services GmbH',
  companyName2: 'Gebäudeservice Nord',
  firstName,
  lastName,
  addressLine1: 'Am Wall 150',
  postalCode: '28195',
  city: 'Bremen',
  mainDivision: 'HB',
  countryCode: 'DE',
  phoneBusiness: '+49 421 3300400',
})

const MESSAGES = [
  'Please deliver to the site entrance; the crane is in use until noon.',
  'Delivery on weekdays between 7:00 and 15:00, please.',
  'Please call the site manager before delivery.',
]

const DAY = 86_400_000
const TAX = 1.19
const SHIPPING: Record<string, number> = { STD_GROUND: 0, EXP_EXPRESS: 1290, PICKUP: 0 }

/** One order of the plan: who, when, how much, how it is shipped. */
type PlannedOrder = {
  buyer: HistoryBuyer
  at: Date
  grossTarget: number
  lines: number
  shipping: string
  shipToSite: boolean
  reference: boolean
  message: string | null
  /** One of the orders the shop cancelled (beside the plan; its products are drawn apart). */
  cancelled?: boolean
}

const monthStart = (now: Date, back: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))

/** Days the shop's business customers do not order on: weekends and the holidays around the new year. */
const isDayOff = (day: Date) =>
  day.getUTCDay() === 0 ||
  day.getUTCDay() === 6 ||
  (day.getUTCMonth() === 11 && [24, 25, 26, 31].includes(day.getUTCDate())) ||
  (day.getUTCMonth() === 0 && day.getUTCDate() === 1)

/** A time of the working day (6:00 to 16:00 UTC) on the day of `day`, to the second. */
const workingHour = (random: Random, day: Date) =>
  new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) +
      (random.int(6 * 60, 16 * 60 - 1) * 60 + random.int(0, 59)) * 1000,
  )

/** A working day and hour in the month `back` months before `now`'s. */
function pastInstant(random: Random, now: Date, back: number) {
  const start = monthStart(now, back)
  const days = Math.round((monthStart(now, back - 1).getTime() - start.getTime()) / DAY)
  for (;;) {
    const day = new Date(start.getTime() + random.int(0, days - 1) * DAY)
    if (!isDayOff(day)) return workingHour(random, day)
  }
}

/**
 * An instant of the current period, between its start and `now` (never after `now`): a working hour of a
 * working day when the period so far has one, else any instant of it.
 */
function currentInstant(random: Random, start: Date, now: Date) {
  const span = now.getTime() - start.getTime()
  for (let attempt = 0; attempt < 8; attempt++) {
    const at = workingHour(random, new Date(start.getTime() + Math.floor(random.next() * span)))
    if (!isDayOff(at) && at >= start && at < now) return at
  }
  return new Date(start.getTime() + Math.floor((0.05 + 0.9 * random.next()) * span))
}

/** The whole history, oldest order first: depends only on `now` and the seed. */
export function planHistory(now: Date): PlannedOrder[] {
  const random = createRandom(20_170_617)
  const planned: PlannedOrder[] = []
  for (const buyer of historyBuyers) {
    const instants = buyer.perMonth.flatMap((count, back) =>
      Array.from({ length: count }, () =>
        back === 0 ? currentInstant(random, monthStart(now, 0), now) : pastInstant(random, now, back),
      ),
    )
    for (const at of instants) {
      const shipping = random.chance(0.15) ? 'EXP_EXPRESS' : random.chance(0.1) ? 'PICKUP' : 'STD_GROUND'
      planned.push({
        buyer,
        at,
        grossTarget: random.int(buyer.amount[0] * 100, buyer.amount[1] * 100),
        lines: random.pick([1, 2, 2, 3, 3, 3, 4, 4]),
        shipping,
        shipToSite: buyer.shipTo === 'site' || (buyer.shipTo === 'both' && random.chance(0.5)),
        reference: random.chance(0.4),
        message: random.chance(0.2) ? random.pick(MESSAGES) : null,
      })
    }
  }
  return planned.sort((a, b) => a.at.getTime() - b.at.getTime() || a.buyer.login.localeCompare(b.buyer.login))
}

/**
 * The orders the shop cancelled (CANCELLED_ORDERS), beside the plan: their own random numbers, so the plan's
 * orders, amounts and products are the same with or without them.
 */
export function planCancelled(now: Date): PlannedOrder[] {
  const random = createRandom(30_062_026)
  return CANCELLED_ORDERS.flatMap(({ login, back }) => {
    const buyer = historyBuyers.find((b) => b.login === login)
    if (!buyer) return []
    const at = back === 0 ? currentInstant(random, monthStart(now, 0), now) : pastInstant(random, now, back)
    return [
      {
        buyer,
        at,
        grossTarget: random.int(buyer.amount[0] * 100, buyer.amount[1] * 100),
        lines: random.pick([1, 2, 3]),
        shipping: 'STD_GROUND',
        shipToSite: false,
        reference: false,
        message: null,
        cancelled: true,
      },
    ]
  })
}

/** A product an order may take: plain quantity rules, its EUR price tiers, the pieces it may still give. */
type Candidate = { sku: string; tiers: { minQuantity: number; net: number }[]; cap: number }

/**
 * Products fit for the history: online simple products (or variations) with quantity rules 1/1, a EUR price,
 * no mandatory items, no automatic promotion (so amounts come out as planned), and plenty of stock: the
 * history takes at most a fifth of a product's stock, so nothing runs out because of it.
 */
async function candidates(db: Db): Promise<Candidate[]> {
  const promoted = db
    .select({ sku: t.productPromotions.sku })
    .from(t.productPromotions)
    .innerJoin(t.promotions, eq(t.promotions.id, t.productPromotions.promotionId))
    .where(isNull(t.promotions.code))
  const mandatory = db
    .select({ sku: t.productLinks.sku })
    .from(t.productLinks)
    .where(inArray(t.productLinks.linkType, [...MANDATORY_LINK_TYPES]))
  const rows = await db
    .select({
      sku: t.products.sku,
      max: t.products.maxOrderQuantity,
      saleNet: t.prices.saleNet,
      scaled: t.prices.scaled,
      stock: t.inventories.stock,
      always: t.inventories.alwaysInStock,
    })
    .from(t.products)
    .innerJoin(t.prices, and(eq(t.prices.sku, t.products.sku), eq(t.prices.currency, 'EUR')))
    .innerJoin(t.inventories, eq(t.inventories.sku, t.products.sku))
    .where(
      and(
        inArray(t.products.kind, ['product', 'variation']),
        eq(t.products.online, true),
        eq(t.products.minOrderQuantity, 1),
        eq(t.products.stepQuantity, 1),
        or(eq(t.inventories.alwaysInStock, true), gte(t.inventories.stock, 100)),
        notInArray(t.products.sku, promoted),
        notInArray(t.products.sku, mandatory),
      ),
    )
    .orderBy(asc(t.products.sku))
  return rows.map((r) => ({
    sku: r.sku,
    tiers: [{ minQuantity: 1, net: r.saleNet }, ...r.scaled],
    cap: Math.min(r.max ?? MAX_ITEM_QUANTITY, MAX_ITEM_QUANTITY, r.always ? 1_000 : Math.floor(r.stock / 5)),
  }))
}

const lineNet = (c: Candidate, quantity: number) => quantity * (tierFor(c.tiers, quantity)?.net ?? 0)

/** The most pieces of `c` whose line stays within `net`, within what it may still give (`left`). */
function piecesFor(c: Candidate, net: number, left: number) {
  let best = 0
  for (let q = 1; q <= left; q++) if (lineNet(c, q) <= net) best = q
  return best
}

/**
 * The items of an order that come close to `targetNet` (never above it): up to `lines` products, each given
 * a share of the amount, then topped up with the cheapest of them. Takes the pieces from `taken`.
 */
function itemsFor(
  random: Random,
  pool: Candidate[],
  taken: Map<string, number>,
  targetNet: number,
  lines: number,
) {
  const weights = Array.from({ length: lines }, () => 1 + random.next() * 2)
  const sum = weights.reduce((a, b) => a + b, 0)
  const chosen: { c: Candidate; quantity: number }[] = []
  let spent = 0
  for (const weight of weights) {
    const share = Math.floor((targetNet * weight) / sum)
    const left = (c: Candidate) => c.cap - (taken.get(c.sku) ?? 0)
    const open = pool.filter((c) => !chosen.some((x) => x.c.sku === c.sku) && left(c) > 0)
    // Rather a product that takes a few pieces to reach its share than one piece of something dear.
    const fitting = open.filter((c) => c.tiers[0]!.net <= share / 2 && c.tiers[0]!.net * 60 >= share)
    const cheap = open.filter((c) => c.tiers[0]!.net <= share)
    const c = fitting.length ? random.pick(fitting) : cheap.length ? random.pick(cheap) : undefined
    if (!c) continue
    const quantity = piecesFor(c, Math.min(share, targetNet - spent), left(c))
    if (quantity === 0) continue
    chosen.push({ c, quantity })
    spent += lineNet(c, quantity)
  }
  for (const line of [...chosen].sort((a, b) => a.c.tiers[0]!.net - b.c.tiers[0]!.net)) {
    const left = line.c.cap - (taken.get(line.c.sku) ?? 0)
    const before = lineNet(line.c, line.quantity)
    const quantity = piecesFor(line.c, targetNet - spent + before, left)
    if (quantity > line.quantity) {
      spent += lineNet(line.c, quantity) - before
      line.quantity = quantity
    }
  }
  for (const { c, quantity } of chosen) taken.set(c.sku, (taken.get(c.sku) ?? 0) + quantity)
  return chosen.map(({ c, quantity }) => ({ sku: c.sku, quantity }))
}

type Buyer = { principal: Caller; locale: Locale; firstName: string; lastName: string }

/** The history buyers as principals (as a token check makes them), with the cost centers they order on. */
async function buyersOf(db: Db): Promise<Map<string, Buyer>> {
  const rows = await db
    .select({
      id: t.users.id,
      login: t.users.login,
      customerNo: t.users.customerNo,
      customerType: t.customers.type,
      active: t.users.active,
      roleIds: t.users.roles,
      permissionIds: permissionIdsOfRoles(t.users.roles),
      language: t.users.preferredLanguage,
      firstName: t.users.firstName,
      lastName: t.users.lastName,
    })
    .from(t.users)
    .innerJoin(t.customers, eq(t.customers.customerNo, t.users.customerNo))
    .where(inArray(t.users.login, historyLogins))
  const found = new Map<string, Buyer>()
  for (const row of rows) {
    const buyer = historyBuyers.find((b) => b.login === row.login)
    if (!buyer || !row.active || row.customerType !== 'SMBCustomer' || !row.customerNo) continue
    const principal: Caller = {
      anonymous: false,
      subject: row.id,
      token: '',
      userId: row.id,
      customerNo: row.customerNo,
      customerType: 'SMBCustomer',
      login: row.login,
      roleIds: row.roleIds,
      permissionIds: row.permissionIds,
    }
    // A buyer a demo user took off the cost center since (or before the organization exists) has no history.
    const eligible = await orderableCostCenters(db, principal)
    if (!eligible.some((c) => c.costCenterId === buyer.costCenter)) continue
    found.set(row.login, {
      principal,
      locale: isLocale(row.language) ? row.language : 'en_US',
      firstName: row.firstName,
      lastName: row.lastName,
    })
  }
  return found
}

/** Places one planned order as its buyer would, and moves it (and its basket) back to its date. */
async function placeOrder(
  db: Db,
  order: PlannedOrder,
  buyer: Buyer,
  items: { sku: string; quantity: number }[],
  serial: number,
) {
  const { principal, locale } = buyer
  const basket = await createBasket(db, principal, 'EUR')
  await addItems(db, basket, locale, items)
  let invoiceTo: string = DEMO_ADDRESS_IDS.brightlineHeadOffice
  let shipTo: string = order.shipToSite ? DEMO_ADDRESS_IDS.brightlineSite : invoiceTo
  if (principal.customerNo !== 'BC-200001') {
    const address = await createBasketAddress(
      db,
      basket,
      principal,
      kestrelAddress(buyer.firstName, buyer.lastName),
    )
    invoiceTo = shipTo = address.id
  }
  const month = order.at.toISOString().slice(0, 7).replace('-', '')
  const ready = await updateBasket(
    db,
    basket,
    {
      invoiceToAddress: invoiceTo,
      commonShipToAddress: shipTo,
      commonShippingMethod: order.shipping,
      costCenter: order.buyer.costCenter,
      externalOrderReference: order.reference ? `PO-${month}-${String(serial).padStart(3, '0')}` : null,
      messageToMerchant: order.message,
    },
    principal,
  )
  await setOpenTender(db, ready, principal, locale, { paymentInstrument: 'INVOICE' }, '')
  const result = await createOrder(
    db,
    principal,
    locale,
    { basketId: basket.id, termsAccepted: true },
    orderSnapshotOf,
    order.at,
  )
  const { at } = order
  // An order beyond a budget was a requisition, approved by the company's approvers (issue 18) on its day.
  if (result.outcome === 'requisition') await approveAll(db, result.order.order.id, at)
  else if (result.outcome !== 'created')
    throw new Error(`demo order history: the order of ${principal.login} was not placed (${result.outcome})`)
  await db.update(t.orders).set({ createdAt: at }).where(eq(t.orders.id, result.order.order.id))
  await db.update(t.baskets).set({ createdAt: at, updatedAt: at }).where(eq(t.baskets.id, basket.id))
  await db.update(t.lineItems).set({ createdAt: at }).where(eq(t.lineItems.basketId, basket.id))
  await db.update(t.basketPayments).set({ createdAt: at }).where(eq(t.basketPayments.basketId, basket.id))
  await db.update(t.addresses).set({ createdAt: at }).where(eq(t.addresses.basketId, basket.id))
  // As it is now: a requisition has become the order, with its number.
  const [row] = await db.select().from(t.orders).where(eq(t.orders.id, result.order.order.id))
  return row!
}

/** Approves a requisition of the history: each stage by its first approver, an hour after it was submitted. */
async function approveAll(db: Db, id: string, at: Date) {
  const decidedAt = new Date(at.getTime() + 3600_000)
  for (;;) {
    const [open] = await db
      .select()
      .from(t.requisitionStages)
      .where(and(eq(t.requisitionStages.orderId, id), eq(t.requisitionStages.statusCode, 'PENDING')))
    if (!open) return
    const approver = await principalOfUser(db, open.approverIds[0]!)
    const { outcome } = await decideRequisition(db, approver!, id, { statusCode: 'APPROVED' }, decidedAt)
    if (outcome !== 'approved' && outcome !== 'stage-approved')
      throw new Error(`demo order history: requisition ${id} was not approved (${outcome})`)
  }
}

export type DemoHistoryResult = { created: number; skipped: string[] }

/**
 * Places the demo order history once (see the module comment); a later call adds nothing. `now` is the
 * instant the history ends at: its current-period orders lie between the period's start and `now`.
 */
export async function ensureDemoOrderHistory(db: Db, now = new Date()): Promise<DemoHistoryResult> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db
    // Claimed first: a concurrent call waits here for this transaction and then finds the row taken.
    const [claimed] = await txDb
      .insert(t.meta)
      .values({ key: DEMO_HISTORY_KEY, value: { orders: 0 } })
      .onConflictDoNothing()
      .returning({ key: t.meta.key })
    if (!claimed) return { created: 0, skipped: [] }
    const buyers = await buyersOf(txDb)
    const skipped = historyLogins.filter((login) => !buyers.has(login))
    const pool = await candidates(txDb)
    // The plan's orders and the cancelled ones draw their products apart, so neither changes the other's.
    const draws = {
      plan: { random: createRandom(4_711), taken: new Map<string, number>() },
      cancelled: { random: createRandom(4_712), taken: new Map<string, number>() },
    }
    const schedule = [...planHistory(now), ...planCancelled(now)].sort(
      (a, b) => a.at.getTime() - b.at.getTime() || a.buyer.login.localeCompare(b.buyer.login),
    )
    const placed: { login: string; order: OrderRow }[] = []
    let created = 0
    for (const order of schedule) {
      const buyer = buyers.get(order.buyer.login)
      if (!buyer) continue
      const targetNet = Math.floor((order.grossTarget - (SHIPPING[order.shipping] ?? 0) * TAX - 500) / TAX)
      const draw = order.cancelled ? draws.cancelled : draws.plan
      const items = itemsFor(draw.random, pool, draw.taken, targetNet, order.lines)
      if (items.length === 0) continue
      const row = await placeOrder(txDb, order, buyer, items, ++created)
      // Cancelled within hours, before the next order: it never counts toward a budget or an approval.
      if (order.cancelled) await cancelHistoryOrder(txDb, row, now)
      else placed.push({ login: order.buyer.login, order: row })
    }
    await moveHistory(txDb, placed, now)
    // Without the demo organization nothing could be placed: the claim goes, so that a later call can.
    if (created === 0) await txDb.delete(t.meta).where(eq(t.meta.key, DEMO_HISTORY_KEY))
    else
      await txDb
        .update(t.meta)
        .set({ value: { orders: created, placedAt: now.toISOString() } })
        .where(eq(t.meta.key, DEMO_HISTORY_KEY))
    return { created, skipped }
  })
}
