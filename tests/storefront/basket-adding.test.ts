import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { loader as rootLoader } from '~/root'
import { loader as basketLoader } from '~/routes/$lang._shop.basket'
import { loader as checkoutLayoutLoader } from '~/routes/$lang.checkout'
import { loader as reviewLoader } from '~/routes/$lang.checkout.review'
import { action as addAction } from '~/routes/$lang._shop.basket_.add'
import { action as loginAction } from '~/routes/$lang._shop.login'
import { action as quickOrderAction, loader as quickOrderLoader } from '~/routes/$lang._shop.quick-order'
import { checkoutBasketOf } from '~/services/checkout-flow.server'
import { outcomeText } from '~/components/QuickOrderResults'
import { i18nFor } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'
import {
  configurationData,
  emptyBasket,
  get,
  icm,
  icmError,
  icmPath,
  priceItem,
  shellHandlers,
  productData,
} from './icm-mock'
import { ICM_LINE, checkoutBasketData, grandTotal, linePricing } from './checkout-fixtures'
import { answer, args as argsOf, sessionCookie, sessionFrom } from './loader-args'
import './setup'

const request = (path: string, init?: RequestInit) => new Request(`http://shop.test${path}`, init)

const cookieWith = sessionCookie

/** An anonymous shopper whose token is live. */
const anonymousCookie = () =>
  cookieWith({
    apiToken: 'anon-token',
    isAnonymous: true,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3600_000,
  })

const sessionOf = (response: Response) => sessionFrom(response)

/** A line as the bundled API answers it, named after its product (a real ICM may name none). */
const lineItem = (id: string, sku: string, quantity: number) => ({
  ...ICM_LINE,
  id,
  position: 1,
  product: sku,
  name: `Drill ${sku}`,
  quantity: { value: quantity },
  pricing: linePricing(priceItem(10, 11.9), priceItem(10 * quantity, 11.9 * quantity)),
})

/** Records every `POST baskets/b-1/items` body; answers with the handler's result per call. */
function itemsEndpoint(answer: (items: any[], call: number) => Response) {
  const bodies: any[][] = []
  icm.use(
    get('baskets/current', emptyBasket('b-1')),
    http.post(icmPath('baskets/b-1/items'), async ({ request: req }) => {
      const body = (await req.json()) as any[]
      bodies.push(body)
      return answer(body, bodies.length)
    }),
  )
  return bodies
}

const added = (items: any[]) =>
  HttpResponse.json(
    {
      data: items.map((item) => lineItem(`l-${item.product}`, item.product, item.quantity.value)),
      infos: [],
    },
    { status: 201 },
  )

/** Posts a form as an anonymous shopper; the answer as the server sends it (thrown responses included). */
async function postForm(action: (args: any) => Promise<unknown>, path: string, form: [string, string][]) {
  const cookie = await anonymousCookie()
  const { response, data } = await answer(action, argsOf(path, { cookie, form: new URLSearchParams(form) }))
  return { response, data, status: response.status, headers: response.headers }
}

