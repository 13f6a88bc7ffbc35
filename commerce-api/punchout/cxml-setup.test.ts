import { describe, expect, it } from 'vitest'
import { dtdViolations } from '../../tests/fixtures/punchout/content-models'
import { fixture, formatRefusal } from '../../tests/fixtures/punchout/fixture'
import {
  CXML_STATUS,
  MAX_BUYER_COOKIE_LENGTH,
  cxmlStamp,
  cxmlStatusOf,
  readCxmlResponse,
  readPunchOutSetupRequest,
  writeCxmlStatusResponse,
  writePunchOutSetupRequest,
  writePunchOutSetupResponse,
  type CxmlSetupRequest,
} from './cxml'
import { PUNCHOUT_LIMITS, PunchoutFormatError } from './format-common'

const create = fixture('cxml/setup-request-create.xml')
const edit = fixture('cxml/setup-request-edit.xml')

const refusal = (input: string) => formatRefusal(() => readPunchOutSetupRequest(input))

describe('readPunchOutSetupRequest', () => {
  it('reads every part of a create request as a procurement system sends it', () => {
    expect(readPunchOutSetupRequest(create)).toEqual({
      payloadId: '1764452485123.4711.83421@procure.brightline.example',
      timestamp: '2026-11-29T22:41:25+01:00',
      lang: 'en-US',
      header: {
        from: [
          { domain: 'NetworkID', identity: 'AN01000002792', sharedSecret: null },
          { domain: 'DUNS', identity: '316049513', sharedSecret: null },
        ],
        to: [{ domain: 'DUNS', identity: 'ironbridge-supply', sharedSecret: null }],
        sender: [{ domain: 'NetworkID', identity: 'AN01000002792', sharedSecret: 's3cr3t & <salty>' }],
        userAgent: 'Procurement Suite 2026.4',
      },
      deploymentMode: 'test',
      operation: 'create',
      buyerCookie: 'c0ffee-1764452485-REQ-88123',
      extrinsics: [
        { name: 'UserEmail', value: 'ines.vogel@brightline.example' },
        { name: 'UniqueName', value: 'ivogel' },
        { name: 'CostCenter', value: '4711 Werkstatt' },
      ],
      browserFormPostUrl: 'https://procure.brightline.example/punchout/return?session=88123&step=2',
      supplierSetupUrl: 'https://shop.ironbridge.example/punchout/cxml/setup',
      contacts: [{ role: 'endUser', name: 'Ines Vogel', email: 'ines.vogel@brightline.example' }],
      shipTo: {
        addressId: 'BL-WH-01',
        name: 'Brightline GmbH, Lager Nord',
        postal: {
          deliverTo: ['Ines Vogel', 'Wareneingang Tor 3'],
          street: ['Hafenstraße 12'],
          city: 'Hamburg',
          state: null,
          postalCode: '20457',
          countryCode: 'DE',
          country: 'Deutschland',
        },
        email: null,
      },
      selectedItem: { supplierPartId: '1000042', supplierPartAuxiliaryId: null },
      items: [],
    } satisfies CxmlSetupRequest)
  })

  it('reads the lines of an edit session to put back into the basket, ItemDetail or not', () => {
    const request = readPunchOutSetupRequest(edit)
    expect(request.operation).toBe('edit')
    expect(request.deploymentMode).toBe('production')
    expect(request.header.sender[0]?.sharedSecret).toBe('welcome-2026')
    expect(request.items).toEqual([
      {
        lineNumber: 1,
        quantity: 2,
        supplierPartId: '1000042',
        supplierPartAuxiliaryId: 'b7a3c9e2-41d0-4f6a-9c55-0e2d7a1f8b01',
      },
      {
        lineNumber: 2,
        quantity: 5,
        supplierPartId: '1000317',
        supplierPartAuxiliaryId: 'b7a3c9e2-41d0-4f6a-9c55-0e2d7a1f8b02',
      },
    ])
    expect(request.selectedItem).toBeNull()
    expect(request.shipTo).toBeNull()
  })

  it('refuses a request without what the session needs, naming what is missing', () => {
    expect(refusal(create.replace(/<BrowserFormPost>[\s\S]*?<\/BrowserFormPost>/, ''))).toEqual({
      code: 'punchout.format.missing',
      message: 'PunchOutSetupRequest/BrowserFormPost is missing',
    })
    expect(
      refusal(create.replace(/<BuyerCookie>.*<\/BuyerCookie>/, '<BuyerCookie> </BuyerCookie>')).code,
    ).toBe('punchout.format.missing')
    expect(refusal(create.replace(' operation="create"', '')).code).toBe('punchout.format.missing')
    expect(refusal(create.replace(/<From>[\s\S]*?<\/From>/, '<From></From>')).message).toBe(
      'Header/From/Credential is missing',
    )
    expect(
      refusal(create.replace(' payloadID="1764452485123.4711.83421@procure.brightline.example"', '')).code,
    ).toBe('punchout.format.missing')
  })

  it('refuses a return URL a form must not be posted to', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/relative/path', 'ftp://x.example/'])
      expect(refusal(create.replace(/<URL>https:\/\/procure[^<]*<\/URL>/, `<URL>${url}</URL>`)), url).toEqual(
        {
          code: 'punchout.format.invalid',
          message: 'PunchOutSetupRequest/BrowserFormPost/URL is no absolute http(s) URL',
        },
      )
  })

  it('answers operation "source" as not implemented (450) and unknown operations as bad requests', () => {
    const source = refusal(create.replace('operation="create"', 'operation="source"'))
    expect(source.code).toBe('punchout.format.unsupported')
    expect(cxmlStatusOf(new PunchoutFormatError(source.code, source.message))).toEqual({
      code: 450,
      text: 'Not Implemented',
      message: 'PunchOutSetupRequest: operation "source" is not offered',
    })
    expect(refusal(create.replace('operation="create"', 'operation="delete"')).code).toBe(
      'punchout.format.invalid',
    )
    expect(refusal(create.replace('deploymentMode="test"', 'deploymentMode="staging"')).code).toBe(
      'punchout.format.invalid',
    )
  })

  it('refuses quantities that are no positive number and line numbers that are none', () => {
    for (const quantity of ['0', '-1', 'abc', '1e3', ''])
      expect(refusal(edit.replace('quantity="2"', `quantity="${quantity}"`)).code, quantity).toMatch(
        /^punchout\.format\.(invalid|missing)$/,
      )
    expect(refusal(edit.replace('lineNumber="1"', 'lineNumber="first"')).code).toBe('punchout.format.invalid')
  })

  it('refuses another cXML document, a BuyerCookie holding markup, and bounds cookie and lines', () => {
    expect(refusal(fixture('cxml/order-request.xml'))).toEqual({
      code: 'punchout.format.unexpected_document',
      message: 'expected a PunchOutSetupRequest, got OrderRequest',
    })
    expect(refusal('<Envelope/>').code).toBe('punchout.format.unexpected_document')
    expect(refusal(create.replace('c0ffee-1764452485-REQ-88123', '<x>1</x>')).code).toBe(
      'punchout.format.invalid',
    )
    const long = 'c'.repeat(MAX_BUYER_COOKIE_LENGTH + 1)
    expect(refusal(create.replace('c0ffee-1764452485-REQ-88123', long)).code).toBe(
      'punchout.format.too_large',
    )
    const line = edit.match(/<ItemOut quantity="5"[\s\S]*?<\/ItemOut>/)![0]
    const small = '<ItemOut quantity="1"><ItemID><SupplierPartID>1</SupplierPartID></ItemID></ItemOut>'
    expect(refusal(edit.replace(line, small.repeat(PUNCHOUT_LIMITS.maxLines)))).toEqual({
      code: 'punchout.format.too_large',
      message: 'PunchOutSetupRequest/ItemOut lines: more than 1000',
    })
    expect(
      readPunchOutSetupRequest(edit.replace(line, small.repeat(PUNCHOUT_LIMITS.maxLines - 1))).items,
    ).toHaveLength(PUNCHOUT_LIMITS.maxLines)
  })

  it('refuses entity declarations in a setup request (no XXE through the punchout endpoint)', () => {
    const xxe = create.replace(
      /<!DOCTYPE[^>]*>/,
      '<!DOCTYPE cXML [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
    )
    expect(refusal(xxe.replace('c0ffee-1764452485-REQ-88123', '&secret;')).code).toBe(
      'punchout.format.doctype',
    )
  })
})

