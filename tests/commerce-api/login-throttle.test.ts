/** The login throttle's policy without HTTP: back-off, lock, challenge, reset on success, per-address limit. */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Database } from '../../commerce-api/db/client'
import { rateLimits } from '../../commerce-api/db/schema'
import {
  answerMatches,
  Challenges,
  newChallenge,
  readChallengeId,
} from '../../commerce-api/domain/challenges'
import {
  DEFAULT_LOGIN_POLICY,
  LoginThrottle,
  waitAfterFailure,
  type LoginPolicy,
} from '../../commerce-api/domain/login-throttle'
import { clientKey, databaseCounters, memoryCounters, parseLimit } from '../../commerce-api/rate-limits'

const policy = (overrides: Partial<LoginPolicy> = {}): LoginPolicy => ({
  ...DEFAULT_LOGIN_POLICY,
  freeFailures: 2,
  lockFailures: 5,
  backoffSeconds: 1,
  lockSeconds: 60,
  challengeSeconds: 3600,
  ipFailures: { points: 100, seconds: 900 },
  ...overrides,
})

/** A password check that counts its calls: `right` is the one password that matches. */
function passwords(right = 'right') {
  const checked: string[] = []
  const verify = (password: string) => async () => {
    checked.push(password)
    return { passwordMatched: password === right, result: password }
  }
  return { checked, verify }
}

describe('waitAfterFailure', () => {
  it('is free for the first failures, then doubles from the first back-off, then locks', () => {
    const p = policy({ freeFailures: 5, lockFailures: 10, backoffSeconds: 1, lockSeconds: 900 })
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => waitAfterFailure(p, n))).toEqual([
      0, 0, 0, 0, 0, 1, 2, 4, 8, 900, 900,
    ])
    expect(waitAfterFailure(policy({ lockFailures: 0 }), 50)).toBe(0)
    // A back-off never outgrows the lock.
    expect(waitAfterFailure(policy({ freeFailures: 0, lockFailures: 30, lockSeconds: 10 }), 20)).toBe(10)
  })
})

