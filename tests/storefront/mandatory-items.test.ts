import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as basketLoader } from '~/routes/$lang._shop.basket'
import { action as addAction } from '~/routes/$lang._shop.basket_.add'
import { action, loader } from '~/routes/$lang._shop.basket_.mandatory.$lineId'
import { answer, args, sessionCookie, sessionFrom } from './loader-args'
import { ICM_LINE, grandTotal, linePricing } from './checkout-fixtures'
import { configurationData, get, icm, icmError, icmPath, priceItem, productData } from './icm-mock'
import './setup'

/** An anonymous shopper whose token is live. */
const shopperCookie = () =>
  sessionCookie({
    apiToken: 'token-1',
    isAnonymous: true,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3600_000,
  })

const link = (product: string, lineItem?: string) => ({
  product,
  satisfied: !!lineItem,
  ...(lineItem ? { lineItem } : {}),
})

const line = (id: string, position: number, sku: string, quantity: number, extra: object = {}) => ({
  ...ICM_LINE,
  id,
  position,
  product: sku,
  quantity: { value: quantity },
  pricing: linePricing(priceItem(10, 11.9), priceItem(10 * quantity, 11.9 * quantity)),
  ...extra,
})

/** A basket with a line asking for one of two selections and an accessory, a plain line, and a chosen child. */
function basketWith(parent: object) {
  const lines = {
    'l-p': line('l-p', 1, 'P-1', 2, parent),
    'l-plain': line('l-plain', 3, '1000042', 1),
    'l-other': line('l-other', 2, 'Q-1', 1, {
      mandatorySelectionLinks: [link('T-1', 'l-child')],
      mandatoryLinksSatisfied: true,
    }),
    'l-child': line('l-child', 4, 'T-1', 1, { mandatorySelectionItemOf: 'l-other' }),
  }
  return {
    data: {
      id: 'b-1',
      calculated: true,
      purchaseCurrency: 'USD',
      lineItems: Object.keys(lines),
      totalProductQuantity: 5,
      totals: { itemTotal: priceItem(50, 59.5), grandTotal: grandTotal(50, 59.5) },
    },
    included: { lineItems: lines },
    infos: [],
  }
}

const OPEN = {
  mandatorySelectionLinks: [link('S-1'), link('S-2')],
  mandatoryAccessoryLinks: [link('A-1')],
  mandatoryLinksSatisfied: false,
}

const NAMES: Record<string, string> = {
  'P-1': 'Cable reel 25 m',
  'S-1': 'Plug type F',
  'S-2': 'Plug type E',
  'A-1': 'Strain relief',
  'Q-1': 'Junction box',
  'T-1': 'Lid',
  '1000042': 'Voltwerk Drill XT 18',
}

/** ICM for the prompt: the basket, product names of every SKU, prices of some. */
function shop(basket: object = basketWith(OPEN)) {
  icm.use(
    get('baskets/current', basket),
    get('configurations', configurationData),
    get('products/[^/?]+', (req) => {
      const sku = decodeURIComponent(new URL(req.url).pathname.split('/').pop()!)
      return NAMES[sku]
        ? { ...productData, sku, productName: NAMES[sku] }
        : icmError(404, 'product.not_found.error')
    }),
    get('productprices', (req) => ({
      data: new URL(req.url).searchParams
        .getAll('sku')
        .filter((sku) => sku !== 'A-1')
        .map((sku) => ({
          sku,
          prices: { SalePrice: [{ ...priceItem(5, 5.95), minQuantity: { value: 1 } }] },
        })),
    })),
  )
}

/** Records every `POST baskets/b-1/items` body and answers with `answer`. */
function itemsEndpoint(answer: (items: any[]) => Response) {
  const bodies: any[][] = []
  icm.use(
    http.post(icmPath('baskets/b-1/items'), async ({ request: req }) => {
      const body = (await req.json()) as any[]
      bodies.push(body)
      return answer(body)
    }),
  )
  return bodies
}

const addedLines = (items: any[]) =>
  HttpResponse.json(
    {
      data: items.map((item, i) =>
        line(`l-new-${i}`, 10 + i, item.product, item.quantity.value, {
          mandatorySelectionItemOf: item.mandatorySelectionItemOf,
        }),
      ),
      infos: [],
    },
    { status: 201 },
  )

async function load(lineId: string, lang = 'en') {
  const cookie = await shopperCookie()
  return answer(loader, args(`/${lang}/basket/mandatory/${lineId}`, { params: { lang, lineId }, cookie }))
}

async function post(lineId: string, form: [string, string][]) {
  const cookie = await shopperCookie()
  const path = `/en/basket/mandatory/${lineId}`
  return answer(
    action,
    args(path, { params: { lang: 'en', lineId }, cookie, form: new URLSearchParams(form) }),
  )
}

