import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requirePrincipal } from '../auth'
import { addItems, basketJson, basketNotFound, createBasket, findBasket } from '../domain/basket'
import { parseInput, queryList } from '../http'
import type { RouteModule } from './context'

const ItemsRequest = z
  .array(
    z.object({
      product: z.string().min(1, 'product (a SKU) is required'),
      quantity: z.object({
        value: z.number().int('quantity must be a whole number').positive('quantity must be greater than 0'),
        unit: z.string().optional(),
      }),
      warranty: z.string().min(1, 'warranty (an id) must not be empty').optional(),
      shippingMethod: z.string().optional(),
    }),
  )
  .min(1, 'at least one item is required')
  .max(100, 'at most 100 items at once')

const includes = (request: FastifyRequest) =>
  new Set(queryList((request.query as Record<string, unknown>).include))

/** Baskets of the caller (anonymous or user token): create, read, add items. */
export const basketRoutes: RouteModule = (app, { db }) => {
  app.post('/rest/:site/baskets', async (request, reply) => {
    const principal = await requirePrincipal(db, request)
    const basket = await createBasket(db, principal, request.scope.currency)
    reply.code(201).header('location', `baskets/${basket.id}`)
    return basketJson(db, basket, request.scope.locale, includes(request))
  })

  app.get('/rest/:site/baskets/:id', async (request) => {
    const principal = await requirePrincipal(db, request)
    const basket = await findBasket(db, principal, (request.params as { id: string }).id)
    if (!basket) throw basketNotFound()
    return basketJson(db, basket, request.scope.locale, includes(request))
  })

  app.post('/rest/:site/baskets/:id/items', async (request, reply) => {
    const principal = await requirePrincipal(db, request)
    const items = parseInput(ItemsRequest, request.body, 'list of items')
    const basket = await findBasket(db, principal, (request.params as { id: string }).id)
    if (!basket) throw basketNotFound()
    const result = await addItems(
      db,
      basket,
      request.scope.locale,
      items.map((i) => ({ sku: i.product, quantity: i.quantity.value, warrantyId: i.warranty })),
    )
    reply.code(201)
    return result
  })
}
