/**
 * The punchout protocol endpoints over HTTP (issue 34, ADR 0033): the cXML setup request a procurement system
 * posts server to server (authenticated by the Sender's credential, throttled like logins, answered with a
 * one-time start URL or a cXML Status), the transfers back (cXML PunchOutOrderMessage in both Accepts, OCI
 * fields with the customer's mapping, IDS WKE cart) for the punchout user of the session or basket only, and
 * the cXML OrderRequest that becomes an order of the punchout user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import {
  readCxmlResponse,
  readPunchOutOrderMessage,
  writeOrderRequest,
  writePunchOutSetupRequest,
  type CxmlOrderRequest,
  type CxmlSetupRequest,
} from '../../commerce-api/punchout/cxml'
import { readIdsReturnCart } from '../../commerce-api/punchout/ids'
import { basketFor, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

const A = 'BC-200001'
const B = 'BC-200002'
const EUR = ';loc=en_US;cur=EUR'
const V2 = 'application/vnd.intershop.punchout.v2+json'
let api: Api
let skus: string[] = []
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 120 })
  skus = await sellableSkus(api, 2)
  for (const login of ['jlink', 'mkestrel', 'brightline-oci', 'brightline-ids'])
    tokens[login] = await userToken(api, login)
})
afterAll(async () => {
  await api?.close()
})

const punchouts = (rest: string, customer = A, matrix = EUR) =>
  api.url(`customers/${customer}/punchouts${rest}`, matrix)

/** A setup request as a procurement system writes it, for the cXML user `login`. */
const setupRequest = (
  overrides: Partial<CxmlSetupRequest> = {},
  login = 'brightline-cxml',
  secret = DEMO_PASSWORD,
) =>
  writePunchOutSetupRequest({
    payloadId: `${Date.now()}.${Math.random()}@procurement.example`,
    timestamp: '2026-11-30T08:15:00+00:00',
    lang: 'de-DE',
    header: {
      from: [{ domain: 'NetworkID', identity: 'AN01000002792', sharedSecret: null }],
      to: [{ domain: 'DUNS', identity: 'ironbridge-supply', sharedSecret: null }],
      sender: [{ domain: 'NetworkID', identity: login, sharedSecret: secret }],
      userAgent: 'Procurement Suite 2026.4',
    },
    deploymentMode: 'test',
    operation: 'create',
    buyerCookie: 'cookie-4711',
    extrinsics: [{ name: 'UserEmail', value: 'ines.vogel@brightline.example' }],
    browserFormPostUrl: 'https://procurement.example/punchout/return?id=4711',
    supplierSetupUrl: null,
    contacts: [],
    shipTo: null,
    selectedItem: null,
    items: [],
    ...overrides,
  })

const postXml = (url: string, body: string, type = 'text/xml; charset=utf-8') =>
  call(url, { method: 'POST', headers: { 'content-type': type }, body })

const setup = (body: string, customer = A) => postXml(punchouts('/cxml1.2/setuprequest', customer), body)

/** The answer's cXML Status code and, for a setup, its start URL. */
function cxmlOf(answer: Awaited<ReturnType<typeof call>>) {
  expect(answer.headers.get('content-type')).toMatch(/^text\/xml/)
  return readCxmlResponse(answer.json)
}

/** Opens a session and signs in with its start URL: the session id and the punchout user's token. */
async function punchOut(overrides: Partial<CxmlSetupRequest> = {}, login = 'brightline-cxml', customer = A) {
  const answer = await setup(setupRequest(overrides, login), customer)
  expect(answer.status).toBe(200)
  const start = new URL(cxmlOf(answer).startPageUrl!)
  const exchanged = await tokenFor(api, {
    grant_type: 'refresh_token',
    refresh_token: start.searchParams.get('access-token')!,
  })
  expect(exchanged.status).toBe(200)
  return { start, sid: start.searchParams.get('sid')!, token: exchanged.json.access_token as string }
}

