/**
 * Quotes as the shop shows them (features `quoting` and `freetextQuoting`; spec shell §2.1, §6; issue 36): ICM's
 * quoting REST under the business user (`customers/{no}/users/{login}/quoterequests` and `…/quotes`, the PWA's
 * `quoting.service.ts` and `quoting.mapper.ts`) read into a request the buyer edits and submits, and a quote the
 * shop answered with, which the buyer accepts into the basket or rejects. Both lists come as Links with the
 * attributes asked for (`?attrs=`); a request's lines may come as Links too, read one by one.
 */
import { z } from 'zod'
import { MoneySchema, type Money } from './price'

/** Who may ask for quotes: ICM's permission of the buyer roles (`APP_B2B_MANAGE_OWN_QUOTES`). */
export const MANAGE_QUOTES = 'APP_B2B_MANAGE_OWN_QUOTES'

/** The longest name and note of a request, and free-text description, the forms take (the API's bounds). */
export const QUOTE_NAME_MAX = 100
export const QUOTE_NOTE_MAX = 2000
export const QUOTE_CONTACT_TEXT_MAX = 4000
/** A phone number as the free-text quote takes it: digits, spaces and + ( ) . / - only. */
export const PHONE_PATTERN = /^[0-9+()./\s-]{3,}$/
/** The most pieces of one line a form takes; the API judges the product's own rules. */
export const QUOTE_QUANTITY_MAX = 1_000_000

/** ICM's `Attribute` of a Link: name, type, value (`number`, `name`, `lineItems`, dates as epoch ms). */
const AttributeSchema = z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() })

export const QuoteLinkSchema = z.object({
  type: z.literal('Link').optional(),
  uri: z.string().optional(),
  /** The request's or quote's id (the PWA maps `id: link.title`). */
  title: z.string(),
  itemId: z.string().optional(),
  attributes: z.array(AttributeSchema).optional(),
})

/** `GET quoterequests?attrs=…` and `GET quotes?attrs=…`: a collection of Links (the PWA's `unpackEnvelope`). */
export const QuoteLinksSchema = z.object({ elements: z.array(QuoteLinkSchema).default([]) })

const QuantitySchema = z.object({ value: z.number(), unit: z.string().optional() })
/** ICM's `PriceData` of quotes: one amount in the request's currency (net, as ICM quotes business buyers). */
const PriceSchema = MoneySchema.extend({ type: z.string().optional() })

export const QuoteRequestItemSchema = z.object({
  type: z.literal('QuoteRequestLineItem').optional(),
  id: z.string(),
  productSKU: z.string(),
  quantity: QuantitySchema,
  singlePrice: PriceSchema.optional(),
  totalPrice: PriceSchema.optional(),
})

