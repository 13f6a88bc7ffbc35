/**
 * Recurring orders' ICM answers (ADR 0020) in the shapes the API sends (commerce-api/icm/schemas/
 * recurring-orders.ts; fixture-check holds every mocked answer to it), the session users of the pages, and a
 * recorder of the calls below the three recurring order endpoints.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw'
import type { SessionUser } from '~/services/session.server'
import { ICM_LINE, grandTotal, linePricing } from './checkout-fixtures'
import { icm, icmPath, money, priceItem } from './icm-mock'
import { answer, args, signedInCookie } from './loader-args'

const COMPANY = { customerNo: 'OilCorp', customerType: 'SMBCustomer' } as const

/** The account admin: sees all of the customer's recurring orders. */
export const ADMIN: SessionUser = {
  ...COMPANY,
  login: 'aadmin@oilcorp.test',
  firstName: 'Anna',
  lastName: 'Admin',
  roles: ['APP_B2B_ACCOUNT_OWNER'],
  permissions: ['APP_B2B_MANAGE_USERS', 'APP_B2B_PURCHASE'],
}
export const BUYER: SessionUser = {
  ...COMPANY,
  login: 'bbuyer@oilcorp.test',
  firstName: 'Bernd',
  lastName: 'Buyer',
  roles: ['APP_B2B_BUYER'],
  permissions: ['APP_B2B_PURCHASE'],
}
export const PRIVATE: SessionUser = {
  login: 'patricia@example.com',
  firstName: 'Patricia',
  lastName: 'Miller',
  customerNo: 'P1000',
  customerType: 'PrivateCustomer',
  roles: [],
  permissions: [],
}

export const RO_ID = '0f7c1f4e-3333-4b5a-9c1d-000000000005'
export const OTHER_RO_ID = '0f7c1f4e-3333-4b5a-9c1d-000000000006'

type Options = {
  number?: string
  active?: boolean
  interval?: string
  startDate?: string
  endDate?: string
  repetitions?: number
  statusCode?: 'ACTIVE' | 'INACTIVE' | 'ERROR' | 'EXPIRED'
  errorCode?: string
  errorMessage?: string
  orderCount?: number
  buyer?: SessionUser
}

/** A list item (`RecurringOrderListData`). */
export function listItem(id = RO_ID, o: Options = {}) {
  const statusCode = o.statusCode ?? (o.active === false ? 'INACTIVE' : 'ACTIVE')
  const buyer = o.buyer ?? BUYER
  return {
    id,
    number: o.number ?? '100042',
    active: statusCode === 'ACTIVE',
    expired: statusCode === 'EXPIRED',
    interval: o.interval ?? 'P14D',
    startDate: o.startDate ?? '2026-12-01',
    ...(o.endDate ? { endDate: o.endDate } : {}),
    ...(o.repetitions ? { repetitions: o.repetitions } : {}),
    creationDate: '2026-11-20T09:30:00.000Z',
    ...(o.orderCount ? { lastOrderDate: '2026-12-01T06:00:00.000Z' } : {}),
    ...(statusCode === 'EXPIRED' ? {} : { nextOrderDate: '2026-12-15' }),
    buyer: {
      accountID: buyer.login,
      userNo: buyer.login,
      customerNo: buyer.customerNo,
      email: buyer.login,
      firstName: buyer.firstName!,
      lastName: buyer.lastName!,
    },
    itemCount: 2,
    totalNet: { amount: 117.5, currency: 'EUR' },
    totalGross: { amount: 139.83, currency: 'EUR' },
    orderCount: o.orderCount ?? 0,
    statusCode,
    status: statusCode,
    error: statusCode === 'ERROR',
    ...(o.errorCode ? { errorCode: o.errorCode } : {}),
    ...(o.errorMessage ? { errorMessage: o.errorMessage } : {}),
  }
}

const address = (id: string, firstName: string) => ({
  id,
  urn: `urn:address:customer:OilCorp:${id}`,
  firstName,
  lastName: 'Miller',
  addressLine1: 'Berliner Str. 20',
  postalCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  country: 'Germany',
})