describe('the add route', () => {
  it('sends the collected adds in one call and answers the added lines (JavaScript)', async () => {
    const bodies = itemsEndpoint((items) => added(items))
    const result = await postForm(addAction, '/en/basket/add', [
      ['response', 'json'],
      ['sku', '1000042'],
      ['quantity', '2'],
      ['warranty', 'W-3Y'],
      ['sku', '1000043'],
      ['quantity', '1'],
      ['warranty', ''],
    ])
    expect(bodies).toEqual([
      [
        { product: '1000042', quantity: { value: 2 }, warranty: 'W-3Y' },
        { product: '1000043', quantity: { value: 1 } },
      ],
    ])
    expect(result.status).toBe(200)
    expect(result.data).toEqual({
      // Several products are counted, in the language's plural (issue 19).
      added: '2 products have been added to your basket.',
      lineIds: ['l-1000042', 'l-1000043'],
      problems: [],
      mandatory: null,
    })
    // The shopper's live token was used as it was: the session has nothing new to write back.
    expect(result.headers.get('Set-Cookie')).toBeNull()
  })

  it('reports the items ICM refuses and still adds the others', async () => {
    icm.use(get('products/1000043', { ...productData, sku: '1000043', productName: 'Hammer 1000043' }))
    const bodies = itemsEndpoint((items, call) =>
      call === 1
        ? icmError(422, 'basket.line_item.creation.failed', 'failed', [
            {
              code: 'basket.line_item.quantity.max_order_quantity.error',
              message: "The maximum order quantity of '1000043' is 10.",
              paths: ['[1].quantity.value'],
            },
          ])
        : added(items),
    )
    const result = await postForm(addAction, '/en/basket/add', [
      ['response', 'json'],
      ['sku', '1000042'],
      ['quantity', '1'],
      ['sku', '1000043'],
      ['quantity', '11'],
      ['sku', ''],
      ['quantity', '3'],
    ])
    expect(bodies.map((b) => b.map((i) => i.product))).toEqual([['1000042', '1000043'], ['1000042']])
    // One product is named by its name (from ICM's answer); a refused one by the catalogue's name.
    expect(result.data.added).toBe('Drill 1000042 has been added to your basket.')
    expect(result.data.problems).toEqual([
      '“|3” was not added: an item needs a SKU and a quantity above 0.',
      "Hammer 1000043 was not added: The quantity exceeds the maximum order quantity. The maximum order quantity of '1000043' is 10.",
    ])
  })

  it('understands an ICM that takes some items and names the others in the errors of its answer', async () => {
    const bodies = itemsEndpoint((items) =>
      HttpResponse.json(
        {
          data: [lineItem('l-1', items[0].product, 1)],
          infos: [],
          errors: [
            {
              code: 'basket.line_item.creation.failed',
              message: 'failed',
              causes: [
                {
                  code: 'basket.line_item.product_out_of_stock.error',
                  message: 'out',
                  paths: ['[1].product'],
                },
              ],
            },
          ],
        },
        { status: 201 },
      ),
    )
    const result = await postForm(addAction, '/en/basket/add', [
      ['response', 'json'],
      ['sku', '1000042'],
      ['quantity', '1'],
      ['sku', '1000043'],
      ['quantity', '1'],
    ])
    expect(bodies).toHaveLength(1)
    expect(result.data).toEqual({
      added: 'Drill 1000042 has been added to your basket.',
      lineIds: ['l-1'],
      // The catalogue does not know it either: its SKU is all there is to name it by.
      problems: ['1000043 was not added: This product is out of stock.'],
      mandatory: null,
    })
  })

  it('answers 422 when nothing could be added', async () => {
    itemsEndpoint(() =>
      icmError(422, 'basket.line_item.creation.failed', 'failed', [
        { code: 'basket.line_item.product_not_found.error', message: 'no', paths: ['[0].product'] },
      ]),
    )
    const result = await postForm(addAction, '/en/basket/add', [
      ['response', 'json'],
      ['sku', 'NOPE'],
      ['quantity', '1'],
    ])
    expect(result.status).toBe(422)
    expect(result.data.added).toBeNull()
    expect(result.data.problems).toEqual(['NOPE was not added: This product does not exist.'])
  })

  it('without JavaScript redirects back (same origin only) with the product-added toast', async () => {
    itemsEndpoint((items) => added(items))
    const { response } = await postForm(addAction, '/en/basket/add', [
      ['sku', '1000042'],
      ['quantity', '1'],
      ['returnUrl', '/en/search?SearchTerm=drill'],
    ])
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/search?SearchTerm=drill')
    expect((await sessionOf(response)).get('toast')).toEqual({
      key: 'ede.shopping_cart.product.added.message',
      values: { sku: '1000042', name: 'Drill 1000042', count: 1 },
      type: 'success',
    })
    const { response: evil } = await postForm(addAction, '/en/basket/add', [
      ['sku', '1000042'],
      ['quantity', '1'],
      ['returnUrl', '//evil.test/'],
    ])
    expect(evil.headers.get('Location')).toBe('/en/home')
  })
})

