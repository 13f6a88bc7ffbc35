/**
 * Single sign-on over HTTP (issue 35): `POST users/processtoken` as the Intershop PWA calls it, with id tokens
 * of a provider whose keys are made here (a local key set, no network): a linked identity signs its user in;
 * an unknown one makes a user without customer who completes the registration through `POST privatecustomers`
 * / `POST customers` and can do nothing else before; an e-mail address of another user is never linked; an
 * invitation of the organization's new-user flow binds an identity to the invited user (or, without a
 * provider, sets a password). Foreign tokens, missing permissions and bad input are refused, never a 500.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  customers,
  idTokenNonces,
  mailOutbox,
  passwordTokens,
  userIdentities,
  users,
} from '../../commerce-api/db/schema'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { oidcProviders } from '../../commerce-api/config'
import { cleanUp } from '../../commerce-api/domain/cleanup'
import { linkIdentity } from '../../commerce-api/domain/identities'
import { REGISTRANT_CUSTOMER_NO } from '../../commerce-api/domain/tokens'
import { userToken } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

const ISSUER = 'https://login.example.test/realms/ironbridge'
const CLIENT = 'storefront'

let api: Api
let key: CryptoKey
let jwks: JSONWebKeySet

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true })
  key = pair.privateKey
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] }
  api = await startApi({ oidcProviders: [{ issuer: ISSUER, audience: CLIENT, jwks }] })
}, 120_000)
afterAll(async () => {
  await api?.close()
})

type Person = { sub: string; email?: string; given_name?: string; family_name?: string }

/** An id token of the provider for the person, with a fresh nonce (one sign-in). */
async function idToken(person: Person, claims: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({
    iss: ISSUER,
    aud: CLIENT,
    iat: now,
    exp: now + 300,
    nonce: randomUUID(),
    email_verified: true,
    ...person,
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .sign(key)
}

const processToken = (json: unknown, headers: Record<string, string> = {}) =>
  call(api.url('users/processtoken'), { method: 'POST', json, headers })

async function signIn(person: Person, option: 'CREATE_USER' | 'UPDATE' = 'CREATE_USER', extra = {}) {
  return processToken({ id_token: await idToken(person), options: [option], ...extra })
}

const errorKey = (answer: { headers: Headers }) => answer.headers.get('error-key')
const tokenOf = (answer: { headers: Headers }) => answer.headers.get('authentication-token')!

const address = {
  firstName: 'Nora',
  lastName: 'Neumann',
  addressLine1: 'Lindenstraße 5',
  postalCode: '10969',
  city: 'Berlin',
  countryCode: 'DE',
}

describe('a linked identity', () => {
  const bernhard = { sub: 'idp-bernhard', email: 'bbuyer@brightline.test', given_name: 'Bernhard' }
  beforeAll(async () => {
    expect(
      await linkIdentity(api.database.db, { issuer: ISSUER, subject: bernhard.sub, login: 'bbuyer' }),
    ).toBe(true)
  })

  it('signs its user in with CREATE_USER or UPDATE: the user and an ICM token in authentication-token', async () => {
    for (const option of ['CREATE_USER', 'UPDATE'] as const) {
      const answer = await signIn(bernhard, option)
      expect(answer.status).toBe(200)
      expect(answer.json).toMatchObject({
        login: 'bbuyer',
        email: 'bbuyer@brightline.test',
        firstName: 'Bernhard',
        lastName: 'Boldner',
        businessPartnerNo: expect.stringMatching(/^U\d{5}$/),
      })
      expect(answer.headers.get('cache-control')).toBe('no-store')
      const customer = await call(api.url('customers/-'), { token: tokenOf(answer) })
      expect(customer.json).toMatchObject({ customerNo: 'BC-200001', customerType: 'SMBCustomer' })
      // The storefront exchanges it as it does a punchout login's.
      const exchanged = await tokenFor(api, { grant_type: 'refresh_token', refresh_token: tokenOf(answer) })
      expect(exchanged.status).toBe(200)
      expect(
        (await call(api.url('customers/-/users/-'), { token: exchanged.json.access_token })).json.login,
      ).toBe('bbuyer')
    }
  })

  it('is matrix-aware like every route, and accepts the nonce the client sent (our extension)', async () => {
    const token = await idToken(bernhard, { nonce: 'nonce-of-this-sign-in' })
    const url = api.url('users/processtoken', ';loc=de_DE;cur=EUR')
    const wrong = await call(url, {
      method: 'POST',
      json: { id_token: token, options: ['UPDATE'], nonce: 'other' },
    })
    expect(wrong.status).toBe(401)
    expect(errorKey(wrong)).toBe('account.sso.id_token.invalid.error')
    const right = await call(url, {
      method: 'POST',
      json: { id_token: token, options: ['UPDATE'], nonce: 'nonce-of-this-sign-in' },
    })
    expect(right.status).toBe(200)
  })

  it('refuses the same id token a second time (replay), and a token it cannot verify', async () => {
    const token = await idToken(bernhard)
    expect((await processToken({ id_token: token, options: ['CREATE_USER'] })).status).toBe(200)
    const again = await processToken({ id_token: token, options: ['CREATE_USER'] })
    expect(again.status).toBe(401)
    expect(errorKey(again)).toBe('account.sso.id_token.invalid.error')
    expect(again.headers.get('authentication-token')).toBeNull()
    const other = await generateKeyPair('ES256')
    const forged = await new SignJWT({
      iss: ISSUER,
      aud: CLIENT,
      sub: bernhard.sub,
      nonce: 'n',
      iat: 1,
      exp: 4e9,
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(other.privateKey)
    expect(errorKey(await processToken({ id_token: forged, options: ['UPDATE'] }))).toBe(
      'account.sso.id_token.invalid.error',
    )
    const expired = await idToken(bernhard, { iat: 1_000, exp: 2_000 })
    expect((await processToken({ id_token: expired, options: ['UPDATE'] })).status).toBe(401)
  })

  it('refuses a deactivated user (403 user_disabled) and a customer waiting for approval (403)', async () => {
    const db = api.database.db
    const anna = { sub: 'idp-anna', email: 'aapprover@brightline.test' }
    await linkIdentity(db, { issuer: ISSUER, subject: anna.sub, login: 'aapprover' })
    await db.update(users).set({ active: false }).where(eq(users.login, 'aapprover'))
    try {
      const disabled = await signIn(anna)
      expect(disabled.status).toBe(403)
      expect(errorKey(disabled)).toBe('account.login.user_disabled.error')
    } finally {
      await db.update(users).set({ active: true }).where(eq(users.login, 'aapprover'))
    }
    await db.update(customers).set({ approvalPending: true }).where(eq(customers.customerNo, 'BC-200001'))
    try {
      const pending = await signIn(anna)
      expect(pending.status).toBe(403)
      expect(errorKey(pending)).toBe('account.login.customer_approval.error')
    } finally {
      await db.update(customers).set({ approvalPending: false }).where(eq(customers.customerNo, 'BC-200001'))
    }
    expect((await signIn(anna)).status).toBe(200)
  })
})

describe('a new identity', () => {
  const nora = {
    sub: 'idp-nora',
    email: 'Nora.Neumann@example.test',
    given_name: 'Nora',
    family_name: 'Neumann',
  }
  let token: string
  let userId: string

  it('is 404 for UPDATE; CREATE_USER with the same id token then makes a user without customer (201)', async () => {
    const idTokenOfNora = await idToken(nora)
    const update = await processToken({ id_token: idTokenOfNora, options: ['UPDATE'] })
    expect(update.status).toBe(404)
    expect(errorKey(update)).toBe('account.sso.identity.unknown.error')
    const created = await processToken({ id_token: idTokenOfNora, options: ['CREATE_USER'] })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      login: 'nora.neumann@example.test',
      email: 'nora.neumann@example.test',
      firstName: 'Nora',
      lastName: 'Neumann',
    })
    token = tokenOf(created)
    userId = created.json.businessPartnerNo
    const [stored] = await api.database.db.select().from(users).where(eq(users.id, userId))
    expect(stored).toMatchObject({ customerNo: REGISTRANT_CUSTOMER_NO, active: true })
    const [link] = await api.database.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, ISSUER), eq(userIdentities.subject, nora.sub)))
    expect(link?.userId).toBe(userId)
  })

  it('has a token good only for completing the registration: customers/- is 404, the rest refuses cleanly', async () => {
    const get = (path: string) => call(api.url(path), { token })
    for (const path of ['customers/-', 'privatecustomers/-']) {
      const answer = await get(path)
      expect(answer.status).toBe(404)
      expect(errorKey(answer)).toBe('account.sso.registration.required.error')
    }
    // What the registration page reads: the names the provider gave.
    expect((await get('customers/-/users/-')).json).toMatchObject({
      firstName: 'Nora',
      lastName: 'Neumann',
      businessPartnerNo: userId,
    })
    expect((await get('personalization')).json).toEqual({ pgid: 'pg-anonymous' })
    for (const [method, path] of [
      ['GET', 'baskets'],
      ['POST', 'baskets'],
      ['GET', 'orders'],
      ['GET', 'customers/-/addresses'],
      ['GET', 'privatecustomers/-/addresses'],
      ['PUT', 'customers/-/users/-'],
      ['GET', 'customers/-/users'],
      [`GET`, `customers/${REGISTRANT_CUSTOMER_NO}/users`],
      ['GET', 'subscriptions/nora.neumann@example.test'],
    ] as const) {
      const answer = await call(api.url(path), { method, token, json: method === 'GET' ? undefined : {} })
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(errorKey(answer), `${method} ${path}`).toBe('account.sso.registration.required.error')
    }
  })

  it('has no password that works, and no password reminder', async () => {
    const login = await tokenFor(api, {
      grant_type: 'password',
      username: 'nora.neumann@example.test',
      password: '',
    })
    expect(login.status).toBe(400)
    const guessed = await tokenFor(api, {
      grant_type: 'password',
      username: 'nora.neumann@example.test',
      password: DEMO_PASSWORD,
    })
    expect(guessed.status).toBe(401)
  })

  it("refuses completing someone else's registration, and completing without the user's token", async () => {
    const other = await signIn({
      sub: 'idp-otto',
      email: 'otto@example.test',
      given_name: 'Otto',
      family_name: 'O',
    })
    expect(other.status).toBe(201)
    const body = { type: 'PrivateCustomer', customerNo: randomUUID(), userId, address }
    const foreignRegistrant = await call(api.url('privatecustomers'), {
      method: 'POST',
      token: tokenOf(other),
      json: body,
    })
    expect(foreignRegistrant.status).toBe(403)
    const foreignCustomer = await call(api.url('privatecustomers'), {
      method: 'POST',
      token: await userToken(api, 'mkestrel'),
      json: body,
    })
    expect(foreignCustomer.status).toBe(409)
    expect(errorKey(foreignCustomer)).toBe('account.sso.registration.completed.error')
    const anonymous = await call(api.url('privatecustomers'), { method: 'POST', json: body })
    expect(anonymous.status).toBe(401)
    const [stored] = await api.database.db.select().from(users).where(eq(users.id, userId))
    expect(stored!.customerNo).toBe(REGISTRANT_CUSTOMER_NO)
  })

  it('completes the registration as the PWA posts it: a private customer of the user, no credentials, no captcha', async () => {
    const incomplete = await call(api.url('privatecustomers'), {
      method: 'POST',
      token,
      json: { type: 'PrivateCustomer', userId, address: { ...address, city: '' } },
    })
    expect(incomplete.status).toBe(422)
    const completed = await call(api.url('privatecustomers'), {
      method: 'POST',
      token,
      json: {
        type: 'PrivateCustomer',
        customerNo: randomUUID(),
        userId,
        address,
        preferredLanguage: 'de_DE',
      },
    })
    expect(completed.status).toBe(201)
    expect(completed.json).toMatchObject({
      type: 'PrivateCustomer',
      email: 'nora.neumann@example.test',
      firstName: 'Nora',
      approvalPending: false,
    })
    expect(completed.json.customerNo).toMatch(/^PC-\d+$/)
    // The same token now has a customer.
    const me = await call(api.url('privatecustomers/-'), { token })
    expect(me.json).toMatchObject({ customerNo: completed.json.customerNo, preferredLanguage: 'de_DE' })
    expect((await call(api.url('privatecustomers/-/addresses'), { token })).status).toBe(200)
    const twice = await call(api.url('privatecustomers'), {
      method: 'POST',
      token,
      json: { userId, address },
    })
    expect(twice.status).toBe(409)
    // Signing in again finds the user, now a customer's.
    const again = await signIn(nora)
    expect(again.status).toBe(200)
    expect(again.json.businessPartnerNo).toBeUndefined()
  })

  it('completes a business registration as its first user, who waits for approval like any business', async () => {
    const bea = { sub: 'idp-bea', email: 'bea.bau@example.test', given_name: 'Bea', family_name: 'Bau' }
    const created = await signIn(bea)
    expect(created.status).toBe(201)
    const beaToken = tokenOf(created)
    const completed = await call(api.url('customers'), {
      method: 'POST',
      token: beaToken,
      json: {
        type: 'SMBCustomer',
        customerNo: randomUUID(),
        companyName: 'Bau & Co KG',
        taxationID: 'DE111222333',
        userId: created.json.businessPartnerNo,
        address: { ...address, companyName1: 'Bau & Co KG' },
      },
    })
    expect(completed.status).toBe(201)
    expect(completed.json).toMatchObject({
      type: 'SMBCustomer',
      companyName: 'Bau & Co KG',
      approvalPending: true,
    })
    const [user] = await api.database.db.select().from(users).where(eq(users.email, 'bea.bau@example.test'))
    expect(user).toMatchObject({
      businessPartnerNo: 'U00001',
      roles: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER'],
    })
    // Signed out until the shop approves, as a password login would be refused.
    expect((await call(api.url('customers/-'), { token: beaToken })).status).toBe(401)
    const later = await signIn(bea)
    expect(later.status).toBe(403)
    expect(errorKey(later)).toBe('account.login.customer_approval.error')
  })

  it('is never linked to an existing user by its e-mail address (409), and needs a confirmed one', async () => {
    const db = api.database.db
    const before = await db.$count(users)
    const takeover = await signIn({ sub: 'idp-not-jack', email: 'JLINK@brightline.test', given_name: 'Jack' })
    expect(takeover.status).toBe(409)
    expect(errorKey(takeover)).toBe('account.sso.email_in_use.error')
    expect(takeover.headers.get('authentication-token')).toBeNull()
    const unconfirmed = await processToken({
      id_token: await idToken(
        { sub: 'idp-unconfirmed', email: 'new@example.test' },
        { email_verified: false },
      ),
      options: ['CREATE_USER'],
    })
    expect(unconfirmed.status).toBe(422)
    expect(errorKey(unconfirmed)).toBe('account.sso.email.required.error')
    expect(errorKey(await signIn({ sub: 'idp-no-mail' }))).toBe('account.sso.email.required.error')
    expect(await db.$count(users)).toBe(before)
    expect(await db.$count(userIdentities, eq(userIdentities.subject, 'idp-not-jack'))).toBe(0)
  })
})

