/**
 * `GET orders?buyer=<login>` (issue 17; ICM's and the PWA's order list query parameter): who manages the
 * customer's orders (APP_B2B_MANAGE_ORDERS, or APP_B2B_MANAGE_USERS: the account owner and the order manager)
 * lists one buyer's orders, combined with `statusCode` and paging; a buyer naming another user is refused with
 * 403 (authorization.forbidden) instead of getting their own orders under another's name; naming oneself is
 * one's own orders. A login of another customer, or none known, has no orders.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders, users } from '../../commerce-api/db/schema'
import { basketFor, checkoutTestBed, userToken } from './checkout-fixtures'
import { call, type Api } from './harness'

let api: Api
let skus: string[]
checkoutTestBed(1, (bed) => ({ api, skus } = bed))

const EUR = ';loc=en_US;cur=EUR'
const A = 'BC-200001'
const headOffice = `urn:address:customer:${A}:00000000-0000-4000-8000-000000000103`
const site = `urn:address:customer:${A}:00000000-0000-4000-8000-000000000104`

const tokens: Record<string, string> = {}
/** Order ids per login, newest first. */
const placed = { bbuyer: [] as string[], omanager: [] as string[] }
/** Every Brightline order, newest first. */
const company: string[] = []

/** A business user's order: addresses, pick-up, invoice. */
async function placeOrder(login: string) {
  const token = tokens[login]!
  const basket = await basketFor(api, token, [{ sku: skus[0]!, quantity: 1 }], EUR)
  const patched = await call(basket.url(), {
    method: 'PATCH',
    token,
    json: { invoiceToAddress: headOffice, commonShipToAddress: site, commonShippingMethod: 'PICKUP' },
  })
  expect(patched.status).toBe(200)
  const tender = { method: 'PUT', token, json: { paymentInstrument: 'INVOICE' } }
  expect((await call(basket.url('/payments/open-tender'), tender)).status).toBe(200)
  const order = await call(api.url('orders', EUR), {
    method: 'POST',
    token,
    json: { basket: basket.id, termsAndConditionsAccepted: true },
  })
  expect(order.status).toBe(201)
  placed[login as keyof typeof placed].unshift(order.json.data.id)
  company.unshift(order.json.data.id)
  return order.json.data.id as string
}

const list = async (token: string, query: string) => {
  const answer = await call(api.url(`orders?${query}`, EUR), { token })
  return {
    status: answer.status,
    json: answer.json,
    ids: (answer.json?.data ?? []).map((o: { id: string }) => o.id) as string[],
  }
}

beforeAll(async () => {
  for (const login of ['jlink', 'omanager', 'bbuyer', 'aapprover', 'mkestrel'])
    tokens[login] = await userToken(api, login)
  await placeOrder('bbuyer')
  await placeOrder('omanager')
  await placeOrder('bbuyer')
  // Another customer's buyer whose login we ask for: an order of Kestrel's, as the API would have stored it.
  const [template] = await api.database.db.select().from(orders).where(eq(orders.id, placed.bbuyer[0]!))
  const [tkestrel] = await api.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customerNo, 'BC-200002'), eq(users.login, 'tkestrel')))
  await api.database.db.insert(orders).values({
    ...template!,
    id: randomUUID(),
    basketId: randomUUID(),
    documentNumber: `${template!.documentNumber}-K`,
    owner: tkestrel!.id,
    userId: tkestrel!.id,
    customerNo: 'BC-200002',
  })
})

