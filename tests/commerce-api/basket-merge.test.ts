import { and, eq, isNotNull, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baskets, inventories, lineItems, prices, products } from '../../commerce-api/db/schema'
import { PLAIN_RULES } from '../../commerce-api/domain/basket-test-fixtures'
import { anonymousToken, basketFor, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi()
})
afterAll(async () => {
  await api?.close()
})

/** Plain products in stock with quantity rules 1/1/none, priced in every currency. */
async function sellableSkus(count: number) {
  const rows = await api.database.db
    .select({ sku: products.sku })
    .from(products)
    .innerJoin(inventories, eq(inventories.sku, products.sku))
    .where(PLAIN_RULES)
    .limit(60)
  const skus: string[] = []
  for (const { sku } of rows) {
    const stock = await call(api.url(`inventories?sku=${sku}`))
    const priced = await api.database.db.select().from(prices).where(eq(prices.sku, sku))
    if (stock.json.data[0]?.availableStock > 200 && priced.length === 4) skus.push(sku)
    if (skus.length === count) return skus
  }
  throw new Error('not enough sellable products in the seed')
}

const PATRICIA = 'patricia@ironbridge.test'

const basketOf = async (token: string, items: { sku: string; quantity: number }[], matrix?: string) =>
  (await basketFor(api, token, items, matrix)).id

const linesOf = async (basketId: string) =>
  api.database.db.select().from(lineItems).where(eq(lineItems.basketId, basketId))

/** What ICM clients include in a merge's answer (the PWA's `allTargetBasketIncludes`). */
const TARGET_INCLUDES = [
  'targetBasket',
  'targetBasket_invoiceToAddress',
  'targetBasket_commonShipToAddress',
  'targetBasket_commonShippingMethod',
  'targetBasket_discounts',
  'targetBasket_lineItems',
  'targetBasket_lineItems_discounts',
  'targetBasket_payments',
  'targetBasket_payments_paymentMethod',
  'targetBasket_payments_paymentInstrument',
].join(',')

const merge = (target: string, token: string, json: unknown, include = TARGET_INCLUDES) =>
  call(api.url(`baskets/${target}/merges?include=${include}`), { method: 'POST', token, json })

describe('product lookup', () => {
  it('needs a search term', async () => {
    expect((await call(api.url('productlookup'))).status).toBe(400)
    const blank = await call(api.url('productlookup?searchTerm=%20%20'))
    expect(blank.status).toBe(400)
    expect(blank.json.errors[0].message).toMatch(/searchTerm is required/)
  })

  it('finds a product by SKU in the ICM elements shape and never answers a master', async () => {
    const [sku] = await sellableSkus(1)
    const found = await call(api.url(`productlookup?searchTerm=${sku}`))
    expect(found.status).toBe(200)
    expect(found.json.type).toBe('ResourceCollection')
    const first = found.json.elements[0]
    expect(first.title).toBeTruthy()
    expect(first.attributes.find((a: any) => a.name === 'sku').value).toBe(sku)

    const [master] = await api.database.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.kind, 'master'))
      .limit(1)
    const lookup = await call(api.url(`productlookup?searchTerm=${master!.sku}`))
    expect(lookup.status).toBe(200)
    const skus = lookup.json.elements.map((e: any) => e.attributes.find((a: any) => a.name === 'sku').value)
    expect(skus).not.toContain(master!.sku)
  })

  it('prefers the exact manufacturer SKU match over an exact SKU match', async () => {
    const [own, other] = await sellableSkus(2)
    const db = api.database.db
    const [before] = await db
      .select({ manufacturerSku: products.manufacturerSku })
      .from(products)
      .where(eq(products.sku, other!))
    // The other product's manufacturer calls it by the first product's SKU.
    await db.update(products).set({ manufacturerSku: own! }).where(eq(products.sku, other!))
    try {
      const lookup = await call(api.url(`productlookup?searchTerm=${own}`))
      const hits = lookup.json.elements.map((e: any) => e.attributes.find((a: any) => a.name === 'sku').value)
      expect(hits.slice(0, 2)).toEqual([other, own])
      expect(lookup.json.elements[0].attributes.find((a: any) => a.name === 'manufacturerSKU').value).toBe(
        own,
      )
    } finally {
      await db
        .update(products)
        .set({ manufacturerSku: before!.manufacturerSku })
        .where(eq(products.sku, other!))
    }
  })

  it('finds a product by its manufacturer SKU, case-insensitively', async () => {
    const [row] = await api.database.db
      .select({ sku: products.sku, manufacturerSku: products.manufacturerSku })
      .from(products)
      .where(and(isNotNull(products.manufacturerSku), ne(products.kind, 'master')))
      .limit(1)
    const term = encodeURIComponent(row!.manufacturerSku!.toLowerCase())
    const lookup = await call(api.url(`productlookup?searchTerm=${term}`))
    expect(lookup.json.elements[0].attributes.find((a: any) => a.name === 'sku').value).toBe(row!.sku)
  })
})

