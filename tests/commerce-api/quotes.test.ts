/**
 * Quoting over HTTP (icm-contract.md: `customers/{no}/users/{login}/quoterequests|quotes`, the PWA's
 * `quoting.service.ts`; `baskets/{id}/quotes`): ICM's shapes (the wire check validates every answer), a request
 * made empty, from a basket and from a quote, its items edited and submitted; the shop's answer through the
 * back office; the buyer's rejection, or acceptance into a basket at the quoted prices, which the order keeps;
 * an expired quote refused at checkout; who can reach what: another customer's token (404), another user of the
 * same customer (404), a user without the quoting permission (403); bad input (400/404/409/413/422).
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, quotes } from '../../commerce-api/db/schema'
import { ALL_INCLUDES, minor, readyBusinessBasket, sellableSkus, userToken } from './checkout-fixtures'
import { backoffice, mailsTo, OPERATOR_TOKEN } from './order-fixtures'
import { buildServer } from '../../commerce-api/server'
import { call, SITE, startApi, type Api } from './harness'
import { assertWireFaithful } from './wire-check'

let api: Api
let skus: string[]
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 60, backofficeToken: OPERATOR_TOKEN })
  skus = await sellableSkus(api, 3)
  for (const login of ['bbuyer', 'jlink', 'tkestrel', 'brightline-oci', 'patricia@ironbridge.test'])
    tokens[login] = await userToken(api, login)
})
afterAll(async () => {
  await api?.close()
})
afterEach(() => assertWireFaithful())

const EUR = ';loc=en_US;cur=EUR'
const user = (rest: string, login = '-', customer = '-') =>
  api.url(`customers/${customer}/users/${login}/${rest}`, EUR)
const as = (login: string) => tokens[login]!
const post = (url: string, token: string | undefined, json?: unknown) =>
  call(url, { method: 'POST', token, ...(json !== undefined ? { json } : {}) })
const put = (url: string, token: string | undefined, json: unknown) =>
  call(url, { method: 'PUT', token, json })
const del = (url: string, token: string | undefined) => call(url, { method: 'DELETE', token })
/** A new request of `login` with `lines`, its id. */
async function requestWith(login: string, lines: { sku: string; quantity: number }[]) {
  const created = await post(user('quoterequests'), as(login))
  expect(created.status).toBe(201)
  const id = created.json.title as string
  for (const line of lines) {
    const added = await post(user(`quoterequests/${id}/items`), as(login), {
      productSKU: line.sku,
      quantity: { value: line.quantity },
    })
    expect(added.status).toBe(201)
  }
  return id
}

