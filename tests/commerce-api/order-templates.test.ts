/**
 * Order templates over HTTP (icm-contract.md: `customers/-/users/-/wishlists`, `…/{id}/products/{sku}?quantity`;
 * ADR 0041): ICM's `WishlistRO` shapes (the wire check validates every answer), the PWA's calls (create, add
 * each line, quantity edits as differences, rename, remove, delete), the bounds (400, 413, 422), and who can
 * reach a template: only its user. Another user of the same company, a foreign customer, a private customer,
 * a guest and a user without APP_B2B_PURCHASE cannot; templates and wishlists never show in each other's lists.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderTemplates, wishlists } from '../../commerce-api/db/schema'
import { ORDER_TEMPLATE_LIMITS } from '../../commerce-api/domain/order-templates'
import { anonymousToken, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

let api: Api
let skus: string[]
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 60 })
  skus = await sellableSkus(api, 3)
  for (const login of ['jlink', 'bbuyer', 'mkestrel', 'brightline-oci', 'patricia@ironbridge.test'])
    tokens[login] = await userToken(api, login)
  tokens.guest = await anonymousToken(api)
})
afterAll(async () => {
  await api?.close()
})

const templates = (rest = '', user = '-', customer = '-') =>
  api.url(`customers/${customer}/users/${user}/wishlists${rest}`)
const post = (url: string, token: string | undefined, json?: unknown) =>
  call(url, { method: 'POST', token, json })
const itemsOf = (body: any) =>
  body.items.map((item: any) => {
    const value = (name: string) => item.attributes.find((a: any) => a.name === name)?.value
    return [value('sku'), value('desiredQuantity').value]
  })

describe('a business user’s order templates', () => {
  it('are created, filled line by line, edited by differences, renamed, emptied and deleted', async () => {
    const token = tokens.jlink!
    const created = await post(templates(), token, { title: 'Monday restock' })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      type: 'Wishlist',
      title: 'Monday restock',
      preferred: false,
      shared: false,
      itemsCount: 0,
    })
    const id = created.json.id as string
    const one = (rest = '') => templates(`/${id}${rest}`)

    // The PWA adds a basket's lines one by one with `?quantity=`; a second add of a product adds to its line.
    expect(itemsOf((await post(one(`/products/${skus[0]}?quantity=4`), token)).json)).toEqual([[skus[0], 4]])
    await post(one(`/products/${skus[1]}`), token, { quantity: 2 })
    const raised = await post(one(`/products/${skus[0]}?quantity=3`), token)
    expect(itemsOf(raised.json)).toEqual([
      [skus[0], 7],
      [skus[1], 2],
    ])
    // A quantity edit posts the difference (the PWA's `quantity - desiredQuantity`).
    const lowered = await post(one(`/products/${skus[0]}?quantity=-5`), token)
    expect(lowered.status).toBe(200)
    expect(itemsOf(lowered.json)).toEqual([
      [skus[0], 2],
      [skus[1], 2],
    ])

    const listed = await call(templates(), { token })
    expect(listed.status).toBe(200)
    const link = listed.json.elements.find((element: any) => element.itemId === id)
    expect(link.uri).toMatch(new RegExp(`/customers/-/users/-/wishlists/${id}$`))
    expect(link.attributes.find((a: any) => a.name === 'itemsCount').value).toBe(2)

    const renamed = await call(one(), { method: 'PUT', token, json: { title: '  Weekly restock ' } })
    expect(renamed.status).toBe(200)
    expect(renamed.json.title).toBe('Weekly restock')

    const removed = await call(one(`/products/${skus[1]}`), { method: 'DELETE', token })
    expect(itemsOf(removed.json)).toEqual([[skus[0], 2]])
    expect((await call(one(`/products/${skus[1]}`), { method: 'DELETE', token })).status).toBe(404)

    expect((await call(one(), { method: 'DELETE', token })).status).toBe(204)
    expect((await call(one(), { token })).status).toBe(404)
    expect(await api.database.db.select().from(orderTemplates).where(eq(orderTemplates.id, id))).toEqual([])
  })

  it('answer under the user’s own login as under -', async () => {
    const created = await post(templates('', 'bbuyer'), tokens.bbuyer, { title: 'Own login' })
    expect(created.status).toBe(201)
    expect(
      (await call(templates(`/${created.json.id}`, 'BBUYER', 'BC-200001'), { token: tokens.bbuyer })).status,
    ).toBe(200)
  })

  it('are kept apart from the user’s wishlists', async () => {
    const token = tokens.jlink!
    const template = await post(templates(), token, { title: 'Template, not a wishlist' })
    const wishlist = await post(api.url('customers/-/wishlists'), token, {
      title: 'Wishlist, not a template',
    })
    expect(wishlist.status).toBe(201)
    const titles = async (url: string) =>
      (await call(url, { token })).json.elements.map((element: any) => element.title)
    expect(await titles(templates())).toContain('Template, not a wishlist')
    expect(await titles(templates())).not.toContain('Wishlist, not a template')
    expect(await titles(api.url('customers/-/wishlists'))).not.toContain('Template, not a wishlist')
    expect((await call(api.url(`customers/-/wishlists/${template.json.id}`), { token })).status).toBe(404)
    expect((await call(templates(`/${wishlist.json.id}`), { token })).status).toBe(404)
    const [stored] = await api.database.db.select().from(wishlists).where(eq(wishlists.id, template.json.id))
    expect(stored).toBeUndefined()
  })
})

describe('who reaches a template', () => {
  it('only its user: a colleague, a foreign customer, a private customer and a guest find nothing', async () => {
    const created = await post(templates(), tokens.jlink, { title: 'Private to jlink' })
    const id = created.json.id as string
    await post(templates(`/${id}/products/${skus[0]}?quantity=1`), tokens.jlink)

    // A colleague of the same company: the id is unknown to them, and the template is not in their list.
    for (const [method, rest] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', `/products/${skus[1]}`],
      ['DELETE', `/products/${skus[0]}`],
    ] as const) {
      const answer = await call(templates(`/${id}${rest}`), {
        method,
        token: tokens.bbuyer,
        ...(method === 'PUT' ? { json: { title: 'Mine now' } } : {}),
      })
      expect(answer.status, `${method} ${rest}`).toBe(404)
      expect(answer.headers.get('error-key')).toBe('order_template.not_found.error')
    }
    const colleagues = (await call(templates(), { token: tokens.bbuyer })).json.elements
    expect(colleagues.map((element: any) => element.itemId)).not.toContain(id)
    // Naming the owner in the path does not help.
    const byLogin = await call(templates(`/${id}`, 'jlink'), { token: tokens.bbuyer })
    expect(byLogin.status).toBe(404)
    expect((await call(templates('', 'jlink'), { token: tokens.bbuyer })).status).toBe(404)

    // A foreign customer, by '-' or by the owner's customer number.
    expect((await call(templates(`/${id}`), { token: tokens.mkestrel })).status).toBe(404)
    const foreign = await call(templates(`/${id}`, '-', 'BC-200001'), { token: tokens.mkestrel })
    expect(foreign.status).toBe(404)
    expect(foreign.headers.get('error-key')).toBe('customer.not_found')

    // A private customer has no business users; a guest is nobody.
    expect((await call(templates(), { token: tokens['patricia@ironbridge.test'] })).status).toBe(404)
    expect((await call(templates(), { token: tokens.guest })).status).toBe(401)
    expect((await call(templates())).status).toBe(401)

    // The owner's template is untouched.
    const own = await call(templates(`/${id}`), { token: tokens.jlink })
    expect(own.json.title).toBe('Private to jlink')
    expect(itemsOf(own.json)).toEqual([[skus[0], 1]])
  })

  it('a user who may not purchase (a punchout user) is refused with 403', async () => {
    const listed = await call(templates(), { token: tokens['brightline-oci'] })
    expect(listed.status).toBe(403)
    expect(listed.headers.get('error-key')).toBe('authorization.forbidden')
    expect((await post(templates(), tokens['brightline-oci'], { title: 'No' })).status).toBe(403)
  })
})

describe('bad input', () => {
  it('is refused with 400, 404, 413 or 422 and the code, and nothing is written', async () => {
    const token = tokens.bbuyer!
    const blank = await post(templates(), token, { title: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.headers.get('error-key')).toBe('order_template.title.invalid.error')
    const long = await post(templates(), token, { title: 'x'.repeat(ORDER_TEMPLATE_LIMITS.title + 1) })
    expect(long.status).toBe(400)
    expect((await post(templates(), token, { title: 7 })).status).toBe(400)
    expect((await post(templates(), token, { title: 'x'.repeat(5000) })).status).toBe(413)

    const created = await post(templates(), token, { title: 'Bounds' })
    const one = (rest: string) => templates(`/${created.json.id}${rest}`)
    expect((await post(one('/products/NO-SUCH-SKU'), token)).status).toBe(404)
    expect((await post(one(`/products/${skus[0]}?quantity=0`), token)).status).toBe(400)
    expect((await post(one(`/products/${skus[0]}?quantity=abc`), token)).status).toBe(400)
    expect((await post(one(`/products/${skus[0]}?quantity=99999999`), token)).status).toBe(400)
    const tooMany = await post(one(`/products/${skus[0]}`), token, {
      quantity: ORDER_TEMPLATE_LIMITS.quantity + 1,
    })
    expect(tooMany.status).toBe(400)
    const newNegative = await post(one(`/products/${skus[0]}?quantity=-1`), token)
    expect(newNegative.status).toBe(422)
    expect(newNegative.headers.get('error-key')).toBe('order_template.quantity.invalid.error')
    await post(one(`/products/${skus[0]}?quantity=2`), token)
    const belowOne = await post(one(`/products/${skus[0]}?quantity=-2`), token)
    expect(belowOne.status).toBe(422)
    expect(itemsOf((await call(one(''), { token })).json)).toEqual([[skus[0], 2]])
    expect((await call(templates('/not-a-uuid'), { token })).status).toBe(404)
  })

  it('keeps the number of templates bounded (422 at the limit)', async () => {
    const token = tokens.mkestrel!
    for (let i = 0; i < ORDER_TEMPLATE_LIMITS.templates; i++)
      expect((await post(templates(), token, { title: `T${i}` })).status).toBe(201)
    const over = await post(templates(), token, { title: 'One too many' })
    expect(over.status).toBe(422)
    expect(over.headers.get('error-key')).toBe('order_template.limit.error')
  })
})
