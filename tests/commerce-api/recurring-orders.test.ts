/**
 * Recurring orders over HTTP (ADR 0020; commerce-and-checkout §3 "Recurring order", §4, §6, §7;
 * icm-contract.md `…recurringorder.v2+json`): a logged-in user's basket takes ICM's `recurrence`, `POST orders`
 * makes it a recurring order (orderCreation STOPPED, Workflow, exit reason recurring.order), which is listed
 * and read through the three endpoints ICM has for them, switched off and on, and deleted; the scheduler
 * places its orders on their days (time is handed to `runDue`, never waited for), a requisition when the
 * buyer's budget asks for approval. Every answer is checked against the wire schema by the harness.
 * Brightline (BC-200001): jlink is the account admin, bbuyer a buyer, aapprover approves; Kestrel
 * (BC-200002): mkestrel; Patricia (PC-100001) a private customer.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadApiConfig } from '../../commerce-api/config'
import { orders, recurringOrders, users } from '../../commerce-api/db/schema'
import { DEMO_ADDRESS_IDS } from '../../commerce-api/db/seed/checkout'
import { ensureDemoOrganization } from '../../commerce-api/db/seed/organization'
import { addDays, addMonths, dayOf } from '../../commerce-api/domain/recurrence'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { buildServer } from '../../commerce-api/server'
import { anonymousToken, basketFor, minor, sellableSkus, userToken } from './checkout-fixtures'
import { call, SITE, startApi, type Api } from './harness'

const A = 'BC-200001'
const PATRICIA = 'patricia@ironbridge.test'
const EUR = ';loc=en_US;cur=EUR'
const headOffice = `urn:address:customer:${A}:${DEMO_ADDRESS_IDS.brightlineHeadOffice}`
const patriciaHome = `urn:address:customer:PC-100001:${DEMO_ADDRESS_IDS.patriciaHome}`

let api: Api
let sku: string
const tokens: Record<string, string> = {}
const today = dayOf(new Date())
/** A morning (UTC) `days` from today: the time a test hands the scheduler. */
const morningOf = (days: number) => new Date(`${addDays(today, days)}T06:00:00Z`)

beforeAll(async () => {
  api = await startApi({ products: 60, protection: { limits: NO_LIMITS } })
  await ensureDemoOrganization(api.database.db)
  for (const login of ['jlink', 'bbuyer', 'aapprover', 'mkestrel', PATRICIA])
    tokens[login] = await userToken(api, login)
  sku = (await sellableSkus(api, 1))[0]!
})
afterAll(async () => {
  await api?.close()
})

type Basket = Awaited<ReturnType<typeof basketFor>>

/** A user's basket ready to order: addresses, standard shipping, the payment (invoice unless said). */
async function readyBasket(login: string, paymentInstrument = 'INVOICE'): Promise<Basket> {
  const token = tokens[login]!
  const basket = await basketFor(api, token, [{ sku, quantity: 2 }], EUR)
  const address = login === PATRICIA ? patriciaHome : headOffice
  for (const json of [
    { invoiceToAddress: address, commonShipToAddress: address },
    { commonShippingMethod: 'STD_GROUND' },
  ])
    expect((await call(basket.url(), { method: 'PATCH', token, json })).status).toBe(200)
  const tender = { method: 'PUT', token, json: { paymentInstrument } }
  expect((await call(basket.url('/payments/open-tender'), tender)).status).toBe(200)
  return basket
}

const patch = (basket: Basket, json: unknown) =>
  call(basket.url(), { method: 'PATCH', token: basket.token, json })
const submit = (basket: Basket) =>
  call(api.url('orders?include=lineItems', EUR), {
    method: 'POST',
    token: basket.token,
    json: { basket: basket.id, termsAndConditionsAccepted: true },
  })

/** A recurring order of the user's: a ready basket with the recurrence, submitted. */
async function recurringOrderOf(
  login: string,
  recurrence: Record<string, unknown> = {},
  fields: Record<string, unknown> = {},
) {
  const basket = await readyBasket(login)
  const set = await patch(basket, {
    recurrence: { interval: 'P1W', startDate: today, ...recurrence },
    ...fields,
  })
  expect(set.status).toBe(200)
  const submitted = await submit(basket)
  expect(submitted.status).toBe(201)
  return {
    basket,
    id: submitted.json.data.id as string,
    number: submitted.json.data.documentNumber as string,
  }
}

