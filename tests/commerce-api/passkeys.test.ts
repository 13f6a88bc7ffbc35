/**
 * Passkeys over HTTP (issue 35, ADR 0039; an extension outside ICM's contract): a business and a private user
 * register passkeys with a software authenticator, list, rename and delete their own and never another's,
 * and sign in with the token endpoint's passkey grant, which answers the grant a password login answers.
 * Anonymous callers register nothing; refusals carry registered codes (401 for the grant's, 403 for the
 * user's state as a password login says it); bad input is 400, 413 or 422, never 500.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { passkeys, users } from '../../commerce-api/db/schema'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { SoftwareAuthenticator } from '../../commerce-api/domain/passkey-test-authenticator'
import { loadApiConfig } from '../../commerce-api/config'
import { PASSKEY_GRANT } from '../../commerce-api/routes/token'
import { call, startApi, tokenFor, type Api } from './harness'
import { assertWireFaithful } from './wire-check'

/** The default relying party of a server without PASSKEY_* settings: the storefront at localhost:3000. */
const ORIGIN = 'http://localhost:3000'
const PASSKEY_LIMIT = 40

let api: Api

beforeAll(async () => {
  api = await startApi({
    products: 20,
    protection: { limits: { passkeyChallenges: { points: PASSKEY_LIMIT, seconds: 600 } } },
  })
})
afterEach(() => assertWireFaithful())
afterAll(async () => {
  await api?.close()
})

const passkeyPath = (rest = '') => api.url(`customers/-/users/-/passkeys${rest}`)

async function tokenOf(login: string) {
  const answer = await tokenFor(api, { grant_type: 'password', username: login, password: DEMO_PASSWORD })
  expect(answer.status).toBe(200)
  return answer.json.access_token as string
}

/** Registers a passkey of `authenticator` for the token's user; answers the created passkey. */
async function register(token: string, authenticator: SoftwareAuthenticator, name: string) {
  const start = await call(passkeyPath('/registration-options'), { method: 'POST', token })
  expect(start.status).toBe(200)
  const created = await call(passkeyPath(), {
    method: 'POST',
    token,
    json: { challengeId: start.json.challengeId, name, response: authenticator.register(start.json.options) },
  })
  expect(created.status, JSON.stringify(created.json)).toBe(201)
  return created.json as { id: string; name: string; creationDate: string }
}

const signInOptions = () => call(api.url('passkeys/authentication-options'), { method: 'POST' })

/** The passkey grant with an assertion (an object is sent as its JSON, a string as it is). */
const grant = (challengeId: string, assertion: unknown) =>
  tokenFor(api, {
    grant_type: PASSKEY_GRANT,
    challenge_id: challengeId,
    assertion: typeof assertion === 'string' ? assertion : JSON.stringify(assertion),
  })

async function signIn(authenticator: SoftwareAuthenticator, spoil = {}) {
  const options = await signInOptions()
  expect(options.status).toBe(200)
  return grant(options.json.challengeId, authenticator.authenticate(options.json.options, undefined, spoil))
}

const errorCode = (answer: { json: any }) => answer.json?.errors?.[0]?.code