describe('the mandatory prompt loader', () => {
  it('lists the selections first, then the accessories, with names and prices, privately', async () => {
    shop()
    const result = await load('l-p')
    expect(result.response.headers.get('Cache-Control')).toBe('private, no-store')
    const { prompt, title } = result.data
    expect(title).toBe('Complete Cable reel 25 m')
    expect(prompt).toMatchObject({
      lineId: 'l-p',
      parent: { sku: 'P-1', name: 'Cable reel 25 m', quantity: 2 },
      selectionMade: false,
      satisfied: false,
    })
    expect(prompt.selections.map((s: any) => [s.sku, s.name, s.price?.gross.value, s.inBasket])).toEqual([
      ['S-1', 'Plug type F', 5.95, false],
      ['S-2', 'Plug type E', 5.95, false],
    ])
    // A product without a price shows none.
    expect(prompt.accessories).toEqual([{ sku: 'A-1', name: 'Strain relief', inBasket: false }])
  })

  it('shows what is already in the basket for the line', async () => {
    shop()
    const { prompt } = (await load('l-other')).data
    expect(prompt).toMatchObject({ selectionMade: true, satisfied: true, accessories: [] })
    expect(prompt.selections).toEqual([expect.objectContaining({ sku: 'T-1', name: 'Lid', inBasket: true })])
  })

  it('is a 404 for an unknown line, a line that asks for nothing, and a shopper without a basket', async () => {
    shop()
    expect((await load('l-nope')).response.status).toBe(404)
    expect((await load('l-plain')).response.status).toBe(404)
    expect((await load('l-child')).response.status).toBe(404)
    icm.resetHandlers()
    icm.use(get('baskets/current', () => icmError(404, 'basket.not_found.error')))
    expect((await load('l-p')).response.status).toBe(404)
  })
})

describe('the mandatory prompt action', () => {
  it('adds the chosen selection and the accessories for the line, as many as the line has', async () => {
    shop()
    const bodies = itemsEndpoint(addedLines)
    const result = await post('l-p', [
      ['selection', 'S-2'],
      ['accessory', 'A-1'],
    ])
    expect(bodies).toEqual([
      [
        { product: 'S-2', quantity: { value: 2 }, mandatorySelectionItemOf: 'l-p' },
        { product: 'A-1', quantity: { value: 2 }, mandatorySelectionItemOf: 'l-p' },
      ],
    ])
    expect(result.response.status).toBe(303)
    expect(result.response.headers.get('Location')).toBe('/en/basket')
    const session = await sessionFrom(result.setCookie)
    expect(session.get('toast')).toEqual({
      key: 'basket.mandatory.added.message',
      values: { names: 'Plug type E and Strain relief', count: 2 },
      type: 'success',
    })
  })

  it('refuses bad input with 400 and adds nothing', async () => {
    shop()
    const bodies = itemsEndpoint(addedLines)
    const missing = await post('l-p', [['accessory', 'A-1']])
    expect(missing.response.status).toBe(400)
    expect(missing.data.result.error['']).toEqual([
      'Please choose one of the products; one of them is required.',
    ])
    const unknown = await post('l-p', [['selection', 'A-1']])
    expect(unknown.response.status).toBe(400)
    expect(unknown.data.result.error['']).toEqual(['Please choose among the products offered here.'])
    const foreignAccessory = await post('l-p', [
      ['selection', 'S-1'],
      ['accessory', 'S-2'],
    ])
    expect(foreignAccessory.response.status).toBe(400)
    // Everything there already: nothing to add.
    const nothing = await post('l-other', [])
    expect(nothing.response.status).toBe(400)
    expect(nothing.data.result.error['']).toEqual(['Please choose at least one product to add.'])
    expect(bodies).toEqual([])
  })

  it('is a 404 for a line that is not in the basket', async () => {
    shop()
    const bodies = itemsEndpoint(addedLines)
    expect((await post('l-gone', [['selection', 'S-1']])).response.status).toBe(404)
    expect(bodies).toEqual([])
  })

  it('shows ICM’s refusal with 422', async () => {
    shop()
    itemsEndpoint(() =>
      icmError(422, 'basket.line_item.creation.failed', 'not added', [
        {
          code: 'basket.line_item.mandatory_parent.not_found.error',
          message: 'gone',
          paths: ['[0].mandatorySelectionItemOf'],
        },
      ]),
    )
    const result = await post('l-p', [['selection', 'S-1']])
    expect(result.response.status).toBe(422)
    expect(result.data.result.error['']).toEqual([
      // Named by its product, not by its SKU (issue 19).
      'Plug type F was not added: The product this choice belongs to is no longer in your basket.',
    ])
  })
})

describe('adding a product that asks for mandatory items', () => {
  const addForm: [string, string][] = [
    ['sku', 'P-1'],
    ['quantity', '2'],
    ['returnUrl', '/en/home'],
  ]
  const answerOpen = (items: any[]) =>
    HttpResponse.json({ data: [line('l-p', 1, items[0].product, 2, OPEN)], infos: [] }, { status: 201 })

  it('leads to the prompt without JavaScript, and names the line for the modal with it', async () => {
    shop({ ...basketWith(OPEN), data: { ...basketWith(OPEN).data, lineItems: [] } })
    itemsEndpoint(answerOpen)
    const send = async (form: [string, string][]) =>
      answer(
        addAction,
        args('/en/basket/add', { cookie: await shopperCookie(), form: new URLSearchParams(form) }),
      )
    const plain = await send(addForm)
    expect(plain.response.status).toBe(303)
    expect(plain.response.headers.get('Location')).toBe('/en/basket/mandatory/l-p')
    const json = await send([['response', 'json'], ...addForm])
    expect(json.data).toMatchObject({ mandatory: 'l-p', lineIds: ['l-p'], problems: [] })
  })
})

describe('the basket page', () => {
  it('orders children after their parent, names the parent, and links an open line to its prompt', async () => {
    shop()
    const result = await answer(basketLoader, args('/en/basket', { cookie: await shopperCookie() }))
    const lines = result.data.basket.lines
    expect(lines.map((l: any) => l.id)).toEqual(['l-p', 'l-other', 'l-child', 'l-plain'])
    expect(lines[0].mandatory).toMatchObject({ satisfied: false })
    expect(lines[2]).toMatchObject({ parentId: 'l-other', parentName: 'Junction box' })
    expect(lines[1].mandatory.satisfied).toBe(true)
    expect(lines[3].mandatory).toBeUndefined()
  })
})
