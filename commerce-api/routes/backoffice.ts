/**
 * The back office of the shop's operator (ADR 0026; ARCHITECTURE "Operating the shop"): orders listed across
 * all customers, read by their order number, and moved: shipped (all, or some lines by position) with carrier
 * and tracking number, processed, delivered, cancelled. Each move is domain/fulfilment.ts's, which publishes
 * it, so the customer's mail commits with it. `npm run orders` (commerce-api/cli/orders.ts) calls these.
 *
 * Not an ICM resource: its own prefix `/backoffice`, never forwarded by the storefront, registered only when
 * BACKOFFICE_TOKEN is set (otherwise every path of it is a 404, like any unknown path). Callers send the token
 * as `Authorization: Bearer …`; it is checked before the body is read, in constant time. Bodies are JSON of at
 * most 4 KiB (415 and 413 otherwise); malformed input is a 400, an unknown order a 404, a move the order's
 * status does not allow a 409, lines the order does not have a 422.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { hasOperatorToken } from '../authorization'
import { localize, type Currency } from '../domain/channel'
import {
  cancelOrder,
  deliverOrder,
  fulfilmentView,
  listFulfilmentOrders,
  MAX_CARRIER_LENGTH,
  MAX_TRACKING_NUMBER_LENGTH,
  ORDER_STATUS_CODES,
  processOrder,
  shipOrder,
  TRACKING_NUMBER,
  type FulfilmentView,
} from '../domain/fulfilment'
import type { OrderRow } from '../domain/order-types'
import { money } from '../icm/money'
import { statusName } from '../icm/orders'
import { ApiError, badRequest, parseInput, queryInt, queryList } from '../http'
import type { RouteModule } from './context'

/** The largest body the back office reads. */
export const BACKOFFICE_BODY_LIMIT = 4096

const ShipmentRequest = z
  .object({
    carrier: z
      .string({ required_error: 'carrier is required' })
      .trim()
      .min(1, 'carrier is required')
      .max(MAX_CARRIER_LENGTH, `carrier has at most ${MAX_CARRIER_LENGTH} characters`),
    trackingNumber: z
      .string({ required_error: 'trackingNumber is required' })
      .trim()
      .min(1, 'trackingNumber is required')
      .max(MAX_TRACKING_NUMBER_LENGTH, `trackingNumber has at most ${MAX_TRACKING_NUMBER_LENGTH} characters`)
      .regex(TRACKING_NUMBER, 'trackingNumber has letters, digits, spaces, dots, slashes and hyphens only'),
    /** Positions of the lines in the parcel; none: every line not shipped yet. */
    lines: z
      .array(z.number().int('a line is its position, a whole number').min(1).max(100_000))
      .min(1, 'lines, when given, names at least one position')
      .max(1000)
      .optional(),
  })
  .strict()

/** A move without parameters takes no body, or an empty JSON object. */
const NoParameters = z.object({}).strict().optional()

const amount = (minor: number | null, currency: string) =>
  minor === null ? undefined : money(minor, currency as Currency)

/** An order as the list shows it. */
function orderSummaryJson(order: OrderRow) {
  return {
    documentNumber: order.documentNumber,
    id: order.id,
    creationDate: order.createdAt.toISOString(),
    statusCode: order.statusCode,
    status: statusName(order.statusCode),
    customerNo: order.customerNo ?? undefined,
    email: order.email ?? undefined,
    total: {
      gross: amount(order.grandTotalGross, order.currency),
      net: amount(order.grandTotalNet, order.currency),
    },
    trackingLinks: order.trackingLinks,
  }
}

/** An order with its lines (position, SKU, name, quantity, fulfilment status) and parcels. */
export function orderDetailJson({ order, lines, shipments }: FulfilmentView) {
  const position = new Map(lines.map((line) => [line.id, line.position]))
  const partly = order.statusCode === 'INPROGRESS' && lines.some((line) => line.fulfillmentStatus !== 'NEW')
  return {
    ...orderSummaryJson(order),
    ...(partly ? { status: 'Partly shipped' } : {}),
    statusChangedAt: order.statusChangedAt?.toISOString(),
    lines: lines.map((line) => ({
      position: line.position,
      sku: line.sku,
      name: localize(line.names, 'en_US'),
      quantity: line.quantity,
      fulfillmentStatus: line.fulfillmentStatus,
    })),
    shipments: shipments.map((shipment) => ({
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl ?? undefined,
      lines: shipment.lineIds.flatMap((id) => position.get(id) ?? []),
      shippedAt: shipment.shippedAt.toISOString(),
    })),
  }
}

/** The statuses a list asks for: known status codes only (comma-separated or repeated `status`). */
function statusesOf(value: unknown): string[] {
  const asked = queryList(value).map((code) => code.toUpperCase())
  const unknown = asked.filter((code) => !(ORDER_STATUS_CODES as readonly string[]).includes(code))
  if (unknown.length)
    throw badRequest(`Unknown status ${unknown.join(', ')}; known: ${ORDER_STATUS_CODES.join(', ')}.`)
  return asked
}

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined

/**
 * Before anything is read: the operator's token (401 otherwise), then a body's type (415 unless JSON). The
 * access rule `operator` checks the token once more with every other rule (authorization.ts).
 */
export function gate(token: string) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!hasOperatorToken(request, token))
      throw new ApiError(
        401,
        'backoffice.token.invalid',
        'The back office needs the operator token (BACKOFFICE_TOKEN) as Authorization: Bearer.',
      )
    const type = request.headers['content-type'] ?? ''
    if (hasBody(request) && !/^application\/json\s*(;|$)/i.test(type))
      throw new ApiError(415, 'request.unsupported_media_type', 'The back office reads JSON bodies only.')
  }
}

const numberOf = (request: FastifyRequest) => (request.params as { documentNo: string }).documentNo

/** The back-office routes, for the operator holding `token`. */
export const backofficeRoutes =
  (token: string): RouteModule =>
  (app, { db }) => {
    const config = { access: 'operator' as const }
    const options = { config, onRequest: gate(token), bodyLimit: BACKOFFICE_BODY_LIMIT }

    app.get('/backoffice/orders', options, async (request) => {
      const query = request.query as Record<string, unknown>
      const page = {
        limit: queryInt(query.limit, 20, { min: 1, max: 100 }),
        offset: queryInt(query.offset, 0, { min: 0, max: 1_000_000 }),
      }
      const list = await listFulfilmentOrders(db, { statusCodes: statusesOf(query.status), ...page })
      return { orders: list.orders.map(orderSummaryJson), total: list.total, ...page }
    })

    app.get('/backoffice/orders/:documentNo', options, async (request) =>
      orderDetailJson(await fulfilmentView(db, numberOf(request))),
    )

    app.post('/backoffice/orders/:documentNo/shipments', options, async (request, reply) => {
      const body = parseInput(ShipmentRequest, request.body ?? {}, 'shipment')
      const view = await shipOrder(db, numberOf(request), {
        carrier: body.carrier,
        trackingNumber: body.trackingNumber,
        positions: body.lines,
      })
      reply.code(201)
      return orderDetailJson(view)
    })

    const moves = { processing: processOrder, delivery: deliverOrder, cancellation: cancelOrder }
    for (const [path, move] of Object.entries(moves))
      app.post(`/backoffice/orders/:documentNo/${path}`, options, async (request) => {
        parseInput(NoParameters, request.body ?? undefined, `${path} request`)
        return orderDetailJson(await move(db, numberOf(request)))
      })
  }
