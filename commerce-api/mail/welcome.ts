/**
 * A new user's welcome mail: the account was made by their company's administrator, so the user gets a
 * single-use, expiring link to set their first password, in their own language.
 */
import type { Db } from '../db/client'
import { issuePasswordToken, PASSWORD_TOKEN_LIFETIME_SECONDS } from '../domain/password-tokens'
import { queueMail } from './outbox'
import { renderMail } from './render'
import { storefrontPage } from './settings'
import { fill, MAIL_TEXTS, mailLocale, type PasswordLinkTexts } from './texts'

export const WELCOME_MAIL = 'user.welcome'

/**
 * The storefront's page that sets a password with a link (spec shell §2.2: `/forgotPassword/updatePassword`
 * with `uid` and `Hash`), in the user's language (`en_US` → `/en/…`).
 */
export function passwordLink(locale: string, userId: string, secret: string): string {
  const url = storefrontPage(locale, 'forgotPassword/updatePassword')
  url.searchParams.set('uid', userId)
  url.searchParams.set('Hash', secret)
  return url.toString()
}

/**
 * Queues the welcome mail inside the user-creation transaction: a `welcome` password token and the mail with
 * its link commit together with the user, or not at all.
 */
export async function queueWelcomeMail(
  tx: Db,
  user: {
    id: string
    email: string
    firstName: string
    lastName: string
    preferredLanguage: string
    login: string
  },
): Promise<void> {
  const locale = mailLocale(user.preferredLanguage)
  const texts = MAIL_TEXTS[locale].welcome
  const { secret } = await issuePasswordToken(tx, user.id, 'welcome')
  const hours = PASSWORD_TOKEN_LIFETIME_SECONDS.welcome / 3600
  await queuePasswordLinkMail(tx, {
    user,
    locale,
    texts,
    link: passwordLink(locale, user.id, secret),
    validity: { hours },
    kind: WELCOME_MAIL,
  })
}

/**
 * Queues a mail whose button is a single-use link: to choose a password (the welcome and the reminder mail)
 * or to accept an invitation (invitation.ts), valid as long as `validity` fills into the texts' expiry.
 */
export async function queuePasswordLinkMail(
  tx: Db,
  {
    user,
    locale,
    texts,
    link,
    validity,
    kind,
  }: {
    user: { id: string; email: string; firstName: string; lastName: string; login: string }
    locale: ReturnType<typeof mailLocale>
    texts: PasswordLinkTexts
    link: string
    validity: { hours: number } | { days: number }
    kind: string
  },
): Promise<void> {
  const mail = renderMail({
    locale,
    subject: texts.subject,
    name: `${user.firstName} ${user.lastName}`.trim() || user.login,
    blocks: [
      { paragraph: texts.intro },
      { paragraph: fill(texts.login, { login: user.login }) },
      { paragraph: texts.action },
      { action: { label: texts.button, url: link } },
      { paragraph: `${fill(texts.expiry, validity)}\n${texts.ignore}` },
    ],
  })
  await queueMail(tx, { ...mail, kind, to: user.email, locale })
}
