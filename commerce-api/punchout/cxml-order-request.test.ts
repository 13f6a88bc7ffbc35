import { describe, expect, it } from 'vitest'
import { dtdViolations } from '../../tests/fixtures/punchout/content-models'
import { fixture, formatRefusal } from '../../tests/fixtures/punchout/fixture'
import { readOrderRequest, writeOrderRequest, type CxmlOrderRequest } from './cxml'
import { PunchoutFormatError } from './format-common'

const order = fixture('cxml/order-request.xml')
const eur = (amount: number) => ({ amount, currency: 'EUR' })

const refusal = (xml: string) => formatRefusal(() => readOrderRequest(xml))

describe('readOrderRequest', () => {
  it('reads the purchase order of a transferred basket', () => {
    expect(readOrderRequest(order)).toEqual({
      payloadId: '1764500000000.99.1@procure.brightline.example',
      timestamp: '2026-11-30T11:53:20+01:00',
      lang: 'de-DE',
      header: {
        from: [{ domain: 'NetworkID', identity: 'AN01000002792', sharedSecret: null }],
        to: [{ domain: 'DUNS', identity: 'ironbridge-supply', sharedSecret: null }],
        sender: [{ domain: 'NetworkID', identity: 'AN01000002792', sharedSecret: 's3cr3t' }],
        userAgent: 'Procurement Suite 2026.4',
      },
      deploymentMode: 'production',
      orderId: 'PO-2026-004711',
      orderDate: '2026-11-30T11:53:20+01:00',
      type: 'new',
      total: eur(41637),
      shipTo: {
        addressId: 'BL-WH-01',
        name: 'Brightline GmbH, Lager Nord',
        postal: {
          deliverTo: ['Wareneingang Tor 3'],
          street: ['Hafenstraße 12'],
          city: 'Hamburg',
          state: null,
          postalCode: '20457',
          countryCode: 'DE',
          country: 'Deutschland',
        },
        email: null,
      },
      billTo: {
        addressId: 'BL-HQ',
        name: 'Brightline GmbH, Buchhaltung',
        postal: {
          deliverTo: [],
          street: ['Am Sandtorkai 1'],
          city: 'Hamburg',
          state: null,
          postalCode: '20457',
          countryCode: 'DE',
          country: 'Deutschland',
        },
        email: 'rechnung@brightline.example',
      },
      shipping: eur(590),
      tax: eur(6554),
      supplierOrderId: '6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5',
      comments: 'Bitte an Tor 3 liefern & vorher anrufen.',
      extrinsics: [{ name: 'CostCenter', value: '4711' }],
      items: [
        {
          lineNumber: 1,
          quantity: 2,
          supplierPartId: '1000042',
          supplierPartAuxiliaryId: 'b7a3c9e2-41d0-4f6a-9c55-0e2d7a1f8b01',
          unitPrice: eur(14999),
          description: 'Akku-Bohrschrauber 18 V',
          unit: 'C62',
          unspsc: '27112700',
          requestedDeliveryDate: '2026-12-04',
        },
        {
          lineNumber: 2,
          quantity: 5,
          supplierPartId: '1000317',
          supplierPartAuxiliaryId: 'b7a3c9e2-41d0-4f6a-9c55-0e2d7a1f8b02',
          unitPrice: eur(899),
          description: 'Spanplattenschrauben 4 × 40 mm, 200 St.',
          unit: 'SET',
          unspsc: '31161500',
          requestedDeliveryDate: null,
        },
      ],
    } satisfies CxmlOrderRequest)
  })

  it('refuses an order it cannot create, naming what is wrong', () => {
    expect(refusal(order.replace(/<BillTo>[\s\S]*?<\/BillTo>/, ''))).toEqual({
      code: 'punchout.format.missing',
      message: 'OrderRequestHeader/BillTo is missing',
    })
    expect(refusal(order.replace(' orderID="PO-2026-004711"', ''))).toEqual({
      code: 'punchout.format.missing',
      message: 'OrderRequestHeader: no orderID',
    })
    expect(refusal(order.replace(/<ItemOut[\s\S]*<\/ItemOut>/, ''))).toEqual({
      code: 'punchout.format.missing',
      message: 'OrderRequest has no ItemOut',
    })
    expect(
      refusal(order.replace('<Money currency="EUR">149.99</Money>', '<Money currency="USD">149.99</Money>')),
    ).toEqual({
      code: 'punchout.format.invalid',
      message: 'ItemOut 1/ItemDetail/UnitPrice is in USD, the Total in EUR',
    })
    expect(
      refusal(order.replace('<Money currency="EUR">149.99</Money>', '<Money currency="EUR">149.999</Money>')),
    ).toEqual({
      code: 'punchout.format.invalid',
      message: 'ItemOut 1/ItemDetail/UnitPrice: "149.999" is no amount in whole cents',
    })
    expect(refusal(order.replace(/<UnitPrice>[\s\S]*?<\/UnitPrice>/, '')).code).toBe(
      'punchout.format.missing',
    )
    expect(refusal(order.replace('quantity="2"', 'quantity="0"')).code).toBe('punchout.format.invalid')
    expect(refusal(order.replace('type="new"', 'type="replace"')).code).toBe('punchout.format.invalid')
    expect(
      refusal(order.replace(/<SharedSecret>.*<\/SharedSecret>/, '').replace(/<Sender>[\s\S]*<\/Sender>/, ''))
        .message,
    ).toBe('Header/Sender is missing')
    expect(refusal(fixture('cxml/setup-request-create.xml')).code).toBe('punchout.format.unexpected_document')
  })
})

describe('writeOrderRequest', () => {
  it('writes an order (the sandbox) that reads back to the same values, in DTD order', () => {
    const read = readOrderRequest(order)
    const hostile: CxmlOrderRequest = {
      ...read,
      comments: '<b>bold</b> & "quoted"',
      orderId: `PO<1>&"2"`,
      shipTo: null,
      shipping: null,
    }
    for (const value of [read, hostile]) {
      const xml = writeOrderRequest(value)
      expect(dtdViolations(xml)).toEqual([])
      expect(readOrderRequest(xml)).toEqual(value)
    }
  })

  it('refuses to write a value XML cannot carry', () => {
    expect(() => writeOrderRequest({ ...readOrderRequest(order), comments: 'a\u0008b' })).toThrow(
      new PunchoutFormatError(
        'punchout.format.invalid',
        'Comments holds characters XML cannot carry (control characters)',
      ),
    )
  })
})
