import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  inventories,
  lineItems,
  prices,
  productPromotions,
  products,
  productWarranties,
  promotions,
} from '../../commerce-api/db/schema'
import { grossOf } from '../../commerce-api/domain/money'
import { call, SITE, startApi, tokenFor, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi()
})
afterAll(async () => {
  await api?.close()
})

const db = () => api.database.db

/** A simple product in stock without order-quantity restrictions, among the given SKUs. */
async function orderable(skus: string[]) {
  const [row] = await db()
    .select({ sku: products.sku })
    .from(products)
    .innerJoin(inventories, eq(inventories.sku, products.sku))
    .where(
      and(
        inArray(products.sku, skus),
        eq(products.kind, 'product'),
        eq(products.minOrderQuantity, 1),
        eq(products.stepQuantity, 1),
        gt(inventories.stock, 20),
      ),
    )
    .orderBy(products.sku)
    .limit(1)
  if (!row) throw new Error('no orderable product among the candidates')
  return row.sku
}

/** Power tools and the warranties they are offered with, from the seed. */
async function warrantedProducts() {
  const rows = await db().select().from(productWarranties)
  const bySku = new Map<string, string[]>()
  for (const row of rows) bySku.set(row.sku, [...(bySku.get(row.sku) ?? []), row.warrantyId])
  return bySku
}

async function newBasket() {
  const token = (await tokenFor(api, { grant_type: 'anonymous' })).json.access_token as string
  const id = (await call(api.url('baskets'), { method: 'POST', token })).json.data.id as string
  const add = (items: unknown[]) =>
    call(api.url(`baskets/${id}/items`), { method: 'POST', token, json: items })
  const basket = async () => (await call(api.url(`baskets/${id}?include=lineItems`), { token })).json
  return { id, token, add, basket }
}

const cents = (money: { value: number }) => Math.round(money.value * 100)

describe('promotions', () => {
  it('links a product to its running promotions and serves them localized', async () => {
    const [link] = await db()
      .select({ sku: productPromotions.sku, id: promotions.id })
      .from(productPromotions)
      .innerJoin(promotions, eq(promotions.id, productPromotions.promotionId))
      .where(eq(promotions.active, true))
      .limit(1)
    const product = (await call(api.url(`products/${link!.sku}`))).json
    expect(product.promotions).toEqual([
      {
        type: 'Link',
        uri: `${SITE}/-/promotions/${link!.id}`,
        title: expect.any(String),
        itemId: link!.id,
      },
    ])

    const en = await call(api.url(`promotions/${link!.id}`))
    expect(en.status).toBe(200)
    expect(en.json).toEqual({
      id: link!.id,
      name: product.promotions[0].title,
      title: product.promotions[0].title,
      longTitle: expect.any(String),
      ruleDescription: expect.stringContaining('no code needed'),
      legalContentMessage: expect.any(String),
      couponCodeRequired: false,
      currency: 'USD',
      icon: expect.any(String),
      disableMessages: false,
      useExternalUrl: false,
    })
    const de = (await call(api.url(`promotions/${link!.id}`, ';loc=de_DE;cur=EUR'))).json
    expect(de.ruleDescription).toContain('kein Code nötig')
    expect(de.currency).toBe('EUR')

    const code = (await call(api.url('promotions/welcome-10', ';loc=fr_FR;cur=EUR'))).json
    expect(code).toMatchObject({ couponCodeRequired: true, title: 'Offre de bienvenue : 10 % de remise' })
  })

  it('answers unknown and ended promotions with 404, and products do not show ended ones', async () => {
    for (const id of ['nope', 'winter-clearance']) {
      const { status, json, headers } = await call(api.url(`promotions/${id}`))
      expect(status).toBe(404)
      expect(headers.get('error-key')).toBe('promotion.not_found')
      expect(json.errors[0]).toMatchObject({ status: '404', code: 'promotion.not_found' })
    }
    const [ended] = await db()
      .select({ sku: productPromotions.sku })
      .from(productPromotions)
      .where(eq(productPromotions.promotionId, 'winter-clearance'))
      .limit(1)
    const product = (await call(api.url(`products/${ended!.sku}`))).json
    expect(product.sku).toBe(ended!.sku)
    expect(product.promotions ?? []).not.toContainEqual(
      expect.objectContaining({ itemId: 'winter-clearance' }),
    )
  })
})

