import { describe, expect, it } from 'vitest'
import { HOSTILE, demoBasket, drill, hostileBasket, screws } from '../../tests/fixtures/punchout/baskets'
import { idsSchemaViolations } from '../../tests/fixtures/punchout/content-models'
import { canonical, fixture, formatRefusal } from '../../tests/fixtures/punchout/fixture'
import { PUNCHOUT_LIMITS, PunchoutFormatError } from './format-common'
import {
  IDS_NAMESPACE,
  readIdsCart,
  readIdsReturnCart,
  writeIdsCart,
  writeIdsReturnCart,
  type IdsCart,
} from './ids'
import type { TransferBasket } from './transfer-basket'

const wks = fixture('ids/warenkorb-wks.xml')
const now = new Date('2026-11-29T21:41:25Z')
const writeReturn = (basket: TransferBasket, withOrder = false) =>
  writeIdsReturnCart(basket, { now, withOrder })
const demo = writeReturn(demoBasket).xml

const refusal = formatRefusal

describe('readIdsCart (WKS)', () => {
  it('reads the items by ArtNo with Qty and QU, in the order the software sent them (fixture)', () => {
    expect(readIdsCart(wks)).toEqual({
      date: '2026-11-30',
      time: '07:45:12',
      version: '2.5',
      modeOfShipment: 'Abholung',
      currency: 'EUR',
      commission: 'BV Hafenstraße 12 – Elektro 2. OG',
      items: [
        {
          position: 1,
          artNo: '1000520',
          quantity: 25,
          unit: 'MTR',
          ean: null,
          shortText: 'NYM-J 3x1,5 grau',
          longText: '',
        },
        {
          position: 2,
          artNo: '1000042',
          quantity: 2,
          unit: 'PCE',
          ean: '4006381333931',
          shortText: '',
          longText: '',
        },
        {
          position: 3,
          artNo: '1000317',
          quantity: 5,
          unit: 'SET',
          ean: null,
          shortText: 'Spanplattenschrauben 4x40',
          longText: 'Senkkopf, Torx,\nverzinkt',
        },
      ],
      problems: [],
    } satisfies IdsCart)
  })

  it('refuses a cart without items with the key of spec §5', () => {
    expect(refusal(() => readIdsCart(fixture('ids/warenkorb-wks-empty.xml')))).toEqual({
      code: 'custom.punchout.error.missing.parameter.warenkorb',
      message: 'the warenkorb holds no OrderItem',
    })
  })

  it('keeps line numbers: an item it cannot use is listed as a problem at its position, never dropped silently', () => {
    const cart = readIdsCart(
      wks
        .replace('<ArtNo>1000042</ArtNo>', '')
        .replace('<Qty>5.00</Qty>', '<Qty>5,5</Qty>')
        .replace('<ArtNo>1000520</ArtNo>', '<ArtNo>1000520-ABCDEFGHI</ArtNo>')
        .replace('<QU>MTR</QU>', '<QU>Meter</QU>'),
    )
    expect(cart.items.map((item) => [item.position, item.artNo])).toEqual([[1, '1000520-ABCDEFGHI']])
    expect(cart.problems).toEqual([
      { position: 1, field: 'ArtNo', code: 'too-long', message: 'ArtNo has 17 characters, IDS keeps 15' },
      { position: 1, field: 'QU', code: 'unknown-code', message: 'QU "Meter" is no unit code' },
      { position: 2, field: 'ArtNo', code: 'missing', message: 'the item has no ArtNo' },
      { position: 3, field: 'Qty', code: 'not-a-number', message: 'Qty "5,5" is no positive number (13,2)' },
    ])
  })

  it('reads quantities with up to 2 decimals exactly, and refuses 0 or 3 decimals', () => {
    const qty = (text: string) => readIdsCart(wks.replace('<Qty>25.00</Qty>', `<Qty>${text}</Qty>`))
    expect(qty('12.5').items[0]?.quantity).toBe(12.5)
    expect(qty('0.07').items[0]?.quantity).toBe(0.07)
    for (const bad of ['0', '0.00', '1.005', '-1', '123456789012'])
      expect(qty(bad).problems[0], bad).toMatchObject({ position: 1, field: 'Qty', code: 'not-a-number' })
  })

  it('refuses what is no IDS cart and bounds the number of items', () => {
    expect(refusal(() => readIdsCart('<Basket/>')).code).toBe('punchout.format.unexpected_document')
    expect(refusal(() => readIdsCart(wks.replace(IDS_NAMESPACE, 'urn:other'))).code).toBe(
      'punchout.format.unexpected_document',
    )
    expect(refusal(() => readIdsCart('not xml')).code).toBe('punchout.format.malformed')
    expect(refusal(() => readIdsCart('<!DOCTYPE Warenkorb [<!ENTITY x "y">]><Warenkorb/>')).code).toBe(
      'punchout.format.doctype',
    )
    const item = '<OrderItem><ArtNo>1</ArtNo><Qty>1</Qty><QU>PCE</QU></OrderItem>'
    const many = wks.replace('</OrderInfo>', `</OrderInfo>${item.repeat(PUNCHOUT_LIMITS.maxLines)}`)
    expect(refusal(() => readIdsCart(many))).toEqual({
      code: 'punchout.format.too_large',
      message: 'warenkorb OrderItem lines: more than 1000',
    })
  })

  it('names a missing namespace and missing cart info without refusing the items', () => {
    const bare = readIdsCart(
      wks.replace(` xmlns="${IDS_NAMESPACE}"`, '').replace('<Version>2.5</Version>', ''),
    )
    expect(bare.items).toHaveLength(3)
    expect(bare.problems).toEqual([
      { position: null, field: 'Warenkorb', code: 'missing', message: `no namespace ${IDS_NAMESPACE}` },
      {
        position: null,
        field: 'WarenkorbInfo/Version',
        code: 'missing',
        message: 'WarenkorbInfo has no Version',
      },
    ])
  })
})

