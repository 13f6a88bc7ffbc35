import { http, HttpResponse } from 'msw'
import { commitSession, getSession } from '~/services/session.server'
import { configurationData, icm, icmPath, money, priceItem } from './icm-mock'

/** A session cookie with a live token: a guest with a basket, or a logged-in private customer. */
export async function shopperCookie(options: { user?: boolean } = {}) {
  const session = await getSession(new Request('http://shop.test/'))
  session.set('apiToken', 'token-1')
  session.set('type', 'user')
  session.set('isAnonymous', !options.user)
  session.set('issuedAt', Date.now())
  session.set('expiresAt', Date.now() + 3600_000)
  if (options.user)
    session.set('user', { login: 'patricia', firstName: 'Patricia', customerType: 'PrivateCustomer' })
  return (await commitSession(session)).split(';')[0]!
}

/** The session a response's Set-Cookie leaves behind. */
export async function sessionAfter(response: Response) {
  return getSession(
    new Request('http://shop.test/', { headers: { Cookie: response.headers.get('Set-Cookie') ?? '' } }),
  )
}

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
        salesTaxTotal: money(19),
        grandTotal: priceItem(100, 119),
        isEstimated: !at('shipping'),
      },
    },
    included: {
      lineItems: {
        'l-1': {
          id: 'l-1',
          position: 1,
          product: '1000042',
          name: 'Voltwerk Drill XT 18',
          quantity: { value: 1 },
          pricing: { singleBasePrice: priceItem(100, 119), total: priceItem(100, 119) },
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
                status: 'Unprocessed',
              },
            },
            payments_paymentMethod: { INVOICE: { id: 'INVOICE', displayName: 'Invoice', capabilities: [] } },
          }
        : {}),
    },
    infos: [],
  }
}

export type Call = { method: string; path: string; query: string; body: unknown }

/** Records every ICM call that is not a GET (and answers it with `answer`, or 200 `{data:{}}`). */
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
    return answer?.(call) ?? HttpResponse.json({ data: {} })
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

/** Calls a loader or action and answers the Response it returned or threw. */
export async function run(fn: () => Promise<unknown>): Promise<any> {
  try {
    return await fn()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

export async function request(path: string, fields?: Record<string, string>, cookie?: string) {
  return new Request(`http://shop.test${path}`, {
    method: fields ? 'POST' : 'GET',
    headers: {
      Cookie: cookie ?? (await shopperCookie()),
      ...(fields ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: fields ? new URLSearchParams(fields) : undefined,
  })
}
