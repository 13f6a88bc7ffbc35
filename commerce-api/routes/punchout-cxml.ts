import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { LOCALES, isLocale, type Locale } from '../domain/channel'
import { DomainError } from '../domain/errors'
import { placePunchoutOrderFor, type PunchoutOrderAddress } from '../domain/punchout-orders'
import { openCxmlSessionFor, type OpenedSession } from '../domain/punchout-sessions'
import { authenticatePunchoutUser } from '../domain/punchout-users'
import { findLoginAccount } from '../domain/tokens'
import type { UserRow } from '../domain/users'
import { ApiError } from '../http'
import { icmErrorOf, isDomainError } from '../icm/errors'
import { orderSnapshotOf } from '../icm/orders'
import { mailSettings, storefrontPage } from '../mail/settings'
import {
  CXML_STATUS,
  cxmlStamp,
  cxmlStatusOf,
  readOrderRequest,
  readPunchOutSetupRequest,
  writeCxmlStatusResponse,
  writePunchOutSetupResponse,
  type CxmlAddress,
  type CxmlCredential,
  type CxmlStatus,
} from '../punchout/cxml'
import { PUNCHOUT_LIMITS, PunchoutFormatError } from '../punchout/format-common'
import { clientKey, TOO_MANY_ATTEMPTS } from '../rate-limits'
import type { RouteModule } from './context'

/**
 * The cXML 1.2 documents a procurement system posts server to server (issue 34, ADR 0033): the
 * PunchOutSetupRequest (`…/cxml1.2/setuprequest`, answered with a one-time start URL into the storefront) and
 * the OrderRequest (`…/cxml1.2/orderrequest`, answered with the order's number). No bearer token: the
 * Sender's Credential (Identity and SharedSecret) is a cXML punchout user's login and password, throttled
 * like the shop's logins. Every answer, refusals included, is a cXML Response with its Status; the HTTP
 * status mirrors it (ADR 0033 has the table).
 */
export const punchoutCxmlRoutes: RouteModule = (app, { db }) => {
  const punchouts = '/rest/:site/customers/:customerNo/punchouts/cxml1.2'
  // The XML body parser exists for these routes only: any other route keeps refusing XML with 415.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      XML_TYPES,
      { parseAs: 'string', bodyLimit: PUNCHOUT_LIMITS.maxDocumentBytes },
      (_request, body, done) => done(null, body),
    )
    const options = { config: { access: 'public' as const }, errorHandler: cxmlErrorHandler }

    scope.post(`${punchouts}/setuprequest`, options, async (request, reply) => {
      const setup = readPunchOutSetupRequest(xmlBody(request))
      const user = await senderOf(app, db, request, reply, setup.header.sender)
      const opened = await openCxmlSessionFor(
        db,
        user,
        {
          operation: setup.operation,
          deploymentMode: setup.deploymentMode,
          buyerCookie: setup.buyerCookie,
          browserFormPostUrl: setup.browserFormPostUrl,
          ...(setup.header.from[0]
            ? { from: { domain: setup.header.from[0].domain, identity: setup.header.from[0].identity } }
            : {}),
          extrinsics: Object.fromEntries(
            setup.extrinsics.filter((e) => e.name).map((e) => [e.name, e.value] as const),
          ),
          ...(setup.contacts[0]
            ? { contact: { name: setup.contacts[0].name, email: setup.contacts[0].email ?? undefined } }
            : {}),
          ...(setup.selectedItem ? { selectedItem: setup.selectedItem.supplierPartId } : {}),
          items: setup.items.map((item) => ({
            sku: item.supplierPartId,
            quantity: item.quantity,
            ...(item.supplierPartAuxiliaryId ? { lineId: item.supplierPartAuxiliaryId } : {}),
          })),
        },
        { currency: request.scope.currency, locale: localeOf(setup.lang, user) },
      )
      const xml = writePunchOutSetupResponse(
        startPageUrl(opened, localeOf(setup.lang, user)),
        stampNow(),
        reloadNote(opened),
      )
      return reply.code(200).type(XML_ANSWER).send(xml)
    })

    scope.post(`${punchouts}/orderrequest`, options, async (request, reply) => {
      const order = readOrderRequest(xmlBody(request))
      const user = await senderOf(app, db, request, reply, order.header.sender)
      if (order.type !== 'new')
        throw new PunchoutFormatError(
          'punchout.format.unsupported',
          `OrderRequest type "${order.type}": the shop takes new orders only.`,
        )
      const billTo = orderAddressOf(order.billTo, 'BillTo')
      const placed = await placePunchoutOrderFor(
        db,
        user,
        {
          orderId: order.orderId,
          ...(order.supplierOrderId ? { basketId: order.supplierOrderId } : {}),
          total: order.total,
          billTo,
          shipTo: order.shipTo ? orderAddressOf(order.shipTo, 'ShipTo') : billTo,
          items: order.items.map((item) => ({
            sku: item.supplierPartId,
            quantity: item.quantity,
            unitPrice: item.unitPrice,
            ...(item.supplierPartAuxiliaryId ? { lineId: item.supplierPartAuxiliaryId } : {}),
          })),
          ...(order.comments ? { comments: order.comments } : {}),
        },
        localeOf(order.lang, user),
        orderSnapshotOf,
      )
      // An order that needs approval is accepted, not yet placed: 201 with the requisition's number.
      const { order: row } = placed.order
      const status =
        placed.outcome === 'requisition'
          ? { ...CXML_STATUS.accepted, message: row.requisitionNo ?? '' }
          : { ...CXML_STATUS.ok, message: row.documentNumber ?? '' }
      return reply.code(200).type(XML_ANSWER).send(writeCxmlStatusResponse(status, stampNow()))
    })
  })
}

