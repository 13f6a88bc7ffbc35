/** What the checkout tests share: a sellable product, baskets for guests and demo users, a guest address. */
import { and, between, eq, inArray, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { inventories, prices, products } from '../../commerce-api/db/schema'
import { DEMO_ADDRESS_IDS } from '../../commerce-api/db/seed/checkout'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { automaticallyPromoted, PLAIN_RULES } from '../../commerce-api/domain/basket-test-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

export const ALL_INCLUDES =
  'lineItems,invoiceToAddress,commonShipToAddress,commonShippingMethod,payments,payments_paymentMethod,payments_paymentInstrument'

export const minor = (money: { value: number }) => Math.round(money.value * 100)

/**
 * Products without automatic item promotions, with stock and plain quantity rules, costing 5.00 to 40.00
 * net in EUR (so that one piece stays below the free shipping and payment cost thresholds).
 */
export async function sellableSkus(api: Api, howMany = 3) {
  const rows = await api.database.db
    .select({ sku: products.sku })
    .from(products)
    .innerJoin(inventories, eq(inventories.sku, products.sku))
    .innerJoin(prices, and(eq(prices.sku, products.sku), eq(prices.currency, 'EUR')))
    .where(
      and(
        between(prices.saleNet, 500, 4000),
        PLAIN_RULES,
        eq(inventories.alwaysInStock, false),
        notInArray(products.sku, automaticallyPromoted(api.database.db)),
      ),
    )
    .orderBy(products.sku)
    .limit(60)
  const found: string[] = []
  for (const { sku } of rows) {
    const price = await call(api.url(`productprices?sku=${sku}`))
    const [inv] = await api.database.db
      .select()
      .from(inventories)
      .where(inArray(inventories.sku, [sku]))
    if (price.json.data[0]?.prices?.SalePrice && (inv?.stock ?? 0) > 20) found.push(sku)
    if (found.length === howMany) return found
  }
  throw new Error('not enough sellable products in the seed')
}

/**
 * The test file's API, started before its tests and closed after them, with `howMany` sellable products;
 * `use` receives both.
 */
export function checkoutTestBed(howMany: number, use: (bed: { api: Api; skus: string[] }) => void) {
  let api: Api | undefined
  beforeAll(async () => {
    api = await startApi()
    use({ api, skus: await sellableSkus(api, howMany) })
  })
  afterAll(async () => {
    await api?.close()
  })
}

export async function anonymousToken(api: Api) {
  return (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token as string
}

export async function userToken(api: Api, login: string) {
  const grant = await tokenFor(api, { grant_type: 'password', username: login, password: DEMO_PASSWORD })
  expect(grant.status).toBe(200)
  return grant.json.access_token as string
}

export async function basketFor(
  api: Api,
  token: string,
  items: { sku: string; quantity: number }[],
  matrix?: string,
) {
  const created = await call(api.url('baskets', matrix), { method: 'POST', token })
  expect(created.status).toBe(201)
  const id = created.json.data.id as string
  if (items.length) {
    const added = await call(api.url(`baskets/${id}/items`, matrix), {
      method: 'POST',
      token,
      json: items.map((i) => ({ product: i.sku, quantity: { value: i.quantity } })),
    })
    expect(added.status).toBe(201)
  }
  const get = async () =>
    (await call(api.url(`baskets/${id}?include=${ALL_INCLUDES}`, matrix), { token })).json
  return { id, token, get, url: (path = '') => api.url(`baskets/${id}${path}`, matrix) }
}

export const guestAddress = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Gina',
  lastName: 'Guest',
  addressLine1: 'Hauptstraße 5',
  postalCode: '80331',
  city: 'München',
  mainDivision: 'BY',
  countryCode: 'DE',
  email: 'gina@example.test',
  ...overrides,
})

/** A guest basket with invoice and ship-to address in `countryCode` and a shipping method. */
export async function readyGuestBasket(
  api: Api,
  items: { sku: string; quantity: number }[],
  {
    address = guestAddress(),
    shipping = 'STD_GROUND',
    matrix,
  }: { address?: Record<string, unknown>; shipping?: string; matrix?: string } = {},
) {
  const token = await anonymousToken(api)
  const basket = await basketFor(api, token, items, matrix)
  const created = await call(basket.url('/addresses'), { method: 'POST', token, json: address })
  expect(created.status).toBe(201)
  const urn = created.json.data.urn as string
  const patched = await call(basket.url(), {
    method: 'PATCH',
    token,
    json: { invoiceToAddress: urn, commonShipToAddress: urn },
  })
  expect(patched.status).toBe(200)
  const shipped = await call(basket.url(), {
    method: 'PATCH',
    token,
    json: { commonShippingMethod: shipping },
  })
  expect(shipped.status).toBe(200)
  return { ...basket, addressUrn: urn, addressId: created.json.data.id as string }
}

/** Brightline's (BC-200001) head office, shared by its users: a business basket's invoice and ship-to address. */
export const BRIGHTLINE_HEAD_OFFICE = `urn:address:customer:BC-200001:${DEMO_ADDRESS_IDS.brightlineHeadOffice}`

/**
 * A Brightline user's basket of `items` (in EUR) ready to order: invoiced and shipped to the head office,
 * standard delivery, paid by invoice, on `costCenter` when one is given.
 */
export async function readyBusinessBasket(
  api: Api,
  token: string,
  items: { sku: string; quantity: number }[],
  costCenter?: string,
) {
  const basket = await basketFor(api, token, items, ';loc=en_US;cur=EUR')
  for (const json of [
    { invoiceToAddress: BRIGHTLINE_HEAD_OFFICE, commonShipToAddress: BRIGHTLINE_HEAD_OFFICE },
    { commonShippingMethod: 'STD_GROUND' },
    ...(costCenter ? [{ costCenter }] : []),
  ])
    expect((await call(basket.url(), { method: 'PATCH', token, json })).status).toBe(200)
  const tender = { method: 'PUT', token, json: { paymentInstrument: 'INVOICE' } }
  expect((await call(basket.url('/payments/open-tender'), tender)).status).toBe(200)
  return basket
}
