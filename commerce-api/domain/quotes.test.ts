/**
 * The quoting rules without HTTP (issue 36, ADR 0040): the states of requests and quotes and when a quote
 * expires, who may touch which request and quote (only its user, of its customer), what a submitted request
 * still allows, the shop's answer (every line priced, a sane validity), acceptance into a basket only within
 * the validity and once, the quoted price in the basket, and the automatic rule's reading and prices.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { inventories, prices, productPromotions, products, promotions, users } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { addItems, basketState, createBasket } from './basket'
import { refusal } from './basket-test-fixtures'
import { subscribe, type DomainEvent } from './events'
import {
  autoResponseComment,
  parseAutoResponseRule,
  respondAutomatically,
  volumePercent,
} from './quote-auto-response'
import {
  acceptQuoteIntoBasket,
  addQuoteRequestItem,
  createQuoteRequest,
  declineQuoteRequest,
  discounted,
  quotePricesHold,
  quoteRequestState,
  quoteState,
  rejectQuote,
  removeQuoteFromBasket,
  requireQuote,
  requireQuoteRequest,
  respondToQuoteRequest,
  submitQuoteRequest,
  updateQuoteRequestItem,
  type QuoteOwner,
} from './quotes'
import type { Principal } from './tokens'

let database: Database
let buyer: QuoteOwner & { login: string }
let colleague: QuoteOwner
let stranger: QuoteOwner
let skus: string[]
const events: DomainEvent[] = []
let unsubscribe: () => void

const DAY = 86_400_000

async function ownerOf(login: string) {
  const [row] = await database.db
    .select({ userId: users.id, customerNo: users.customerNo, login: users.login })
    .from(users)
    .where(eq(users.login, login))
  return row!
}

const principalOf = (owner: QuoteOwner & { login: string }): Principal => ({
  anonymous: false,
  subject: owner.userId,
  token: 'test',
  userId: owner.userId,
  customerNo: owner.customerNo,
  customerType: 'SMBCustomer',
  login: owner.login,
  roleIds: ['APP_B2B_BUYER'],
  permissionIds: ['APP_B2B_MANAGE_OWN_QUOTES'],
})

beforeAll(async () => {
  database = await seededTestDatabase({ products: 20 })
  buyer = await ownerOf('bbuyer')
  colleague = await ownerOf('jlink')
  stranger = await ownerOf('tkestrel')
  skus = (
    await database.db
      .select({ sku: products.sku })
      .from(products)
      .innerJoin(prices, eq(prices.sku, products.sku))
      .innerJoin(inventories, eq(inventories.sku, products.sku))
      .where(eq(prices.currency, 'EUR'))
      .limit(40)
  )
    .map((p) => p.sku)
    .filter((sku, i, all) => all.indexOf(sku) === i)
  unsubscribe = subscribe(async (_t, event) => void events.push(event))
})

afterAll(async () => {
  unsubscribe?.()
  await database?.close()
})

/** A request of the buyer with one line of a product whose quantity rules allow `quantity`, submitted. */
async function submittedRequest(quantity = 1) {
  const detail = await createQuoteRequest(database.db, buyer, {
    currency: 'EUR',
    locale: 'en_US',
    source: { from: 'empty' },
  })
  let added = false
  for (const sku of skus) {
    try {
      await addQuoteRequestItem(database.db, buyer, detail.request.id, { sku, quantity })
      added = true
      break
    } catch {
      // A product whose minimum or step does not allow the quantity: try the next.
    }
  }
  expect(added).toBe(true)
  await submitQuoteRequest(database.db, buyer, detail.request.id, { locale: 'en_US' })
  return requireQuoteRequest(database.db, buyer, detail.request.id)
}

