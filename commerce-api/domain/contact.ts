/**
 * The contact form (ICM's `GET/POST contact`, issue 36) and the business customers' contact persons (ICM's
 * `GET contactpersons`, spec shell §3, §7).
 *
 * A contact request names one of the shop's subjects (offered in the caller's language by `GET contact`; the
 * Intershop PWA posts the subject's text back), the sender's name, e-mail address and phone, optionally an
 * order number, and the message. It is stored as received and published as `contact.requested`, whose
 * subscriber mails it to the shop and a confirmation to the sender (ADR 0025), in the same transaction.
 * A logged-in sender's order number must name an order of their customer (a company's users share their
 * company's orders): anything else is refused, so that the shop's staff never look up someone else's order on
 * a stranger's word. An anonymous sender's order number is taken as written (the shop checks it by hand).
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { contactPersons, contactRequests, customers, orders } from '../db/schema'
import { DEFAULT_LOCALE, type Locale } from './channel'
import { invalidError, notFoundError, refusedError, type DomainErrorCause } from './errors'
import { publish } from './events'
import type { MessageCode } from './message-codes'

/** The subjects a message may have, by id, each named in the shop's languages. */
export const CONTACT_SUBJECTS = [
  {
    id: 'order',
    names: {
      en_US: 'Question about an order',
      de_DE: 'Frage zu einer Bestellung',
      fr_FR: 'Question sur une commande',
      pl_PL: 'Pytanie dotyczące zamówienia',
      ro_RO: 'Întrebare despre o comandă',
    },
  },
  {
    id: 'delivery',
    names: {
      en_US: 'Delivery and shipping',
      de_DE: 'Lieferung und Versand',
      fr_FR: 'Livraison et expédition',
      pl_PL: 'Dostawa i wysyłka',
      ro_RO: 'Livrare și expediere',
    },
  },
  {
    id: 'returns',
    names: {
      en_US: 'Returns and complaints',
      de_DE: 'Rücksendungen und Reklamationen',
      fr_FR: 'Retours et réclamations',
      pl_PL: 'Zwroty i reklamacje',
      ro_RO: 'Retururi și reclamații',
    },
  },
  {
    id: 'product',
    names: {
      en_US: 'Product advice',
      de_DE: 'Produktberatung',
      fr_FR: 'Conseil produit',
      pl_PL: 'Doradztwo produktowe',
      ro_RO: 'Consultanță despre produse',
    },
  },
  {
    id: 'invoice',
    names: {
      en_US: 'Invoices and payment',
      de_DE: 'Rechnungen und Zahlung',
      fr_FR: 'Factures et paiement',
      pl_PL: 'Faktury i płatności',
      ro_RO: 'Facturi și plată',
    },
  },
  {
    id: 'account',
    names: {
      en_US: 'My customer account',
      de_DE: 'Mein Kundenkonto',
      fr_FR: 'Mon compte client',
      pl_PL: 'Moje konto klienta',
      ro_RO: 'Contul meu de client',
    },
  },
  {
    id: 'other',
    names: {
      en_US: 'Other request',
      de_DE: 'Sonstiges Anliegen',
      fr_FR: 'Autre demande',
      pl_PL: 'Inna sprawa',
      ro_RO: 'Altă solicitare',
    },
  },
] as const satisfies readonly { id: string; names: Record<Locale, string> }[]

export type ContactSubjectId = (typeof CONTACT_SUBJECTS)[number]['id']

/** The subjects in one language, in the shop's order. */
export const contactSubjects = (locale: Locale) =>
  CONTACT_SUBJECTS.map((subject) => ({ id: subject.id, subject: subject.names[locale] }))

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en')

/**
 * The subject a request names: by its text in any of the shop's languages (what the PWA posts: the offered
 * text), or by its id; undefined for any other.
 */
export function subjectIdOf(text: string): ContactSubjectId | undefined {
  const wanted = fold(text)
  return CONTACT_SUBJECTS.find(
    (subject) => subject.id === wanted || Object.values(subject.names).some((name) => fold(name) === wanted),
  )?.id
}

export const subjectName = (id: ContactSubjectId, locale: Locale) =>
  CONTACT_SUBJECTS.find((subject) => subject.id === id)!.names[locale]

/** The most each attribute may carry (the PWA's comment field allows 30,000 characters). */
export const CONTACT_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  order: 40,
  subject: 200,
  comment: 30_000,
} as const

export type ContactAttribute = keyof typeof CONTACT_LIMITS

/** The attributes a request must have, in the order they are checked (and named when missing). */
const REQUIRED: readonly ContactAttribute[] = ['name', 'email', 'phone', 'subject', 'comment']

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Digits with the usual separators and an optional leading plus; at least five digits. */
const PHONE = /^\+?[\d\s()./-]+$/

export const MISSING_ATTRIBUTE: MessageCode = 'contact.attribute.missing.error'
export const INVALID_ATTRIBUTE: MessageCode = 'contact.attribute.invalid.error'
export const UNKNOWN_SUBJECT: MessageCode = 'contact.subject.unknown.error'
export const UNKNOWN_ORDER: MessageCode = 'contact.order.unknown.error'
export const CONTACT_PERSON_NOT_FOUND: MessageCode = 'contactperson.not_found.error'

export type ContactInput = {
  name: string
  email: string
  phone: string
  /** An order number, if the message is about one. */
  order?: string
  subject: ContactSubjectId
  comment: string
}

/** Which attribute is wrong, and how: what the route names in ICM's `error-*-attributes` headers. */
export type ContactRefusal = { attribute: ContactAttribute; kind: 'missing' | 'invalid' }

const cause = (code: MessageCode, attribute: string, message: string): DomainErrorCause => ({
  code,
  message,
  paths: [attribute],
})

