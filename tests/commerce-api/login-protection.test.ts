/**
 * The password login over HTTP: back-off and lock per account with 429 and Retry-After, the challenge after
 * a lock, the limit per client address (as the storefront forwards it), and equal answer times for known
 * and unknown accounts. Short lock times keep it quick; the policy itself is tested in login-throttle.test.ts.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../commerce-api/db/schema'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { call, startApi, type Api } from './harness'
import type { LimitOverrides } from '../../commerce-api/rate-limits'

const TOO_MANY = 'account.login.too_many_attempts.error'

function loginWith(api: Api) {
  return (
    username: string,
    password: string,
    { ip, captcha }: { ip?: string; captcha?: { id: string; answer: number | string } } = {},
  ) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
    if (ip) headers['x-forwarded-for'] = ip
    if (captcha) headers.authorization = `CAPTCHA challenge=${captcha.id} answer=${captcha.answer}`
    return call(api.url('token'), {
      method: 'POST',
      headers,
      body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    })
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function expectTooMany(answer: Awaited<ReturnType<ReturnType<typeof loginWith>>>, retryAfter?: number) {
  expect(answer.status).toBe(429)
  expect(answer.headers.get('error-key')).toBe(TOO_MANY)
  expect(answer.json.errors[0]).toMatchObject({ status: '429', code: TOO_MANY })
  const seconds = Number(answer.headers.get('retry-after'))
  expect(Number.isInteger(seconds) && seconds >= 1).toBe(true)
  if (retryAfter !== undefined) expect(seconds).toBe(retryAfter)
}

/** A commerce API with these login limits (and the others at their defaults). */
const apiWithLoginLimits = (login: NonNullable<LimitOverrides['login']>) =>
  startApi({ products: 100, protection: { limits: { login } } })

describe('login throttle per account', () => {
  let api: Api
  let login: ReturnType<typeof loginWith>
  beforeAll(async () => {
    api = await apiWithLoginLimits({
      freeFailures: 2,
      lockFailures: 4,
      backoffSeconds: 1,
      lockSeconds: 2,
      ipFailures: { points: 1000, seconds: 900 },
    })
    login = loginWith(api)
  })
  afterAll(() => api?.close())

  const challenge = async () => {
    const created = await call(api.url('challenges'), { method: 'POST' })
    expect(created.status).toBe(201)
    expect(created.json).toEqual({
      id: expect.any(String),
      question: { kind: 'sum', operands: [expect.any(Number), expect.any(Number)] },
      expires_in: 600,
    })
    const [a, b] = created.json.question.operands as [number, number]
    return { id: created.json.id as string, answer: a + b }
  }

  it('backs off, locks (refusing the right password too), then asks for a solved challenge', async () => {
    const user = 'patricia@ironbridge.test'
    expect((await login(user, 'wrong-1')).status).toBe(401)
    const second = await login(user, 'wrong-2')
    expect(second.status).toBe(401)
    expect(second.headers.get('error-key')).toBe('invalid_grant')
    expectTooMany(await login(user, 'wrong-3'), 1)
    // During the back-off the right password is refused as well.
    expectTooMany(await login(user, DEMO_PASSWORD), 1)
    await sleep(1100)
    // The fourth failure locks the account; the login name in other case is the same account.
    expectTooMany(await login('PATRICIA@ironbridge.test', 'wrong-4'), 2)
    expectTooMany(await login(user, DEMO_PASSWORD))
    await sleep(2100)

    const required = await login(user, DEMO_PASSWORD)
    expect(required.status).toBe(401)
    expect(required.headers.get('error-key')).toBe('account.login.challenge.required')

    const first = await challenge()
    const wrongAnswer = await login(user, DEMO_PASSWORD, {
      captcha: { id: first.id, answer: first.answer + 1 },
    })
    expect(wrongAnswer.status).toBe(401)
    expect(wrongAnswer.headers.get('error-key')).toBe('captcha.incorrect')
    // The id was spent by the wrong answer: the right one no longer helps.
    const reused = await login(user, DEMO_PASSWORD, { captcha: first })
    expect(reused.headers.get('error-key')).toBe('captcha.incorrect')
    const forged = await login(user, DEMO_PASSWORD, { captcha: { id: 'made-up', answer: 3 } })
    expect(forged.headers.get('error-key')).toBe('captcha.incorrect')

    const solved = await login(user, DEMO_PASSWORD, { captcha: await challenge() })
    expect(solved.status).toBe(200)
    expect(solved.json.access_token).toEqual(expect.any(String))
    // The success ended the challenge and the failures.
    expect((await login(user, DEMO_PASSWORD)).status).toBe(200)
    expect((await login(user, 'wrong-again')).status).toBe(401)
  })

  it('checks the password after a solved challenge, and a wrong one counts as a failure', async () => {
    const user = 'pierre@ironbridge.test'
    for (const n of [1, 2]) expect((await login(user, `wrong-${n}`)).status).toBe(401)
    expectTooMany(await login(user, 'wrong-3'), 1)
    await sleep(1100)
    expectTooMany(await login(user, 'wrong-4'), 2)
    await sleep(2100)
    const wrongPassword = await login(user, 'still-wrong', { captcha: await challenge() })
    expect(wrongPassword.status).toBe(401)
    expect(wrongPassword.headers.get('error-key')).toBe('invalid_grant')
    expect((await login(user, DEMO_PASSWORD)).headers.get('error-key')).toBe(
      'account.login.challenge.required',
    )
  })

  it('counts the login and the e-mail address of one account together (issue 31)', async () => {
    expect((await login('aapprover', 'wrong-1')).status).toBe(401)
    expect((await login('AApprover@brightline.test', 'wrong-2')).status).toBe(401)
    // The third failure of the account starts the back-off, whichever name it came with.
    expectTooMany(await login('aapprover', 'wrong-3'), 1)
    expectTooMany(await login('aapprover@brightline.test', DEMO_PASSWORD), 1)
  })

  it('throttles unknown accounts exactly like known ones', async () => {
    const user = 'nobody@ironbridge.test'
    expect((await login(user, 'x')).status).toBe(401)
    expect((await login(user, 'x')).headers.get('error-key')).toBe('invalid_grant')
    expectTooMany(await login(user, 'x'), 1)
  })
})

