// @vitest-environment jsdom
/**
 * "Buy again" (issue 19): the order page's action puts the order's items, or one line's, back into the basket
 * in one add (quantities and warranty as ordered, ICM fitting quantities to today's rules), then goes to the
 * basket with a toast naming products by name: what was added, what was refused and why. The order list and
 * the order page offer the buttons, whose accessible names contain their visible text. ICM is the msw mock.
 */
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { SHOP_LOCALES } from '~/models/locale'
import OrderPage, {
  action as orderAction,
  loader as orderLoader,
} from '~/routes/$lang._shop.account.orders.$orderId'
import { fixedT } from '~/services/i18n.server'
import { ICM_LINE, linePricing } from './checkout-fixtures'
import { emptyBasket, get, icm, icmError, icmPath, priceItem } from './icm-mock'
import { answer, args, sessionFrom, signedInCookie } from './loader-args'
import { orderEnvelope } from './order-fixtures'
import { renderRoute } from './render-route'
import './setup'

const ORDER_ID = '0f7c1f4e-1111-4b5a-9c1d-000000000001'
const PATH = `/en/account/orders/${ORDER_ID}`
const USER = {
  login: 'patricia',
  firstName: 'Patricia',
  customerNo: 'PC-1',
  customerType: 'PrivateCustomer' as const,
  roles: [],
  permissions: [],
}

type Item = { product: string; quantity: { value: number }; warranty?: string }

/** The order, the current basket and its items endpoint, which answers each call with `reply`. */
function shop(reply: (items: Item[], call: number) => Response) {
  const calls: { items: Item[]; adjustmentsAllowed: string | null }[] = []
  icm.use(
    get(`orders/${ORDER_ID}`, orderEnvelope(ORDER_ID)),
    get('baskets/current', emptyBasket('b-1')),
    http.post(icmPath('baskets/b-1/items'), async ({ request }) => {
      const items = (await request.json()) as Item[]
      calls.push({ items, adjustmentsAllowed: new URL(request.url).searchParams.get('adjustmentsAllowed') })
      return reply(items, calls.length)
    }),
  )
  return calls
}

const added = (items: Item[], infos: unknown[] = []) =>
  HttpResponse.json(
    {
      data: items.map((item, i) => ({
        ...ICM_LINE,
        id: `line-${i}`,
        position: i + 1,
        product: item.product,
        quantity: { value: item.quantity.value },
        pricing: linePricing(priceItem(10, 11.9, 'EUR'), priceItem(10, 11.9, 'EUR')),
      })),
      infos,
    },
    { status: 201 },
  )

async function post(form: Record<string, string>, { user = USER as typeof USER | null, path = PATH } = {}) {
  const cookie = await signedInCookie(user)
  const params = { lang: 'en', orderId: path.split('/').pop()! }
  const { response, setCookie } = await answer(orderAction, args(path, { cookie, form, params }))
  return { response, toast: (await sessionFrom(setCookie)).get('toast') }
}

/** A post whose answer carries a toast. */
async function postOk(form: Record<string, string>) {
  const { response, toast } = await post(form)
  expect(toast).toBeDefined()
  return { response, toast: toast! }
}