const get = (login: string, path: string) => call(api.url(path, EUR), { token: tokens[login] })
const idsOf = (answer: { json: any }) => (answer.json.data as any[]).map((r) => r.id)
const runDue = (at: Date) => api.app.recurringOrders.runDue(at)
const db = () => api.database.db

describe('a basket’s recurrence', () => {
  it('is set with ICM’s recurrence, answered with weeks as days, and removed with null', async () => {
    const basket = await readyBasket('bbuyer')
    const set = await patch(basket, {
      recurrence: { interval: 'P2W', startDate: today, endDate: null, repetitions: 4 },
    })
    expect(set.status).toBe(200)
    expect(set.json.data.recurrence).toEqual({ interval: 'P14D', startDate: today, repetitions: 4 })
    // The PWA sends the day as a date-time in the shopper's zone; the day is its date part.
    const pwa = await patch(basket, {
      recurrence: {
        interval: 'P1M',
        startDate: `${addDays(today, 1)}T00:00:00+01:00`,
        endDate: addDays(today, 90),
      },
    })
    expect(pwa.json.data.recurrence).toEqual({
      interval: 'P1M',
      startDate: addDays(today, 1),
      endDate: addDays(today, 90),
    })
    expect((await basket.get()).data.recurrence).toEqual(pwa.json.data.recurrence)
    const removed = await patch(basket, { recurrence: null })
    expect(removed.status).toBe(200)
    expect(removed.json.data.recurrence).toBeUndefined()
  })

  it('refuses a malformed recurrence (400), one the rules do not allow (422), and a guest’s (422)', async () => {
    const basket = await readyBasket('bbuyer')
    for (const recurrence of [
      'P1W',
      {},
      { interval: 'weekly', startDate: today },
      { interval: 'P1H', startDate: today },
      { interval: 'P0D', startDate: today },
      { interval: 'P1W' },
      { interval: 'P1W', startDate: '2026-02-30' },
      { interval: 'P1W', startDate: 20260301 },
      { interval: 'P1W', startDate: today, repetitions: 0 },
      { interval: 'P1W', startDate: today, repetitions: 1.5 },
      { interval: 'P1W', startDate: today, repetitions: 1000 },
      { interval: 'P1W', startDate: today, endDate: addDays(today, 30), repetitions: 3 },
    ]) {
      const answer = await patch(basket, { recurrence })
      expect(answer.status, JSON.stringify(recurrence)).toBe(400)
      expect(answer.headers.get('error-key')).toBe('request.invalid')
    }
    const rule = async (recurrence: Record<string, unknown>, code: string, path: string) => {
      const answer = await patch(basket, { recurrence })
      expect(answer.status, JSON.stringify(recurrence)).toBe(422)
      expect(answer.headers.get('error-key')).toBe('basket.recurrence.invalid.error')
      expect(answer.json.errors[0].causes).toEqual([{ code, message: expect.any(String), paths: [path] }])
    }
    await rule(
      { interval: 'P1W', startDate: addDays(today, -2) },
      'basket.recurrence.start_date.past.error',
      'recurrence.startDate',
    )
    await rule(
      { interval: 'P1W', startDate: addDays(today, 400) },
      'basket.recurrence.start_date.too_late.error',
      'recurrence.startDate',
    )
    await rule(
      { interval: 'P1W', startDate: today, endDate: today },
      'basket.recurrence.end_date.not_after_start.error',
      'recurrence.endDate',
    )
    await rule(
      { interval: 'P2Y', startDate: today },
      'basket.recurrence.interval.too_long.error',
      'recurrence.interval',
    )
    expect((await basket.get()).data.recurrence).toBeUndefined()

    const guest = await anonymousToken(api)
    const guestBasket = await basketFor(api, guest, [{ sku, quantity: 1 }], EUR)
    const refused = await call(guestBasket.url(), {
      method: 'PATCH',
      token: guest,
      json: { recurrence: { interval: 'P1W', startDate: today } },
    })
    expect(refused.status).toBe(422)
    expect(refused.headers.get('error-key')).toBe('basket.recurrence.login_required.error')
  })
})