describe('the add-items link', () => {
  it('adds the valid items in one call, reports the invalid ones and redirects to the page without them', async () => {
    const bodies = itemsEndpoint((items) => added(items))
    icm.use(...shellHandlers())
    const path = '/en/home?view=list&addItems=1000042|2;|1;1000043|0&pcode=1000044&qty=3'
    const { response } = await answer(rootLoader, argsOf(path, { cookie: await anonymousCookie() }))
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/home?view=list')
    expect(bodies).toEqual([
      [
        { product: '1000042', quantity: { value: 2 } },
        {
          product: '1000044',
          quantity: { value: 3 },
          customFields: [{ name: 'pcode', value: '1000044', type: 'String' }],
        },
      ],
    ])
    const toast = (await sessionOf(response)).get('toast')
    expect(toast).toMatchObject({
      key: 'ede.shopping_cart.product.added.message',
      values: { sku: '1000042, 1000044' },
      type: 'info',
    })
    expect(toast!.details).toEqual([
      '“|1” was not added: an item needs a SKU and a quantity above 0.',
      '“1000043|0” was not added: an item needs a SKU and a quantity above 0.',
    ])
  })

  it('gets a token and a basket first for a new visitor', async () => {
    const calls: string[] = []
    icm.use(
      http.post(icmPath('token'), () => {
        calls.push('token')
        return HttpResponse.json({
          access_token: 'anon-new',
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: 'r',
        })
      }),
      get('baskets/current', () => icmError(404, 'basket.not_found.error')),
      http.post(icmPath('baskets'), () => {
        calls.push('basket')
        return HttpResponse.json(emptyBasket('b-1'), { status: 201 })
      }),
      http.post(icmPath('baskets/b-1/items'), async ({ request: req }) => {
        calls.push('items')
        return added((await req.json()) as any[])
      }),
    )
    const { response } = await answer(rootLoader, argsOf('/en/basket?addItems=1000042|1'))
    expect(calls).toEqual(['token', 'basket', 'items'])
    expect(response.headers.get('Location')).toBe('/en/basket')
    expect((await sessionOf(response)).get('apiToken')).toBe('anon-new')
  })
})

/**
 * ICM's `productlookup` knowing `known` (no masters), and `products/{sku}` knowing none of the others (no SKU
 * typed here is a variation master's).
 */
const lookupHandler = (
  known: Record<string, { min?: number; step?: number; max?: number; name: string }>,
) => [
  get('products/[^/?]+', () => icmError(404, 'product.not_found')),
  get('productlookup', (req) => {
    const term = new URL(req.url).searchParams.get('searchTerm')!
    const product = known[term]
    return {
      type: 'ResourceCollection',
      elements: product
        ? [
            {
              type: 'Link',
              uri: term,
              title: product.name,
              attributes: [
                { name: 'sku', type: 'String', value: term },
                { name: 'availability', type: 'Boolean', value: true },
                { name: 'minOrderQuantity', type: 'Quantity', value: { value: product.min ?? 1 } },
                { name: 'stepOrderQuantity', type: 'Quantity', value: { value: product.step ?? 1 } },
                ...(product.max
                  ? [{ name: 'maxOrderQuantity', type: 'Quantity', value: { value: product.max } }]
                  : []),
              ],
            },
          ]
        : [],
    }
  }),
]

