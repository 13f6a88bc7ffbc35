/**
 * The password reminder mail: the single-use, expiring link to choose a new password
 * (`/{lang}/forgotPassword/updatePassword?uid=&Hash=`, the page of the welcome mail's link too), in the
 * language of the page the reminder was asked for on.
 */
import type { Db } from '../db/client'
import type { EventPerson } from '../domain/events'
import { PASSWORD_TOKEN_LIFETIME_SECONDS } from '../domain/password-tokens'
import { queueMail } from './outbox'
import { renderMail } from './render'
import { REMINDER_TEXTS } from './reminder-texts'
import { fill, mailLocale } from './texts'
import { passwordLink } from './welcome'

export const REMINDER_MAIL = 'user.password.reminder'

/** Queues the reminder in the transaction that issued its token. */
export async function queuePasswordReminder(
  tx: Db,
  user: EventPerson,
  requestLocale: string,
  secret: string,
): Promise<void> {
  const locale = mailLocale(requestLocale || user.preferredLanguage)
  const texts = REMINDER_TEXTS[locale]
  const hours = PASSWORD_TOKEN_LIFETIME_SECONDS.reminder / 3600
  const mail = renderMail({
    locale,
    subject: texts.subject,
    name: `${user.firstName} ${user.lastName}`.trim() || user.login,
    blocks: [
      { paragraph: texts.intro },
      { paragraph: fill(texts.login, { login: user.login }) },
      { paragraph: texts.action },
      { action: { label: texts.button, url: passwordLink(locale, user.id, secret) } },
      { paragraph: `${fill(texts.expiry, { hours })}\n${texts.ignore}` },
    ],
  })
  await queueMail(tx, { ...mail, kind: REMINDER_MAIL, to: user.email, locale })
}
