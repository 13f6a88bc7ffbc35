/**
 * Password links and the local mailbox.
 *
 * - `POST security/password {userID, secureCode, password}`: the PWA's `UserService.updateUserPasswordByReminder`
 *   (src/app/core/services/user/user.service.ts) posts it and reads no body; its refusals are read only by
 *   their `error-missing-attributes` / `error-invalid-attributes` header (secureCode, userID, password: the
 *   PWA's update-password error mapper, spec shell §8). Ours answers 204 without a body.
 * - `POST security/reminder {email, firstName?, lastName?}`: the PWA's `UserService.requestPasswordReminder`
 *   posts it with the captcha header and reads no body; ours answers 204 without a body, the same for every
 *   name (spec shell §8 maps only its refusals: 401, 500, any other).
 * - `GET /mailbox.json`: ours, no ICM resource (the embedded default's mailbox, read by the e2e tests).
 */
import { z } from 'zod'
import type { WireRule } from './rules'

/** A success without a body. */
const NoContentSchema = z.undefined()

/** One mail of the local mailbox, newest first; `links` are the http(s) links of its text part. */
const MailboxMailSchema = z.object({
  id: z.string().uuid(),
  kind: z.string(),
  to: z.string(),
  locale: z.string(),
  subject: z.string(),
  createdAt: z.string().datetime(),
  sentAt: z.string().datetime().nullable(),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string().url()),
})

export const securityWire: WireRule[] = [
  { method: 'POST', route: '/rest/:site/security/password', schema: NoContentSchema },
  { method: 'POST', route: '/rest/:site/security/reminder', schema: NoContentSchema },
  {
    method: 'GET',
    route: '/mailbox.json',
    schema: z.object({ elements: z.array(MailboxMailSchema).max(100) }).strict(),
  },
]
