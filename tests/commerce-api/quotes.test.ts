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
import { mailOutbox } from '../../commerce-api/db/schema'
import { minor, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'
import { assertWireFaithful } from './wire-check'

const OPERATOR_TOKEN = 'quotes-test-operator-token-0123456789'
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