describe('warranties', () => {
  it('lists the warranties a power tool is offered with, priced in the currency', async () => {
    const offered = await warrantedProducts()
    const [sku, ids] = [...offered.entries()].find(([, ids]) => ids.length === 3)!
    const usd = (await call(api.url(`products/${sku}`))).json
    // ICM's availableWarranties are Links to the warranty products with a WarrantyPrice attribute.
    const warrantyLink = (id: string, title: string, price: Record<string, unknown>) => ({
      type: 'Link',
      uri: `${SITE}/-/products/${id}`,
      title,
      itemId: id,
      attributes: [
        { name: 'WarrantyPrice', type: 'ProductPrice', value: { type: 'ProductPrice', ...price } },
      ],
    })
    expect(usd.availableWarranties).toEqual([
      warrantyLink('W-1Y', '1-year extended warranty', { value: 10.79, currency: 'USD' }),
      warrantyLink('W-2Y', '2-year extended warranty', { value: 19.43, currency: 'USD' }),
      warrantyLink('W-3Y', '3-year extended warranty', { value: 26.99, currency: 'USD' }),
    ])
    expect([...ids].sort()).toEqual(['W-1Y', 'W-2Y', 'W-3Y'])
    const pln = (await call(api.url(`products/${sku}`, ';loc=pl_PL;cur=PLN'))).json
    expect(pln.availableWarranties[1]).toEqual(
      warrantyLink('W-2Y', 'Przedłużona gwarancja na 2 lata', { value: 77.36, currency: 'PLN' }),
    )

    const [other] = await db()
      .select({ sku: products.sku })
      .from(products)
      .where(and(eq(products.kind, 'product'), notInArray(products.sku, [...offered.keys()])))
      .limit(1)
    expect((await call(api.url(`products/${other!.sku}`))).json.availableWarranties).toBeUndefined()
  })

  it('serves a warranty as a product of type Warranty, with net and gross prices', async () => {
    const warranty = await call(api.url('products/W-2Y', ';loc=de_DE;cur=EUR'))
    expect(warranty.status).toBe(200)
    expect(warranty.json).toMatchObject({
      type: 'Warranty',
      sku: 'W-2Y',
      productName: '2 Jahre Garantieverlängerung',
      salePrice: { type: 'ProductPrice', value: 17.99, currency: 'EUR' },
    })
    expect(warranty.json.shortDescription).toContain('Herstellergarantie')
    const priced = (await call(api.url('productprices?sku=W-2Y&sku=W-9Y', ';loc=de_DE;cur=EUR'))).json.data
    expect(priced).toHaveLength(1)
    expect(priced[0].prices.SalePrice[0]).toMatchObject({
      net: { value: 17.99, currency: 'EUR' },
      gross: { value: 21.41, currency: 'EUR' },
    })
    expect((await call(api.url('products/W-9Y'))).status).toBe(404)
  })
})

describe('adding items with a warranty', () => {
  it('stores the warranty on its own line and charges it per piece in line and basket totals', async () => {
    const offered = await warrantedProducts()
    const sku = await orderable([...offered.keys()])
    const { id, add, basket } = await newBasket()
    const unit = (await call(api.url(`productprices?sku=${sku}`))).json.data[0].prices.SalePrice[0]

    const added = await add([{ product: sku, quantity: { value: 2 }, warranty: 'W-1Y' }])
    expect(added.status).toBe(201)
    const line = added.json.data[0]
    // Without an address, gross is figured with the tax of the currency's default destination (domain/money.ts).
    const warrantyGross = grossOf(1079, 'USD')
    expect(line.warranty).toEqual({
      id: 'W-1Y',
      name: '1-year extended warranty',
      price: {
        type: 'PriceItem',
        net: { type: 'Money', value: 10.79, currency: 'USD' },
        gross: { type: 'Money', value: warrantyGross / 100, currency: 'USD' },
      },
    })
    expect(cents(line.pricing.singleBasePrice.net)).toBe(cents(unit.net))
    expect(cents(line.pricing.total.net)).toBe((cents(unit.net) + 1079) * 2)
    expect(cents(line.pricing.total.gross)).toBe((cents(unit.gross) + warrantyGross) * 2)

    // Without a warranty, and with another one, the same product makes separate lines; the same warranty adds up.
    expect((await add([{ product: sku, quantity: { value: 1 } }])).status).toBe(201)
    expect((await add([{ product: sku, quantity: { value: 1 }, warranty: 'W-2Y' }])).status).toBe(201)
    const again = await add([{ product: sku, quantity: { value: 1 }, warranty: 'W-1Y' }])
    expect(again.json.infos[0].code).toBe('basket.line_item.add_item_added_to_existing_line_item.info')

    const rows = await db()
      .select()
      .from(lineItems)
      .where(eq(lineItems.basketId, id))
      .orderBy(lineItems.position)
    expect(rows.map((r) => [r.sku, r.warrantyId, r.quantity])).toEqual([
      [sku, 'W-1Y', 3],
      [sku, null, 1],
      [sku, 'W-2Y', 1],
    ])
    const json = await basket()
    const lines = Object.values(json.included.lineItems) as any[]
    const linesNet = lines.reduce((sum, l) => sum + cents(l.pricing.total.net), 0)
    const linesGross = lines.reduce((sum, l) => sum + cents(l.pricing.total.gross), 0)
    expect(linesNet).toBe(cents(unit.net) * 5 + 1079 * 3 + 1943)
    expect(cents(json.data.totals.itemTotal.net)).toBe(linesNet)
    expect(cents(json.data.totals.grandTotal.gross)).toBe(linesGross)
    expect(lines.find((l) => !l.warranty)?.quantity.value).toBe(1)
  })

  it('refuses a warranty the product is not offered with, and stores nothing', async () => {
    const offered = await warrantedProducts()
    const twoOnly = [...offered.entries()].filter(([, ids]) => ids.length === 2).map(([sku]) => sku)
    const cheapTool = await orderable(twoOnly)
    const [handTool] = await db()
      .select({ sku: products.sku })
      .from(products)
      .where(and(eq(products.kind, 'product'), notInArray(products.sku, [...offered.keys()])))
      .limit(1)
    const { id, add } = await newBasket()
    expect((await add([{ product: cheapTool, quantity: { value: 1 } }])).status).toBe(201)
    const before = await db().select().from(lineItems).where(eq(lineItems.basketId, id))

    const refused = await add([
      { product: cheapTool, quantity: { value: 1 }, warranty: 'W-1Y' },
      { product: cheapTool, quantity: { value: 1 }, warranty: 'W-3Y' },
      { product: cheapTool, quantity: { value: 1 }, warranty: 'W-99Y' },
      { product: handTool!.sku, quantity: { value: 1 }, warranty: 'W-1Y' },
    ])
    expect(refused.status).toBe(422)
    expect(refused.json.errors[0].causes).toEqual([
      expect.objectContaining({
        code: 'basket.line_item.warranty_not_available.error',
        paths: ['[1].warranty'],
      }),
      expect.objectContaining({
        code: 'basket.line_item.warranty_not_available.error',
        paths: ['[2].warranty'],
      }),
      expect.objectContaining({
        code: 'basket.line_item.warranty_not_available.error',
        paths: ['[3].warranty'],
      }),
    ])
    expect(await db().select().from(lineItems).where(eq(lineItems.basketId, id))).toEqual(before)
  })
})

