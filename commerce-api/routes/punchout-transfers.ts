import type { FastifyReply, FastifyRequest } from 'fastify'
import { requireUser } from '../auth'
import { PUNCHOUT_TYPES, type PunchoutResource } from '../domain/punchout'
import { ociBackgroundSearch, ociValidation } from '../domain/punchout-oci-products'
import {
  transferCxmlSession,
  transferIdsBasket,
  transferOciBasket,
  type XmlTransfer,
} from '../domain/punchout-transfer'
import { ApiError } from '../http'
import { mailSettings } from '../mail/settings'
import { cxmlStamp } from '../punchout/cxml'
import type { RouteModule } from './context'

/** ICM's punchout API v2 (the PWA's `punchoutHeaderV2`), and its cXML v3. */
const JSON_TYPES = [
  'application/vnd.intershop.punchout.v2+json',
  'application/vnd.intershop.punchout.cxml.v3+json',
  'application/json',
]
const XML_TYPES = ['text/xml', 'application/xml']

/**
 * Whether the caller asks for the XML itself rather than `{data, problems}`: an XML type is acceptable and
 * ranks above every JSON type (by q, then by order); without an Accept header, JSON.
 */
export function wantsXml(accept: string | undefined): boolean {
  const ranked = (accept ?? '')
    .split(',')
    .map((part, order) => {
      const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
      const q = params.find((param) => param.startsWith('q='))
      return { type, q: q ? Number(q.slice(2)) : 1, order }
    })
    .filter((entry) => entry.q > 0 && (XML_TYPES.includes(entry.type) || JSON_TYPES.includes(entry.type)))
    .sort((a, b) => b.q - a.q || a.order - b.order)
  return ranked.length > 0 && XML_TYPES.includes(ranked[0]!.type)
}

/** The transfer's XML as `text/xml`, or as ICM's JSON `{data, problems}` (problems: the lines it cannot carry). */
function answer(request: FastifyRequest, reply: FastifyReply, transfer: XmlTransfer) {
  if (wantsXml(request.headers.accept)) return reply.type('text/xml; charset=utf-8').send(transfer.xml)
  return { data: transfer.xml, problems: transfer.problems }
}

/** The query parameter `name`, one non-empty text of at most 100 characters, else 400. */
function queryText(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown>)[name]
  if (typeof value !== 'string' || !value.trim() || value.length > 100)
    throw new ApiError(400, 'request.invalid', `The query parameter '${name}' is required (one value).`)
  return value.trim()
}

/**
 * The basket transfer back to the procurement system (issue 34, shell spec §4.7, §7), for the punchout user
 * whose permission selects the format: `POST …/cxml1.2/transfer?sid=` (the PunchOutOrderMessage of the
 * caller's cXML session), `POST …/oci5/transfer?basketId=` (the `NEW_ITEM-…` fields with the customer's
 * mapping, `{data:[{name,value}], problems}`), `POST …/ids/transfer?basketId=` (the WKE `warenkorb`). cXML and
 * IDS answer their XML as `text/xml` when asked for it, else `{data: xml, problems}`. Another user's session
 * or basket is not found. And OCI's product functions for the OCI user, without a basket: `GET
 * …/oci5/validate?productId=&quantity=` (default 1) and `GET …/oci5/background-search?searchString=`.
 */
export const punchoutTransferRoutes: RouteModule = (app, { db, site }) => {
  const punchouts = '/rest/:site/customers/:customerNo/punchouts'
  const sender = (resource: PunchoutResource) => ({
    config: { access: { customer: true as const, permission: PUNCHOUT_TYPES[resource].sendPermission } },
  })

  app.post(`${punchouts}/cxml1.2/transfer`, sender('cxml1.2'), async (request, reply) => {
    const caller = await requireUser(db, request)
    const stamp = cxmlStamp(new URL(mailSettings().storefrontUrl).host)
    const transfer = await transferCxmlSession(
      db,
      caller,
      queryText(request, 'sid'),
      request.scope.locale,
      stamp,
    )
    return answer(request, reply, transfer)
  })

  app.post(`${punchouts}/oci5/transfer`, sender('oci5'), async (request) => {
    const caller = await requireUser(db, request)
    const { fields, problems } = await transferOciBasket(
      db,
      caller,
      queryText(request, 'basketId'),
      request.scope.locale,
    )
    return { data: fields, problems }
  })

  app.get(`${punchouts}/oci5/validate`, sender('oci5'), async (request) => {
    const caller = await requireUser(db, request)
    const { quantity = '1' } = request.query as { quantity?: unknown }
    const { fields, problems } = await ociValidation(
      db,
      caller.customerNo,
      {
        sku: queryText(request, 'productId'),
        quantity: typeof quantity === 'string' && /^\d{1,9}$/.test(quantity.trim()) ? Number(quantity) : NaN,
      },
      request.scope,
    )
    return { data: fields, problems }
  })

  app.get(`${punchouts}/oci5/background-search`, sender('oci5'), async (request) => {
    const caller = await requireUser(db, request)
    const { searchString } = request.query as { searchString?: unknown }
    if (typeof searchString !== 'string')
      throw new ApiError(
        400,
        'request.invalid',
        "The query parameter 'searchString' is required (one value).",
      )
    const { fields, problems } = await ociBackgroundSearch(db, caller.customerNo, searchString, {
      ...request.scope,
      site,
    })
    return { data: fields, problems }
  })

  app.post(`${punchouts}/ids/transfer`, sender('ids'), async (request, reply) => {
    const caller = await requireUser(db, request)
    const transfer = await transferIdsBasket(db, caller, queryText(request, 'basketId'), request.scope.locale)
    return answer(request, reply, transfer)
  })
}
