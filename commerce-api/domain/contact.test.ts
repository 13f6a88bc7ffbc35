import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { contactRequests, customers, mailOutbox, orders, users } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { ensureDemoContactPersons } from '../db/seed/contact-persons'
import { CONTACT_CONFIRMATION_MAIL, CONTACT_REQUEST_MAIL } from '../mail/contact'
import { configureMail } from '../mail/settings'
import { sendMailOnEvents } from '../mail/subscriber'
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  contactPersonOf,
  contactSubjects,
  readContactInput,
  sendContactRequest,
  subjectIdOf,
  type ContactRefusal,
} from './contact'
import { DomainError } from './errors'
import { portraitIdOf, portraitSvg } from './portraits'

let database: Database
const db = () => database.db
let unsubscribe: () => void = () => undefined

beforeAll(async () => {
  database = await seededTestDatabase({ products: 10 })
  unsubscribe = sendMailOnEvents()
  configureMail({ shop: 'service@ironbridge.test' })
})
afterEach(() => {
  configureMail({ shop: 'service@ironbridge.test' })
})
afterAll(async () => {
  unsubscribe()
  configureMail()
  await database?.close()
})

const valid = {
  name: 'Greta Sommer',
  email: 'greta@example.test',
  phone: '+49 30 555 0101',
  subject: 'Delivery and shipping',
  comment: 'Where is my delivery?',
}

/** What `readContactInput` refuses, with the attribute it names. */
function refusal(body: unknown) {
  let named: ContactRefusal | undefined
  try {
    readContactInput(body, (r) => (named = r))
  } catch (error) {
    return { code: (error as DomainError).code, kind: (error as DomainError).kind, named }
  }
  return undefined
}

async function orderOf(customerNo: string, documentNumber: string) {
  await db()
    .insert(orders)
    .values({
      documentNumber,
      basketId: randomUUID(),
      owner: 'test',
      customerNo,
      currency: 'EUR',
      locale: 'en_US',
      statusCode: 'NEW',
      orderCreation: 'COMPLETED',
      paymentMethodId: 'INVOICE',
      grandTotalGross: 1000,
      snapshot: { data: {}, included: {} },
    })
}

const mailsTo = (to: string, kind: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, kind)))

describe('contact subjects', () => {
  it('are offered in each language and found again by their text in any language or by id', () => {
    expect(contactSubjects('de_DE').map((s) => s.subject)).toContain('Lieferung und Versand')
    expect(contactSubjects('en_US')).toHaveLength(CONTACT_SUBJECTS.length)
    expect(subjectIdOf('Lieferung und Versand')).toBe('delivery')
    expect(subjectIdOf('  delivery AND shipping ')).toBe('delivery')
    expect(subjectIdOf('Livrare și expediere')).toBe('delivery')
    expect(subjectIdOf('returns')).toBe('returns')
    expect(subjectIdOf('Free money')).toBeUndefined()
  })
})

describe('readContactInput', () => {
  it('takes ICM’s body, trims it, ignores other attributes, and reads the subject’s id', () => {
    expect(
      readContactInput({ ...valid, name: '  Greta   Sommer ', order: ' 10042 ', type: 'Contact' }),
    ).toEqual({ ...valid, order: '10042', subject: 'delivery' })
  })

  it('names a missing, empty or oversized attribute, and refuses bad addresses and numbers', () => {
    expect(refusal({ ...valid, name: undefined })).toEqual({
      code: 'contact.attribute.missing.error',
      kind: 'invalid',
      named: { attribute: 'name', kind: 'missing' },
    })
    expect(refusal({ ...valid, comment: '   ' })?.named).toEqual({ attribute: 'comment', kind: 'missing' })
    expect(refusal({ ...valid, comment: 'x'.repeat(CONTACT_LIMITS.comment + 1) })).toEqual({
      code: 'contact.attribute.invalid.error',
      kind: 'invalid',
      named: { attribute: 'comment', kind: 'invalid' },
    })
    expect(refusal({ ...valid, phone: 42 })?.named).toEqual({ attribute: 'phone', kind: 'invalid' })
    expect(refusal({ ...valid, email: 'greta at example' })?.named?.attribute).toBe('email')
    expect(refusal({ ...valid, phone: 'call me' })?.named?.attribute).toBe('phone')
    expect(refusal({ ...valid, phone: '12-3' })?.named?.attribute).toBe('phone')
    expect(refusal([valid])?.named).toEqual({ attribute: 'name', kind: 'missing' })
    expect(refusal({ ...valid, subject: 'Free money' })).toEqual({
      code: 'contact.subject.unknown.error',
      kind: 'refused',
      named: { attribute: 'subject', kind: 'invalid' },
    })
    expect(refusal({ ...valid, comment: 'x'.repeat(CONTACT_LIMITS.comment) })).toBeUndefined()
  })
})

