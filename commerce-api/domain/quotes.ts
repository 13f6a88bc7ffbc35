/**
 * Quotes (issue 36, ADR 0040; ICM's quoting as the Intershop PWA's quoting extension uses it): a business user
 * asks for prices in a quote request (lines of sku, quantity and a note), edits it while it is new and submits
 * it; the shop answers a submitted request with one quote (a net price per piece for each line, valid from and
 * to, a comment) or declines it; the buyer rejects the quote, or accepts it by putting its lines into a basket,
 * where they keep the quoted price and a fixed quantity until the quote expires.
 *
 * States (what the buyer sees, `QuotingHelper.state` of the PWA plus `accepted`): a request is `new` until
 * submitted, then `submitted`; a quote is `rejected` (by the buyer, or declined by the shop), `accepted` (its
 * lines went into a basket), `expired` once `validTo` has passed, else `responded`.
 *
 * Every change runs in one transaction; what others must learn of it (mails) is published as a domain event
 * inside it. Money in minor units, net. No HTTP here: icm/quotes.ts is the wire format.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import {
  baskets,
  lineItems,
  products,
  quoteContacts,
  quoteItems,
  quoteNumbers,
  quoteRequestItems,
  quoteRequestNumbers,
  quoteRequests,
  quotes,
  users,
} from '../db/schema'
import { lockBasket, productFacts, tierFor, tiersBySku, type BasketRow } from './basket'
import type { Currency, Locale } from './channel'
import { conflictError, invalidError, notFoundError, refusedError } from './errors'
import { publish } from './events'
import { isUuid } from './ids'
import { multiply } from './money'
import { quantityProblem } from './quantity'

export const QUOTE_LIMITS = {
  /** Quote requests a user keeps at once (any state); deleting old ones makes room. */
  requests: 50,
  /** Lines of one request. */
  items: 100,
  /** The most of one product a request may ask for (above the basket's cap: volumes are what quotes are for). */
  quantity: 100_000,
  /** Characters of a request's name, its description, a line's note, the seller's comment. */
  displayName: 100,
  description: 2000,
  note: 500,
  sellerComment: 2000,
  /** The longest a quote may be valid, in days. */
  validityDays: 366,
} as const

export type QuoteRequestRow = typeof quoteRequests.$inferSelect
export type QuoteRequestItemRow = typeof quoteRequestItems.$inferSelect
export type QuoteRow = typeof quotes.$inferSelect
export type QuoteItemRow = typeof quoteItems.$inferSelect

/** Whose quotes a call touches: a business user of a customer. */
export type QuoteOwner = { userId: string; customerNo: string }

export type QuoteRequestState = 'new' | 'submitted'
export type QuoteState = 'responded' | 'accepted' | 'rejected' | 'expired'

/** A request line with its list price now (net per piece, minor units), none when the product has no price. */
export type PricedRequestItem = QuoteRequestItemRow & { singleNet: number | null }

export type QuoteRequestDetail = {
  request: QuoteRequestRow
  items: PricedRequestItem[]
  /** The quote answering it, when the shop answered. */
  quote?: QuoteRow
}

export type QuoteDetail = { quote: QuoteRow; request: QuoteRequestRow; items: QuoteItemRow[] }

/** A request in a list: the row and its line count. */
export type QuoteRequestSummary = QuoteRequestRow & { itemCount: number; quoteId: string | null }
export type QuoteSummary = QuoteRow & {
  itemCount: number
  displayName: string
  description: string | null
  /** The quoted lines' sum, net, in minor units of the quote's currency. */
  totalNet: number
}

// ---------------------------------------------------------------------------------------------------------
// States

export const quoteRequestState = (request: Pick<QuoteRequestRow, 'submittedAt'>): QuoteRequestState =>
  request.submittedAt ? 'submitted' : 'new'

/** A quote's state at `now`: rejection and acceptance are final, else it expires when `validTo` has passed. */
export function quoteState(
  quote: Pick<QuoteRow, 'rejectedAt' | 'acceptedAt' | 'validTo'>,
  now: Date = new Date(),
): QuoteState {
  if (quote.rejectedAt) return 'rejected'
  if (quote.acceptedAt) return 'accepted'
  if (quote.validTo.getTime() < now.getTime()) return 'expired'
  return 'responded'
}

/** Whether a quote's prices hold at `now`: within its validity and neither rejected nor declined. */
export const quotePricesHold = (quote: Pick<QuoteRow, 'rejectedAt' | 'validFrom' | 'validTo'>, now: Date) =>
  !quote.rejectedAt && quote.validFrom.getTime() <= now.getTime() && now.getTime() <= quote.validTo.getTime()

// ---------------------------------------------------------------------------------------------------------
// Errors

export const quoteRequestNotFound = () =>
  notFoundError('quoting.quote_request.not_found.error', 'The quote request could not be found.')
