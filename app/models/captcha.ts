import { z } from 'zod'
import type { Translate } from './messages'

/** A captcha question of the commerce API (`POST challenges`): its id and the two numbers to add. */
export type CaptchaChallenge = { id: string; operands: [number, number] }

/** The solved captcha as the API wants it with the request it guards (see captcha.server.ts). */
export type CaptchaSolution = { id: string; answer: string }

/**
 * The captcha's fields of a form, to spread into its schema: the question's id (hidden) and the answer.
 * The browser checks that an answer is a number; whether it is the right one only the API knows.
 */
export const captchaFields = (t: Translate) => ({
  captchaId: z
    .string({ required_error: t('captcha.incorrect') })
    .min(1)
    .max(200),
  captchaAnswer: z
    .string({ required_error: t('captcha.answer.error.required') })
    .trim()
    .min(1, t('captcha.answer.error.required'))
    .regex(/^\d{1,6}$/, t('account.login.challenge.error.number')),
})

/** Never sent back to the page: a question is answered once, the next try gets a new one. */
export const CAPTCHA_FIELDS = ['captchaId', 'captchaAnswer']

export const captchaSolution = (value: { captchaId: string; captchaAnswer: string }): CaptchaSolution => ({
  id: value.captchaId,
  answer: value.captchaAnswer,
})