describe('basket merge', () => {
  it('moves the anonymous basket into the user basket: lines add up, the code comes along, the source closes', async () => {
    const [a, b, c] = await sellableSkus(3)
    const anonymous = await anonymousToken(api)
    const source = await basketOf(anonymous, [
      { sku: a!, quantity: 2 },
      { sku: b!, quantity: 1 },
      { sku: c!, quantity: 5 },
    ])
    await call(api.url(`baskets/${source}/promotioncodes`), {
      method: 'POST',
      token: anonymous,
      json: { code: 'WELCOME10' },
    })
    const user = await userToken(api, PATRICIA)
    const target = await basketOf(user, [
      { sku: a!, quantity: 3 },
      { sku: c!, quantity: 99 },
    ])

    const merged = await merge(target, user, { sourceBasket: source, sourceAuthenticationToken: anonymous })
    expect(merged.status).toBe(200)
    // ICM's BasketMergeData: the two baskets' ids, the merged basket included as targetBasket…
    expect(merged.json.data).toEqual({ sourceBasket: source, targetBasket: target })
    expect(Object.keys(merged.json.included.targetBasket)).toEqual([target])
    expect(merged.json.included.targetBasket[target].id).toBe(target)
    expect(merged.json.included.targetBasket[target].promotionCodes).toEqual(['WELCOME10'])
    expect(merged.json.included.lineItems).toBeUndefined()
    const quantities = Object.fromEntries(
      Object.values(merged.json.included.targetBasket_lineItems).map((l: any) => [
        l.product,
        l.quantity.value,
      ]),
    )
    // 3 + 2; the new product as it was; 99 + 5 held at the channel's maximum of 100, with an info.
    expect(quantities).toEqual({ [a!]: 5, [b!]: 1, [c!]: 100 })
    expect(merged.json.infos.map((i: any) => i.code)).toContain(
      'basket.merge.line_item.quantity_adjusted.info',
    )

    const stored = await linesOf(target)
    expect(stored.map((l) => [l.sku, l.quantity]).sort()).toEqual(
      [
        [a, 5],
        [b, 1],
        [c, 100],
      ].sort(),
    )
    const [sourceRow] = await api.database.db.select().from(baskets).where(eq(baskets.id, source))
    expect(sourceRow!.status).toBe('merged')
    expect((await call(api.url(`baskets/${source}`), { token: anonymous })).status).toBe(404)
    expect((await call(api.url('baskets/current'), { token: anonymous })).status).toBe(404)
    // The user's current basket is the merged one.
    expect((await call(api.url('baskets/current'), { token: user })).json.data.id).toBe(target)
  })

  it('merges into a fresh basket of a user who had none', async () => {
    const [a] = await sellableSkus(1)
    const anonymous = await anonymousToken(api)
    const source = await basketOf(anonymous, [{ sku: a!, quantity: 4 }])
    const user = await userToken(api, 'pierre@ironbridge.test')
    const target = await basketOf(user, [])
    // Without includes, the answer names the two baskets only.
    const merged = await merge(
      target,
      user,
      { sourceBasket: source, sourceAuthenticationToken: anonymous },
      '',
    )
    expect(merged.status).toBe(200)
    expect(merged.json.data).toEqual({ sourceBasket: source, targetBasket: target })
    expect(merged.json.included).toBeUndefined()
    expect((await linesOf(target)).map((l) => [l.sku, l.quantity])).toEqual([[a, 4]])
  })

  it('refuses bad input with clear codes and changes nothing', async () => {
    const [a] = await sellableSkus(1)
    const anonymous = await anonymousToken(api)
    const source = await basketOf(anonymous, [{ sku: a!, quantity: 1 }])
    const user = await userToken(api, PATRICIA)
    const target = await basketOf(user, [])

    const missing = await merge(target, user, { sourceBasket: source })
    expect(missing.status).toBe(400)
    expect(missing.json.errors[0].causes[0].paths).toEqual(['sourceAuthenticationToken'])
    expect((await merge(target, user, {})).json.errors[0].causes).toHaveLength(2)

    const same = await merge(target, user, { sourceBasket: target, sourceAuthenticationToken: user })
    expect(same.status).toBe(422)
    expect(same.json.errors[0].code).toBe('basket.merge.source_equals_target.error')

    const badToken = await merge(target, user, { sourceBasket: source, sourceAuthenticationToken: 'nope' })
    expect(badToken.status).toBe(422)
    expect(badToken.json.errors[0].code).toBe('basket.merge.source_token.invalid.error')

    // Another shopper's token does not own the source basket.
    const stranger = await anonymousToken(api)
    const notOwned = await merge(target, user, { sourceBasket: source, sourceAuthenticationToken: stranger })
    expect(notOwned.status).toBe(422)
    expect(notOwned.json.errors[0].code).toBe('basket.merge.source_basket.not_found.error')

    const noTarget = await merge('00000000-0000-0000-0000-000000000000', user, {
      sourceBasket: source,
      sourceAuthenticationToken: anonymous,
    })
    expect(noTarget.status).toBe(404)
    expect(noTarget.json.errors[0].code).toBe('basket.not_found.error')

    expect(await linesOf(target)).toHaveLength(0)
    expect((await linesOf(source)).map((l) => l.quantity)).toEqual([1])
    const [sourceRow] = await api.database.db.select().from(baskets).where(eq(baskets.id, source))
    expect(sourceRow!.status).toBe('open')
  })

  it('merges one source exactly once when two merges race', async () => {
    const [a] = await sellableSkus(1)
    const anonymous = await anonymousToken(api)
    const source = await basketOf(anonymous, [{ sku: a!, quantity: 3 }])
    const user = await userToken(api, 'jlink')
    const target = await basketOf(user, [{ sku: a!, quantity: 1 }])
    const body = { sourceBasket: source, sourceAuthenticationToken: anonymous }
    const results = await Promise.all([merge(target, user, body), merge(target, user, body)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 422])
    expect((await linesOf(target)).map((l) => l.quantity)).toEqual([4])
  })
})

