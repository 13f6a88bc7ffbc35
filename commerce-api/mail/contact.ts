/**
 * The contact form's mails (issue 36): the message to the shop (CONTACT_MAIL, else SHOP_MAIL), in the shop's
 * own language, with who sent it; and a confirmation to the sender, in the language of the page they wrote
 * on (its subject and reference, not the message). Both queued in the transaction that stored the request.
 */
import type { Db } from '../db/client'
import { DEFAULT_LOCALE, LOCALE_NAMES, type Locale } from '../domain/channel'
import { subjectName, type ContactSubjectId } from '../domain/contact'
import type { DomainEvent } from '../domain/events'
import { CONTACT_TEXTS } from './contact-texts'
import { queueMail } from './outbox'
import { renderMail } from './render'
import { contactAddress } from './settings'
import { fill, mailLocale } from './texts'

export const CONTACT_REQUEST_MAIL = 'contact.request'
export const CONTACT_CONFIRMATION_MAIL = 'contact.confirmation'

type ContactRequest = Extract<DomainEvent, { type: 'contact.requested' }>['request']

/** A text that must stay on one line (a subject line): any line break the sender typed becomes a space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

export async function queueContactMails(tx: Db, request: ContactRequest): Promise<void> {
  const subjectId = request.subject as ContactSubjectId
  const shop = CONTACT_TEXTS[DEFAULT_LOCALE].request
  const senderLocale = mailLocale(request.locale)
  const customer = request.customerNo
    ? [request.customerNo, request.companyName].filter(Boolean).join(', ')
    : shop.anonymous
  const rows: [string, string][] = [
    [shop.labels.reference, request.id],
    [shop.labels.subject, subjectName(subjectId, DEFAULT_LOCALE)],
    [shop.labels.name, request.name],
    [shop.labels.email, request.email],
    [shop.labels.phone, request.phone],
    ...(request.order ? [[shop.labels.order, request.order] as [string, string]] : []),
    [shop.labels.customer, customer],
    [shop.labels.language, LOCALE_NAMES[senderLocale]],
  ]
  const toShop = renderMail({
    locale: DEFAULT_LOCALE,
    subject: oneLine(
      fill(shop.subject, { subject: subjectName(subjectId, DEFAULT_LOCALE), name: request.name }),
    ),
    name: 'Ironbridge Supply',
    blocks: [
      { paragraph: shop.intro },
      { table: { rows } },
      { paragraph: `${shop.labels.message}:\n${request.comment}` },
      { paragraph: fill(shop.reply, { email: request.email }) },
    ],
  })
  await queueMail(tx, {
    ...toShop,
    kind: CONTACT_REQUEST_MAIL,
    to: contactAddress(),
    locale: DEFAULT_LOCALE,
  })
  await queueConfirmation(tx, request, senderLocale)
}

/**
 * The sender's confirmation names the subject and the reference, never the message itself: the address is
 * whatever the sender typed, and a copy of free text would let anyone send their words to anyone through the
 * shop (the captcha and the limits per address and recipient bound the rest).
 */
async function queueConfirmation(tx: Db, request: ContactRequest, locale: Locale) {
  const texts = CONTACT_TEXTS[locale]
  const labels = texts.request.labels
  const subjectId = request.subject as ContactSubjectId
  const mail = renderMail({
    locale,
    subject: texts.confirmation.subject,
    name: request.name,
    blocks: [
      { paragraph: texts.confirmation.intro },
      {
        table: {
          rows: [
            [labels.reference, request.id],
            [labels.subject, subjectName(subjectId, locale)],
            ...(request.order ? [[labels.order, request.order]] : []),
          ],
        },
      },
      { paragraph: texts.confirmation.ignore },
    ],
  })
  await queueMail(tx, { ...mail, kind: CONTACT_CONFIRMATION_MAIL, to: request.email, locale })
}
