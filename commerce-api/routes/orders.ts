import { z } from 'zod'
import { requirePrincipal } from '../auth'
import { BASKET_INCLUDES } from '../domain/basket'
import {
  continueOrder,
  createOrder,
  findOrder,
  listOrders,
  orderJson,
  orderNotFound,
  ordersCsv,
} from '../domain/orders'
import { paymentSecret } from '../domain/psp'
import { badRequest, parseInput, queryInt, queryList } from '../http'
import { pageBase, RedirectReturn, RedirectUrls } from './checkout'
import type { RouteModule } from './context'

const CreateOrderRequest = z.object({
  basket: z.string().min(1, 'basket (an id) is required').max(100),
  termsAndConditionsAccepted: z.boolean().default(false),
})

const OrderUpdateRequest = z.object({
  orderCreation: z.object({
    status: z.literal('CONTINUE', { errorMap: () => ({ message: 'orderCreation.status must be CONTINUE' }) }),
    redirect: z.union([RedirectUrls, RedirectReturn]),
  }),
})

const CsvRequest = z.union([
  z.object({ ids: z.array(z.string().min(1).max(100)).min(1, 'at least one order id is required').max(500) }),
  z.array(z.string().min(1).max(100)).min(1, 'at least one order id is required').max(500),
])

const ORDER_INCLUDES = new Set<string>([
  ...BASKET_INCLUDES,
  'discounts',
  'lineItems_discounts',
  'lineItems_warranty',
])

/** The includes asked for; an unknown one is ignored (ICM answers include.not_resolved for it). */
const includesOf = (query: unknown) =>
  new Set(queryList((query as Record<string, unknown>).include).filter((i) => ORDER_INCLUDES.has(i)))

/** Orders of the caller: place, list, read, continue after the payment page, export as CSV. */
export const orderRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx

  app.post('/rest/:site/orders', async (request, reply) => {
    const body = parseInput(CreateOrderRequest, request.body, 'order request')
    const principal = await requirePrincipal(db, request)
    const result = await createOrder(
      db,
      principal,
      request.scope.locale,
      body.basket,
      body.termsAndConditionsAccepted,
      includesOf(request.query),
    )
    reply.code(result.status)
    return result.body
  })

  app.get('/rest/:site/orders', async (request) => {
    const principal = await requirePrincipal(db, request)
    const query = request.query as Record<string, unknown>
    return listOrders(db, principal, request.scope.locale, {
      limit: queryInt(query.limit ?? query['page[limit]'], 30, { min: 1, max: 100 }),
      offset: queryInt(query.offset ?? query['page[offset]'], 0, { min: 0, max: 1_000_000 }),
      allBuyers: query.allBuyers === 'true',
      statusCodes: queryList(query['filter[statusCode]'] ?? query.statusCode),
      include: includesOf(query),
    })
  })

  app.get('/rest/:site/orders/:id', async (request) => {
    const principal = await requirePrincipal(db, request)
    const id = (request.params as { id: string }).id
    const order = await findOrder(db, principal, id)
    if (!order) throw orderNotFound(id)
    return orderJson(db, order, request.scope.locale, includesOf(request.query))
  })

  app.patch('/rest/:site/orders/:id', async (request) => {
    const { orderCreation } = parseInput(OrderUpdateRequest, request.body, 'order update')
    const principal = await requirePrincipal(db, request)
    return continueOrder(
      db,
      principal,
      request.scope.locale,
      (request.params as { id: string }).id,
      orderCreation.redirect,
      await paymentSecret(db, ctx.payment.secret),
      pageBase(ctx, request),
      includesOf(request.query),
    )
  })

  app.post('/rest/:site/orders-csv', async (request, reply) => {
    const body = parseInput(CsvRequest, request.body, 'list of order ids')
    const ids = Array.isArray(body) ? body : body.ids
    if (new Set(ids).size !== ids.length) throw badRequest('An order id is listed twice.')
    const principal = await requirePrincipal(db, request)
    const csv = await ordersCsv(db, principal, request.scope.locale, ids)
    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${ids.length === 1 ? `order-${ids[0]}.csv` : 'orders.csv'}"`,
      )
    return csv
  })
}