describe('quote requests', () => {
  it('are created empty, filled, listed with the attributes asked for, read with their items as Links', async () => {
    const created = await post(user('quoterequests'), as('bbuyer'))
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ type: 'Link', title: expect.any(String) })
    const id = created.json.title
    expect(created.json.uri).toBe(`ironbridge-Site/-/customers/BC-200001/users/bbuyer/quoterequests/${id}`)

    const added = await post(user(`quoterequests/${id}/items`), as('bbuyer'), {
      productSKU: skus[0],
      quantity: { value: 4 },
    })
    expect(added.status).toBe(201)
    const again = await post(user(`quoterequests/${id}/items`), as('bbuyer'), {
      productSKU: skus[0],
      quantity: { value: 2 },
    })
    expect(again.json.title).toBe(added.json.title)

    const read = await call(user(`quoterequests/${id}`), { token: as('bbuyer') })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({
      type: 'QuoteRequest',
      id,
      editable: true,
      state: 'new',
      submitted: false,
    })
    expect(read.json.items).toEqual([expect.objectContaining({ type: 'Link', title: added.json.title })])
    expect(read.json.submittedDate).toBeUndefined()

    const item = await call(api.url(read.json.items[0].uri.split('/-/')[1], EUR), { token: as('bbuyer') })
    expect(item.status).toBe(200)
    expect(item.json).toMatchObject({
      type: 'QuoteRequestLineItem',
      productSKU: skus[0],
      quantity: { value: 6 },
    })
    expect(minor(item.json.totalPrice)).toBe(minor(item.json.singlePrice) * 6)
    expect(minor(read.json.total)).toBe(minor(item.json.totalPrice))

    const listed = await call(
      `${user('quoterequests')}?attrs=number,name,lineItems,creationDate,submittedDate,state`,
      {
        token: as('bbuyer'),
      },
    )
    const link = listed.json.elements.find((l: any) => l.title === id)
    const attr = (name: string) => link.attributes.find((a: any) => a.name === name)?.value
    expect(attr('number')).toBe(read.json.number)
    expect(attr('lineItems')).toBe(1)
    expect(attr('state')).toBe('new')
    expect(attr('submittedDate')).toBeUndefined()
    const bare = await call(user('quoterequests'), { token: as('bbuyer') })
    expect(bare.json.elements.find((l: any) => l.title === id).attributes).toBeUndefined()
  })

  it('copies a basket’s lines, and another request’s', async () => {
    const basket = await post(api.url('baskets', EUR), as('bbuyer'))
    const basketId = basket.json.data.id
    await post(api.url(`baskets/${basketId}/items`, EUR), as('bbuyer'), [
      { product: skus[1], quantity: { value: 3 } },
      { product: skus[2], quantity: { value: 1 } },
    ])
    const fromBasket = await post(`${user('quoterequests')}?basketID=${basketId}`, as('bbuyer'))
    expect(fromBasket.status).toBe(201)
    const copy = await call(user(`quoterequests/${fromBasket.json.title}/items`), { token: as('bbuyer') })
    expect(copy.json.elements).toHaveLength(2)

    const fromRequest = await post(
      `${user('quoterequests')}?quoteRequestID=${fromBasket.json.title}`,
      as('bbuyer'),
    )
    expect(fromRequest.status).toBe(201)
    const second = await call(user(`quoterequests/${fromRequest.json.title}`), { token: as('bbuyer') })
    expect(second.json.items).toHaveLength(2)
    expect(second.json.id).not.toBe(fromBasket.json.title)

    // Another user's basket is not found.
    const foreign = await post(`${user('quoterequests')}?basketID=${basketId}`, as('jlink'))
    expect(foreign.status).toBe(404)
    expect(foreign.json.errors[0].code).toBe('basket.not_found.error')
  })

  it('are renamed and edited while new, and fixed once submitted', async () => {
    const id = await requestWith('bbuyer', [
      { sku: skus[0]!, quantity: 2 },
      { sku: skus[1]!, quantity: 5 },
    ])
    const renamed = await put(user(`quoterequests/${id}`), as('bbuyer'), {
      displayName: 'Workshop refit',
      description: 'Delivery in March',
    })
    expect(renamed.status).toBe(200)
    expect(renamed.json).toMatchObject({ displayName: 'Workshop refit', description: 'Delivery in March' })
    const [first, second] = renamed.json.items.map((l: any) => l.title)
    const changed = await put(user(`quoterequests/${id}/items/${first}`), as('bbuyer'), {
      quantity: { value: 20 },
      note: 'boxed',
    })
    expect(changed.json).toMatchObject({ quantity: { value: 20 }, note: 'boxed' })
    expect((await del(user(`quoterequests/${id}/items/${second}`), as('bbuyer'))).status).toBe(204)

    const submitted = await post(user('quotes'), as('bbuyer'), { quoteRequestID: id })
    expect(submitted.status).toBe(201)
    expect(submitted.json.title).toBe(id)
    const read = await call(user(`quoterequests/${id}`), { token: as('bbuyer') })
    expect(read.json).toMatchObject({ state: 'submitted', editable: false, submitted: true })
    expect(read.json.submittedDate).toEqual(expect.any(Number))

    const late = await put(user(`quoterequests/${id}/items/${first}`), as('bbuyer'), {
      quantity: { value: 1 },
    })
    expect(late.status).toBe(422)
    expect(late.json.errors[0].code).toBe('quoting.quote_request.not_editable.error')
    const twice = await post(user('quotes'), as('bbuyer'), { quoteRequestID: id })
    expect(twice.status).toBe(409)
    expect(twice.json.errors[0].code).toBe('quoting.quote_request.already_submitted.error')

    // The buyer and the shop were told.
    const mails = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'quote-request-submitted'))
    expect(mails.map((m) => m.recipient)).toContain('bbuyer@brightline.test')
    expect(
      (await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'quote-request-to-shop')))
        .length,
    ).toBeGreaterThan(0)
  })

  it('refuses an empty submission and bad input with the right status', async () => {
    const id = await requestWith('bbuyer', [])
    const empty = await post(user('quotes'), as('bbuyer'), { quoteRequestID: id })
    expect(empty.status).toBe(422)
    expect(empty.json.errors[0].code).toBe('quoting.quote_request.empty.error')

    const noSku = await post(user(`quoterequests/${id}/items`), as('bbuyer'), { quantity: { value: 1 } })
    expect(noSku.status).toBe(400)
    expect(noSku.json.errors[0].causes[0].paths).toEqual(['productSKU'])
    const zero = await post(user(`quoterequests/${id}/items`), as('bbuyer'), {
      productSKU: skus[0],
      quantity: { value: 0 },
    })
    expect(zero.status).toBe(400)
    const unknown = await post(user(`quoterequests/${id}/items`), as('bbuyer'), {
      productSKU: 'no-such-sku',
      quantity: { value: 1 },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.json.errors[0].code).toBe('quoting.quote_request.product.not_found.error')
    expect((await call(user('quoterequests/not-a-uuid'), { token: as('bbuyer') })).status).toBe(404)
    expect((await call(user(`quoterequests/${id}/items/not-an-item`), { token: as('bbuyer') })).status).toBe(
      404,
    )
    const huge = await call(user(`quoterequests/${id}`), {
      method: 'PUT',
      token: as('bbuyer'),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(huge.status).toBe(413)
    const long = await put(user(`quoterequests/${id}`), as('bbuyer'), { description: 'x'.repeat(2001) })
    expect(long.status).toBe(400)
    const twoSources = await post(`${user('quoterequests')}?quoteID=a&basketID=b`, as('bbuyer'))
    expect(twoSources.status).toBe(400)
  })
})

describe('who may reach quotes', () => {
  it('keeps each user’s requests to themselves; another customer’s path is not found', async () => {
    const id = await requestWith('bbuyer', [{ sku: skus[0]!, quantity: 1 }])
    // Another user of the same customer: not found, also through their own login.
    expect((await call(user(`quoterequests/${id}`), { token: as('jlink') })).status).toBe(404)
    const viaLogin = await call(user(`quoterequests/${id}`, 'bbuyer', 'BC-200001'), { token: as('jlink') })
    expect(viaLogin.status).toBe(403)
    // Another customer: its path is not found, and the request is not found through '-' either.
    const foreign = await call(user('quoterequests', '-', 'BC-200001'), { token: as('tkestrel') })
    expect(foreign.status).toBe(404)
    expect(foreign.json.errors[0].code).toBe('customer.not_found')
    expect((await call(user(`quoterequests/${id}`), { token: as('tkestrel') })).status).toBe(404)
    expect((await del(user(`quoterequests/${id}`), as('tkestrel'))).status).toBe(404)
  })

  it('refuses a user without the quoting permission, a private customer and a caller without a token', async () => {
    const oci = await call(user('quoterequests'), { token: as('brightline-oci') })
    expect(oci.status).toBe(403)
    expect(oci.json.errors[0].code).toBe('authorization.forbidden')
    expect((await post(user('quoterequests'), as('brightline-oci'))).status).toBe(403)
    // Quoting is B2B: a private customer has no such resource.
    expect((await call(user('quoterequests'), { token: as('patricia@ironbridge.test') })).status).toBe(404)
    expect((await call(user('quoterequests'))).status).toBe(401)
  })
})

/** A submitted request of bbuyer with `lines`, answered by the operator with `answer`: the quote's id. */
async function quoted(
  lines: { sku: string; quantity: number }[],
  answer: Record<string, unknown> = { discountPercent: 10, validDays: 7 },
) {
  const id = await requestWith('bbuyer', lines)
  expect((await post(user('quotes'), as('bbuyer'), { quoteRequestID: id })).status).toBe(201)
  const number = (await call(user(`quoterequests/${id}`), { token: as('bbuyer') })).json.number
  const responded = await backoffice(api, `quoterequests/${number}/quote`, { method: 'POST', json: answer })
  expect(responded.status).toBe(201)
  return { requestId: id, number, quoteId: responded.json.quote.id as string, answer: responded.json }
}

const lineItemsOf = (basket: any) => Object.values(basket.included?.lineItems ?? {}) as any[]

describe('the shop’s answer and the buyer’s acceptance', () => {
  it('answers through the back office, puts the quote into a basket at its prices, and the order keeps them', async () => {
    const id = await requestWith('bbuyer', [
      { sku: skus[0]!, quantity: 10 },
      { sku: skus[1]!, quantity: 2 },
    ])
    await post(user('quotes'), as('bbuyer'), { quoteRequestID: id })
    const number = (await call(user(`quoterequests/${id}`), { token: as('bbuyer') })).json.number

    const waiting = await backoffice(api, 'quoterequests')
    expect(waiting.status).toBe(200)
    const listed = waiting.json.quoteRequests.find((r: any) => r.number === number)
    expect(listed).toMatchObject({ state: 'submitted', customerNo: 'BC-200001', buyer: { login: 'bbuyer' } })
    const list0 = minor(listed.items.find((i: any) => i.sku === skus[0]).listPrice)

    const responded = await backoffice(api, `quoterequests/${number}/quote`, {
      method: 'POST',
      json: {
        lines: [{ sku: skus[1], price: 1.23 }],
        discountPercent: 10,
        validDays: 7,
        sellerComment: 'Thanks for asking',
      },
    })
    expect(responded.status).toBe(201)
    expect(responded.json.quote).toMatchObject({ state: 'responded', respondedBy: 'operator' })
    const again = await backoffice(api, `quoterequests/${number}/quote`, { method: 'POST', json: {} })
    expect(again.status).toBe(409)
    expect(again.json.errors[0].code).toBe('quoting.quote_request.already_responded.error')

    const quotesList = await call(
      `${user('quotes')}?attrs=number,name,lineItems,validFromDate,validToDate,rejected,state,total`,
      {
        token: as('bbuyer'),
      },
    )
    const link = quotesList.json.elements.find((l: any) => l.title === responded.json.quote.id)
    expect(link.attributes).toEqual(
      expect.arrayContaining([
        { name: 'rejected', type: 'Boolean', value: false },
        { name: 'state', type: 'String', value: 'responded' },
        { name: 'lineItems', type: 'Integer', value: 2 },
      ]),
    )
    const quote = await call(user(`quotes/${link.title}`), { token: as('bbuyer') })
    expect(quote.json).toMatchObject({
      type: 'Quote',
      state: 'responded',
      rejected: false,
      sellerComment: 'Thanks for asking',
    })
    expect(quote.json.validToDate - quote.json.validFromDate).toBe(7 * 86_400_000)
    const bySku = new Map(quote.json.items.map((i: any) => [i.productSKU, i]))
    const first: any = bySku.get(skus[0])
    expect(minor(first.singlePrice)).toBe(Math.round(list0 * 0.9))
    expect(minor(first.originSinglePrice)).toBe(list0)
    expect(minor((bySku.get(skus[1]) as any).singlePrice)).toBe(123)
    expect(minor(quote.json.total)).toBe(Math.round(list0 * 0.9) * 10 + 123 * 2)
    // The list's Link carries the same total (what the quote list shows).
    const listedTotal = link.attributes.find((a: any) => a.name === 'total')
    expect(listedTotal.type).toBe('Money')
    expect(minor(listedTotal.value)).toBe(minor(quote.json.total))
    expect(listedTotal.value.currency).toBe(quote.json.total.currency)
    expect(await mailsTo(api, 'bbuyer@brightline.test', 'quote-responded')).not.toHaveLength(0)

    // Accepted into a basket: the quote's lines at its prices, their quantity fixed.
    const basket = await readyBusinessBasket(api, as('bbuyer'), [{ sku: skus[2]!, quantity: 1 }])
    const accepted = await post(
      api.url(`baskets/${basket.id}/quotes?include=${ALL_INCLUDES}`, EUR),
      as('bbuyer'),
      {
        id: link.title,
        calculated: true,
      },
    )
    expect(accepted.status).toBe(200)
    const quotedLines = lineItemsOf(accepted.json).filter((l) => l.quote === link.title)
    expect(quotedLines).toHaveLength(2)
    const quotedFirst = quotedLines.find((l) => l.product === skus[0])
    expect(quotedFirst).toMatchObject({ quantityFixed: true, quantity: { value: 10 } })
    expect(minor(quotedFirst.pricing.singleBasePrice.net)).toBe(Math.round(list0 * 0.9))
    expect(minor(quotedLines.find((l) => l.product === skus[1]).pricing.singleBasePrice.net)).toBe(123)
    expect((await call(user(`quotes/${link.title}`), { token: as('bbuyer') })).json.state).toBe('accepted')
    expect(await mailsTo(api, 'shop@ironbridge.test', 'quote-accepted-to-shop')).not.toHaveLength(0)

    const twice = await post(api.url(`baskets/${basket.id}/quotes`, EUR), as('bbuyer'), { id: link.title })
    expect(twice.status).toBe(409)
    expect(twice.json.errors[0].code).toBe('quoting.quote.already_accepted.error')
    const resize = await call(api.url(`baskets/${basket.id}/items/${quotedFirst.id}`, EUR), {
      method: 'PATCH',
      token: as('bbuyer'),
      json: { quantity: { value: 11 } },
    })
    expect(resize.status).toBe(422)
    expect(resize.json.errors[0].causes[0].code).toBe('basket.line_item.quote.quantity_fixed.error')
    // The same product added again is a line of its own at the list price.
    const plain = await post(api.url(`baskets/${basket.id}/items`, EUR), as('bbuyer'), [
      { product: skus[0], quantity: { value: 1 } },
    ])
    expect(plain.status).toBe(201)
    expect(plain.json.data[0].quote).toBeUndefined()
    expect(minor(plain.json.data[0].pricing.singleBasePrice.net)).toBe(list0)
    expect(
      (
        await call(api.url(`baskets/${basket.id}/items/${plain.json.data[0].id}`, EUR), {
          method: 'DELETE',
          token: as('bbuyer'),
        })
      ).status,
    ).toBe(204)

    const order = await post(api.url(`orders?include=${ALL_INCLUDES}`, EUR), as('bbuyer'), {
      basket: basket.id,
      termsAndConditionsAccepted: true,
    })
    expect(order.status).toBe(201)
    const ordered = lineItemsOf(order.json).filter((l) => l.quote === link.title)
    expect(ordered.map((l) => minor(l.pricing.singleBasePrice.net)).sort((a, b) => a - b)).toEqual(
      [123, Math.round(list0 * 0.9)].sort((a, b) => a - b),
    )
    // Ordered: the quote cannot go into a basket again.
    const next = await readyBusinessBasket(api, as('bbuyer'), [{ sku: skus[2]!, quantity: 1 }])
    const reuse = await post(api.url(`baskets/${next.id}/quotes`, EUR), as('bbuyer'), { id: link.title })
    expect(reuse.status).toBe(409)
  })

  it('refuses an expired quote’s lines at checkout with a clear code, and an expired quote in the basket', async () => {
    const { quoteId } = await quoted([{ sku: skus[0]!, quantity: 3 }])
    const basket = await readyBusinessBasket(api, as('bbuyer'), [{ sku: skus[2]!, quantity: 1 }])
    expect(
      (await post(api.url(`baskets/${basket.id}/quotes`, EUR), as('bbuyer'), { id: quoteId })).status,
    ).toBe(200)
    await api.database.db
      .update(quotes)
      .set({ validTo: new Date(Date.now() - 60_000) })
      .where(eq(quotes.id, quoteId))
    const order = await post(api.url('orders', EUR), as('bbuyer'), {
      basket: basket.id,
      termsAndConditionsAccepted: true,
    })
    expect(order.status).toBe(422)
    expect(order.json.errors[0].causes.map((c: any) => c.code)).toContain(
      'basket.line_item.quote.expired.error',
    )
    // The basket's lines of the quote are taken out together; the quote was not used, so it is no longer accepted.
    const removed = await call(api.url(`baskets/${basket.id}/quotes/${quoteId}`, EUR), {
      method: 'DELETE',
      token: as('bbuyer'),
    })
    expect(removed.status).toBe(200)
    expect(lineItemsOf(removed.json)).toEqual([])
    expect((await call(user(`quotes/${quoteId}`), { token: as('bbuyer') })).json.state).toBe('expired')
    const late = await post(api.url(`baskets/${basket.id}/quotes`, EUR), as('bbuyer'), { id: quoteId })
    expect(late.status).toBe(422)
    expect(late.json.errors[0].code).toBe('quoting.quote.expired.error')
  })

  it('is rejected by the buyer, or declined by the shop, and copied into a new request', async () => {
    const { quoteId } = await quoted([{ sku: skus[1]!, quantity: 4 }])
    expect((await put(user(`quotes/${quoteId}`), as('bbuyer'), { rejected: false })).status).toBe(400)
    const rejected = await put(user(`quotes/${quoteId}`), as('bbuyer'), { rejected: true })
    expect(rejected.status).toBe(200)
    expect(rejected.json).toMatchObject({ rejected: true, state: 'rejected' })
    expect(await mailsTo(api, 'shop@ironbridge.test', 'quote-rejected-to-shop')).not.toHaveLength(0)
    const basket = await readyBusinessBasket(api, as('bbuyer'), [{ sku: skus[2]!, quantity: 1 }])
    const refused = await post(api.url(`baskets/${basket.id}/quotes`, EUR), as('bbuyer'), { id: quoteId })
    expect(refused.status).toBe(422)
    expect(refused.json.errors[0].code).toBe('quoting.quote.rejected.error')

    const copy = await post(`${user('quoterequests')}?quoteID=${quoteId}`, as('bbuyer'))
    expect(copy.status).toBe(201)
    const copied = await call(user(`quoterequests/${copy.json.title}/items`), { token: as('bbuyer') })
    expect(copied.json.elements).toHaveLength(1)

    const id = await requestWith('bbuyer', [{ sku: skus[0]!, quantity: 1 }])
    await post(user('quotes'), as('bbuyer'), { quoteRequestID: id })
    const number = (await call(user(`quoterequests/${id}`), { token: as('bbuyer') })).json.number
    const declined = await backoffice(api, `quoterequests/${number}/rejection`, {
      method: 'POST',
      json: { reason: 'Discontinued' },
    })
    expect(declined.status).toBe(201)
    const asBuyerSees = await call(user(`quotes/${declined.json.quote.id}`), { token: as('bbuyer') })
    expect(asBuyerSees.json).toMatchObject({
      rejected: true,
      state: 'rejected',
      sellerComment: 'Discontinued',
    })
    expect(await mailsTo(api, 'bbuyer@brightline.test', 'quote-declined')).not.toHaveLength(0)
    // A deleted quote takes its request with it.
    expect((await del(user(`quotes/${declined.json.quote.id}`), as('bbuyer'))).status).toBe(204)
    expect((await call(user(`quoterequests/${id}`), { token: as('bbuyer') })).status).toBe(404)
  })

  it('keeps quotes from other customers, other users and users without the permission', async () => {
    const { quoteId } = await quoted([{ sku: skus[1]!, quantity: 2 }])
    expect((await call(user(`quotes/${quoteId}`), { token: as('tkestrel') })).status).toBe(404)
    expect((await call(user(`quotes/${quoteId}`), { token: as('jlink') })).status).toBe(404)
    expect((await put(user(`quotes/${quoteId}`), as('jlink'), { rejected: true })).status).toBe(404)
    const foreignBasket = await post(api.url('baskets', EUR), as('tkestrel'))
    const foreign = await post(api.url(`baskets/${foreignBasket.json.data.id}/quotes`, EUR), as('tkestrel'), {
      id: quoteId,
    })
    expect(foreign.status).toBe(404)
    expect(foreign.json.errors[0].code).toBe('quoting.quote.not_found.error')
    const ociBasket = await post(api.url('baskets', EUR), as('brightline-oci'))
    const oci = await post(api.url(`baskets/${ociBasket.json.data.id}/quotes`, EUR), as('brightline-oci'), {
      id: quoteId,
    })
    expect(oci.status).toBe(403)
    // Someone else's basket is not found.
    const bbuyerBasket = await post(api.url('baskets', EUR), as('bbuyer'))
    const notTheirs = await post(api.url(`baskets/${bbuyerBasket.json.data.id}/quotes`, EUR), as('jlink'), {
      id: quoteId,
    })
    expect(notTheirs.status).toBe(404)
    // The back office needs its token.
    expect((await backoffice(api, 'quoterequests', { token: 'wrong-token-wrong-token-wrong' })).status).toBe(
      401,
    )
    expect((await backoffice(api, 'quoterequests/no-such', {})).status).toBe(404)
    const badAnswer = await backoffice(api, 'quoterequests/no-such/quote', {
      method: 'POST',
      json: { discountPercent: 'x' },
    })
    expect(badAnswer.status).toBe(400)
  })
})

describe('POST quotecontact', () => {
  const contact = {
    description: 'Please quote 500 m of copper pipe, 15 mm',
    quantity: 500,
    name: 'Dana Visitor',
    email: 'dana@example.test',
    phone: '+49 30 1234567',
    company: 'Visitor GmbH',
  }
  async function solved(wrong = false) {
    const challenge = await call(api.url('challenges'), { method: 'POST' })
    const [a, b] = challenge.json.question.operands as [number, number]
    return `CAPTCHA challenge=${challenge.json.id} answer=${a + b + (wrong ? 1 : 0)}`
  }

  it('stores a visitor’s request with a solved captcha and mails the shop and the sender', async () => {
    const sent = await call(api.url('quotecontact', ';loc=de_DE;cur=EUR'), {
      method: 'POST',
      json: contact,
      headers: { authorization: await solved() },
    })
    expect(sent.status).toBe(201)
    expect(sent.json).toMatchObject({ type: 'QuoteContact', id: expect.any(String) })
    const [confirmation] = await mailsTo(api, 'dana@example.test', 'quote-contact-confirmation')
    expect(confirmation?.locale).toBe('de_DE')
    expect(confirmation?.text).toContain('copper pipe')
    expect(await mailsTo(api, 'shop@ironbridge.test', 'quote-contact-to-shop')).not.toHaveLength(0)
  })

  it('refuses a missing or wrong captcha (401) and bad input (400) before storing anything', async () => {
    const none = await call(api.url('quotecontact'), { method: 'POST', json: contact })
    expect(none.status).toBe(401)
    expect(none.json.errors[0].code).toBe('captcha.incorrect')
    const wrong = await call(api.url('quotecontact'), {
      method: 'POST',
      json: contact,
      headers: { authorization: await solved(true) },
    })
    expect(wrong.status).toBe(401)
    const bad = await call(api.url('quotecontact'), {
      method: 'POST',
      json: { ...contact, email: 'not-an-address', description: '' },
      headers: { authorization: await solved() },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].causes.map((c: any) => c.paths[0]).sort()).toEqual(['description', 'email'])
    const huge = await call(api.url('quotecontact'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...contact, description: 'x'.repeat(20_000) }),
    })
    expect(huge.status).toBe(413)
    expect(await mailsTo(api, 'not-an-address', 'quote-contact-confirmation')).toHaveLength(0)
  })
})