describe('the cXML setup request', () => {
  it('answers a start URL into the storefront whose access token is exchanged once', async () => {
    const answer = await setup(
      setupRequest({ selectedItem: { supplierPartId: skus[0]!, supplierPartAuxiliaryId: null } }),
    )
    expect(answer.status).toBe(200)
    const response = cxmlOf(answer)
    expect(response.status.code).toBe(200)
    const start = new URL(response.startPageUrl!)
    expect(`${start.origin}${start.pathname}`).toBe('http://localhost:3000/de/punchout')
    expect(start.searchParams.get('sku')).toBe(skus[0])
    const accessToken = start.searchParams.get('access-token')!
    const session = await call(punchouts(`/cxml1.2/sessions/${start.searchParams.get('sid')}`, '-'), {
      token: accessToken,
    })
    expect(session.json).toMatchObject({
      returnURL: 'https://procurement.example/punchout/return?id=4711',
      buyerCookie: 'cookie-4711',
    })
    const grant = { grant_type: 'refresh_token', refresh_token: accessToken }
    expect((await tokenFor(api, grant)).status).toBe(200)
    expect((await tokenFor(api, grant)).status).toBe(401)
  })

  it('takes the user’s language when the shop does not speak the document’s, and application/xml', async () => {
    const answer = await postXml(
      punchouts('/cxml1.2/setuprequest'),
      setupRequest({ lang: 'ja-JP' }),
      'application/xml',
    )
    expect(answer.status).toBe(200)
    expect(new URL(cxmlOf(answer).startPageUrl!).pathname).toBe('/en/punchout')
  })

  it('reloads an edit’s ItemOut lines into the session’s basket and names the lines it could not', async () => {
    const { sid, token } = await punchOut({
      operation: 'edit',
      items: [
        { supplierPartId: skus[0]!, supplierPartAuxiliaryId: 'earlier-line-1', lineNumber: 1, quantity: 3 },
        { supplierPartId: 'NO-SUCH-SKU', supplierPartAuxiliaryId: null, lineNumber: 2, quantity: 1 },
      ],
    })
    const session = await call(punchouts(`/cxml1.2/sessions/${sid}`, '-'), { token })
    const basket = await call(api.url(`baskets/${session.json.basketId}?include=lineItems`, EUR), { token })
    const lines = Object.values(basket.json.included.lineItems) as any[]
    expect(lines.map((line) => [line.product, line.quantity.value])).toEqual([[skus[0], 3]])
    const again = cxmlOf(
      await setup(
        setupRequest({
          operation: 'edit',
          items: [
            { supplierPartId: 'NO-SUCH-SKU', supplierPartAuxiliaryId: null, lineNumber: 1, quantity: 1 },
          ],
        }),
      ),
    )
    expect(again.status.code).toBe(200)
    expect(again.status.message).toContain('[0]')
  })

  it('refuses an operation the user’s configuration does not allow with 403', async () => {
    const configurations = api.url(`customers/${B}/punchouts/cxml1.2/users/kestrel-cxml/configurations`)
    const allow = (value: string | null) =>
      call(configurations, {
        method: 'PATCH',
        token: tokens.mkestrel,
        json: [{ name: 'operationAllowed', value }],
      })
    expect((await allow('create')).status).toBe(200)
    const edit = await setup(setupRequest({ operation: 'inspect' }, 'kestrel-cxml'), B)
    expect(edit.status).toBe(403)
    expect(cxmlOf(edit).status.code).toBe(403)
    expect((await setup(setupRequest({}, 'kestrel-cxml'), B)).status).toBe(200)
    expect((await allow(null)).status).toBe(200)
    expect((await setup(setupRequest({ operation: 'inspect' }, 'kestrel-cxml'), B)).status).toBe(200)
  })

  it('refuses a wrong secret, another customer’s path and another kind’s user with 401, then throttles', async () => {
    const created = await call(punchouts('/cxml1.2/users', A, ''), {
      method: 'POST',
      token: tokens.jlink,
      json: { login: 'throttled-cxml', password: 'Throttle2026x' },
    })
    expect(created.status).toBe(201)
    for (const [body, customer] of [
      [setupRequest({}, 'brightline-cxml', 'wrong-secret'), A],
      [setupRequest({}, 'brightline-cxml'), B],
      [setupRequest({}, 'brightline-oci'), A],
    ] as const) {
      const refused = await setup(body, customer)
      expect(refused.status).toBe(401)
      expect(cxmlOf(refused).status.code).toBe(401)
    }
    // The sixth failure in a row starts the first back-off (DEFAULT_LOGIN_POLICY), answered at once.
    const answers = []
    for (let attempt = 0; attempt < 6; attempt++)
      answers.push(await setup(setupRequest({}, 'throttled-cxml', 'wrong-secret')))
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429])
    const throttled = answers[5]!
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(cxmlOf(throttled).status.code).toBe(429)
  })

  it('answers what is no cXML setup request with a 4xx cXML Status, never a 5xx', async () => {
    const json = await call(punchouts('/cxml1.2/setuprequest'), { method: 'POST', json: { cXML: 1 } })
    expect([json.status, cxmlOf(json).status.code]).toEqual([415, 415])
    const huge = await postXml(
      punchouts('/cxml1.2/setuprequest'),
      `<cXML>${'x'.repeat(2 * 1024 * 1024)}</cXML>`,
    )
    expect([huge.status, cxmlOf(huge).status.code]).toEqual([413, 413])
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY a "aaaa">]><cXML payloadID="1" timestamp="t">&a;</cXML>'
    for (const body of [
      '<cXML payloadID="1"',
      '',
      'not xml at all',
      bomb,
      setupRequest()
        .replace('PunchOutSetupRequest', 'OrderRequest')
        .replace('</PunchOutSetupRequest>', '</OrderRequest>'),
    ]) {
      const refused = await setup(body)
      expect(refused.status, body.slice(0, 40)).toBe(400)
      expect(cxmlOf(refused).status.code).toBe(400)
    }
    const source = await setup(setupRequest({ operation: 'source' as never }))
    expect([source.status, cxmlOf(source).status.code]).toEqual([400, 450])
  })
})