const sandboxRequest: CxmlSetupRequest = {
  ...readPunchOutSetupRequest(create),
  buyerCookie: `cookie <with> "markup" & 'quotes'`,
  extrinsics: [{ name: 'Note', value: '</Extrinsic><Injected>1</Injected>' }],
  items: [{ lineNumber: 1, quantity: 3, supplierPartId: '1000042', supplierPartAuxiliaryId: 'a&b<c>' }],
  operation: 'edit',
}

describe('writePunchOutSetupRequest', () => {
  it('writes a request that reads back to the same values, hostile text included', () => {
    const xml = writePunchOutSetupRequest(sandboxRequest)
    expect(xml).not.toContain('<Injected>')
    expect(readPunchOutSetupRequest(xml)).toEqual(sandboxRequest)
  })

  it('writes the elements in the order of the cXML DTD', () => {
    expect(dtdViolations(writePunchOutSetupRequest(sandboxRequest))).toEqual([])
    expect(dtdViolations(create)).toEqual([])
    expect(dtdViolations('<cXML payloadID="x" timestamp="t"><Header><To/><From/></Header></cXML>')).toEqual([
      'cXML/Header: From comes after To',
      'cXML/Header: Sender is missing',
      'cXML/Header/To: Credential is missing',
      'cXML/Header/From: Credential is missing',
    ])
  })

  it('refuses to write values XML cannot carry instead of dropping characters', () => {
    expect(() => writePunchOutSetupRequest({ ...sandboxRequest, buyerCookie: 'a\u0001b' })).toThrow(
      new PunchoutFormatError(
        'punchout.format.invalid',
        'BuyerCookie holds characters XML cannot carry (control characters)',
      ),
    )
  })
})

