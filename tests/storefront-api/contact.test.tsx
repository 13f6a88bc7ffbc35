// @vitest-environment jsdom
/**
 * The contact page against the real commerce API (issue 36): a stranger answers the captcha and their message
 * reaches the shop's mailbox, with a confirmation to them in the page's language; a wrong answer, a filled
 * honeypot, an unknown subject and missing fields each show what they should; a logged-in business user finds
 * the form filled in, needs no captcha, may name only their company's orders, and sees the company's contact
 * person (photo, name, phone as `tel:`, e-mail as `mailto:`) on the form and on the account overview; a private
 * customer sees none.
 */
import { randomUUID } from 'node:crypto'
import { cleanup, screen, within } from '@testing-library/react'
import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { contactRequests, mailOutbox, orders } from '../../commerce-api/db/schema'
import { HONEYPOT_FIELD } from '~/models/honeypot'
import { fixedT } from '~/services/i18n.server'
import AccountPage, { loader as accountLoader } from '~/routes/$lang._shop.account._index'
import ContactPage, { action as contactAction, loader as contactLoader } from '~/routes/$lang._shop.contact'
import { api } from './setup'
import { Browser } from './shop'

const db = () => api.database.db
afterEach(cleanup)

let senders = 0
const newSender = () => `contact${++senders}-${randomUUID().slice(0, 8)}@example.test`

/** The contact form as a stranger fills it in, the captcha answered (rightly unless `wrong`). */
async function strangersForm(shopper: Browser, email: string, { wrong = false, honeypot = '' } = {}) {
  const data = await shopper.load(contactLoader, `/${shopper.lang}/contact`)
  const [a, b] = data.challenge.operands as [number, number]
  return {
    subject: data.subjects[1] as string,
    comment: 'Wann kommt meine Lieferung?\nDanke!',
    name: 'Greta Sommer',
    email,
    phone: '+49 30 555 0101',
    order: '',
    captchaId: data.challenge.id as string,
    captchaAnswer: String(a + b + (wrong ? 1 : 0)),
    [HONEYPOT_FIELD]: honeypot,
  }
}

const mailsTo = (to: string, kind: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, kind)))

const fieldErrors = (data: any, field: string): string[] => data.result.error?.[field] ?? []

describe('the contact page for a stranger', () => {
  it('offers the subjects in the page’s language with a captcha, on a private page', async () => {
    const shopper = new Browser('de')
    const { response, data } = await shopper.call(contactLoader, '/de/contact')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(data.title).toBe('Kontakt')
    expect(data.subjects).toContain('Lieferung und Versand')
    expect(data.challenge.operands).toHaveLength(2)
    expect(data.person).toBeNull()
    expect(data.defaults).toEqual({ name: '', email: '', phone: '' })
  })

  it('delivers the message to the shop and a confirmation to the sender in German, then says thank you', async () => {
    const shopper = new Browser('de')
    const email = newSender()
    const form = await strangersForm(shopper, email)
    const location = await shopper.post(contactAction, '/de/contact', form)
    expect(location).toBe('/de/contact?sent=1')
    const [stored] = await db().select().from(contactRequests).where(eq(contactRequests.email, email))
    expect(stored).toMatchObject({ subject: 'delivery', locale: 'de_DE', customerNo: null, orderNo: null })
    const [confirmation] = await mailsTo(email, 'contact.confirmation')
    expect(confirmation?.locale).toBe('de_DE')
    expect(confirmation?.subject).toBe('Ironbridge Supply: Wir haben Ihre Nachricht erhalten')
    expect(confirmation?.text).toContain('Lieferung und Versand')
    const toShop = (await mailsTo('shop@ironbridge.test', 'contact.request')).find((mail) =>
      mail.text.includes(stored!.id),
    )
    expect(toShop?.text).toContain('Wann kommt meine Lieferung?\nDanke!')
    expect(toShop?.text).toContain(email)

    const t = shopper.render('/de/contact?sent=1', ':lang/contact', ContactPage, contactLoader)
    expect((await screen.findByRole('status')).textContent).toContain(t('helpdesk.contactus.thankyou'))
  })

  it('writes an English confirmation from the English page', async () => {
    const shopper = new Browser('en')
    const email = newSender()
    await shopper.post(contactAction, '/en/contact', await strangersForm(shopper, email))
    const [confirmation] = await mailsTo(email, 'contact.confirmation')
    expect(confirmation?.locale).toBe('en_US')
    expect(confirmation?.subject).toBe('Ironbridge Supply: we have received your message')
  })

  it('says so at the captcha when the answer is wrong, and sends nothing', async () => {
    const t = fixedT('en_US')
    const shopper = new Browser('en')
    const email = newSender()
    const { response, data } = await shopper.call(contactAction, '/en/contact', {
      form: await strangersForm(shopper, email, { wrong: true }),
    })
    expect(response.status).toBe(422)
    expect(fieldErrors(data, 'captchaAnswer')).toEqual([t('captcha.incorrect')])
    // The shopper's text stays; the used question does not.
    expect(data.result.initialValue.comment).toContain('Wann kommt meine Lieferung?')
    expect(data.result.initialValue.captchaId).toBeUndefined()
    expect(await mailsTo(email, 'contact.confirmation')).toEqual([])
  })

  it('answers a filled honeypot like a sent message, without sending', async () => {
    const shopper = new Browser('en')
    const email = newSender()
    const form = await strangersForm(shopper, email, { honeypot: 'http://spam.example' })
    expect(await shopper.post(contactAction, '/en/contact', form)).toBe('/en/contact?sent=1')
    expect(await db().select().from(contactRequests).where(eq(contactRequests.email, email))).toEqual([])
  })

  it('names missing fields and an unknown subject in the page’s language', async () => {
    const shopper = new Browser('de')
    const form = await strangersForm(shopper, newSender())
    const missing = await shopper.call(contactAction, '/de/contact', {
      form: { ...form, comment: ' ', phone: 'abc', subject: '' },
    })
    expect(missing.response.status).toBe(400)
    expect(fieldErrors(missing.data, 'comment')).toEqual(['Bitte schreiben Sie Ihre Nachricht.'])
    expect(fieldErrors(missing.data, 'subject')).toEqual(['Bitte wählen Sie einen Betreff.'])
    expect(fieldErrors(missing.data, 'phone')[0]).toMatch(/^Bitte geben Sie eine Telefonnummer ein/)
    const unknown = await shopper.call(contactAction, '/de/contact', {
      form: { ...(await strangersForm(shopper, newSender())), subject: 'Gratis Geld' },
    })
    expect(unknown.response.status).toBe(422)
    expect(fieldErrors(unknown.data, 'subject')).toEqual(['Bitte wählen Sie einen der angebotenen Betreffe.'])
  })
})