describe('states', () => {
  const quote = (validTo: number, extra: Partial<Record<'rejectedAt' | 'acceptedAt', Date>> = {}) => ({
    validFrom: new Date(0),
    validTo: new Date(validTo),
    rejectedAt: extra.rejectedAt ?? null,
    acceptedAt: extra.acceptedAt ?? null,
  })

  it('names a request new until submitted, then submitted', () => {
    expect(quoteRequestState({ submittedAt: null })).toBe('new')
    expect(quoteRequestState({ submittedAt: new Date() })).toBe('submitted')
  })

  it('lets a quote expire after its last instant, unless rejected or accepted before', () => {
    const now = new Date(10 * DAY)
    expect(quoteState(quote(10 * DAY), now)).toBe('responded')
    expect(quoteState(quote(10 * DAY - 1), now)).toBe('expired')
    expect(quoteState(quote(5 * DAY, { rejectedAt: new Date(DAY) }), now)).toBe('rejected')
    expect(quoteState(quote(5 * DAY, { acceptedAt: new Date(DAY) }), now)).toBe('accepted')
    expect(quotePricesHold({ ...quote(10 * DAY) }, now)).toBe(true)
    expect(quotePricesHold({ ...quote(10 * DAY - 1) }, now)).toBe(false)
    expect(quotePricesHold({ ...quote(20 * DAY), validFrom: new Date(11 * DAY) }, now)).toBe(false)
    expect(quotePricesHold({ ...quote(20 * DAY), rejectedAt: new Date(DAY) }, now)).toBe(false)
  })

  it('takes a discount off in exact minor units', () => {
    expect(discounted(1999, 10)).toBe(1799)
    expect(discounted(1000, 5)).toBe(950)
    expect(discounted(333, 12.5)).toBe(291)
    expect(discounted(500, 0)).toBe(500)
  })
})

describe('who may', () => {
  it('keeps a request and its quote to their own user: others do not find them', async () => {
    const request = await submittedRequest()
    for (const other of [colleague, stranger]) {
      expect((await refusal(() => requireQuoteRequest(database.db, other, request.request.id))).code).toBe(
        'quoting.quote_request.not_found.error',
      )
    }
    const quote = await respondToQuoteRequest(database.db, request.request.id, {
      lines: request.items.map((i) => ({ itemId: i.id, singleNet: 100 })),
      validFrom: new Date(),
      validTo: new Date(Date.now() + DAY),
      respondedBy: 'operator',
    })
    expect((await refusal(() => requireQuote(database.db, colleague, quote.quote.id))).kind).toBe('not-found')
    expect((await refusal(() => rejectQuote(database.db, stranger, quote.quote.id))).kind).toBe('not-found')
    // The same user of another customer number is not the owner either.
    const forged = { userId: buyer.userId, customerNo: stranger.customerNo }
    expect((await refusal(() => requireQuote(database.db, forged, quote.quote.id))).kind).toBe('not-found')
  })

  it('fixes a submitted request and lets the shop answer it once, every line priced', async () => {
    const request = await submittedRequest()
    const item = request.items[0]!
    expect(
      (
        await refusal(() =>
          updateQuoteRequestItem(database.db, buyer, request.request.id, item.id, { quantity: 5 }),
        )
      ).code,
    ).toBe('quoting.quote_request.not_editable.error')
    const validity = {
      validFrom: new Date(),
      validTo: new Date(Date.now() + DAY),
      respondedBy: 'operator' as const,
    }
    expect(
      (
        await refusal(() =>
          respondToQuoteRequest(database.db, request.request.id, { lines: [], ...validity }),
        )
      ).code,
    ).toBe('quoting.quote.response.invalid.error')
    expect(
      (
        await refusal(() =>
          respondToQuoteRequest(database.db, request.request.id, {
            lines: [{ itemId: item.id, singleNet: 100 }],
            ...validity,
            validTo: validity.validFrom,
          }),
        )
      ).code,
    ).toBe('quoting.quote.response.invalid.error')
    events.length = 0
    await respondToQuoteRequest(database.db, request.request.id, {
      lines: [{ itemId: item.id, singleNet: 100 }],
      ...validity,
    })
    expect(events).toEqual([{ type: 'quote.responded', quoteId: expect.any(String) }])
    expect(
      (await refusal(() => declineQuoteRequest(database.db, request.request.id, { reason: 'late' }))).code,
    ).toBe('quoting.quote_request.already_responded.error')
  })

  it('refuses to answer a request that is still new', async () => {
    const detail = await createQuoteRequest(database.db, buyer, {
      currency: 'EUR',
      locale: 'en_US',
      source: { from: 'empty' },
    })
    expect((await refusal(() => declineQuoteRequest(database.db, detail.request.id, {}))).code).toBe(
      'quoting.quote_request.not_submitted.error',
    )
  })
})