describe('quick order', () => {
  it('shows its rows, more of them on request, with the typed values kept', async () => {
    const result = (await quickOrderLoader({
      request: request('/en/quick-order?sku=1000042&quantity=2&sku=&quantity=&rows=10'),
      params: { lang: 'en' },
      context: {},
    })) as any
    expect(result.data.rows).toBe(10)
    expect(result.data.values).toEqual({ sku: ['1000042', ''], quantity: ['2', ''], list: '' })
  })

  it('looks up every line, adds all found items with the typed quantities in one call and reports each line, as ICM fitted it', async () => {
    const queries: (string | null)[] = []
    const bodies = itemsEndpoint((items) => added(items))
    icm.use(
      http.post(icmPath('baskets/b-1/items'), async ({ request: req }) => {
        const items = (await req.json()) as any[]
        bodies.push(items)
        queries.push(new URL(req.url).searchParams.get('adjustmentsAllowed'))
        // ICM fits 15 screws to their step of 10 and says so in an info whose cause names the item.
        const fitted = items.map((item) =>
          item.product === '1000043' ? { ...item, quantity: { value: 20 } } : item,
        )
        const answer = await added(fitted).json()
        const adjustment = {
          code: 'basket.line_item.quantity.adjusted.info',
          message: '20 of the 15 requested were added.',
          causes: [
            {
              code: 'basket.line_item.adjustment.cause.AddedToNewLineItemWithAdjustedQuantity',
              message: 'The quantity must be a multiple of 10.',
              paths: ['[1].quantity.value'],
              parameters: { product: '1000043', requested: '15', adjusted: '20' },
            },
          ],
        }
        return HttpResponse.json({ ...answer, infos: [adjustment] }, { status: 201 })
      }),
    )
    icm.use(
      get('configurations', configurationData),
      ...lookupHandler({
        '1000042': { name: 'Drill XT' },
        '1000043': { name: 'Screws', min: 10, step: 10 },
      }),
    )
    const result = await postForm(quickOrderAction, '/en/quick-order', [
      ['sku', '1000042'],
      ['quantity', '2'],
      ['sku', ''],
      ['quantity', ''],
      ['list', 'SKU;Quantity\n1000043;15\n9999999;1\nnonsense\n'],
    ])
    expect(result.status).toBe(200)
    // The typed quantities go to ICM unchanged; ICM fits them.
    expect(bodies).toEqual([
      [
        { product: '1000042', quantity: { value: 2 } },
        { product: '1000043', quantity: { value: 15 } },
      ],
    ])
    expect(queries).toEqual(['true'])
    expect(result.data.summary.message).toBe('2 of 3 products found.')
    expect(result.data.summary.results).toEqual([
      {
        source: 'row',
        line: 1,
        text: '1000042 2',
        status: 'added',
        sku: '1000042',
        name: 'Drill XT',
        quantity: 2,
      },
      {
        source: 'list',
        line: 2,
        text: '1000043;15',
        status: 'adjusted',
        sku: '1000043',
        name: 'Screws',
        quantity: 20,
        requested: 15,
        reason: 'The quantity must be a multiple of 10.',
      },
      { source: 'list', line: 3, text: '9999999;1', status: 'unknown', sku: '9999999', quantity: 1 },
      { source: 'list', line: 4, text: 'nonsense', status: 'invalid' },
    ])
    // The lines not added go back into the form; the added ones do not.
    expect(result.data.added).toBe(2)
    expect(result.data.kept).toEqual({ sku: [], quantity: [], outcomes: [], list: '9999999;1\nnonsense' })
  })

  it('asks which variation a master without a default one stands for, and keeps its row', async () => {
    itemsEndpoint(added)
    icm.use(get('configurations', configurationData), ...lookupHandler({}))
    // Registered last, so before the lookup's "no such product": M-1 is a master naming no default variation.
    icm.use(
      get('products/M-1', { sku: 'M-1', productName: 'Drill family', productMaster: true }),
      get('products/M-1/variations', {
        elements: ['M-1-RED', 'M-1-BLUE'].map((sku) => ({
          type: 'Link',
          uri: `products/${sku}`,
          title: sku,
          attributes: [{ name: 'sku', value: sku }],
          variableVariationAttributeValuesExtended: [
            {
              variationAttributeId: 'color',
              name: 'Colour',
              value: {
                value: sku.endsWith('RED') ? 'red' : 'blue',
                name: sku.endsWith('RED') ? 'Red' : 'Blue',
              },
            },
          ],
        })),
        total: 2,
      }),
    )
    const result = await postForm(quickOrderAction, '/en/quick-order', [
      ['sku', 'M-1'],
      ['quantity', '3'],
    ])
    expect(result.status).toBe(422)
    expect(result.data.summary.results).toEqual([
      {
        source: 'row',
        line: 1,
        text: 'M-1 3',
        status: 'variations',
        sku: 'M-1',
        quantity: 3,
        choices: 'M-1-RED (Red); M-1-BLUE (Blue)',
      },
    ])
    expect(result.data.kept.sku).toEqual(['M-1'])
    expect(outcomeText(i18nFor('en_US').t, result.data.summary.results[0])).toBe(
      'M-1 has variations: enter the item number of the one you want, e.g. M-1-RED (Red); M-1-BLUE (Blue)',
    )
  })

  it('puts rows that could not be added back into the rows, with their outcome', async () => {
    itemsEndpoint(added)
    icm.use(get('configurations', configurationData), ...lookupHandler({ '1000042': { name: 'Drill XT' } }))
    const result = await postForm(quickOrderAction, '/en/quick-order', [
      ['sku', '1000042'],
      ['quantity', '1'],
      ['sku', '404-NOPE'],
      ['quantity', '7'],
      ['sku', 'x'],
      ['quantity', 'many'],
    ])
    expect(result.status).toBe(200)
    expect(result.data.kept.sku).toEqual(['404-NOPE', 'x'])
    expect(result.data.kept.quantity).toEqual(['7', 'many'])
    expect(result.data.kept.outcomes.map((r: any) => [r.line, r.status])).toEqual([
      [2, 'unknown'],
      [3, 'invalid'],
    ])
    expect(result.data.kept.list).toBe('')
  })

  it('keeps the other items when ICM refuses one, and reports the refused line', async () => {
    const bodies = itemsEndpoint((items, call) =>
      call === 1
        ? icmError(422, 'basket.line_item.creation.failed', 'failed', [
            { code: 'basket.line_item.product_out_of_stock.error', message: 'out', paths: ['[0].product'] },
          ])
        : added(items),
    )
    icm.use(
      get('configurations', configurationData),
      ...lookupHandler({ '1000042': { name: 'Drill XT' }, '1000043': { name: 'Screws' } }),
    )
    const result = await postForm(quickOrderAction, '/en/quick-order', [['list', '1000042 1\n1000043 4']])
    expect(bodies.length).toBe(2)
    expect(bodies[1]).toEqual([{ product: '1000043', quantity: { value: 4 } }])
    expect(result.data.summary.results.map((r: any) => [r.status, r.reason])).toEqual([
      ['refused', 'This product is out of stock.'],
      ['added', undefined],
    ])
  })

  it('asks for input when nothing was entered (400), in the shopper’s language', async () => {
    const result = await postForm(quickOrderAction, '/de/quick-order', [
      ['sku', ''],
      ['quantity', ''],
      ['list', '\n\n'],
    ])
    expect(result.status).toBe(400)
    expect(result.data.result.error['']).toEqual([
      'Bitte geben Sie mindestens eine Artikelnummer und Menge ein.',
    ])
  })

  it('keeps what was typed when there are too many lines (400)', async () => {
    const list = Array.from({ length: 201 }, (_, i) => `SKU-${i} 1`).join('\n')
    const result = await postForm(quickOrderAction, '/en/quick-order', [
      ['sku', '1000042'],
      ['quantity', '3'],
      ['list', list],
    ])
    expect(result.status).toBe(400)
    expect(result.data.result.error['']).toEqual(['Please send at most 200 lines at once.'])
    expect(result.data.result.initialValue).toEqual({ sku: '1000042', quantity: '3', list })
  })
})

