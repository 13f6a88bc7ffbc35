/**
 * Registration, approval and the newsletter over HTTP (issue 33): `POST privatecustomers` / `POST customers`
 * with the shop's captcha in the Authorization header, the login refused (403) while a business customer
 * waits for approval, the back office's approval, and `subscriptions` for the caller's own address only.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addresses,
  customers,
  mailOutbox,
  newsletterSubscriptions,
  users,
} from '../../commerce-api/db/schema'
import { assertWireFaithful } from './wire-check'
import { call, startApi, tokenFor, type Api } from './harness'

const OPERATOR_TOKEN = 'registration-test-operator-token-0123456789'
let api: Api

beforeAll(async () => {
  api = await startApi({ backofficeToken: OPERATOR_TOKEN })
}, 120_000)
afterAll(async () => {
  assertWireFaithful()
  await api?.close()
})

/** A fresh challenge and its right answer (the sum is what the id was signed for). */
async function solved(): Promise<string> {
  const challenge = await call(api.url('challenges'), { method: 'POST' })
  const [a, b] = challenge.json.question.operands as [number, number]
  return `CAPTCHA challenge=${challenge.json.id} answer=${a + b}`
}

const address = {
  firstName: 'Rita',
  lastName: 'Register',
  addressLine1: 'Hauptstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
}

const privateBody = (email: string, extra: Record<string, unknown> = {}) => ({
  type: 'PrivateCustomer',
  firstName: 'Rita',
  lastName: 'Register',
  email,
  preferredLanguage: 'en_US',
  credentials: { login: email, password: 'Secret!2026' },
  address,
  ...extra,
})

const businessBody = (email: string) => ({
  type: 'SMBCustomer',
  companyName: 'Register Bau GmbH',
  taxationID: 'DE123456789',
  industry: 'Construction',
  user: { firstName: 'Bernd', lastName: 'Betrieb', email, preferredLanguage: 'de_DE' },
  credentials: { login: email, password: 'Secret!2026' },
  address: { ...address, companyName1: 'Register Bau GmbH' },
})

const register = async (resource: string, body: unknown, captcha?: string) =>
  call(api.url(resource), {
    method: 'POST',
    json: body,
    headers: captcha === undefined ? {} : { authorization: captcha },
  })

const login = (username: string, password = 'Secret!2026') =>
  tokenFor(api, { grant_type: 'password', username, password })

describe('POST privatecustomers', () => {
  it('registers a private customer who logs in right away, with the address and the newsletter', async () => {
    const email = 'rita.register@example.test'
    const answer = await register(
      'privatecustomers',
      privateBody(email, { subscribedToNewsletter: true }),
      await solved(),
    )
    expect(answer.status).toBe(201)
    expect(answer.json).toMatchObject({ type: 'PrivateCustomer', email, approvalPending: false })
    expect(answer.json.customerNo).toMatch(/^PC-\d+$/)
    const db = api.database.db
    const [user] = await db.select().from(users).where(eq(users.email, email))
    expect(user!.passwordHash).toMatch(/^scrypt\$/)
    expect(user!.passwordHash).not.toContain('Secret!2026')
    const [book] = await db.select().from(addresses).where(eq(addresses.customerNo, answer.json.customerNo))
    expect(book).toMatchObject({ city: 'Berlin', ownerUserId: user!.id })
    expect(
      await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, user!.id)),
    ).toHaveLength(1)
    const token = await login(email)
    expect(token.status).toBe(200)
    const me = await call(api.url('privatecustomers/-'), { token: token.json.access_token })
    expect(me.json).toMatchObject({ customerNo: answer.json.customerNo, firstName: 'Rita' })
  })

  it('refuses a missing, wrong or reused captcha with 401 captcha.incorrect and writes nothing', async () => {
    const email = 'no.captcha@example.test'
    const none = await register('privatecustomers', privateBody(email))
    expect(none.status).toBe(401)
    expect(none.json.errors[0].code).toBe('captcha.incorrect')
    const challenge = await call(api.url('challenges'), { method: 'POST' })
    const [a, b] = challenge.json.question.operands as [number, number]
    const wrong = await register(
      'privatecustomers',
      privateBody(email),
      `CAPTCHA challenge=${challenge.json.id} answer=${a + b + 1}`,
    )
    expect(wrong.status).toBe(401)
    expect(wrong.json.errors[0].code).toBe('captcha.incorrect')
    // The id was spent by the wrong answer: the right one does not count any more.
    const reused = await register(
      'privatecustomers',
      privateBody(email),
      `CAPTCHA challenge=${challenge.json.id} answer=${a + b}`,
    )
    expect(reused.status).toBe(401)
    expect(await api.database.db.select().from(users).where(eq(users.email, email))).toEqual([])
  })

  it('refuses a login or e-mail address someone has (409, without saying whose), and bad input (422)', async () => {
    const taken = await register('privatecustomers', privateBody('patricia@ironbridge.test'), await solved())
    expect(taken.status).toBe(409)
    expect(taken.json.errors[0].code).toBe('customer.credentials.login.not_unique.error')
    expect(JSON.stringify(taken.json)).not.toContain('PC-100001')
    const weak = await register(
      'privatecustomers',
      privateBody('weak@example.test', {
        credentials: { password: 'short' },
        address: { ...address, postalCode: '1' },
      }),
      await solved(),
    )
    expect(weak.status).toBe(422)
    const paths = weak.json.errors[0].causes.flatMap((cause: { paths: string[] }) => cause.paths)
    expect(paths).toEqual(expect.arrayContaining(['credentials.password', 'address.postalCode']))
  })
})