describe('LoginThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('backs off with growing waits, locks, then asks for a challenge until a login succeeds', async () => {
    const throttle = new LoginThrottle(policy(), memoryCounters)
    const { checked, verify } = passwords()
    const attempt = (password: string, challenge?: () => Promise<boolean>) =>
      throttle.attempt('Patricia@Example.test', '203.0.113.7', challenge, verify(password))

    expect(await attempt('wrong')).toEqual({ kind: 'failed', result: 'wrong' })
    expect(await attempt('wrong')).toEqual({ kind: 'failed', result: 'wrong' })
    expect(await attempt('wrong')).toEqual({ kind: 'throttled', retryAfterSeconds: 1 })
    // During the back-off even the right password is refused, unchecked.
    expect(await attempt('right')).toEqual({ kind: 'throttled', retryAfterSeconds: 1 })
    expect(checked).toEqual(['wrong', 'wrong', 'wrong'])

    vi.advanceTimersByTime(1000)
    expect(await attempt('wrong')).toEqual({ kind: 'throttled', retryAfterSeconds: 2 })
    vi.advanceTimersByTime(1999)
    expect((await attempt('wrong')).kind).toBe('throttled')
    vi.advanceTimersByTime(1)
    // The fifth failure locks the account for lockSeconds.
    expect(await attempt('wrong')).toEqual({ kind: 'throttled', retryAfterSeconds: 60 })
    vi.advanceTimersByTime(30_000)
    expect(await attempt('right')).toEqual({ kind: 'throttled', retryAfterSeconds: 30 })
    expect(checked).toHaveLength(5)

    vi.advanceTimersByTime(30_000)
    // After the lock: no password is checked without a solved challenge.
    expect(await attempt('right')).toEqual({ kind: 'challenge_required' })
    expect(await attempt('right', async () => false)).toEqual({ kind: 'challenge_incorrect' })
    expect(checked).toHaveLength(5)
    expect(await attempt('right', async () => true)).toEqual({ kind: 'passed', result: 'right' })
    // The success ended the challenge and the run of failures.
    expect(await attempt('right')).toEqual({ kind: 'passed', result: 'right' })
    expect(await attempt('wrong')).toEqual({ kind: 'failed', result: 'wrong' })
  })

  it('keeps asking for a challenge after a lock even when a solved one comes with a wrong password', async () => {
    const throttle = new LoginThrottle(policy({ freeFailures: 0, lockFailures: 1 }), memoryCounters)
    const { verify } = passwords()
    expect(await throttle.attempt('jlink', '198.51.100.1', undefined, verify('wrong'))).toEqual({
      kind: 'throttled',
      retryAfterSeconds: 60,
    })
    vi.advanceTimersByTime(60_000)
    expect((await throttle.attempt('jlink', '198.51.100.1', undefined, verify('right'))).kind).toBe(
      'challenge_required',
    )
    // A wrong password with a solved challenge locks again (lockFailures 1) and the challenge stays.
    expect((await throttle.attempt('jlink', '198.51.100.1', async () => true, verify('wrong'))).kind).toBe(
      'throttled',
    )
    vi.advanceTimersByTime(60_000)
    expect((await throttle.attempt('jlink', '198.51.100.1', undefined, verify('right'))).kind).toBe(
      'challenge_required',
    )
  })

  it('forgets the failures on success, per account, whatever the case of the name', async () => {
    const throttle = new LoginThrottle(policy(), memoryCounters)
    const { verify } = passwords()
    const attempt = (name: string, password: string) =>
      throttle.attempt(name, '192.0.2.1', undefined, verify(password))
    await attempt('bbuyer', 'wrong')
    await attempt('BBUYER ', 'wrong')
    expect((await attempt('bbuyer', 'right')).kind).toBe('passed')
    expect((await attempt('bbuyer', 'wrong')).kind).toBe('failed')
    expect((await attempt('bbuyer', 'wrong')).kind).toBe('failed')
    // Another account's failures are its own.
    expect((await attempt('aapprover', 'wrong')).kind).toBe('failed')
    expect((await attempt('bbuyer', 'wrong')).kind).toBe('throttled')
  })

  it('treats unknown accounts like known ones', async () => {
    const throttle = new LoginThrottle(policy(), memoryCounters)
    const unknown = async () => ({ passwordMatched: false, result: 'no such user' })
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push(await throttle.attempt('nobody@example.test', '192.0.2.9', undefined, unknown))
    expect(answers.map((a) => a.kind)).toEqual(['failed', 'failed', 'throttled', 'throttled', 'throttled'])
  })

  it('limits failures per client address across accounts, and only that address', async () => {
    const throttle = new LoginThrottle(
      policy({ freeFailures: 100, lockFailures: 200, ipFailures: { points: 3, seconds: 60 } }),
      memoryCounters,
    )
    const { checked, verify } = passwords()
    const from = (ip: string, name: string, password = 'wrong') =>
      throttle.attempt(name, ip, undefined, verify(password))
    expect((await from('203.0.113.1', 'a')).kind).toBe('failed')
    expect((await from('203.0.113.1', 'b')).kind).toBe('failed')
    expect(await from('203.0.113.1', 'c')).toEqual({ kind: 'throttled', retryAfterSeconds: 60 })
    expect((await from('203.0.113.1', 'd', 'right')).kind).toBe('throttled')
    expect(checked).toHaveLength(3)
    expect((await from('203.0.113.2', 'd', 'right')).kind).toBe('passed')
    vi.advanceTimersByTime(60_000)
    expect((await from('203.0.113.1', 'd', 'right')).kind).toBe('passed')
  })

  it('checks no more passwords than the lock allows when attempts arrive in parallel', async () => {
    vi.useRealTimers()
    const throttle = new LoginThrottle(policy({ freeFailures: 2, lockFailures: 4 }), memoryCounters)
    let checks = 0
    const slowWrong = async () => {
      checks++
      await new Promise((resolve) => setTimeout(resolve, 20))
      return { passwordMatched: false, result: null }
    }
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => throttle.attempt('ccowner', '192.0.2.5', undefined, slowWrong)),
    )
    expect(checks).toBe(4)
    expect(outcomes.filter((o) => o.kind === 'throttled')).toHaveLength(28)
  })

  it('does nothing when switched off (lockFailures 0, no address limit)', async () => {
    const throttle = new LoginThrottle(
      policy({ lockFailures: 0, ipFailures: { points: 0, seconds: 60 } }),
      memoryCounters,
    )
    const { verify } = passwords()
    for (let i = 0; i < 30; i++)
      expect((await throttle.attempt('pierre', '192.0.2.3', undefined, verify('wrong'))).kind).toBe('failed')
    expect((await throttle.attempt('pierre', '192.0.2.3', undefined, verify('right'))).kind).toBe('passed')
  })
})

