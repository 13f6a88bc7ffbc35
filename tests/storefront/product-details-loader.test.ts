import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader } from '~/routes/$lang._shop.$'
import { action as addAction } from '~/routes/$lang._shop.basket_.add'
import { enabledFeatures } from '~/services/features.server'
import { loadProductPage } from '~/services/product-page.server'
import { shopperOf } from '~/services/shopper.server'
import {
  categoryData,
  configurationData,
  defaultCategory,
  emptyBasket,
  get,
  icm,
  icmError,
  icmPath,
  pathStep,
  priceItem,
  productData,
} from './icm-mock'
import { answer, args as requestArgs, sessionFrom } from './loader-args'
import './setup'

const PATH = 'power-tools/drills/voltwerk-drill-xt-18-prd1000042'

const args = (path: string) =>
  requestArgs(`/en/${path}`, { params: { lang: 'en', '*': path.split('?')[0]! } })

/** What the product page's add form posts to the one add route, back to the product page. */
const addPost = (fields: Record<string, string>) =>
  requestArgs('/en/basket/add', { form: { returnUrl: `/en/${PATH}`, ...fields } })

/** A price item as the storefront maps it (ICM's type tags dropped). */
const mapped = (net: number, gross: number) => ({
  net: { value: net, currency: 'USD' },
  gross: { value: gross, currency: 'USD' },
})
const tier = (net: number, gross: number) => ({ ...priceItem(net, gross), minQuantity: { value: 1 } })

/** Prices as ICM answers them: only for the requested SKUs. */
const PRICES: Record<string, [number, number]> = {
  '1000042': [100, 119],
  '1000043': [20, 23.8],
  'W-1Y': [10.79, 11.55],
  'W-2Y': [19.43, 20.79],
}
const productPrices = (request: Request) => ({
  data: new URL(request.url).searchParams.getAll('sku').flatMap((sku) => {
    const price = PRICES[sku]
    return price ? [{ sku, prices: { SalePrice: [tier(...price)], ListPrice: [tier(...price)] } }] : []
  }),
})

const detailedProduct = {
  ...productData,
  manufacturerSKU: 'VOL-48213',
  readyForShipmentMin: 1,
  readyForShipmentMax: 3,
  images: ['S', 'M', 'L', 'XL', 'ZOOM'].map((typeID, i) => ({
    typeID,
    effectiveUrl: `/INTERSHOP/static/WFS/ironbridge-Site/-/images/1/${[100, 160, 247, 427, 2000][i]}/1000042.svg`,
    imageActualWidth: [100, 160, 247, 427, 2000][i],
    imageActualHeight: [100, 160, 247, 427, 2000][i],
  })),
  attachments: [
    { name: 'Produktdatenblatt_1000042.pdf', type: 'application/pdf', description: 'Product data sheet' },
    { name: 'seal_1000042.pdf', type: 'application/pdf', description: 'Quality seal certificate' },
  ].map((a) => ({
    ...a,
    key: a.name,
    link: { uri: `/INTERSHOP/static/WFS/ironbridge-Site/-/attachments/${a.name}` },
  })),
  promotions: ['power-tool-weeks', 'ended'].map((id) => ({
    type: 'Link',
    uri: `ironbridge-Site/-/promotions/${id}`,
    title: id,
    itemId: id,
  })),
  availableWarranties: [
    ['W-1Y', '1-year extended warranty', 10.79],
    ['W-2Y', '2-year extended warranty', 19.43],
  ].map(([id, title, value]) => ({
    type: 'Link',
    uri: `ironbridge-Site/-/products/${id}`,
    title,
    itemId: id,
    attributes: [
      {
        name: 'WarrantyPrice',
        type: 'ProductPrice',
        value: { type: 'ProductPrice', value, currency: 'USD' },
      },
    ],
  })),
}

const promotionData = {
  id: 'power-tool-weeks',
  name: 'Power tool weeks: 15% off',
  title: 'Power tool weeks: 15% off',
  longTitle: '15% off selected power tools, deducted in the basket',
  ruleDescription: 'The discount is deducted automatically in your basket; no code needed.',
  legalContentMessage: 'While stocks last.',
  couponCodeRequired: false,
  currency: 'USD',
  icon: 'percent',
  disableMessages: false,
  useExternalUrl: false,
}