export const quoteNotFound = () =>
  notFoundError('quoting.quote.not_found.error', 'The quote could not be found.')
const itemNotFound = () =>
  notFoundError('quoting.quote_request.item.not_found.error', 'The quote request item could not be found.')
const notEditable = () =>
  refusedError(
    'quoting.quote_request.not_editable.error',
    'The quote request was submitted and can no longer be changed.',
  )

// ---------------------------------------------------------------------------------------------------------
// Reading

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
const asDb = (tx: Tx) => tx as unknown as Db

/** The owner's request `id`; another user's (or none) is not found, never forbidden. */
async function ownRequest(t: Db, owner: QuoteOwner, id: string, { lock = false } = {}) {
  if (!isUuid(id)) throw quoteRequestNotFound()
  const query = t
    .select()
    .from(quoteRequests)
    .where(and(eq(quoteRequests.id, id), eq(quoteRequests.userId, owner.userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row || row.customerNo !== owner.customerNo) throw quoteRequestNotFound()
  return row
}

/** The owner's quote `id`; another user's (or none) is not found. */
async function ownQuote(t: Db, owner: QuoteOwner, id: string, { lock = false } = {}) {
  if (!isUuid(id)) throw quoteNotFound()
  const query = t
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.userId, owner.userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row || row.customerNo !== owner.customerNo) throw quoteNotFound()
  return row
}

/** The list prices (net per piece for the quantity) of request lines in `currency`. */
async function priceItems(
  t: Db,
  currency: string,
  items: QuoteRequestItemRow[],
): Promise<PricedRequestItem[]> {
  const tiers = await tiersBySku(
    t,
    currency as Currency,
    items.map((i) => i.sku),
  )
  return items.map((item) => {
    const skuTiers = tiers.get(item.sku)
    return { ...item, singleNet: skuTiers ? (tierFor(skuTiers, item.quantity)?.net ?? null) : null }
  })
}

async function requestDetail(t: Db, request: QuoteRequestRow): Promise<QuoteRequestDetail> {
  const [items, [quote]] = await readTogether(t, [
    () =>
      t
        .select()
        .from(quoteRequestItems)
        .where(eq(quoteRequestItems.quoteRequestId, request.id))
        .orderBy(asc(quoteRequestItems.position)),
    () => t.select().from(quotes).where(eq(quotes.quoteRequestId, request.id)),
  ])
  return { request, items: await priceItems(t, request.currency, items), ...(quote ? { quote } : {}) }
}

async function quoteDetail(t: Db, quote: QuoteRow): Promise<QuoteDetail> {
  const [[request], items] = await readTogether(t, [
    () => t.select().from(quoteRequests).where(eq(quoteRequests.id, quote.quoteRequestId)),
    () =>
      t.select().from(quoteItems).where(eq(quoteItems.quoteId, quote.id)).orderBy(asc(quoteItems.position)),
  ])
  return { quote, request: request!, items }
}

/** The owner's quote requests, newest first, with their line counts and the quote answering each. */
export async function listQuoteRequests(db: Db, owner: QuoteOwner): Promise<QuoteRequestSummary[]> {
  const rows = await db
    .select({
      request: quoteRequests,
      itemCount: sql<number>`(select count(*)::int from ${quoteRequestItems} where ${quoteRequestItems.quoteRequestId} = ${quoteRequests.id})`,
      quoteId: quotes.id,
    })
    .from(quoteRequests)
    .leftJoin(quotes, eq(quotes.quoteRequestId, quoteRequests.id))
    .where(and(eq(quoteRequests.userId, owner.userId), eq(quoteRequests.customerNo, owner.customerNo)))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.number))
  return rows.map((r) => ({ ...r.request, itemCount: Number(r.itemCount), quoteId: r.quoteId }))
}

/** The owner's quotes, newest first, with their line counts and their request's name and description. */
export async function listQuotes(db: Db, owner: QuoteOwner): Promise<QuoteSummary[]> {
  const rows = await db
    .select({
      quote: quotes,
      displayName: quoteRequests.displayName,
      description: quoteRequests.description,
      itemCount: sql<number>`(select count(*)::int from ${quoteItems} where ${quoteItems.quoteId} = ${quotes.id})`,
      totalNet: sql<string>`(select coalesce(sum(${quoteItems.singleNet} * ${quoteItems.quantity}), 0)::bigint from ${quoteItems} where ${quoteItems.quoteId} = ${quotes.id})`,
    })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
    .where(and(eq(quotes.userId, owner.userId), eq(quotes.customerNo, owner.customerNo)))
    .orderBy(desc(quotes.createdAt), desc(quotes.number))
  return rows.map((r) => ({
    ...r.quote,
    displayName: r.displayName,
    description: r.description,
    itemCount: Number(r.itemCount),
    totalNet: Number(r.totalNet),
  }))
}