describe('the transfers', () => {
  it('cXML: the session’s PunchOutOrderMessage as text/xml or as JSON with its problems', async () => {
    const { sid, token } = await punchOut()
    const session = await call(punchouts(`/cxml1.2/sessions/${sid}`, '-'), { token })
    const added = await call(api.url(`baskets/${session.json.basketId}/items`, EUR), {
      method: 'POST',
      token,
      json: [{ product: skus[0], quantity: { value: 2 } }],
    })
    expect(added.status).toBe(201)
    const transfer = (accept: string) =>
      call(punchouts(`/cxml1.2/transfer?sid=${encodeURIComponent(sid)}`, '-'), {
        method: 'POST',
        token,
        headers: { accept },
      })
    const xml = await transfer('text/xml')
    expect(xml.status).toBe(200)
    expect(xml.headers.get('content-type')).toMatch(/^text\/xml/)
    const message = readPunchOutOrderMessage(xml.json)
    expect(message.buyerCookie).toBe('cookie-4711')
    expect(message.operationAllowed).toBe('edit')
    expect(message.basket.lines.map((line) => [line.sku, line.quantity])).toEqual([[skus[0], 2]])
    const json = await transfer(V2)
    expect(json.status).toBe(200)
    expect(json.json.problems).toEqual(expect.any(Array))
    expect(readPunchOutOrderMessage(json.json.data).basket).toEqual(message.basket)
  })

  it('cXML: another user’s session is not found, and the others are refused', async () => {
    const theirs = await punchOut({}, 'kestrel-cxml', B)
    const { token } = await punchOut()
    const url = (customer: string) =>
      punchouts(`/cxml1.2/transfer?sid=${encodeURIComponent(theirs.sid)}`, customer)
    expect((await call(url('-'), { method: 'POST', token })).status).toBe(404)
    expect((await call(url(B), { method: 'POST', token })).status).toBe(404)
    expect((await call(url('-'), { method: 'POST', token: tokens.mkestrel })).status).toBe(403)
    expect((await call(url('-'), { method: 'POST', token: theirs.token })).status).toBe(200)
  })

  it('OCI: the NEW_ITEM fields with the customer’s mapping; another user’s basket is not found', async () => {
    const mapping = await call(punchouts('/oci5/configurations'), {
      method: 'PUT',
      token: tokens.jlink,
      json: {
        items: [
          { field: 'NEW_ITEM-VENDOR', transform: '100234', formatter: '' },
          { field: 'NEW_ITEM-CUST_FIELD1', transform: '{ProductSKU}', formatter: 'LowerCase' },
        ],
      },
    })
    expect(mapping.status).toBe(200)
    const basket = await basketFor(api, tokens['brightline-oci']!, [{ sku: skus[1]!, quantity: 3 }], EUR)
    const transfer = await call(punchouts(`/oci5/transfer?basketId=${basket.id}`), {
      method: 'POST',
      token: tokens['brightline-oci'],
      headers: { accept: V2 },
    })
    expect(transfer.status).toBe(200)
    const value = (name: string) => transfer.json.data.find((field: any) => field.name === name)?.value
    expect(value('NEW_ITEM-VENDOR[1]')).toBe('100234')
    expect(value('NEW_ITEM-CUST_FIELD1[1]')).toBe(skus[1]!.toLowerCase())
    expect(value('NEW_ITEM-QUANTITY[1]')).toBe('3.000')
    expect(value('NEW_ITEM-VENDORMAT[1]')).toBe(skus[1])
    expect(transfer.json.problems).toEqual(expect.any(Array))
    const foreign = await basketFor(api, tokens.jlink!, [{ sku: skus[1]!, quantity: 1 }], EUR)
    for (const basketId of [foreign.id, 'no-such-basket'])
      expect(
        (
          await call(punchouts(`/oci5/transfer?basketId=${basketId}`), {
            method: 'POST',
            token: tokens['brightline-oci'],
          })
        ).status,
      ).toBe(404)
    expect(
      (await call(punchouts('/oci5/transfer'), { method: 'POST', token: tokens['brightline-oci'] })).status,
    ).toBe(400)
  })

  it('IDS: the WKE cart as text/xml or JSON; only the IDS user’s own basket', async () => {
    const token = tokens['brightline-ids']!
    const basket = await basketFor(api, token, [{ sku: skus[0]!, quantity: 2 }], EUR)
    const url = punchouts(`/ids/transfer?basketId=${basket.id}`)
    const xml = await call(url, { method: 'POST', token, headers: { accept: 'text/xml' } })
    expect(xml.status).toBe(200)
    const cart = readIdsReturnCart(xml.json)
    expect(cart.basket.lines.map((line) => [line.sku, line.quantity])).toEqual([[skus[0], 2]])
    const json = await call(url, { method: 'POST', token })
    expect(readIdsReturnCart(json.json.data).basket.lines).toEqual(cart.basket.lines)
    expect(json.json.problems).toEqual([])
    expect((await call(url, { method: 'POST', token: tokens['brightline-oci'] })).status).toBe(403)
  })
})

