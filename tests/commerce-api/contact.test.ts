/**
 * ICM's `GET/POST contact` and `GET contactpersons` (issue 36) over HTTP: the subjects in the call's language;
 * a stranger's message needs the shop's captcha, a logged-in user's does not but may only name their
 * customer's orders; the shop and the sender get their mails (read from the local mailbox); refusals name the
 * attribute (400), the size (413), the type (415), the subject or order (422), the pace (429). The contact
 * person is the caller's business customer's, to its users only.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { contactRequests, orders } from '../../commerce-api/db/schema'
import { anonymousToken, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'
import { assertWireFaithful } from './wire-check'

let api: Api

beforeAll(async () => {
  api = await startApi({
    products: 20,
    protection: {
      limits: {
        contactPerIp: { points: 50, seconds: 600 },
        contactPerSender: { points: 2, seconds: 600 },
        challenges: { points: 1000, seconds: 600 },
      },
    },
  })
})
afterEach(() => assertWireFaithful())
afterAll(async () => {
  await api?.close()
})

const db = () => api.database.db
let addresses = 0
const newAddress = () => `198.51.100.${++addresses}`
let senders = 0
const newSender = () => `sender${++senders}-${Date.now()}@example.test`

async function captcha(ip: string, { wrong = false } = {}) {
  const answer = await call(api.url('challenges'), { method: 'POST', headers: { 'x-forwarded-for': ip } })
  expect(answer.status).toBe(201)
  const [a, b] = answer.json.question.operands as [number, number]
  return { id: answer.json.id as string, answer: a + b + (wrong ? 1 : 0) }
}

const message = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Greta Sommer',
  email,
  phone: '+49 30 555 0101',
  subject: 'Delivery and shipping',
  comment: 'Where is my delivery?',
  ...extra,
})

/** `POST contact`: a stranger's with a solved captcha unless `solved` says otherwise, a user's with `token`. */
async function send(
  body: unknown,
  {
    ip = newAddress(),
    solved,
    token,
    locale = 'en_US',
    contentType,
  }: {
    ip?: string
    solved?: { id: string; answer: number } | null
    token?: string
    locale?: string
    contentType?: string
  } = {},
) {
  const proof = solved === undefined && !token ? await captcha(ip) : (solved ?? null)
  const headers: Record<string, string> = { 'x-forwarded-for': ip }
  if (proof) headers.authorization = `CAPTCHA challenge=${proof.id} answer=${proof.answer}`
  const init = contentType
    ? {
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { ...headers, 'content-type': contentType },
      }
    : { json: body, headers }
  return call(api.url('contact', `;loc=${locale};cur=EUR`), { method: 'POST', token, ...init })
}

async function mailsTo(email: string) {
  const mailbox = await call(`${api.origin}/mailbox.json?to=${encodeURIComponent(email)}`)
  expect(mailbox.status).toBe(200)
  return mailbox.json.elements as { kind: string; locale: string; subject: string; text: string }[]
}

const storedFrom = (email: string) =>
  db().select().from(contactRequests).where(eq(contactRequests.email, email))

describe('GET contact', () => {
  it('offers the subjects in the call’s language, to anyone', async () => {
    const english = await call(api.url('contact', ';loc=en_US;cur=EUR'))
    expect(english.status).toBe(200)
    expect(english.json.elements.map((e: { subject: string }) => e.subject)).toContain(
      'Delivery and shipping',
    )
    const german = await call(api.url('contact', ';loc=de_DE;cur=EUR'))
    expect(german.json.elements.map((e: { subject: string }) => e.subject)).toContain('Lieferung und Versand')
    expect(german.json.elements).toHaveLength(english.json.elements.length)
  })
})

