// @vitest-environment jsdom
/**
 * The delivery date on the product page and in the basket (issue 19): computed by the loaders as calendar
 * days in the shop's time zone (Europe/Berlin, cut-off 14:00, the default holidays), shown in the page's
 * language as `<time datetime>` elements. ICM is the msw mock; "now" is a fixed Monday morning.
 */
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import BasketPage, { loader as basketLoader } from '~/routes/$lang._shop.basket'
import CatalogPage, { loader as catalogLoader } from '~/routes/$lang._shop.$'
import { clearIcmCache } from '~/services/icm.server'
import { ICM_LINE, grandTotal, linePricing } from './checkout-fixtures'
import {
  categoryData,
  configurationData,
  get,
  icm,
  pathStep,
  priceItem,
  pricesFor,
  productData,
} from './icm-mock'
import { answer, args, sessionCookie } from './loader-args'
import { renderRoute } from './render-route'
import './setup'

/** Monday 17 Nov 2025, 10:00 in Berlin. */
const MONDAY_MORNING = new Date('2025-11-17T09:00:00Z')

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(MONDAY_MORNING)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const PATH = 'power-tools/drills/voltwerk-drill-xt-18-prd1000042'
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

/** The product page's ICM answers: ready for shipment in 1 to 2 working days, `stock` pieces in stock. */
const productHandlers = (stock: number, ready: { min?: number; max?: number } = { min: 1, max: 2 }) => [
  get('categories', treeData),
  get('products/1000042', {
    ...productData,
    inStock: stock > 0,
    readyForShipmentMin: ready.min,
    readyForShipmentMax: ready.max,
  }),
  get('productprices', pricesFor('1000042')),
  get('inventories', { data: [{ sku: '1000042', warehouses: [{ stock }] }] }),
  get('categories/Power-Tools/Drills', categoryData),
  get('configurations', configurationData),
  get('products/1000042/links', { elements: [] }),
]

const productArgs = (lang: string) => args(`/${lang}/${PATH}`, { params: { lang, '*': PATH } })

/** The product page in a language, rendered with its loader. */
const renderProductPage = (lang: string) =>
  renderRoute({ path: `/${lang}/${PATH}`, pattern: ':lang/*', Component: CatalogPage, loader: catalogLoader })

describe('the product page’s delivery date', () => {
  it('is computed by the loader with the standard delivery days (3 to 5)', async () => {
    icm.use(...productHandlers(30))
    const { data: page } = await answer(catalogLoader, productArgs('en'))
    // Ready in 1–2 working days, delivered in 3–5: 4 to 7 working days from Monday.
    expect(page.deliveryDate).toEqual({ status: 'dated', earliest: '2025-11-21', latest: '2025-11-26' })
  })

  it('moves a day later after the cut-off, and over the weekend', async () => {
    vi.setSystemTime(new Date('2025-11-21T15:00:00Z'))
    icm.use(...productHandlers(30, { max: 0 }))
    const { data: page } = await answer(catalogLoader, productArgs('en'))
    // Friday 16:00: handled Monday 24, delivered from Thursday 27 to Monday 1 Dec.
    expect(page.deliveryDate).toEqual({ status: 'dated', earliest: '2025-11-27', latest: '2025-12-01' })
  })

  it('has no date out of stock, and none when the ready-for-shipment days are unknown', async () => {
    icm.use(...productHandlers(0))
    expect((await answer(catalogLoader, productArgs('en'))).data.deliveryDate).toEqual({
      status: 'out_of_stock',
      count: 1,
    })
    icm.resetHandlers()
    clearIcmCache()
    icm.use(...productHandlers(30, {}))
    expect((await answer(catalogLoader, productArgs('en'))).data.deliveryDate).toEqual({ status: 'unknown' })
  })

  it.each([
    ['en', 'Delivered between Fri, Nov 21 and Wed, Nov 26'],
    ['de', 'Lieferung zwischen Fr., 21. Nov. und Mi., 26. Nov.'],
  ])('shows in %s as days with <time datetime>', async (lang, text) => {
    icm.use(...productHandlers(30))
    renderProductPage(lang)
    const line = await screen.findByTestId('delivery-date')
    expect(line.textContent).toBe(text)
    expect([...line.querySelectorAll('time')].map((t) => t.getAttribute('datetime'))).toEqual([
      '2025-11-21',
      '2025-11-26',
    ])
  })

  it.each([
    ['en', 'No delivery date while this product is out of stock'],
    ['de', 'Kein Liefertermin, solange dieser Artikel nicht auf Lager ist'],
  ])('says in %s why there is no date out of stock', async (lang, text) => {
    icm.use(...productHandlers(0))
    renderProductPage(lang)
    expect((await screen.findByTestId('delivery-date')).textContent).toBe(text)
  })
})

/** A session cookie with a live token, as a shopper with a basket has. */
const shopperCookie = () =>
  sessionCookie({
    apiToken: 'token-1',
    isAnonymous: true,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3600_000,
  })

