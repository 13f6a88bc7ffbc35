/**
 * The shop's captcha (a question of the commerce API, no third-party service; works without JavaScript):
 * `newCaptcha` fetches a question for a page to render (`<Captcha>`), `captchaHeaders` sends the shopper's
 * answer with the request it guards, as ICM clients send captchas: `Authorization: CAPTCHA challenge=<id>
 * answer=<number>`. A wrong, reused or expired answer comes back as 401 `captcha.incorrect` (`isCaptchaRefusal`).
 * Pages with a captcha are personal (`privateHeaders`): a question is for one visitor and one use.
 */
import { z } from 'zod'
import { icmCall, IcmError, type IcmScope } from './icm.server'
import { API_CODES } from '~/models/api-codes'
import type { CaptchaChallenge, CaptchaSolution } from '~/models/captcha'

const ChallengeSchema = z.object({
  id: z.string().max(2000),
  question: z.object({ kind: z.literal('sum'), operands: z.tuple([z.number().int(), z.number().int()]) }),
})

/** A new question (commerce API extension `POST challenges`). */
export async function newCaptcha(scope: IcmScope): Promise<CaptchaChallenge> {
  const answer = await icmCall(scope, {
    method: 'POST',
    path: 'challenges',
    schema: ChallengeSchema,
    cache: 'none',
    token: null,
  })
  return { id: answer.id, operands: answer.question.operands }
}

/** The header that carries a solved captcha to ICM. */
export const captchaHeaders = (solution: CaptchaSolution): Record<string, string> => ({
  Authorization: `CAPTCHA challenge=${solution.id} answer=${solution.answer}`,
})

/** Whether ICM refused a request for its captcha (the answer was wrong, reused or expired). */
export const isCaptchaRefusal = (error: unknown): error is IcmError =>
  error instanceof IcmError && error.status === 401 && error.code === API_CODES.captchaIncorrect
