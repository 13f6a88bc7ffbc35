/**
 * The password reminder mail: the single-use, expiring link to choose a new password
 * (`/{lang}/forgotPassword/updatePassword?uid=&Hash=`, the page of the welcome mail's link too), in the
 * language of the page the reminder was asked for on.
 */
import type { Db } from '../db/client'
import type { EventPerson } from '../domain/events'
import { PASSWORD_TOKEN_LIFETIME_SECONDS } from '../domain/password-tokens'
import { REMINDER_TEXTS } from './reminder-texts'
import { mailLocale } from './texts'
import { passwordLink, queuePasswordLinkMail } from './welcome'

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
  await queuePasswordLinkMail(tx, {
    user,
    locale,
    texts,
    link: passwordLink(locale, user.id, secret),
    validity: { hours },
    kind: REMINDER_MAIL,
  })
}