const XML_TYPES = ['text/xml', 'application/xml']
const XML_ANSWER = 'text/xml; charset=utf-8'

/** The request's XML text; a body of another media type is refused with 415. */
function xmlBody(request: FastifyRequest): string {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (!XML_TYPES.includes(type))
    throw new ApiError(
      415,
      'request.unsupported_media_type',
      'A cXML document is posted as text/xml or application/xml.',
    )
  return typeof request.body === 'string' ? request.body : ''
}

const loginRefused = () =>
  new DomainError(
    'unauthenticated',
    'punchout.login.invalid',
    'The punchout login or its password (shared secret) is not correct.',
  )

/**
 * The cXML punchout user the Sender's first Credential names, of the path's customer ('-': whichever), under
 * the shop's login throttle: its failures count for the account as failed logins do, and a throttled or
 * locked account is refused before its secret is checked (429 with Retry-After).
 */
async function senderOf(
  app: FastifyInstance,
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  sender: CxmlCredential[],
): Promise<UserRow> {
  const identity = sender[0]?.identity ?? ''
  const secret = sender[0]?.sharedSecret ?? ''
  const account = await findLoginAccount(db, identity)
  const outcome = await app.limiters.login.attempt(
    account.key,
    clientKey(request.ip),
    undefined,
    async () => {
      try {
        const user = await authenticatePunchoutUser(db, 'cxml1.2', identity, secret)
        return { passwordMatched: true, result: user }
      } catch (error) {
        if (error instanceof DomainError && error.code === 'punchout.login.invalid')
          return { passwordMatched: false, result: null }
        throw error
      }
    },
  )
  if (outcome.kind === 'throttled') {
    reply.header('retry-after', String(outcome.retryAfterSeconds))
    throw new ApiError(
      429,
      TOO_MANY_ATTEMPTS,
      'Too many failed logins of this punchout user. Please wait before trying again.',
    )
  }
  if (outcome.kind === 'challenge_required' || outcome.kind === 'challenge_incorrect')
    throw new ApiError(
      401,
      'account.login.challenge.required',
      'This punchout user was locked after too many failed logins: log in to the shop once directly to unlock it.',
    )
  const user = outcome.result
  const { customerNo } = request.params as { customerNo: string }
  if (!user || (customerNo !== '-' && customerNo !== user.customerNo)) throw loginRefused()
  return user
}

