import { z } from 'zod'
import type { ApiMessage, Translate } from './messages'
import { API_CODES } from '~/models/api-codes'

/**
 * The "set your password" form behind a password link (`/forgotPassword/updatePassword?uid=&Hash=`, spec shell
 * §2.2): the link's user id and secret ride along hidden, the new password is typed twice. Only the repeat is
 * checked here; the password rule is the API's (ICM's `PasswordExpression`), whose refusal the page shows.
 */
export const updatePasswordSchema = (t: Translate) =>
  z
    .object({
      uid: z.string().trim().min(1).max(256),
      hash: z.string().trim().min(1).max(128),
      password: z
        .string({ required_error: t('account.forgotdata.password.error.required') })
        .min(1, t('account.forgotdata.password.error.required'))
        .max(256),
      passwordConfirmation: z
        .string({ required_error: t('account.forgotdata.password_confirmation.error.required') })
        .min(1, t('account.forgotdata.password_confirmation.error.required'))
        .max(256),
    })
    .refine((form) => form.password === form.passwordConfirmation, {
      path: ['passwordConfirmation'],
      message: t('account.forgotdata.password_confirmation.error.mismatch'),
    })

export type UpdatePasswordForm = z.infer<ReturnType<typeof updatePasswordSchema>>

/** The refusals of `POST security/password` the page has texts for (the PWA's update-password mapper). */
export const UPDATE_PASSWORD_ERRORS = {
  secureCode: API_CODES.passwordLinkInvalid,
  userID: API_CODES.passwordUserDisabled,
  password: API_CODES.passwordRuleViolated,
  timeout: API_CODES.passwordLinkExpired,
} as const

/**
 * What a refusal of `POST security/password` means, as the PWA reads it: by the attribute ICM names (its
 * `error-*-attributes` header; the commerce API names it in the causes' `paths` as well); any other refusal is
 * the expired link ("timeout").
 */
export function updatePasswordError(problems: (ApiMessage & { paths?: string[] })[]): {
  code: string
  field?: 'password'
} {
  const codes = Object.values(UPDATE_PASSWORD_ERRORS) as string[]
  for (const problem of problems) {
    const attribute = problem.paths?.[0]
    if (attribute === 'password') return { code: UPDATE_PASSWORD_ERRORS.password, field: 'password' }
    if (attribute === 'secureCode' || attribute === 'userID')
      return { code: UPDATE_PASSWORD_ERRORS[attribute] }
    if (codes.includes(problem.code))
      return problem.code === UPDATE_PASSWORD_ERRORS.password
        ? { code: problem.code, field: 'password' }
        : { code: problem.code }
  }
  return { code: UPDATE_PASSWORD_ERRORS.timeout }
}
