import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inventories, prices, productLinks, productParts, products } from '../../commerce-api/db/schema'
import { call, SITE, startApi, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi()
})
afterAll(async () => {
  await api?.close()
})

const db = () => api.database.db

/** A plain product with its stored default category. */
async function plainProduct() {
  const [row] = await db().select().from(products).where(eq(products.kind, 'product')).limit(1)
  return row!
}

describe('defaultCategory as ICM sends it', () => {
  it('is a category object with its categoryPath in product details, named in the locale asked for', async () => {
    const row = await plainProduct()
    const { json } = await call(api.url(`products/${row.sku}`))
    const segments = row.defaultCategoryId.split('.')
    expect(json.defaultCategory.categoryPath.map((p: { id: string }) => p.id)).toEqual(segments)
    expect(json.defaultCategory.categoryPath.at(-1).uri).toBe(`${SITE}/-/categories/${segments.join('/')}`)
    // Each step carries the name its category has in the call's locale, as `categories/{path}` does.
    const german = await call(api.url(`products/${row.sku}`, ';loc=de_DE;cur=EUR'))
    const category = await call(api.url(`categories/${segments.join('/')}`, ';loc=de_DE;cur=EUR'))
    expect(german.json.defaultCategory.categoryPath).toEqual(
      category.json.categoryPath.map((step: { id: string; name: string; uri: string }) =>
        expect.objectContaining({ id: step.id, name: step.name, uri: step.uri }),
      ),
    )
    expect(german.json.defaultCategory.name).toBe(category.json.name)
  })

  it('is a category object in list stubs, which address their product by URI', async () => {
    const row = await plainProduct()
    const path = row.defaultCategoryId.split('.').join('/')
    const { json } = await call(api.url(`categories/${path}/products?attrs=sku,defaultCategory&amount=1`))
    const stub = json.elements[0]
    expect(stub.uri).toMatch(new RegExp(`^${SITE}/-/products/`))
    const defaultCategory = stub.attributes.find((a: { name: string }) => a.name === 'defaultCategory')
    expect(defaultCategory.value.categoryPath.map((p: { id: string }) => p.id)).toEqual(
      row.defaultCategoryId.split('.'),
    )
  })

  it('carries the order quantities of list stubs as ICM Quantities', async () => {
    const row = await plainProduct()
    const { json } = await call(api.url(`productlookup?searchTerm=${row.sku}`))
    const stub = json.elements.find((e: { uri: string }) => e.uri.endsWith(`/${row.sku}`))
    expect(stub.attributes).toContainEqual({
      name: 'minOrderQuantity',
      type: 'Quantity',
      value: { value: row.minOrderQuantity },
    })
    expect(stub.attributes).toContainEqual({
      name: 'stepOrderQuantity',
      type: 'Quantity',
      value: { value: row.stepQuantity },
    })
  })
})

describe('product links as ICM sends them', () => {
  it('lists elements of {linkType, productLinks, categoryLinks}', async () => {
    const [link] = await db().select().from(productLinks).limit(1)
    const { json } = await call(api.url(`products/${link!.sku}/links`))
    const stored = await db().select().from(productLinks).where(eq(productLinks.sku, link!.sku))
    const ofType = json.elements.find((e: { linkType: string }) => e.linkType === link!.linkType)
    expect(ofType.categoryLinks).toEqual([])
    expect(ofType.productLinks.map((p: { uri: string }) => p.uri.split('/products/')[1]).sort()).toEqual(
      stored
        .filter((s) => s.linkType === link!.linkType)
        .map((s) => encodeURIComponent(s.targetSku))
        .sort(),
    )
    expect(ofType.productLinks[0]).toMatchObject({ type: 'Link', title: expect.any(String) })
  })
})

