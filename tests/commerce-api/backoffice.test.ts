/**
 * The operator's back office over HTTP (routes/backoffice.ts, ADR 0026): only with BACKOFFICE_TOKEN and only
 * for its bearer; bad input is a 400, bodies other than JSON a 415, too large a 413, an unknown order a 404, a
 * move the order's status forbids a 409, lines the order lacks a 422. Each move changes the order as ICM
 * clients read it (statusCode, lines' fulfillmentStatus, trackingLinks) and queues the customer's mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadApiConfig } from '../../commerce-api/config'
import { buildServer } from '../../commerce-api/server'
import { guestAddress, sellableSkus, userToken } from './checkout-fixtures'
import { call, SITE, startApi, type Api } from './harness'
import { backoffice, businessOrder, guestOrder, mailsTo, OPERATOR_TOKEN } from './order-fixtures'

let api: Api
let skus: string[]
beforeAll(async () => {
  api = await startApi({ backofficeToken: OPERATOR_TOKEN })
  skus = await sellableSkus(api, 3)
})
afterAll(async () => {
  await api?.close()
})

const EUR = ';loc=en_US;cur=EUR'
const threeLines = () => skus.map((sku, i) => ({ sku, quantity: i + 1 }))

/** The order as its owner reads it through ICM's REST API. */
const icmOrder = async (id: string, token: string) =>
  (await call(api.url(`orders/${id}?include=lineItems`, EUR), { token })).json

