/**
 * Quoting of a business user (`customers/{no}/users/{login}/quoterequests|quotes`, the Intershop PWA's
 * `quoting.service.ts`), and a quote put into a basket (`baskets/{id}/quotes`, spec commerce §7). Each call
 * needs the permission APP_B2B_MANAGE_OWN_QUOTES (ICM's Buyer role has it), on the user's own quotes only:
 * another customer's path is a 404 (authorization.ts), another user's login a 403, another user's quote a 404.
 * Quoting is B2B in ICM: a private customer's path (`privatecustomers/…`) has no quoting (ADR 0040).
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { principalOf, requireUser } from '../auth'
import { requireCaptcha } from '../captcha'
import type { AccessRule } from '../authorization'
import type { Db } from '../db/client'
import type { Currency } from '../domain/channel'
import { basketState, requireBasket, withApproval } from '../domain/basket'
import { forbiddenError } from '../domain/errors'
import { hasPermission } from '../domain/permissions'
import {
  acceptQuoteIntoBasket,
  addQuoteRequestItem,
  createQuoteRequest,
  deleteQuote,
  deleteQuoteRequest,
  deleteQuoteRequestItem,
  listQuoteRequests,
  listQuotes,
  QUOTE_CONTACT_LIMITS,
  QUOTE_LIMITS,
  recordQuoteContact,
  rejectQuote,
  removeQuoteFromBasket,
  requireQuote,
  requireQuoteRequest,
  requireQuoteRequestItem,
  submitQuoteRequest,
  updateQuoteRequest,
  updateQuoteRequestItem,
  type QuoteRequestSource,
} from '../domain/quotes'
import { basketJson } from '../icm/basket'
import {
  quoteJson,
  quoteListJson,
  quoteRequestItemJson,
  quoteRequestItemLink,
  quoteRequestItemsJson,
  quoteRequestJson,
  quoteRequestLink,
  quoteRequestListJson,
  type QuotingScope,
} from '../icm/quotes'
import { badRequest, parseInput, queryList } from '../http'
import { clientKey, RATE_LIMITED, tooManyRequests } from '../rate-limits'
import { includesOf } from './baskets'
import type { RouteModule } from './context'

export const QUOTING_PERMISSION = 'APP_B2B_MANAGE_OWN_QUOTES' as const

/** A business user on their own quotes ('-' or their login in the path), with the quoting permission. */
const ownQuotes: AccessRule = { customer: true, permission: QUOTING_PERMISSION }

const Quantity = z.object(
  {
    value: z
      .number({ invalid_type_error: 'quantity.value is a number' })
      .int('quantity.value is a whole number')
      .min(1, 'quantity.value is at least 1')
      .max(QUOTE_LIMITS.quantity, `quantity.value is at most ${QUOTE_LIMITS.quantity}`),
    unit: z.string().max(20).optional(),
  },
  { required_error: 'quantity is required' },
)

const Note = z.string().max(QUOTE_LIMITS.note, `note has at most ${QUOTE_LIMITS.note} characters`).nullable()

const RequestUpdate = z.object({
  displayName: z
    .string()
    .max(QUOTE_LIMITS.displayName, `displayName has at most ${QUOTE_LIMITS.displayName} characters`)
    .optional(),
  description: z
    .string()
    .max(QUOTE_LIMITS.description, `description has at most ${QUOTE_LIMITS.description} characters`)
    .nullable()
    .optional(),
})

const ItemAdd = z.object({
  productSKU: z
    .string({ required_error: 'productSKU is required' })
    .min(1, 'productSKU is required')
    .max(100),
  quantity: Quantity,
  note: Note.optional(),
})

const ItemUpdate = z
  .object({ quantity: Quantity.optional(), note: Note.optional() })
  .refine((body) => body.quantity !== undefined || body.note !== undefined, {
    message: 'quantity or note is required',
  })

