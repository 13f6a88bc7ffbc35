import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requirePrincipal } from '../auth'
import { invalidError } from '../domain/errors'
import { continueOrder, createOrder, listOrders, ordersByIds, requireOrder } from '../domain/orders'
import { paymentSecret } from '../domain/psp'
import { requisitionOf } from '../domain/requisitions'
import { recurringOrderCreatedJson } from '../icm/recurring-orders'
import { requisitionJson } from '../icm/requisitions'
import {
  ORDER_INCLUDES,
  orderJson,
  ordersCsv,
  ordersJson,
  orderSnapshotOf,
  rolledBackJson,
} from '../icm/orders'
import { badRequest, hasControlCharacters, parseInput, queryInt, queryList } from '../http'
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

/** The includes asked for; an unknown one is ignored (ICM answers include.not_resolved for it). */
const includesOf = (request: FastifyRequest) =>
  new Set(queryList((request.query as Record<string, unknown>).include).filter((i) => ORDER_INCLUDES.has(i)))

/**
 * ICM's `buyer` filter of `GET orders` (the PWA's order list query): one login, bounded. Who may use it for
 * another user's orders is the domain's rule (domain/orders.ts `listOrders`: order managers and account
 * owners; anyone else naming another buyer gets 403).
 */
function buyerOf(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string' || value.length > 100 || hasControlCharacters(value))
    throw badRequest('buyer is one login of at most 100 characters.')
  return value.trim() || undefined
}

/** Orders of the caller: place, list, read, continue after the payment page, export as CSV. */
export const orderRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx

  /** A new order is 201; the order placed for the basket before, and a rolled-back attempt, are 200. */
  app.post('/rest/:site/orders', async (request, reply) => {
    const body = parseInput(CreateOrderRequest, request.body, 'order request')
    const principal = await requirePrincipal(db, request)
    const { locale } = request.scope
    const result = await createOrder(
      db,
      principal,
      locale,
      { basketId: body.basket, termsAccepted: body.termsAndConditionsAccepted },
      orderSnapshotOf,
    )
    if (result.outcome === 'rolled-back') return rolledBackJson(result.state, result.notice)
    if (result.outcome === 'recurring') {
      // The basket had a recurrence: ICM stops the order creation with exit reason recurring.order and names
      // the recurring order (ADR 0020); 201 when this call set it up.
      reply.code(result.created ? 201 : 200)
      return recurringOrderCreatedJson(result.recurringOrder, includesOf(request))
    }
    if (result.outcome === 'requisition') {
      // The basket needed approval: ICM answers with the requisition it became (clients that ask for it
      // afterwards find it under the buyer's requisitions); 201 when this call submitted it.
      reply.code(result.created ? 201 : 200)
      const detail = await requisitionOf(db, result.order.order)
      return requisitionJson(detail, locale, includesOf(request), [
        {
          code: 'order.requisition.created.info',
          message: `The order needs approval and was submitted as requisition ${detail.order.requisitionNo}.`,
        },
      ])
    }
    reply.code(result.outcome === 'created' ? 201 : 200)
    return orderJson(result.order, locale, includesOf(request))
  })

  app.get('/rest/:site/orders', async (request) => {
    const principal = await requirePrincipal(db, request)
    const query = request.query as Record<string, unknown>
    const include = includesOf(request)
    const page = {
      limit: queryInt(query.limit ?? query['page[limit]'], 30, { min: 1, max: 100 }),
      offset: queryInt(query.offset ?? query['page[offset]'], 0, { min: 0, max: 1_000_000 }),
    }
    const list = await listOrders(db, principal, {
      ...page,
      allBuyers: query.allBuyers === 'true',
      buyer: buyerOf(query.buyer),
      statusCodes: queryList(query['filter[statusCode]'] ?? query.statusCode),
      withLines: include.has('lineItems'),
    })
    return ordersJson(list, page, request.scope.locale, include)
  })

  app.get('/rest/:site/orders/:id', async (request) => {
    const principal = await requirePrincipal(db, request)
    const order = await requireOrder(db, principal, (request.params as { id: string }).id)
    return orderJson(order, request.scope.locale, includesOf(request))
  })

  app.patch('/rest/:site/orders/:id', async (request) => {
    const { orderCreation } = parseInput(OrderUpdateRequest, request.body, 'order update')
    const principal = await requirePrincipal(db, request)
    const order = await continueOrder(
      db,
      principal,
      (request.params as { id: string }).id,
      orderCreation.redirect,
      {
        secret: await paymentSecret(db, ctx.payment.secret),
        pageBase: pageBase(ctx, request),
      },
    )
    return orderJson(order, request.scope.locale, includesOf(request))
  })

  app.post('/rest/:site/orders-csv', async (request, reply) => {
    const body = parseInput(CsvRequest, request.body, 'list of order ids')
    const ids = Array.isArray(body) ? body : body.ids
    if (new Set(ids).size !== ids.length)
      throw invalidError('request.invalid', 'An order id is listed twice.')
    const principal = await requirePrincipal(db, request)
    const orders = await ordersByIds(db, principal, ids)
    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${ids.length === 1 ? `order-${ids[0]}.csv` : 'orders.csv'}"`,
      )
    return ordersCsv(orders, request.scope.locale)
  })
}