describe('POST contact', () => {
  it('takes a stranger’s message with the captcha: the shop gets it, the sender a confirmation in German', async () => {
    const email = newSender()
    const answer = await send(message(email, { subject: 'Lieferung und Versand', order: 'A-1' }), {
      locale: 'de_DE',
    })
    expect(answer.status).toBe(204)
    const [stored] = await storedFrom(email)
    expect(stored).toMatchObject({ subject: 'delivery', orderNo: 'A-1', locale: 'de_DE', customerNo: null })
    const [confirmation] = await mailsTo(email)
    expect(confirmation).toMatchObject({
      kind: 'contact.confirmation',
      locale: 'de_DE',
      subject: 'Ironbridge Supply: Wir haben Ihre Nachricht erhalten',
    })
    const toShop = (await mailsTo('shop@ironbridge.test')).find((mail) => mail.text.includes(stored!.id))
    expect(toShop?.kind).toBe('contact.request')
    expect(toShop?.text).toContain('Where is my delivery?')
  })

  it('refuses a missing, wrong or reused captcha with 401 captcha.incorrect and keeps nothing', async () => {
    const email = newSender()
    const ip = newAddress()
    const solved = await captcha(ip)
    for (const proof of [null, await captcha(ip, { wrong: true }), { id: 'forged.1.x', answer: 3 }]) {
      const answer = await send(message(email), { ip, solved: proof })
      expect(answer.status).toBe(401)
      expect(answer.headers.get('error-key')).toBe('captcha.incorrect')
    }
    expect(await storedFrom(email)).toEqual([])
    expect((await send(message(email), { ip, solved })).status).toBe(204)
    expect((await send(message(email), { ip, solved })).status).toBe(401)
    expect(await storedFrom(email)).toHaveLength(1)
  })

  it('names a missing or malformed attribute (400), an unknown subject (422)', async () => {
    const email = newSender()
    for (const [body, header, attribute] of [
      [{ ...message(email), name: undefined }, 'error-missing-attributes', 'name'],
      [{ ...message(email), comment: '  ' }, 'error-missing-attributes', 'comment'],
      [{ ...message(email), email: 'greta-at-example' }, 'error-invalid-attributes', 'email'],
      [{ ...message(email), phone: 'none' }, 'error-invalid-attributes', 'phone'],
      [{ ...message(email), order: 'x'.repeat(41) }, 'error-invalid-attributes', 'order'],
      [{}, 'error-missing-attributes', 'name'],
    ] as const) {
      const answer = await send(body, { solved: null })
      expect(answer.status, attribute).toBe(400)
      expect(answer.headers.get(header)).toBe(attribute)
    }
    const unknown = await send(message(email, { subject: 'Free money' }))
    expect(unknown.status).toBe(422)
    expect(unknown.json.errors[0].code).toBe('contact.subject.unknown.error')
    expect(unknown.headers.get('error-invalid-attributes')).toBe('subject')
    expect(await storedFrom(email)).toEqual([])
  })

  it('refuses a body over the limit (413) and one that is neither JSON nor a form (415)', async () => {
    const email = newSender()
    const huge = await send(message(email, { comment: 'x'.repeat(200 * 1024) }), { solved: null })
    expect(huge.status).toBe(413)
    const text = await send('name=Greta', { solved: null, contentType: 'text/plain' })
    expect(text.status).toBe(415)
    // ICM's form encoding is read like JSON.
    const form = new URLSearchParams(message(email) as Record<string, string>).toString()
    const ip = newAddress()
    const proof = await captcha(ip)
    const formAnswer = await send(form, {
      ip,
      solved: proof,
      contentType: 'application/x-www-form-urlencoded',
    })
    expect(formAnswer.status).toBe(204)
  })

  it('lets a logged-in user write without captcha, naming only their own customer’s orders', async () => {
    const token = await userToken(api, 'bbuyer')
    for (const [customerNo, documentNumber] of [
      ['BC-200001', 'CT-HTTP-1'],
      ['BC-200002', 'CT-HTTP-2'],
    ] as const)
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
    const email = newSender()
    expect((await send(message(email, { order: 'CT-HTTP-1' }), { token })).status).toBe(204)
    const [stored] = await storedFrom(email)
    expect(stored).toMatchObject({ customerNo: 'BC-200001', orderNo: 'CT-HTTP-1' })
    const foreign = await send(message(email, { order: 'CT-HTTP-2' }), { token })
    expect(foreign.status).toBe(422)
    expect(foreign.json.errors[0].code).toBe('contact.order.unknown.error')
    // An anonymous token is a stranger: the captcha is asked for.
    const anonymous = await send(message(newSender()), { token: await anonymousToken(api), solved: null })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('error-key')).toBe('captcha.incorrect')
  })

  it('limits messages to one sender’s address (429 with Retry-After)', async () => {
    const email = newSender()
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await send(message(email))).status)
    expect(statuses).toEqual([204, 204, 429])
    const refused = await send(message(email.toUpperCase()))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('error-key')).toBe('contact.too_many_requests.error')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500)
    expect(await mailsTo(email)).toHaveLength(2)
  })
})

describe('GET contactpersons', () => {
  it('answers the caller’s business customer’s person, named in the customer, with a photo', async () => {
    const token = await userToken(api, 'bbuyer')
    const customer = await call(api.url('customers/-'), { token })
    expect(customer.json.contactPersonID).toBe('CP-1001')
    const person = await call(api.url('contactpersons', ';loc=de_DE;cur=EUR'), { token })
    expect(person.status).toBe(200)
    expect(person.json).toMatchObject({
      id: 'CP-1001',
      firstName: 'Hanna',
      lastName: 'Kessler',
      phone: '+49 30 1234 5610',
      email: 'hanna.kessler@ironbridge.test',
      position: 'Key-Account-Managerin Bau',
      company: 'Ironbridge Supply GmbH',
    })
    expect((await call(api.url('contactpersons/CP-1001'), { token })).json.id).toBe('CP-1001')
    const photo = await fetch(`${api.origin}${person.json.photo}`)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toContain('image/svg+xml')
    expect(await photo.text()).toContain('>HK</text>')
    expect((await fetch(`${api.origin}${person.json.photo.replace('CP-1001', 'CP-9999')}`)).status).toBe(404)
  })

  it('refuses another customer’s person, private customers, anonymous callers and callers without a token', async () => {
    const kestrel = await userToken(api, 'mkestrel')
    expect((await call(api.url('contactpersons'), { token: kestrel })).json.id).toBe('CP-1002')
    const foreign = await call(api.url('contactpersons/CP-1001'), { token: kestrel })
    expect(foreign.status).toBe(404)
    expect(foreign.json.errors[0].code).toBe('contactperson.not_found.error')
    const privateCustomer = await call(api.url('contactpersons'), {
      token: await userToken(api, 'patricia@ironbridge.test'),
    })
    expect(privateCustomer.status).toBe(404)
    expect(
      (await call(api.url('customers/-'), { token: await userToken(api, 'patricia@ironbridge.test') })).json
        .contactPersonID,
    ).toBeUndefined()
    const anonymous = await call(api.url('contactpersons'), { token: await anonymousToken(api) })
    expect(anonymous.status).toBe(401)
    expect((await call(api.url('contactpersons'))).status).toBe(401)
    expect((await call(api.url('contactpersons'), { token: 'forged-token' })).status).toBe(401)
  })
})
