/**
 * The mails of a user's own account changes, queued in the transaction of the change (ADR 0025): an e-mail
 * change goes to the old address (whoever had the account before hears of it), a password change to the user.
 */
import type { Db } from '../db/client'
import type { EventPerson } from '../domain/events'
import { ACCOUNT_MAIL_TEXTS } from './account-texts'
import { queueMail } from './outbox'
import { renderMail } from './render'
import { fill, mailLocale } from './texts'

export const EMAIL_CHANGED_MAIL = 'user.email.changed'
export const PASSWORD_CHANGED_MAIL = 'user.password.changed'

const nameOf = (user: EventPerson) => `${user.firstName} ${user.lastName}`.trim() || user.login

const dateOf = (locale: string, at: Date) =>
  new Intl.DateTimeFormat(locale.replace('_', '-'), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  })
    .format(at)
    .concat(' UTC')

export async function queueEmailChanged(tx: Db, user: EventPerson, oldEmail: string, at = new Date()) {
  const locale = mailLocale(user.preferredLanguage)
  const texts = ACCOUNT_MAIL_TEXTS[locale].emailChanged
  const mail = renderMail({
    locale,
    subject: texts.subject,
    name: nameOf(user),
    blocks: [
      { paragraph: fill(texts.intro, { date: dateOf(locale, at) }) },
      { paragraph: fill(texts.newAddress, { email: user.email }) },
      { paragraph: texts.notYou },
    ],
  })
  await queueMail(tx, { ...mail, kind: EMAIL_CHANGED_MAIL, to: oldEmail, locale })
}

export async function queuePasswordChanged(tx: Db, user: EventPerson, at = new Date()) {
  const locale = mailLocale(user.preferredLanguage)
  const texts = ACCOUNT_MAIL_TEXTS[locale].passwordChanged
  const mail = renderMail({
    locale,
    subject: texts.subject,
    name: nameOf(user),
    blocks: [{ paragraph: fill(texts.intro, { date: dateOf(locale, at) }) }, { paragraph: texts.notYou }],
  })
  await queueMail(tx, { ...mail, kind: PASSWORD_CHANGED_MAIL, to: user.email, locale })
}