describe('products with the price on request', () => {
  it('have no price and cannot be added to a basket', async () => {
    const [unpriced] = await db()
      .select({ sku: products.sku })
      .from(products)
      .where(
        and(
          eq(products.kind, 'product'),
          sql`not exists (select 1 from ${prices} p where p.sku = ${products.sku})`,
        ),
      )
      .limit(1)
    expect(unpriced).toBeDefined()
    expect((await call(api.url(`productprices?sku=${unpriced!.sku}`))).json.data).toEqual([])
    const product = (await call(api.url(`products/${unpriced!.sku}`))).json
    expect(product.salePrice).toBeUndefined()

    const { id, add } = await newBasket()
    const refused = await add([{ product: unpriced!.sku, quantity: { value: 1 } }])
    expect(refused.status).toBe(422)
    expect(refused.json.errors[0].causes).toEqual([
      {
        code: 'basket.line_item.product_price_on_request.error',
        message: expect.stringContaining('price is on request'),
        paths: ['[0].product'],
      },
    ])
    expect(await db().select().from(lineItems).where(eq(lineItems.basketId, id))).toEqual([])
  })
})

describe('product images', () => {
  it('come in three views and the spec sizes, each served as a picture of that size', async () => {
    const [row] = await db().select({ sku: products.sku }).from(products).limit(1)
    const { images } = (await call(api.url(`products/${row!.sku}?allImages=true`))).json
    const sizes = [
      ['S', 100],
      ['M', 160],
      ['L', 247],
      ['XL', 427],
      ['ZOOM', 2000],
    ] as const
    expect(
      images.map((i: any) => [i.viewID, i.typeID, i.imageActualWidth, i.imageActualHeight, i.primaryImage]),
    ).toEqual(
      ['front', 'side', 'detail'].flatMap((view) =>
        sizes.map(([type, size]) => [view, type, size, size, view === 'front']),
      ),
    )
    const origin = new URL(api.url('')).origin
    const zooms = images.filter((i: any) => i.typeID === 'ZOOM').map((i: any) => i.effectiveUrl as string)
    const pictures = await Promise.all(
      zooms.map(async (url: string) => (await fetch(`${origin}${url}`)).text()),
    )
    for (const svg of pictures) {
      expect(svg).toContain('width="2000" height="2000"')
      // A picture shows the product, not its number.
      expect(svg).not.toContain(row!.sku)
    }
    expect(new Set(pictures).size).toBe(3)
    const svg = await fetch(`${origin}${zooms[0]}`)
    expect(svg.headers.get('content-type')).toContain('image/svg+xml')
    expect((await fetch(`${origin}${zooms[0]!.replace('/2000/', '/999/')}`)).status).toBe(404)
  })
})