/** The document's xml:lang when the shop speaks it (by language and country, else by language alone). */
function localeOf(lang: string | null, user: UserRow): Locale {
  const tag = (lang ?? '').replace('_', '-').toLowerCase()
  const spoken =
    LOCALES.find((locale) => locale.replace('_', '-').toLowerCase() === tag) ??
    LOCALES.find((locale) => tag.length >= 2 && locale.slice(0, 2) === tag.slice(0, 2))
  if (spoken) return spoken
  return isLocale(user.preferredLanguage) ? user.preferredLanguage : 'en_US'
}

/** `{STOREFRONT_URL}/{lang}/punchout?sid=…&access-token=…[&sku=…]`: the storefront's cXML entry. */
function startPageUrl(opened: OpenedSession, locale: Locale): string {
  const url = storefrontPage(locale, 'punchout')
  url.searchParams.set('sid', opened.session.id)
  url.searchParams.set('access-token', opened.accessToken)
  if (opened.session.details.selectedItem) url.searchParams.set('sku', opened.session.details.selectedItem)
  return url.toString()
}

/** What became of an edit's ItemOut lines that did not go into the basket as sent (the Status's text). */
function reloadNote({ refused, adjusted }: OpenedSession): string | null {
  const notes = [
    ...refused.map((cause) => `${cause.paths.join(', ')}: ${cause.message}`),
    ...adjusted.map((a) => `[${a.index}]: quantity ${a.requested} became ${a.added}`),
  ]
  return notes.length ? `ItemOut lines not reloaded as sent: ${notes.join('; ')}` : null
}

/** A cXML address as an order's: it needs its postal address. */
function orderAddressOf(address: CxmlAddress, path: string): PunchoutOrderAddress {
  const { postal } = address
  if (!postal)
    throw new PunchoutFormatError('punchout.format.missing', `${path}/Address needs a PostalAddress.`)
  return {
    name: address.name,
    deliverTo: postal.deliverTo,
    street: postal.street,
    city: postal.city,
    postalCode: postal.postalCode ?? '',
    ...(postal.state ? { state: postal.state } : {}),
    countryCode: postal.countryCode,
    ...(address.email ? { email: address.email } : {}),
  }
}

/** A new payloadID and timestamp, the shop's storefront host naming the sender. */
const stampNow = () => cxmlStamp(new URL(mailSettings().storefrontUrl).host)

/** The cXML Status of each HTTP status a refusal has: the same code, except where cXML names its own. */
const CXML_STATUS_OF_HTTP: Record<number, CxmlStatus> = {
  400: CXML_STATUS.badRequest,
  401: CXML_STATUS.unauthorized,
  403: CXML_STATUS.forbidden,
  404: CXML_STATUS.expectationFailed,
  409: CXML_STATUS.conflict,
  413: CXML_STATUS.tooLarge,
  415: CXML_STATUS.unsupportedMediaType,
  422: CXML_STATUS.expectationFailed,
  429: CXML_STATUS.tooManyRequests,
}

/** A refusal as HTTP status and cXML Status, its text the English message with its causes. */
function refusalOf(error: unknown): { http: number; status: CxmlStatus } | null {
  if (error instanceof PunchoutFormatError) return { http: 400, status: cxmlStatusOf(error) }
  const api =
    error instanceof ApiError
      ? error
      : isDomainError(error)
        ? icmErrorOf(error)
        : (error as FastifyError).statusCode && (error as FastifyError).statusCode! < 500
          ? new ApiError((error as FastifyError).statusCode!, 'request.invalid', (error as Error).message)
          : null
  if (!api) return null
  const base = CXML_STATUS_OF_HTTP[api.status] ?? CXML_STATUS.badRequest
  const causes = api.causes.map((cause) => cause.message)
  return {
    http: api.status,
    status: { ...base, message: [api.message, ...causes].join(' ') },
  }
}

/** Every refusal of these routes as a cXML Response: unreadable input is a 4xx, never a 5xx. */
function cxmlErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = refusalOf(error)
  if (!refusal) {
    request.log.error(error)
    console.error(error)
  }
  const { http, status } = refusal ?? { http: 500, status: CXML_STATUS.internalError }
  return reply.code(http).type(XML_ANSWER).send(writeCxmlStatusResponse(status, stampNow()))
}
