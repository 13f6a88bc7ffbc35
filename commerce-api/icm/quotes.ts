/**
 * Quote requests and quotes in ICM's shapes, as the Intershop PWA's quoting extension reads them
 * (`quoting.interface.ts`, `QuotingMapper`): lists are ResourceCollections of Links whose title is the id and
 * whose attributes are the ones `?attrs=` names (number, name, lineItems, creationDate, submittedDate,
 * validFromDate, validToDate, rejected, editable; this API adds `state`, and a quote's `total`); a request's items are Links to
 * `…/items/{id}` (`QuoteRequestLineItem`), a quote's items come inline (`QuoteLineItem`). Prices are net Money
 * (a business customer's prices), dates epoch milliseconds.
 */
import type { Currency } from '../domain/channel'
import {
  linesTotalNet,
  quoteRequestState,
  quoteState,
  type PricedRequestItem,
  type QuoteDetail,
  type QuoteRequestDetail,
  type QuoteRequestSummary,
  type QuoteSummary,
} from '../domain/quotes'
import { multiply } from '../domain/money'
import { money } from './money'

/** Where a user's quoting resources live: `{site}/-/customers/{no}/users/{login}` (a Link's uri base). */
export type QuotingScope = { site: string; customerNo: string; login: string }

const userBase = ({ site, customerNo, login }: QuotingScope) =>
  `${site}/-/customers/${encodeURIComponent(customerNo)}/users/${encodeURIComponent(login)}`

export const quoteRequestUri = (scope: QuotingScope, id: string) => `${userBase(scope)}/quoterequests/${id}`
export const quoteRequestItemUri = (scope: QuotingScope, id: string, itemId: string) =>
  `${quoteRequestUri(scope, id)}/items/${itemId}`
export const quoteUri = (scope: QuotingScope, id: string) => `${userBase(scope)}/quotes/${id}`

const link = (uri: string, id: string, attributes?: { name: string; type: string; value: unknown }[]) => ({
  type: 'Link' as const,
  uri,
  title: id,
  ...(attributes ? { attributes } : {}),
})

const collection = (name: string, elements: unknown[]) => ({
  type: 'ResourceCollection' as const,
  name,
  elements,
  amount: elements.length,
  offset: 0,
  total: elements.length,
})

/** The attributes of a list Link that `?attrs=` asks for, in the order asked; unknown names are passed over. */
function pick(
  wanted: readonly string[] | undefined,
  available: Record<string, { type: string; value: unknown } | undefined>,
) {
  if (!wanted) return undefined
  return wanted.flatMap((name) => {
    const attribute = Object.hasOwn(available, name) ? available[name] : undefined
    return attribute ? [{ name, ...attribute }] : []
  })
}

const long = (date: Date | null) => (date ? { type: 'Long', value: date.getTime() } : undefined)

/** `GET quoterequests[?attrs=]`: the user's requests as Links. */
export function quoteRequestListJson(scope: QuotingScope, requests: QuoteRequestSummary[], attrs?: string[]) {
  return collection(
    'quoterequests',
    requests.map((r) =>
      link(
        quoteRequestUri(scope, r.id),
        r.id,
        pick(attrs, {
          number: { type: 'String', value: r.number },
          name: { type: 'String', value: r.displayName },
          lineItems: { type: 'Integer', value: r.itemCount },
          creationDate: long(r.createdAt),
          submittedDate: long(r.submittedAt),
          editable: { type: 'Boolean', value: !r.submittedAt },
          state: { type: 'String', value: quoteRequestState(r) },
        }),
      ),
    ),
  )
}

/** `GET quotes[?attrs=]`: the user's quotes as Links; `rejected` is always a Boolean, as the PWA tests for it. */
export function quoteListJson(
  scope: QuotingScope,
  list: QuoteSummary[],
  attrs: string[] | undefined,
  now: Date,
) {
  return collection(
    'quotes',
    list.map((q) =>
      link(
        quoteUri(scope, q.id),
        q.id,
        pick(attrs, {
          number: { type: 'String', value: q.number },
          name: { type: 'String', value: q.displayName },
          lineItems: { type: 'Integer', value: q.itemCount },
          creationDate: long(q.createdAt),
          validFromDate: long(q.validFrom),
          validToDate: long(q.validTo),
          rejected: { type: 'Boolean', value: !!q.rejectedAt },
          state: { type: 'String', value: quoteState(q, now) },
          total: { type: 'Money', value: money(q.totalNet, q.currency as Currency) },
        }),
      ),
    ),
  )
}