const linksData = {
  elements: [
    {
      linkType: 'accessory',
      productLinks: [
        {
          type: 'Link',
          uri: 'ironbridge-Site/-/products/1000043',
          title: 'Voltwerk Battery 18 V',
          attributes: [
            { name: 'sku', value: '1000043' },
            { name: 'availability', value: true },
            { name: 'inStock', value: true },
            { name: 'defaultCategory', value: defaultCategory('Power-Tools.Drills') },
          ],
        },
        {
          type: 'Link',
          uri: 'ironbridge-Site/-/products/1000044',
          title: 'Voltwerk Charger',
          attributes: [{ name: 'sku', value: '1000044' }],
        },
      ],
      categoryLinks: [],
    },
    { linkType: 'crossselling', productLinks: [], categoryLinks: [] },
  ],
}

/** The navigation tree, from which tiles take their default category path. */
const treeData = {
  elements: [
    {
      id: 'Power-Tools',
      name: 'Power Tools',
      categoryPath: [pathStep('Power-Tools', 'Power Tools')],
      subCategories: [categoryData],
    },
  ],
}

const handlers = (overrides: Parameters<typeof icm.use> = []) => [
  ...overrides,
  get('categories', treeData),
  get('products/1000042', detailedProduct),
  get('productprices', productPrices),
  get('inventories', { data: [{ sku: '1000042', warehouses: [{ stock: 30 }] }] }),
  get('categories/Power-Tools/Drills', categoryData),
  get('configurations', configurationData),
  get('promotions/power-tool-weeks', promotionData),
  get('promotions/ended', () => icmError(404, 'promotion.not_found')),
  get('products/1000042/links', linksData),
]

describe('product page loader with promotions, warranties and links', () => {
  it('shows the running promotions, the warranties with net and gross prices, and streams the links', async () => {
    const requested: string[] = []
    icm.events.on('request:start', ({ request }) => requested.push(new URL(request.url).pathname))
    icm.use(...handlers())
    const page = ((await loader(args(PATH))) as any).data
    // The promotions are streamed: a promise in the loader data.
    expect(page.promotions).toBeInstanceOf(Promise)
    const promotions = await page.promotions
    icm.events.removeAllListeners()

    expect(promotions).toEqual([
      {
        id: 'power-tool-weeks',
        title: 'Power tool weeks: 15% off',
        longTitle: '15% off selected power tools, deducted in the basket',
        ruleDescription: 'The discount is deducted automatically in your basket; no code needed.',
        legalText: 'While stocks last.',
        couponCodeRequired: false,
      },
    ])
    expect(page.warranties).toEqual([
      { id: 'W-1Y', name: '1-year extended warranty', price: mapped(10.79, 11.55) },
      { id: 'W-2Y', name: '2-year extended warranty', price: mapped(19.43, 20.79) },
    ])
    expect(page.product).toMatchObject({
      manufacturerSku: 'VOL-48213',
      readyForShipmentMin: 1,
      readyForShipmentMax: 3,
      attachments: [
        { name: 'Produktdatenblatt_1000042.pdf', kind: 'datasheet' },
        { name: 'seal_1000042.pdf', kind: 'seal' },
      ],
    })
    expect(page.product.images.find((i: any) => i.typeID === 'ZOOM')).toMatchObject({ width: 2000 })

    // The links are a promise in the loader data, resolved to priced tiles per link type.
    expect(page.related).toBeInstanceOf(Promise)
    const related = await page.related
    expect(related).toHaveLength(1)
    expect(related[0].type).toBe('accessory')
    expect(
      related[0].entries.map((e: any) => [e.tile.sku, e.url, e.price?.sale.gross.value ?? null]),
    ).toEqual([
      // Canonical links: the default category path (from the cached tree) as folders.
      ['1000043', '/en/power-tools/drills/voltwerk-battery-18-v-prd1000043', 23.8],
      ['1000044', '/en/voltwerk-charger-prd1000044', null],
    ])
    expect(requested.filter((p) => p.includes('/promotions/'))).toHaveLength(2)
  })

  it('shows the page without promotions or links when ICM fails on them', async () => {
    icm.use(
      ...handlers([
        get('promotions/power-tool-weeks', () => icmError(500, 'server.error')),
        get('products/1000042/links', () => icmError(500, 'server.error')),
      ]),
    )
    const page = ((await loader(args(PATH))) as any).data
    expect(page.product.name).toBe('Voltwerk Drill XT 18')
    await expect(page.promotions).resolves.toEqual([])
    await expect(page.related).resolves.toBeNull()
  })

  it('shows linked products whose prices cannot be loaded as "not available" (null), unpriced ones as absent', async () => {
    let priceCalls = 0
    icm.use(
      ...handlers([
        get('productprices', (request) => {
          // The page's own price call succeeds, the one for the linked products fails.
          if (!new URL(request.url).searchParams.getAll('sku').includes('1000043'))
            return productPrices(request)
          priceCalls++
          return icmError(500, 'server.error')
        }),
      ]),
    )
    const related = await ((await loader(args(PATH))) as any).data.related
    expect(related[0].entries.map((e: any) => e.price)).toEqual([null, null])
    expect(priceCalls).toBe(1)
  })

  it('answers the page of a warranty with 404', async () => {
    icm.use(
      get('products/W-1Y', { sku: 'W-1Y', type: 'Warranty', productName: '1-year extended warranty' }),
      get('productprices', productPrices),
      get('inventories', { data: [] }),
    )
    try {
      await loader(args('x-prdW-1Y'))
      expect.unreachable('the loader should throw')
    } catch (error) {
      expect((error as Response).status).toBe(404)
    }
  })
})