describe('a user’s passkeys', () => {
  it('are for logged-in users only: no token and an anonymous token are refused', async () => {
    const anonymous = await tokenFor(api, { grant_type: 'anonymous' })
    for (const token of [undefined, anonymous.json.access_token as string]) {
      const start = await call(passkeyPath('/registration-options'), { method: 'POST', token })
      expect(start.status).toBe(401)
      const list = await call(passkeyPath(), { token })
      expect(list.status).toBe(401)
      const post = await call(passkeyPath(), {
        method: 'POST',
        token,
        json: { challengeId: 'x', name: 'Mine', response: {} },
      })
      expect(post.status).toBe(401)
    }
    expect(errorCode(await call(passkeyPath(), { token: anonymous.json.access_token }))).toBe(
      'authentication.user.required',
    )
  })

  it('are each user’s own: listed, renamed and deleted by their owner, not found for anyone else', async () => {
    const business = await tokenOf('jlink')
    const own = await tokenOf('patricia@ironbridge.test')
    const laptop = await register(business, new SoftwareAuthenticator(ORIGIN), 'Work laptop')
    const phone = await register(own, new SoftwareAuthenticator(ORIGIN), 'Phone')
    expect(laptop).toMatchObject({ name: 'Work laptop' })
    expect(laptop).not.toHaveProperty('lastUsedDate')

    const businessList = await call(passkeyPath(), { token: business })
    expect(businessList.status).toBe(200)
    expect(businessList.headers.get('cache-control')).toBe('no-store')
    expect(businessList.json.data).toEqual([laptop])
    expect((await call(passkeyPath(), { token: own })).json.data).toEqual([phone])

    // Another customer's user cannot rename or delete it: not found, and it stays.
    const foreignRename = await call(passkeyPath(`/${laptop.id}`), {
      method: 'PATCH',
      token: own,
      json: { name: 'Mine now' },
    })
    expect([foreignRename.status, errorCode(foreignRename)]).toEqual([404, 'passkey.not_found'])
    const foreignDelete = await call(passkeyPath(`/${laptop.id}`), { method: 'DELETE', token: own })
    expect([foreignDelete.status, errorCode(foreignDelete)]).toEqual([404, 'passkey.not_found'])
    // A colleague of the same company neither.
    const colleague = await tokenOf('bbuyer')
    expect((await call(passkeyPath(`/${laptop.id}`), { method: 'DELETE', token: colleague })).status).toBe(
      404,
    )
    expect((await call(passkeyPath(), { token: colleague })).json.data).toEqual([])
    expect((await call(passkeyPath(), { token: business })).json.data).toEqual([laptop])

    const renamed = await call(passkeyPath(`/${laptop.id}`), {
      method: 'PATCH',
      token: business,
      json: { name: 'Old laptop' },
    })
    expect([renamed.status, renamed.json.name]).toEqual([200, 'Old laptop'])
    const deleted = await call(passkeyPath(`/${laptop.id}`), { method: 'DELETE', token: business })
    expect(deleted.status).toBe(204)
    expect((await call(passkeyPath(), { token: business })).json.data).toEqual([])
    expect((await call(passkeyPath(), { token: own })).json.data).toEqual([phone])
  })

  it('refuses bad input with 400, 413 and 422, never 500', async () => {
    const token = await tokenOf('ccowner')
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    const start = async () =>
      (await call(passkeyPath('/registration-options'), { method: 'POST', token })).json as {
        challengeId: string
        options: { challenge: string }
      }
    const post = (json: unknown) => call(passkeyPath(), { method: 'POST', token, json })

    const first = await start()
    const response = authenticator.register(first.options)
    // Malformed: no response, a response of another shape, a name too long or empty.
    for (const body of [
      { challengeId: first.challengeId, name: 'Key' },
      { challengeId: first.challengeId, name: 'Key', response: { ...response, type: 'password' } },
      { challengeId: first.challengeId, name: 'Key', response: { ...response, id: 'not base64url!' } },
      { challengeId: first.challengeId, name: 'x'.repeat(61), response },
      { challengeId: first.challengeId, name: '   ', response },
      'not an object',
    ]) {
      const answer = await post(body)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400)
    }
    // Too large a body.
    const huge = await post({
      challengeId: first.challengeId,
      name: 'Key',
      response,
      padding: 'x'.repeat(20_000),
    })
    expect(huge.status).toBe(413)
    // Well-formed, but no passkey for this shop: another origin; the challenge is spent with it.
    const spoiled = authenticator.register(first.options, { origin: 'https://elsewhere.example' })
    const refused = await post({ challengeId: first.challengeId, name: 'Key', response: spoiled })
    expect([refused.status, errorCode(refused)]).toEqual([422, 'passkey.registration.invalid'])
    const spent = await post({ challengeId: first.challengeId, name: 'Key', response })
    expect([spent.status, errorCode(spent)]).toEqual([422, 'passkey.challenge.invalid'])
    // A rename to nothing, an id too long.
    const kept = await register(token, authenticator, 'Kept')
    expect(
      (await call(passkeyPath(`/${kept.id}`), { method: 'PATCH', token, json: { name: '' } })).status,
    ).toBe(400)
    expect((await call(passkeyPath(`/${'a'.repeat(101)}`), { method: 'DELETE', token })).status).toBeLessThan(
      500,
    )
    expect((await call(passkeyPath(), { token })).json.data).toEqual([kept])
  })
})