describe('basket after login and in another currency', () => {
  it('merges the anonymous basket into the user basket at login', async () => {
    const merges: { target: string; token: string | null; body: unknown }[] = []
    icm.use(
      get('baskets/current', (req) =>
        req.headers.get('authentication-token') === 'anon-token'
          ? {
              ...emptyBasket('b-anon'),
              data: { ...emptyBasket('b-anon').data, lineItems: ['l-1'] },
              included: { lineItems: { 'l-1': lineItem('l-1', '1000042', 2) } },
            }
          : icmError(404, 'basket.not_found.error'),
      ),
      http.post(icmPath('token'), () =>
        HttpResponse.json({
          access_token: 'user-1',
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: 'r',
        }),
      ),
      get('customers/-', { customerNo: 'PC-1', type: 'PrivateCustomer', customerType: 'PRIVATE' }),
      get('privatecustomers/-', { customerNo: 'PC-1', type: 'PrivateCustomer', login: 'p@x.test' }),
      get('personalization', { pgid: 'pg-PC-1' }),
      // The user has no saved basket (GET baskets, as ICM clients look after login): one is created.
      get('baskets', { data: [] }),
      http.post(icmPath('baskets'), () => HttpResponse.json(emptyBasket('b-user'), { status: 201 })),
      http.post(icmPath('baskets/b-user/merges'), async ({ request: req }) => {
        merges.push({
          target: 'b-user',
          token: req.headers.get('authentication-token'),
          body: await req.json(),
        })
        return HttpResponse.json({
          data: { sourceBasket: 'b-anon', targetBasket: 'b-user' },
          infos: [{ code: 'basket.merge.line_item.quantity_adjusted.info', message: 'from 104 to 100' }],
        })
      }),
    )
    const { response } = await postForm(loginAction, '/en/login', [
      ['login', 'p@x.test'],
      ['password', 'pw'],
    ])
    expect(response.status).toBe(303)
    expect(merges).toEqual([
      {
        target: 'b-user',
        token: 'user-1',
        body: { sourceBasket: 'b-anon', sourceAuthenticationToken: 'anon-token' },
      },
    ])
    const toast = (await sessionOf(response)).get('toast')
    expect(toast?.details).toEqual([
      'The products of your earlier basket are now in your basket.',
      'The quantity of a product from your earlier basket was adjusted to what one line may hold. from 104 to 100',
    ])
  })

  it('recalculates a basket bought in another currency, and makes no extra call when it matches', async () => {
    const patches: unknown[] = []
    const eurBasket = {
      data: {
        id: 'b-1',
        calculated: true,
        purchaseCurrency: 'EUR',
        lineItems: [],
        totals: { itemTotal: priceItem(0, 0, 'EUR'), grandTotal: grandTotal(0, 0, 'EUR') },
      },
    }
    icm.use(
      get('baskets/current', eurBasket),
      get('configurations', configurationData),
      get('products/1000042', productData),
      http.patch(icmPath('baskets/b-1'), async ({ request: req }) => {
        patches.push({ url: new URL(req.url).pathname.match(/;cur=(\w+)/)?.[1], body: await req.json() })
        return HttpResponse.json({
          data: { ...eurBasket.data, purchaseCurrency: 'USD', totals: emptyBasket().data.totals },
          infos: [{ code: 'basket.line_item.removed.price_not_available.info', message: 'removed' }],
        })
      }),
    )
    const cookie = await anonymousCookie()
    const result = (await basketLoader({
      request: request('/en/basket', { headers: { Cookie: cookie } }),
      params: { lang: 'en' },
      context: {},
    })) as any
    expect(patches).toEqual([{ url: 'USD', body: { calculated: true } }])
    expect(result.data.basket.currency).toBe('USD')
    expect(result.data.basket.infos.map((i: any) => i.code)).toEqual([
      'basket.line_item.removed.price_not_available.info',
    ])
    await basketLoader({
      request: request('/de/basket', { headers: { Cookie: cookie } }),
      params: { lang: 'de' },
      context: {},
    })
    expect(patches).toHaveLength(1)
  })
})