describe('feature rating', () => {
  const rated = { ...detailedProduct, roundedAverageRating: '4.5' }
  const ratingOf = (page: { seo: { jsonLd: unknown[] } }) =>
    (page.seo.jsonLd as { '@type'?: string; aggregateRating?: unknown }[]).find(
      (d) => d['@type'] === 'Product',
    )?.aggregateRating

  it('names the rating in the structured data when the feature is on (the default)', async () => {
    icm.use(...handlers([get('products/1000042', rated)]))
    const page = ((await loader(args(PATH))) as any).data
    expect(ratingOf(page)).toMatchObject({ ratingValue: 4.5 })
  })

  it('leaves the rating out of the structured data when the feature is off', async () => {
    icm.use(...handlers([get('products/1000042', rated)]))
    const a = args(PATH)
    const shopper = await shopperOf(a)
    const page = await loadProductPage({
      request: a.request,
      shopper,
      sku: '1000042',
      canonical: true,
      features: enabledFeatures(['compare', 'recently'], []),
    })
    expect(ratingOf(page)).toBeUndefined()
  })
})

describe('add to basket with a warranty', () => {
  const post = (fields: Record<string, string>) => addPost({ sku: '1000042', ...fields })
  const basketHandlers = (items: (request: Request) => Promise<Response>) => [
    get('products/1000042', detailedProduct),
    get('configurations', configurationData),
    http.post(icmPath('token'), () => HttpResponse.json({ access_token: 'anon', expires_in: 3600 })),
    get('baskets/current', emptyBasket('b-7')),
    http.post(icmPath('baskets/b-7/items'), ({ request }) => items(request)),
  ]

  it('sends the chosen warranty with the item, and none for "No warranty"', async () => {
    const bodies: unknown[] = []
    icm.use(
      ...basketHandlers(async (request) => {
        bodies.push(await request.json())
        return HttpResponse.json({ data: [], infos: [] }, { status: 201 })
      }),
    )
    expect((await answer(addAction, post({ quantity: '2', warranty: 'W-2Y' }))).response.status).toBe(303)
    expect((await answer(addAction, post({ quantity: '1', warranty: '' }))).response.status).toBe(303)
    expect(bodies).toEqual([
      [{ product: '1000042', quantity: { value: 2 }, warranty: 'W-2Y' }],
      [{ product: '1000042', quantity: { value: 1 } }],
    ])
  })

  it('shows the API refusal of a warranty on the product page, translated', async () => {
    icm.use(
      ...basketHandlers(async () =>
        icmError(422, 'basket.line_item.creation.failed', 'failed', [
          { code: 'basket.line_item.warranty_not_available.error', message: 'no', paths: ['[0].warranty'] },
        ]),
      ),
    )
    const { response, setCookie } = await answer(addAction, post({ quantity: '1', warranty: 'W-3Y' }))
    expect(response.headers.get('Location')).toBe(`/en/${PATH}`)
    const toast = (await sessionFrom(setCookie)).get('toast')
    expect(toast?.type).toBe('error')
    expect(toast?.details?.join(' ')).toContain('This warranty is not available for this product.')
  })
})

