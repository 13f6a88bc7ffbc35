import '~/browser/account-texts'
/**
 * The logged-in user's own data (commerce-and-checkout §3 User): ICM's `customers/-/users/-` (a business user)
 * or `privatecustomers/-` (a private customer and its one user), and the profile page's forms: the profile,
 * a new e-mail address (with the current password) and a new password. Pure functions, no I/O.
 */
import { z } from 'zod'
import type { PriceDisplay } from './price'
import type { Translate } from './messages'

/** The custom user attribute that keeps the display-type switch's choice (ICM's AttributeRO). */
export const PRICE_DISPLAY_ATTRIBUTE = 'preferredPriceDisplayType'

const AttributesSchema = z
  .array(z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() }))
  .optional()

/** ICM's User as `customers/-/users/-` and `privatecustomers/-` send it (the fields the profile shows). */
export const OwnUserWireSchema = z.object({
  login: z.string().optional(),
  email: z.string().optional(),
  title: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phoneHome: z.string().optional(),
  phoneBusiness: z.string().optional(),
  phoneMobile: z.string().optional(),
  fax: z.string().optional(),
  birthday: z.string().optional(),
  department: z.string().optional(),
  preferredLanguage: z.string().optional(),
  attributes: AttributesSchema,
})
export type OwnUserWire = z.infer<typeof OwnUserWireSchema>

/** The display choice among a user's attributes, if they made one. */
export function displayPreferenceOf(attributes: OwnUserWire['attributes']): PriceDisplay | undefined {
  const value = attributes?.find((a) => a.name === PRICE_DISPLAY_ATTRIBUTE)?.value
  return value === 'gross' || value === 'net' ? value : undefined
}

/** The profile as the page shows it (JSON-safe). */
export type Profile = {
  login: string
  email: string
  title: string
  firstName: string
  lastName: string
  phoneHome: string
  phoneBusiness: string
  phoneMobile: string
  fax: string
  birthday: string
  department: string
  preferredLanguage: string
}

export function mapProfile(wire: OwnUserWire): Profile {
  return {
    login: wire.login ?? '',
    email: wire.email ?? '',
    title: wire.title ?? '',
    firstName: wire.firstName ?? '',
    lastName: wire.lastName ?? '',
    phoneHome: wire.phoneHome ?? '',
    phoneBusiness: wire.phoneBusiness ?? '',
    phoneMobile: wire.phoneMobile ?? '',
    fax: wire.fax ?? '',
    birthday: wire.birthday ?? '',
    department: wire.department ?? '',
    preferredLanguage: wire.preferredLanguage ?? '',
  }
}

/** The most characters each field holds: the commerce API's bounds. */
export const PROFILE_LIMITS = {
  title: 30,
  firstName: 60,
  lastName: 60,
  email: 254,
  phone: 40,
  department: 100,
  password: 256,
} as const

/** The profile's fields a form names, with their label keys. */
export const PROFILE_FIELD_LABELS = {
  title: 'account.profile.title.label',
  firstName: 'account.profile.first_name.label',
  lastName: 'account.profile.last_name.label',
  phoneHome: 'account.profile.phone_home.label',
  phoneBusiness: 'account.profile.phone_business.label',
  phoneMobile: 'account.profile.phone_mobile.label',
  fax: 'account.profile.fax.label',
  birthday: 'account.profile.birthday.label',
  department: 'account.profile.department.label',
  preferredLanguage: 'account.profile.preferred_language.label',
  email: 'account.profile.email.label',
  emailConfirmation: 'account.profile.email_confirmation.label',
  currentPassword: 'account.profile.current_password.label',
  password: 'account.profile.new_password.label',
  passwordConfirmation: 'account.profile.password_confirmation.label',
} as const

const required = (t: Translate, max: number, key: string) =>
  z
    .string({ required_error: t(key) })
    .trim()
    .min(1, t(key))
    .max(max, t('form.max_length', { max }))
const optional = (t: Translate, max: number) =>
  z.string().trim().max(max, t('form.max_length', { max })).optional()

export const profileSchema = (t: Translate, locales: readonly string[]) =>
  z.object({
    intent: z.literal('profile'),
    title: optional(t, PROFILE_LIMITS.title),
    firstName: required(t, PROFILE_LIMITS.firstName, 'account.profile.first_name.error.required'),
    lastName: required(t, PROFILE_LIMITS.lastName, 'account.profile.last_name.error.required'),
    phoneHome: optional(t, PROFILE_LIMITS.phone),
    phoneBusiness: optional(t, PROFILE_LIMITS.phone),
    phoneMobile: optional(t, PROFILE_LIMITS.phone),
    fax: optional(t, PROFILE_LIMITS.phone),
    birthday: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, t('account.profile.birthday.error.invalid'))
      .refine((day) => !Number.isNaN(Date.parse(day)) && Date.parse(day) <= Date.now(), {
        message: t('account.profile.birthday.error.invalid'),
      })
      .optional(),
    department: optional(t, PROFILE_LIMITS.department),
    preferredLanguage: z
      .string()
      .refine((id) => locales.includes(id), t('account.profile.preferred_language.error.invalid'))
      .optional(),
  })
export type ProfileForm = z.infer<ReturnType<typeof profileSchema>>

const passwordField = (t: Translate, key: string) =>
  z
    .string({ required_error: t(key) })
    .min(1, t(key))
    .max(PROFILE_LIMITS.password, t('form.max_length', { max: PROFILE_LIMITS.password }))

export const emailSchema = (t: Translate) =>
  z
    .object({
      intent: z.literal('email'),
      email: required(t, PROFILE_LIMITS.email, 'account.profile.email.error.required').email(
        t('account.profile.email.error.invalid'),
      ),
      emailConfirmation: required(t, PROFILE_LIMITS.email, 'account.profile.email.error.required'),
      currentPassword: passwordField(t, 'account.profile.current_password.error.required'),
    })
    .refine((form) => form.email.toLowerCase() === form.emailConfirmation.toLowerCase(), {
      path: ['emailConfirmation'],
      message: t('account.profile.email_confirmation.error.mismatch'),
    })
export type EmailForm = z.infer<ReturnType<typeof emailSchema>>

export const passwordSchema = (t: Translate) =>
  z
    .object({
      intent: z.literal('password'),
      currentPassword: passwordField(t, 'account.profile.current_password.error.required'),
      password: passwordField(t, 'account.profile.new_password.error.required'),
      passwordConfirmation: passwordField(t, 'account.profile.password_confirmation.error.required'),
    })
    .refine((form) => form.password === form.passwordConfirmation, {
      path: ['passwordConfirmation'],
      message: t('account.profile.password_confirmation.error.mismatch'),
    })
export type PasswordForm = z.infer<ReturnType<typeof passwordSchema>>

/**
 * The whole user as ICM's PUT takes it: the stored user with the changes laid over it. Empty fields are left
 * out (ICM's PUT removes them); the display choice stays as stored unless `display` names a new one.
 */
export function ownUserBody(
  stored: OwnUserWire,
  changes: Partial<Omit<Profile, 'login'>>,
  display?: PriceDisplay,
) {
  const merged = { ...mapProfile(stored), ...changes }
  const { login: _login, ...fields } = merged
  const body: Record<string, unknown> = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  )
  if (display) body.attributes = [{ name: PRICE_DISPLAY_ATTRIBUTE, type: 'String', value: display }]
  return body
}