describe('challenges', () => {
  it('binds the answer and the expiry to the id, without telling the answer', () => {
    const now = Date.UTC(2026, 0, 1)
    const challenge = newChallenge('secret', now)
    const [a, b] = challenge.question.operands
    expect(challenge.expires_in).toBe(600)
    // nonce.expiry.signature: the answer itself is not in it.
    const [nonce, expiry, signature] = challenge.id.split('.')
    expect(nonce).toMatch(/^[\w-]{22}$/)
    expect(expiry).toBe(String(now / 1000 + 600))
    expect(signature).toMatch(/^[\w-]{43}$/)
    expect(answerMatches('secret', challenge.id, String(a + b), now)).toBe(true)
    expect(answerMatches('secret', challenge.id, String(a + b + 1), now)).toBe(false)
    expect(answerMatches('other secret', challenge.id, String(a + b), now)).toBe(false)
    expect(answerMatches('secret', challenge.id, String(a + b), now + 600_000)).toBe(false)
    expect(readChallengeId(challenge.id.replace(/\.\d+\./, '.9999999999.'), now)).not.toBeNull()
    // A later expiry written into the id breaks its signature.
    expect(answerMatches('secret', challenge.id.replace(/\.\d+\./, '.9999999999.'), String(a + b), now)).toBe(
      false,
    )
    expect(answerMatches('secret', 'garbage', '1', now)).toBe(false)
  })

  it('redeems an id once, right or wrong', async () => {
    const challenges = new Challenges(undefined as never, memoryCounters, 'secret')
    const first = await challenges.create()
    const answer = String(first.question.operands[0] + first.question.operands[1])
    expect(await challenges.redeem(first.id, answer)).toBe(true)
    expect(await challenges.redeem(first.id, answer)).toBe(false)
    const second = await challenges.create()
    expect(await challenges.redeem(second.id, '999')).toBe(false)
    const rightAnswer = String(second.question.operands[0] + second.question.operands[1])
    expect(await challenges.redeem(second.id, rightAnswer)).toBe(false)
  })
})

describe('limits as configured', () => {
  it('reads N and N/seconds', () => {
    expect(parseLimit(undefined, { points: 5, seconds: 60 })).toEqual({ points: 5, seconds: 60 })
    expect(parseLimit('0', { points: 5, seconds: 60 })).toEqual({ points: 0, seconds: 60 })
    expect(parseLimit('20/3600', { points: 5, seconds: 60 })).toEqual({ points: 20, seconds: 3600 })
    expect(() => parseLimit('many', { points: 5, seconds: 60 })).toThrow(/invalid limit/)
    expect(() => parseLimit('5/0', { points: 5, seconds: 60 })).toThrow(/window/)
  })

  it('keys IPv4 by address and IPv6 by its /64 network', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
  })
})

describe('counters in the database', () => {
  let database: Database
  afterAll(async () => {
    await database?.close()
  })

  it('are shared by every throttle on the same database, as by several API processes', async () => {
    // PGlite in memory; the HTTP tests run the same store on PostgreSQL when DATABASE_URL is set.
    database = await openDatabase({})
    const counters = databaseCounters(database.db)
    const p = policy({ freeFailures: 1, lockFailures: 3, ipFailures: { points: 50, seconds: 900 } })
    const one = new LoginThrottle(p, counters)
    const other = new LoginThrottle(p, databaseCounters(database.db))
    const { verify } = passwords()
    const name = `shared-${Math.random()}`
    expect((await one.attempt(name, '192.0.2.77', undefined, verify('wrong'))).kind).toBe('failed')
    expect(await other.attempt(name, '192.0.2.77', undefined, verify('wrong'))).toEqual({
      kind: 'throttled',
      retryAfterSeconds: 1,
    })
    expect((await one.attempt(name, '192.0.2.77', undefined, verify('right'))).kind).toBe('throttled')
    const rows = await database.db.select().from(rateLimits)
    expect(rows.map((row) => row.key.split(':')[0]).sort()).toEqual(['login_block', 'login_fail', 'login_ip'])
    expect(rows.every((row) => !row.key.includes(name))).toBe(true)
  })
})