describe('GET orders?buyer=', () => {
  it('lists one buyer’s orders for the order manager and the account owner, newest first', async () => {
    for (const login of ['omanager', 'jlink']) {
      const bernhard = await list(tokens[login]!, 'buyer=bbuyer')
      expect(bernhard.status).toBe(200)
      expect(bernhard.ids).toEqual(placed.bbuyer)
      expect(bernhard.json.info).toEqual({ limit: 30, offset: 0, total: 2 })
      expect(bernhard.json.data.every((o: any) => o.buyer.accountID === 'bbuyer')).toBe(true)
    }
    // The login as the company writes it, in any case.
    expect((await list(tokens.jlink!, 'buyer=BBuyer')).ids).toEqual(placed.bbuyer)
    expect((await list(tokens.jlink!, 'buyer=omanager')).ids).toEqual(placed.omanager)
  })

  it('combines with the status filter and paging', async () => {
    const token = tokens.omanager!
    expect((await list(token, 'buyer=bbuyer&statusCode=NEW')).ids).toEqual(placed.bbuyer)
    expect((await list(token, 'buyer=bbuyer&filter[statusCode]=CANCELLED')).json.info.total).toBe(0)
    const second = await list(token, 'buyer=bbuyer&limit=1&offset=1')
    expect(second.ids).toEqual([placed.bbuyer[1]])
    expect(second.json.info).toEqual({ limit: 1, offset: 1, total: 2 })
  })

  it('has no orders of another customer’s buyer or of an unknown login', async () => {
    expect((await list(tokens.jlink!, 'buyer=tkestrel')).json.info.total).toBe(0)
    expect((await list(tokens.jlink!, 'buyer=nobody-here')).json.info.total).toBe(0)
    // Kestrel's account owner does see their buyer's order, and none of Brightline's.
    const kestrel = await list(tokens.mkestrel!, 'buyer=tkestrel')
    expect(kestrel.json.info.total).toBe(1)
    expect((await list(tokens.mkestrel!, 'buyer=bbuyer')).json.info.total).toBe(0)
    expect((await list(tokens.mkestrel!, 'allBuyers=true')).ids).toEqual(kestrel.ids)
  })

  it('refuses a buyer naming someone else with 403, and answers their own orders for themselves', async () => {
    for (const login of ['bbuyer', 'aapprover']) {
      const refused = await list(tokens[login]!, 'buyer=omanager')
      expect(refused.status).toBe(403)
      expect(refused.json.errors[0].code).toBe('authorization.forbidden')
    }
    expect((await list(tokens.bbuyer!, 'buyer=bbuyer')).ids).toEqual(placed.bbuyer)
    // allBuyers stays what it was for a buyer: their own orders.
    expect((await list(tokens.bbuyer!, 'allBuyers=true')).ids).toEqual(placed.bbuyer)
    expect((await list(tokens.aapprover!, 'buyer=aapprover')).json.info.total).toBe(0)
  })

  it('refuses a malformed buyer with 400 and leaves the lists without it as they were', async () => {
    const token = tokens.jlink!
    expect((await list(token, `buyer=${'x'.repeat(101)}`)).status).toBe(400)
    expect((await list(token, 'buyer=a&buyer=b')).status).toBe(400)
    expect((await list(token, 'buyer=%01')).status).toBe(400)
    expect((await list(token, '')).json.info.total).toBe(0)
    expect((await list(token, 'allBuyers=true')).ids).toEqual(company)
  })
})

describe('another buyer’s order', () => {
  it('is read and exported by who manages the customer’s orders, not by other buyers or customers', async () => {
    const id = placed.bbuyer[0]!
    const read = (login: string) => call(api.url(`orders/${id}`, EUR), { token: tokens[login] })
    expect((await read('omanager')).json.data.id).toBe(id)
    expect((await read('jlink')).status).toBe(200)
    expect((await read('aapprover')).status).toBe(404)
    expect((await read('mkestrel')).status).toBe(404)
    const csv = await call(api.url('orders-csv', EUR), {
      method: 'POST',
      token: tokens.omanager,
      json: { ids: [id] },
    })
    expect(csv.status).toBe(200)
    // Continuing the order's payment stays its owner's.
    const patch = await call(api.url(`orders/${id}`, EUR), {
      method: 'PATCH',
      token: tokens.omanager,
      json: { orderCreation: { status: 'CONTINUE', redirect: { status: 'SUCCESS', parameters: [] } } },
    })
    expect(patch.status).toBe(404)
  })
})