describe('POST orders for a basket with a recurrence', () => {
  it('sets up a recurring order instead of an order, as ICM stops it (Workflow, recurring.order)', async () => {
    const basket = await readyBasket(PATRICIA)
    expect(
      (await patch(basket, { recurrence: { interval: 'P1M', startDate: addDays(today, 3) } })).status,
    ).toBe(200)
    const gross = minor((await basket.get()).data.totals.grandTotal.gross)
    const submitted = await submit(basket)
    expect(submitted.status).toBe(201)
    expect(submitted.json.data).toMatchObject({
      id: basket.id,
      recurringOrderID: basket.id,
      basket: basket.id,
      documentNumber: expect.stringMatching(/^\d+$/),
      orderCreation: { status: 'STOPPED', stopAction: { type: 'Workflow', exitReason: 'recurring.order' } },
      recurrence: { interval: 'P1M', startDate: addDays(today, 3) },
      statusCode: 'ACTIVE',
    })
    expect(Object.keys(submitted.json.included.lineItems)).toHaveLength(1)
    expect(submitted.json.infos.map((i: any) => i.code)).toEqual(['order.recurring_order.created.info'])
    // Submitted again: the same recurring order (200), never a second one, never an order.
    const again = await submit(basket)
    expect(again.status).toBe(200)
    expect(again.json.data.documentNumber).toBe(submitted.json.data.documentNumber)
    expect((await get(PATRICIA, 'orders')).json.data.map((o: any) => o.basket)).not.toContain(basket.id)
    // The basket went into the recurring order: it is no open basket any more.
    expect((await get(PATRICIA, `baskets/${basket.id}`)).status).toBe(404)

    const list = await get(PATRICIA, 'privatecustomers/-/recurringorders')
    expect(list.status).toBe(200)
    const listed = list.json.data.find((r: any) => r.id === basket.id)
    expect(listed).toMatchObject({
      number: submitted.json.data.documentNumber,
      active: true,
      expired: false,
      interval: 'P1M',
      startDate: addDays(today, 3),
      nextOrderDate: addDays(today, 3),
      itemCount: 1,
      orderCount: 0,
      totalGross: { amount: gross / 100, currency: 'EUR' },
      buyer: { accountID: PATRICIA, customerNo: 'PC-100001', firstName: 'Patricia', lastName: 'Miller' },
    })
    const detail = await get(PATRICIA, `privatecustomers/PC-100001/recurringorders/${basket.id}`)
    expect(detail.status).toBe(200)
    expect(detail.json.data).toMatchObject({
      id: basket.id,
      orderCount: 0,
      error: false,
      statusCode: 'ACTIVE',
      invoiceToAddress: patriciaHome,
      addresses: [{ urn: patriciaHome, city: 'Berlin' }],
      shippingBuckets: [{ shipToAddress: patriciaHome, shippingMethod: 'STD_GROUND' }],
      shippingMethods: [{ id: 'STD_GROUND' }],
      payments: [{ paymentMethod: 'INVOICE' }],
      paymentMethods: [{ id: 'INVOICE' }],
      lineItems: [{ product: sku, quantity: { value: 2 } }],
      totals: { grandTotal: { gross: { value: gross / 100, currency: 'EUR' } } },
      lastOrders: [],
    })
    expect(detail.json.data.approvalStatuses).toBeUndefined()
  })

  it('refuses a payment on a payment page and a promotion code, with the same validation as an order', async () => {
    const card = await readyBasket('jlink', 'CREDIT_CARD')
    await patch(card, { recurrence: { interval: 'P1W', startDate: today } })
    const paymentPage = await submit(card)
    expect(paymentPage.status).toBe(422)
    expect(paymentPage.headers.get('error-key')).toBe('basket.recurrence.payment_page.error')

    const coded = await readyBasket('jlink')
    await patch(coded, { recurrence: { interval: 'P1W', startDate: today } })
    const code = await call(coded.url('/promotioncodes'), {
      method: 'POST',
      token: coded.token,
      json: { code: 'WELCOME10' },
    })
    expect(code.status).toBe(200)
    const withCode = await submit(coded)
    expect(withCode.status).toBe(422)
    expect(withCode.headers.get('error-key')).toBe('basket.recurrence.promotion_code.error')

    const unshipped = await basketFor(api, tokens.jlink!, [{ sku, quantity: 1 }], EUR)
    await patch(unshipped, { recurrence: { interval: 'P1W', startDate: today } })
    const invalid = await submit(unshipped)
    expect(invalid.status).toBe(422)
    expect(invalid.headers.get('error-key')).toBe('basket.validation.failed.error')
    expect(await db().select().from(recurringOrders).where(eq(recurringOrders.id, unshipped.id))).toEqual([])
  })
})