describe('the back office', () => {
  it('takes its token from BACKOFFICE_TOKEN: none by default, and none short enough to guess', () => {
    expect(loadApiConfig({ NODE_ENV: 'test' }).backofficeToken).toBeUndefined()
    expect(loadApiConfig({ NODE_ENV: 'test', BACKOFFICE_TOKEN: ` ${OPERATOR_TOKEN} ` }).backofficeToken).toBe(
      OPERATOR_TOKEN,
    )
    for (const token of ['secret', 'x'.repeat(23), 'with spaces in the middle of it 0123'])
      expect(() => loadApiConfig({ NODE_ENV: 'test', BACKOFFICE_TOKEN: token }), token).toThrow(
        /BACKOFFICE_TOKEN/,
      )
  })

  it('does not exist without BACKOFFICE_TOKEN: every path of it is a 404', async () => {
    const off = buildServer({ db: api.database.db, site: SITE })
    try {
      for (const [method, url] of [
        ['GET', '/backoffice/orders'],
        ['GET', '/backoffice/orders/100001'],
        ['POST', '/backoffice/orders/100001/cancellation'],
      ] as const) {
        const answer = await off.inject({
          method,
          url,
          headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        })
        expect(answer.statusCode, url).toBe(404)
        expect(answer.json().errors[0].code).toBe('resource.not_found')
      }
    } finally {
      await off.close()
    }
  })

  it('answers only its operator: no token, a wrong one, or a customer’s token is a 401, before any body is read', async () => {
    const order = await guestOrder(api, [{ sku: skus[0]!, quantity: 1 }], {
      address: guestAddress({ email: 'auth@example.test' }),
    })
    const customer = await userToken(api, 'jlink')
    for (const token of [null, 'wrong', `${OPERATOR_TOKEN}x`, OPERATOR_TOKEN.slice(0, -1), customer]) {
      const list = await backoffice(api, 'orders', { token })
      expect(list.status, String(token)).toBe(401)
      expect(list.json.errors[0].code).toBe('backoffice.token.invalid')
      const cancel = await backoffice(api, `orders/${order.documentNumber}/cancellation`, {
        method: 'POST',
        token,
        json: { x: 'y'.repeat(10_000) },
      })
      expect(cancel.status).toBe(401)
    }
    const basic = await call(`${api.origin}/backoffice/orders`, {
      headers: { authorization: `Basic ${Buffer.from(`x:${OPERATOR_TOKEN}`).toString('base64')}` },
    })
    expect(basic.status).toBe(401)
    // The order did not move.
    expect((await backoffice(api, `orders/${order.documentNumber}`)).json.statusCode).toBe('NEW')
  })

  it('refuses bad input: 400 for malformed fields and statuses, 415 for non-JSON, 413 for large bodies, 404 for unknown orders', async () => {
    const order = await guestOrder(api, [{ sku: skus[0]!, quantity: 1 }], {
      address: guestAddress({ email: 'input@example.test' }),
    })
    const ship = (json: unknown) =>
      backoffice(api, `orders/${order.documentNumber}/shipments`, { method: 'POST', json })
    for (const json of [
      {},
      { carrier: 'DHL' },
      { carrier: '', trackingNumber: '123' },
      { carrier: 'DHL', trackingNumber: '<script>' },
      { carrier: 'DHL', trackingNumber: '1'.repeat(61) },
      { carrier: 'D'.repeat(41), trackingNumber: '123' },
      { carrier: 'DHL', trackingNumber: '123', lines: [] },
      { carrier: 'DHL', trackingNumber: '123', lines: [1.5] },
      { carrier: 'DHL', trackingNumber: '123', lines: ['1'] },
      { carrier: 'DHL', trackingNumber: '123', extra: true },
      [],
    ]) {
      const answer = await ship(json)
      expect(answer.status, JSON.stringify(json)).toBe(400)
      expect(answer.json.errors[0].causes.length).toBeGreaterThan(0)
    }
    const form = await call(`${api.origin}/backoffice/orders/${order.documentNumber}/shipments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${OPERATOR_TOKEN}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'carrier=DHL&trackingNumber=123',
    })
    expect(form.status).toBe(415)
    const large = await ship({ carrier: 'DHL', trackingNumber: '123', note: 'x'.repeat(5000) })
    expect(large.status).toBe(413)
    const parameters = await backoffice(api, `orders/${order.documentNumber}/delivery`, {
      method: 'POST',
      json: { when: 'now' },
    })
    expect(parameters.status).toBe(400)
    expect((await backoffice(api, 'orders?status=SHIPPED')).status).toBe(400)
    expect((await backoffice(api, 'orders?limit=1000')).status).toBe(400)
    for (const no of ['99999999', 'no-such-order'])
      for (const path of [`orders/${no}`, `orders/${no}/cancellation`]) {
        const answer = await backoffice(api, path, { method: path.endsWith('cancellation') ? 'POST' : 'GET' })
        expect(answer.status, path).toBe(404)
        expect(answer.json.errors[0].code).toBe('order.not_found.error')
      }
    expect((await backoffice(api, `orders/${order.documentNumber}`)).json).toMatchObject({
      statusCode: 'NEW',
      trackingLinks: [],
      shipments: [],
    })
  })

  it('ships lines, then the rest, then delivers: the customer sees statuses and tracking links and gets a mail of each', async () => {
    const token = await userToken(api, 'jlink')
    const order = await businessOrder(api, token, threeLines())
    const no = order.documentNumber
    const partly = await backoffice(api, `orders/${no}/shipments`, {
      method: 'POST',
      json: { carrier: 'dhl', trackingNumber: '00340434161094042557', lines: [1, 3] },
    })
    expect(partly.status).toBe(201)
    const dhl =
      'https://www.dhl.com/de-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=00340434161094042557'
    expect(partly.json).toMatchObject({
      documentNumber: no,
      statusCode: 'INPROGRESS',
      status: 'Partly shipped',
      trackingLinks: [dhl],
      shipments: [
        { carrier: 'DHL', trackingNumber: '00340434161094042557', trackingUrl: dhl, lines: [1, 3] },
      ],
    })
    expect(partly.json.lines.map((l: any) => l.fulfillmentStatus)).toEqual(['SHIPPED', 'NEW', 'SHIPPED'])
    const seen = await icmOrder(order.id, token)
    expect(seen.data).toMatchObject({ statusCode: 'INPROGRESS', status: 'In progress', trackingLinks: [dhl] })
    expect(seen.data.lineItems.map((id: string) => seen.included.lineItems[id].fulfillmentStatus)).toEqual([
      'SHIPPED',
      'NEW',
      'SHIPPED',
    ])

    const again = await backoffice(api, `orders/${no}/shipments`, {
      method: 'POST',
      json: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', lines: [3] },
    })
    expect(again.status).toBe(409)
    expect(again.json.errors[0].code).toBe('order.status.transition.error')
    const missing = await backoffice(api, `orders/${no}/shipments`, {
      method: 'POST',
      json: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', lines: [7] },
    })
    expect(missing.status).toBe(422)
    expect(missing.json.errors[0].code).toBe('order.line.not_found.error')
    expect((await backoffice(api, `orders/${no}/cancellation`, { method: 'POST' })).status).toBe(409)
    expect((await backoffice(api, `orders/${no}/delivery`, { method: 'POST' })).status).toBe(409)

    const rest = await backoffice(api, `orders/${no}/shipments`, {
      method: 'POST',
      json: { carrier: 'Spedition Meyer', trackingNumber: 'M-4711' },
    })
    expect(rest.json).toMatchObject({
      statusCode: 'COMPLETED',
      status: 'Shipped',
      trackingLinks: [dhl, 'M-4711'],
    })
    const delivered = await backoffice(api, `orders/${no}/delivery`, { method: 'POST' })
    expect(delivered.status).toBe(200)
    expect(delivered.json).toMatchObject({ statusCode: 'DELIVERED', status: 'Delivered' })
    expect((await icmOrder(order.id, token)).data).toMatchObject({
      statusCode: 'DELIVERED',
      trackingLinks: [dhl, 'M-4711'],
    })
    expect((await backoffice(api, `orders/${no}/delivery`, { method: 'POST' })).status).toBe(409)

    // jlink prefers German: two parcels (the first one partial, with the tracking page), then delivery.
    const shipped = await mailsTo(api, 'jlink@brightline.test', 'order.shipped')
    const ours = shipped.filter((mail) => mail.subject.includes(no))
    expect(ours.map((mail) => [mail.locale, mail.subject])).toEqual([
      ['de_DE', `Ein Teil Ihrer Bestellung ${no} wurde versandt`],
      ['de_DE', `Ihre Bestellung ${no} wurde versandt`],
    ])
    expect(ours[0]!.text).toContain('Versanddienstleister: DHL')
    expect(ours[0]!.text).toContain('Sendungsnummer: 00340434161094042557')
    expect(ours[0]!.text).toContain(dhl)
    expect(ours[0]!.html).toContain(`href="${dhl.replaceAll('&', '&amp;')}"`)
    expect(ours[0]!.text).toContain(skus[0]!)
    expect(ours[0]!.text).not.toContain(skus[1]!)
    expect(ours[1]!.text).toContain('Spedition Meyer')
    expect(ours[1]!.text).not.toContain('Sendung verfolgen')
    expect(ours[0]!.text).toContain('Sendung verfolgen')
    expect(ours[1]!.text).toContain(`/de/account/orders/${order.id}`)
    const arrived = (await mailsTo(api, 'jlink@brightline.test', 'order.delivered')).filter((m) =>
      m.subject.includes(no),
    )
    expect(arrived.map((mail) => mail.subject)).toEqual([`Ihre Bestellung ${no} wurde zugestellt`])
  })

  it('processes and cancels an order of a guest, who is told in the language they ordered in; lists by status', async () => {
    const address = guestAddress({ email: 'gaston@example.test', firstName: 'Gaston' })
    const order = await guestOrder(api, [{ sku: skus[1]!, quantity: 2 }], {
      matrix: ';loc=fr_FR;cur=EUR',
      address,
    })
    const no = order.documentNumber
    const processing = await backoffice(api, `orders/${no}/processing`, { method: 'POST' })
    expect(processing.json).toMatchObject({ statusCode: 'INPROGRESS', status: 'In progress' })
    expect((await backoffice(api, `orders/${no}/processing`, { method: 'POST', json: {} })).status).toBe(409)
    const listed = await backoffice(api, 'orders?status=inprogress,COMPLETED&limit=100')
    expect(listed.status).toBe(200)
    expect(listed.json.orders.map((o: any) => o.documentNumber)).toContain(no)
    expect(listed.json.orders.every((o: any) => ['INPROGRESS', 'COMPLETED'].includes(o.statusCode))).toBe(
      true,
    )
    const cancelled = await backoffice(api, `orders/${no}/cancellation`, { method: 'POST' })
    expect(cancelled.json).toMatchObject({ statusCode: 'CANCELLED', status: 'Cancelled' })
    expect(cancelled.json.lines.map((l: any) => l.fulfillmentStatus)).toEqual(['CANCELLED'])
    expect(
      (await backoffice(api, 'orders?status=CANCELLED&limit=100')).json.orders.map(
        (o: any) => o.documentNumber,
      ),
    ).toContain(no)
    for (const path of ['shipments', 'delivery', 'processing', 'cancellation']) {
      const json = path === 'shipments' ? { carrier: 'DHL', trackingNumber: '1' } : undefined
      expect((await backoffice(api, `orders/${no}/${path}`, { method: 'POST', json })).status, path).toBe(409)
    }
    const [mail] = await mailsTo(api, 'gaston@example.test', 'order.cancelled')
    expect(mail).toMatchObject({ locale: 'fr_FR', subject: `Votre commande ${no} a été annulée` })
    expect(mail!.text).toContain('Bonjour Gaston Guest,')
    // A guest has no order page in the storefront: the mail has no link to one.
    expect(mail!.text).not.toContain('/account/orders/')
    expect(await mailsTo(api, 'gaston@example.test', 'order.shipped')).toEqual([])
  })
})