describe('the cXML OrderRequest', () => {
  const address = {
    addressId: null,
    name: 'Brightline Construction GmbH',
    postal: {
      deliverTo: ['Clara Punchout'],
      street: ['Hafenstraße 12'],
      city: 'Hamburg',
      state: null,
      postalCode: '20457',
      countryCode: 'DE',
      country: 'Deutschland',
    },
    email: 'einkauf@brightline.example',
  }

  /** A transferred basket of the cXML user, and the purchase order a procurement system sends for it. */
  async function purchaseOrder(orderId: string): Promise<CxmlOrderRequest> {
    const { sid, token } = await punchOut()
    const session = await call(punchouts(`/cxml1.2/sessions/${sid}`, '-'), { token })
    const added = await call(api.url(`baskets/${session.json.basketId}/items`, EUR), {
      method: 'POST',
      token,
      json: [{ product: skus[1], quantity: { value: 2 } }],
    })
    expect(added.status).toBe(201)
    const transfer = await call(punchouts(`/cxml1.2/transfer?sid=${encodeURIComponent(sid)}`, '-'), {
      method: 'POST',
      token,
    })
    const message = readPunchOutOrderMessage(transfer.json.data)
    return {
      payloadId: `${orderId}@procurement.example`,
      timestamp: '2026-11-30T11:53:20+01:00',
      lang: 'de-DE',
      header: {
        from: message.header!.to,
        to: message.header!.from,
        sender: [{ domain: 'NetworkID', identity: 'brightline-cxml', sharedSecret: DEMO_PASSWORD }],
        userAgent: 'Procurement Suite 2026.4',
      },
      deploymentMode: 'production',
      orderId,
      orderDate: '2026-11-30T11:53:20+01:00',
      type: 'new',
      total: message.basket.total!,
      shipTo: address,
      billTo: address,
      shipping: null,
      tax: null,
      supplierOrderId: message.basket.basketId,
      comments: 'Bitte an Tor 3 liefern.',
      extrinsics: [],
      items: message.basket.lines.map((line) => ({
        lineNumber: line.position,
        quantity: line.quantity,
        supplierPartId: line.sku,
        supplierPartAuxiliaryId: line.lineId,
        unitPrice: line.unitPrice!,
        description: line.name,
        unit: line.unit,
        unspsc: line.unspsc,
        requestedDeliveryDate: null,
      })),
    }
  }

  const order = (body: string, customer = A) => postXml(punchouts('/cxml1.2/orderrequest', customer), body)

  it('becomes an order of the punchout user, seen by the company; the same one again answers the same order', async () => {
    const request = await purchaseOrder('PO-2026-004711')
    const placed = await order(writeOrderRequest(request))
    expect(placed.status).toBe(200)
    const status = cxmlOf(placed).status
    expect(status.code).toBe(200)
    const documentNumber = status.message!
    expect(documentNumber).toMatch(/\S/)
    const again = await order(writeOrderRequest({ ...request, payloadId: 'again@procurement.example' }))
    expect([again.status, cxmlOf(again).status.message]).toEqual([200, documentNumber])
    const cxmlToken = await userToken(api, 'brightline-cxml')
    const own = await call(api.url('orders', EUR), { token: cxmlToken })
    const mine = own.json.data.find((o: any) => o.documentNumber === documentNumber)
    expect(mine).toMatchObject({ externalOrderReference: 'PO-2026-004711' })
    expect(own.json.data.filter((o: any) => o.documentNumber === documentNumber)).toHaveLength(1)
    const company = await call(api.url('orders?allBuyers=true', EUR), { token: tokens.jlink })
    expect(company.json.data.map((o: any) => o.documentNumber)).toContain(documentNumber)
    const another = await order(writeOrderRequest({ ...request, orderId: 'PO-2026-004712' }))
    expect([another.status, cxmlOf(another).status.code]).toEqual([409, 409])
  })

  it('answers a purchase order that does not fit with its cXML Status and HTTP status', async () => {
    const request = await purchaseOrder('PO-2026-005000')
    const cases: [CxmlOrderRequest, number, number][] = [
      [
        {
          ...request,
          header: { ...request.header, sender: [{ ...request.header.sender[0]!, sharedSecret: 'x' }] },
        },
        401,
        401,
      ],
      [{ ...request, supplierOrderId: '00000000-0000-4000-8000-000000000000' }, 404, 417],
      [
        {
          ...request,
          items: request.items.map((item) => ({
            ...item,
            unitPrice: { ...item.unitPrice, amount: item.unitPrice.amount + 1 },
          })),
        },
        422,
        417,
      ],
      [{ ...request, type: 'update' }, 400, 450],
    ]
    for (const [body, http, code] of cases) {
      const refused = await order(writeOrderRequest(body))
      expect([refused.status, cxmlOf(refused).status.code]).toEqual([http, code])
    }
    const malformed = await order('<cXML><Request><OrderRequest>')
    expect([malformed.status, cxmlOf(malformed).status.code]).toEqual([400, 400])
    const placed = await order(writeOrderRequest(request))
    expect([placed.status, cxmlOf(placed).status.code]).toEqual([200, 200])
  })
})

