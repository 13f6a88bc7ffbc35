/**
 * The quoting mails (issue 36, ADR 0040), queued in the transaction of the change that causes each: a submitted
 * request (to the buyer, in the language they submitted in, and to the shop), the shop's answer (to the
 * buyer: the quote, or that it declined), the buyer's acceptance or rejection (to the shop), and a free-text
 * quote request (to the shop, and a confirmation to its sender). Shop mails are in the shop's language.
 */
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  customers,
  quoteContacts,
  quoteItems,
  quoteRequestItems,
  quoteRequests,
  quotes,
  users,
} from '../db/schema'
import { DEFAULT_LOCALE, localize, type Locale } from '../domain/channel'
import { multiply } from '../domain/money'
import { productNames } from '../domain/quotes'
import { queueMail } from './outbox'
import { QUOTE_TEXTS } from './quote-texts'
import { renderMail, type MailTable } from './render'
import { shopAddress, storefrontPage } from './settings'
import { fill, formatMoney, mailLocale } from './texts'

export const QUOTE_REQUEST_SUBMITTED_MAIL = 'quote-request-submitted'
export const QUOTE_REQUEST_TO_SHOP_MAIL = 'quote-request-to-shop'
export const QUOTE_RESPONDED_MAIL = 'quote-responded'
export const QUOTE_DECLINED_MAIL = 'quote-declined'
export const QUOTE_ACCEPTED_TO_SHOP_MAIL = 'quote-accepted-to-shop'
export const QUOTE_REJECTED_TO_SHOP_MAIL = 'quote-rejected-to-shop'
export const QUOTE_CONTACT_TO_SHOP_MAIL = 'quote-contact-to-shop'
export const QUOTE_CONTACT_CONFIRMATION_MAIL = 'quote-contact-confirmation'