const Submission = z.object({
  quoteRequestID: z.string({ required_error: 'quoteRequestID is required' }).min(1).max(100),
})

const Rejection = z.object({
  rejected: z.literal(true, { errorMap: () => ({ message: 'rejected must be true' }) }),
})

const BasketQuote = z.object({
  id: z.string({ required_error: 'id is required' }).min(1, 'id is required').max(100),
  calculated: z.boolean().optional(),
})

const text = (name: string, max: number) =>
  z
    .string({ required_error: `${name} is required`, invalid_type_error: `${name} is text` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} has at most ${max} characters`)
const optionalText = (name: string, max: number) =>
  z
    .string({ invalid_type_error: `${name} is text` })
    .trim()
    .max(max, `${name} has at most ${max} characters`)
    .nullable()
    .optional()

/** `POST quotecontact`: the free-text quote form without its captcha, which comes in the header (spec §7). */
const QuoteContact = z.object({
  description: text('description', QUOTE_CONTACT_LIMITS.description),
  quantity: z
    .number({ invalid_type_error: 'quantity is a number' })
    .int('quantity is a whole number')
    .min(1, 'quantity is at least 1')
    .max(QUOTE_CONTACT_LIMITS.quantity, `quantity is at most ${QUOTE_CONTACT_LIMITS.quantity}`)
    .nullable()
    .optional(),
  name: text('name', QUOTE_CONTACT_LIMITS.name),
  email: text('email', QUOTE_CONTACT_LIMITS.email).email('email is an e-mail address'),
  phone: optionalText('phone', QUOTE_CONTACT_LIMITS.phone).refine(
    (value) => !value || /^[0-9+()./\s-]{3,}$/.test(value),
    'phone has digits, spaces and + ( ) . / - only',
  ),
  company: optionalText('company', QUOTE_CONTACT_LIMITS.company),
})

/** The caller of a quoting route: a business user whose login (or '-') is the path's. */
async function quotingCaller(db: Db, request: FastifyRequest) {
  const user = await requireUser(db, request)
  const { login } = request.params as { login: string }
  if (login !== '-' && login.toLowerCase() !== user.login.toLowerCase())
    throw forbiddenError('authorization.forbidden', "Quotes are read through one's own user ('-').")
  return user
}

/** `?attrs=a,b` (or repeated) as a list; absent: Links without attributes. */
function attrsOf(request: FastifyRequest): string[] | undefined {
  const value = (request.query as Record<string, unknown>).attrs
  return value === undefined ? undefined : queryList(value)
}

/** One query parameter given at most once, as text. */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !value || value.length > 100)
    throw badRequest(`${name} is one id.`, [
      { code: 'request.invalid.field', message: `${name} is one id`, paths: [name] },
    ])
  return value
}

export const quoteRoutes: RouteModule = (app, { db, site }) => {
  const base = '/rest/:site/customers/:customerNo/users/:login'
  const scopeOf = (user: { customerNo: string; login: string }): QuotingScope => ({
    site,
    customerNo: user.customerNo,
    login: user.login,
  })

  app.get(`${base}/quoterequests`, { config: { access: ownQuotes } }, async (request) => {
    const user = await quotingCaller(db, request)
    return quoteRequestListJson(scopeOf(user), await listQuoteRequests(db, user), attrsOf(request))
  })

  app.post(`${base}/quoterequests`, { config: { access: ownQuotes } }, async (request, reply) => {
    const user = await quotingCaller(db, request)
    const query = request.query as Record<string, unknown>
    const quoteID = single(query, 'quoteID')
    const quoteRequestID = single(query, 'quoteRequestID')
    const basketID = single(query, 'basketID')
    if ([quoteID, quoteRequestID, basketID].filter(Boolean).length > 1)
      throw badRequest('Name at most one of quoteID, quoteRequestID and basketID.')
    const source: QuoteRequestSource = quoteID
      ? { from: 'quote', quoteId: quoteID }
      : quoteRequestID
        ? { from: 'quoteRequest', quoteRequestId: quoteRequestID }
        : basketID
          ? { from: 'basket', basket: await requireBasket(db, user, basketID) }
          : { from: 'empty' }
    const detail = await createQuoteRequest(db, user, {
      currency: request.scope.currency,
      locale: request.scope.locale,
      source,
    })
    reply.code(201)
    return quoteRequestLink(scopeOf(user), detail.request.id)
  })

  app.get(`${base}/quoterequests/:id`, { config: { access: ownQuotes } }, async (request) => {
    const user = await quotingCaller(db, request)
    const { id } = request.params as { id: string }
    return quoteRequestJson(scopeOf(user), await requireQuoteRequest(db, user, id))
  })

  app.put(`${base}/quoterequests/:id`, { config: { access: ownQuotes } }, async (request) => {
    const body = parseInput(RequestUpdate, request.body ?? {}, 'quote request update')
    const user = await quotingCaller(db, request)
    const { id } = request.params as { id: string }
    return quoteRequestJson(scopeOf(user), await updateQuoteRequest(db, user, id, body))
  })

  app.delete(`${base}/quoterequests/:id`, { config: { access: ownQuotes } }, async (request, reply) => {
    const user = await quotingCaller(db, request)
    await deleteQuoteRequest(db, user, (request.params as { id: string }).id)
    reply.code(204)
  })

  app.get(`${base}/quoterequests/:id/items`, { config: { access: ownQuotes } }, async (request) => {
    const user = await quotingCaller(db, request)
    const { id } = request.params as { id: string }
    return quoteRequestItemsJson(scopeOf(user), await requireQuoteRequest(db, user, id))
  })

  app.post(`${base}/quoterequests/:id/items`, { config: { access: ownQuotes } }, async (request, reply) => {
    const body = parseInput(ItemAdd, request.body, 'quote request item')
    const user = await quotingCaller(db, request)
    const { id } = request.params as { id: string }
    const { itemId } = await addQuoteRequestItem(db, user, id, {
      sku: body.productSKU,
      quantity: body.quantity.value,
      note: body.note,
    })
    reply.code(201)
    return quoteRequestItemLink(scopeOf(user), id, itemId)
  })

  app.get(`${base}/quoterequests/:id/items/:itemId`, { config: { access: ownQuotes } }, async (request) => {
    const user = await quotingCaller(db, request)
    const { id, itemId } = request.params as { id: string; itemId: string }
    const { request: quoteRequest, item } = await requireQuoteRequestItem(db, user, id, itemId)
    return quoteRequestItemJson(item, quoteRequest.currency as Currency)
  })

  app.put(`${base}/quoterequests/:id/items/:itemId`, { config: { access: ownQuotes } }, async (request) => {
    const body = parseInput(ItemUpdate, request.body, 'quote request item update')
    const user = await quotingCaller(db, request)
    const { id, itemId } = request.params as { id: string; itemId: string }
    const detail = await updateQuoteRequestItem(db, user, id, itemId, {
      quantity: body.quantity?.value,
      note: body.note,
    })
    return quoteRequestItemJson(
      detail.items.find((i) => i.id === itemId)!,
      detail.request.currency as Currency,
    )
  })

  app.delete(
    `${base}/quoterequests/:id/items/:itemId`,
    { config: { access: ownQuotes } },
    async (request, reply) => {
      const user = await quotingCaller(db, request)
      const { id, itemId } = request.params as { id: string; itemId: string }
      await deleteQuoteRequestItem(db, user, id, itemId)
      reply.code(204)
    },
  )

  // Submitting a request (the PWA's `submitQuoteRequest`): the shop answers it later with a quote.
  app.post(`${base}/quotes`, { config: { access: ownQuotes } }, async (request, reply) => {
    const body = parseInput(Submission, request.body, 'quote request submission')
    const user = await quotingCaller(db, request)
    const detail = await submitQuoteRequest(db, user, body.quoteRequestID, { locale: request.scope.locale })
    // After the commit: the demo's automatic answer runs as a job, never inside the submission (ADR 0040).
    await app.quoteResponder.requested(detail.request.id)
    reply.code(201)
    return quoteRequestLink(scopeOf(user), detail.request.id)
  })

  app.get(`${base}/quotes`, { config: { access: ownQuotes } }, async (request) => {
    const user = await quotingCaller(db, request)
    return quoteListJson(scopeOf(user), await listQuotes(db, user), attrsOf(request), new Date())
  })

  app.get(`${base}/quotes/:id`, { config: { access: ownQuotes } }, async (request) => {
    const user = await quotingCaller(db, request)
    return quoteJson(await requireQuote(db, user, (request.params as { id: string }).id), new Date())
  })

  app.put(`${base}/quotes/:id`, { config: { access: ownQuotes } }, async (request) => {
    parseInput(Rejection, request.body, 'quote update')
    const user = await quotingCaller(db, request)
    return quoteJson(await rejectQuote(db, user, (request.params as { id: string }).id), new Date())
  })

  app.delete(`${base}/quotes/:id`, { config: { access: ownQuotes } }, async (request, reply) => {
    const user = await quotingCaller(db, request)
    await deleteQuote(db, user, (request.params as { id: string }).id)
    reply.code(204)
  })

  /**
   * A free-text quote request (spec shell §7 `POST quotecontact`): anyone, with the API's captcha in the
   * Authorization header; bounded per client address; stored, and mailed to the shop with a copy to the sender.
   */
  app.post(
    '/rest/:site/quotecontact',
    { config: { access: 'public' }, bodyLimit: 16 * 1024 },
    async (request, reply) => {
      const body = parseInput(QuoteContact, request.body, 'quote contact')
      const wait = await app.limiters.quoteContacts.take(clientKey(request.ip))
      if (wait !== null)
        return tooManyRequests(
          reply,
          wait,
          RATE_LIMITED,
          'Too many quote requests from this address; try again later.',
        )
      await requireCaptcha(app, request)
      const principal = await principalOf(db, request)
      const contact = await recordQuoteContact(db, body, {
        locale: request.scope.locale,
        userId: principal && !principal.anonymous ? principal.userId : null,
      })
      return reply.code(201).header('cache-control', 'no-store').send({
        type: 'QuoteContact',
        id: contact.id,
        creationDate: contact.createdAt.getTime(),
      })
    },
  )

  /** The basket's user, a business user allowed to use their quotes, and the basket named in the path. */
  async function quotingBasket(request: FastifyRequest) {
    const user = await requireUser(db, request)
    if (user.customerType !== 'SMBCustomer' || !hasPermission(user, QUOTING_PERMISSION))
      throw forbiddenError('authorization.forbidden', `This call needs the permission ${QUOTING_PERMISSION}.`)
    const basket = await requireBasket(db, user, (request.params as { id: string }).id)
    return { user, basket }
  }

  app.post('/rest/:site/baskets/:id/quotes', { config: { access: 'user' } }, async (request) => {
    const body = parseInput(BasketQuote, request.body, 'basket quote')
    const { user, basket } = await quotingBasket(request)
    await acceptQuoteIntoBasket(db, user, basket, body.id)
    const state = await withApproval(db, await basketState(db, basket, request.scope.locale))
    return basketJson(state, includesOf(request))
  })

  app.delete('/rest/:site/baskets/:id/quotes/:quoteId', { config: { access: 'user' } }, async (request) => {
    const { user, basket } = await quotingBasket(request)
    await removeQuoteFromBasket(db, user, basket, (request.params as { quoteId: string }).quoteId)
    const state = await withApproval(db, await basketState(db, basket, request.scope.locale))
    return basketJson(state, includesOf(request))
  })
}