const line = (id: string, sku: string, position: number, currency: string) => ({
  ...ICM_LINE,
  id,
  position,
  product: sku,
  quantity: { value: 1 },
  pricing: linePricing(priceItem(100, 119, currency), priceItem(100, 119, currency)),
})

/** The basket in the page's currency (USD in English, EUR in German), with a chosen method or none. */
const basketData = (currency: string, shippingMethod?: string) => ({
  data: {
    id: 'b-1',
    calculated: true,
    purchaseCurrency: currency,
    lineItems: ['l-1', 'l-2'],
    totalProductQuantity: 2,
    ...(shippingMethod ? { commonShippingMethod: shippingMethod } : {}),
    totals: {
      itemTotal: priceItem(200, 238, currency),
      grandTotal: grandTotal(200, 238, currency),
    },
  },
  included: {
    lineItems: {
      'l-1': line('l-1', '1000042', 1, currency),
      'l-2': line('l-2', '1000043', 2, currency),
    },
    ...(shippingMethod
      ? {
          commonShippingMethod: {
            [shippingMethod]: {
              id: shippingMethod,
              name: 'Express delivery',
              shippingCosts: priceItem(12.9, 15.35, currency),
            },
          },
        }
      : {}),
  },
})

const METHODS = {
  data: [
    {
      id: 'STD_GROUND',
      name: 'Standard delivery',
      shippingCosts: priceItem(4.95, 5.89),
      deliveryTimeMin: 'P3D',
      deliveryTimeMax: 'P5D',
    },
    {
      id: 'EXP_EXPRESS',
      name: 'Express delivery',
      shippingCosts: priceItem(12.9, 15.35),
      deliveryTimeMin: 'P1D',
      deliveryTimeMax: 'P1D',
    },
  ],
}

/** Two lines: the drill ready in 0–1 working days, the battery in 2–3 (or out of stock). */
const basketHandlers = (options: { method?: string; batteryInStock?: boolean; currency?: string } = {}) => [
  get('baskets/current', basketData(options.currency ?? 'USD', options.method)),
  get('configurations', configurationData),
  get('products/1000042', { ...productData, readyForShipmentMin: 0, readyForShipmentMax: 1 }),
  get('products/1000043', {
    ...productData,
    sku: '1000043',
    productName: 'Voltwerk Battery 18 V',
    inStock: options.batteryInStock ?? true,
    readyForShipmentMin: 2,
    readyForShipmentMax: 3,
  }),
  get('baskets/b-1/eligible-shipping-methods', METHODS),
]

describe('the basket’s delivery date', () => {
  it('takes the latest line and the cheapest method before one is chosen', async () => {
    icm.use(...basketHandlers())
    const { data: page } = await answer(basketLoader, args('/en/basket', { cookie: await shopperCookie() }))
    // Ready in 2–3 days (the battery decides), standard delivery 3–5: 5 to 8 working days from Monday.
    expect(page.deliveryDate).toEqual({
      estimate: { status: 'dated', earliest: '2025-11-24', latest: '2025-11-27' },
      method: 'Standard delivery',
    })
  })

  it('takes the chosen method’s days', async () => {
    icm.use(...basketHandlers({ method: 'EXP_EXPRESS' }))
    const { data: page } = await answer(basketLoader, args('/en/basket', { cookie: await shopperCookie() }))
    expect(page.deliveryDate).toEqual({
      estimate: { status: 'dated', earliest: '2025-11-20', latest: '2025-11-21' },
      method: 'Express delivery',
    })
  })

  it.each([
    ['en', 'Delivered between Mon, Nov 24 and Thu, Nov 27 with Standard delivery'],
    ['de', 'Lieferung zwischen Mo., 24. Nov. und Do., 27. Nov. mit Standard delivery'],
  ])('shows in %s in the summary with <time datetime>', async (lang, text) => {
    icm.use(...basketHandlers({ currency: lang === 'de' ? 'EUR' : 'USD' }))
    renderRoute({
      path: `/${lang}/basket`,
      pattern: ':lang/basket',
      Component: BasketPage,
      loader: basketLoader,
      cookie: await shopperCookie(),
    })
    const summary = await screen.findByTestId('delivery-date')
    expect(summary.textContent).toBe(text)
    expect([...summary.querySelectorAll('time')].map((t) => t.getAttribute('datetime'))).toEqual([
      '2025-11-24',
      '2025-11-27',
    ])
  })

  it.each([
    ['en', 'No delivery date yet: 1 product is out of stock'],
    ['de', 'Noch kein Liefertermin: 1 Artikel ist nicht auf Lager'],
  ])('says in %s how many products are out of stock', async (lang, text) => {
    icm.use(...basketHandlers({ batteryInStock: false, currency: lang === 'de' ? 'EUR' : 'USD' }))
    renderRoute({
      path: `/${lang}/basket`,
      pattern: ':lang/basket',
      Component: BasketPage,
      loader: basketLoader,
      cookie: await shopperCookie(),
    })
    expect((await screen.findByTestId('delivery-date')).textContent).toBe(text)
  })
})