describe('cXML answers', () => {
  const stamp = {
    payloadId: '1764452486000.abc@shop.ironbridge.example',
    timestamp: '2026-11-29T21:41:26+00:00',
  }

  it('answers a setup request with Status 200 and the one-time start URL', () => {
    const url = 'https://shop.ironbridge.example/en/punchout?sid=7f3a&access-token=x%3Dy&z=<1>'
    const xml = writePunchOutSetupResponse(url, stamp)
    expect(xml).toBe(fixture('cxml/setup-response.xml').trimEnd())
    expect(dtdViolations(xml)).toEqual([])
    expect(readCxmlResponse(xml)).toEqual({
      ...stamp,
      lang: null,
      status: { code: 200, text: 'OK', message: null },
      startPageUrl: url,
    })
  })

  it('answers a refusal with its status code, text and message', () => {
    const xml = writeCxmlStatusResponse(
      { ...CXML_STATUS.unauthorized, message: 'Unknown sender or wrong shared secret' },
      stamp,
    )
    expect(dtdViolations(xml)).toEqual([])
    expect(readCxmlResponse(xml).status).toEqual({
      code: 401,
      text: 'Unauthorized',
      message: 'Unknown sender or wrong shared secret',
    })
    expect(readCxmlResponse(xml).startPageUrl).toBeNull()
  })

  it('stamps each document with a unique payloadID and a zoned timestamp', () => {
    const now = new Date('2026-11-29T21:41:25.123Z')
    const first = cxmlStamp('shop.ironbridge.example', now)
    const second = cxmlStamp('shop.ironbridge.example', now)
    expect(first.timestamp).toBe('2026-11-29T21:41:25+00:00')
    expect(first.payloadId).toMatch(
      new RegExp(`^${now.getTime()}\\.[0-9a-f-]{36}@shop\\.ironbridge\\.example$`),
    )
    expect(second.payloadId).not.toBe(first.payloadId)
  })
})
