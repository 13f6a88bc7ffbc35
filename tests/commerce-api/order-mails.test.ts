/**
 * The buyer's mails about an order (mail/orders.ts, issue 30), queued through the outbox in the transaction that
 * placed or decided it, in the buyer's language: the confirmation when an order is placed by checkout (guests
 * and users, prices with tax or without), by approval of a requisition and by a recurring order, with lines,
 * totals that add up and say what they include, addresses, shipping and payment method and the order's page;
 * the requisition's outcome (approved with the order number, rejected with the approver's comment).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, orderLineItems, orders, users } from '../../commerce-api/db/schema'
import { DEMO_ADDRESS_IDS } from '../../commerce-api/db/seed/checkout'
import { ensureDemoOrganization } from '../../commerce-api/db/seed/organization'
import { dayOf } from '../../commerce-api/domain/recurrence'
import { formatMoney } from '../../commerce-api/mail/texts'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import {
  basketFor,
  guestAddress,
  minor,
  readyBusinessBasket,
  sellableSkus,
  userToken,
} from './checkout-fixtures'
import { call, startApi, type Api } from './harness'
import { businessOrder, guestOrder, mailsTo } from './order-fixtures'

let api: Api
let skus: string[]
const tokens: Record<string, string> = {}
const EUR = ';loc=en_US;cur=EUR'

beforeAll(async () => {
  api = await startApi({ products: 60, protection: { limits: NO_LIMITS } })
  await ensureDemoOrganization(api.database.db)
  for (const login of ['jlink', 'bbuyer', 'aapprover', 'pierre@ironbridge.test'])
    tokens[login] = await userToken(api, login)
  skus = await sellableSkus(api, 2)
})
afterAll(async () => {
  await api?.close()
})

const db = () => api.database.db
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const linesOf = (id: string) => db().select().from(orderLineItems).where(eq(orderLineItems.orderId, id))
const onlyMail = async (to: string, kind: string, no: string) => {
  const found = (await mailsTo(api, to, kind)).filter((mail) => mail.subject.includes(no))
  expect(found, `${kind} to ${to} about ${no}`).toHaveLength(1)
  return found[0]!
}

describe('the order confirmation', () => {
  it('reaches a German guest in German: lines, a total that says how much tax it includes, addresses, methods', async () => {
    const address = guestAddress({ email: 'greta@example.test', firstName: 'Greta' })
    const order = await guestOrder(
      api,
      [
        { sku: skus[0]!, quantity: 3 },
        { sku: skus[1]!, quantity: 1 },
      ],
      {
        matrix: ';loc=de_DE;cur=EUR',
        address,
      },
    )
    const row = await orderRow(order.id)
    const mail = await onlyMail('greta@example.test', 'order.confirmation', order.documentNumber)
    expect(mail).toMatchObject({
      locale: 'de_DE',
      subject: `Ihre Bestellung ${order.documentNumber} bei Ironbridge Supply`,
    })
    const money = (minor: number) => formatMoney(minor, 'EUR', 'de_DE')
    const text = mail.text
    expect(text).toContain('Hallo Greta Guest,')
    expect(text).toContain('Artikel | Artikelnummer | Menge | Einzelpreis | Summe')
    for (const line of await linesOf(order.id))
      expect(text).toContain(
        `${line.names.de_DE ?? line.names.en_US} | ${line.sku} | ${line.quantity} | ${money(line.singleGross)} | ${money(line.totalGross)}`,
      )
    // Prices with tax: the total, then how much of it is tax.
    expect(text).toContain(`Gesamtsumme | ${money(row.grandTotalGross)}`)
    expect(text).toContain(`inkl. ${money(row.grandTotalGross - row.grandTotalNet!)} MwSt.`)
    expect(text).not.toContain('netto')
    expect(text).toContain('Rechnungsadresse:\nGreta Guest\nHauptstraße 5\n80331 München\nDeutschland')
    expect(text).toContain('Lieferadresse:\nGreta Guest')
    expect(text).toMatch(/Versandart: \S/)
    expect(text).toContain('Zahlungsart: Rechnung')
    // A guest has no account: no link to an order page.
    expect(text).not.toContain('/account/orders/')
    expect(mail.html).toContain('<table')
    expect(mail.html).toMatch(/<th scope="col"[^>]*>Einzelpreis<\/th>/)
    expect(mail.html).toContain(`text-align:right;font-weight:bold">${money(row.grandTotalGross)}</td>`)
  })

  it('says no tax is charged where none is (a US address), in English', async () => {
    const address = guestAddress({
      email: 'sam@example.test',
      firstName: 'Sam',
      addressLine1: '350 Fifth Avenue',
      postalCode: '10118',
      city: 'New York',
      mainDivision: 'NY',
      countryCode: 'US',
    })
    const order = await guestOrder(api, [{ sku: skus[0]!, quantity: 1 }], {
      matrix: ';loc=en_US;cur=USD',
      address,
    })
    const row = await orderRow(order.id)
    expect(row.grandTotalGross).toBe(row.grandTotalNet)
    const mail = await onlyMail('sam@example.test', 'order.confirmation', order.documentNumber)
    expect(mail.subject).toBe(`Your order ${order.documentNumber} at Ironbridge Supply`)
    expect(mail.text).toContain(`Total | ${formatMoney(row.grandTotalGross, 'USD', 'en_US')}`)
    expect(mail.text).toContain('No tax is charged for this delivery address.')
    expect(mail.text).not.toContain('incl.')
  })

  it('shows a business buyer net prices, the tax added and the total to pay, with the link to the order', async () => {
    const order = await businessOrder(api, tokens.jlink!, [{ sku: skus[1]!, quantity: 2 }])
    const row = await orderRow(order.id)
    const mail = await onlyMail('jlink@brightline.test', 'order.confirmation', order.documentNumber)
    expect(mail.locale).toBe('de_DE')
    const money = (minor: number) => formatMoney(minor, 'EUR', 'de_DE')
    const [line] = await linesOf(order.id)
    expect(mail.text).toContain(`${line!.sku} | 2 | ${money(line!.singleNet)} | ${money(line!.totalNet)}`)
    expect(mail.text).toContain(`Gesamtsumme (netto) | ${money(row.grandTotalNet!)}`)
    expect(mail.text).toContain(`zzgl. MwSt. | ${money(row.grandTotalGross - row.grandTotalNet!)}`)
    expect(mail.text).toContain(`Zu zahlender Betrag | ${money(row.grandTotalGross)}`)
    expect(mail.text).toContain('Brightline')
    expect(mail.text).toContain(`Bestellung ansehen:\nhttp://localhost:3000/de/account/orders/${order.id}`)
    expect(mail.html).toContain(`href="http://localhost:3000/de/account/orders/${order.id}"`)
  })

  it('is not sent for an order still waiting for its payment page', async () => {
    const basket = await readyBusinessBasket(api, tokens.jlink!, [{ sku: skus[0]!, quantity: 1 }])
    const tender = { method: 'PUT', token: basket.token, json: { paymentInstrument: 'CREDIT_CARD' } }
    expect((await call(basket.url('/payments/open-tender'), tender)).status).toBe(200)
    const stopped = await call(api.url('orders', EUR), {
      method: 'POST',
      token: basket.token,
      json: { basket: basket.id, termsAndConditionsAccepted: true },
    })
    expect(stopped.json.data.orderCreation.status).toBe('STOPPED')
    const no = stopped.json.data.documentNumber as string
    expect(
      (await mailsTo(api, 'jlink@brightline.test', 'order.confirmation')).filter((m) =>
        m.subject.includes(no),
      ),
    ).toEqual([])
  })

  it('is sent when a recurring order places its order, in the buyer’s language', async () => {
    const token = tokens['pierre@ironbridge.test']!
    const basket = await basketFor(api, token, [{ sku: skus[0]!, quantity: 1 }], EUR)
    const home = `urn:address:customer:PC-100002:${DEMO_ADDRESS_IDS.pierreHome}`
    for (const json of [
      { invoiceToAddress: home, commonShipToAddress: home },
      { commonShippingMethod: 'STD_GROUND' },
      { recurrence: { interval: 'P1W', startDate: dayOf(new Date()) } },
    ])
      expect((await call(basket.url(), { method: 'PATCH', token, json })).status).toBe(200)
    const tender = { method: 'PUT', token, json: { paymentInstrument: 'INVOICE' } }
    expect((await call(basket.url('/payments/open-tender'), tender)).status).toBe(200)
    const submitted = await call(api.url('orders', EUR), {
      method: 'POST',
      token,
      json: { basket: basket.id, termsAndConditionsAccepted: true },
    })
    expect(submitted.status).toBe(201)
    const placed = (await api.app.recurringOrders.runDue(new Date())).filter(
      (run) => run.recurringOrderId === submitted.json.data.id,
    )
    expect(placed).toEqual([expect.objectContaining({ outcome: 'order' })])
    const row = await orderRow(placed[0]!.orderId!)
    const mail = await onlyMail('pierre@ironbridge.test', 'order.confirmation', row.documentNumber!)
    expect(mail).toMatchObject({
      locale: 'fr_FR',
      subject: `Votre commande ${row.documentNumber} chez Ironbridge Supply`,
    })
    expect(mail.text).toContain(`Total | ${formatMoney(row.grandTotalGross, 'EUR', 'fr_FR')}`)
    expect(mail.text).toContain(`/fr/account/orders/${row.id}`)
  })
})

describe('a requisition’s outcome', () => {
  /** A basket of bbuyer one cent above his per-order limit, submitted as a requisition. */
  async function requisition() {
    const basket = await readyBusinessBasket(api, tokens.bbuyer!, [{ sku: skus[0]!, quantity: 2 }])
    const gross = minor((await basket.get()).data.totals.grandTotal.gross)
    await db()
      .update(users)
      .set({ orderSpentLimit: gross - 1, budget: null, budgetPeriod: null, budgetCurrency: 'EUR' })
      .where(eq(users.login, 'bbuyer'))
    const submitted = await call(api.url('orders', EUR), {
      method: 'POST',
      token: basket.token,
      json: { basket: basket.id, termsAndConditionsAccepted: true },
    })
    expect(submitted.status).toBe(201)
    return submitted.json.data as { id: string; requisitionNo: string }
  }
  const decide = (id: string, json: Record<string, unknown>) =>
    call(api.url(`customers/-/users/-/requisitions/${id}`, EUR), {
      method: 'PATCH',
      token: tokens.aapprover,
      json: { type: 'ApprovalStatusChange', ...json },
    })

  it('approved: the buyer hears it with the order number, and gets the order’s confirmation', async () => {
    const { id, requisitionNo } = await requisition()
    const approved = await decide(id, { statusCode: 'APPROVED' })
    expect(approved.status).toBe(200)
    const orderNo = approved.json.data.orderNo as string
    expect(orderNo).toMatch(/^\d+$/)
    const outcome = await onlyMail('bbuyer@brightline.test', 'requisition.approved', requisitionNo)
    expect(outcome.subject).toBe(`Bestellanforderung ${requisitionNo} wurde genehmigt: Bestellung ${orderNo}`)
    expect(outcome.text).toContain(`als Bestellung ${orderNo} aufgegeben`)
    const confirmation = await onlyMail('bbuyer@brightline.test', 'order.confirmation', orderNo)
    expect(confirmation.locale).toBe('de_DE')
    expect(confirmation.text).toContain(`/de/account/orders/${id}`)
  })

  it('rejected: the buyer hears it with the approver’s comment, and no order is confirmed', async () => {
    const { id, requisitionNo } = await requisition()
    const before = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.recipient, 'bbuyer@brightline.test'), eq(mailOutbox.kind, 'order.confirmation')),
      )
    const rejected = await decide(id, {
      statusCode: 'REJECTED',
      approvalComment: 'Bitte die kleinere Packung.',
    })
    expect(rejected.status).toBe(200)
    const outcome = await onlyMail('bbuyer@brightline.test', 'requisition.rejected', requisitionNo)
    expect(outcome.subject).toBe(`Bestellanforderung ${requisitionNo} wurde abgelehnt`)
    expect(outcome.text).toContain('Kommentar: Bitte die kleinere Packung.')
    expect(outcome.text).toContain('Anna Approver')
    const after = await mailsTo(api, 'bbuyer@brightline.test', 'order.confirmation')
    expect(after).toHaveLength(before.length)
  })
})