describe('POST customers (business) with approval', () => {
  it('waits for approval: login 403, the shop is mailed, the back office approves, then login works', async () => {
    const email = 'bernd.betrieb@register-bau.test'
    const answer = await register('customers', businessBody(email), await solved())
    expect(answer.status).toBe(201)
    expect(answer.json).toMatchObject({
      type: 'SMBCustomer',
      companyName: 'Register Bau GmbH',
      approvalPending: true,
    })
    const customerNo = answer.json.customerNo as string
    const db = api.database.db
    const [user] = await db.select().from(users).where(eq(users.email, email))
    expect(user).toMatchObject({
      roles: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER'],
      businessPartnerNo: 'U00001',
    })
    const [company] = await db.select().from(customers).where(eq(customers.customerNo, customerNo))
    expect(company).toMatchObject({
      taxationId: 'DE123456789',
      industry: 'Construction',
      approvalPending: true,
    })
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'customer.approval.request'))
    expect(mails.map((mail) => mail.recipient)).toContain('shop@ironbridge.test')
    expect(mails.find((mail) => mail.text.includes(customerNo))).toBeDefined()

    const refused = await login(email)
    expect(refused.status).toBe(403)
    expect(refused.json.errors[0].code).toBe('account.login.customer_approval.error')
    // A wrong password stays a 401: the 403 says nothing to someone without the password.
    expect((await login(email, 'Wrong!2026')).status).toBe(401)

    const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` }
    const pending = await call(`${api.origin}/backoffice/customers/pending`, { headers: operator })
    expect(pending.json.customers.map((c: { customerNo: string }) => c.customerNo)).toContain(customerNo)
    expect(
      (await call(`${api.origin}/backoffice/customers/${customerNo}/approval`, { method: 'POST' })).status,
    ).toBe(401)
    const approved = await call(`${api.origin}/backoffice/customers/${customerNo}/approval`, {
      method: 'POST',
      headers: operator,
    })
    expect(approved.status).toBe(200)
    expect(approved.json.approvalPending).toBe(false)
    const again = await call(`${api.origin}/backoffice/customers/${customerNo}/approval`, {
      method: 'POST',
      headers: operator,
    })
    expect(again.status).toBe(409)
    const unknown = await call(`${api.origin}/backoffice/customers/BC-999999/approval`, {
      method: 'POST',
      headers: operator,
    })
    expect(unknown.status).toBe(404)
    const told = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'customer.approved'))
    expect(told.map((mail) => mail.recipient)).toContain(email)

    const token = await login(email)
    expect(token.status).toBe(200)
    const me = await call(api.url('customers/-'), { token: token.json.access_token })
    expect(me.json).toMatchObject({ customerNo, customerType: 'SMBCustomer' })
  })

  it('announces in configurations who waits for approval and that the captcha is in use', async () => {
    const config = await call(api.url('configurations', ''))
    expect(config.json.data.general.customerTypeForLoginApproval).toEqual(['SMB'])
    expect(config.json.data.captcha.service).toBe('challenge')
    expect(config.json.data.marketing.newsletterSubscriptionEnabled).toBe(true)
  })
})

describe('subscriptions (the newsletter)', () => {
  it('subscribes, reads and ends the caller’s own address; 404 is not subscribed; foreign addresses refused', async () => {
    const token = (await login('pierre@ironbridge.test', 'Demo!2026')).json.access_token as string
    const own = encodeURIComponent('pierre@ironbridge.test')
    expect((await call(api.url(`subscriptions/${own}`), { token })).status).toBe(404)
    const made = await call(api.url('subscriptions'), {
      method: 'POST',
      token,
      json: { name: 'Newsletter', type: 'Subscription', active: true, recipient: 'Pierre@IronBridge.test' },
    })
    expect(made.status).toBe(201)
    expect(made.json).toEqual({
      name: 'Newsletter',
      type: 'Subscription',
      active: true,
      recipient: 'pierre@ironbridge.test',
    })
    expect((await call(api.url(`subscriptions/${own}`), { token })).json.active).toBe(true)

    // Another customer's address: refused, whether or not it is subscribed.
    const foreign = encodeURIComponent('patricia@ironbridge.test')
    const read = await call(api.url(`subscriptions/${foreign}`), { token })
    expect(read.status).toBe(403)
    expect(read.json.errors[0].code).toBe('subscription.recipient.foreign.error')
    const post = await call(api.url('subscriptions'), {
      method: 'POST',
      token,
      json: { recipient: 'patricia@ironbridge.test' },
    })
    expect(post.status).toBe(403)
    expect((await call(api.url(`subscriptions/${foreign}`), { method: 'DELETE', token })).status).toBe(403)
    // Anonymous callers have no address of their own.
    expect((await call(api.url(`subscriptions/${own}`))).status).toBe(401)

    expect((await call(api.url(`subscriptions/${own}`), { method: 'DELETE', token })).status).toBe(204)
    expect((await call(api.url(`subscriptions/${own}`), { token })).status).toBe(404)
    expect((await call(api.url(`subscriptions/${own}`), { method: 'DELETE', token })).status).toBe(404)
  })
})
