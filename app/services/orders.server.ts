import { z } from 'zod'
import type { ApiMessage } from '~/models/messages'
import {
  OrderCreationSchema,
  mapOrder,
  mapOrderList,
  ORDER_INCLUDE,
  OrderEnvelopeSchema,
  OrderListEnvelopeSchema,
  orderFilterQuery,
  type Order,
  type OrderFilter,
  type OrderPage,
} from '~/models/order'
import { csvText, parseCsv } from '~/models/csv'
import { isOrderingUser, userName } from '~/models/b2b-user'
import { listUsers } from './b2b-users.server'
import { icmCall, IcmError, refusalOf, type IcmProblem, type IcmScope } from './icm.server'
import type { ProviderAnswer, RedirectUrls } from './payments.server'
import { notFound } from './http.server'
import { API_CODES } from '~/models/api-codes'

/** The most orders ICM returns for one `GET orders` call. */
const ICM_MAX_LIMIT = 100

/**
 * The shopper's orders, newest first (spec §7 `GET orders`), personal and never cached. A limit above what
 * one ICM call returns is read in consecutive calls made at once. A filter (order managers, issue 17) asks
 * ICM for every buyer's orders (`allBuyers=true`) or one buyer's (`buyer=<login>`), and for one status
 * (`statusCode`).
 */
export async function listOrders(
  scope: IcmScope,
  { limit, offset = 0, filter }: { limit: number; offset?: number; filter?: OrderFilter },
): Promise<OrderPage> {
  const chunks: { limit: number; offset: number }[] = []
  for (let start = 0; start < limit; start += ICM_MAX_LIMIT)
    chunks.push({ offset: offset + start, limit: Math.min(ICM_MAX_LIMIT, limit - start) })
  const pages = await Promise.all(
    chunks.map(async (chunk) =>
      mapOrderList(
        await icmCall(scope, {
          path: 'orders',
          query: { ...chunk, ...(filter ? orderFilterQuery(filter) : {}), include: ORDER_INCLUDE },
          schema: OrderListEnvelopeSchema,
          cache: 'none',
        }),
      ),
    ),
  )
  return {
    orders: pages.flatMap((page) => page.orders),
    total: pages[0]?.total ?? 0,
    offset,
    limit,
  }
}

/** A user an order list can be filtered by: login and name. */
export type OrderingUser = { login: string; name: string }

/**
 * The company's users who order (spec §5: without OCI and cXML users), by name, for the order list's buyer
 * filter. ICM answers this list to holders of APP_B2B_MANAGE_USERS only.
 */
