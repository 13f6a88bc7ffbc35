/**
 * The storefront against generated requests: every route, every form, wrong methods and media types,
 * bodies over the limits, open-redirect attempts. See property.ts for what each answer must satisfy.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { refillShopBasket } from './fixtures'
import { assertNothingUnreported, fuzzSetup, fuzzTest, type FuzzOptions } from './property'
import { storefrontRoutes } from './routes'
import { readState } from './servers'
import {
  formRequest,
  oversizedRequest,
  pageRequest,
  redirectRequest,
  wrongMethodRequest,
} from './shop-requests'

const { stateFile, fixtures } = fuzzSetup()
const { shop, api } = readState(stateFile)
const routes = storefrontRoutes()
const ctx = { routes, fixtures, origin: shop.origin }

/** Checkout with a card or wallet goes to the payment provider's page: the one redirect off the shop. */
const paymentPage = (url: URL) => url.origin === api.origin && url.pathname.startsWith('/psp/pay/')

/** Fuzz cases may empty or order the fixture baskets: each property starts with the product in all of them. */
const refill = async () => {
  for (const session of Object.values(fixtures.shop))
    await refillShopBasket(shop.origin, session, fixtures.sku)
}

const property = (name: string, runCount: number, seconds: number, arbitrary: FuzzOptions['arbitrary']) =>
  fuzzTest(name, runCount, seconds, {
    arbitrary,
    target: 'shop',
    allowedRedirect: paymentPage,
    before: refill,
  })

afterAll(assertNothingUnreported)

describe('storefront fuzzing', () => {
  it('knows every route module and the fields of every form', () => {
    const byFile = new Map(routes.map((r) => [r.file, r]))
    expect(byFile.get('$lang._shop.basket_.add.tsx')?.segments).toEqual([':lang', 'basket', 'add'])
    expect(byFile.get('robots[.]txt.ts')?.segments).toEqual(['robots.txt'])
    expect(byFile.get('$lang._shop.$.tsx')?.segments).toEqual([':lang', '*'])
    expect(byFile.get('_index.tsx')?.segments).toEqual([])
    expect(byFile.get('$lang._shop.login.tsx')?.fields).toEqual(
      expect.arrayContaining(['login', 'password', 'returnUrl']),
    )
    expect(byFile.get('$lang._shop.basket.tsx')?.fields).toEqual(
      expect.arrayContaining(['intent', 'lineId', 'quantity', 'code']),
    )
    expect(byFile.get('$lang._shop.basket.tsx')?.values).toEqual(
      expect.arrayContaining(['quantity', 'delete', 'addCode', 'checkout']),
    )
    expect(byFile.get('$lang.checkout.address.tsx')?.fields).toEqual(
      expect.arrayContaining(['invoice', 'shipping', 'firstName', 'countryCode', 'intent']),
    )
    expect(byFile.get('$lang._shop.quick-order.tsx')?.fields).toEqual(
      expect.arrayContaining(['sku', 'quantity', 'list']),
    )
    const forms = routes.filter((r) => r.hasAction).map((r) => r.file)
    expect(forms).toEqual(
      expect.arrayContaining([
        '$lang._shop.login.tsx',
        '$lang._shop.logout.tsx',
        '$lang._shop.basket_.add.tsx',
        '$lang._shop.basket.tsx',
        '$lang._shop.quick-order.tsx',
        '$lang._shop.compare.tsx',
        '$lang._shop.recently.tsx',
        '$lang.checkout.address.tsx',
        '$lang.checkout.shipping.tsx',
        '$lang.checkout.payment.tsx',
        '$lang.checkout.review.tsx',
        '$lang._shop.basket_.mandatory.$lineId.tsx',
        '$lang.account.orders.csv.ts',
      ]),
    )
    // The decision link's page posts its secret back: the fixtures' link token is among the values it gets.
    expect(byFile.get('$lang._shop.requisition-decision.$requisitionId.tsx')?.segments).toEqual([
      ':lang',
      'requisition-decision',
      ':requisitionId',
    ])
    expect(byFile.get('$lang._shop.requisition-decision.$requisitionId.tsx')?.fields).toEqual(
      expect.arrayContaining(['token', 'intent', 'decision']),
    )
    // Catalog pages only show: their add form posts to /basket/add.
    expect(byFile.get('$lang._shop.$.tsx')?.hasAction).toBe(false)
  })

  property(
    'pages: generated paths, splats, matrix parameters, queries and cookies',
    1500,
    18,
    pageRequest(ctx),
  )
  property('forms: generated submissions in every media type', 800, 25, formRequest(ctx))
  property('wrong methods and media types on every route', 400, 8, wrongMethodRequest(ctx))
  property('bodies over the limits, chunked or not', 10, 8, oversizedRequest(ctx))
  property('returnUrl and redirect targets stay on the shop', 400, 6, redirectRequest(ctx))
})