describe('the automatic answer (QUOTE_AUTO_RESPONSE)', () => {
  it('answers a submitted request with the volume discount and validity of the rule', async () => {
    const { parseAutoResponseRule } = await import('../../commerce-api/domain/quote-auto-response')
    const { respondAutomatically } = await import('../../commerce-api/domain/quote-auto-response')
    const rule = parseAutoResponseRule('volume:5%@10,10%@50;valid:3d')!
    const id = await requestWith('bbuyer', [
      { sku: skus[0]!, quantity: 50 },
      { sku: skus[1]!, quantity: 2 },
    ])
    await post(user('quotes'), as('bbuyer'), { quoteRequestID: id })
    const at = new Date()
    const outcome = await respondAutomatically(api.database.db, id, rule, at)
    expect(outcome.outcome).toBe('responded')
    const list = await call(user(`quoterequests/${id}`), { token: as('bbuyer') })
    const quote = await call(user(`quotes/${list.json.quoteID}`), { token: as('bbuyer') })
    const bySku = new Map(quote.json.items.map((i: any) => [i.productSKU, i]))
    const big: any = bySku.get(skus[0])
    const small: any = bySku.get(skus[1])
    expect(minor(big.singlePrice)).toBe(Math.round(minor(big.originSinglePrice) * 0.9))
    expect(minor(small.singlePrice)).toBe(minor(small.originSinglePrice))
    expect(quote.json.validToDate - quote.json.validFromDate).toBe(3 * 86_400_000)
    expect(quote.json.sellerComment).toContain('10 %')
  })

  it('runs as a pg-boss job of a server with the rule: a submission over HTTP is answered after it committed', async () => {
    const { parseAutoResponseRule } = await import('../../commerce-api/domain/quote-auto-response')
    // A second API process on the same database, with the rule and its job (what QUOTE_AUTO_RESPONSE starts).
    const second = buildServer({
      db: api.database.db,
      site: SITE,
      quotes: { autoResponse: parseAutoResponseRule('volume:5%@10;valid:14d')!, startJob: true },
    })
    const origin = await second.listen({ port: 0, host: '127.0.0.1' })
    try {
      expect(second.quoteResponder.started).toBe(true)
      const id = await requestWith('bbuyer', [{ sku: skus[2]!, quantity: 10 }])
      const mailsBefore = (await mailsTo(api, 'bbuyer@brightline.test', 'quote-responded')).length
      const onSecond = (url: string) => url.replace(new URL(url).origin, origin)
      const submitted = await post(onSecond(user('quotes')), as('bbuyer'), { quoteRequestID: id })
      expect(submitted.status).toBe(201)
      // The job answers within a few polls; bounded, never a hang.
      let quoteId: string | undefined
      for (let tries = 0; tries < 100 && !quoteId; tries++) {
        const read = await call(user(`quoterequests/${id}`), { token: as('bbuyer') })
        quoteId = read.json.quoteID
        if (!quoteId) await new Promise((resolve) => setTimeout(resolve, 200))
      }
      expect(quoteId).toBeDefined()
      const [row] = await api.database.db.select().from(quotes).where(eq(quotes.id, quoteId!))
      expect(row).toMatchObject({ respondedBy: 'auto' })
      const quote = await call(user(`quotes/${quoteId}`), { token: as('bbuyer') })
      expect(quote.json.state).toBe('responded')
      const [item] = quote.json.items
      expect(minor(item.singlePrice)).toBe(Math.round(minor(item.originSinglePrice) * 0.95))
      expect(quote.json.validToDate - quote.json.validFromDate).toBe(14 * 86_400_000)
      expect(await mailsTo(api, 'bbuyer@brightline.test', 'quote-responded')).toHaveLength(mailsBefore + 1)
    } finally {
      await second.close()
    }
    expect(second.quoteResponder.started).toBe(false)
  })
})
