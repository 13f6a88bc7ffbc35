/**
 * Registration (spec §4 "Registration and login", §7 `POST privatecustomers` / `POST customers` with the
 * captcha in the Authorization header). After creation a customer whose kind needs approval goes to
 * /register/approval; anyone else is logged in as the login page does it (auth.server.ts `login`).
 */
import { z } from 'zod'
import { captchaHeaders, isCaptchaRefusal } from './captcha.server'
import { icmCall, IcmError, refusalOf, type IcmProblem, type IcmScope } from './icm.server'
import { API_CODES } from '~/models/api-codes'
import type { CaptchaSolution } from '~/models/captcha'
import {
  registrationBody,
  ssoRegistrationBody,
  type RegistrationForm,
  type SsoRegistrationForm,
} from '~/models/registration'

const RegisteredSchema = z.object({ customerNo: z.string(), approvalPending: z.boolean().optional() })

export type RegistrationResult =
  { ok: true; customerNo: string; approvalPending?: boolean } | { ok: false; errors: IcmProblem[] }

/** Creates the customer; refusals (a wrong captcha, a taken address, bad input) come back as problems. */
export function registerCustomer(
  scope: IcmScope,
  form: RegistrationForm,
  captcha: CaptchaSolution | undefined,
  preferredLanguage: string,
): Promise<RegistrationResult> {
  return postRegistration(scope, form.kind, registrationBody(form, preferredLanguage), {
    token: null,
    headers: captcha ? captchaHeaders(captcha) : undefined,
  })
}

/**
 * Completes a new identity of an OpenID provider (`/register/sso`): the customer, with that user's token
 * (ICM's user exists since `users/processtoken`, without customer), and no credentials.
 */
export function registerIdentity(
  scope: IcmScope,
  token: string,
  form: SsoRegistrationForm,
  identity: { email: string; userId: string },
  preferredLanguage: string,
): Promise<RegistrationResult> {
  return postRegistration(scope, form.kind, ssoRegistrationBody(form, identity, preferredLanguage), { token })
}

async function postRegistration(
  scope: IcmScope,
  kind: RegistrationForm['kind'],
  json: unknown,
  auth: { token: string | null; headers?: Record<string, string> },
): Promise<RegistrationResult> {
  try {
    const answer = await icmCall(scope, {
      method: 'POST',
      path: kind === 'business' ? 'customers' : 'privatecustomers',
      json,
      schema: RegisteredSchema,
      cache: 'none',
      ...auth,
    })
    return { ok: true, customerNo: answer.customerNo, approvalPending: answer.approvalPending }
  } catch (error) {
    if (isCaptchaRefusal(error)) return { ok: false, errors: [{ code: error.code!, message: error.message }] }
    // A kind of customer the shop does not register (403) is a refusal of the form, not an error page.
    if (error instanceof IcmError && error.status === 403)
      return {
        ok: false,
        errors: [{ code: error.code ?? API_CODES.registrationDisabled, message: error.message }],
      }
    return { ok: false, errors: refusalOf(error) }
  }
}