describe('the basket on a checkout page', () => {
  it('is read once for the checkout frame and the step, recalculated once first; the checkout has no mini basket', async () => {
    const reads: string[] = []
    const patches: unknown[] = []
    let currency = 'EUR'
    const inCurrency = () => {
      const basket = checkoutBasketData('paid')
      return { ...basket, data: { ...basket.data, purchaseCurrency: currency } }
    }
    icm.use(
      ...shellHandlers(),
      get('products/1000042', productData),
      get('baskets/current', (req) => {
        reads.push(new URL(req.url).searchParams.get('include') ?? '')
        return inCurrency()
      }),
      http.patch(icmPath('baskets/b-1'), async ({ request: req }) => {
        patches.push(await req.json())
        currency = 'USD'
        return HttpResponse.json(inCurrency())
      }),
    )
    // Remix hands every loader of the page its own copy of the request, and all of them the same context.
    const cookie = await anonymousCookie()
    const context = {}
    const args = () => ({
      request: request('/en/checkout/review', { headers: { Cookie: cookie } }),
      params: { lang: 'en' },
      context,
    })
    const [root, layout, step] = (await Promise.all([
      rootLoader(args()),
      checkoutLayoutLoader(args()),
      reviewLoader(args()),
    ])) as any[]
    // Layout and step both find it in EUR: one recalculation serves both.
    expect(patches).toEqual([{ calculated: true }])
    // Layout and step share one checkout read, as it was and again after the recalculation; root reads
    // no basket (the mini basket is the shop layout's, and the checkout has its own header).
    const checkoutReads = reads.filter((include) => include.includes('invoiceToAddress'))
    expect(checkoutReads).toHaveLength(2)
    expect(reads).toHaveLength(2)
    expect(root.shell.display).toBe('gross')
    expect(layout.data.current).toBe('review')
    expect(step.data.basket.id).toBe('b-1')
    // The next page is another request: it reads the basket again.
    await checkoutLayoutLoader({ ...args(), context: {} })
    expect(reads.filter((include) => include.includes('invoiceToAddress'))).toHaveLength(3)
  })

  it('is read afresh by the loaders after a form post, not taken from the action', async () => {
    let reads = 0
    icm.use(
      ...shellHandlers(),
      get('products/1000042', productData),
      get('baskets/current', (req) => {
        if (new URL(req.url).searchParams.get('include')?.includes('invoiceToAddress')) reads += 1
        return checkoutBasketData('paid')
      }),
    )
    const cookie = await anonymousCookie()
    const context = {}
    const page = (method: string) => ({
      request: request('/en/checkout/review', { method, headers: { Cookie: cookie } }),
      params: { lang: 'en' },
      context,
    })
    // What an action reads is before its change; the loaders that render the answer read again, once.
    await checkoutBasketOf(page('POST'), await shopperOf(page('POST')))
    await Promise.all([rootLoader(page('GET')), checkoutLayoutLoader(page('GET'))])
    expect(reads).toBe(2)
  })
})

describe('quick order switched off', () => {
  it('sends the shopper to the error page that names the feature', async () => {
    vi.stubEnv('FEATURES', 'compare')
    vi.stubEnv('ADD_FEATURES', '')
    vi.resetModules()
    try {
      const route = await import('~/routes/$lang._shop.quick-order')
      const target = '/en/error?error=feature-deactivated&value=quickorder'
      const shown = await answer(route.loader, argsOf('/en/quick-order'))
      expect(shown.response.headers.get('Location')).toBe(target)
      const posted = await answer(route.action, argsOf('/en/quick-order', { form: { sku: '1000042' } }))
      expect(posted.response.headers.get('Location')).toBe(target)
    } finally {
      vi.unstubAllEnvs()
      vi.resetModules()
    }
  })
})