describe('POST prices and POST inventory', () => {
  async function stocked() {
    const rows = await db()
      .select({ sku: products.sku, stock: inventories.stock, alwaysInStock: inventories.alwaysInStock })
      .from(products)
      .innerJoin(inventories, eq(inventories.sku, products.sku))
      .where(and(eq(products.kind, 'product'), eq(inventories.alwaysInStock, false)))
      .limit(2)
    return rows
  }

  it('answers a priceInformationList per product asked for, priced for its quantity', async () => {
    const [a, b] = await stocked()
    const { status, json } = await call(api.url('prices'), {
      method: 'POST',
      json: {
        products: [{ sku: a!.sku, quantity: { value: 3, unit: 'pcs' } }, { sku: b!.sku }, { sku: 'NOPE' }],
      },
    })
    expect(status).toBe(200)
    expect(json.priceInformationList.map((p: { sku: string }) => p.sku)).toEqual([a!.sku, b!.sku])
    const [first, second] = json.priceInformationList
    expect(first.quantity).toEqual({ value: 3, unit: 'pcs' })
    expect(second.quantity).toEqual({ value: 1 })
    const listed = (await call(api.url(`productprices?sku=${a!.sku}`))).json.data[0]
    expect(first.prices).toEqual(listed.prices)
    expect(first.salePrice.net.currency).toBe('USD')
    expect(first.listPrice).toMatchObject({ net: listed.prices.ListPrice[0].net })
  })

  it('answers an inventoryInformationList saying whether the quantity can be had', async () => {
    const [a] = await stocked()
    const { status, json } = await call(api.url('inventory'), {
      method: 'POST',
      json: { products: [{ sku: a!.sku, quantity: { value: a!.stock + 1 } }, { sku: a!.sku }] },
    })
    expect(status).toBe(200)
    expect(json.inventoryInformationList).toEqual([
      expect.objectContaining({ sku: a!.sku, availableStock: a!.stock, available: false }),
      expect.objectContaining({ sku: a!.sku, quantity: { value: 1 }, available: a!.stock >= 1 }),
    ])
  })

  it('refuses bad bodies with 400 and bodies other than JSON with 415', async () => {
    for (const resource of ['prices', 'inventory']) {
      const post = (json: unknown) => call(api.url(resource), { method: 'POST', json })
      expect((await post({})).status).toBe(400)
      expect((await post({ products: [] })).status).toBe(400)
      expect((await post({ products: [{ sku: 'A', quantity: { value: 0 } }] })).status).toBe(400)
      const many = Array.from({ length: 201 }, (_, i) => ({ sku: `S${i}` }))
      expect((await post({ products: many })).status).toBe(400)
      const form = await call(api.url(resource), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'products=A',
      })
      expect(form.status).toBe(415)
    }
  })

  it('prices nothing for SKUs without prices', async () => {
    const skus = (await db().select({ sku: products.sku }).from(products).limit(1)).map((r) => r.sku)
    const stock = await db().select().from(inventories).where(inArray(inventories.sku, skus))
    const { json } = await call(api.url('inventory'), {
      method: 'POST',
      json: { products: [{ sku: 'NOPE' }] },
    })
    expect(json.inventoryInformationList).toEqual([])
    expect(stock.length).toBeLessThanOrEqual(1)
  })
})