export async function orderingUsers(scope: IcmScope, customerNo: string): Promise<OrderingUser[]> {
  return (await listUsers(scope, customerNo))
    .filter(isOrderingUser)
    .map((user) => ({ login: user.login, name: userName(user) }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** One of the shopper's orders; unknown, foreign (ICM answers 404) or not an id at all → a 404 response. */
export async function getOrder(scope: IcmScope, id: string): Promise<Order> {
  if (!id || id.length > 100) throw notFound()
  try {
    return mapOrder(
      await icmCall(scope, {
        path: `orders/${encodeURIComponent(id)}`,
        query: { include: ORDER_INCLUDE },
        schema: OrderEnvelopeSchema,
        cache: 'none',
      }),
    )
  } catch (error) {
    if (error instanceof IcmError && (error.status === 404 || error.status === 400 || error.status === 403))
      throw notFound()
    throw error
  }
}

/**
 * The CSV export of orders (spec §7 `POST orders-csv`): ICM's CSV cell for cell, written again by the shop's
 * CSV writer, so no cell ICM passes on as typed (a cost center or product named `=HYPERLINK(…)`) opens as a
 * spreadsheet formula. An id that is not one of the shopper's orders makes ICM answer 404, passed on as a 404.
 */
export async function ordersCsv(scope: IcmScope, ids: string[]): Promise<string> {
  try {
    const csv = await icmCall(scope, {
      method: 'POST',
      path: 'orders-csv',
      json: { ids },
      schema: z.string(),
      cache: 'none',
      text: true,
    })
    return csvText(parseCsv(csv))
  } catch (error) {
    if (error instanceof IcmError && (error.status === 404 || error.status === 400)) throw notFound()
    throw error
  }
}

export type OrderOutcome =
  | { kind: 'completed'; orderId: string }
  /** The basket needed approval: it was submitted as a requisition (issue 18). */
  | { kind: 'requisition'; requisitionId: string }
  /** The basket has a recurrence: it was set up as a recurring order (exit reason `recurring.order`). */
  | { kind: 'recurring'; recurringOrderId: string }
  | { kind: 'rolledBack'; infos: ApiMessage[] }
  | { kind: 'redirect'; orderId?: string; url: string }
  | { kind: 'redirectUrlsRequired'; orderId: string }
  | { kind: 'basketNotFound' }
  | { kind: 'refused'; errors: IcmProblem[] }

function outcomeOf(data: z.infer<typeof OrderCreationSchema>): OrderOutcome {
  const creation = data.data.orderCreation
  const id = data.data.id
  if (creation?.status === 'ROLLED_BACK') return { kind: 'rolledBack', infos: data.infos ?? [] }
  if (data.data.requisitionNo && id) return { kind: 'requisition', requisitionId: id }
  if (creation?.status === 'STOPPED') {
    const stop = creation.stopAction
    if (stop?.type === 'Redirect' && stop.redirectUrl)
      return { kind: 'redirect', orderId: id, url: stop.redirectUrl }
    if (stop?.type === 'Workflow' && stop.exitReason === 'redirect_urls_required' && id)
      return { kind: 'redirectUrlsRequired', orderId: id }
    const recurringOrderId = data.data.recurringOrderID ?? id
    if (stop?.exitReason === 'recurring.order' && recurringOrderId)
      return { kind: 'recurring', recurringOrderId }
  }
  if (!id) throw new Response(null, { status: 502, statusText: 'Bad Gateway' })
  return { kind: 'completed', orderId: id }
}

/**
 * A basket ICM does not know, or one the caller has no token for (a guest whose session is gone posting the
 * review form again: 401, since the client already dropped a refused token and asked once more), is a
 * basket the shopper cannot order: back to the basket with its message.
 */
function orderRefusal(error: unknown): OrderOutcome {
  if (
    error instanceof IcmError &&
    (error.code === API_CODES.basketNotFound || error.status === 404 || error.status === 401)
  )
    return { kind: 'basketNotFound' }
  return { kind: 'refused', errors: refusalOf(error) }
}

/**
 * Places the order (`POST orders`). A basket that already has its order (double click, reloaded POST, a
 * second tab) gets that order back from the API, which is a success like the first answer. That is also why a
 * submit that timed out (504) is asked once more: the first call may have placed the order after all, and the
 * shopper should see its receipt, not a gateway error while the order exists.
 */
export async function createOrder(
  scope: IcmScope,
  basketId: string,
  termsAndConditionsAccepted: boolean,
  retried = false,
): Promise<OrderOutcome> {
  try {
    const data = await icmCall(scope, {
      method: 'POST',
      path: 'orders',
      json: { basket: basketId, termsAndConditionsAccepted },
      schema: OrderCreationSchema,
      cache: 'none',
    })
    return outcomeOf(data)
  } catch (error) {
    if (error instanceof Response && error.status === 504 && !retried)
      return createOrder(scope, basketId, termsAndConditionsAccepted, true)
    return orderRefusal(error)
  }
}

/** Continues a stopped order: with the return URLs it asks for, or with the provider's answer. */
export async function continueOrder(
  scope: IcmScope,
  orderId: string,
  redirect: RedirectUrls | { status: string; parameters: ProviderAnswer },
): Promise<OrderOutcome> {
  try {
    const data = await icmCall(scope, {
      method: 'PATCH',
      path: `orders/${encodeURIComponent(orderId)}`,
      json: { orderCreation: { status: 'CONTINUE', redirect } },
      schema: OrderCreationSchema,
      cache: 'none',
    })
    return outcomeOf(data)
  } catch (error) {
    return orderRefusal(error)
  }
}
