import { http, HttpResponse } from 'msw'
import { answer, args, sessionCookie, type Args } from './loader-args'
import { configurationData, icm, icmPath, money, priceItem } from './icm-mock'
import { orderEnvelope } from './order-fixtures'

/** A session cookie with a live token: a guest with a basket, or a logged-in private customer. */
export function shopperCookie(options: { user?: boolean } = {}) {
  return sessionCookie({
    apiToken: 'token-1',
    type: 'user',
    isAnonymous: !options.user,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3600_000,
    ...(options.user
      ? {
          user: {
            login: 'patricia',
            firstName: 'Patricia',
            customerNo: 'patricia',
            customerType: 'PrivateCustomer',
            roles: [],
            permissions: [],
          },
        }
      : {}),
  })
}

/**
 * A checkout page's loader or action as the server runs it for one request: the shopper's cookie (a guest
 * with a basket unless given), the answer as sent (redirects, 404s, the session cookie when it changed).
 */
export async function step<T>(
  fn: (args: Args) => Promise<T>,
  path: string,
  form?: Record<string, string>,
  cookie?: string,
  params?: Record<string, string>,
) {
  return answer(fn, args(path, { form, cookie: cookie ?? (await shopperCookie()), params }))
}

type PriceItemData = ReturnType<typeof priceItem>

/** What every ICM LineItem carries besides its own values (`LineItemData`). */
export const ICM_LINE = { calculated: true, hiddenGift: false, freeGift: false }

/** A line's ICM `pricing` from its single price and total: no rebate, no shipping costs of its own. */
export function linePricing(single: PriceItemData, total: PriceItemData, rest: Record<string, unknown> = {}) {
  const none = priceItem(0, 0, total.gross.currency)
  return {
    singleBasePrice: single,
    price: total,
    undiscountedPrice: total,
    total,
    shippingTotal: none,
    ...rest,
  }
}

/** A grand total as ICM sends it: net, gross and the tax between them. */
export const grandTotal = (net: number, gross: number, currency = 'USD') => ({
  ...priceItem(net, gross, currency),
  tax: money(Math.round((gross - net) * 100) / 100, currency),
})

export const URN = 'urn:address:basket:b-1:a-1'
const address = {
  id: 'a-1',
  urn: URN,
  firstName: 'Ann',
  lastName: 'Guest',
  addressLine1: 'Main St 1',
  postalCode: '10115',
  city: 'Berlin',
  mainDivision: 'BE',
  mainDivisionName: 'Berlin',
  country: 'Germany',
  countryCode: 'DE',
  email: 'ann@example.com',
}

/** How far the basket got: nothing, addresses, + shipping method, + payment. */
export type Progress = 'empty' | 'new' | 'addressed' | 'shipping' | 'paid'

/** `baskets/current` with the checkout includes, as far as `progress`. */
export function checkoutBasketData(progress: Progress, id = 'b-1') {
  const at = (step: Progress) =>
    (['new', 'addressed', 'shipping', 'paid'] as Progress[]).indexOf(progress) >=
    ['new', 'addressed', 'shipping', 'paid'].indexOf(step)
  return {
    data: {
      id,
      calculated: true,
      purchaseCurrency: 'USD',
      lineItems: progress === 'empty' ? [] : ['l-1'],
      totalProductQuantity: progress === 'empty' ? 0 : 1,
      promotionCodes: [],
      email: at('addressed') ? 'ann@example.com' : undefined,
      invoiceToAddress: at('addressed') ? URN : undefined,
      commonShipToAddress: at('addressed') ? URN : undefined,
      commonShippingMethod: at('shipping') ? 'STD_GROUND' : undefined,
      payments: at('paid') ? ['p-1'] : [],
      totals: {
        itemTotal: priceItem(100, 119),
        shippingTotal: priceItem(0, 0),
        grandTotal: grandTotal(100, 119),
      },
    },
    included: {
      lineItems: {
        'l-1': {
          ...ICM_LINE,
          id: 'l-1',
          position: 1,
          product: '1000042',
          name: 'Voltwerk Drill XT 18',
          quantity: { value: 1 },
          pricing: linePricing(priceItem(100, 119), priceItem(100, 119)),
        },
      },
      ...(at('addressed')
        ? { invoiceToAddress: { [URN]: address }, commonShipToAddress: { [URN]: address } }
        : {}),
      ...(at('shipping')
        ? {
            commonShippingMethod: {
              STD_GROUND: {
                id: 'STD_GROUND',
                name: 'Standard delivery',
                shippingCosts: priceItem(0, 0),
                deliveryTimeMin: 'P3D',
                deliveryTimeMax: 'P5D',
              },
            },
          }
        : {}),
      ...(at('paid')
        ? {
            payments: {
              'p-1': {
                id: 'p-1',
                paymentMethod: 'INVOICE',
                paymentInstrument: 'INVOICE',
                redirectRequired: false,
                totalAmount: { gross: money(119) },
                status: 'Unprocessed',
              },
            },
            payments_paymentMethod: {
              INVOICE: { id: 'INVOICE', serviceID: 'ISH_INVOICE', displayName: 'Invoice', capabilities: [] },
            },
          }
        : {}),
    },
    infos: [],
  }
}