describe('acceptance', () => {
  async function answered(validFrom: Date, validTo: Date, singleNet = 77) {
    const request = await submittedRequest()
    return respondToQuoteRequest(database.db, request.request.id, {
      lines: request.items.map((i) => ({ itemId: i.id, singleNet })),
      validFrom,
      validTo,
      respondedBy: 'operator',
    })
  }

  it('puts a valid quote’s lines into the basket at the quoted price, once', async () => {
    const quote = await answered(new Date(Date.now() - DAY), new Date(Date.now() + DAY))
    const basket = await createBasket(database.db, principalOf(buyer), 'EUR')
    await acceptQuoteIntoBasket(database.db, buyer, basket, quote.quote.id)
    const state = await basketState(database.db, basket, 'en_US')
    const line = state.priced.find((l) => l.row.quoteId === quote.quote.id)!
    expect(line.unit.net).toBe(77)
    expect(line.net).toBe(77 * line.row.quantity)
    expect(quoteState((await requireQuote(database.db, buyer, quote.quote.id)).quote)).toBe('accepted')
    expect(
      (await refusal(() => acceptQuoteIntoBasket(database.db, buyer, basket, quote.quote.id))).code,
    ).toBe('quoting.quote.already_accepted.error')
    // Taken out again, it may go back in while valid.
    await removeQuoteFromBasket(database.db, buyer, basket, quote.quote.id)
    expect(quoteState((await requireQuote(database.db, buyer, quote.quote.id)).quote)).toBe('responded')
    await acceptQuoteIntoBasket(database.db, buyer, basket, quote.quote.id)
  })

  it('gives a quoted line no item promotion (the quote’s price is final), while the same product’s line does', async () => {
    const quote = await answered(new Date(Date.now() - DAY), new Date(Date.now() + DAY), 1000)
    const sku = quote.items[0]!.sku
    await database.db.insert(promotions).values({
      id: 'TEST-ITEM-HALF',
      titles: { en_US: 'Half price' },
      longTitles: {},
      ruleDescriptions: {},
      legalContent: {},
      rule: { type: 'percentOff', value: 50, scope: 'item' },
    })
    await database.db.insert(productPromotions).values({ sku, promotionId: 'TEST-ITEM-HALF' })
    try {
      const basket = await createBasket(database.db, principalOf(buyer), 'EUR')
      await acceptQuoteIntoBasket(database.db, buyer, basket, quote.quote.id)
      await addItems(database.db, basket, 'en_US', [{ sku, quantity: 1 }])
      const state = await basketState(database.db, basket, 'en_US')
      const quoted = state.priced.find((l) => l.row.quoteId === quote.quote.id)!
      const plain = state.priced.find((l) => l.row.sku === sku && l.row.quoteId === null)!
      expect(quoted.net).toBe(1000 * quoted.row.quantity)
      expect(state.rebates.lines.get(quoted.row.id)).toBeUndefined()
      expect(state.rebates.lines.get(plain.row.id)?.net).toBe(Math.round(plain.net / 2))
    } finally {
      await database.db.delete(productPromotions).where(eq(productPromotions.promotionId, 'TEST-ITEM-HALF'))
      await database.db.delete(promotions).where(eq(promotions.id, 'TEST-ITEM-HALF'))
    }
  })

  it('refuses an expired, a not yet valid, a rejected quote and another currency', async () => {
    const basket = await createBasket(database.db, principalOf(buyer), 'EUR')
    const expired = await answered(new Date(Date.now() - 2 * DAY), new Date(Date.now() - DAY))
    expect(
      (await refusal(() => acceptQuoteIntoBasket(database.db, buyer, basket, expired.quote.id))).code,
    ).toBe('quoting.quote.expired.error')
    const future = await answered(new Date(Date.now() + DAY), new Date(Date.now() + 2 * DAY))
    expect(
      (await refusal(() => acceptQuoteIntoBasket(database.db, buyer, basket, future.quote.id))).code,
    ).toBe('quoting.quote.not_valid_yet.error')
    const rejected = await answered(new Date(Date.now() - DAY), new Date(Date.now() + DAY))
    await rejectQuote(database.db, buyer, rejected.quote.id)
    expect(
      (await refusal(() => acceptQuoteIntoBasket(database.db, buyer, basket, rejected.quote.id))).code,
    ).toBe('quoting.quote.rejected.error')
    expect((await refusal(() => rejectQuote(database.db, buyer, rejected.quote.id))).code).toBe(
      'quoting.quote.rejected.error',
    )
    const valid = await answered(new Date(Date.now() - DAY), new Date(Date.now() + DAY))
    const usd = await createBasket(database.db, principalOf(buyer), 'USD')
    expect((await refusal(() => acceptQuoteIntoBasket(database.db, buyer, usd, valid.quote.id))).code).toBe(
      'quoting.quote.currency.error',
    )
    // Another user's basket is never theirs to fill: the quote is not found for them.
    const colleagues = await createBasket(database.db, principalOf({ ...colleague, login: 'jlink' }), 'EUR')
    expect(
      (await refusal(() => acceptQuoteIntoBasket(database.db, colleague, colleagues, valid.quote.id))).kind,
    ).toBe('not-found')
  })
})

