import { z } from 'zod'
import { addressSchema } from './address-form'
import { API_CODES } from './api-codes'
import { captchaFields } from './captcha'
import { messageText, type ApiMessage, type Translate } from './messages'

export type CustomerKind = 'private' | 'business'

/** ICM's password rule (its `PasswordExpression`): at least 7 characters, letters and digits, no spaces. */
const PASSWORD_RULE = /^(?=\S*[A-Za-z\u00C0-\u024F])(?=\S*\d)\S{7,}$/u
const PASSWORD_ERROR = API_CODES.passwordRuleViolated

/**
 * The registration form (spec §4 "Registration and login"), one schema for both kinds: a business customer
 * adds the company, its taxation id and industry. The names of the user are the address's. The browser
 * checks the same before posting; the API decides (the password rule, a login or address already taken).
 */
export function registrationSchema(t: Translate, regionsOf: (country: string) => string[] | undefined) {
  return registrationFields(t, regionsOf).superRefine(registrationRules(t))
}

/** The registration's fields; a new identity's registration omits the credentials and the captcha. */
function registrationFields(t: Translate, regionsOf: (country: string) => string[] | undefined) {
  const optional = (max: number) => z.string().trim().max(max, t('form.max_length', { max })).optional()
  return z.object({
    kind: z.enum(['private', 'business']),
    companyName: optional(60),
    taxationID: optional(40),
    industry: optional(60),
    email: z
      .string({ required_error: t('form.required') })
      .trim()
      .min(1, t('form.required'))
      .max(100, t('form.max_length', { max: 100 }))
      .email(t('address.email.invalid')),
    password: z
      .string({ required_error: t('form.required') })
      .max(256, t('form.max_length', { max: 256 }))
      .regex(PASSWORD_RULE, t(PASSWORD_ERROR)),
    passwordConfirmation: z.string({ required_error: t('form.required') }).max(256),
    address: addressSchema(t, regionsOf),
    newsletter: z.boolean().default(false),
    terms: z.boolean({ required_error: t('account.register.terms.error.required') }),
    ...captchaFields(t),
  })
}

/** What the fields cannot say alone: a business names its company, the password is confirmed, terms accepted. */
const registrationRules =
  (t: Translate) =>
  (
    form: {
      kind: CustomerKind
      companyName?: string
      password?: string
      passwordConfirmation?: string
      terms: boolean
    },
    ctx: z.RefinementCtx,
  ) => {
    if (form.kind === 'business' && !form.companyName)
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: t('form.required') })
    if (form.password !== form.passwordConfirmation)
      ctx.addIssue({
        code: 'custom',
        path: ['passwordConfirmation'],
        message: t('account.forgotdata.password_confirmation.error.mismatch'),
      })
    if (!form.terms)
      ctx.addIssue({ code: 'custom', path: ['terms'], message: t('account.register.terms.error.required') })
  }

export type RegistrationForm = z.infer<ReturnType<typeof registrationSchema>>

/** Fields never sent back to the page. */
export const REGISTRATION_SECRETS = ['password', 'passwordConfirmation', 'captchaId', 'captchaAnswer']

/**
 * ICM's CustomerData of the registration (`POST privatecustomers` / `POST customers`); without a password (a
 * new identity of an OpenID provider) it has no credentials.
 */
export function registrationBody(
  form: Pick<
    RegistrationForm,
    'kind' | 'companyName' | 'taxationID' | 'industry' | 'email' | 'address' | 'newsletter'
  > & {
    password?: string
  },
  preferredLanguage: string,
) {
  const { address } = form
  const user = {
    firstName: address.firstName,
    lastName: address.lastName,
    email: form.email,
    phoneHome: address.phoneHome,
    preferredLanguage,
  }
  const common = {
    address: { ...address, email: form.email },
    ...(form.password ? { credentials: { login: form.email, password: form.password } } : {}),
    subscribedToNewsletter: form.newsletter,
  }
  return form.kind === 'business'
    ? {
        type: 'SMBCustomer',
        companyName: form.companyName,
        taxationID: form.taxationID,
        industry: form.industry,
        user,
        ...common,
      }
    : { type: 'PrivateCustomer', ...user, ...common }
}

/** The form field an API refusal's path names (`user.email` → `email`, `address.city` → `address.city`). */
export function registrationField(path: string | undefined): string | undefined {
  if (!path) return undefined
  if (path === 'user.email' || path === 'credentials.login') return 'email'
  if (path === 'credentials.password') return 'password'
  if (path.startsWith('user.')) return `address.${path.slice(5)}`
  if (path.startsWith('address.') || ['companyName', 'taxationID', 'industry'].includes(path)) return path
  return undefined
}

/**
 * API refusals pinned on fields where they name one, as the fields show them; the rest are the form's errors
 * (the messages, as `refused` takes them).
 */
export function registrationErrors(t: Translate, problems: (ApiMessage & { paths?: string[] })[]) {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: ApiMessage[] = []
  for (const problem of problems) {
    const field = registrationField(problem.paths?.[0])
    if (field) (fieldErrors[field] ??= []).push(messageText(t, problem))
    else formErrors.push(problem)
  }
  return { fieldErrors, formErrors }
}

/**
 * The kinds of customer the shop registers, and the one a registration page is for: the kind asked
 * (`?type=business`, else private) where the shop registers it, else the first it does; none where it
 * registers no one.
 */
export function registrationKinds(registers: Record<CustomerKind, boolean>, asked: string | null) {
  const kinds = (['private', 'business'] as const).filter((kind) => registers[kind])
  const wanted: CustomerKind = asked === 'business' ? 'business' : 'private'
  const kind: CustomerKind | undefined = kinds.includes(wanted) ? wanted : kinds[0]
  return { kinds, kind }
}

/**
 * The registration of a new identity of an OpenID provider (`/register/sso`, spec shell §2.2): the form
 * above without what the provider keeps (e-mail address, password) and without the captcha (the provider
 * signed the shopper in). The names prefilled from the provider's id token.
 */
export function ssoRegistrationSchema(t: Translate, regionsOf: (country: string) => string[] | undefined) {
  return registrationFields(t, regionsOf)
    .omit({ email: true, password: true, passwordConfirmation: true, captchaId: true, captchaAnswer: true })
    .superRefine(registrationRules(t))
}

export type SsoRegistrationForm = z.infer<ReturnType<typeof ssoRegistrationSchema>>

/**
 * ICM's CustomerData of a new identity's registration, sent with that user's token: the registration's body
 * without credentials (the user exists, signing in at the provider), the e-mail address the provider named,
 * and the user's id as `users/processtoken` answered it (`userId`, the `userid` of `/register/sso`).
 */
export function ssoRegistrationBody(
  form: SsoRegistrationForm,
  identity: { email: string; userId: string },
  preferredLanguage: string,
) {
  return {
    ...registrationBody({ ...form, email: identity.email }, preferredLanguage),
    userId: identity.userId,
  }
}