describe('signing in with a passkey', () => {
  it('answers the grant a password login answers, and keeps the last use', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    const created = await register(await tokenOf('aapprover'), authenticator, 'Desk key')
    const options = await signInOptions()
    expect(options.headers.get('cache-control')).toBe('no-store')
    expect(options.json.options.allowCredentials).toEqual([])
    expect(options.json.options.rpId).toBe('localhost')
    const answer = await grant(options.json.challengeId, authenticator.authenticate(options.json.options))
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ token_type: 'bearer', expires_in: expect.any(Number) })
    expect(answer.headers.get('authentication-token')).toBe(answer.json.access_token)
    const me = await call(api.url('customers/-/users/-'), { token: answer.json.access_token })
    expect([me.status, me.json.login]).toEqual([200, 'aapprover'])
    const listed = await call(passkeyPath(), { token: answer.json.access_token })
    expect(listed.json.data).toEqual([{ ...created, lastUsedDate: expect.any(String) }])
    // The refresh token works as a password login's does.
    const refreshed = await tokenFor(api, {
      grant_type: 'refresh_token',
      refresh_token: answer.json.refresh_token,
    })
    expect(refreshed.status).toBe(200)
  })

  it('refuses a reused challenge, an unknown passkey, a bad signature and a replayed counter with 401', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    const token = await tokenOf('omanager')
    const created = await register(token, authenticator, 'Key')
    const options = await signInOptions()
    const assertion = authenticator.authenticate(options.json.options)
    expect((await grant(options.json.challengeId, assertion)).status).toBe(200)
    const reused = await grant(options.json.challengeId, assertion)
    expect([reused.status, errorCode(reused)]).toEqual([401, 'passkey.challenge.invalid'])
    const unknownChallenge = await grant('no-such-challenge', assertion)
    expect([unknownChallenge.status, errorCode(unknownChallenge)]).toEqual([401, 'passkey.challenge.invalid'])

    const badSignature = await signIn(authenticator, { badSignature: true })
    expect([badSignature.status, errorCode(badSignature)]).toEqual([401, 'passkey.assertion.invalid'])
    const replayed = await signIn(authenticator, { counter: 1 })
    expect([replayed.status, errorCode(replayed)]).toEqual([401, 'passkey.assertion.invalid'])
    const otherOrigin = await signIn(authenticator, { origin: 'https://elsewhere.example' })
    expect([otherOrigin.status, errorCode(otherOrigin)]).toEqual([401, 'passkey.assertion.invalid'])

    expect((await call(passkeyPath(`/${created.id}`), { method: 'DELETE', token })).status).toBe(204)
    const unknown = await signIn(authenticator)
    expect([unknown.status, errorCode(unknown)]).toEqual([401, 'passkey.credential.unknown'])
  })

  it('tells a deactivated user so, as the password login does', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN, false)
    await register(await tokenOf('mkestrel'), authenticator, 'Key')
    await api.database.db.update(users).set({ active: false }).where(eq(users.login, 'mkestrel'))
    try {
      const answer = await signIn(authenticator)
      expect([answer.status, errorCode(answer)]).toEqual([403, 'account.login.user_disabled.error'])
    } finally {
      await api.database.db.update(users).set({ active: true }).where(eq(users.login, 'mkestrel'))
    }
    expect((await signIn(authenticator)).status).toBe(200)
  })

  it('refuses a malformed grant with 400 and too large an assertion with 413', async () => {
    const options = await signInOptions()
    const id = options.json.challengeId as string
    expect((await grant(id, 'not json')).status).toBe(400)
    expect((await grant(id, { id: 'abc' })).status).toBe(400)
    expect((await grant(id, '')).status).toBe(400)
    const missing = await tokenFor(api, { grant_type: PASSKEY_GRANT, assertion: '{}' })
    expect(missing.status).toBe(400)
    const large = await grant(id, JSON.stringify({ padding: 'x'.repeat(10_000) }))
    expect(large.status).toBe(413)
    // None of these touched a passkey.
    expect(await api.database.db.$count(passkeys, eq(passkeys.name, 'never'))).toBe(0)
  })

  it('starts at most the limit of ceremonies per client address, then answers 429', async () => {
    let answer = await signInOptions()
    for (let i = 0; i < PASSKEY_LIMIT && answer.status === 200; i += 1) answer = await signInOptions()
    expect(answer.status).toBe(429)
    expect(errorCode(answer)).toBe('rate_limit.exceeded')
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('the relying party from the environment', () => {
  const env = (vars: Record<string, string>) => ({ NODE_ENV: 'test', ...vars }) as NodeJS.ProcessEnv
  it('is the storefront’s host and origin, PASSKEY_RP_ID and PASSKEY_ORIGINS where set, none at an IP address', () => {
    expect(loadApiConfig(env({})).passkeys).toEqual({
      rpId: 'localhost',
      rpName: 'Ironbridge Supply',
      origins: ['http://localhost:3000'],
    })
    expect(loadApiConfig(env({ STOREFRONT_URL: 'https://shop.example.com' })).passkeys).toMatchObject({
      rpId: 'shop.example.com',
      origins: ['https://shop.example.com'],
    })
    expect(loadApiConfig(env({ STOREFRONT_URL: 'http://127.0.0.1:3100' })).passkeys).toBeNull()
    expect(
      loadApiConfig(
        env({
          STOREFRONT_URL: 'http://127.0.0.1:3100',
          PASSKEY_RP_ID: 'localhost',
          PASSKEY_ORIGINS: 'http://localhost:3104',
          PASSKEY_RP_NAME: 'Test shop',
        }),
      ).passkeys,
    ).toEqual({ rpId: 'localhost', rpName: 'Test shop', origins: ['http://localhost:3104'] })
    expect(() => loadApiConfig(env({ PASSKEY_ORIGINS: 'https://elsewhere.example' }))).toThrow(
      /PASSKEY_ORIGINS/,
    )
  })
})

describe('a shop at an IP address', () => {
  let ipShop: Api
  beforeAll(async () => {
    ipShop = await startApi({ products: 20, passkeys: null })
  })
  afterAll(async () => {
    await ipShop?.close()
  })

  it('has no passkeys: the ceremonies and the grant answer passkey.unavailable', async () => {
    const options = await call(ipShop.url('passkeys/authentication-options'), { method: 'POST' })
    expect([options.status, errorCode(options)]).toEqual([404, 'passkey.unavailable'])
    const login = await call(ipShop.url('token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'jlink',
        password: DEMO_PASSWORD,
      }).toString(),
    })
    const token = login.json.access_token as string
    const start = await call(ipShop.url('customers/-/users/-/passkeys/registration-options'), {
      method: 'POST',
      token,
    })
    expect([start.status, errorCode(start)]).toEqual([404, 'passkey.unavailable'])
    const signIn = await call(ipShop.url('token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: PASSKEY_GRANT,
        challenge_id: 'any',
        assertion: '{}',
      }).toString(),
    })
    expect([signIn.status, errorCode(signIn)]).toEqual([404, 'passkey.unavailable'])
    // The list still answers (empty): passkeys kept before stay visible and deletable.
    expect((await call(ipShop.url('customers/-/users/-/passkeys'), { token })).json.data).toEqual([])
  })
})