describe('the automatic rule', () => {
  it('reads tiers and a validity, and refuses what it cannot follow', () => {
    expect(parseAutoResponseRule(undefined)).toBeUndefined()
    expect(parseAutoResponseRule('off')).toBeUndefined()
    expect(parseAutoResponseRule('volume:10%@50,5%@10;valid:14d')).toEqual({
      tiers: [
        { minQuantity: 10, percent: 5 },
        { minQuantity: 50, percent: 10 },
      ],
      validityMs: 14 * DAY,
    })
    expect(parseAutoResponseRule('volume:2.5%@1;valid:12h')?.validityMs).toBe(12 * 3_600_000)
    for (const bad of [
      'volume:5@10',
      'volume:;valid:14d',
      'volume:100%@5',
      'volume:5%@10;valid:14w',
      'rebate:5%@1',
    ])
      expect(() => parseAutoResponseRule(bad)).toThrow(/QUOTE_AUTO_RESPONSE/)
  })

  it('gives each line the discount of the highest tier its quantity reaches', () => {
    const rule = parseAutoResponseRule('volume:5%@10,10%@50')!
    expect([1, 9, 10, 49, 50, 500].map((q) => volumePercent(rule, q))).toEqual([0, 0, 5, 5, 10, 10])
    expect(autoResponseComment(rule, 'de_DE')).toBe('Unser Mengenrabatt: 5 % ab 10 Stück, 10 % ab 50 Stück.')
  })

  it('answers a submitted request at the discounted list prices, valid from the answer', async () => {
    const rule = parseAutoResponseRule('volume:5%@1;valid:2d')!
    const request = await submittedRequest()
    const at = new Date('2030-01-01T00:00:00Z')
    const outcome = await respondAutomatically(database.db, request.request.id, rule, at)
    if (outcome.outcome !== 'responded') throw new Error('expected an answer')
    const item = request.items[0]!
    expect(outcome.quote.items[0]!.singleNet).toBe(discounted(item.singleNet!, 5))
    expect(outcome.quote.quote.validFrom).toEqual(at)
    expect(outcome.quote.quote.validTo.getTime() - at.getTime()).toBe(2 * DAY)
    expect(outcome.quote.quote.respondedBy).toBe('auto')
  })
})