describe('quantity rules: hints on the page, the API decides', () => {
  const PART = {
    ...productData,
    sku: '1000043',
    productName: 'Drill bit set',
    minOrderQuantity: 2,
    stepOrderQuantity: 2,
    maxOrderQuantity: 500,
  }
  const stored: unknown[] = []
  const handlers = () => [
    get('products/1000043', PART),
    get('configurations', configurationData),
    http.post(icmPath('token'), () => HttpResponse.json({ access_token: 'anon', expires_in: 3600 })),
    get('baskets/current', emptyBasket('b-8')),
    http.post(icmPath('baskets/b-8/items'), async ({ request }) => {
      stored.push(await request.json())
      return icmError(422, 'basket.line_item.creation.failed', 'failed', [
        {
          code: 'basket.line_item.quantity.step_quantity.error',
          message: 'The quantity must be a multiple of 2.',
        },
      ])
    }),
  ]

  it('passes a quantity off the product’s rules to ICM and shows ICM’s answer', async () => {
    stored.length = 0
    icm.use(...handlers())
    const { response, setCookie } = await answer(addAction, addPost({ sku: '1000043', quantity: '5' }))
    expect(response.status).toBe(303)
    expect(stored).toEqual([[{ product: '1000043', quantity: { value: 5 } }]])
    const toast = (await sessionFrom(setCookie)).get('toast')
    expect(toast?.type).toBe('error')
    expect(toast?.details?.join(' ')).toContain(
      'This quantity is not allowed for this product. The quantity must be a multiple of 2.',
    )
  })
})

describe('bundle and retail set pages', () => {
  const part = (sku: string, title: string, extra: { name: string; value: unknown }[] = []) => ({
    type: 'Link',
    uri: `ironbridge-Site/-/products/${sku}`,
    title,
    attributes: [
      { name: 'sku', value: sku },
      { name: 'availability', value: true },
      { name: 'defaultCategory', value: defaultCategory('Power-Tools.Drills') },
      ...extra,
    ],
  })
  const page = async (product: Record<string, unknown>, partsPath: string, parts: unknown[]) => {
    const requested: string[] = []
    icm.events.on('request:start', ({ request }) => requested.push(new URL(request.url).pathname))
    icm.use(
      ...handlers([
        get(`products/${product.sku}`, { ...productData, ...product }),
        get(`products/${product.sku}/${partsPath}`, { elements: parts }),
        get(`products/${product.sku}/links`, { elements: [] }),
      ]),
    )
    const data = ((await loader(args(`power-tools/drills/set-prd${product.sku}`))) as any).data
    icm.events.removeAllListeners()
    return { data, requested }
  }

  it('lists a bundle’s parts with their quantities from products/{sku}/bundles', async () => {
    const { data, requested } = await page(
      { sku: '3000001', productName: 'Drill kit', productBundle: true },
      'bundles',
      [
        part('1000042', 'Voltwerk Drill', [{ name: 'quantity', value: { value: 1 } }]),
        part('1000043', 'Voltwerk Battery 18 V', [{ name: 'quantity', value: { value: 2 } }]),
      ],
    )
    expect(data.product.kind).toBe('Bundle')
    expect(data.parts.map((p: any) => [p.sku, p.quantity, p.url, p.price?.sale.gross.value])).toEqual([
      ['1000042', 1, '/en/power-tools/drills/voltwerk-drill-prd1000042', 119],
      ['1000043', 2, '/en/power-tools/drills/voltwerk-battery-18-v-prd1000043', 23.8],
    ])
    expect(requested.some((p) => p.endsWith('/partOfRetailSet'))).toBe(false)
  })

  it('lists a retail set’s parts from products/{sku}/partOfRetailSet, each with its own quantity rules', async () => {
    const { data, requested } = await page(
      { sku: '3000002', productName: 'Workshop set', retailSet: true },
      'partOfRetailSet',
      [
        part('1000042', 'Voltwerk Drill'),
        part('1000043', 'Voltwerk Battery 18 V', [
          { name: 'minOrderQuantity', value: { value: 2 } },
          { name: 'stepOrderQuantity', value: { value: 2 } },
          { name: 'maxOrderQuantity', value: { value: 20 } },
        ]),
        // No availability attribute: not available, so not addable (spec §3).
        { ...part('1000044', 'Voltwerk Charger'), attributes: [{ name: 'sku', value: '1000044' }] },
      ],
    )
    expect(data.product.kind).toBe('RetailSet')
    expect(
      data.parts.map((p: any) => [
        p.sku,
        p.available,
        p.minOrderQuantity,
        p.stepQuantity,
        p.maxOrderQuantity,
      ]),
    ).toEqual([
      ['1000042', true, 1, 1, undefined],
      ['1000043', true, 2, 2, 20],
      ['1000044', false, 1, 1, undefined],
    ])
    expect(data.maxItemQuantity).toBe(100)
    expect(requested.some((p) => p.endsWith('/bundles'))).toBe(false)
  })
})