describe('an invitation', () => {
  const usersUrl = () => api.url('customers/-/users', ';loc=en_US;cur=EUR')
  let jlink: string

  beforeAll(async () => {
    jlink = await userToken(api, 'jlink')
  })

  /** Invites a new Brightline user; answers their id and the secret of the mailed link. */
  async function invite(email: string) {
    const created = await call(usersUrl(), {
      method: 'POST',
      token: jlink,
      json: { elements: [{ firstName: 'Ina', lastName: 'Invite', email, invite: true }] },
    })
    expect(created.status).toBe(201)
    const db = api.database.db
    const [user] = await db.select().from(users).where(eq(users.email, email))
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))
    expect(mail!.kind).toBe('user.invitation')
    const link = new URL(/https?:\/\/\S+\/invite\?[^\s"<]+/.exec(mail!.text)![0].replaceAll('&amp;', '&'))
    expect(link.pathname).toBe('/en/invite')
    expect(link.searchParams.get('uid')).toBe(user!.id)
    return { userId: user!.id, secret: link.searchParams.get('Hash')! }
  }

  it('is mailed instead of the password link, valid for a week; a user without the permission cannot invite', async () => {
    const { userId } = await invite('ina.invite@brightline.test')
    const [link] = await api.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, userId))
    expect(link!.purpose).toBe('invitation')
    const days = (link!.expiresAt.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)
    const refused = await call(usersUrl(), {
      method: 'POST',
      token: await userToken(api, 'bbuyer'),
      json: {
        elements: [{ firstName: 'No', lastName: 'Body', email: 'no.body@brightline.test', invite: true }],
      },
    })
    expect(refused.status).toBe(403)
  })

  it('binds the identity to the invited user with UPDATE and secure_user_ref, once', async () => {
    const { userId, secret } = await invite('ivo.invite@brightline.test')
    const ivo = { sub: 'idp-ivo', email: 'ivo@company-idp.test' }
    const wrong = await signIn(ivo, 'UPDATE', { secure_user_ref: { user_id: userId, secure_code: 'not-it' } })
    expect(wrong.status).toBe(422)
    expect(errorKey(wrong)).toBe('account.sso.invitation.invalid.error')
    const otherUser = await signIn(ivo, 'UPDATE', {
      secure_user_ref: { user_id: randomUUID(), secure_code: secret },
    })
    expect(errorKey(otherUser)).toBe('account.sso.invitation.invalid.error')

    const accepted = await signIn(ivo, 'UPDATE', {
      secure_user_ref: { user_id: userId, secure_code: secret },
    })
    expect(accepted.status).toBe(200)
    expect(accepted.json).toMatchObject({ login: 'ivo.invite@brightline.test', firstName: 'Ina' })
    expect((await call(api.url('customers/-'), { token: tokenOf(accepted) })).json.customerNo).toBe(
      'BC-200001',
    )
    const [link] = await api.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, userId))
    expect(link!.usedAt).not.toBeNull()
    const used = await signIn(ivo, 'UPDATE', { secure_user_ref: { user_id: userId, secure_code: secret } })
    expect(errorKey(used)).toBe('account.sso.invitation.invalid.error')
    // From now on the identity signs the user in by itself.
    expect((await signIn(ivo, 'UPDATE')).json.login).toBe('ivo.invite@brightline.test')
  })

  it('refuses an expired invitation and an identity that is linked to someone else', async () => {
    const db = api.database.db
    const first = await invite('eva.expired@brightline.test')
    await db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, first.userId))
    const expired = await signIn({ sub: 'idp-eva' }, 'UPDATE', {
      secure_user_ref: { user_id: first.userId, secure_code: first.secret },
    })
    expect(expired.status).toBe(422)
    expect(errorKey(expired)).toBe('account.sso.invitation.invalid.error')

    const second = await invite('lia.linked@brightline.test')
    const taken = await signIn({ sub: 'idp-bernhard' }, 'UPDATE', {
      secure_user_ref: { user_id: second.userId, secure_code: second.secret },
    })
    expect(taken.status).toBe(409)
    expect(errorKey(taken)).toBe('account.sso.identity.in_use.error')
    // Refused, the invitation is still open.
    const [open] = await db.select().from(passwordTokens).where(eq(passwordTokens.userId, second.userId))
    expect(open!.usedAt).toBeNull()
  })

  it('sets a password through security/password where the shop has no provider', async () => {
    const { userId, secret } = await invite('pia.password@brightline.test')
    const set = await call(api.url('security/password'), {
      method: 'POST',
      json: { userID: userId, secureCode: secret, password: 'Invited2026' },
    })
    expect(set.status).toBe(204)
    const login = await tokenFor(api, {
      grant_type: 'password',
      username: 'pia.password@brightline.test',
      password: 'Invited2026',
    })
    expect(login.status).toBe(200)
  })
})