describe('the contact page for a logged-in user', () => {
  it('shows a business user the form filled in, without captcha, and the company’s contact person', async () => {
    const buyer = new Browser('de')
    await buyer.login('bbuyer')
    const data = await buyer.load(contactLoader, '/de/contact')
    expect(data.challenge).toBeNull()
    expect(data.defaults).toMatchObject({ name: 'Bernhard Boldner', email: 'bbuyer@brightline.test' })
    expect(data.person).toMatchObject({
      name: 'Ms. Hanna Kessler',
      phone: '+49 30 1234 5610',
      phoneLink: 'tel:+493012345610',
      email: 'hanna.kessler@ironbridge.test',
      position: 'Key-Account-Managerin Bau',
    })

    const t = buyer.render('/de/contact', ':lang/contact', ContactPage, contactLoader)
    const card = await screen.findByRole('region', { name: t('contact_person.heading') })
    expect(within(card).getByRole('link', { name: '+49 30 1234 5610' }).getAttribute('href')).toBe(
      'tel:+493012345610',
    )
    expect(
      within(card).getByRole('link', { name: 'hanna.kessler@ironbridge.test' }).getAttribute('href'),
    ).toBe('mailto:hanna.kessler@ironbridge.test')
    expect(card.querySelector('img')?.getAttribute('src')).toBe(
      '/INTERSHOP/static/WFS/ironbridge-Site/-/contactpersons/CP-1001.svg',
    )
    expect(screen.queryByText(t('captcha.legend'))).toBeNull()
  })

  it('sends a user’s message without captcha, naming only their company’s orders', async () => {
    const buyer = new Browser('de')
    await buyer.login('bbuyer')
    for (const [customerNo, documentNumber] of [
      ['BC-200001', 'CT-SF-1'],
      ['BC-200002', 'CT-SF-2'],
    ] as const)
      await db()
        .insert(orders)
        .values({
          documentNumber,
          basketId: randomUUID(),
          owner: 'test',
          customerNo,
          currency: 'EUR',
          locale: 'de_DE',
          statusCode: 'NEW',
          orderCreation: 'COMPLETED',
          paymentMethodId: 'INVOICE',
          grandTotalGross: 1000,
          snapshot: { data: {}, included: {} },
        })
    const { subjects, defaults } = await buyer.load(contactLoader, '/de/contact')
    const form = {
      ...defaults,
      phone: '+49 89 1234567',
      subject: subjects[0] as string,
      comment: 'Bitte Rechnung neu ausstellen.',
      [HONEYPOT_FIELD]: '',
    }
    const foreign = await buyer.call(contactAction, '/de/contact', { form: { ...form, order: 'CT-SF-2' } })
    expect(foreign.response.status).toBe(422)
    expect(fieldErrors(foreign.data, 'order')).toEqual([
      'Dies ist keine Ihrer Bestellungen. Bitte prüfen Sie die Bestellnummer.',
    ])
    expect(await buyer.post(contactAction, '/de/contact', { ...form, order: 'CT-SF-1' })).toBe(
      '/de/contact?sent=1',
    )
    const [stored] = await db().select().from(contactRequests).where(eq(contactRequests.orderNo, 'CT-SF-1'))
    expect(stored).toMatchObject({ customerNo: 'BC-200001', email: 'bbuyer@brightline.test' })
  })

  it('shows the contact person on a business user’s account overview, and none to a private customer', async () => {
    const buyer = new Browser('en')
    await buyer.login('bbuyer')
    const data = await buyer.load(accountLoader, '/en/account')
    expect(data.person?.name).toBe('Ms. Hanna Kessler')
    expect(data.person?.position).toBe('Key account manager, construction')
    const t = buyer.render('/en/account', ':lang/account', AccountPage, accountLoader)
    const card = await screen.findByRole('region', { name: t('contact_person.heading') })
    expect(within(card).getByRole('link', { name: '+49 30 1234 5610' }).getAttribute('href')).toBe(
      'tel:+493012345610',
    )
    cleanup()

    const patricia = new Browser('en')
    await patricia.login('patricia@ironbridge.test')
    expect((await patricia.load(accountLoader, '/en/account')).person).toBeNull()
    expect((await patricia.load(contactLoader, '/en/contact')).person).toBeNull()
  })
})
