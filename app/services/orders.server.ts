import { z } from 'zod'
import {
  mapOrder,
  mapOrderList,
  ORDER_INCLUDE,
  OrderEnvelopeSchema,
  OrderListEnvelopeSchema,
  type Order,
  type OrderPage,
} from '~/models/order'
import { icmCall, IcmError, type IcmScope } from './icm.server'

/** The most orders ICM returns for one `GET orders` call. */
const ICM_MAX_LIMIT = 100

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

/**
 * The shopper's orders, newest first (spec §7 `GET orders`), personal and never cached. A limit above what
 * one ICM call returns is read in consecutive calls made at once.
 */
export async function listOrders(
  scope: IcmScope,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<OrderPage> {
  const chunks: { limit: number; offset: number }[] = []
  for (let start = 0; start < limit; start += ICM_MAX_LIMIT)
    chunks.push({ offset: offset + start, limit: Math.min(ICM_MAX_LIMIT, limit - start) })
  const pages = await Promise.all(
    chunks.map(async (chunk) =>
      mapOrderList(
        await icmCall(scope, {
          path: 'orders',
          query: { ...chunk, include: ORDER_INCLUDE },
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
 * The CSV export of orders (spec §7 `POST orders-csv`), passed on as ICM wrote it. An id that is not one of
 * the shopper's orders makes ICM answer 404, passed on as a 404 response.
 */
export async function ordersCsv(scope: IcmScope, ids: string[]): Promise<string> {
  try {
    return await icmCall(scope, {
      method: 'POST',
      path: 'orders-csv',
      json: { ids },
      schema: z.string(),
      cache: 'none',
      text: true,
    })
  } catch (error) {
    if (error instanceof IcmError && (error.status === 404 || error.status === 400)) throw notFound()
    throw error
  }
}
