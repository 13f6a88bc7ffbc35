import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requirePrincipal } from '../auth'
import { recalculateBasket } from '../domain/basket-currency'
import { addItems, basketJson, basketNotFound, createBasket, findBasket } from '../domain/basket'
import {
  addPromotionCode,
  deleteItem,
  removePromotionCode,
  updateBasket,
  updateItem,
} from '../domain/basket-edits'
import { parseInput, queryList } from '../http'
import { clientKey, RATE_LIMITED, tooManyRequests } from '../rate-limits'
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
      /** The id of the line this item is a mandatory selection or accessory of (ADR 0011). */
      mandatorySelectionItemOf: z
        .string()
        .min(1, 'mandatorySelectionItemOf (a line item id) must not be empty')
        .max(100, 'mandatorySelectionItemOf has at most 100 characters')
        .optional(),
    }),
  )
  .min(1, 'at least one item is required')
  .max(100, 'at most 100 items at once')

const ItemUpdateRequest = z
  .object({
    quantity: z
      .object({
        value: z.number().int('quantity must be a whole number').min(0, 'quantity must not be negative'),
        unit: z.string().optional(),
      })
      .optional(),
    desiredDelivery: z.string().max(40).nullable().optional(),
  })
  .refine((body) => body.quantity !== undefined || body.desiredDelivery !== undefined, {
    message: 'quantity or desiredDelivery is required',
  })

const reference = (field: string) =>
  z.string().min(1, `${field} must not be empty`).max(200, `${field} has at most 200 characters`).optional()

const BasketUpdateRequest = z
  .object({
    messageToMerchant: z
      .string()
      .max(1000, 'messageToMerchant has at most 1000 characters')
      .nullable()
      .optional(),
    externalOrderReference: z
      .string()
      .max(100, 'externalOrderReference has at most 100 characters')
      .nullable()
      .optional(),
    invoiceToAddress: reference('invoiceToAddress'),
    commonShipToAddress: reference('commonShipToAddress'),
    commonShippingMethod: reference('commonShippingMethod'),
    /** `true`: recalculate the basket in the call's currency (spec §4). */
    calculated: z.literal(true).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message:
      'one of messageToMerchant, externalOrderReference, invoiceToAddress, commonShipToAddress, commonShippingMethod or calculated is required',
  })

const PromotionCodeRequest = z.object({ code: z.string().min(1, 'code is required').max(100) })

const includes = (request: FastifyRequest) =>
  new Set(queryList((request.query as Record<string, unknown>).include))

/** Baskets of the caller (anonymous or user token): create, read, change, add and change items, promotion codes. */
export const basketRoutes: RouteModule = (app, { db }) => {
  app.post('/rest/:site/baskets', async (request, reply) => {
    const principal = await requirePrincipal(db, request)
    // Creating baskets is limited per owner and per client address, so that no caller fills the database.
    const wait =
      (await app.limiters.basketsPerSubject.take(principal.subject)) ??
      (await app.limiters.basketsPerIp.take(clientKey(request.ip)))
    if (wait !== null)
      return tooManyRequests(
        reply,
        wait,
        RATE_LIMITED,
        'Too many baskets created. Please wait before trying again.',
      )
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

  /** The caller's basket named in the URL, or a 404 in ICM's shape. */
  const basketOf = async (request: FastifyRequest) => {
    const principal = await requirePrincipal(db, request)
    const basket = await findBasket(db, principal, (request.params as { id: string }).id)
    if (!basket) throw basketNotFound()
    return basket
  }

  app.patch('/rest/:site/baskets/:id', async (request) => {
    const update = parseInput(BasketUpdateRequest, request.body, 'basket update')
    const principal = await requirePrincipal(db, request)
    const basket = await findBasket(db, principal, (request.params as { id: string }).id)
    if (!basket) throw basketNotFound()
    const { calculated, ...fields } = update
    const recalculated = calculated
      ? await recalculateBasket(db, basket, request.scope.currency)
      : { basket, infos: [] }
    const updated = Object.values(fields).some((value) => value !== undefined)
      ? await updateBasket(db, recalculated.basket, fields, principal)
      : recalculated.basket
    return basketJson(db, updated, request.scope.locale, includes(request), recalculated.infos)
  })

  app.patch('/rest/:site/baskets/:id/items/:itemId', async (request) => {
    const body = parseInput(ItemUpdateRequest, request.body, 'line item update')
    const basket = await basketOf(request)
    const itemId = (request.params as { itemId: string }).itemId
    const result = await updateItem(db, basket, itemId, {
      quantity: body.quantity?.value,
      desiredDelivery: body.desiredDelivery,
    })
    if (result.deleted) {
      return {
        infos: [
          {
            code: 'basket.line_item.deletion.info',
            message: 'The line item was removed from the basket.',
            causes: [],
          },
        ],
      }
    }
    const json = await basketJson(db, basket, request.scope.locale, new Set(['lineItems']))
    return { data: json.included?.lineItems?.[itemId], infos: [], errors: [] }
  })

  app.delete('/rest/:site/baskets/:id/items/:itemId', async (request, reply) => {
    const basket = await basketOf(request)
    await deleteItem(db, basket, (request.params as { itemId: string }).itemId)
    reply.code(204)
  })

  app.post('/rest/:site/baskets/:id/promotioncodes', async (request) => {
    const { code } = parseInput(PromotionCodeRequest, request.body, 'promotion code')
    const basket = await basketOf(request)
    await addPromotionCode(db, basket, code)
    return basketJson(db, basket, request.scope.locale, includes(request))
  })

  app.delete('/rest/:site/baskets/:id/promotioncodes/:code', async (request, reply) => {
    const basket = await basketOf(request)
    // The router has decoded the code already.
    await removePromotionCode(db, basket, (request.params as { code: string }).code)
    reply.code(204)
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
      items.map((i) => ({
        sku: i.product,
        quantity: i.quantity.value,
        warrantyId: i.warranty,
        mandatorySelectionItemOf: i.mandatorySelectionItemOf,
      })),
    )
    reply.code(201)
    return result
  })
}