describe('bad input', () => {
  it('is 400, a body too large 413, never a 500', async () => {
    const token = await idToken({ sub: 'idp-x', email: 'x@example.test' })
    for (const body of [
      {},
      { id_token: token },
      { id_token: token, options: ['DELETE'] },
      { id_token: token, options: [] },
      { id_token: token, options: ['CREATE_USER', 'UPDATE'] },
      { id_token: 42, options: ['CREATE_USER'] },
      { id_token: token, options: ['CREATE_USER'], secure_user_ref: { user_id: 'u', secure_code: 'c' } },
      { id_token: token, options: ['UPDATE'], secure_user_ref: { user_id: 'u' } },
      { id_token: token, options: ['UPDATE'], nonce: 'n'.repeat(600) },
      [],
    ])
      expect((await processToken(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400)
    expect((await processToken({ id_token: 'a.b.c', options: ['UPDATE'] })).status).toBe(401)
    const notJson = await call(api.url('users/processtoken'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id_token":',
    })
    expect(notJson.status).toBe(400)
    const large = await processToken({ id_token: 'x'.repeat(40 * 1024), options: ['UPDATE'] })
    expect(large.status).toBe(413)
  })

  it('is rate-limited per client address (429)', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' }
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) statuses.push((await processToken({}, headers)).status)
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true)
    expect(statuses[60]).toBe(429)
  })
})

