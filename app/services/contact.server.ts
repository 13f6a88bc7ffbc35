/**
 * The contact form's calls (the PWA's `ContactService`: `GET contact`, `POST contact` with the captcha apart
 * from the form) and the business customer's contact person (`GET contactpersons`, spec shell §7).
 */
import { z } from 'zod'
import { captchaHeaders, isCaptchaRefusal } from './captcha.server'
import { icmCall, IcmError, refusalOf, type IcmProblem, type IcmScope } from './icm.server'
import type { CaptchaSolution } from '~/models/captcha'
import {
  ContactPersonWireSchema,
  ContactSubjectsWireSchema,
  contactPersonOf,
  type ContactMessage,
  type ContactPerson,
} from '~/models/contact'

/** The subjects in the page's language: the same for everyone, so cached like the channel's configuration. */
export async function contactSubjects(scope: IcmScope): Promise<string[]> {
  const answer = await icmCall(scope, {
    path: 'contact',
    schema: ContactSubjectsWireSchema,
    cache: 'long',
    token: null,
  })
  return answer.elements.map((element) => element.subject)
}

export type ContactOutcome =
  | { ok: true }
  | { ok: false; captcha: true }
  | { ok: false; retryAfter: number }
  | { ok: false; errors: IcmProblem[] }

/**
 * Sends the message: a logged-in user's with their token, a stranger's without one and with the solved
 * captcha in ICM's header. ICM's refusals come back to be shown on the form.
 */
export async function sendContactMessage(
  scope: IcmScope,
  message: ContactMessage,
  captcha: CaptchaSolution | null,
): Promise<ContactOutcome> {
  try {
    await icmCall(scope, {
      method: 'POST',
      path: 'contact',
      json: message,
      schema: z.unknown(),
      cache: 'none',
      ...(captcha ? { token: null, headers: captchaHeaders(captcha) } : {}),
      handlesTooManyRequests: true,
    })
    return { ok: true }
  } catch (error) {
    if (isCaptchaRefusal(error)) return { ok: false, captcha: true }
    if (error instanceof IcmError && error.status === 429)
      return { ok: false, retryAfter: error.retryAfter ?? 60 }
    return { ok: false, errors: refusalOf(error) }
  }
}

/** The contact person of the logged-in user's business customer; null where there is none (ICM's 404). */
export async function contactPerson(scope: IcmScope): Promise<ContactPerson | null> {
  try {
    return contactPersonOf(
      await icmCall(scope, { path: 'contactpersons', schema: ContactPersonWireSchema, cache: 'none' }),
    )
  } catch (error) {
    if (error instanceof IcmError && error.status === 404) return null
    throw error
  }
}
