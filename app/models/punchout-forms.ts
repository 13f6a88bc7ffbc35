import '~/browser/account-texts'
/**
 * The forms of the punchout administration (issue 34): a punchout user (login and password, whether active),
 * a cXML user's configuration entries, the company's OCI configuration. One schema per form, shared by the
 * browser's checks and the server's parse; the API decides the rest (its password rule, a taken login).
 */
import { z } from 'zod'
import type { Translate } from './messages'

export const PUNCHOUT_FORM_LIMITS = {
  login: 100,
  password: 256,
  cxmlEntries: 100,
  cxmlValue: 2000,
  ociItems: 100,
  ociText: 500,
  ociMappings: 20,
  ociMappingValue: 255,
  /** Empty mapping rows each field offers, for a form that works without JavaScript. */
  ociBlankMappings: 2,
} as const

/**
 * A punchout login: ASCII letters, digits and `. _ @ -`, the API's rule (commerce-api/domain/punchout-users.ts):
 * procurement systems send it in OCI's USERNAME, IDS's name_kunde and cXML's Identity, not all of them beyond
 * ASCII. Stricter than the shop's other logins, so the form says so before the API refuses.
 */
const LOGIN_PATTERN = /^[A-Za-z0-9._@-]{2,}$/

const passwordPair = <T extends { password?: string; passwordConfirmation?: string }>(
  t: Translate,
  form: T,
  ctx: z.RefinementCtx,
) => {
  if ((form.password ?? '') !== (form.passwordConfirmation ?? ''))
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['passwordConfirmation'],
      message: t('account.punchout.password.confirmation.error.mismatch'),
    })
}

const tooLong = (t: Translate) => t('form.max_length', { max: PUNCHOUT_FORM_LIMITS.password })

const requiredPassword = (t: Translate) =>
  z
    .string({ required_error: t('account.punchout.password.error.required') })
    .min(1, t('account.punchout.password.error.required'))
    .max(PUNCHOUT_FORM_LIMITS.password, tooLong(t))

/** A new punchout user of a type: login, password twice, active. */
export const punchoutUserCreateSchema = (t: Translate) =>
  z
    .object({
      login: z
        .string({ required_error: t('account.punchout.username.error.required') })
        .trim()
        .min(1, t('account.punchout.username.error.required'))
        .max(PUNCHOUT_FORM_LIMITS.login, t('form.max_length', { max: PUNCHOUT_FORM_LIMITS.login }))
        .regex(LOGIN_PATTERN, t('account.punchout.username.error.invalid')),
      password: requiredPassword(t),
      passwordConfirmation: z
        .string({ required_error: t('account.punchout.password.confirmation.error.required') })
        .min(1, t('account.punchout.password.confirmation.error.required'))
        .max(PUNCHOUT_FORM_LIMITS.password),
      active: z.boolean().default(false),
    })
    .superRefine((form, ctx) => passwordPair(t, form, ctx))

/** A punchout user's change: a new password (empty keeps the old one) and whether the user is active. */
export const punchoutUserEditSchema = (t: Translate) =>
  z
    .object({
      intent: z.literal('update'),
      password: z.string().max(PUNCHOUT_FORM_LIMITS.password, tooLong(t)).optional(),
      passwordConfirmation: z.string().max(PUNCHOUT_FORM_LIMITS.password).optional(),
      active: z.boolean().default(false),
    })
    .superRefine((form, ctx) => passwordPair(t, form, ctx))

/** A cXML user's configuration: every entry's value by name; empty means the default. */
export const cxmlConfigurationSchema = (t: Translate) =>
  z.object({
    entries: z
      .array(
        z.object({
          name: z.string().trim().min(1).max(200),
          value: z
            .string()
            .max(
              PUNCHOUT_FORM_LIMITS.cxmlValue,
              t('form.max_length', { max: PUNCHOUT_FORM_LIMITS.cxmlValue }),
            )
            .optional(),
        }),
      )
      .max(PUNCHOUT_FORM_LIMITS.cxmlEntries)
      .default([]),
  })

const ociText = (t: Translate, max: number) =>
  z.string().trim().max(max, t('form.max_length', { max })).optional()

/**
 * The OCI configuration: per field its value (placeholders in braces), formatter and value mappings. A
 * mapping row left empty is no mapping; one with only a "from" value maps that value to nothing.
 */
export const ociConfigurationSchema = (t: Translate) =>
  z.object({
    items: z
      .array(
        z.object({
          field: z.string().trim().min(1).max(100),
          transform: ociText(t, PUNCHOUT_FORM_LIMITS.ociText),
          formatter: ociText(t, 100),
          mappings: z
            .array(
              z.object({
                from: ociText(t, PUNCHOUT_FORM_LIMITS.ociMappingValue),
                to: ociText(t, PUNCHOUT_FORM_LIMITS.ociMappingValue),
              }),
            )
            .max(PUNCHOUT_FORM_LIMITS.ociMappings + PUNCHOUT_FORM_LIMITS.ociBlankMappings)
            .default([]),
        }),
      )
      .max(PUNCHOUT_FORM_LIMITS.ociItems)
      .default([]),
  })

/** The posted OCI configuration as ICM takes it: empty mapping rows dropped, absent texts empty. */
export function ociItemsOf(form: z.infer<ReturnType<typeof ociConfigurationSchema>>) {
  return form.items.map((item) => ({
    field: item.field,
    transform: item.transform ?? '',
    formatter: item.formatter ?? '',
    mappings: item.mappings
      .filter((mapping) => mapping.from || mapping.to)
      .map((mapping) => ({ from: mapping.from ?? '', to: mapping.to ?? '' })),
  }))
}
