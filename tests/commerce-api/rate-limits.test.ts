/**
 * Rate limits over HTTP: token creation and refresh per client address, challenge creation, basket creation
 * per owner and per address (429 with Retry-After and an ICM error body), and whose X-Forwarded-For counts.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadApiConfig } from '../../commerce-api/config'
import { apiTokens, baskets } from '../../commerce-api/db/schema'
import { DEFAULT_LIMITS, NO_LIMITS } from '../../commerce-api/rate-limits'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { call, startApi, type Api } from './harness'

const form = (fields: Record<string, string>, ip?: string) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    ...(ip ? { 'x-forwarded-for': ip } : {}),
  },
  body: new URLSearchParams(fields).toString(),
})

/** An environment of just these variables. */
const env = (variables: Record<string, string>) => variables as NodeJS.ProcessEnv

function expectRateLimited(answer: Awaited<ReturnType<typeof call>>, code = 'rate_limit.exceeded') {
  expect(answer.status).toBe(429)
  expect(answer.headers.get('error-key')).toBe(code)
  expect(answer.json).toEqual({ errors: [{ status: '429', code, message: expect.any(String) }] })
  const seconds = Number(answer.headers.get('retry-after'))
  expect(Number.isInteger(seconds) && seconds >= 1).toBe(true)
  return seconds
}

describe('behind the trusted storefront (loopback)', () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi({
      products: 100,
      protection: {
        limits: {
          anonymousTokens: { points: 3, seconds: 60 },
          refreshTokens: { points: 2, seconds: 60 },
          challenges: { points: 2, seconds: 60 },
          basketsPerSubject: { points: 10, seconds: 3600 },
          basketsPerIp: { points: 15, seconds: 3600 },
        },
      },
    })
  })
  afterAll(() => api?.close())

  const anonymous = (ip: string) => call(api.url('token'), form({ grant_type: 'anonymous' }, ip))

  it('limits anonymous tokens per shopper address', async () => {
    const before = await api.database.db.$count(apiTokens)
    for (let i = 0; i < 3; i++) expect((await anonymous('198.51.100.1')).status).toBe(200)
    expect(expectRateLimited(await anonymous('198.51.100.1'))).toBeLessThanOrEqual(60)
    expect((await anonymous('198.51.100.2')).status).toBe(200)
    // The refused call wrote no token.
    expect(await api.database.db.$count(apiTokens)).toBe(before + 4)
  })

  it('limits refresh grants per shopper address', async () => {
    let grant = (await anonymous('198.51.100.3')).json
    for (let i = 0; i < 2; i++) {
      const refreshed = await call(
        api.url('token'),
        form({ grant_type: 'refresh_token', refresh_token: grant.refresh_token }, '198.51.100.3'),
      )
      expect(refreshed.status).toBe(200)
      grant = refreshed.json
    }
    expectRateLimited(
      await call(
        api.url('token'),
        form({ grant_type: 'refresh_token', refresh_token: grant.refresh_token }, '198.51.100.3'),
      ),
    )
  })

  it('limits challenge creation per shopper address', async () => {
    const challenge = () =>
      call(api.url('challenges'), { method: 'POST', headers: { 'x-forwarded-for': '198.51.100.4' } })
    expect((await challenge()).status).toBe(201)
    expect((await challenge()).status).toBe(201)
    expectRateLimited(await challenge())
  })

  it('stops one token creating 49 baskets after the limit, and one address after its own', async () => {
    const token = (await anonymous('198.51.100.5')).json.access_token as string
    const [{ subject } = { subject: '' }] = await api.database.db
      .select({ subject: apiTokens.subject })
      .from(apiTokens)
      .where(eq(apiTokens.token, token))
    const statuses: number[] = []
    let refused
    for (let i = 0; i < 49; i++) {
      const created = await call(api.url('baskets'), {
        method: 'POST',
        token,
        headers: { 'x-forwarded-for': '198.51.100.5' },
      })
      statuses.push(created.status)
      if (created.status === 429) refused = created
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true)
    expect(expectRateLimited(refused!)).toBeGreaterThan(3500)
    expect(await api.database.db.$count(baskets, eq(baskets.owner, subject))).toBe(10)

    // A second shopper at the same address: the address has 5 of its 15 left.
    const neighbour = (await anonymous('198.51.100.5')).json.access_token as string
    const more = []
    for (let i = 0; i < 6; i++)
      more.push(
        (
          await call(api.url('baskets'), {
            method: 'POST',
            token: neighbour,
            headers: { 'x-forwarded-for': '198.51.100.5' },
          })
        ).status,
      )
    expect(more).toEqual([201, 201, 201, 201, 201, 429])
    const elsewhere = await call(api.url('baskets'), {
      method: 'POST',
      token: neighbour,
      headers: { 'x-forwarded-for': '198.51.100.6' },
    })
    expect(elsewhere.status).toBe(201)
  })
})

