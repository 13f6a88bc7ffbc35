/**
 * The shop's captcha: a server-side question of our own (domain/challenges.ts, `POST challenges`), no
 * third-party service. ICM clients send a captcha in the Authorization header (`Authorization: CAPTCHA …`,
 * icm-contract "Headers and auth"); ours travels the same way, as `key=value` pairs:
 *
 *     Authorization: CAPTCHA challenge=<challenge id> answer=<number>
 *
 * `requireCaptcha` is the one check any public write that a stranger could automate goes through
 * (registration, password reminder, contact forms): a missing, malformed, expired, reused or wrong answer is
 * ICM's 401 `captcha.incorrect` (spec §8), and every presented id is spent, right or wrong.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError } from './http'

/** How a client sends its answer, as `GET configurations` announces it (`captcha.header`). */
export const CAPTCHA_HEADER_FORM = 'CAPTCHA challenge={id} answer={answer}'

export type CaptchaAnswer = { challenge: string; answer: string }

/** The challenge id and answer of an `Authorization: CAPTCHA challenge=… answer=…` header, if any. */
export function captchaAnswer(request: FastifyRequest): CaptchaAnswer | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string' || !/^CAPTCHA\s/i.test(header)) return undefined
  const fields = new Map(
    header
      .slice('CAPTCHA'.length)
      .trim()
      .split(/\s+/)
      .map((pair) => {
        const eq = pair.indexOf('=')
        return eq > 0 ? ([pair.slice(0, eq), pair.slice(eq + 1)] as const) : ([pair, ''] as const)
      }),
  )
  const challenge = fields.get('challenge')
  const answer = fields.get('answer')
  return challenge && answer !== undefined ? { challenge, answer } : undefined
}

export const captchaIncorrect = () =>
  new ApiError(
    401,
    'captcha.incorrect',
    'This request needs a solved challenge (POST challenges) as Authorization: CAPTCHA challenge=<id> answer=<number>.',
  )

/** Throws 401 `captcha.incorrect` unless the request carries the right answer to an unused, unexpired challenge. */
export async function requireCaptcha(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const captcha = captchaAnswer(request)
  if (!captcha || !(await app.limiters.challenges.redeem(captcha.challenge, captcha.answer)))
    throw captchaIncorrect()
}