describe('login throttle per client address', () => {
  let api: Api
  let login: ReturnType<typeof loginWith>
  beforeAll(async () => {
    api = await apiWithLoginLimits({
      freeFailures: 50,
      lockFailures: 100,
      ipFailures: { points: 3, seconds: 600 },
    })
    login = loginWith(api)
  })
  afterAll(() => api?.close())

  it('counts failures across accounts per forwarded shopper address', async () => {
    const attacker = '203.0.113.10'
    expect((await login('jlink', 'wrong', { ip: attacker })).status).toBe(401)
    expect((await login('bbuyer', 'wrong', { ip: attacker })).status).toBe(401)
    expectTooMany(await login('aapprover', 'wrong', { ip: attacker }))
    // Now refused for every account from that address, the right password included.
    const refused = await login('ccowner', DEMO_PASSWORD, { ip: attacker })
    expectTooMany(refused)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590)
    // Another shopper behind the same storefront is not affected.
    expect((await login('ccowner', DEMO_PASSWORD, { ip: '203.0.113.11' })).status).toBe(200)
    expect((await login('jlink', 'wrong', { ip: '2001:db8:5::1' })).status).toBe(401)
  })
})

describe('answer time', () => {
  let api: Api
  let login: ReturnType<typeof loginWith>
  beforeAll(async () => {
    // Throttling stays on (the same counter work for every attempt) but never blocks within this test.
    api = await apiWithLoginLimits({
      freeFailures: 200,
      lockFailures: 300,
      ipFailures: { points: 10_000, seconds: 900 },
    })
    login = loginWith(api)
    await api.database.db.update(users).set({ active: false }).where(eq(users.login, 'ccowner'))
  })
  afterAll(() => api?.close())

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  }

  it('is about the same for an unknown login, a known one with a wrong password and an inactive user', async () => {
    // A behavioural check of equal work (one scrypt each), not a benchmark: medians of ten calls, a wide
    // band, so that a loaded machine does not fail it, while a skipped hash (about 10× faster) does.
    const cases = {
      known: () => login('patricia@ironbridge.test', 'not-her-password'),
      unknown: () => login('nobody-at-all@ironbridge.test', 'not-her-password'),
      inactive: () => login('ccowner', DEMO_PASSWORD),
    }
    const expected = { known: 401, unknown: 401, inactive: 403 }
    const times: Record<keyof typeof cases, number[]> = { known: [], unknown: [], inactive: [] }
    for (let round = 0; round < 12; round++) {
      for (const name of Object.keys(cases) as (keyof typeof cases)[]) {
        const started = performance.now()
        const answer = await cases[name]()
        const took = performance.now() - started
        expect(answer.status).toBe(expected[name])
        if (round >= 2) times[name].push(took)
      }
    }
    const known = median(times.known)
    for (const other of [median(times.unknown), median(times.inactive)]) {
      expect(other / known).toBeGreaterThan(0.5)
      expect(other / known).toBeLessThan(2)
    }
  })
})
