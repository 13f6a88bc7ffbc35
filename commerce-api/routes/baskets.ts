import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requirePrincipal } from '../auth'
import type { Db } from '../db/client'
import { addItems, basketState, createBasket, requireBasket, withApproval } from '../domain/basket'
import { recalculateBasket } from '../domain/basket-currency'
import {
  addPromotionCode,
  deleteItem,
  removePromotionCode,
  updateBasket,
  updateItem,
} from '../domain/basket-edits'
import { dayOfInput, INTERVAL_PATTERN, MAX_REPETITIONS } from '../domain/recurrence'
import { userBaskets } from '../domain/user-baskets'
import { addItemsJson, basketJson, lineItemJson } from '../icm/basket'
import { userBasketsJson } from '../icm/user-baskets'
import { parseInput, queryList } from '../http'
import { clientKey, RATE_LIMITED, tooManyRequests } from '../rate-limits'
import type { RouteModule } from './context'

/** The caller and their basket named in the URL (`:id`, or `current`); anyone else's is a 404 in ICM's shape. */
export async function basketOf(db: Db, request: FastifyRequest) {
  const principal = await requirePrincipal(db, request)
  const basket = await requireBasket(db, principal, (request.params as { id: string }).id)
  return { principal, basket }
}

/** The `include` query parameter as a set (`include=lineItems,payments` or repeated). */
export const includesOf = (request: FastifyRequest) =>
  new Set(queryList((request.query as Record<string, unknown>).include))

/** ICM's custom fields of a line item (spec §3: name, value, type String). */
const CustomFields = z
  .array(
    z.object({
      name: z.string().min(1, 'a custom field needs a name').max(100),
      value: z.string().max(1000),
      type: z.string().max(50).default('String'),
    }),
  )
  .max(20, 'at most 20 custom fields')

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
      customFields: CustomFields.optional(),
    }),
  )
  .min(1, 'at least one item is required')
  .max(100, 'at most 100 items at once')

/** `?adjustmentsAllowed=true`: fit quantities to the rules and add what can be added (quick order). */
const AddItemsQuery = z.object({
  adjustmentsAllowed: z
    .enum(['true', 'false'], { errorMap: () => ({ message: 'adjustmentsAllowed is true or false' }) })
    .optional(),
})

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

/** A day as clients send it: yyyy-mm-dd, or an ISO 8601 date-time whose date part is the day (recurrence.ts). */
const day = (field: string) =>
  z
    .string({ invalid_type_error: `recurrence.${field} is a date (yyyy-mm-dd)` })
    .max(40, `recurrence.${field} is a date (yyyy-mm-dd)`)
    .refine((value) => dayOfInput(value) !== undefined, `recurrence.${field} is a date (yyyy-mm-dd)`)
    .transform((value) => dayOfInput(value)!)

/**
 * ICM's `recurrence` (PWA `Recurrence`): its form here (400), its rules in the domain (422). The PWA sends the
 * end it does not use as null.
 */
const RecurrenceRequest = z
  .object({
    interval: z
      .string({ required_error: 'recurrence.interval is required' })
      .max(10, 'recurrence.interval is too long')
      .regex(
        INTERVAL_PATTERN,
        'recurrence.interval is a number of days, weeks, months or years in ISO 8601 (P1D, P2W, P1M, P1Y)',
      ),
    startDate: day('startDate'),
    endDate: day('endDate').nullable().optional(),
    repetitions: z
      .number({ invalid_type_error: 'recurrence.repetitions is a whole number' })
      .int('recurrence.repetitions is a whole number')
      .min(1, 'recurrence.repetitions is at least 1')
      .max(MAX_REPETITIONS, `recurrence.repetitions is at most ${MAX_REPETITIONS}`)
      .nullable()
      .optional(),
  })
  .refine((recurrence) => !(recurrence.endDate && recurrence.repetitions), {
    message: 'recurrence ends with an endDate or after a number of repetitions, not both',
    path: ['endDate'],
  })

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
    /** The costCenterId of one of the business user's cost centers; null or '' removes it. */
    costCenter: z.string().max(100, 'costCenter has at most 100 characters').nullable().optional(),
    /** `true`: recalculate the basket in the call's currency (spec §4). */
    calculated: z.literal(true).optional(),
    /** A logged-in user's basket ordered again and again (ADR 0020); null removes it. */
    recurrence: RecurrenceRequest.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message:
      'one of messageToMerchant, externalOrderReference, invoiceToAddress, commonShipToAddress, commonShippingMethod, costCenter, recurrence or calculated is required',
  })