describe('writeIdsCart (WKS, sandbox)', () => {
  it('writes a cart that reads back to the same items, hostile text included', () => {
    const cart = readIdsCart(wks)
    const hostile = {
      ...cart,
      commission: HOSTILE,
      items: [{ ...cart.items[0]!, shortText: HOSTILE, longText: 'a\nb & <c>' }],
    }
    for (const value of [cart, hostile]) {
      const xml = writeIdsCart(value)
      expect(idsSchemaViolations(xml)).toEqual([])
      expect(readIdsCart(xml)).toEqual(value)
    }
  })

  it('refuses to write control characters', () => {
    const cart = readIdsCart(wks)
    expect(() => writeIdsCart({ ...cart, commission: 'a\u0002b' })).toThrow(
      new PunchoutFormatError(
        'punchout.format.invalid',
        'Kommission holds characters XML cannot carry (control characters)',
      ),
    )
  })
})

describe('writeIdsReturnCart (WKE)', () => {
  it('writes the basket as the fixture shows it: line order kept, NetPrice the line total with 4 decimals', () => {
    const { xml, problems } = writeReturn(demoBasket)
    expect(problems).toEqual([])
    expect(canonical(xml)).toEqual(canonical(fixture('ids/warenkorb-wke.xml')))
    expect(idsSchemaViolations(xml)).toEqual([])
  })

  it('keeps the basket order of lines whatever order they come in', () => {
    const shuffled = { ...demoBasket, lines: [...demoBasket.lines].reverse() }
    expect(writeReturn(shuffled).xml).toBe(demo)
  })

  it('writes the packing units box, bag, pair and roll as QU BX, BG, PR and RO', () => {
    const units = ['BX', 'BG', 'PR', 'RO'] as const
    const lines = units.map((unit, index) => ({ ...drill, unit, position: index + 1 }))
    const read = readIdsReturnCart(writeReturn({ ...demoBasket, lines }).xml)
    expect(read.basket.lines.map((line) => line.unit)).toEqual([...units])
    expect(read.problems).toEqual([])
  })

  it('says whether the cart comes back for review or as an order, and writes the German date and time', () => {
    const read = readIdsReturnCart(writeReturn(demoBasket, true).xml)
    expect(read.returnKind).toBe('Warenkorbrückgabe mit Bestellung')
    expect(readIdsReturnCart(demo).returnKind).toBe('Warenkorbrückgabe')
    expect([read.date, read.time]).toEqual(['2026-11-29', '22:41:25'])
    const summer = readIdsReturnCart(
      writeIdsReturnCart(demoBasket, { now: new Date('2026-07-01T22:30:00Z') }).xml,
    )
    expect([summer.date, summer.time]).toEqual(['2026-07-02', '00:30:00'])
  })

  it('reports an ArtNo over 15 or a Kurztext over 100 characters and writes them whole', () => {
    const long = { ...drill, sku: '1000042-VARIANT1', name: 'x'.repeat(101) }
    const { xml, problems } = writeReturn({ ...demoBasket, lines: [long] })
    expect(problems).toEqual([
      { position: 1, sku: '1000042-VARIANT1', field: 'ArtNo', reason: 'too-long' },
      { position: 1, sku: '1000042-VARIANT1', field: 'Kurztext', reason: 'too-long' },
    ])
    const line = readIdsReturnCart(xml).basket.lines[0]
    expect([line?.sku, line?.name]).toEqual(['1000042-VARIANT1', 'x'.repeat(101)])
    expect(
      writeReturn({ ...demoBasket, lines: [{ ...drill, sku: '1'.repeat(15), name: 'y'.repeat(100) }] })
        .problems,
    ).toEqual([])
  })

  it('escapes hostile text and leaves out (and reports) control characters', () => {
    const { xml, problems } = writeReturn(hostileBasket)
    expect(xml).not.toContain('<script>')
    expect(problems).toEqual([{ position: 1, sku: '1000042', field: 'Langtext', reason: 'not-xml-text' }])
    const line = readIdsReturnCart(xml).basket.lines[0]
    expect(line?.name).toBe(HOSTILE)
    expect(line?.description).toBe(`Zeile 1\nZeile 2 ${HOSTILE} GlockeNull`)
  })
})