describe('currency recalculation', () => {
  it('re-prices the basket in the currency of the call and drops lines without a price there', async () => {
    const [a, b] = await sellableSkus(2)
    const token = await anonymousToken(api)
    const usd = ';loc=en_US;cur=USD'
    const eur = ';loc=de_DE;cur=EUR'
    const id = await basketOf(
      token,
      [
        { sku: a!, quantity: 2 },
        { sku: b!, quantity: 1 },
      ],
      usd,
    )
    const db = api.database.db
    const [eurPrice] = await db
      .select()
      .from(prices)
      .where(and(eq(prices.sku, a!), eq(prices.currency, 'EUR')))
    const [removedPrice] = await db
      .delete(prices)
      .where(and(eq(prices.sku, b!), eq(prices.currency, 'EUR')))
      .returning()
    try {
      // Same currency: nothing changes.
      const same = await call(api.url(`baskets/${id}?include=lineItems`, usd), {
        method: 'PATCH',
        token,
        json: { calculated: true },
      })
      expect(same.status).toBe(200)
      expect(same.json.data.purchaseCurrency).toBe('USD')
      expect(same.json.data.lineItems).toHaveLength(2)
      const paid = await call(api.url(`baskets/${id}/payments/open-tender`, usd), {
        method: 'PUT',
        token,
        json: { paymentInstrument: 'INVOICE' },
      })
      expect(paid.status).toBe(200)

      const recalculated = await call(api.url(`baskets/${id}?include=lineItems`, eur), {
        method: 'PATCH',
        token,
        json: { calculated: true },
      })
      expect(recalculated.status).toBe(200)
      expect(recalculated.json.data.purchaseCurrency).toBe('EUR')
      expect(recalculated.json.data.lineItems).toHaveLength(1)
      const line = Object.values(recalculated.json.included.lineItems)[0] as any
      expect(line.product).toBe(a)
      expect(line.pricing.total.net).toEqual({
        type: 'Money',
        value: (eurPrice!.saleNet * 2) / 100,
        currency: 'EUR',
      })
      expect(recalculated.json.data.totals.grandTotal.net.currency).toBe('EUR')
      // The invoice payment was chosen for a USD amount: it is gone, to be chosen again.
      expect(recalculated.json.data.payments ?? []).toEqual([])
      expect(recalculated.json.infos).toEqual([
        expect.objectContaining({ code: 'basket.line_item.removed.price_not_available.info' }),
      ])
      const [row] = await db.select().from(baskets).where(eq(baskets.id, id))
      expect(row!.currency).toBe('EUR')
      expect((await linesOf(id)).map((l) => l.sku)).toEqual([a])
    } finally {
      await db.insert(prices).values(removedPrice!)
    }
  })

  it('refuses a PATCH without any field', async () => {
    const token = await anonymousToken(api)
    const id = await basketOf(token, [])
    const empty = await call(api.url(`baskets/${id}`), { method: 'PATCH', token, json: {} })
    expect(empty.status).toBe(400)
  })
})
