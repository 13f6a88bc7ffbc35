import { RateLimiterMemory } from 'rate-limiter-flexible'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { answerMatches, Challenges, newChallenge, readChallengeId } from './challenges'

const SECRET = 'a-test-secret-of-the-challenges-0123456789'
const sumOf = (challenge: ReturnType<typeof newChallenge>) =>
  String(challenge.question.operands[0] + challenge.question.operands[1])

/** Challenges signed with a fixed secret, their used ids counted in memory (no database needed). */
const challenges = () =>
  new Challenges(
    {} as Db,
    (name, points, seconds) => new RateLimiterMemory({ keyPrefix: name, points, duration: seconds }),
    SECRET,
  )

describe('captcha challenges (the shop’s own, server-side)', () => {
  it('accepts the sum the id was signed for and nothing else', () => {
    const challenge = newChallenge(SECRET)
    expect(answerMatches(SECRET, challenge.id, sumOf(challenge))).toBe(true)
    expect(answerMatches(SECRET, challenge.id, String(Number(sumOf(challenge)) + 1))).toBe(false)
    expect(answerMatches(SECRET, challenge.id, 'abc')).toBe(false)
    expect(answerMatches('another-secret-of-the-same-length-0123456', challenge.id, sumOf(challenge))).toBe(
      false,
    )
  })

  it('refuses an expired or tampered id', () => {
    const now = Date.now()
    const challenge = newChallenge(SECRET, now, 60)
    expect(readChallengeId(challenge.id, now + 59_000)).not.toBeNull()
    expect(readChallengeId(challenge.id, now + 61_000)).toBeNull()
    expect(answerMatches(SECRET, challenge.id, sumOf(challenge), now + 61_000)).toBe(false)
    const [nonce, expires, signature] = challenge.id.split('.')
    const later = `${nonce}.${Number(expires) + 3600}.${signature}`
    expect(answerMatches(SECRET, later, sumOf(challenge), now)).toBe(false)
  })

  it('redeems each id once, a wrong answer spending it as well', async () => {
    const service = challenges()
    const right = await service.create()
    expect(await service.redeem(right.id, sumOf(right))).toBe(true)
    expect(await service.redeem(right.id, sumOf(right))).toBe(false)
    const wrong = await service.create()
    expect(await service.redeem(wrong.id, String(Number(sumOf(wrong)) + 1))).toBe(false)
    expect(await service.redeem(wrong.id, sumOf(wrong))).toBe(false)
    expect(await service.redeem('not-an-id', '3')).toBe(false)
  })
})
