/**
 * The operator's side of quoting (issue 36, ADR 0040), beside the orders of the back office (ADR 0026, same
 * token, gate and limits): submitted quote requests listed and read by their number, answered with a quote
 * (a price per line: given per product, or the list price less a discount; a validity; a comment) or
 * declined with a reason. Each answer is domain/quotes.ts's, which publishes it, so the buyer's mail commits
 * with it. `npm run quotes` (commerce-api/cli/quotes.ts) calls these.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Currency } from '../domain/channel'
import { multiply } from '../domain/money'
import {
  declineQuoteRequest,
  discounted,
  listSubmittedRequests,
  QUOTE_LIMITS,
  quoteState,
  requireQuote,
  requireSubmittedRequest,
  respondToQuoteRequest,
  type QuoteDetail,
  type SubmittedRequest,
} from '../domain/quotes'
import { money } from '../icm/money'
import { badRequest, parseInput, queryInt } from '../http'
import { BACKOFFICE_BODY_LIMIT, gate } from './backoffice'
import type { RouteModule } from './context'

const DAY = 86_400_000

/** A price as the operator writes it: a decimal amount of the request's currency, at most two decimals. */
const Price = z
  .number({ invalid_type_error: 'a price is a number' })
  .nonnegative('a price is not negative')
  .max(10_000_000, 'a price is at most 10000000')
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'a price has at most two decimals',
  )

const Answer = z
  .object({
    /** Prices of single lines, by product; the other lines get the list price less `discountPercent`. */
    lines: z
      .array(
        z
          .object({
            sku: z.string().min(1).max(100),
            price: Price,
            quantity: z.number().int().min(1).max(QUOTE_LIMITS.quantity).optional(),
          })
          .strict(),
      )
      .max(QUOTE_LIMITS.items)
      .optional(),
    discountPercent: z.number().min(0).max(99.99).optional(),
    validFrom: z.string().datetime({ offset: true }).optional(),
    /** The last day (yyyy-mm-dd, valid through its end in UTC) or an instant; else `validDays` from `validFrom`. */
    validUntil: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'validUntil is a date (yyyy-mm-dd) or an instant')
      .optional(),
    validDays: z.number().int().min(1).max(QUOTE_LIMITS.validityDays).optional(),
    sellerComment: z.string().max(QUOTE_LIMITS.sellerComment).optional(),
  })
  .strict()

const Decline = z.object({ reason: z.string().max(QUOTE_LIMITS.sellerComment).optional() }).strict()

function quoteSummaryJson({ quote, items }: QuoteDetail, now: Date) {
  const currency = quote.currency as Currency
  return {
    number: quote.number,
    id: quote.id,
    state: quoteState(quote, now),
    respondedBy: quote.respondedBy,
    validFrom: quote.validFrom.toISOString(),
    validTo: quote.validTo.toISOString(),
    ...(quote.sellerComment ? { sellerComment: quote.sellerComment } : {}),
    total: money(
      items.reduce((sum, i) => sum + multiply(i.singleNet, i.quantity), 0),
      currency,
    ),
    items: items.map((i) => ({
      position: i.position,
      sku: i.sku,
      quantity: i.quantity,
      price: money(i.singleNet, currency),
      listPrice: money(i.originSingleNet, currency),
    })),
  }
}

function requestJson(detail: SubmittedRequest, now: Date) {
  const { request, items, buyer, quote } = detail
  const currency = request.currency as Currency
  return {
    number: request.number,
    id: request.id,
    displayName: request.displayName,
    ...(request.description ? { description: request.description } : {}),
    customerNo: request.customerNo,
    buyer: { login: buyer.login, email: buyer.email, name: `${buyer.firstName} ${buyer.lastName}`.trim() },
    currency,
    submittedDate: request.submittedAt!.toISOString(),
    state: quote ? quoteState(quote, now) : 'submitted',
    items: items.map((i) => ({
      position: i.position,
      sku: i.sku,
      quantity: i.quantity,
      ...(i.note ? { note: i.note } : {}),
      listPrice: i.singleNet === null ? null : money(i.singleNet, currency),
    })),
  }
}