/** `QuoteRequestLineItem`: a line with its list price now (none for a product whose price is on request). */
export function quoteRequestItemJson(item: PricedRequestItem, currency: Currency) {
  return {
    type: 'QuoteRequestLineItem' as const,
    id: item.id,
    productSKU: item.sku,
    quantity: { type: 'Quantity', value: item.quantity, unit: '' },
    ...(item.singleNet !== null
      ? {
          singlePrice: money(item.singleNet, currency),
          totalPrice: money(multiply(item.singleNet, item.quantity), currency),
        }
      : {}),
    ...(item.note ? { note: item.note } : {}),
  }
}

/** `QuoteRequest`: the request with its items as Links (the PWA resolves them) or, `inline`, as line items. */
export function quoteRequestJson(scope: QuotingScope, detail: QuoteRequestDetail) {
  const { request, items, quote } = detail
  const currency = request.currency as Currency
  return {
    type: 'QuoteRequest' as const,
    id: request.id,
    number: request.number,
    displayName: request.displayName,
    ...(request.description ? { description: request.description } : {}),
    creationDate: request.createdAt.getTime(),
    modified: request.updatedAt.getTime(),
    ...(request.submittedAt ? { submittedDate: request.submittedAt.getTime() } : {}),
    submitted: !!request.submittedAt,
    editable: !request.submittedAt,
    state: quoteRequestState(request),
    total: money(linesTotalNet(items), currency),
    items: items.map((item) => link(quoteRequestItemUri(scope, request.id, item.id), item.id)),
    ...(quote ? { quoteID: quote.id } : {}),
  }
}

/** `GET quoterequests/{id}/items`: the request's lines as Links. */
export function quoteRequestItemsJson(scope: QuotingScope, detail: QuoteRequestDetail) {
  return collection(
    'items',
    detail.items.map((item) => link(quoteRequestItemUri(scope, detail.request.id, item.id), item.id)),
  )
}

/** `Quote`: the shop's answer with its lines inline, quoted and original quantities and prices side by side. */
export function quoteJson(detail: QuoteDetail, now: Date) {
  const { quote, request, items } = detail
  const currency = quote.currency as Currency
  return {
    type: 'Quote' as const,
    id: quote.id,
    number: quote.number,
    displayName: request.displayName,
    ...(request.description ? { description: request.description } : {}),
    creationDate: quote.createdAt.getTime(),
    quoteRequestID: request.id,
    rejected: !!quote.rejectedAt,
    state: quoteState(quote, now),
    validFromDate: quote.validFrom.getTime(),
    validToDate: quote.validTo.getTime(),
    sellerComment: quote.sellerComment ?? '',
    total: money(
      items.reduce((sum, i) => sum + multiply(i.singleNet, i.quantity), 0),
      currency,
    ),
    originTotal: money(
      items.reduce((sum, i) => sum + multiply(i.originSingleNet, i.originQuantity), 0),
      currency,
    ),
    items: items.map((item) => ({
      type: 'QuoteLineItem' as const,
      productSKU: item.sku,
      quantity: { type: 'Quantity', value: item.quantity, unit: '' },
      originQuantity: { type: 'Quantity', value: item.originQuantity, unit: '' },
      singlePrice: money(item.singleNet, currency),
      totalPrice: money(multiply(item.singleNet, item.quantity), currency),
      originSinglePrice: money(item.originSingleNet, currency),
      originTotalPrice: money(multiply(item.originSingleNet, item.originQuantity), currency),
    })),
  }
}

export const quoteRequestLink = (scope: QuotingScope, id: string) => link(quoteRequestUri(scope, id), id)
export const quoteRequestItemLink = (scope: QuotingScope, id: string, itemId: string) =>
  link(quoteRequestItemUri(scope, id, itemId), itemId)