describe('clean-up', () => {
  it('drops the nonces of expired id tokens and users who never completed their registration in 30 days', async () => {
    const db = api.database.db
    const made = await signIn({ sub: 'idp-abandoned', email: 'abandoned@example.test', given_name: 'A' })
    expect(made.status).toBe(201)
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(users.id, made.json.businessPartnerNo))
    await db.insert(idTokenNonces).values({ issuer: ISSUER, nonce: 'long-gone', expiresAt: new Date(1000) })
    const report = await cleanUp(db)
    expect(report).toMatchObject({ ran: true, registrants: 1 })
    expect(report.ran && report.idTokenNonces).toBeGreaterThanOrEqual(1)
    expect(await db.$count(users, eq(users.id, made.json.businessPartnerNo))).toBe(0)
    expect(await db.$count(userIdentities, eq(userIdentities.subject, 'idp-abandoned'))).toBe(0)
    // Their token died with them.
    expect((await call(api.url('customers/-/users/-'), { token: tokenOf(made) })).status).toBe(401)
  })
})

describe('without a configured provider', () => {
  it('refuses every id token', async () => {
    const bare = await startApi()
    try {
      const answer = await call(bare.url('users/processtoken'), {
        method: 'POST',
        json: { id_token: await idToken({ sub: 'idp-bernhard' }), options: ['CREATE_USER'] },
      })
      expect(answer.status).toBe(401)
      expect(answer.headers.get('error-key')).toBe('account.sso.id_token.invalid.error')
    } finally {
      await bare.close()
    }
  })
})