describe('readIdsReturnCart (WKE, sandbox)', () => {
  it('reads back the basket the shop wrote (round trip)', () => {
    const read = readIdsReturnCart(demo)
    expect(read.problems).toEqual([])
    expect(read.modeOfShipment).toBe('Lieferung')
    expect(read.basket).toEqual({
      basketId: null,
      currency: 'EUR',
      locale: null,
      lines: demoBasket.lines.map((line) => ({
        ...line,
        lineId: null,
        unit: line.unit === 'C62' ? 'PCE' : line.unit,
        manufacturer: null,
        manufacturerPartId: null,
        unspsc: null,
        leadTimeDays: null,
      })),
      subtotal: demoBasket.subtotal,
      tax: null,
      shipping: null,
      total: null,
    })
  })

  it('lists every way a return cart breaks IDS 2.5', () => {
    const problems = (xml: string) => readIdsReturnCart(xml).problems
    expect(problems(demo.replace('<RueckgabeKZ>Warenkorbrückgabe</RueckgabeKZ>', ''))).toEqual([
      {
        position: null,
        field: 'WarenkorbInfo/RueckgabeKZ',
        code: 'missing',
        message: 'RueckgabeKZ "" is no return kind',
      },
    ])
    expect(
      problems(
        demo.replace('<ModeOfShipment>Lieferung</ModeOfShipment>', '<ModeOfShipment>Post</ModeOfShipment>'),
      ),
    ).toEqual([
      {
        position: null,
        field: 'OrderInfo/ModeOfShipment',
        code: 'invalid',
        message: 'ModeOfShipment "Post" is neither Lieferung nor Abholung',
      },
    ])
    expect(problems(demo.replace('<Cur>EUR</Cur>', ''))[0]).toMatchObject({
      field: 'OrderInfo/Cur',
      code: 'missing',
    })
    expect(problems(demo.replace('<NetPrice>44.9500</NetPrice>', '<NetPrice>44.95</NetPrice>'))).toEqual([
      {
        position: 2,
        field: 'NetPrice',
        code: 'not-a-number',
        message: 'NetPrice "44.95" is no amount with 4 decimals',
      },
    ])
    expect(problems(demo.replace('<NetPrice>44.9500</NetPrice>', '<NetPrice>44.9550</NetPrice>'))).toEqual([
      {
        position: 2,
        field: 'NetPrice',
        code: 'invalid',
        message: 'NetPrice 44.9550 is no amount in whole cents',
      },
    ])
    expect(problems(demo.replace('<Date>2026-11-29</Date>', '<Date>29.11.2026</Date>'))).toEqual([
      {
        position: null,
        field: 'WarenkorbInfo/Date',
        code: 'invalid',
        message: 'Date "29.11.2026" is not YYYY-MM-DD',
      },
    ])
    expect(problems(demo.replace('<QU>SET</QU>', ''))).toEqual([
      { position: 2, field: 'QU', code: 'missing', message: 'the item has no QU' },
    ])
  })

  it('reads a unit price only where the line total divides by the quantity', () => {
    const odd = {
      ...screws,
      quantity: 3,
      unitPrice: { amount: 333, currency: 'EUR' },
      lineTotal: { amount: 1000, currency: 'EUR' },
    }
    const { xml, problems } = writeReturn({ ...demoBasket, lines: [odd] })
    expect(problems).toEqual([])
    const line = readIdsReturnCart(xml).basket.lines[0]
    expect([line?.lineTotal?.amount, line?.unitPrice]).toEqual([1000, null])
  })
})