export async function requireQuoteRequest(db: Db, owner: QuoteOwner, id: string) {
  return requestDetail(db, await ownRequest(db, owner, id))
}

export async function requireQuoteRequestItem(db: Db, owner: QuoteOwner, id: string, itemId: string) {
  const detail = await requireQuoteRequest(db, owner, id)
  const item = detail.items.find((i) => i.id === itemId)
  if (!item) throw itemNotFound()
  return { ...detail, item }
}

export async function requireQuote(db: Db, owner: QuoteOwner, id: string) {
  return quoteDetail(db, await ownQuote(db, owner, id))
}

// ---------------------------------------------------------------------------------------------------------
// Quote requests

/** What a new request starts from: nothing, or a copy of a quote's, a request's or a basket's lines. */
export type QuoteRequestSource =
  | { from: 'empty' }
  | { from: 'quote'; quoteId: string }
  | { from: 'quoteRequest'; quoteRequestId: string }
  | { from: 'basket'; basket: BasketRow }

type NewLine = { sku: string; quantity: number; note?: string | null }

async function nextNumber(t: Db, sequence: { seqName: string | undefined }) {
  const result = await t.execute(sql`select nextval(${sequence.seqName}) as next`)
  return String((result as unknown as { rows: { next: string | number }[] }).rows[0]!.next)
}

/** The lines a source is copied from: one per product, quantities of the same product added up. */
async function sourceLines(t: Db, owner: QuoteOwner, source: QuoteRequestSource): Promise<NewLine[]> {
  let lines: NewLine[] = []
  if (source.from === 'quote') {
    const { items } = await quoteDetail(t, await ownQuote(t, owner, source.quoteId))
    lines = items.map((i) => ({ sku: i.sku, quantity: i.quantity }))
  } else if (source.from === 'quoteRequest') {
    const request = await ownRequest(t, owner, source.quoteRequestId)
    lines = (
      await t
        .select()
        .from(quoteRequestItems)
        .where(eq(quoteRequestItems.quoteRequestId, request.id))
        .orderBy(asc(quoteRequestItems.position))
    ).map((i) => ({ sku: i.sku, quantity: i.quantity, note: i.note }))
  } else if (source.from === 'basket') {
    lines = (
      await t
        .select({ sku: lineItems.sku, quantity: lineItems.quantity })
        .from(lineItems)
        .where(eq(lineItems.basketId, source.basket.id))
        .orderBy(asc(lineItems.position))
    ).map((l) => ({ sku: l.sku, quantity: l.quantity }))
    if (!lines.length)
      throw refusedError(
        'quoting.quote_request.empty.error',
        'The basket is empty: there is nothing to ask a quote for.',
      )
  }
  const bySku = new Map<string, NewLine>()
  for (const line of lines) {
    const seen = bySku.get(line.sku)
    if (seen) seen.quantity = Math.min(seen.quantity + line.quantity, QUOTE_LIMITS.quantity)
    else bySku.set(line.sku, { ...line })
  }
  if (bySku.size > QUOTE_LIMITS.items) throw itemsLimit()
  return [...bySku.values()]
}

const itemsLimit = () =>
  refusedError(
    'quoting.quote_request.items.limit.error',
    `A quote request holds at most ${QUOTE_LIMITS.items} products.`,
  )

/** Locks the user's row so that counting and numbering their requests holds against a request at the same time. */
const lockOwner = (t: Db, owner: QuoteOwner) =>
  t.execute(sql`select id from ${users} where id = ${owner.userId} for update`)

/**
 * A new quote request of the owner in `currency`: empty, or with the lines of one of their quotes, quote
 * requests or baskets (ICM `POST quoterequests?quoteID=|quoteRequestID=|basketID=`).
 */
export async function createQuoteRequest(
  db: Db,
  owner: QuoteOwner,
  { currency, locale, source }: { currency: Currency; locale: Locale; source: QuoteRequestSource },
): Promise<QuoteRequestDetail> {
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    await lockOwner(t, owner)
    const [{ count } = { count: 0 }] = await t
      .select({ count: sql<number>`count(*)::int` })
      .from(quoteRequests)
      .where(eq(quoteRequests.userId, owner.userId))
    if (Number(count) >= QUOTE_LIMITS.requests)
      throw refusedError(
        'quoting.quote_request.limit.error',
        `A user keeps at most ${QUOTE_LIMITS.requests} quote requests; delete old ones first.`,
      )
    const lines = await sourceLines(t, owner, source)
    const number = await nextNumber(t, quoteRequestNumbers)
    const [request] = await t
      .insert(quoteRequests)
      .values({
        number,
        userId: owner.userId,
        customerNo: owner.customerNo,
        displayName: number,
        currency,
        locale,
      })
      .returning()
    if (lines.length)
      await t.insert(quoteRequestItems).values(
        lines.map((line, index) => ({
          quoteRequestId: request!.id,
          position: index + 1,
          sku: line.sku,
          quantity: line.quantity,
          note: line.note ?? null,
        })),
      )
    return requestDetail(t, request!)
  })
}