export const QuoteRequestSchema = z.object({
  type: z.literal('QuoteRequest'),
  id: z.string(),
  number: z.string(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  creationDate: z.number(),
  submittedDate: z.number().optional(),
  total: PriceSchema.optional(),
  editable: z.boolean().optional(),
  /** Our API names the state (`new`, `submitted`) and the quote that answers the request. */
  state: z.string().optional(),
  quoteID: z.string().optional(),
  items: z.array(z.union([QuoteRequestItemSchema, QuoteLinkSchema])).default([]),
})

const QuoteItemSchema = z.object({
  type: z.literal('QuoteLineItem').optional(),
  productSKU: z.string(),
  quantity: QuantitySchema,
  originQuantity: QuantitySchema.optional(),
  singlePrice: PriceSchema,
  totalPrice: PriceSchema,
  originSinglePrice: PriceSchema.optional(),
  originTotalPrice: PriceSchema.optional(),
})

export const QuoteSchema = z.object({
  type: z.literal('Quote'),
  id: z.string(),
  number: z.string(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  creationDate: z.number(),
  total: PriceSchema,
  originTotal: PriceSchema.optional(),
  rejected: z.boolean().optional(),
  /** Our API names the state: `responded`, `accepted` (its lines went into a basket), `rejected`, `expired`. */
  state: z.string().optional(),
  sellerComment: z.string().optional(),
  validFromDate: z.number(),
  validToDate: z.number(),
  /** The request the quote answers. */
  quoteRequestID: z.string().optional(),
  items: z.array(QuoteItemSchema).default([]),
})

/** What `POST quoterequests` answers: a Link to the new request. */
export const CreatedQuoteRequestSchema = z.union([QuoteLinkSchema, QuoteRequestSchema])

export type QuoteState = 'new' | 'submitted' | 'responded' | 'accepted' | 'rejected' | 'expired'
export const QUOTE_STATES: readonly QuoteState[] = [
  'new',
  'submitted',
  'responded',
  'accepted',
  'rejected',
  'expired',
]

type Timestamps = { state?: unknown; rejected?: boolean; validToDate?: number; submittedDate?: number }

const isState = (value: unknown): value is QuoteState =>
  typeof value === 'string' && (QUOTE_STATES as readonly string[]).includes(value)

/**
 * A quote's or request's state: the one the API names (`state`: only it knows whether a quote went into a
 * basket, `accepted`), else as the PWA's `QuotingHelper.state` reads it: a quote is rejected, else expired after
 * its end of validity, else responded; a request is submitted or new.
 */
export function quoteState(kind: 'request' | 'quote', entity: Timestamps, now: number): QuoteState {
  const named = isState(entity.state) ? entity.state : undefined
  if (kind === 'request')
    return named === 'new' || named === 'submitted' ? named : entity.submittedDate ? 'submitted' : 'new'
  if (named && named !== 'new' && named !== 'submitted') {
    // A quote answered as open whose validity ended since: expired, whatever an older answer said.
    return named === 'responded' && entity.validToDate !== undefined && entity.validToDate < now
      ? 'expired'
      : named
  }
  if (entity.rejected) return 'rejected'
  if (entity.validToDate !== undefined && entity.validToDate < now) return 'expired'
  return 'responded'
}

/** One row of the quote list: a request or a quote, newest first. Dates are ISO timestamps. */
export type QuoteListEntry = {
  kind: 'request' | 'quote'
  id: string
  number: string
  name?: string
  itemCount?: number
  creationDate?: string
  submittedDate?: string
  validToDate?: string
  state: QuoteState
  total?: Money
}

const iso = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? new Date(value).toISOString() : undefined

function attributesOf(link: z.infer<typeof QuoteLinkSchema>) {
  const values = new Map((link.attributes ?? []).map((a) => [a.name, a.value]))
  const text = (name: string) => {
    const value = values.get(name)
    return typeof value === 'string' && value ? value : undefined
  }
  const number = (name: string) => {
    const value = values.get(name)
    return typeof value === 'number' ? value : undefined
  }
  const money = (name: string) => {
    const parsed = MoneySchema.safeParse(values.get(name))
    return parsed.success ? { value: parsed.data.value, currency: parsed.data.currency } : undefined
  }
  return { text, number, money, flag: (name: string) => values.get(name) === true }
}

/** A Link of `GET quoterequests` or `GET quotes` with its attributes, as a row of the list. */
export function mapQuoteLink(
  kind: 'request' | 'quote',
  link: z.infer<typeof QuoteLinkSchema>,
  now: number,
): QuoteListEntry {
  const attr = attributesOf(link)
  const validToDate = attr.number('validToDate')
  const submittedDate = attr.number('submittedDate')
  const state = attr.text('state')
  return {
    kind,
    id: link.title,
    number: attr.text('number') ?? link.title,
    name: attr.text('name'),
    itemCount: attr.number('lineItems'),
    creationDate: iso(attr.number('creationDate')),
    submittedDate: iso(submittedDate),
    validToDate: iso(validToDate),
    state: quoteState(kind, { state, rejected: attr.flag('rejected'), validToDate, submittedDate }, now),
    total: attr.money('total'),
  }
}

/** Requests and quotes in one list, newest first (the PWA's `QuotingHelper.sort`). */
export function quoteList(entries: QuoteListEntry[]): QuoteListEntry[] {
  return [...entries].sort((a, b) => (b.creationDate ?? '').localeCompare(a.creationDate ?? ''))
}

export type QuoteRequestLine = {
  id: string
  sku: string
  quantity: number
  /** The product's price per piece and the line's, as the API priced the request. */
  singlePrice?: Money
  totalPrice?: Money
}

export type QuoteRequest = {
  id: string
  number: string
  displayName?: string
  description?: string
  creationDate: string
  submittedDate?: string
  total?: Money
  state: QuoteState
  /** Whether its lines, name and note may still change (a new request). */
  editable: boolean
  /** The quote that answers the request, once the shop answered. */
  quoteId?: string
  lines: QuoteRequestLine[]
}

const plainMoney = (price: z.infer<typeof PriceSchema> | undefined): Money | undefined =>
  price && { value: price.value, currency: price.currency }

export const mapQuoteRequestItem = (item: z.infer<typeof QuoteRequestItemSchema>): QuoteRequestLine => ({
  id: item.id,
  sku: item.productSKU,
  quantity: item.quantity.value,
  singlePrice: plainMoney(item.singlePrice),
  totalPrice: plainMoney(item.totalPrice),
})

/** The ids of a request's lines that came as Links (to be read one by one). */
export const linkedItemIds = (data: z.infer<typeof QuoteRequestSchema>) =>
  data.items.flatMap((item) => ('productSKU' in item ? [] : [item.itemId ?? item.title]))

export function mapQuoteRequest(
  data: z.infer<typeof QuoteRequestSchema>,
  resolved: z.infer<typeof QuoteRequestItemSchema>[] = [],
): QuoteRequest {
  const byId = new Map(resolved.map((item) => [item.id, item]))
  const lines = data.items.flatMap((item) => {
    const full = 'productSKU' in item ? item : byId.get(item.itemId ?? item.title)
    return full ? [mapQuoteRequestItem(full)] : []
  })
  const state = quoteState('request', data, Date.now())
  return {
    id: data.id,
    number: data.number,
    displayName: data.displayName || undefined,
    description: data.description || undefined,
    creationDate: iso(data.creationDate)!,
    submittedDate: iso(data.submittedDate),
    total: plainMoney(data.total),
    state,
    editable: data.editable ?? state === 'new',
    quoteId: data.quoteID,
    lines,
  }
}

export type QuoteLine = {
  sku: string
  quantity: number
  /** What the request asked for, where the quote answers with another quantity. */
  originQuantity?: number
  singlePrice: Money
  totalPrice: Money
  /** The list price per piece and line total at the time of the quote. */
  originSinglePrice?: Money
  originTotalPrice?: Money
}

export type Quote = {
  id: string
  number: string
  displayName?: string
  description?: string
  creationDate: string
  validFromDate: string
  validToDate: string
  sellerComment?: string
  state: QuoteState
  total: Money
  originTotal?: Money
  quoteRequestId?: string
  lines: QuoteLine[]
}

export function mapQuote(data: z.infer<typeof QuoteSchema>, now: number): Quote {
  return {
    id: data.id,
    number: data.number,
    displayName: data.displayName || undefined,
    description: data.description || undefined,
    creationDate: iso(data.creationDate)!,
    validFromDate: iso(data.validFromDate)!,
    validToDate: iso(data.validToDate)!,
    sellerComment: data.sellerComment || undefined,
    state: quoteState('quote', data, now),
    total: plainMoney(data.total)!,
    originTotal: plainMoney(data.originTotal),
    quoteRequestId: data.quoteRequestID,
    lines: data.items.map((item) => ({
      sku: item.productSKU,
      quantity: item.quantity.value,
      originQuantity:
        item.originQuantity && item.originQuantity.value !== item.quantity.value
          ? item.originQuantity.value
          : undefined,
      singlePrice: plainMoney(item.singlePrice)!,
      totalPrice: plainMoney(item.totalPrice)!,
      originSinglePrice: plainMoney(item.originSinglePrice),
      originTotalPrice: plainMoney(item.originTotalPrice),
    })),
  }
}

/** Whether a quote may go into the basket now: answered, neither decided nor expired, and already valid. */
export const acceptable = (quote: Pick<Quote, 'state' | 'validFromDate'>, now: number) =>
  quote.state === 'responded' && Date.parse(quote.validFromDate) <= now

/** The shop's addresses of the quote pages. */
export const quotesPath = (lang: string) => `/${lang}/account/quotes`
export const quoteRequestPath = (lang: string, id: string) =>
  `${quotesPath(lang)}/requests/${encodeURIComponent(id)}`
export const quotePath = (lang: string, id: string) => `${quotesPath(lang)}/${encodeURIComponent(id)}`
export const addToQuotePath = (lang: string) => `/${lang}/addProductToQuoteRequest`
export const freeTextQuotePath = (lang: string) => `/${lang}/quote-contact`
