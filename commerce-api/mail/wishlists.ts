/**
 * The mail of a shared wishlist (issue 33): to each address the owner gave, the list's link
 * (`/wishlists/{id}?owner=&secureCode=`, spec shell §2.1) with the owner's message, in the owner's language
 * (the shop does not know the recipients'), queued in the transaction that shares the list.
 */
import type { Db } from '../db/client'
import type { EventPerson } from '../domain/events'
import { queueMail } from './outbox'
import { renderMail } from './render'
import { storefrontPage } from './settings'
import { fill, mailLocale } from './texts'
import { WISHLIST_SHARE_TEXTS } from './wishlist-texts'

export const WISHLIST_SHARED_MAIL = 'wishlist.shared'

/** The storefront's page of a shared list, readable by whoever holds the link. */
export function sharedWishlistLink(locale: string, id: string, owner: string, secureCode: string): string {
  const url = storefrontPage(locale, `wishlists/${encodeURIComponent(id)}`)
  url.searchParams.set('owner', owner)
  url.searchParams.set('secureCode', secureCode)
  return url.toString()
}

export async function queueWishlistShared(
  tx: Db,
  wishlist: { id: string; title: string; secureCode: string },
  sender: EventPerson,
  recipients: readonly string[],
  message: string,
): Promise<void> {
  const locale = mailLocale(sender.preferredLanguage)
  const texts = WISHLIST_SHARE_TEXTS[locale]
  const values = {
    sender: `${sender.firstName} ${sender.lastName}`.trim() || sender.login,
    email: sender.email,
    title: wishlist.title,
  }
  const mail = renderMail({
    locale,
    // A title or name with line breaks still makes one subject line.
    subject: fill(texts.subject, values).replace(/\s+/g, ' '),
    name: null,
    blocks: [
      { paragraph: fill(texts.intro, values) },
      ...(message ? [{ paragraph: `${texts.message}\n${message}` }] : []),
      {
        action: {
          label: texts.button,
          url: sharedWishlistLink(locale, wishlist.id, sender.id, wishlist.secureCode),
        },
      },
      { paragraph: texts.ignore },
    ],
  })
  for (const to of recipients) await queueMail(tx, { ...mail, kind: WISHLIST_SHARED_MAIL, to, locale })
}