/** Changes a new request's name and description (ICM `PUT quoterequests/{id}`); a submitted one is fixed. */
export async function updateQuoteRequest(
  db: Db,
  owner: QuoteOwner,
  id: string,
  change: { displayName?: string; description?: string | null },
): Promise<QuoteRequestDetail> {
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    const request = await ownRequest(t, owner, id, { lock: true })
    if (request.submittedAt) throw notEditable()
    const displayName = change.displayName?.trim()
    const [updated] = await t
      .update(quoteRequests)
      .set({
        ...(displayName ? { displayName } : {}),
        ...(change.description !== undefined ? { description: change.description?.trim() || null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(quoteRequests.id, request.id))
      .returning()
    return requestDetail(t, updated!)
  })
}

/**
 * Deletes a request with its quote (the buyer's list forgets the whole negotiation). A quote already put into a
 * basket stays, as its lines there rely on it: such a request cannot be deleted.
 */
export async function deleteQuoteRequest(db: Db, owner: QuoteOwner, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = asDb(tx)
    const request = await ownRequest(t, owner, id, { lock: true })
    const [quote] = await t.select().from(quotes).where(eq(quotes.quoteRequestId, request.id))
    if (quote?.acceptedAt) throw acceptedQuoteStays()
    await t.delete(quoteRequests).where(eq(quoteRequests.id, request.id))
  })
}

const acceptedQuoteStays = () =>
  refusedError(
    'quoting.quote.accepted.error',
    'The quote was accepted into a basket: it stays as long as its prices are used.',
  )

/** Why a product cannot be asked for, or undefined when it can. */
async function productRefusal(t: Db, sku: string, quantity: number) {
  const facts = (await productFacts(t, [sku])).get(sku)
  if (!facts || !facts.online || facts.kind === 'master' || facts.kind === 'retailset')
    return invalidError(
      'quoting.quote_request.product.not_found.error',
      `The product '${sku}' does not exist or cannot be ordered as such.`,
      [{ code: 'quoting.quote_request.product.not_found.error', message: `'${sku}'`, paths: ['productSKU'] }],
    )
  const problem = quantityProblem(sku, { ...facts, max: null }, quantity, QUOTE_LIMITS.quantity)
  if (problem)
    return invalidError('quoting.quote_request.quantity.invalid.error', problem.message, [
      {
        code: 'quoting.quote_request.quantity.invalid.error',
        message: problem.message,
        paths: ['quantity.value'],
      },
    ])
  return undefined
}

/**
 * Adds a product to a new request (ICM `POST quoterequests/{id}/items {productSKU, quantity:{value}}`): a
 * product already on it has its quantity raised. Quantities keep the product's minimum and step, up to
 * QUOTE_LIMITS.quantity (not the basket's cap).
 */
export async function addQuoteRequestItem(
  db: Db,
  owner: QuoteOwner,
  id: string,
  item: { sku: string; quantity: number; note?: string | null },
): Promise<{ detail: QuoteRequestDetail; itemId: string }> {
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    const request = await ownRequest(t, owner, id, { lock: true })
    if (request.submittedAt) throw notEditable()
    const existing = await t
      .select()
      .from(quoteRequestItems)
      .where(eq(quoteRequestItems.quoteRequestId, request.id))
    const same = existing.find((i) => i.sku === item.sku)
    const quantity = (same?.quantity ?? 0) + item.quantity
    const refusal = await productRefusal(t, item.sku, quantity)
    if (refusal) throw refusal
    let itemId: string
    if (same) {
      await t
        .update(quoteRequestItems)
        .set({ quantity, ...(item.note !== undefined ? { note: item.note?.trim() || null } : {}) })
        .where(eq(quoteRequestItems.id, same.id))
      itemId = same.id
    } else {
      if (existing.length >= QUOTE_LIMITS.items) throw itemsLimit()
      const position = existing.reduce((m, i) => Math.max(m, i.position), 0) + 1
      const [row] = await t
        .insert(quoteRequestItems)
        .values({
          quoteRequestId: request.id,
          position,
          sku: item.sku,
          quantity,
          note: item.note?.trim() || null,
        })
        .returning({ id: quoteRequestItems.id })
      itemId = row!.id
    }
    await t.update(quoteRequests).set({ updatedAt: new Date() }).where(eq(quoteRequests.id, request.id))
    return { detail: await requestDetail(t, request), itemId }
  })
}

/**
 * One line of a new request, changed by `change` in a transaction that holds the request (locked): unknown or
 * foreign lines are not found, a submitted request is no longer editable; the request is touched after.
 */