describe('OIDC_PROVIDERS', () => {
  const parse = (value: string) => () => oidcProviders({ NODE_ENV: 'test', OIDC_PROVIDERS: value })

  it('reads a JSON list of issuers with the shop client id there, none when unset', () => {
    expect(oidcProviders({ NODE_ENV: 'test' })).toEqual([])
    expect(
      oidcProviders({
        NODE_ENV: 'test',
        OIDC_PROVIDERS:
          '[{"issuer":"https://login.microsoftonline.com/tenant/v2.0","audience":"app-id"},' +
          '{"issuer":"http://127.0.0.1:4400","audience":"storefront"}]',
      }),
    ).toEqual([
      { issuer: 'https://login.microsoftonline.com/tenant/v2.0', audience: 'app-id' },
      { issuer: 'http://127.0.0.1:4400', audience: 'storefront' },
    ])
  })

  it('stops the start with what is wrong', () => {
    expect(parse('{"issuer":')).toThrow(/OIDC_PROVIDERS must be a JSON list like/)
    expect(parse('{"issuer":"https://a.test","audience":"x"}')).toThrow(/must be a JSON list/)
    expect(parse('[{"issuer":"http://idp.example.test","audience":"x"}]')).toThrow(/must use https/)
    expect(parse('[{"issuer":"not a url","audience":"x"}]')).toThrow(/is not a URL/)
    expect(parse('[{"issuer":"https://a.test"}]')).toThrow(/"audience" must be the shop's client id/)
    expect(parse('[{"issuer":"https://a.test","client_id":"x"}]')).toThrow(/"client_id": only "issuer" and/)
    expect(
      parse('[{"issuer":"https://a.test","audience":"x"},{"issuer":"https://a.test","audience":"y"}]'),
    ).toThrow(/listed twice/)
  })
})
