/**
 * Brute-force protection of the password login: per account (back-off, then a temporary lock, then a
 * challenge) and per client address (failures across all accounts). The counters live in a limiter store
 * (rate-limiter-flexible; PostgreSQL in the API, so every process on the database sees the same counts).
 */
import { createHash } from 'node:crypto'
import type { RateLimiterAbstract } from 'rate-limiter-flexible'

export type LoginPolicy = {
  /** Consecutive failures of one account answered as usual before the back-offs start. */
  freeFailures: number
  /** The consecutive failure that locks the account; 0 switches the per-account throttle off. */
  lockFailures: number
  /** The first back-off after the free failures; each further failure doubles it. */
  backoffSeconds: number
  lockSeconds: number
  /** How long after a lock the account asks for a solved challenge (a successful login ends it earlier). */
  challengeSeconds: number
  /** How long failures are remembered (from the first one) when no success resets them. */
  failureWindowSeconds: number
  /** Failures from one client address across all accounts per window; 0 points switches it off. */
  ipFailures: { points: number; seconds: number }
}

export const DEFAULT_LOGIN_POLICY: LoginPolicy = {
  freeFailures: 5,
  lockFailures: 10,
  backoffSeconds: 1,
  lockSeconds: 15 * 60,
  challengeSeconds: 24 * 3600,
  failureWindowSeconds: 24 * 3600,
  ipFailures: { points: 50, seconds: 15 * 60 },
}

/** Makes a counter: `points` per window of `seconds`, kept under the key prefix `name`. */
export type CounterFactory = (name: string, points: number, seconds: number) => RateLimiterAbstract

/**
 * What became of one login attempt. `passed`/`failed` carry the verification's own result; `throttled`
 * means no password was checked or a block started with this failure.
 */
export type LoginOutcome<T> =
  | { kind: 'passed'; result: T }
  | { kind: 'failed'; result: T }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'challenge_required' }
  | { kind: 'challenge_incorrect' }

/** The password check of one attempt: whether the password matched, and whatever the caller needs back. */
export type Verification<T> = () => Promise<{ passwordMatched: boolean; result: T }>

/** How long to wait after the n-th consecutive failure of an account (0: no wait; lock included). */
export function waitAfterFailure(policy: LoginPolicy, failures: number): number {
  if (policy.lockFailures <= 0) return 0
  if (failures >= policy.lockFailures) return policy.lockSeconds
  if (failures <= policy.freeFailures) return 0
  return Math.min(policy.backoffSeconds * 2 ** (failures - policy.freeFailures - 1), policy.lockSeconds)
}

const wholeSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/**
 * Account names are kept hashed: the counters then need no e-mail addresses, and their keys have one length
 * whatever a caller sends as user name.
 */
export const accountKey = (username: string) =>
  createHash('sha256').update(username.trim().toLowerCase()).digest('base64url')

export class LoginThrottle {
  private readonly failures: RateLimiterAbstract
  private readonly blocks: RateLimiterAbstract
  private readonly challenged: RateLimiterAbstract
  private readonly ip: RateLimiterAbstract

  constructor(
    private readonly policy: LoginPolicy,
    counters: CounterFactory,
  ) {
    this.failures = counters('login_fail', Math.max(policy.lockFailures, 1), policy.failureWindowSeconds)
    // A row in `blocks` is a back-off or lock while it lives; one in `challenged` asks for a challenge.
    this.blocks = counters('login_block', 1, Math.max(policy.lockSeconds, 1))
    this.challenged = counters('login_challenged', 1, policy.lockSeconds + policy.challengeSeconds)
    this.ip = counters('login_ip', Math.max(policy.ipFailures.points, 1), policy.ipFailures.seconds)
  }

  private get accountOn() {
    return this.policy.lockFailures > 0
  }

  private get ipOn() {
    return this.policy.ipFailures.points > 0
  }

  /**
   * One password attempt for `username` from client `ip`. `challenge` redeems the challenge answer sent
   * with the attempt (absent when none was sent); `verify` checks the password. The same work is done for
   * unknown accounts as for known ones, so neither the answer nor its time tells them apart.
   */
  async attempt<T>(
    username: string,
    ip: string,
    challenge: (() => Promise<boolean>) | undefined,
    verify: Verification<T>,
  ): Promise<LoginOutcome<T>> {
    const account = accountKey(username)
    const [block, ipCount, challenged] = await Promise.all([
      this.accountOn ? this.blocks.get(account) : null,
      this.ipOn ? this.ip.get(ip) : null,
      this.accountOn ? this.challenged.get(account) : null,
    ])
    // The right password is refused during a back-off or lock too: that is what makes it a lock.
    const waits = [
      block ? block.msBeforeNext : 0,
      ipCount && ipCount.consumedPoints >= this.policy.ipFailures.points ? ipCount.msBeforeNext : 0,
    ]
    if (Math.max(...waits) > 0)
      return { kind: 'throttled', retryAfterSeconds: wholeSeconds(Math.max(...waits)) }

    if (challenged) {
      if (!challenge) return { kind: 'challenge_required' }
      if (!(await challenge())) {
        if (this.ipOn) await this.ip.penalty(ip)
        return { kind: 'challenge_incorrect' }
      }
    }

    // Counted before the password is checked, so that parallel attempts cannot all slip through one check.
    const [reserved, ipReserved] = await Promise.all([
      this.accountOn ? this.failures.penalty(account) : null,
      this.ipOn ? this.ip.penalty(ip) : null,
    ])
    if (ipReserved && ipReserved.consumedPoints > this.policy.ipFailures.points) {
      if (reserved) await this.failures.reward(account)
      return { kind: 'throttled', retryAfterSeconds: wholeSeconds(ipReserved.msBeforeNext) }
    }
    if (reserved && reserved.consumedPoints > this.policy.lockFailures) {
      // Raced past the lock with attempts in flight: the one that reached it locks the account.
      return { kind: 'throttled', retryAfterSeconds: 1 }
    }

    const { passwordMatched, result } = await verify()
    if (passwordMatched) {
      // No live block can exist here (it would have refused the attempt); an expired row is overwritten.
      await Promise.all([
        reserved ? this.failures.delete(account) : null,
        challenged ? this.challenged.delete(account) : null,
        ipReserved ? this.ip.reward(ip) : null,
      ])
      return { kind: 'passed', result }
    }

    const failures = reserved?.consumedPoints ?? 0
    const wait = waitAfterFailure(this.policy, failures)
    if (this.accountOn && failures >= this.policy.lockFailures) {
      // The lock ends the run of failures; after it every attempt needs a solved challenge.
      await Promise.all([
        this.blocks.set(account, 1, this.policy.lockSeconds),
        this.challenged.set(account, 1, this.policy.lockSeconds + this.policy.challengeSeconds),
        this.failures.delete(account),
      ])
    } else if (wait > 0) {
      await this.blocks.set(account, 1, wait)
    }
    const ipWait =
      ipReserved && ipReserved.consumedPoints >= this.policy.ipFailures.points
        ? wholeSeconds(ipReserved.msBeforeNext)
        : 0
    // The failure that starts a wait answers with it at once, so the shopper learns how long to wait.
    if (wait > 0 || ipWait > 0)
      return { kind: 'throttled', retryAfterSeconds: Math.max(Math.ceil(wait), ipWait) }
    return { kind: 'failed', result }
  }
}