async function changeItem(
  db: Db,
  owner: QuoteOwner,
  id: string,
  itemId: string,
  change: (t: Db, item: typeof quoteRequestItems.$inferSelect) => Promise<void>,
): Promise<QuoteRequestDetail> {
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    const request = await ownRequest(t, owner, id, { lock: true })
    if (!isUuid(itemId)) throw itemNotFound()
    const [item] = await t
      .select()
      .from(quoteRequestItems)
      .where(and(eq(quoteRequestItems.id, itemId), eq(quoteRequestItems.quoteRequestId, request.id)))
    if (!item) throw itemNotFound()
    if (request.submittedAt) throw notEditable()
    await change(t, item)
    await t.update(quoteRequests).set({ updatedAt: new Date() }).where(eq(quoteRequests.id, request.id))
    return requestDetail(t, request)
  })
}

/** Changes a line's quantity or note on a new request (ICM `PUT quoterequests/{id}/items/{itemId}`). */
export async function updateQuoteRequestItem(
  db: Db,
  owner: QuoteOwner,
  id: string,
  itemId: string,
  change: { quantity?: number; note?: string | null },
): Promise<QuoteRequestDetail> {
  return changeItem(db, owner, id, itemId, async (t, item) => {
    if (change.quantity !== undefined) {
      const refusal = await productRefusal(t, item.sku, change.quantity)
      if (refusal) throw refusal
    }
    await t
      .update(quoteRequestItems)
      .set({
        ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
        ...(change.note !== undefined ? { note: change.note?.trim() || null } : {}),
      })
      .where(eq(quoteRequestItems.id, item.id))
  })
}

/** Removes a line from a new request (ICM `DELETE quoterequests/{id}/items/{itemId}`). */
export async function deleteQuoteRequestItem(
  db: Db,
  owner: QuoteOwner,
  id: string,
  itemId: string,
): Promise<QuoteRequestDetail> {
  return changeItem(db, owner, id, itemId, async (t, item) => {
    await t.delete(quoteRequestItems).where(eq(quoteRequestItems.id, item.id))
  })
}

/**
 * Submits a new request to the shop (ICM `POST quotes {quoteRequestID}`): it must hold a line; from now on it
 * is fixed. The buyer and the shop are told (event `quote_request.submitted`), in `locale` for the buyer.
 */
export async function submitQuoteRequest(
  db: Db,
  owner: QuoteOwner,
  id: string,
  { locale, now = new Date() }: { locale: Locale; now?: Date },
): Promise<QuoteRequestDetail> {
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    const request = await ownRequest(t, owner, id, { lock: true })
    if (request.submittedAt)
      throw conflictError(
        'quoting.quote_request.already_submitted.error',
        'The quote request was submitted already.',
      )
    const [{ count } = { count: 0 }] = await t
      .select({ count: sql<number>`count(*)::int` })
      .from(quoteRequestItems)
      .where(eq(quoteRequestItems.quoteRequestId, request.id))
    if (!Number(count))
      throw refusedError('quoting.quote_request.empty.error', 'An empty quote request cannot be submitted.')
    const [submitted] = await t
      .update(quoteRequests)
      .set({ submittedAt: now, locale, updatedAt: now })
      .where(eq(quoteRequests.id, request.id))
      .returning()
    await publish(t, { type: 'quote_request.submitted', quoteRequestId: request.id })
    return requestDetail(t, submitted!)
  })
}

// ---------------------------------------------------------------------------------------------------------
// The shop's side

/** A submitted request waiting for (or having) the shop's answer, as the back office lists it. */
export type SubmittedRequest = QuoteRequestDetail & {
  buyer: { login: string; email: string; firstName: string; lastName: string }
}

/** Submitted requests, oldest first: only those without an answer unless `all`. */
export async function listSubmittedRequests(
  db: Db,
  { all = false, limit = 50, offset = 0 }: { all?: boolean; limit?: number; offset?: number } = {},
): Promise<SubmittedRequest[]> {
  const rows = await db
    .select({ request: quoteRequests, quoteId: quotes.id })
    .from(quoteRequests)
    .leftJoin(quotes, eq(quotes.quoteRequestId, quoteRequests.id))
    .where(and(isNotNull(quoteRequests.submittedAt), all ? undefined : isNull(quotes.id)))
    .orderBy(asc(quoteRequests.submittedAt), asc(quoteRequests.number))
    .limit(limit)
    .offset(offset)
  return Promise.all(rows.map((r) => submittedDetail(db, r.request)))
}