describe('sendContactRequest', () => {
  it('stores the message and mails it to the shop (German) and a confirmation to the sender (their language)', async () => {
    const id = await sendContactRequest(db(), readContactInput({ ...valid, email: 'anna@example.test' }), {
      locale: 'fr_FR',
      sender: null,
    })
    const [stored] = await db().select().from(contactRequests).where(eq(contactRequests.id, id))
    expect(stored).toMatchObject({ subject: 'delivery', customerNo: null, locale: 'fr_FR', orderNo: null })
    const [toShop] = await mailsTo('service@ironbridge.test', CONTACT_REQUEST_MAIL)
    expect(toShop?.locale).toBe('de_DE')
    expect(toShop?.subject).toBe('Kontaktformular: Lieferung und Versand (Greta Sommer)')
    expect(toShop?.text).toContain('Where is my delivery?')
    expect(toShop?.text).toContain('anna@example.test')
    expect(toShop?.text).toContain('nicht angemeldet')
    const [confirmation] = await mailsTo('anna@example.test', CONTACT_CONFIRMATION_MAIL)
    expect(confirmation?.locale).toBe('fr_FR')
    expect(confirmation?.subject).toBe('Ironbridge Supply : nous avons bien reçu votre message')
    expect(confirmation?.text).toContain('Livraison et expédition')
    expect(confirmation?.text).toContain(id)
    // The sender's own words never travel to the address they typed.
    expect(confirmation?.text).not.toContain('Where is my delivery?')
  })

  it('sends the shop’s copy to CONTACT_MAIL when one is set', async () => {
    configureMail({ shop: 'service@ironbridge.test', contact: 'kontakt@ironbridge.test' })
    await sendContactRequest(db(), readContactInput({ ...valid, email: 'bert@example.test' }), {
      locale: 'en_US',
      sender: null,
    })
    expect(await mailsTo('kontakt@ironbridge.test', CONTACT_REQUEST_MAIL)).toHaveLength(1)
  })

  it('takes a logged-in sender’s order number only when it is one of their customer’s orders', async () => {
    const [jlink] = await db().select().from(users).where(eq(users.login, 'jlink'))
    await orderOf('BC-200001', 'CT-0001')
    await orderOf('BC-200002', 'CT-0002')
    const sender = { userId: jlink!.id, customerNo: 'BC-200001' }
    const ours = readContactInput({ ...valid, email: 'jlink@brightline.test', order: 'CT-0001' })
    const id = await sendContactRequest(db(), ours, { locale: 'de_DE', sender })
    const [stored] = await db().select().from(contactRequests).where(eq(contactRequests.id, id))
    expect(stored).toMatchObject({ orderNo: 'CT-0001', customerNo: 'BC-200001', userId: jlink!.id })
    const [toShop] = (await mailsTo('service@ironbridge.test', CONTACT_REQUEST_MAIL)).filter((mail) =>
      mail.text.includes(id),
    )
    expect(toShop?.text).toContain('BC-200001, Brightline Construction GmbH')

    const before = (await db().select().from(contactRequests)).length
    for (const order of ['CT-0002', 'CT-9999']) {
      const foreign = readContactInput({ ...valid, order })
      const refused = await sendContactRequest(db(), foreign, { locale: 'de_DE', sender }).catch((e) => e)
      expect(refused).toBeInstanceOf(DomainError)
      expect((refused as DomainError).code).toBe('contact.order.unknown.error')
    }
    expect(await db().select().from(contactRequests)).toHaveLength(before)
    // An anonymous sender's number is taken as written.
    await sendContactRequest(db(), readContactInput({ ...valid, order: 'CT-0002' }), {
      locale: 'en_US',
      sender: null,
    })
  })
})

describe('contact persons', () => {
  it('names each demo business customer’s person in the caller’s language, and nobody for a private customer', async () => {
    const brightline = await contactPersonOf(db(), 'BC-200001', 'de_DE')
    expect(brightline).toMatchObject({
      id: 'CP-1001',
      lastName: 'Kessler',
      position: 'Key-Account-Managerin Bau',
    })
    expect((await contactPersonOf(db(), 'BC-200002', 'pl_PL')).position).toBe(
      'Obsługa klienta, zarządzanie nieruchomościami',
    )
    for (const refused of [
      contactPersonOf(db(), 'PC-100001', 'en_US'),
      contactPersonOf(db(), 'BC-200002', 'en_US', 'CP-1001'),
    ]) {
      const error = await refused.catch((e) => e)
      expect(error).toBeInstanceOf(DomainError)
      expect((error as DomainError).code).toBe('contactperson.not_found.error')
    }
  })

  it('are seeded idempotently, leaving a person the operator chose', async () => {
    await db()
      .update(customers)
      .set({ contactPersonId: 'CP-1002' })
      .where(eq(customers.customerNo, 'BC-200001'))
    await ensureDemoContactPersons(db())
    expect((await contactPersonOf(db(), 'BC-200001', 'en_US')).id).toBe('CP-1002')
    await db().update(customers).set({ contactPersonId: null }).where(eq(customers.customerNo, 'BC-200001'))
    await ensureDemoContactPersons(db())
    expect((await contactPersonOf(db(), 'BC-200001', 'en_US')).id).toBe('CP-1001')
  })

  it('have a generated photo with their initials; other file names are no photo', () => {
    const svg = portraitSvg({ id: 'CP-1002', firstName: 'Tomasz', lastName: 'Wójcik' })
    expect(svg).toMatch(/^<svg /)
    expect(svg).toContain('>TW</text>')
    expect(svg).toContain('<title>Tomasz Wójcik</title>')
    expect(portraitSvg({ id: 'x', firstName: '<b>', lastName: '"&' })).not.toMatch(/<b>|"&/)
    expect(portraitIdOf('CP-1001.svg')).toBe('CP-1001')
    expect(portraitIdOf('../CP-1001.svg')).toBeNull()
    expect(portraitIdOf('CP-1001.png')).toBeNull()
  })
})