const numberOf = (request: FastifyRequest) => (request.params as { number: string }).number

/** The validity an answer asks for: from `validFrom` (default now) to the end of `validUntil`, or `validDays`. */
function validityOf(body: z.infer<typeof Answer>, now: Date) {
  const validFrom = body.validFrom ? new Date(body.validFrom) : now
  let validTo: Date
  if (body.validUntil) {
    validTo = /^\d{4}-\d{2}-\d{2}$/.test(body.validUntil)
      ? new Date(`${body.validUntil}T23:59:59.999Z`)
      : new Date(body.validUntil)
    if (Number.isNaN(validTo.getTime())) throw badRequest('validUntil is no date.')
  } else validTo = new Date(validFrom.getTime() + (body.validDays ?? 14) * DAY)
  return { validFrom, validTo }
}

export const backofficeQuoteRoutes =
  (token: string): RouteModule =>
  (app, { db }) => {
    const options = {
      config: { access: 'operator' as const },
      onRequest: gate(token),
      bodyLimit: BACKOFFICE_BODY_LIMIT * 4,
    }

    app.get('/backoffice/quoterequests', options, async (request) => {
      const query = request.query as Record<string, unknown>
      const page = {
        limit: queryInt(query.limit, 20, { min: 1, max: 100 }),
        offset: queryInt(query.offset, 0, { min: 0, max: 1_000_000 }),
      }
      if (query.all !== undefined && query.all !== 'true' && query.all !== 'false')
        throw badRequest('all is true or false.')
      const list = await listSubmittedRequests(db, { all: query.all === 'true', ...page })
      const now = new Date()
      return { quoteRequests: list.map((detail) => requestJson(detail, now)), ...page }
    })

    app.get('/backoffice/quoterequests/:number', options, async (request) => {
      const detail = await requireSubmittedRequest(db, numberOf(request))
      const now = new Date()
      return {
        ...requestJson(detail, now),
        ...(detail.quote ? { quote: quoteSummaryJson(await quoteOf(detail), now) } : {}),
      }
    })

    /** The quote of an answered request, read whole. */
    const quoteOf = (detail: SubmittedRequest): Promise<QuoteDetail> =>
      requireQuote(
        db,
        { userId: detail.request.userId, customerNo: detail.request.customerNo },
        detail.quote!.id,
      )

    app.post('/backoffice/quoterequests/:number/quote', options, async (request, reply) => {
      const body = parseInput(Answer, request.body ?? {}, 'quote')
      const now = new Date()
      const detail = await requireSubmittedRequest(db, numberOf(request))
      const given = new Map((body.lines ?? []).map((line) => [line.sku, line]))
      const unknown = [...given.keys()].filter((sku) => !detail.items.some((i) => i.sku === sku))
      if (unknown.length) throw badRequest(`Not on the request: ${unknown.join(', ')}.`)
      const lines = detail.items.flatMap((item) => {
        const line = given.get(item.sku)
        if (line)
          return [{ itemId: item.id, singleNet: Math.round(line.price * 100), quantity: line.quantity }]
        // A line without a price of its own and without a list price gets none: the domain refuses the answer.
        if (item.singleNet === null) return []
        return [{ itemId: item.id, singleNet: discounted(item.singleNet, body.discountPercent ?? 0) }]
      })
      const quote = await respondToQuoteRequest(db, detail.request.id, {
        lines,
        ...validityOf(body, now),
        sellerComment: body.sellerComment,
        respondedBy: 'operator',
      })
      reply.code(201)
      return { ...requestJson({ ...detail, quote: quote.quote }, now), quote: quoteSummaryJson(quote, now) }
    })

    app.post('/backoffice/quoterequests/:number/rejection', options, async (request, reply) => {
      const body = parseInput(Decline, request.body ?? {}, 'rejection')
      const now = new Date()
      const detail = await requireSubmittedRequest(db, numberOf(request))
      const quote = await declineQuoteRequest(db, detail.request.id, { reason: body.reason, now })
      reply.code(201)
      return { ...requestJson({ ...detail, quote: quote.quote }, now), quote: quoteSummaryJson(quote, now) }
    })
  }