async function submittedDetail(t: Db, request: QuoteRequestRow): Promise<SubmittedRequest> {
  const [detail, [buyer]] = await readTogether(t, [
    () => requestDetail(t, request),
    () =>
      t
        .select({
          login: users.login,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(eq(users.id, request.userId)),
  ])
  return { ...detail, buyer: buyer! }
}

/** A submitted request by its id or its number, for the back office. */
export async function requireSubmittedRequest(db: Db, idOrNumber: string): Promise<SubmittedRequest> {
  const [request] = await db
    .select()
    .from(quoteRequests)
    .where(isUuid(idOrNumber) ? eq(quoteRequests.id, idOrNumber) : eq(quoteRequests.number, idOrNumber))
  if (!request?.submittedAt) throw quoteRequestNotFound()
  return submittedDetail(db, request)
}

/** The shop's price for one line: per piece (net, minor units) and, when it differs, the quantity offered. */
export type ResponseLine = { itemId: string; singleNet: number; quantity?: number }

export type QuoteResponse = {
  lines: ResponseLine[]
  validFrom: Date
  validTo: Date
  sellerComment?: string | null
  respondedBy: 'operator' | 'auto'
}

const responseInvalid = (message: string) =>
  invalidError('quoting.quote.response.invalid.error', message, [
    { code: 'quoting.quote.response.invalid.error', message },
  ])

/** A price `percent` below the list price, rounded to the minor unit (half up). */
export function discounted(listNet: number, percent: number): number {
  return Math.round((listNet * (10_000 - Math.round(percent * 100))) / 10_000)
}

async function lockedUnanswered(t: Db, idOrNumber: string) {
  const [request] = await t
    .select()
    .from(quoteRequests)
    .where(isUuid(idOrNumber) ? eq(quoteRequests.id, idOrNumber) : eq(quoteRequests.number, idOrNumber))
    .for('update')
  if (!request) throw quoteRequestNotFound()
  if (!request.submittedAt)
    throw refusedError(
      'quoting.quote_request.not_submitted.error',
      'The quote request has not been submitted.',
    )
  const [answered] = await t
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.quoteRequestId, request.id))
  if (answered)
    throw conflictError(
      'quoting.quote_request.already_responded.error',
      'The quote request was answered already.',
    )
  return request
}

/**
 * The shop answers a submitted request with a quote: a price for every line (per piece, net), optionally
 * another quantity, valid from `validFrom` to `validTo`. The buyer is told (event `quote.responded`).
 */
export async function respondToQuoteRequest(
  db: Db,
  idOrNumber: string,
  response: QuoteResponse,
): Promise<QuoteDetail> {
  const { validFrom, validTo } = response
  if (!(validTo.getTime() > validFrom.getTime())) throw responseInvalid('validTo must be after validFrom.')
  if (validTo.getTime() - validFrom.getTime() > QUOTE_LIMITS.validityDays * 86_400_000)
    throw responseInvalid(`A quote is valid for at most ${QUOTE_LIMITS.validityDays} days.`)
  if ((response.sellerComment?.length ?? 0) > QUOTE_LIMITS.sellerComment)
    throw responseInvalid(`The comment has at most ${QUOTE_LIMITS.sellerComment} characters.`)
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    const request = await lockedUnanswered(t, idOrNumber)
    const { items } = await requestDetail(t, request)
    const byItem = new Map(response.lines.map((l) => [l.itemId, l]))
    const unknown = response.lines.filter((l) => !items.some((i) => i.id === l.itemId))
    if (unknown.length)
      throw responseInvalid(`Not a line of this request: ${unknown.map((l) => l.itemId).join(', ')}.`)
    const missing = items.filter((i) => !byItem.has(i.id))
    if (missing.length)
      throw responseInvalid(`Every line needs a price; missing: ${missing.map((i) => i.sku).join(', ')}.`)
    for (const line of response.lines) {
      if (!Number.isSafeInteger(line.singleNet) || line.singleNet < 0)
        throw responseInvalid('A price is a non-negative amount.')
      if (
        line.quantity !== undefined &&
        (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > QUOTE_LIMITS.quantity)
      )
        throw responseInvalid(`A quantity is a whole number from 1 to ${QUOTE_LIMITS.quantity}.`)
    }
    const number = await nextNumber(t, quoteNumbers)
    const [quote] = await t
      .insert(quotes)
      .values({
        number,
        quoteRequestId: request.id,
        userId: request.userId,
        customerNo: request.customerNo,
        currency: request.currency,
        sellerComment: response.sellerComment?.trim() || null,
        validFrom,
        validTo,
        respondedBy: response.respondedBy,
      })
      .returning()
    await t.insert(quoteItems).values(
      items.map((item) => {
        const line = byItem.get(item.id)!
        return {
          quoteId: quote!.id,
          position: item.position,
          sku: item.sku,
          quantity: line.quantity ?? item.quantity,
          originQuantity: item.quantity,
          singleNet: line.singleNet,
          originSingleNet: item.singleNet ?? line.singleNet,
        }
      }),
    )
    await publish(t, { type: 'quote.responded', quoteId: quote!.id })
    return quoteDetail(t, quote!)
  })
}