export type Call = { method: string; path: string; query: string; body: unknown }

/** The basket's one line as ICM answers the items calls (`l-1`, as in `checkoutBasketData`). */
const answeredLine = () => checkoutBasketData('new').included.lineItems['l-1']

/** The invoice payment as ICM answers the open tender. */
const answeredPayment = () => {
  const { included } = checkoutBasketData('paid')
  return { data: included.payments!['p-1'], included: { paymentMethod: included.payments_paymentMethod } }
}

/**
 * What ICM answers a change the test does not answer itself, in ICM's shape for the resource: the basket for
 * basket changes, the lines for item calls, the payment for the open tender, a placed order for orders.
 */
export function icmAnswerOf(call: Call): Response {
  const path = call.path.replace(/^baskets\/[^/]+/, 'baskets/{id}')
  if (/^baskets\/\{id\}\/items$/.test(path))
    return HttpResponse.json({ data: [answeredLine()], infos: [], errors: [] })
  if (/^baskets\/\{id\}\/items\/[^/]+$/.test(path))
    return HttpResponse.json({ data: answeredLine(), infos: [] })
  if (path === 'baskets/{id}/payments/open-tender') return HttpResponse.json(answeredPayment())
  if (path === 'baskets/{id}/validations') return validation(true)
  if (/^baskets\/\{id\}\/addresses(\/[^/]+)?$/.test(path)) return HttpResponse.json({ data: address })
  if (/^(private)?customers\/[^/]+\/addresses\/[^/]+$/.test(path)) return HttpResponse.json(address)
  if (/^orders(\/[^/]+)?$/.test(path)) return HttpResponse.json(orderEnvelope('o-1'))
  return HttpResponse.json(checkoutBasketData('addressed'))
}

/** Records every ICM call that is not a GET (and answers it with `answer`, or as ICM would: `icmAnswerOf`). */
export function recordChanges(answer?: (call: Call) => Response | undefined) {
  const calls: Call[] = []
  const handler = async ({ request }: { request: Request }) => {
    const text = await request.text()
    const url = new URL(request.url)
    const call = {
      method: request.method,
      path: url.pathname.replace(/.*\/-;[^/]*\//, ''),
      query: url.search,
      body: text ? JSON.parse(text) : undefined,
    }
    calls.push(call)
    return answer?.(call) ?? icmAnswerOf(call)
  }
  icm.use(
    http.post(icmPath('.*'), handler),
    http.patch(icmPath('.*'), handler),
    http.put(icmPath('.*'), handler),
  )
  return calls
}

export const validation = (
  valid: boolean,
  errors: { code: string; scopes: string[] }[] = [],
  infos: { code: string; scopes: string[] }[] = [],
) =>
  HttpResponse.json({
    data: {
      basket: 'b-1',
      results: {
        valid,
        adjusted: infos.length > 0,
        errors: errors.map((e) => ({ code: e.code, message: e.code, parameters: { scopes: e.scopes } })),
        infos: infos.map((e) => ({ code: e.code, message: e.code, parameters: { scopes: e.scopes } })),
      },
    },
  })

export const configurationWith = (basket: Record<string, unknown>) => ({
  data: { ...configurationData.data, basket: { termsAndConditions: true, acceleration: false, ...basket } },
})