const nameOf = (user: { firstName: string; lastName: string; login: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.login

/** The request with its buyer and the buyer's company. */
async function requestWithBuyer(t: Db, id: string) {
  const [row] = await t
    .select({ request: quoteRequests, user: users, company: customers.companyName })
    .from(quoteRequests)
    .innerJoin(users, eq(users.id, quoteRequests.userId))
    .innerJoin(customers, eq(customers.customerNo, quoteRequests.customerNo))
    .where(eq(quoteRequests.id, id))
  if (!row) throw new Error(`quote request ${id} not found for its mail`)
  return row
}

const quoteListLink = (locale: Locale) => storefrontPage(locale, 'quote-list').toString()

const formatDate = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(date)

/** A request was submitted: the buyer gets its lines, the shop a request to answer. */
export async function queueQuoteRequestSubmitted(t: Db, quoteRequestId: string): Promise<void> {
  const { request, user, company } = await requestWithBuyer(t, quoteRequestId)
  const items = await t
    .select()
    .from(quoteRequestItems)
    .where(eq(quoteRequestItems.quoteRequestId, request.id))
    .orderBy(asc(quoteRequestItems.position))
  const names = await productNames(
    t,
    items.map((i) => i.sku),
  )
  const table = (locale: Locale): MailTable => {
    const texts = QUOTE_TEXTS[locale].table
    return {
      head: [texts.product, texts.quantity, texts.note],
      rows: items.map((i) => [
        `${localize(names.get(i.sku), locale) || i.sku}\n${i.sku}`,
        String(i.quantity),
        i.note ?? '',
      ]),
      numeric: [1],
    }
  }
  const values = { number: request.number, name: request.displayName }
  const locale = mailLocale(request.locale)
  const texts = QUOTE_TEXTS[locale]
  const buyerMail = renderMail({
    locale,
    subject: fill(texts.submitted.subject, values),
    name: nameOf(user),
    blocks: [
      { paragraph: fill(texts.submitted.intro, values) },
      { table: table(locale) },
      ...(request.description ? [{ paragraph: request.description }] : []),
      { paragraph: texts.submitted.next },
      { action: { label: texts.button, url: quoteListLink(locale) } },
    ],
  })
  await queueMail(t, { ...buyerMail, kind: QUOTE_REQUEST_SUBMITTED_MAIL, to: user.email, locale })

  const shop = QUOTE_TEXTS[DEFAULT_LOCALE].shop.request
  const shopValues = {
    ...values,
    company: company ?? request.customerNo,
    customerNo: request.customerNo,
    person: nameOf(user),
    email: user.email,
  }
  const shopMail = renderMail({
    locale: DEFAULT_LOCALE,
    subject: fill(shop.subject, shopValues).replace(/\s+/g, ' '),
    name: 'Ironbridge Supply',
    blocks: [
      { paragraph: fill(shop.intro, shopValues) },
      { table: table(DEFAULT_LOCALE) },
      ...(request.description ? [{ paragraph: request.description }] : []),
      { paragraph: fill(shop.action, shopValues) },
    ],
  })
  await queueMail(t, {
    ...shopMail,
    kind: QUOTE_REQUEST_TO_SHOP_MAIL,
    to: shopAddress(),
    locale: DEFAULT_LOCALE,
  })
}

async function quoteWithBuyer(t: Db, quoteId: string) {
  const [quote] = await t.select().from(quotes).where(eq(quotes.id, quoteId))
  if (!quote) throw new Error(`quote ${quoteId} not found for its mail`)
  return { quote, ...(await requestWithBuyer(t, quote.quoteRequestId)) }
}

/** The shop answered: the buyer gets the quote's lines and validity, or why the shop declined. */
export async function queueQuoteResponded(t: Db, quoteId: string): Promise<void> {
  const { quote, request, user } = await quoteWithBuyer(t, quoteId)
  const locale = mailLocale(request.locale)
  const texts = QUOTE_TEXTS[locale]
  const values = { number: quote.number, name: request.displayName }
  if (quote.rejectedBy === 'seller') {
    const mail = renderMail({
      locale,
      subject: fill(texts.declined.subject, { ...values, number: request.number }),
      name: nameOf(user),
      blocks: [
        { paragraph: fill(texts.declined.intro, values) },
        ...(quote.sellerComment ? [{ paragraph: `${texts.declined.comment}\n${quote.sellerComment}` }] : []),
        { action: { label: texts.button, url: quoteListLink(locale) } },
      ],
    })
    await queueMail(t, { ...mail, kind: QUOTE_DECLINED_MAIL, to: user.email, locale })
    return
  }
  const items = await t
    .select()
    .from(quoteItems)
    .where(eq(quoteItems.quoteId, quote.id))
    .orderBy(asc(quoteItems.position))
  const names = await productNames(
    t,
    items.map((i) => i.sku),
  )
  const money = (minor: number) => formatMoney(minor, quote.currency, locale)
  const total = items.reduce((sum, i) => sum + multiply(i.singleNet, i.quantity), 0)
  const mail = renderMail({
    locale,
    subject: fill(texts.responded.subject, values),
    name: nameOf(user),
    blocks: [
      { paragraph: fill(texts.responded.intro, values) },
      {
        table: {
          head: [
            texts.table.product,
            texts.table.quantity,
            texts.table.listPrice,
            texts.table.quotedPrice,
            texts.table.total,
          ],
          rows: items.map((i) => [
            `${localize(names.get(i.sku), locale) || i.sku}\n${i.sku}`,
            String(i.quantity),
            money(i.originSingleNet),
            money(i.singleNet),
            money(multiply(i.singleNet, i.quantity)),
          ]),
          foot: [[texts.table.total, '', '', '', money(total)]],
          numeric: [1, 2, 3, 4],
        },
      },
      {
        paragraph: fill(texts.responded.validity, {
          from: formatDate(quote.validFrom, locale),
          to: formatDate(quote.validTo, locale),
        }),
      },
      ...(quote.sellerComment ? [{ paragraph: `${texts.responded.comment}\n${quote.sellerComment}` }] : []),
      { action: { label: texts.button, url: quoteListLink(locale) } },
    ],
  })
  await queueMail(t, { ...mail, kind: QUOTE_RESPONDED_MAIL, to: user.email, locale })
}

/** The buyer accepted (put into a basket) or rejected a quote: the shop is told. */
export async function queueQuoteDecided(t: Db, quoteId: string, decision: 'accepted' | 'rejected') {
  const { quote, request, user, company } = await quoteWithBuyer(t, quoteId)
  const shop = QUOTE_TEXTS[DEFAULT_LOCALE].shop[decision]
  const values = { number: quote.number, person: nameOf(user), company: company ?? request.customerNo }
  const mail = renderMail({
    locale: DEFAULT_LOCALE,
    subject: fill(shop.subject, values),
    name: 'Ironbridge Supply',
    blocks: [{ paragraph: fill(shop.intro, values) }],
  })
  await queueMail(t, {
    ...mail,
    kind: decision === 'accepted' ? QUOTE_ACCEPTED_TO_SHOP_MAIL : QUOTE_REJECTED_TO_SHOP_MAIL,
    to: shopAddress(),
    locale: DEFAULT_LOCALE,
  })
}

/** A free-text quote request: the shop gets it, its sender a copy in the language they wrote in. */
export async function queueQuoteContact(t: Db, contactId: string): Promise<void> {
  const [contact] = await t.select().from(quoteContacts).where(eq(quoteContacts.id, contactId))
  if (!contact) throw new Error(`quote contact ${contactId} not found for its mail`)
  const table = (locale: Locale): MailTable => {
    const fields = QUOTE_TEXTS[locale].contactFields
    const rows: [string, string | number | null][] = [
      [fields.description, contact.description],
      [fields.quantity, contact.quantity],
      [fields.name, contact.name],
      [fields.email, contact.email],
      [fields.phone, contact.phone],
      [fields.company, contact.company],
    ]
    return {
      rows: rows
        .filter(([, value]) => value !== null && value !== '')
        .map(([label, value]) => [label, String(value)]),
    }
  }
  const shop = QUOTE_TEXTS[DEFAULT_LOCALE].shop.contact
  const shopMail = renderMail({
    locale: DEFAULT_LOCALE,
    subject: fill(shop.subject, { name: contact.name }).replace(/\s+/g, ' '),
    name: 'Ironbridge Supply',
    blocks: [{ paragraph: shop.intro }, { table: table(DEFAULT_LOCALE) }],
  })
  await queueMail(t, {
    ...shopMail,
    kind: QUOTE_CONTACT_TO_SHOP_MAIL,
    to: shopAddress(),
    locale: DEFAULT_LOCALE,
  })
  const locale = mailLocale(contact.locale)
  const texts = QUOTE_TEXTS[locale].contact
  const confirmation = renderMail({
    locale,
    subject: texts.subject,
    name: contact.name,
    blocks: [{ paragraph: texts.intro }, { table: table(locale) }, { paragraph: texts.copy }],
  })
  await queueMail(t, {
    ...confirmation,
    kind: QUOTE_CONTACT_CONFIRMATION_MAIL,
    to: contact.email,
    locale,
  })
}