/**
 * The shop declines a submitted request: it is answered by a quote that is rejected from the start (the PWA's
 * state `Rejected`), at the list prices, with the shop's reason as its comment. The buyer is told.
 */
export async function declineQuoteRequest(
  db: Db,
  idOrNumber: string,
  { reason, now = new Date() }: { reason?: string | null; now?: Date },
): Promise<QuoteDetail> {
  if ((reason?.length ?? 0) > QUOTE_LIMITS.sellerComment)
    throw responseInvalid(`The comment has at most ${QUOTE_LIMITS.sellerComment} characters.`)
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    const request = await lockedUnanswered(t, idOrNumber)
    const { items } = await requestDetail(t, request)
    const number = await nextNumber(t, quoteNumbers)
    const [quote] = await t
      .insert(quotes)
      .values({
        number,
        quoteRequestId: request.id,
        userId: request.userId,
        customerNo: request.customerNo,
        currency: request.currency,
        sellerComment: reason?.trim() || null,
        validFrom: now,
        validTo: now,
        respondedBy: 'operator',
        rejectedAt: now,
        rejectedBy: 'seller',
      })
      .returning()
    if (items.length)
      await t.insert(quoteItems).values(
        items.map((item) => ({
          quoteId: quote!.id,
          position: item.position,
          sku: item.sku,
          quantity: item.quantity,
          originQuantity: item.quantity,
          singleNet: item.singleNet ?? 0,
          originSingleNet: item.singleNet ?? 0,
        })),
      )
    await publish(t, { type: 'quote.responded', quoteId: quote!.id })
    return quoteDetail(t, quote!)
  })
}

// ---------------------------------------------------------------------------------------------------------
// The buyer's answer

/** The buyer rejects a responded quote (ICM `PUT quotes/{id} {rejected:true}`); the shop is told. */
export async function rejectQuote(
  db: Db,
  owner: QuoteOwner,
  id: string,
  now = new Date(),
): Promise<QuoteDetail> {
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    const quote = await ownQuote(t, owner, id, { lock: true })
    const state = quoteState(quote, now)
    if (state === 'rejected')
      throw conflictError('quoting.quote.rejected.error', 'The quote was rejected already.')
    if (state === 'accepted') throw acceptedQuoteStays()
    const [rejected] = await t
      .update(quotes)
      .set({ rejectedAt: now, rejectedBy: 'buyer' })
      .where(eq(quotes.id, quote.id))
      .returning()
    await publish(t, { type: 'quote.rejected', quoteId: quote.id })
    return quoteDetail(t, rejected!)
  })
}

/** Deletes a quote from the buyer's list, with its request (see deleteQuoteRequest). */
export async function deleteQuote(db: Db, owner: QuoteOwner, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = asDb(tx)
    const quote = await ownQuote(t, owner, id, { lock: true })
    if (quote.acceptedAt) throw acceptedQuoteStays()
    await t.delete(quoteRequests).where(eq(quoteRequests.id, quote.quoteRequestId))
  })
}

/** Why a quote's prices cannot go into a basket at `now`, or undefined when they can. */
export function acceptanceRefusal(quote: QuoteRow, now: Date) {
  if (quote.rejectedAt)
    return refusedError('quoting.quote.rejected.error', 'The quote was rejected; its prices cannot be used.')
  if (quote.validTo.getTime() < now.getTime())
    return refusedError(
      'quoting.quote.expired.error',
      'The quote has expired; its prices can no longer be used.',
    )
  if (quote.validFrom.getTime() > now.getTime())
    return refusedError('quoting.quote.not_valid_yet.error', 'The quote is not valid yet.')
  return undefined
}

/**
 * Accepts a quote into the owner's basket (ICM `POST baskets/{id}/quotes {id}`): its lines enter at the quoted
 * price per piece and a fixed quantity, as lines of their own. Only a responded quote within its validity,
 * of the basket's user and currency, and not already used: its lines in an open basket, or ordered.
 */