describe('OCI’s validation and background search', () => {
  const get = (rest: string, login = 'brightline-oci') =>
    call(punchouts(`/oci5/${rest}`), { token: tokens[login], headers: { accept: V2 } })
  const value = (answer: Awaited<ReturnType<typeof call>>, name: string) =>
    answer.json.data.find((field: any) => field.name === name)?.value

  it('VALIDATE: the product’s fields at the quantity (default 1), no basket touched', async () => {
    const one = await get(`validate?productId=${skus[0]}`)
    expect(one.status).toBe(200)
    expect(value(one, 'NEW_ITEM-EXT_PRODUCT_ID[1]')).toBe(skus[0])
    expect(value(one, 'NEW_ITEM-QUANTITY[1]')).toBe('1.000')
    expect(one.json.problems).toEqual(expect.any(Array))
    const four = await get(`validate?productId=${skus[0]}&quantity=4`)
    expect(value(four, 'NEW_ITEM-QUANTITY[1]')).toBe('4.000')
    expect(value(four, 'NEW_ITEM-PRICE[1]')).toBe(value(one, 'NEW_ITEM-PRICE[1]'))
    for (const [query, status] of [
      [`productId=${skus[0]}&quantity=0`, 400],
      [`productId=${skus[0]}&quantity=abc`, 400],
      [`productId=${skus[0]}&quantity=1.5`, 400],
      ['quantity=1', 400],
      ['productId=NO-SUCH-SKU', 404],
    ] as const)
      expect((await get(`validate?${query}`)).status, query).toBe(status)
  })

  it('BACKGROUND_SEARCH: the fields of what the search finds; an empty string is refused', async () => {
    const product = await call(api.url(`products/${skus[1]}`, EUR))
    const word = String(product.json.productName).split(/\s+/)[0]!
    const found = await get(`background-search?searchString=${encodeURIComponent(word)}`)
    expect(found.status).toBe(200)
    const ids = found.json.data.filter((field: any) => field.name.startsWith('NEW_ITEM-EXT_PRODUCT_ID['))
    expect(ids.length).toBeGreaterThan(0)
    expect(ids.length).toBeLessThanOrEqual(20)
    for (const query of ['searchString=', 'searchString=%20%20', ''])
      expect((await get(`background-search?${query}`)).status, query).toBe(400)
  })

  it('is the OCI user’s: others are refused', async () => {
    for (const login of ['brightline-ids', 'jlink'])
      expect((await get(`validate?productId=${skus[0]}`, login)).status, login).toBe(403)
    expect((await get(`background-search?searchString=a`, 'mkestrel')).status).toBe(404)
    expect(
      (await call(punchouts(`/oci5/validate?productId=${skus[0]}`, B), { token: tokens['brightline-oci'] }))
        .status,
    ).toBe(404)
    expect((await call(punchouts(`/oci5/validate?productId=${skus[0]}`))).status).toBe(401)
  })
})