describe('the recurring orders of a business customer', () => {
  let own: Awaited<ReturnType<typeof recurringOrderOf>>
  let buyers: Awaited<ReturnType<typeof recurringOrderOf>>
  beforeAll(async () => {
    own = await recurringOrderOf('jlink', { interval: 'P1M', startDate: addDays(today, 20) })
    buyers = await recurringOrderOf(
      'bbuyer',
      { interval: 'P2W', startDate: addDays(today, 20), repetitions: 5 },
      { costCenter: '100400' },
    )
  })

  it('are all listed for the account admin, each user’s own through their user, and refused to others', async () => {
    const all = await get('jlink', `customers/${A}/recurringorders`)
    expect(all.status).toBe(200)
    expect(idsOf(all)).toEqual(expect.arrayContaining([own.id, buyers.id]))
    expect(all.json.info).toMatchObject({ offset: 0, limit: 50, total: expect.any(Number) })

    const forbidden = await get('bbuyer', `customers/${A}/recurringorders`)
    expect(forbidden.status).toBe(403)
    expect(forbidden.headers.get('error-key')).toBe('authorization.forbidden')

    const buyersOwn = await get('bbuyer', 'customers/-/users/-/recurringorders')
    expect(idsOf(buyersOwn)).toContain(buyers.id)
    expect(idsOf(buyersOwn)).not.toContain(own.id)
    expect(idsOf(await get('bbuyer', `customers/${A}/users/bbuyer/recurringorders`))).toContain(buyers.id)
    const adminsOwn = await get('jlink', `customers/${A}/users/jlink/recurringorders`)
    expect(idsOf(adminsOwn)).toContain(own.id)
    expect(idsOf(adminsOwn)).not.toContain(buyers.id)
    // The admin may name a user of the company; a buyer may not name another.
    expect(idsOf(await get('jlink', `customers/${A}/users/bbuyer/recurringorders`))).toContain(buyers.id)
    expect((await get('bbuyer', `customers/${A}/users/jlink/recurringorders`)).status).toBe(403)
    expect((await get('jlink', `customers/${A}/users/nobody/recurringorders`)).status).toBe(404)

    const list = buyersOwn.json.data.find((r: any) => r.id === buyers.id)
    expect(list).toMatchObject({
      number: buyers.number,
      interval: 'P14D',
      repetitions: 5,
      buyer: { accountID: 'bbuyer', customerNo: A, companyName: expect.any(String) },
    })
    // A business user has no private customer's endpoint; a private customer no business one.
    expect((await get('jlink', `privatecustomers/${A}/recurringorders`)).status).toBe(404)
    expect((await get(PATRICIA, `customers/PC-100001/recurringorders`)).status).toBe(404)
  })

  it('are not found for another customer’s users (404), nor is one user’s for another', async () => {
    for (const path of [
      `customers/${A}/recurringorders`,
      `customers/${A}/users/-/recurringorders`,
      `customers/${A}/recurringorders/${buyers.id}`,
      `customers/${A}/users/bbuyer/recurringorders/${buyers.id}`,
    ]) {
      const foreign = await get('mkestrel', path)
      expect(foreign.status, path).toBe(404)
      expect(foreign.headers.get('error-key'), path).toBe('customer.not_found')
    }
    const kestrelsOwn = await get('mkestrel', `customers/-/users/-/recurringorders/${buyers.id}`)
    expect(kestrelsOwn.status).toBe(404)
    expect(kestrelsOwn.headers.get('error-key')).toBe('recurringorder.not_found.error')
    // jlink's own endpoint does not reach bbuyer's, bbuyer's not jlink's.
    expect((await get('jlink', `customers/-/users/-/recurringorders/${buyers.id}`)).status).toBe(404)
    expect((await get('bbuyer', `customers/-/users/-/recurringorders/${own.id}`)).status).toBe(404)
    expect((await get('bbuyer', `customers/-/users/-/recurringorders/not-an-id`)).status).toBe(404)
    const anonymous = await call(api.url(`customers/${A}/users/-/recurringorders`, EUR), {
      token: await anonymousToken(api),
    })
    expect(anonymous.status).toBe(401)
    expect((await call(api.url(`customers/${A}/recurringorders`, EUR))).status).toBe(401)
  })

  it('is read in detail by its buyer and by the admin, with the buyer, cost center and template', async () => {
    const mine = await get('bbuyer', `customers/-/users/-/recurringorders/${buyers.id}?include=discounts`)
    expect(mine.status).toBe(200)
    const admins = await get('jlink', `customers/${A}/recurringorders/${buyers.id}`)
    expect(admins.status).toBe(200)
    expect(admins.json.data).toEqual(mine.json.data)
    expect(mine.json.data).toMatchObject({
      number: buyers.number,
      active: true,
      buyer: { accountID: 'bbuyer', email: expect.any(String) },
      invoiceToAddress: headOffice,
      addresses: [{ urn: headOffice }],
      lineItems: [{ product: sku }],
      nextOrderDate: addDays(today, 20),
      costCenterID: '100400',
      costCenterName: expect.any(String),
    })
  })

  it('is switched off and on with PATCH {active}, refused a malformed body, and deleted', async () => {
    const path = `customers/-/users/-/recurringorders/${buyers.id}`
    const change = (json: unknown) =>
      call(api.url(path, EUR), { method: 'PATCH', token: tokens.bbuyer, json })
    const off = await change({ active: false })
    expect(off.status).toBe(200)
    expect(off.json.data).toMatchObject({ active: false, statusCode: 'INACTIVE', error: false })
    expect((await get('jlink', `customers/${A}/recurringorders/${buyers.id}`)).json.data.active).toBe(false)
    const on = await change({ active: true })
    expect(on.json.data).toMatchObject({
      active: true,
      statusCode: 'ACTIVE',
      nextOrderDate: addDays(today, 20),
    })
    for (const body of [{}, { active: 'yes' }, { active: null }, [true]])
      expect((await change(body)).status, JSON.stringify(body)).toBe(400)
    // Nobody else changes it: another user (404 on their own endpoint, 403 on the company's).
    const other = await call(api.url(`customers/-/users/-/recurringorders/${buyers.id}`, EUR), {
      method: 'PATCH',
      token: tokens.aapprover,
      json: { active: false },
    })
    expect(other.status).toBe(404)
    const notAdmin = await call(api.url(`customers/${A}/recurringorders/${buyers.id}`, EUR), {
      method: 'DELETE',
      token: tokens.bbuyer,
    })
    expect(notAdmin.status).toBe(403)

    const deleted = await call(api.url(`customers/${A}/recurringorders/${own.id}`, EUR), {
      method: 'DELETE',
      token: tokens.jlink,
    })
    expect(deleted.status).toBe(204)
    expect((await get('jlink', `customers/${A}/recurringorders/${own.id}`)).status).toBe(404)
    expect(idsOf(await get('jlink', `customers/${A}/recurringorders`))).not.toContain(own.id)
    const twice = await call(api.url(`customers/-/users/-/recurringorders/${own.id}`, EUR), {
      method: 'DELETE',
      token: tokens.jlink,
    })
    expect(twice.status).toBe(404)
  })
})