/** One recurring order (`RecurringOrderData`) with its template, last orders and approvals. */
export function recurringOrderEnvelope(
  id = RO_ID,
  o: Options & { lastOrders?: unknown[]; approvals?: boolean } = {},
) {
  const currency = 'EUR'
  return {
    data: {
      ...listItem(id, o),
      purchaseCurrency: currency,
      totals: {
        itemTotal: priceItem(120, 142.8, currency),
        shippingTotal: priceItem(5, 5.95, currency),
        paymentCostsTotal: priceItem(2.5, 2.98, currency),
        basketValueDiscountsTotal: priceItem(10, 11.9, currency),
        grandTotal: grandTotal(117.5, 139.83, currency),
      },
      lineItems: [
        {
          ...ICM_LINE,
          id: `${id}-l1`,
          position: 1,
          product: '1000042',
          quantity: { value: 2 },
          pricing: linePricing(priceItem(50, 59.5, currency), priceItem(100, 119, currency)),
        },
      ],
      addresses: [address('a1', 'Patricia'), address('a2', 'Paul')],
      invoiceToAddress: 'urn:address:customer:OilCorp:a1',
      shippingBuckets: [{ shipToAddress: 'urn:address:customer:OilCorp:a2', shippingMethod: 'STD_GROUND' }],
      shippingMethods: [
        { id: 'STD_GROUND', name: 'Standard ground', shippingCosts: priceItem(5, 5.95, currency) },
      ],
      payments: [
        {
          id: 'p1',
          paymentMethod: 'INVOICE',
          paymentInstrument: 'INVOICE',
          redirectRequired: false,
          totalAmount: { gross: money(139.83, currency) },
        },
      ],
      paymentMethods: [{ id: 'INVOICE', serviceID: 'ISH_INVOICE', displayName: 'Invoice' }],
      costCenterID: '100400',
      costCenterName: 'Oil Marketing',
      ...(o.approvals
        ? {
            approvalStatuses: [
              {
                approvalDate: Date.UTC(2026, 11, 1, 8),
                approver: { firstName: 'Aaron', lastName: 'Approver', email: 'aapprover@oilcorp.test' },
                statusCode: 'APPROVED',
              },
            ],
          }
        : {}),
      lastOrders: o.lastOrders ?? [],
    },
    included: {},
    infos: [],
    errors: [],
  }
}

export const recurringOrderList = (
  items: ReturnType<typeof listItem>[],
  info = { limit: 25, offset: 0, total: items.length },
) => ({ data: items, info })

export type Call = { method: string; path: string; query: URLSearchParams; body: any; accept: string | null }

/** Answers and records the calls below any of the three recurring order endpoints. */
export function recordRecurringOrders(reply: (call: Call) => JsonBodyType | Response | undefined) {
  const calls: Call[] = []
  const pattern = icmPath('(customers/-(/users/-)?|privatecustomers/-)/recurringorders(/[^/?]+)?')
  const handler = async ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    const text = request.method === 'GET' ? '' : await request.clone().text()
    const call = {
      method: request.method,
      path: decodeURIComponent(url.pathname.replace(/^.*\/-;[^/]*\//, '')),
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      accept: request.headers.get('accept'),
    }
    calls.push(call)
    const result = reply(call)
    if (result instanceof Response) return result
    if (result === undefined) return new HttpResponse(null, { status: 204 })
    return HttpResponse.json(result)
  }
  icm.use(http.get(pattern, handler), http.patch(pattern, handler), http.delete(pattern, handler))
  return calls
}

/** Calls a loader or action as `user` (null: a visitor), with a form when posting. */
export async function page(
  fn: (a: any) => Promise<unknown>,
  path: string,
  { user, form }: { user: SessionUser | null; form?: Record<string, string> },
) {
  const [, lang = 'en', , , id] = path.split('?')[0]!.split('/')
  const cookie = user ? await signedInCookie(user) : undefined
  return answer(fn, args(path, { cookie, form, params: { lang, ...(id ? { recurringOrderId: id } : {}) } }))
}
