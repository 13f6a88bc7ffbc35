import { describe, expect, it } from 'vitest'
import {
  HOSTILE,
  demoBasket,
  drill,
  hostileBasket,
  receivedInFull,
  screws,
} from '../../tests/fixtures/punchout/baskets'
import { dtdViolations } from '../../tests/fixtures/punchout/content-models'
import { canonical, fixture } from '../../tests/fixtures/punchout/fixture'
import {
  readPunchOutOrderMessage,
  readPunchOutOrderMessageForm,
  writePunchOutOrderMessage,
  type CxmlPunchOutSession,
} from './cxml'
import { PUNCHOUT_LIMITS, PunchoutFormatError } from './format-common'
import type { TransferBasket } from './transfer-basket'

const session: CxmlPunchOutSession = {
  buyerCookie: 'c0ffee-1764452485-REQ-88123',
  buyer: [
    { domain: 'NetworkID', identity: 'AN01000002792', sharedSecret: null },
    { domain: 'DUNS', identity: '316049513', sharedSecret: null },
  ],
  supplier: [{ domain: 'DUNS', identity: 'ironbridge-supply', sharedSecret: 'never-shown' }],
  deploymentMode: 'test',
  operationAllowed: 'edit',
}
const stamp = {
  payloadId: '1764452600000.5b0e@shop.ironbridge.example',
  timestamp: '2026-11-29T21:43:20+00:00',
}
const labels = { tax: 'MwSt. (geschätzt)', shipping: 'Versand (geschätzt)' }
const write = (basket: TransferBasket, options = { labels }) =>
  writePunchOutOrderMessage(basket, session, stamp, options)
const demo = write(demoBasket).xml

const problemsOf = (xml: string) => readPunchOutOrderMessage(xml).problems

describe('writePunchOutOrderMessage', () => {
  it('writes the basket as the fixture shows it: cookie, header estimates, every ItemIn field', () => {
    const { xml, problems } = write(demoBasket)
    expect(problems).toEqual([])
    expect(canonical(xml)).toEqual(canonical(fixture('cxml/punchout-order-message.xml')))
  })

  it('writes the elements in the order of the cXML DTD', () => {
    expect(dtdViolations(demo)).toEqual([])
    expect(dtdViolations(write(hostileBasket).xml)).toEqual([])
  })

  it('never puts a shared secret into a document that passes through the browser', () => {
    expect(demo).not.toContain('SharedSecret')
    expect(demo).not.toContain('never-shown')
  })

  it('reads back to the basket it was written from (round trip)', () => {
    const read = readPunchOutOrderMessage(demo)
    expect(read.problems).toEqual([])
    expect(read.basket).toEqual(receivedInFull(demoBasket))
    expect(read).toMatchObject({
      buyerCookie: session.buyerCookie,
      operationAllowed: 'edit',
      deploymentMode: 'test',
    })
    expect(read.header?.to).toEqual(session.buyer)
  })

  it('escapes hostile text, and leaves out (and reports) the control characters XML cannot carry', () => {
    const { xml, problems } = write(hostileBasket)
    expect(xml).not.toContain('<script>')
    expect(problems).toEqual([{ position: 1, sku: '1000042', field: 'Description', reason: 'not-xml-text' }])
    const line = readPunchOutOrderMessage(xml).basket.lines[0]
    expect(line?.name).toBe(HOSTILE)
    expect(line?.description).toBe(`Zeile 1\nZeile 2 ${HOSTILE} GlockeNull`)
    expect(line?.manufacturer).toBe('Brightline "Tools" & Söhne <GmbH>')
  })

  it('reports lines the procurement system would see differently, and writes them whole', () => {
    const odd = { ...screws, unspsc: '', lineTotal: { amount: 4490, currency: 'EUR' } }
    const { xml, problems } = write({ ...demoBasket, lines: [drill, odd] })
    expect(problems).toEqual([
      { position: 2, sku: '1000317', field: 'Classification', reason: 'missing' },
      { position: 2, sku: '1000317', field: 'lineTotal', reason: 'line-total' },
    ])
    expect(readPunchOutOrderMessage(xml).basket.lines.map((line) => line.sku)).toEqual(['1000042', '1000317'])
  })

  it('writes an empty basket (the user cancelled) with its totals', () => {
    const empty = {
      ...demoBasket,
      lines: [],
      subtotal: { amount: 0, currency: 'EUR' },
      tax: { amount: 0, currency: 'EUR' },
      shipping: { amount: 0, currency: 'EUR' },
      total: { amount: 0, currency: 'EUR' },
    }
    const read = readPunchOutOrderMessage(write(empty).xml)
    expect(read.basket.lines).toEqual([])
    expect(read.problems).toEqual([])
  })
})

