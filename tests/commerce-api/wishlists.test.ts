/**
 * Wishlists over HTTP (icm-contract.md: `{res}/-/wishlists`, `…/{id}/products/{sku}?quantity`, `…/{id}/share`,
 * public `GET wishlists/{id};owner=;secureCode=`): ICM's shapes (the wire check validates every answer), the
 * preferred rule, moves, sharing and unsharing, and who can reach a list: another private customer, another
 * user of the same business customer and a guest cannot read or change it; the shared link reads it without
 * a token until it is unshared; a wrong code is a 404.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wishlistItems, wishlists } from '../../commerce-api/db/schema'
import { anonymousToken, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

let api: Api
let skus: string[]
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 60 })
  skus = await sellableSkus(api, 2)
  for (const login of ['patricia@ironbridge.test', 'pierre@ironbridge.test', 'jlink', 'bbuyer'])
    tokens[login] = await userToken(api, login)
  tokens.guest = await anonymousToken(api)
})
afterAll(async () => {
  await api?.close()
})

const lists = (resource: string, rest = '') => api.url(`${resource}/-/wishlists${rest}`)
const post = (url: string, token: string | undefined, json?: unknown) =>
  call(url, { method: 'POST', token, json })
const itemsOf = (body: any) =>
  body.items.map((item: any) => {
    const value = (name: string) => item.attributes.find((a: any) => a.name === name)?.value
    return [value('sku'), value('desiredQuantity').value]
  })

describe('a private customer’s wishlists', () => {
  it('are created, listed, renamed, made preferred, filled, moved between and deleted', async () => {
    const token = tokens['patricia@ironbridge.test']!
    const first = await post(lists('privatecustomers'), token, { title: 'Garage', preferred: false })
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({ title: 'Garage', preferred: true, shared: false, itemsCount: 0 })
    const second = await post(lists('privatecustomers'), token, { title: 'Garden', preferred: true })
    expect(second.json.preferred).toBe(true)

    const listed = await call(lists('privatecustomers'), { token })
    expect(listed.status).toBe(200)
    const flags = listed.json.elements.map((link: any) => [
      link.title,
      link.attributes.find((a: any) => a.name === 'preferred').value,
    ])
    expect(flags).toEqual([
      ['Garage', false],
      ['Garden', true],
    ])

    const renamed = await call(lists('privatecustomers', `/${first.json.id}`), {
      method: 'PUT',
      token,
      json: { title: 'Workshop', preferred: true },
    })
    expect(renamed.json).toMatchObject({ title: 'Workshop', preferred: true })
    expect((await call(lists('privatecustomers', `/${second.json.id}`), { token })).json.preferred).toBe(
      false,
    )

    // ICM's `?quantity=` and the PWA's `{quantity}` body both add.
    const added = await post(
      lists('privatecustomers', `/${first.json.id}/products/${skus[0]}?quantity=3`),
      token,
    )
    expect(added.status).toBe(200)
    expect(itemsOf(added.json)).toEqual([[skus[0], 3]])
    const again = await post(lists('privatecustomers', `/${first.json.id}/products/${skus[0]}`), token, {
      quantity: 2,
    })
    expect(itemsOf(again.json)).toEqual([[skus[0], 5]])

    const moved = await post(lists('privatecustomers', `/${second.json.id}/products/${skus[0]}`), token, {
      moveFrom: first.json.id,
    })
    expect(moved.status).toBe(200)
    expect(itemsOf(moved.json)).toEqual([[skus[0], 5]])
    expect((await call(lists('privatecustomers', `/${first.json.id}`), { token })).json.items).toEqual([])

    const removed = await call(lists('privatecustomers', `/${second.json.id}/products/${skus[0]}`), {
      method: 'DELETE',
      token,
    })
    expect(removed.json.itemsCount).toBe(0)

    const deleted = await call(lists('privatecustomers', `/${first.json.id}`), { method: 'DELETE', token })
    expect(deleted.status).toBe(204)
    expect((await call(lists('privatecustomers', `/${second.json.id}`), { token })).json.preferred).toBe(true)
    await call(lists('privatecustomers', `/${second.json.id}`), { method: 'DELETE', token })
  })

  it('refuses bad input with 4xx and a clear code, never 5xx', async () => {
    const token = tokens['pierre@ironbridge.test']!
    const empty = await post(lists('privatecustomers'), token, { title: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.headers.get('error-key')).toBe('wishlist.title.invalid.error')
    expect((await post(lists('privatecustomers'), token, { title: 7 })).status).toBe(400)
    const list = await post(lists('privatecustomers'), token, { title: 'Tools' })
    const one = (rest: string) => lists('privatecustomers', `/${list.json.id}${rest}`)
    expect((await post(one(`/products/NO-SUCH-SKU`), token)).status).toBe(404)
    expect((await post(one(`/products/${skus[0]}?quantity=0`), token)).status).toBe(400)
    expect((await post(one(`/products/${skus[0]}`), token, { quantity: 5000 })).status).toBe(400)
    const self = await post(one(`/products/${skus[0]}`), token, { moveFrom: list.json.id })
    expect(self.headers.get('error-key')).toBe('wishlist.move.same.error')
    expect((await call(lists('privatecustomers', '/not-a-uuid'), { token })).status).toBe(404)
    // A private customer's lists live under privatecustomers, not customers.
    expect((await call(lists('customers'), { token })).status).toBe(404)
  })
})

describe('sharing', () => {
  it('gives a code a guest reads the list with; a wrong code or owner is a 404, and unsharing ends the link', async () => {
    const token = tokens['patricia@ironbridge.test']!
    const list = await post(lists('privatecustomers'), token, { title: 'For Santa' })
    await post(lists('privatecustomers', `/${list.json.id}/products/${skus[1]}`), token, { quantity: 1 })
    const shared = await post(lists('privatecustomers', `/${list.json.id}/share`), token, {
      recipients: 'santa@example.com',
      message: 'Hi',
    })
    expect(shared.status).toBe(200)
    expect(shared.json.wishlistId).toBe(list.json.id)
    const { owner, secureCode } = shared.json
    const ownRead = await call(lists('privatecustomers', `/${list.json.id}`), { token })
    expect(ownRead.json).toMatchObject({ shared: true, owner, secureCode })

    const link = (o: string, code: string) =>
      api.url(
        `wishlists/${list.json.id};owner=${encodeURIComponent(o)};secureCode=${encodeURIComponent(code)}`,
      )
    const read = await call(link(owner, secureCode))
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ title: 'For Santa', shared: true })
    expect(read.json.secureCode).toBeUndefined()
    expect(itemsOf(read.json)).toEqual([[skus[1], 1]])
    expect((await call(link(owner, secureCode), { token: tokens.guest })).status).toBe(200)

    const wrong = await call(link(owner, `${secureCode.slice(1)}x`))
    expect(wrong.status).toBe(404)
    expect(wrong.headers.get('error-key')).toBe('wishlist.not_found.error')
    expect((await call(link('someone-else', secureCode))).status).toBe(404)
    expect((await call(api.url(`wishlists/${list.json.id}`))).status).toBe(404)

    const unshared = await call(lists('privatecustomers', `/${list.json.id}/share`), {
      method: 'DELETE',
      token,
    })
    expect(unshared.status).toBe(204)
    expect((await call(link(owner, secureCode))).status).toBe(404)
    const [row] = await api.database.db.select().from(wishlists).where(eq(wishlists.id, list.json.id))
    expect(row!.secureCode).toBeNull()
  })

  it('mails the link to each address given, once, in the owner’s language, with the message', async () => {
    const token = tokens['pierre@ironbridge.test']!
    const list = await post(lists('privatecustomers'), token, { title: 'Atelier <b>\nneuf</b>' })
    const shared = await post(lists('privatecustomers', `/${list.json.id}/share`), token, {
      recipients: 'ami@example.com, AMI@example.com;  collegue@example.org',
      message: 'Pour Noël\nMerci !',
    })
    expect(shared.status).toBe(200)
    const { owner, secureCode } = shared.json
    const mailbox = async (to: string) =>
      (await call(`${api.origin}/mailbox.json?to=${encodeURIComponent(to)}`)).json.elements.filter(
        (mail: { kind: string }) => mail.kind === 'wishlist.shared',
      )
    const [mail, ...more] = await mailbox('ami@example.com')
    expect(more).toEqual([])
    expect(await mailbox('collegue@example.org')).toHaveLength(1)
    expect(mail.locale).toBe('fr_FR')
    expect(mail.subject).toBe('Pierre Durand partage la liste d’envies « Atelier <b> neuf</b> » avec vous')
    const link = new URL(mail.links.find((href: string) => href.includes('/wishlists/')))
    expect(link.pathname).toBe(`/fr/wishlists/${list.json.id}`)
    expect(Object.fromEntries(link.searchParams)).toEqual({ owner, secureCode })
    expect(mail.text).toContain('Pour Noël\nMerci !')
    expect(mail.html).toContain('&lt;b&gt;')
    expect(mail.html).not.toContain('<b>')
  })

  it('refuses bad addresses, too many and a long message with 400 and the field; nothing is shared or sent', async () => {
    const token = tokens.jlink!
    const list = await post(lists('customers'), token, { title: 'Spares' })
    const share = (json: unknown) => post(lists('customers', `/${list.json.id}/share`), token, json)
    const cases: [unknown, string, string][] = [
      [
        { recipients: 'a@example.com, not-an-address' },
        'wishlist.share.recipients.invalid.error',
        'recipients',
      ],
      [{ recipients: 'a@example.com <script>' }, 'wishlist.share.recipients.invalid.error', 'recipients'],
      [
        { recipients: Array.from({ length: 11 }, (_, i) => `p${i}@example.com`).join(',') },
        'wishlist.share.recipients.limit.error',
        'recipients',
      ],
      [{ message: 'x'.repeat(1001) }, 'wishlist.share.message.invalid.error', 'message'],
    ]
    for (const [json, code, path] of cases) {
      const refused = await share(json)
      expect(refused.status, JSON.stringify(json)).toBe(400)
      expect(refused.json.errors[0].causes[0]).toMatchObject({ code, paths: [path] })
    }
    expect((await share({ recipients: 42 })).status).toBe(400)
    const [row] = await api.database.db.select().from(wishlists).where(eq(wishlists.id, list.json.id))
    expect(row!.secureCode).toBeNull()
    const sent = await call(`${api.origin}/mailbox.json?to=${encodeURIComponent('a@example.com')}`)
    expect(sent.json.elements).toEqual([])
  })

  it('sends at most 30 mails of shared lists per user and hour, then answers 429 with Retry-After', async () => {
    const token = tokens.bbuyer!
    const list = await post(lists('customers'), token, { title: 'Tools' })
    const ten = (batch: number) =>
      Array.from({ length: 10 }, (_, i) => `r${batch}-${i}@example.com`).join(', ')
    for (const batch of [1, 2, 3])
      expect(
        (await post(lists('customers', `/${list.json.id}/share`), token, { recipients: ten(batch) })).status,
      ).toBe(200)
    const refused = await post(lists('customers', `/${list.json.id}/share`), token, {
      recipients: 'one@example.com',
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.headers.get('error-key')).toBe('rate_limit.exceeded')
    // Sharing without mail is no mail: the link still works.
    expect((await post(lists('customers', `/${list.json.id}/share`), token, {})).status).toBe(200)
  })
})

describe('another customer’s or user’s token', () => {
  it('cannot read, change, fill, share or delete the list, nor move its products', async () => {
    const list = await post(lists('customers'), tokens.jlink, { title: 'Site supplies' })
    expect(list.status).toBe(201)
    await post(lists('customers', `/${list.json.id}/products/${skus[0]}`), tokens.jlink, { quantity: 4 })
    const own = await post(lists('privatecustomers'), tokens['pierre@ironbridge.test'], { title: 'Mine' })
    const one = (resource: string, rest = '') => lists(resource, `/${list.json.id}${rest}`)
    const attempts: [string, string, string, unknown?][] = [
      ['GET', 'customers', ''],
      ['PUT', 'customers', '', { title: 'Taken' }],
      ['POST', 'customers', `/products/${skus[1]}`, { quantity: 1 }],
      ['DELETE', 'customers', `/products/${skus[0]}`],
      ['POST', 'customers', '/share'],
      ['DELETE', 'customers', '/share'],
      ['DELETE', 'customers', ''],
    ]
    // bbuyer: the same company, another user; pierre: a private customer; a guest: no user at all.
    for (const caller of ['bbuyer', 'pierre@ironbridge.test', 'guest']) {
      const resource = caller === 'pierre@ironbridge.test' ? 'privatecustomers' : 'customers'
      for (const [method, , rest, json] of attempts) {
        const answer = await call(one(resource, rest), { method, token: tokens[caller], json })
        expect([401, 403, 404], `${method} ${rest} as ${caller}`).toContain(answer.status)
      }
    }
    const stolen = await post(
      lists('privatecustomers', `/${own.json.id}/products/${skus[0]}`),
      tokens['pierre@ironbridge.test'],
      { moveFrom: list.json.id },
    )
    expect(stolen.status).toBe(404)
    // jlink's list is as he left it.
    const [row] = await api.database.db.select().from(wishlists).where(eq(wishlists.id, list.json.id))
    expect(row).toMatchObject({ title: 'Site supplies', secureCode: null })
    const items = await api.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.wishlistId, list.json.id))
    expect(items.map((i) => [i.sku, i.quantity])).toEqual([[skus[0], 4]])
  })
})