describe('buying an order again', () => {
  it('adds every line as ordered, in one call that lets ICM fit quantities, and goes to the basket', async () => {
    const calls = shop((items) => added(items))
    const { response, toast } = await postOk({ intent: 'buy-again' })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/basket')
    expect(calls).toEqual([
      {
        adjustmentsAllowed: 'true',
        items: [
          { product: '1000042', quantity: { value: 2 }, warranty: 'W-2Y' },
          { product: '2000007', quantity: { value: 1 } },
        ],
      },
    ])
    expect(toast).toEqual({
      key: 'account.orders.buy_again.added',
      values: { count: 2, number: '10000001' },
      type: 'success',
    })
    const t = fixedT('en_US')
    expect(t(toast.key, toast.values)).toBe('2 products of order 10000001 are in your basket again.')
  })

  it('adds one line and names its product', async () => {
    const calls = shop((items) => added(items))
    const { response, toast } = await postOk({ intent: 'buy-again', line: `${ORDER_ID}-l2` })
    expect(response.headers.get('Location')).toBe('/en/basket')
    expect(calls.map((c) => c.items)).toEqual([[{ product: '2000007', quantity: { value: 1 } }]])
    expect(toast).toMatchObject({
      key: 'account.orders.buy_again.added_one_product',
      values: { name: 'Hex bolts M8, 100 pieces' },
    })
  })

  it('adds what can still be ordered and says by name what was not, and why', async () => {
    const calls = shop((items, call) =>
      call === 1
        ? icmError(422, 'basket.line_item.creation.failed', 'Not added', [
            {
              code: 'basket.line_item.product_not_available.error',
              message: 'The product is not available.',
              paths: ['[0].product'],
            },
          ])
        : added(items),
    )
    const { toast } = await postOk({ intent: 'buy-again' })
    expect(calls.map((c) => c.items.map((i) => i.product))).toEqual([['1000042', '2000007'], ['2000007']])
    expect(toast).toMatchObject({
      key: 'account.orders.buy_again.added_one_product',
      values: { name: 'Hex bolts M8, 100 pieces' },
      type: 'info',
    })
    const [detail, ...more] = toast.details ?? []
    expect(more).toEqual([])
    expect(detail).toMatch(/^Voltwerk Drill XT 18 was not added: /)
    expect(detail).not.toContain('1000042')
  })

  it('reports quantities ICM fitted to today’s rules', async () => {
    shop((items) =>
      added(items, [
        {
          code: 'basket.line_item.quantity.adjusted.info',
          message: 'adjusted',
          causes: [
            {
              code: 'basket.line_item.adjustment.cause.AddedToNewLineItemWithAdjustedQuantity',
              message: 'minimum order quantity',
              paths: ['[1].quantity.value'],
              parameters: { adjusted: '5' },
            },
          ],
        },
      ]),
    )
    const { toast } = await postOk({ intent: 'buy-again' })
    expect(toast.details).toEqual(['Hex bolts M8, 100 pieces: 5 instead of 1, as the product is sold today.'])
  })

  it('says so when nothing of the order can be ordered', async () => {
    shop(() =>
      icmError(422, 'basket.line_item.creation.failed', 'Not added', [
        { code: 'basket.line_item.product_not_available.error', message: 'n/a', paths: ['[0].product'] },
        { code: 'basket.line_item.product_not_available.error', message: 'n/a', paths: ['[1].product'] },
      ]),
    )
    const { response, toast } = await postOk({ intent: 'buy-again' })
    expect(response.headers.get('Location')).toBe('/en/basket')
    expect(toast).toMatchObject({
      key: 'account.orders.buy_again.none',
      values: { number: '10000001' },
      type: 'error',
    })
    expect(toast.details).toHaveLength(2)
  })

  it('refuses a line the order does not have (404), another intent (400), and someone else’s order (404)', async () => {
    const calls = shop((items) => added(items))
    expect((await post({ intent: 'buy-again', line: 'not-a-line' })).response.status).toBe(404)
    expect((await post({ intent: 'export' })).response.status).toBe(400)
    icm.use(get('orders/foreign', () => icmError(404, 'order.not_found.error')))
    const foreign = await post({ intent: 'buy-again' }, { path: '/en/account/orders/foreign' })
    expect(foreign.response.status).toBe(404)
    expect(calls).toEqual([])
  })

  it('sends a visitor to the login page without adding anything', async () => {
    const calls = shop((items) => added(items))
    const { response } = await post({ intent: 'buy-again' }, { user: null })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toMatch(/^\/en\/login\?/)
    expect(calls).toEqual([])
  })

  it('says its messages in all five languages', () => {
    for (const { id } of SHOP_LOCALES) {
      const t = fixedT(id)
      for (const count of [1, 2, 5, 22]) {
        const text = t('account.orders.buy_again.added', { count, number: '10000001' })
        expect(text, `${id} ${count}`).toContain(String(count))
        expect(text).toContain('10000001')
      }
      expect(t('account.orders.buy_again.refused', { name: 'Drill', reason: 'x' })).toContain('Drill')
    }
  })
})

describe('the buttons', () => {
  it('offer the whole order and each line, named with their visible text', async () => {
    icm.use(get(`orders/${ORDER_ID}`, orderEnvelope(ORDER_ID)))
    const t = renderRoute({
      path: PATH,
      pattern: '/:lang/account/orders/:orderId',
      Component: OrderPage,
      loader: orderLoader,
      action: orderAction,
      cookie: await signedInCookie(USER),
    })
    const whole = await screen.findByRole('button', { name: 'Buy again: order 10000001' })
    expect(whole.textContent).toBe('Buy again')
    const lines = screen.getAllByTestId('order-line')
    const line = within(lines[0]!).getByRole('button', { name: 'Buy again: Voltwerk Drill XT 18' })
    expect(line.textContent).toBe(t('account.orders.buy_again'))
    expect(whole.closest('form')!.getAttribute('action')).toBe(PATH)
    expect(line.closest('form')!.querySelector('input[name="line"]')!.getAttribute('value')).toBe(
      `${ORDER_ID}-l1`,
    )
  })
})
