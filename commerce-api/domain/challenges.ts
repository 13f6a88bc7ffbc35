/**
 * Login challenges (an extension outside ICM's contract, like /psp/): a small sum to solve, asked for by an
 * account after a lock. The id is stateless: it carries a random nonce and the expiry, signed together with
 * the expected answer (HMAC-SHA256), so no row is written until it is used. Each id is used once, recorded
 * in the limiter store under its nonce, whatever the answer.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Db } from '../db/client'
import type { CounterFactory } from './login-throttle'
import { storedSecret } from './secrets'

export const CHALLENGE_LIFETIME = 600

export type Challenge = {
  id: string
  question: { kind: 'sum'; operands: [number, number] }
  expires_in: number
}

const mac = (secret: string, nonce: string, expires: number, answer: number) =>
  createHmac('sha256', secret).update(`challenge|${nonce}|${expires}|${answer}`).digest('base64url')

/** A new challenge; `now` in epoch ms. */
export function newChallenge(secret: string, now = Date.now(), lifetime = CHALLENGE_LIFETIME): Challenge {
  const operands: [number, number] = [randomInt(1, 10), randomInt(1, 10)]
  const nonce = randomBytes(16).toString('base64url')
  const expires = Math.floor(now / 1000) + lifetime
  return {
    id: `${nonce}.${expires}.${mac(secret, nonce, expires, operands[0] + operands[1])}`,
    question: { kind: 'sum', operands },
    expires_in: lifetime,
  }
}

/** The parts of a well-formed, unexpired challenge id, or null. */
export function readChallengeId(id: string, now = Date.now()) {
  const match = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(id)
  if (!match) return null
  const [, nonce = '', expires = '', signature = ''] = match
  if (Number(expires) * 1000 <= now) return null
  return { nonce, expires: Number(expires), signature }
}

/** Whether `answer` is the one the id was signed for (without using the id up). */
export function answerMatches(secret: string, id: string, answer: string, now = Date.now()): boolean {
  const parts = readChallengeId(id, now)
  if (!parts || !/^\d{1,6}$/.test(answer)) return false
  const expected = Buffer.from(mac(secret, parts.nonce, parts.expires, Number(answer)))
  const given = Buffer.from(parts.signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** CHALLENGE_SECRET when set, else a secret kept in the database (like the payment secret). */
const SECRET_KEY = 'challenge_secret'

/** Hands out challenges and redeems their answers, each id once. */
export class Challenges {
  private secret: Promise<string> | undefined
  private readonly used: RateLimiterAbstract

  constructor(
    private readonly db: Db,
    counters: CounterFactory,
    private readonly configuredSecret?: string,
  ) {
    this.used = counters('challenge_used', 1, CHALLENGE_LIFETIME)
  }

  private signingSecret(): Promise<string> {
    if (this.configuredSecret) return Promise.resolve(this.configuredSecret)
    this.secret ??= storedSecret(this.db, SECRET_KEY).catch((error: unknown) => {
      this.secret = undefined
      throw error
    })
    return this.secret
  }

  async create(): Promise<Challenge> {
    return newChallenge(await this.signingSecret())
  }

  /** True for the right answer to an unexpired id not used before; any use spends the id. */
  async redeem(id: string, answer: string): Promise<boolean> {
    const parts = readChallengeId(id)
    if (!parts) return false
    try {
      await this.used.consume(parts.nonce)
    } catch {
      return false
    }
    return answerMatches(await this.signingSecret(), id, answer)
  }
}
