/**
 * A new user's invitation mail (issue 35): their company's administrator chose an invitation instead of the
 * welcome mail's password link. Its single-use link, valid for a week (password-tokens.ts purpose
 * `invitation`), opens the storefront's `/{lang}/invite?uid=&Hash=`: there the user signs in through the
 * shop's OpenID provider, which binds that identity to them (`users/processtoken` UPDATE with
 * `secure_user_ref`), or, where the shop has none, chooses a password (`security/password` takes the
 * invitation's secret like a welcome link's).
 */
import type { Db } from '../db/client'
import type { NewUser } from '../domain/events'
import { issuePasswordToken, PASSWORD_TOKEN_LIFETIME_SECONDS } from '../domain/password-tokens'
import { INVITATION_TEXTS } from './invitation-texts'
import { storefrontPage } from './settings'
import { mailLocale } from './texts'
import { queuePasswordLinkMail } from './welcome'

export const INVITATION_MAIL = 'user.invitation'

/** The storefront's invitation page for the user and the secret, in the mail's language. */
export function invitationLink(locale: string, userId: string, secret: string): string {
  const url = storefrontPage(locale, 'invite')
  url.searchParams.set('uid', userId)
  url.searchParams.set('Hash', secret)
  return url.toString()
}

/** Queues the invitation inside the transaction that made (or corrected) the user, with its token. */
export async function queueInvitationMail(tx: Db, user: NewUser): Promise<void> {
  const locale = mailLocale(user.preferredLanguage)
  const texts = INVITATION_TEXTS[locale]
  const { secret } = await issuePasswordToken(tx, user.id, 'invitation')
  const days = PASSWORD_TOKEN_LIFETIME_SECONDS.invitation / 86_400
  await queuePasswordLinkMail(tx, {
    user,
    locale,
    texts,
    link: invitationLink(locale, user.id, secret),
    validity: { days },
    kind: INVITATION_MAIL,
  })
}
