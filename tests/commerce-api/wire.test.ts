import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeAccessOf } from '../../commerce-api/authorization'
import { NOT_JSON, WIRE_RULES, wireSchemaOf } from '../../commerce-api/icm/schemas'
import { anonymousToken, basketFor, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'
import { OPERATOR_TOKEN } from './order-fixtures'

let api: Api
beforeAll(async () => {
  // With the operator's back office and the procurement sandbox, whose routes exist only when configured.
  api = await startApi({
    products: 40,
    backofficeToken: OPERATOR_TOKEN,
    punchoutSandbox: {},
    trackingCollector: { token: 'collector-token-0123456789abcdef' },
  })
})
afterAll(() => api.close())

describe('wire schemas', () => {
  it('name every route the API serves, and only those', () => {
    const served = routeAccessOf(api.app)
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
    const described = [...WIRE_RULES, ...NOT_JSON].map((rule) => `${rule.method} ${rule.route}`)
    expect(served.filter((route) => !described.includes(route))).toEqual([])
    expect(described.filter((route) => !served.includes(route))).toEqual([])
    expect(new Set(described).size).toBe(described.length)
  })
})

/** Whether a body has the shape ICM sends for the route (as the harness checks every answer). */
function accepts(method: string, route: string, body: unknown) {
  const schema = wireSchemaOf(method, `/rest/:site/${route}`, route)
  if (!schema) throw new Error(`no wire schema for ${method} ${route}`)
  return schema.safeParse(body).success
}

describe('shapes this API once answered where ICM answers otherwise (issue 30), refused by the wire check', () => {
  it('a merge answered with the merged basket instead of BasketMergeData', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [])
    const envelope = await basket.get()
    const route = 'baskets/:id/merges'
    expect(accepts('POST', route, envelope)).toBe(false)
    expect(
      accepts('POST', route, {
        data: { sourceBasket: 'source', targetBasket: envelope.data.id },
        included: { targetBasket: { [envelope.data.id]: envelope.data } },
        infos: [],
      }),
    ).toBe(true)
    // Includes name the target basket's, not the basket's own.
    const unprefixed = { data: { sourceBasket: 's', targetBasket: 't' }, included: { lineItems: {} } }
    expect(accepts('POST', route, unprefixed)).toBe(false)
  })

  it('a payment method without parameters answering parameterDefinitions: []', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [])
    const methods = (await call(basket.url('/eligible-payment-methods'), { token })).json
    const route = 'baskets/:id/eligible-payment-methods'
    expect(accepts('GET', route, methods)).toBe(true)
    const invoice = methods.data.find((m: { id: string }) => m.id === 'INVOICE')
    expect(invoice).not.toHaveProperty('parameterDefinitions')
    invoice.parameterDefinitions = []
    expect(accepts('GET', route, methods)).toBe(false)
  })

  it('cost center Links without their attributes', async () => {
    const token = await userToken(api, 'jlink')
    const list = (await call(api.url('customers/-/costcenters'), { token })).json
    const route = 'customers/:customerNo/costcenters'
    expect(list.data.length).toBeGreaterThan(0)
    expect(accepts('GET', route, list)).toBe(true)
    const bare = {
      ...list,
      data: list.data.map(({ attributes: _, ...link }: { attributes: unknown }) => link),
    }
    expect(accepts('GET', route, bare)).toBe(false)
    const nameless = {
      ...list,
      data: list.data.map((link: { attributes: { name: string }[] }) => ({
        ...link,
        attributes: link.attributes.filter((a) => a.name !== 'costCenterId'),
      })),
    }
    expect(accepts('GET', route, nameless)).toBe(false)
  })

  it('a price range without its upper end, or price types ICM does not have', () => {
    const tier = {
      net: { value: 1, currency: 'EUR' },
      gross: { value: 1.19, currency: 'EUR' },
      minQuantity: { value: 1 },
    }
    const priced = (prices: Record<string, unknown>) => ({ data: [{ sku: 'M', prices }] })
    const route = 'productprices'
    expect(
      accepts('GET', route, priced({ SalePrice: [tier], MinSalePrice: [tier], MaxSalePrice: [tier] })),
    ).toBe(true)
    expect(accepts('GET', route, priced({ SalePrice: [tier], MinSalePrice: [tier] }))).toBe(false)
    expect(accepts('GET', route, priced({ MaxSalePrice: [tier] }))).toBe(false)
    expect(accepts('GET', route, priced({ SalePrice: [tier], LowestPrice: [tier] }))).toBe(false)
  })
})