describe('the scheduler', () => {
  it('places the first order when time reaches the start date, then waits for the next day', async () => {
    const { id, number } = await recurringOrderOf(PATRICIA, { interval: 'P1W', startDate: addDays(today, 3) })
    expect((await runDue(morningOf(2))).filter((o) => o.recurringOrderId === id)).toEqual([])

    const placed = (await runDue(morningOf(3))).filter((o) => o.recurringOrderId === id)
    expect(placed).toEqual([expect.objectContaining({ outcome: 'order', scheduledFor: addDays(today, 3) })])
    const orderId = placed[0]!.orderId!
    const order = await get(PATRICIA, `orders/${orderId}`)
    expect(order.status).toBe(200)
    expect(order.json.data).toMatchObject({
      recurringOrderID: id,
      statusCode: 'NEW',
      documentNumber: expect.any(String),
    })
    const history = await get(PATRICIA, 'orders')
    expect(history.json.data.map((o: any) => o.id)).toContain(orderId)

    const detail = await get(PATRICIA, `privatecustomers/-/recurringorders/${id}`)
    expect(detail.json.data).toMatchObject({
      number,
      orderCount: 1,
      lastOrderDate: morningOf(3).toISOString(),
      nextOrderDate: addDays(today, 10),
      lastOrders: [{ id: orderId, documentNumber: order.json.data.documentNumber, statusCode: 'NEW' }],
    })
    // Run again the same day: nothing more.
    expect((await runDue(morningOf(3))).filter((o) => o.recurringOrderId === id)).toEqual([])
    expect(await db().select().from(orders).where(eq(orders.recurringOrderId, id))).toHaveLength(1)
  })

  it('places a day once when two runs race for it', async () => {
    const { id } = await recurringOrderOf(PATRICIA, { interval: 'P1D', startDate: addDays(today, 1) })
    const [a, b] = await Promise.all([runDue(morningOf(1)), runDue(morningOf(1))])
    const mine = [...a!, ...b!].filter((o) => o.recurringOrderId === id)
    expect(mine).toEqual([expect.objectContaining({ outcome: 'order' })])
    expect(await db().select().from(orders).where(eq(orders.recurringOrderId, id))).toHaveLength(1)
  })

  it('makes a requisition of a business buyer’s order beyond their budget, which the approver decides', async () => {
    const { id, basket } = await recurringOrderOf('bbuyer', { interval: 'P1M', startDate: addDays(today, 2) })
    const gross = minor(
      (await get('bbuyer', `customers/-/users/-/recurringorders/${id}`)).json.data.totals.grandTotal.gross,
    )
    const limit = (orderSpentLimit: number | null) =>
      db()
        .update(users)
        .set({ orderSpentLimit, budget: null, budgetPeriod: null, budgetCurrency: 'EUR' })
        .where(eq(users.login, 'bbuyer'))
    await limit(gross - 1)
    let placed
    try {
      placed = (await runDue(morningOf(2))).filter((o) => o.recurringOrderId === id)
    } finally {
      await limit(null)
    }
    expect(placed).toEqual([expect.objectContaining({ outcome: 'requisition' })])
    const requisitionId = placed[0]!.orderId!
    const requisitions = await get('bbuyer', 'customers/-/users/-/requisitions?view=buyer&status=PENDING')
    expect(requisitions.json.data.map((r: any) => r.id)).toContain(requisitionId)
    expect((await get('bbuyer', `orders/${requisitionId}`)).status).toBe(404)

    let detail = await get('bbuyer', `customers/-/users/-/recurringorders/${id}`)
    expect(detail.json.data).toMatchObject({
      orderCount: 1,
      active: true,
      nextOrderDate: addMonths(addDays(today, 2), 1),
    })
    expect(detail.json.data.lastOrders).toEqual([
      expect.objectContaining({
        id: requisitionId,
        statusCode: 'PENDING_APPROVAL',
        requisitionNo: expect.any(String),
      }),
    ])
    expect(detail.json.data.lastOrders[0].documentNumber).toBeUndefined()

    const approved = await call(api.url(`customers/-/users/-/requisitions/${requisitionId}`, EUR), {
      method: 'PATCH',
      token: tokens.aapprover,
      json: { type: 'ApprovalStatusChange', statusCode: 'APPROVED' },
    })
    expect(approved.status).toBe(200)
    detail = await get('bbuyer', `customers/-/users/-/recurringorders/${id}`)
    expect(detail.json.data.approvalStatuses).toEqual([
      {
        approvalDate: expect.any(Number),
        approver: expect.objectContaining({ lastName: expect.any(String) }),
        statusCode: 'APPROVED',
      },
    ])
    expect(detail.json.data.lastOrders[0]).toMatchObject({
      id: requisitionId,
      documentNumber: expect.any(String),
    })
    expect(basket.id).toBe(id)
  })

  it('switches off a recurring order it cannot place, with the reason, and goes on once switched on', async () => {
    const { id } = await recurringOrderOf(PATRICIA, { interval: 'P1W', startDate: addDays(today, 4) })
    // The address of the template is gone.
    await db().execute(sql`update baskets set invoice_to_address_id = null where id = ${id}`)
    const failed = (await runDue(morningOf(4))).filter((o) => o.recurringOrderId === id)
    expect(failed).toEqual([expect.objectContaining({ outcome: 'failed', errorCode: expect.any(String) })])
    const detail = await get(PATRICIA, `privatecustomers/-/recurringorders/${id}`)
    expect(detail.json.data).toMatchObject({
      active: false,
      error: true,
      errorCode: failed[0]!.errorCode,
      statusCode: 'ERROR',
      orderCount: 0,
    })
    await db().execute(
      sql`update baskets set invoice_to_address_id = ${DEMO_ADDRESS_IDS.patriciaHome} where id = ${id}`,
    )
    const on = await call(api.url(`privatecustomers/-/recurringorders/${id}`, EUR), {
      method: 'PATCH',
      token: tokens[PATRICIA],
      json: { active: true },
    })
    expect(on.json.data).toMatchObject({ active: true, error: false, statusCode: 'ACTIVE' })
    expect(on.json.data.errorCode).toBeUndefined()
  })
})