describe('X-Forwarded-For from a caller that is no trusted proxy', () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi({
      products: 100,
      protection: {
        // Only 192.0.2.1 may name the client; this test calls from loopback.
        trustedProxies: ['192.0.2.1'],
        limits: {
          anonymousTokens: { points: 2, seconds: 60 },
          login: { freeFailures: 50, lockFailures: 100, ipFailures: { points: 2, seconds: 600 } },
        },
      },
    })
  })
  afterAll(() => api?.close())

  it('is ignored: every call counts for the caller itself', async () => {
    const anonymous = (ip: string) => call(api.url('token'), form({ grant_type: 'anonymous' }, ip))
    expect((await anonymous('203.0.113.1')).status).toBe(200)
    expect((await anonymous('203.0.113.2')).status).toBe(200)
    expectRateLimited(await anonymous('203.0.113.3'))

    const login = (username: string, password: string, ip: string) =>
      call(api.url('token'), form({ grant_type: 'password', username, password }, ip))
    expect((await login('jlink', 'wrong', '203.0.113.4')).status).toBe(401)
    expectRateLimited(await login('bbuyer', 'wrong', '203.0.113.5'), 'account.login.too_many_attempts.error')
    expectRateLimited(
      await login('aapprover', DEMO_PASSWORD, '203.0.113.6'),
      'account.login.too_many_attempts.error',
    )
  })
})

describe('configuration', () => {
  it('reads the limits from the environment; RATE_LIMITS=off and 0 switch them off', () => {
    const defaults = loadApiConfig(env({}))
    expect(defaults.limits).toEqual(DEFAULT_LIMITS)
    expect(defaults.trustedProxies).toEqual(['127.0.0.1', '::1'])
    expect(loadApiConfig(env({ RATE_LIMITS: 'off' })).limits).toEqual(NO_LIMITS)

    const custom = loadApiConfig(
      env({
        RATE_LIMIT_ANONYMOUS_TOKENS: '0',
        RATE_LIMIT_BASKETS_PER_SUBJECT: '20/600',
        LOGIN_FREE_FAILURES: '3',
        LOGIN_LOCK_SECONDS: '60',
        LOGIN_IP_FAILURES: '20',
        RATE_LIMIT_REMINDERS_PER_ACCOUNT: '5/1800',
        RATE_LIMIT_REMINDERS_PER_IP: '0',
        RATE_LIMIT_PASSKEY_CHALLENGES: '10/60',
        API_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1',
      }),
    )
    expect(custom.limits.anonymousTokens).toEqual({ points: 0, seconds: 60 })
    expect(custom.limits.basketsPerSubject).toEqual({ points: 20, seconds: 600 })
    expect(custom.limits.remindersPerAccount).toEqual({ points: 5, seconds: 1800 })
    expect(custom.limits.remindersPerIp).toEqual({ points: 0, seconds: 3600 })
    expect(custom.limits.passkeyChallenges).toEqual({ points: 10, seconds: 60 })
    expect(custom.limits.login).toMatchObject({
      freeFailures: 3,
      lockSeconds: 60,
      lockFailures: 10,
      ipFailures: { points: 20, seconds: 900 },
    })
    expect(custom.trustedProxies).toEqual(['10.0.0.0/8', '127.0.0.1'])
    expect(loadApiConfig(env({ API_TRUSTED_PROXIES: '' })).trustedProxies).toEqual([])
    expect(() => loadApiConfig(env({ LOGIN_LOCK_SECONDS: '-1' }))).toThrow(/LOGIN_LOCK_SECONDS/)
  })

  it('lets a switched-off limit through', async () => {
    const api = await startApi({ products: 100, protection: { limits: NO_LIMITS } })
    try {
      const token = (await call(api.url('token'), form({ grant_type: 'anonymous' }))).json.access_token
      const before = await api.database.db.$count(baskets)
      const statuses = []
      for (let i = 0; i < 15; i++)
        statuses.push((await call(api.url('baskets'), { method: 'POST', token })).status)
      expect(new Set(statuses)).toEqual(new Set([201]))
      expect(await api.database.db.$count(baskets)).toBe(before + 15)
    } finally {
      await api.close()
    }
  })
})