/**
 * Reads ICM's contact body `{name, email, phone, order?, subject, comment}` (other attributes, such as the
 * PWA's `type`, are ignored): texts are trimmed; a missing or empty required one, one that is no text or too
 * long, a malformed e-mail address or phone number is refused (400) naming the attribute; a subject that is
 * none of the shop's is 422. `onRefusal` learns the attribute first (for ICM's headers).
 */
export function readContactInput(
  body: unknown,
  onRefusal: (refusal: ContactRefusal) => void = () => undefined,
): ContactInput {
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >
  const refuse = (attribute: ContactAttribute, kind: ContactRefusal['kind'], message: string) => {
    onRefusal({ attribute, kind })
    const code = kind === 'missing' ? MISSING_ATTRIBUTE : INVALID_ATTRIBUTE
    return invalidError(code, message, [cause(code, attribute, message)])
  }
  const text = (attribute: ContactAttribute): string | undefined => {
    const value = input[attribute]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'string') throw refuse(attribute, 'invalid', `${attribute} must be text.`)
    const trimmed = attribute === 'comment' ? value.trim() : value.trim().replace(/\s+/g, ' ')
    if (trimmed.length > CONTACT_LIMITS[attribute])
      throw refuse(
        attribute,
        'invalid',
        `${attribute} has more than ${CONTACT_LIMITS[attribute]} characters.`,
      )
    return trimmed || undefined
  }
  const values = Object.fromEntries(
    (Object.keys(CONTACT_LIMITS) as ContactAttribute[]).map((attribute) => [attribute, text(attribute)]),
  ) as Record<ContactAttribute, string | undefined>
  for (const attribute of REQUIRED)
    if (values[attribute] === undefined) throw refuse(attribute, 'missing', `${attribute} is required.`)
  const email = values.email!
  if (!EMAIL.test(email)) throw refuse('email', 'invalid', 'email is not an e-mail address.')
  const phone = values.phone!
  if (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 5)
    throw refuse('phone', 'invalid', 'phone is not a phone number.')
  const subject = subjectIdOf(values.subject!)
  if (!subject) {
    onRefusal({ attribute: 'subject', kind: 'invalid' })
    throw refusedError(UNKNOWN_SUBJECT, 'The subject is none of the shop’s (GET contact lists them).', [
      cause(UNKNOWN_SUBJECT, 'subject', 'Unknown subject.'),
    ])
  }
  return {
    name: values.name!,
    email,
    phone,
    order: values.order,
    subject,
    comment: values.comment!,
  }
}

/** Who sent a request: a logged-in user (their customer's orders are the ones they may name), or nobody known. */
export type ContactSender = { userId: string; customerNo: string } | null

/**
 * Stores a contact request and publishes it (its mails are queued in the same transaction), in the language
 * `locale` of the page it was sent from. A logged-in sender's order number must be one of their customer's
 * orders (422 `contact.order.unknown.error` otherwise). Answers the stored request's id.
 */
export async function sendContactRequest(
  db: Db,
  input: ContactInput,
  { locale, sender }: { locale: Locale; sender: ContactSender },
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    let companyName: string | null = null
    if (sender) {
      const [customer] = await tx
        .select({ companyName: customers.companyName })
        .from(customers)
        .where(eq(customers.customerNo, sender.customerNo))
      companyName = customer?.companyName ?? null
      if (input.order !== undefined) {
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.documentNumber, input.order), eq(orders.customerNo, sender.customerNo)))
        if (!order)
          throw refusedError(UNKNOWN_ORDER, 'The order number is none of your orders.', [
            cause(UNKNOWN_ORDER, 'order', 'Unknown order number.'),
          ])
      }
    }
    const [row] = await tx
      .insert(contactRequests)
      .values({
        createdAt: now,
        locale,
        subject: input.subject,
        name: input.name,
        email: input.email,
        phone: input.phone,
        orderNo: input.order ?? null,
        comment: input.comment,
        customerNo: sender?.customerNo ?? null,
        userId: sender?.userId ?? null,
      })
      .returning({ id: contactRequests.id })
    await publish(tx, {
      type: 'contact.requested',
      request: {
        id: row!.id,
        locale,
        subject: input.subject,
        name: input.name,
        email: input.email,
        phone: input.phone,
        order: input.order ?? null,
        comment: input.comment,
        customerNo: sender?.customerNo ?? null,
        companyName,
        createdAt: now,
      },
    })
    return row!.id
  })
}

/** A contact person as ICM's `ContactPerson` carries it (spec shell §3). */
export type ContactPerson = {
  id: string
  title: string | null
  firstName: string
  lastName: string
  email: string
  phone: string
  homePage: string | null
  company: string
  position: string
}

/** The shop's language for a person's position, falling back to the default language, then any. */
function localized(text: Record<string, string>, locale: Locale): string {
  return text[locale] ?? text[DEFAULT_LOCALE] ?? Object.values(text)[0] ?? ''
}

/**
 * The contact person of a customer (`customers.contactPersonId`), with the position in `locale`; 404
 * `contactperson.not_found.error` for a customer without one (every private customer) or, when `id` is given,
 * for any other person than theirs (never telling whether it exists).
 */
export async function contactPersonOf(
  db: Db,
  customerNo: string,
  locale: Locale,
  id?: string,
): Promise<ContactPerson> {
  const [row] = await db
    .select({ person: contactPersons })
    .from(customers)
    .innerJoin(contactPersons, eq(contactPersons.id, customers.contactPersonId))
    .where(eq(customers.customerNo, customerNo))
  if (!row || (id !== undefined && row.person.id !== id))
    throw notFoundError(CONTACT_PERSON_NOT_FOUND, 'There is no such contact person for this customer.')
  return { ...row.person, position: localized(row.person.position, locale) }
}