describe('the scheduler’s job', () => {
  it('starts with a server on the database (pg-boss), places what is due when run, and stops on close', async () => {
    const at = morningOf(6)
    const { id } = await recurringOrderOf(PATRICIA, { interval: 'P1W', startDate: addDays(today, 6) })
    // A second API process on the same database, its job's clock at `at`.
    const second = buildServer({
      db: db(),
      site: SITE,
      recurringOrders: { cron: '* * * * *', now: () => at, pollingIntervalSeconds: 0.5 },
    })
    await second.ready()
    try {
      expect(second.recurringOrders.started).toBe(true)
      const schedules = (await db().execute(sql`select name, cron from pgboss.schedule`)) as unknown as {
        rows: { name: string; cron: string }[]
      }
      expect(schedules.rows).toContainEqual({ name: 'recurring-orders-place-due', cron: '* * * * *' })
      // A run queued without a time runs as of the worker's clock.
      const outcomes = await second.recurringOrders.runQueued()
      expect(outcomes.filter((o) => o.recurringOrderId === id)).toEqual([
        expect.objectContaining({ outcome: 'order', scheduledFor: addDays(today, 6) }),
      ])
      // Once placed, the same day is never placed again, whoever runs it.
      const again = await second.recurringOrders.runQueued(at)
      expect(again.filter((o) => o.recurringOrderId === id)).toEqual([])
    } finally {
      await second.close()
    }
    expect(second.recurringOrders.started).toBe(false)
    await expect(second.recurringOrders.runQueued()).rejects.toThrow('not started')
    const configuration = await call(api.url('configurations'))
    expect(configuration.json.data.recurringOrder).toEqual({ enabled: true })
  })

  it('lets a test on this machine run it as of a time it names, only when SCHEDULER_TEST_RUNS is on', async () => {
    const { id } = await recurringOrderOf(PATRICIA, { interval: 'P1M', startDate: addDays(today, 9) })
    const runs = buildServer({
      db: db(),
      site: SITE,
      recurringOrders: { cron: '* * * * *', pollingIntervalSeconds: 0.5, testRuns: true },
    })
    await runs.ready()
    try {
      const run = (body: unknown, remoteAddress = '127.0.0.1') =>
        runs.inject({
          method: 'POST',
          url: '/scheduler/recurring-orders/runs',
          payload: body as object,
          remoteAddress,
        })
      // The real clock: not due yet.
      const now = await run({ at: new Date().toISOString() })
      expect(now.statusCode).toBe(200)
      expect(
        now.json().outcomes.filter((o: { recurringOrderId: string }) => o.recurringOrderId === id),
      ).toEqual([])
      // Nine days on, limited to another recurring order: nothing of this one.
      const other = await run({ at: morningOf(9).toISOString(), recurringOrderIds: [crypto.randomUUID()] })
      expect(other.statusCode).toBe(200)
      expect(other.json().outcomes).toEqual([])
      // Nine days on: its first order, placed by the job.
      const later = await run({ at: morningOf(9).toISOString(), recurringOrderIds: [id] })
      expect(later.statusCode).toBe(200)
      const placed = later
        .json()
        .outcomes.filter((o: { recurringOrderId: string }) => o.recurringOrderId === id)
      expect(placed).toEqual([expect.objectContaining({ outcome: 'order', scheduledFor: addDays(today, 9) })])
      const order = await db().select().from(orders).where(eq(orders.recurringOrderId, id))
      expect(order).toHaveLength(1)
      // Its next month's day, run five days late (the default window is three): skipped, and the run says so.
      const secondDay = addMonths(addDays(today, 9), 1)
      const late = await run({ at: `${addDays(secondDay, 5)}T06:00:00Z`, recurringOrderIds: [id] })
      expect(late.json().outcomes).toEqual([
        expect.objectContaining({
          outcome: 'skipped',
          scheduledFor: secondDay,
          errorCode: 'recurringorder.occurrence.missed.late',
        }),
      ])
      expect(await db().select().from(orders).where(eq(orders.recurringOrderId, id))).toHaveLength(1)
      // Malformed times and callers from elsewhere are refused.
      expect((await run({ at: 'tomorrow' })).statusCode).toBe(400)
      // Times a scheduler never runs at are a 400, not a crash in the date arithmetic (issue 31).
      for (const at of ['0000-01-01T00:00:00Z', '9999-12-31T00:00:00Z', '1970-01-01T00:00:00Z'])
        expect((await run({ at })).statusCode, at).toBe(400)
      expect((await run({ at: morningOf(9).toISOString(), extra: 1 })).statusCode).toBe(400)
      for (const recurringOrderIds of [[], ['not-an-id']])
        expect((await run({ at: morningOf(9).toISOString(), recurringOrderIds })).statusCode).toBe(400)
      expect((await run({ at: morningOf(9).toISOString() }, '203.0.113.9')).statusCode).toBe(404)
    } finally {
      await runs.close()
    }
    // Without the switch there is no such route.
    const none = await api.app.inject({
      method: 'POST',
      url: '/scheduler/recurring-orders/runs',
      payload: { at: morningOf(9).toISOString() },
    })
    expect(none.statusCode).toBe(404)
  })

  it('takes its cron and the test runs from the environment', () => {
    const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv
    const defaults = loadApiConfig(env({}))
    expect(defaults).toMatchObject({ recurringOrdersCron: '* * * * *', schedulerTestRuns: false })
    expect(loadApiConfig(env({ RECURRING_ORDERS_CRON: 'off' })).recurringOrdersCron).toBeUndefined()
    expect(loadApiConfig(env({ RECURRING_ORDERS_CRON: '0 5 * * *' })).recurringOrdersCron).toBe('0 5 * * *')
    expect(loadApiConfig(env({ SCHEDULER_TEST_RUNS: 'on' })).schedulerTestRuns).toBe(true)
    expect(loadApiConfig(env({ SCHEDULER_TEST_RUNS: 'off' })).schedulerTestRuns).toBe(false)
    expect(() => loadApiConfig(env({ SCHEDULER_TEST_RUNS: 'yes' }))).toThrow("must be 'on' or 'off'")
    expect(defaults.recurringOrdersCatchUpDays).toBe(3)
    expect(loadApiConfig(env({ RECURRING_ORDERS_CATCH_UP_DAYS: '0' })).recurringOrdersCatchUpDays).toBe(0)
    expect(() => loadApiConfig(env({ RECURRING_ORDERS_CATCH_UP_DAYS: '-1' }))).toThrow(
      /RECURRING_ORDERS_CATCH_UP_DAYS/,
    )
  })
})