const PromotionCodeRequest = z.object({ code: z.string().min(1, 'code is required').max(100) })

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
    return basketJson(
      await withApproval(db, await basketState(db, basket, request.scope.locale)),
      includesOf(request),
    )
  })

  // The caller's baskets, newest first (ICM `GET baskets`): how a client finds a saved basket after login.
  app.get('/rest/:site/baskets', { config: { access: 'token' } }, async (request) => {
    const principal = await requirePrincipal(db, request)
    return userBasketsJson(await userBaskets(db, principal, request.scope.locale))
  })

  app.get('/rest/:site/baskets/:id', async (request) => {
    const { basket } = await basketOf(db, request)
    return basketJson(
      await withApproval(db, await basketState(db, basket, request.scope.locale)),
      includesOf(request),
    )
  })

  app.patch('/rest/:site/baskets/:id', async (request) => {
    const update = parseInput(BasketUpdateRequest, request.body, 'basket update')
    const { principal, basket } = await basketOf(db, request)
    const { calculated, ...fields } = update
    const recalculated = calculated
      ? await recalculateBasket(db, basket, request.scope.currency)
      : { basket, infos: [] }
    const updated = Object.values(fields).some((value) => value !== undefined)
      ? await updateBasket(db, recalculated.basket, fields, principal)
      : recalculated.basket
    const state = await withApproval(db, await basketState(db, updated, request.scope.locale))
    return basketJson(state, includesOf(request), recalculated.infos)
  })

  app.patch('/rest/:site/baskets/:id/items/:itemId', async (request) => {
    const body = parseInput(ItemUpdateRequest, request.body, 'line item update')
    const { basket } = await basketOf(db, request)
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
    const state = await basketState(db, basket, request.scope.locale)
    const line = state.priced.find((l) => l.row.id === itemId)
    return { data: line && lineItemJson(state, line), infos: [], errors: [] }
  })

  app.delete('/rest/:site/baskets/:id/items/:itemId', async (request, reply) => {
    const { basket } = await basketOf(db, request)
    await deleteItem(db, basket, (request.params as { itemId: string }).itemId)
    reply.code(204)
  })

  app.post('/rest/:site/baskets/:id/promotioncodes', async (request) => {
    const { code } = parseInput(PromotionCodeRequest, request.body, 'promotion code')
    const { basket } = await basketOf(db, request)
    await addPromotionCode(db, basket, code)
    return basketJson(
      await withApproval(db, await basketState(db, basket, request.scope.locale)),
      includesOf(request),
    )
  })

  app.delete('/rest/:site/baskets/:id/promotioncodes/:code', async (request, reply) => {
    const { basket } = await basketOf(db, request)
    // The router has decoded the code already.
    await removePromotionCode(db, basket, (request.params as { code: string }).code)
    reply.code(204)
  })

  /**
   * Adds items (201). With `?adjustmentsAllowed=true` quantities are fitted to the rules (each fit an info)
   * and items that cannot be added are named in `errors` while the rest are added (207, as ICM answers a
   * partly successful add).
   */
  app.post('/rest/:site/baskets/:id/items', async (request, reply) => {
    const principal = await requirePrincipal(db, request)
    const items = parseInput(ItemsRequest, request.body, 'list of items')
    const query = parseInput(AddItemsQuery, request.query ?? {}, 'query')
    const basket = await requireBasket(db, principal, (request.params as { id: string }).id)
    const result = await addItems(
      db,
      basket,
      request.scope.locale,
      items.map((i) => ({
        sku: i.product,
        quantity: i.quantity.value,
        warrantyId: i.warranty,
        mandatorySelectionItemOf: i.mandatorySelectionItemOf,
        customFields: i.customFields,
      })),
      { adjustmentsAllowed: query.adjustmentsAllowed === 'true' },
    )
    reply.code(result.refused.length ? 207 : 201)
    return addItemsJson(result)
  })
}
