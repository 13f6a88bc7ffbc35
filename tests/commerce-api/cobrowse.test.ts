/**
 * Co-browse over HTTP (issue 35): a sales representative signs in to the sales desk and opens the shop as a
 * user of a customer they look after (or the operator mints the link in the back office); the link's token is
 * exchanged once at `POST token` (refresh grant) for tokens that act as the representative, and every basket
 * change and order made with them records the representative, shown as the attributes `salesRepId` and
 * `salesRepName`. Refused: a user of a customer the representative does not look after, shop users at the
 * desk or the back office, forms from other sites or without the desk's CSRF token.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCustomersCli } from '../../commerce-api/cli/customers'
import { baskets, orders } from '../../commerce-api/db/schema'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { readyBusinessBasket, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'
import { backoffice, mailsTo, OPERATOR_TOKEN } from './order-fixtures'

let api: Api
let sku: string
const EUR = ';loc=en_US;cur=EUR'

beforeAll(async () => {
  api = await startApi({ backofficeToken: OPERATOR_TOKEN })
  ;[sku] = (await sellableSkus(api, 1)) as [string]
})
afterAll(async () => {
  await api?.close()
})

const desk = (path = '') => `${api.origin}/sales-desk${path}`

/** A form post to the desk as its own page sends it (same origin), with the desk's cookie when given. */
async function post(path: string, fields: Record<string, string>, { cookie = '', origin = api.origin } = {}) {
  const response = await fetch(desk(path), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      'sec-fetch-site': origin === api.origin ? 'same-origin' : 'cross-site',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

const page = async (cookie = '') => {
  const response = await fetch(desk(), { headers: cookie ? { cookie } : {} })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

/** The `salesDesk=…` pair a sign-in set. */
const cookieOf = (headers: Headers) => /salesDesk=[^;]*/.exec(headers.get('set-cookie') ?? '')?.[0] ?? ''
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? ''

async function signIn(login = 'svogt') {
  const answer = await post('/login', { login, password: DEMO_PASSWORD })
  expect(answer.status).toBe(303)
  const cookie = cookieOf(answer.headers)
  return { cookie, csrf: csrfOf((await page(cookie)).html) }
}

/** Exchanges a link's token as the storefront does, for a token pair acting as the representative. */
async function exchange(accessToken: string) {
  const grant = await tokenFor(api, { grant_type: 'refresh_token', refresh_token: accessToken })
  expect(grant.status).toBe(200)
  return grant.json as { access_token: string; refresh_token: string; sales_rep_id?: string }
}

const attributesOf = (data: { attributes?: { name: string; value: unknown }[] }) =>
  Object.fromEntries((data.attributes ?? []).map((a) => [a.name, a.value]))

describe('the sales desk', () => {
  it('asks a representative to sign in, and refuses wrong passwords and the shop’s own users', async () => {
    const first = await page()
    expect(first.status).toBe(200)
    expect(first.html).toContain('<label for="login">Login or e-mail address</label>')
    expect(first.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:3000")

    const wrong = await post('/login', { login: 'svogt', password: 'not-the-password' })
    expect(wrong.status).toBe(401)
    expect(wrong.html).toContain('The login or the password is not correct.')
    expect(cookieOf(wrong.headers)).toBe('')
    // A shop user, the account admin included, is no sales representative.
    const shopUser = await post('/login', { login: 'jlink', password: DEMO_PASSWORD })
    expect(shopUser.status).toBe(401)
    // Another site's page cannot sign anyone in.
    const foreign = await post(
      '/login',
      { login: 'svogt', password: DEMO_PASSWORD },
      { origin: 'https://evil.test' },
    )
    expect(foreign.status).toBe(403)
    expect(cookieOf(foreign.headers)).toBe('')
  })

  it('lists the customers the representative looks after, and opens the shop as one of their users', async () => {
    const signedIn = await post('/login', { login: 'svogt@ironbridge.test', password: DEMO_PASSWORD })
    expect(signedIn.status).toBe(303)
    expect(signedIn.headers.get('location')).toBe('/sales-desk')
    expect(signedIn.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/)
    const cookie = cookieOf(signedIn.headers)
    const list = await page(cookie)
    expect(list.html).toContain('Signed in as <strong>Sabine Vogt</strong> (SR-1001)')
    expect(list.html).toContain('Brightline Construction GmbH (BC-200001)')
    expect(list.html).toContain('Kestrel Facility Services GmbH (BC-200002)')
    expect(list.html).not.toContain('PC-100001')
    const csrf = csrfOf(list.html)
    expect(csrf).not.toBe('')

    const opened = await post('/cobrowse', { csrf, user: 'jlink', locale: 'en_US' }, { cookie })
    expect(opened.status).toBe(303)
    const link = new URL(opened.headers.get('location')!)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/en/cobrowse')
    expect(link.searchParams.get('salesRepId')).toBe('SR-1001')
    const pair = await exchange(link.searchParams.get('access-token')!)
    expect(pair.sales_rep_id).toBe('SR-1001')
    const me = await call(api.url('customers/-/users/-'), { token: pair.access_token })
    expect(me.json.login).toBe('jlink')
    // The link works once.
    const again = await tokenFor(api, {
      grant_type: 'refresh_token',
      refresh_token: link.searchParams.get('access-token')!,
    })
    expect(again.status).toBe(401)
  })

  it('refuses users of customers the representative does not look after, and forms without its token', async () => {
    const { cookie, csrf } = await signIn('dhale')
    const foreign = await post('/cobrowse', { csrf, user: 'jlink' }, { cookie })
    expect(foreign.status).toBe(403)
    expect(foreign.html).toContain('does not look after the customer')
    expect(foreign.headers.get('location')).toBeNull()

    const noToken = await post('/cobrowse', { csrf: 'forged', user: 'patricia@ironbridge.test' }, { cookie })
    expect(noToken.status).toBe(403)
    const crossSite = await post(
      '/cobrowse',
      { csrf, user: 'patricia@ironbridge.test' },
      {
        cookie,
        origin: 'https://evil.test',
      },
    )
    expect(crossSite.status).toBe(403)
    const signedOut = await post('/cobrowse', { csrf, user: 'patricia@ironbridge.test' })
    expect(signedOut.status).toBe(401)
    // The private customer SR-1002 looks after, in her own language by default.
    const own = await post('/cobrowse', { csrf, user: 'patricia@ironbridge.test' }, { cookie })
    expect(own.status).toBe(303)
    expect(new URL(own.headers.get('location')!).pathname).toBe('/en/cobrowse')
  })

  it('signs out', async () => {
    const { cookie, csrf } = await signIn()
    const out = await post('/logout', { csrf }, { cookie })
    expect(out.status).toBe(303)
    expect(out.headers.get('set-cookie')).toMatch(/salesDesk=; .*Max-Age=0/)
  })
})

describe('the back office’s co-browse link', () => {
  it('is minted for the operator, for a user the representative looks after', async () => {
    const minted = await backoffice(api, 'sales-reps/SR-1001/cobrowse', {
      method: 'POST',
      json: { user: 'mkestrel', locale: 'de_DE' },
    })
    expect(minted.status).toBe(201)
    expect(minted.json).toMatchObject({
      salesRepId: 'SR-1001',
      salesRepName: 'Sabine Vogt',
      user: { login: 'mkestrel', customerNo: 'BC-200002' },
    })
    const link = new URL(minted.json.url)
    expect(link.pathname).toBe('/de/cobrowse')
    expect(link.searchParams.get('access-token')).toBe(minted.json.accessToken)
    expect((await exchange(minted.json.accessToken)).sales_rep_id).toBe('SR-1001')
  })

  it('is refused for a foreign customer’s user, an unknown representative, and anyone but the operator', async () => {
    const foreign = await backoffice(api, 'sales-reps/SR-1002/cobrowse', {
      method: 'POST',
      json: { user: 'jlink' },
    })
    expect(foreign.status).toBe(403)
    expect(foreign.json.errors[0].code).toBe('salesrep.customer.not_assigned.error')
    const unknown = await backoffice(api, 'sales-reps/SR-9999/cobrowse', {
      method: 'POST',
      json: { user: 'jlink' },
    })
    expect(unknown.status).toBe(404)
    const punchout = await backoffice(api, 'sales-reps/SR-1001/cobrowse', {
      method: 'POST',
      json: { user: 'brightline-oci' },
    })
    expect(punchout.status).toBe(403)

    // A business user, even the account admin, mints nothing: neither with their token nor as bearer.
    const admin = await userToken(api, 'jlink')
    const asUser = await call(`${api.origin}/backoffice/sales-reps/SR-1001/cobrowse`, {
      method: 'POST',
      token: admin,
      json: { user: 'bbuyer' },
    })
    expect(asUser.status).toBe(401)
    const asBearer = await backoffice(api, 'sales-reps/SR-1001/cobrowse', {
      method: 'POST',
      json: { user: 'bbuyer' },
      token: admin,
    })
    expect(asBearer.status).toBe(401)
    const without = await backoffice(api, 'sales-reps/SR-1001/cobrowse', {
      method: 'POST',
      json: { user: 'bbuyer' },
      token: null,
    })
    expect(without.status).toBe(401)
  })
})

describe('npm run customers -- cobrowse', () => {
  const run = async (args: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const env = { BACKOFFICE_URL: api.origin, BACKOFFICE_TOKEN: OPERATOR_TOKEN }
    const status = await runCustomersCli(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) })
    return { status, out, err }
  }

  it('prints the link for a representative and a user', async () => {
    const done = await run(['cobrowse', '--rep', 'SR-1001', '--user', 'lnowak', '--lang', 'pl'])
    expect(done.status).toBe(0)
    const link = new URL(done.out[0]!)
    expect(link.pathname).toBe('/pl/cobrowse')
    expect(link.searchParams.get('salesRepId')).toBe('SR-1001')
    expect(done.out[1]).toContain('lnowak (BC-200001) for Sabine Vogt (SR-1001)')
    expect((await exchange(link.searchParams.get('access-token')!)).sales_rep_id).toBe('SR-1001')
  })

  it('says why it mints nothing: wrong usage (2), a refusal (1)', async () => {
    expect((await run(['cobrowse', '--rep', 'SR-1001'])).status).toBe(2)
    expect((await run(['cobrowse', '--rep', 'SR-1001', '--user', 'jlink', '--lang', 'xx'])).status).toBe(2)
    const refused = await run(['cobrowse', '--rep', 'SR-1002', '--user', 'jlink'])
    expect(refused.status).toBe(1)
    expect(refused.err.join('\n')).toContain('salesrep.customer.not_assigned.error')
  })
})

describe('attribution', () => {
  async function repToken(user: string) {
    const minted = await backoffice(api, 'sales-reps/SR-1001/cobrowse', { method: 'POST', json: { user } })
    expect(minted.status).toBe(201)
    return (await exchange(minted.json.accessToken)).access_token
  }

  it('records the representative on every basket they change and on the order they place', async () => {
    const token = await repToken('ccowner')
    const basket = await readyBusinessBasket(api, token, [{ sku, quantity: 1 }])
    const data = (await basket.get()).data
    expect(attributesOf(data)).toMatchObject({ salesRepId: 'SR-1001', salesRepName: 'Sabine Vogt' })
    // The user sees the basket they share with the representative, attributed to them.
    const own = await userToken(api, 'ccowner')
    const seen = await call(api.url(`baskets/${basket.id}`, EUR), { token: own })
    expect(attributesOf(seen.json.data)).toMatchObject({ salesRepId: 'SR-1001' })

    const order = await call(api.url('orders', EUR), {
      method: 'POST',
      token,
      json: { basket: basket.id, termsAndConditionsAccepted: true },
    })
    expect(order.status).toBe(201)
    expect(attributesOf(order.json.data)).toMatchObject({
      salesRepId: 'SR-1001',
      salesRepName: 'Sabine Vogt',
    })
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, order.json.data.id))
    expect(row!.salesRepId).toBe('SR-1001')
    // The user's own view of the order names the representative too, and so does the confirmation.
    const read = await call(api.url(`orders/${order.json.data.id}`, EUR), { token: own })
    expect(attributesOf(read.json.data)).toMatchObject({ salesRepId: 'SR-1001', salesRepName: 'Sabine Vogt' })
    const [mail] = (await mailsTo(api, 'ccowner@brightline.test', 'order.confirmation')).filter((m) =>
      m.subject.includes(order.json.data.documentNumber),
    )
    expect(mail!.text).toContain('Your sales representative Sabine Vogt (SR-1001) placed this order for you.')
  })

  it('names nobody for the user’s own changes and orders, even of a basket the representative changed', async () => {
    const own = await userToken(api, 'hweber')
    const basket = await readyBusinessBasket(api, own, [{ sku, quantity: 1 }])
    expect(attributesOf((await basket.get()).data).salesRepId).toBeUndefined()
    const [before] = await api.database.db.select().from(baskets).where(eq(baskets.id, basket.id))
    expect(before!.salesRepId).toBeNull()

    // The representative changes the user's basket ...
    const token = await repToken('hweber')
    const changed = await call(api.url(`baskets/${basket.id}`, EUR), {
      method: 'PATCH',
      token,
      json: { messageToMerchant: 'Please call before delivery' },
    })
    expect(changed.status).toBe(200)
    const [after] = await api.database.db.select().from(baskets).where(eq(baskets.id, basket.id))
    expect(after!.salesRepId).toBe('SR-1001')
    // ... a refused change of another basket records nothing ...
    const refused = await call(api.url('baskets/00000000-0000-4000-8000-000000000000', EUR), {
      method: 'PATCH',
      token,
      json: { messageToMerchant: 'x' },
    })
    expect(refused.status).toBe(404)
    // ... and the user places the order himself: it names no representative.
    const order = await call(api.url('orders', EUR), {
      method: 'POST',
      token: own,
      json: { basket: basket.id, termsAndConditionsAccepted: true },
    })
    expect(order.status).toBe(201)
    expect(attributesOf(order.json.data).salesRepId).toBeUndefined()
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, order.json.data.id))
    expect(row!.salesRepId).toBeNull()
    const [mail] = (await mailsTo(api, 'hweber@brightline.test', 'order.confirmation')).filter((m) =>
      m.subject.includes(order.json.data.documentNumber),
    )
    expect(mail!.text).not.toContain('sales representative')
  })

  it("keeps the user's profile and password the user's own: a representative changes only preferences", async () => {
    const token = await repToken('hweber')
    const read = await call(api.url('customers/-/users/-', EUR), { token })
    expect(read.status).toBe(200)
    const user = read.json
    // The whole user as read passes (what the shop sends when a preferred address changes) ...
    expect(
      (await call(api.url('customers/-/users/-', EUR), { method: 'PUT', token, json: user })).status,
    ).toBe(200)
    // ... another name does not, nor does a password change.
    const renamed = await call(api.url('customers/-/users/-', EUR), {
      method: 'PUT',
      token,
      json: { ...user, firstName: 'Mallory' },
    })
    expect(renamed.status).toBe(403)
    expect(renamed.json.errors[0].code).toBe('account.profile.sales_rep.error')
    const password = await call(api.url('customers/-/users/-/credentials/password', EUR), {
      method: 'PUT',
      token,
      json: { password: 'N3w!Password2026', currentPassword: DEMO_PASSWORD },
    })
    expect(password.status).toBe(403)
    const own = await call(api.url('customers/-/users/-', EUR), { token: await userToken(api, 'hweber') })
    expect(own.json.firstName).toBe(user.firstName)
  })

  it('ends with the representative’s logout, which leaves the user logged in', async () => {
    const own = await userToken(api, 'mfoster')
    const token = await repToken('mfoster')
    expect((await call(api.url('token/logout'), { method: 'PUT', token })).status).toBe(204)
    expect((await call(api.url('customers/-/users/-'), { token })).status).toBe(401)
    expect((await call(api.url('customers/-/users/-'), { token: own })).status).toBe(200)
  })
})