describe('readPunchOutOrderMessage', () => {
  it('lists what breaks the format instead of refusing the message', () => {
    expect(problemsOf(demo.replace('<SupplierPartID>1000042</SupplierPartID>', ''))).toEqual([
      { position: 1, field: 'SupplierPartID', code: 'missing', message: 'ItemID/SupplierPartID is missing' },
    ])
    expect(
      problemsOf(
        demo.replace('<Money currency="EUR">437.60</Money>', '<Money currency="EUR">437.61</Money>'),
      ),
    ).toEqual([
      {
        position: null,
        field: 'Total',
        code: 'total-mismatch',
        message: 'Total 437.61 is not lines + tax + shipping = 437.60',
      },
    ])
    expect(
      problemsOf(demo.replace('<Money currency="EUR">8.99</Money>', '<Money currency="USD">8.99</Money>')),
    ).toContainEqual({
      position: 2,
      field: 'UnitPrice',
      code: 'currency-mismatch',
      message: 'UnitPrice is in USD, the Total in EUR',
    })
    expect(problemsOf(demo.replace('lineNumber="2"', 'lineNumber="7"'))).toEqual([
      { position: 7, field: 'lineNumber', code: 'not-sequential', message: 'line 2 has lineNumber 7' },
    ])
    expect(problemsOf(demo.replace('<UnitOfMeasure>SET</UnitOfMeasure>', ''))).toEqual([
      { position: 2, field: 'UnitOfMeasure', code: 'missing', message: 'ItemDetail has no UnitOfMeasure' },
    ])
    expect(
      problemsOf(
        demo.replace('<Money currency="EUR">149.99</Money>', '<Money currency="EUR">149,99</Money>'),
      )[0],
    ).toMatchObject({
      position: 1,
      field: 'UnitPrice',
      code: 'not-a-number',
    })
    expect(problemsOf(demo.replace('quantity="5"', 'quantity="five"'))[0]).toMatchObject({
      position: 2,
      field: 'quantity',
      code: 'not-a-number',
    })
    expect(problemsOf(demo.replace(' operationAllowed="edit"', ''))).toEqual([
      {
        position: null,
        field: 'operationAllowed',
        code: 'missing',
        message: 'operationAllowed "" is none of create, edit, inspect',
      },
    ])
    expect(
      problemsOf(demo.replace(/<Classification domain="UNSPSC">31161500<\/Classification>/, '')),
    ).toEqual([
      { position: 2, field: 'Classification', code: 'missing', message: 'ItemDetail has no Classification' },
    ])
  })

  it('flags a shared secret a supplier exposed to the browser', () => {
    const leaky = demo.replace(
      '<Identity>ironbridge-supply</Identity></Credential></From>',
      '<Identity>ironbridge-supply</Identity><SharedSecret>oops</SharedSecret></Credential></From>',
    )
    expect(problemsOf(leaky)).toEqual([
      {
        position: null,
        field: 'SharedSecret',
        code: 'invalid',
        message: 'the Header holds a SharedSecret, which the browser would see',
      },
    ])
  })

  it('refuses only what it cannot read at all', () => {
    const code = (xml: string) => {
      try {
        readPunchOutOrderMessage(xml)
      } catch (error) {
        if (error instanceof PunchoutFormatError) return error.code
      }
      return 'read'
    }
    expect(code(demo.replace(/<BuyerCookie>.*<\/BuyerCookie>/, ''))).toBe('punchout.format.missing')
    expect(code(fixture('cxml/setup-request-create.xml'))).toBe('punchout.format.unexpected_document')
    const item = demo.match(/<ItemIn quantity="5"[\s\S]*?<\/ItemIn>/)![0]
    const small = '<ItemIn quantity="1"><ItemID><SupplierPartID>1</SupplierPartID></ItemID></ItemIn>'
    expect(() =>
      readPunchOutOrderMessage(demo.replace(item, small.repeat(PUNCHOUT_LIMITS.maxLines))),
    ).toThrow(
      new PunchoutFormatError(
        'punchout.format.too_large',
        'PunchOutOrderMessage/ItemIn lines: more than 1000',
      ),
    )
  })
})

describe('readPunchOutOrderMessageForm', () => {
  it('reads the message from cXML-urlencoded or cxml-base64, field names in any case', () => {
    const expected = readPunchOutOrderMessage(demo)
    expect(readPunchOutOrderMessageForm({ 'cXML-urlencoded': demo })).toEqual(expected)
    expect(readPunchOutOrderMessageForm({ 'CXML-BASE64': Buffer.from(demo).toString('base64') })).toEqual(
      expected,
    )
  })

  it('refuses a form without the message or with base64 that is none', () => {
    expect(() => readPunchOutOrderMessageForm({ other: 'x' })).toThrow(
      new PunchoutFormatError(
        'punchout.format.missing',
        'the form has neither a cXML-urlencoded nor a cxml-base64 field',
      ),
    )
    expect(() => readPunchOutOrderMessageForm({ 'cxml-base64': '<cXML/>' })).toThrow(
      new PunchoutFormatError('punchout.format.malformed', 'cxml-base64 is no base64 text'),
    )
  })
})
