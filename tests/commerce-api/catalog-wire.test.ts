import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inventories, productLinks, products } from '../../commerce-api/db/schema'
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
