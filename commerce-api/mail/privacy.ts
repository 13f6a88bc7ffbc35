/**
 * The confirmation mail of a data-protection request (issue 33): the link to the storefront's
 * `/gdpr-requests?Hash=&PersonalDataRequestID=` page (spec §2), in the user's language, queued in the
 * transaction that makes the request.
 */
import type { Db } from '../db/client'
import type { EventPerson } from '../domain/events'
import { CONFIRMATION_LINK_SECONDS } from '../domain/personal-data-requests'
import { queueMail } from './outbox'
import { PRIVACY_TEXTS } from './privacy-texts'
import { renderMail } from './render'
import { storefrontPage } from './settings'
import { fill, mailLocale } from './texts'

export const PRIVACY_MAIL = 'personal_data_request.confirmation'

/** The storefront's confirmation page of a request, in the user's language. */
export function confirmationLink(locale: string, requestId: string, secret: string): string {
  const url = storefrontPage(locale, 'gdpr-requests')
  url.searchParams.set('Hash', secret)
  url.searchParams.set('PersonalDataRequestID', requestId)
  return url.toString()
}

export async function queuePersonalDataRequestMail(
  tx: Db,
  request: { id: string; type: 'copy' | 'deletion'; secret: string },
  user: EventPerson,
): Promise<void> {
  const locale = mailLocale(user.preferredLanguage)
  const texts = PRIVACY_TEXTS[locale]
  const kind = texts[request.type]
  const mail = renderMail({
    locale,
    subject: kind.subject,
    name: `${user.firstName} ${user.lastName}`.trim() || user.login,
    blocks: [
      { paragraph: kind.intro },
      { action: { label: kind.button, url: confirmationLink(locale, request.id, request.secret) } },
      { paragraph: `${fill(texts.expiry, { hours: CONFIRMATION_LINK_SECONDS / 3600 })}\n${texts.ignore}` },
    ],
  })
  await queueMail(tx, { ...mail, kind: PRIVACY_MAIL, to: user.email, locale })
}