export async function acceptQuoteIntoBasket(
  db: Db,
  owner: QuoteOwner,
  basket: BasketRow,
  quoteId: string,
  now = new Date(),
): Promise<QuoteDetail> {
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    await lockBasket(t, basket.id)
    const quote = await ownQuote(t, owner, quoteId, { lock: true })
    const refusal = acceptanceRefusal(quote, now)
    if (refusal) throw refusal
    if (quote.currency !== basket.currency)
      throw refusedError(
        'quoting.quote.currency.error',
        `The quote is in ${quote.currency}; the basket is in ${basket.currency}.`,
      )
    if (quote.acceptedBasketId) {
      const [[used], [inBasket]] = await readTogether(t, [
        () =>
          t.select({ status: baskets.status }).from(baskets).where(eq(baskets.id, quote.acceptedBasketId!)),
        () =>
          t
            .select({ id: lineItems.id })
            .from(lineItems)
            .where(and(eq(lineItems.quoteId, quote.id), eq(lineItems.basketId, quote.acceptedBasketId!)))
            .limit(1),
      ])
      if (used && (used.status !== 'open' || inBasket))
        throw conflictError(
          'quoting.quote.already_accepted.error',
          used.status === 'open'
            ? 'The quote is in a basket already.'
            : 'The quote was ordered already; ask for a new quote.',
        )
    }
    const detail = await quoteDetail(t, quote)
    const [{ last } = { last: 0 }] = await t
      .select({ last: max(lineItems.position) })
      .from(lineItems)
      .where(eq(lineItems.basketId, basket.id))
    let position = Number(last ?? 0)
    await t.insert(lineItems).values(
      detail.items.map((item) => ({
        basketId: basket.id,
        position: ++position,
        sku: item.sku,
        quantity: item.quantity,
        quoteId: quote.id,
        quotedNet: item.singleNet,
      })),
    )
    await t.update(baskets).set({ updatedAt: now }).where(eq(baskets.id, basket.id))
    const [accepted] = await t
      .update(quotes)
      .set({ acceptedAt: now, acceptedBasketId: basket.id })
      .where(eq(quotes.id, quote.id))
      .returning()
    await publish(t, { type: 'quote.accepted', quoteId: quote.id })
    return { ...detail, quote: accepted! }
  })
}

/**
 * Takes a quote's lines out of the owner's basket (ICM `DELETE baskets/{id}/quotes/{quoteId}`): the quote is
 * no longer accepted and may be put into a basket again while it is valid.
 */
export async function removeQuoteFromBasket(db: Db, owner: QuoteOwner, basket: BasketRow, quoteId: string) {
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    await lockBasket(t, basket.id)
    const quote = await ownQuote(t, owner, quoteId, { lock: true })
    const removed = await t
      .delete(lineItems)
      .where(and(eq(lineItems.basketId, basket.id), eq(lineItems.quoteId, quote.id)))
      .returning({ id: lineItems.id })
    if (!removed.length) throw quoteNotFound()
    await t.update(baskets).set({ updatedAt: new Date() }).where(eq(baskets.id, basket.id))
    if (quote.acceptedBasketId === basket.id)
      await t.update(quotes).set({ acceptedAt: null, acceptedBasketId: null }).where(eq(quotes.id, quote.id))
  })
}

/** The quotes of basket lines, by id (what the basket's lines and validation need to know of them). */
export async function quotesByIds(db: Db, ids: (string | null)[]): Promise<Map<string, QuoteRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  if (!wanted.length) return new Map()
  const rows = await db.select().from(quotes).where(inArray(quotes.id, wanted))
  return new Map(rows.map((q) => [q.id, q]))
}

/** Product names for mails and lists (en_US fallback inside `localize`). */
export async function productNames(db: Db, skus: string[]) {
  if (!skus.length) return new Map<string, Record<string, string>>()
  const rows = await db
    .select({ sku: products.sku, names: products.names })
    .from(products)
    .where(inArray(products.sku, [...new Set(skus)]))
  return new Map(rows.map((r) => [r.sku, r.names as Record<string, string>]))
}

/** The net total of priced lines (`singleNet` × quantity); lines without a price count nothing. */
export const linesTotalNet = (lines: { singleNet: number | null; quantity: number }[]) =>
  lines.reduce((sum, l) => sum + (l.singleNet === null ? 0 : multiply(l.singleNet, l.quantity)), 0)

// ---------------------------------------------------------------------------------------------------------
// Free-text quote requests (`POST quotecontact`, spec shell §7)

export const QUOTE_CONTACT_LIMITS = {
  description: 4000,
  name: 100,
  email: 254,
  phone: 40,
  company: 100,
  quantity: 1_000_000,
} as const

export type QuoteContactInput = {
  description: string
  quantity?: number | null
  name: string
  email: string
  phone?: string | null
  company?: string | null
}

/**
 * Stores a free-text quote request (anyone may send one; the route checks the captcha and the rate) and tells
 * the shop and the sender (event `quote_contact.received`), in one transaction.
 */
export async function recordQuoteContact(
  db: Db,
  input: QuoteContactInput,
  { locale, userId = null }: { locale: Locale; userId?: string | null },
): Promise<typeof quoteContacts.$inferSelect> {
  return db.transaction(async (tx) => {
    const t = asDb(tx)
    const [row] = await t
      .insert(quoteContacts)
      .values({
        description: input.description.trim(),
        quantity: input.quantity ?? null,
        name: input.name.trim(),
        email: input.email.trim(),
        phone: input.phone?.trim() || null,
        company: input.company?.trim() || null,
        locale,
        userId,
      })
      .returning()
    await publish(t, { type: 'quote_contact.received', contactId: row!.id })
    return row!
  })
}