describe('productprices of variation masters and retail sets', () => {
  /** Sets a SKU's USD prices (minor units, net; gross is net × 1.19 here) and returns them as ICM's Money values. */
  async function priceAt(sku: string, saleNet: number, listNet: number) {
    const gross = (net: number) => Math.round(net * 1.19)
    const updated = await db()
      .update(prices)
      .set({ saleNet, saleGross: gross(saleNet), listNet, listGross: gross(listNet), scaled: [] })
      .where(and(eq(prices.sku, sku), eq(prices.currency, 'USD')))
      .returning()
    expect(updated).toHaveLength(1)
  }
  const tier = (net: number) => [
    {
      type: 'PriceItem',
      net: { type: 'Money', value: net / 100, currency: 'USD' },
      gross: { type: 'Money', value: Math.round(net * 1.19) / 100, currency: 'USD' },
      minQuantity: { value: 1 },
      priceQuantity: { value: 1 },
    },
  ]

  it("gives a master its online variations' range and a retail set its cheapest part and its parts summed up", async () => {
    const masters = await db().select().from(products).where(eq(products.kind, 'master'))
    let master: (typeof masters)[number] | undefined
    let variations: typeof masters = []
    for (const candidate of masters) {
      variations = await db()
        .select()
        .from(products)
        .where(and(eq(products.masterSku, candidate.sku), eq(products.online, true)))
        .orderBy(products.sku)
      master = candidate
      if (variations.length >= 3) break
    }
    expect(variations.length).toBeGreaterThanOrEqual(3)
    const [offline, cheap, dear, ...rest] = variations
    // An offline variation is not offered: its price is no bound of the range.
    await priceAt(offline!.sku, 100, 100)
    await db().update(products).set({ online: false }).where(eq(products.sku, offline!.sku))
    await priceAt(cheap!.sku, 5_000, 6_500)
    await priceAt(dear!.sku, 9_000, 9_500)
    for (const other of rest) await priceAt(other.sku, 7_000, 7_000)

    const [set] = await db().select().from(products).where(eq(products.kind, 'retailset')).limit(1)
    expect(set).toBeDefined()
    const parts = await db().select().from(productParts).where(eq(productParts.ownerSku, set!.sku))
    expect(parts.length).toBeGreaterThanOrEqual(2)
    let summedSale = 0
    let summedList = 0
    for (const [index, part] of parts.entries()) {
      const sale = 1_000 * (index + 2)
      await priceAt(part.partSku, sale, sale + 500)
      summedSale += sale * part.quantity
      summedList += (sale + 500) * part.quantity
    }

    const plain = await plainProduct()
    const { status, json } = await call(
      api.url(`productprices?sku=${master!.sku}&sku=${set!.sku}&sku=${plain.sku}`),
    )
    expect(status).toBe(200)
    const bySku = new Map(json.data.map((entry: any) => [entry.sku, entry.prices]))
    expect(bySku.get(master!.sku)).toMatchObject({
      MinSalePrice: tier(5_000),
      MaxSalePrice: tier(9_000),
      MinListPrice: tier(6_500),
      MaxListPrice: tier(9_500),
    })
    expect(bySku.get(set!.sku)).toMatchObject({
      MinSalePrice: tier(2_000),
      MinListPrice: tier(2_500),
      SummedUpSalePrice: tier(summedSale),
      SummedUpListPrice: tier(summedList),
    })
    // A plain product has one price: no range, nothing summed up.
    expect(Object.keys(bySku.get(plain.sku) as object).sort()).toEqual(['ListPrice', 'SalePrice'])
    // POST prices gives the same price types.
    const informed = await call(api.url('prices'), {
      method: 'POST',
      json: { products: [{ sku: master!.sku }, { sku: set!.sku }] },
    })
    expect(informed.json.priceInformationList.map((p: any) => p.prices)).toEqual([
      bySku.get(master!.sku),
      bySku.get(set!.sku),
    ])
    await db().update(products).set({ online: true }).where(eq(products.sku, offline!.sku))
  })
})

describe('the product in every locale (localizedNames, this API’s extension, ADR 0051)', () => {
  it('names a variation in every locale as each locale’s own answer does, only when asked', async () => {
    const [row] = await db().select().from(products).where(eq(products.kind, 'variation')).limit(1)
    const plain = await call(api.url(`products/${row!.sku}`))
    expect(plain.json.localizedNames).toBeUndefined()
    const { json } = await call(api.url(`products/${row!.sku}?localizedNames=true`))
    const locales = [
      ['en_US', ';loc=en_US;cur=USD'],
      ['de_DE', ';loc=de_DE;cur=EUR'],
      ['fr_FR', ';loc=fr_FR;cur=EUR'],
      ['pl_PL', ';loc=pl_PL;cur=PLN'],
      ['ro_RO', ';loc=ro_RO;cur=RON'],
    ] as const
    const expected = await Promise.all(
      locales.map(async ([locale, matrix]) => {
        const own = (await call(api.url(`products/${row!.sku}`, matrix))).json
        return {
          locale,
          productName: own.productName,
          variationValues: own.variationAttributeValuesExtended.map((v: any) => v.value.name),
        }
      }),
    )
    expect(json.localizedNames).toEqual(expected)
    expect(new Set(expected.map((e) => e.productName)).size).toBeGreaterThan(1)
    expect(expected[0]!.variationValues.length).toBeGreaterThan(0)
  })
})
