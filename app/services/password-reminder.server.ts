/**
 * The password reminder (ICM's `POST security/reminder`, the PWA's `requestPasswordReminder`): the shopper's
 * e-mail address or login goes in ICM's `email` attribute, the solved captcha in the Authorization header.
 * The call handles its own errors (spec §8): 401 `captcha.incorrect`, 500 `servererror.mailServer.error`,
 * 429 the reminder limit (with its wait), anything else the invalid login-or-name error (`API_CODES.reminderNameInvalid`).
 * A success says nothing about whether an account exists.
 */
import { z } from 'zod'
import { captchaHeaders } from './captcha.server'
import { icmCall, IcmError, type IcmScope } from './icm.server'
import { API_CODES } from '~/models/api-codes'
import type { CaptchaSolution } from '~/models/captcha'

export const MAIL_SERVER_ERROR = 'servererror.mailServer.error'

export type ReminderResult =
  | { ok: true }
  | { ok: false; messageKey: typeof API_CODES.captchaIncorrect; field: 'captchaAnswer' }
  | { ok: false; messageKey: typeof API_CODES.tooManyReminders; retryAfter: number }
  | {
      ok: false
      messageKey: typeof MAIL_SERVER_ERROR | typeof API_CODES.reminderNameInvalid
    }

export async function requestPasswordReminder(
  scope: IcmScope,
  name: string,
  captcha: CaptchaSolution,
): Promise<ReminderResult> {
  try {
    await icmCall(scope, {
      method: 'POST',
      path: 'security/reminder',
      json: { email: name },
      headers: captchaHeaders(captcha),
      schema: z.unknown(),
      cache: 'none',
      token: null,
      handlesTooManyRequests: true,
      handlesServerErrors: true,
    })
    return { ok: true }
  } catch (error) {
    if (!(error instanceof IcmError)) throw error
    if (error.status === 401)
      return { ok: false, messageKey: API_CODES.captchaIncorrect, field: 'captchaAnswer' }
    if (error.status === 429)
      return { ok: false, messageKey: API_CODES.tooManyReminders, retryAfter: error.retryAfter ?? 60 }
    if (error.status >= 500) return { ok: false, messageKey: MAIL_SERVER_ERROR }
    return { ok: false, messageKey: API_CODES.reminderNameInvalid }
  }
}
