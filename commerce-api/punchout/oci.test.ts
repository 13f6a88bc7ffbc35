import { describe, expect, it } from 'vitest'
import {
  HOSTILE,
  cable,
  demoBasket,
  drill,
  hostileBasket,
  screws,
} from '../../tests/fixtures/punchout/baskets'
import { fixture } from '../../tests/fixtures/punchout/fixture'
import { PUNCHOUT_LIMITS, PunchoutFormatError } from './format-common'
import {
  ISO_UNIT_OF,
  OCI_FIELD_LENGTHS,
  ociConfigurationIssues,
  ociOptions,
  readOciFields,
  shortened,
  writeOciFields,
  type OciConfigurationItem,
  type OciField,
} from './oci'
import type { TransferBasket, TransferLine } from './transfer-basket'

const passThrough = { '~OkCode': 'ADDI', '~TARGET': '_top', '~CALLER': 'CTLG' }
const write = (
  basket: TransferBasket,
  configuration: OciConfigurationItem[] = [],
  version: '4.0' | '5.0' = '5.0',
) => writeOciFields(basket, { configuration, version, passThrough })
const valueOf = (fields: OciField[], name: string) => fields.find((field) => field.name === name)?.value
const only = (line: TransferLine) => ({ ...demoBasket, lines: [{ ...line, position: 1 }] })

/** The fields as the browser posts them to the hook (application/x-www-form-urlencoded) and a server reads them. */
const posted = (fields: OciField[]): [string, string][] => [
  ...new URLSearchParams(fields.map((field): [string, string] => [field.name, field.value])).entries(),
]

describe('writeOciFields', () => {
  it('writes every line with the default mapping, quantities with 3 decimals and the ~ fields (fixture)', () => {
    const { fields, problems } = write(demoBasket)
    expect(problems).toEqual([])
    expect({ data: fields }).toEqual(JSON.parse(fixture('oci/demo-basket-fields.json')))
  })

  it('writes the OCI 5.0 item type only for OCI 5.0', () => {
    expect(
      write(demoBasket, [], '4.0').fields.some((field) => field.name.startsWith('NEW_ITEM-ITEM_TYPE')),
    ).toBe(false)
    expect(valueOf(write(demoBasket).fields, 'NEW_ITEM-ITEM_TYPE[3]')).toBe('O')
  })

  it('shortens a long name to SAP’s 40 characters by default, after a whole word, and keeps it whole if mapped', () => {
    const name = 'Akku-Bohrschrauber 18 V mit Schnellspannfutter, 2 Akkus' // 55 characters
    const short = write(only({ ...drill, name }))
    expect(short.problems).toEqual([])
    expect(valueOf(short.fields, 'NEW_ITEM-DESCRIPTION[1]')).toBe('Akku-Bohrschrauber 18 V mit')
    // One word longer than the field is cut at 40 characters; a name that fits is whole; emoji stay whole.
    expect(shortened('x'.repeat(45), 40)).toBe('x'.repeat(40))
    expect(shortened('Kabelbinder 200 mm, schwarz', 40)).toBe('Kabelbinder 200 mm, schwarz')
    expect(shortened(`${'😀'.repeat(39)} ab`, 40)).toBe('😀'.repeat(39))
    expect(shortened('Schraubendreher-Satz, 12-teilig, Schlitz und Kreuz', 40)).toBe(
      'Schraubendreher-Satz, 12-teilig, Schlitz',
    )
    expect(shortened('Schraubendreher-Satz, 12-teilig; Schlitz/Kreuz', 32)).toBe(
      'Schraubendreher-Satz, 12-teilig',
    )
    const whole = write(only({ ...drill, name }), [
      { field: 'NEW_ITEM-DESCRIPTION', transform: '{ProductName}', formatter: '' },
    ])
    expect(valueOf(whole.fields, 'NEW_ITEM-DESCRIPTION[1]')).toBe(name)
  })

  it('reports a value longer than its SAP field and writes it whole, never cut', () => {
    const name = 'Akku-Bohrschrauber 18 V mit Schnellspannfutter' // 46 characters
    const { fields, problems } = write(only({ ...drill, name, sku: '1'.repeat(41), unspsc: '27112700123' }), [
      { field: 'NEW_ITEM-DESCRIPTION', transform: '{ProductName}', formatter: '' },
    ])
    expect(problems).toEqual([
      { position: 1, sku: '1'.repeat(41), field: 'NEW_ITEM-DESCRIPTION', reason: 'too-long' },
      { position: 1, sku: '1'.repeat(41), field: 'NEW_ITEM-VENDORMAT', reason: 'too-long' },
      { position: 1, sku: '1'.repeat(41), field: 'NEW_ITEM-MATGROUP', reason: 'too-long' },
      { position: 1, sku: '1'.repeat(41), field: 'NEW_ITEM-EXT_PRODUCT_ID', reason: 'too-long' },
    ])
    expect(valueOf(fields, 'NEW_ITEM-DESCRIPTION[1]')).toBe(name)
    expect(valueOf(fields, 'NEW_ITEM-VENDORMAT[1]')).toBe('1'.repeat(41))
  })

  it('takes exactly the SAP length, counting characters rather than bytes', () => {
    const name = 'Ä'.repeat(OCI_FIELD_LENGTHS.DESCRIPTION - 1) + '😀'
    const whole = [{ field: 'NEW_ITEM-DESCRIPTION', transform: '{ProductName}', formatter: '' }]
    expect(write(only({ ...drill, name }), whole).problems).toEqual([])
    expect(write(only({ ...drill, name: `${name}x` }), whole).problems).toEqual([
      { position: 1, sku: '1000042', field: 'NEW_ITEM-DESCRIPTION', reason: 'too-long' },
    ])
  })

  it('checks the configured fields against their lengths too (VENDOR 10, CUST_FIELD4 20, UNIT 3)', () => {
    const configuration: OciConfigurationItem[] = [
      { field: 'NEW_ITEM-VENDOR', transform: '00001000731', formatter: '' },
      { field: 'NEW_ITEM-CUST_FIELD4', transform: 'Basket {BasketID}', formatter: '' },
      {
        field: 'NEW_ITEM-UNIT',
        transform: '{Unit}',
        formatter: '',
        mappings: [{ mapFromValue: 'PCE', mapToValue: 'STCK' }],
      },
    ]
    expect(write(only(drill), configuration).problems.map((problem) => problem.field)).toEqual([
      'NEW_ITEM-UNIT',
      'NEW_ITEM-VENDOR',
      'NEW_ITEM-CUST_FIELD4',
    ])
  })

  it('applies a configuration: literal text with placeholders, value mappings, formatters', () => {
    const configuration: OciConfigurationItem[] = [
      { field: 'NEW_ITEM-DESCRIPTION', transform: '', formatter: 'UpperCase' },
      { field: 'NEW_ITEM-VENDORMAT', transform: 'IB-{ProductSKU}', formatter: '' },
      {
        field: 'NEW_ITEM-UNIT',
        transform: '',
        formatter: '',
        mappings: [{ mapFromValue: 'PCE', mapToValue: 'ST' }],
      },
      { field: 'NEW_ITEM-VENDOR', transform: '0000100073', formatter: '' },
      { field: 'NEW_ITEM-QUANTITY', transform: '{Quantity}', formatter: 'Decimal0' },
      { field: 'NEW_ITEM-CUST_FIELD5', transform: '{LineItemID}', formatter: 'LowerCase' },
      { field: 'NEW_ITEM-EXT_SCHEMA_TYPE', transform: 'eCl@ss', formatter: '' },
    ]
    const { fields, problems } = write(only(drill), configuration)
    expect(problems).toEqual([])
    expect(valueOf(fields, 'NEW_ITEM-DESCRIPTION[1]')).toBe('AKKU-BOHRSCHRAUBER 18 V')
    expect(valueOf(fields, 'NEW_ITEM-VENDORMAT[1]')).toBe('IB-1000042')
    expect(valueOf(fields, 'NEW_ITEM-UNIT[1]')).toBe('ST')
    expect(valueOf(fields, 'NEW_ITEM-VENDOR[1]')).toBe('0000100073')
    expect(valueOf(fields, 'NEW_ITEM-QUANTITY[1]')).toBe('2')
    expect(valueOf(fields, 'NEW_ITEM-CUST_FIELD5[1]')).toBe(drill.lineId)
    expect(valueOf(fields, 'NEW_ITEM-EXT_SCHEMA_TYPE[1]')).toBe('eCl@ss')
  })

  it('reports a formatter that would lose digits or meets no number, and keeps the value', () => {
    const { fields, problems } = write(only(drill), [
      { field: 'NEW_ITEM-PRICE', transform: '', formatter: 'Decimal0' },
      { field: 'NEW_ITEM-CUST_FIELD1', transform: '{ProductName}', formatter: 'Decimal2' },
    ])
    expect(problems).toEqual([
      { position: 1, sku: '1000042', field: 'NEW_ITEM-PRICE', reason: 'format' },
      { position: 1, sku: '1000042', field: 'NEW_ITEM-CUST_FIELD1', reason: 'format' },
      { position: 1, sku: '1000042', field: 'NEW_ITEM-CUST_FIELD1', reason: 'too-long' },
    ])
    expect(valueOf(fields, 'NEW_ITEM-PRICE[1]')).toBe('149.99')
  })

  it('leaves out empty values, reports a line total that is not price × quantity', () => {
    const { fields, problems } = write(only({ ...screws, lineTotal: { amount: 4490, currency: 'EUR' } }))
    expect(valueOf(fields, 'NEW_ITEM-LEADTIME[1]')).toBeUndefined()
    expect(valueOf(fields, 'NEW_ITEM-MANUFACTMAT[1]')).toBeUndefined()
    expect(valueOf(fields, 'NEW_ITEM-LONGTEXT_1:132[]')).toBeUndefined()
    expect(problems).toEqual([{ position: 1, sku: '1000317', field: 'NEW_ITEM-PRICE', reason: 'line-total' }])
  })

  it('writes the packing units box, bag, pair and roll as BX, BG, PR and RO', () => {
    const units = ['BX', 'BG', 'PR', 'RO'] as const
    const { fields, problems } = write({
      ...demoBasket,
      lines: units.map((unit, index) => ({ ...drill, unit, position: index + 1 })),
    })
    expect(units.map((_, index) => valueOf(fields, `NEW_ITEM-UNIT[${index + 1}]`))).toEqual([...units])
    expect(problems).toEqual([])
  })

  it('echoes the ~ fields unchanged and writes no other entry parameter', () => {
    const { fields } = writeOciFields(only(drill), {
      configuration: [],
      version: '4.0',
      passThrough: { '~OkCode': 'ADDI&x=<1>', HOOK_URL: 'https://evil.example/', PASSWORD: 'secret' },
    })
    expect(fields.filter((field) => !field.name.startsWith('NEW_ITEM-'))).toEqual([
      { name: '~OkCode', value: 'ADDI&x=<1>' },
    ])
  })

  it('refuses a configuration with issues rather than guessing', () => {
    expect(() =>
      write(demoBasket, [{ field: 'NEW_ITEM-PRICE', transform: '{Cost}', formatter: '' }]),
    ).toThrow(/unknown-placeholder/)
  })
})

describe('OCI configuration and options', () => {
  it('offers its formatters and placeholders sorted', () => {
    const options = ociOptions()
    expect(options.availableFormatters).toEqual([
      'Decimal0',
      'Decimal2',
      'Decimal3',
      'LowerCase',
      'UpperCase',
    ])
    expect(options.availablePlaceholders).toEqual([...options.availablePlaceholders].sort())
    expect(options.availablePlaceholders).toContain('ProductSKU')
  })

  it('names every issue of a configuration an account owner saves', () => {
    expect(
      ociConfigurationIssues([
        { field: 'NEW_ITEM-PRICE', transform: '{Price}', formatter: 'Decimal2' },
        { field: 'NEW_ITEM-PRICE', transform: '', formatter: '' },
        { field: 'NEW_ITEM-COLOR', transform: '', formatter: '' },
        { field: 'NEW_ITEM-DESCRIPTION', transform: '{ProductName} {Colour}', formatter: 'Titlecase' },
        { field: 'NEW_ITEM-LONGTEXT', transform: 'x'.repeat(256), formatter: '' },
        {
          field: 'NEW_ITEM-UNIT',
          transform: '',
          formatter: '',
          mappings: [{ mapFromValue: 'PCE', mapToValue: 'y'.repeat(256) }],
        },
      ]),
    ).toEqual([
      { index: 1, field: 'NEW_ITEM-PRICE', code: 'duplicate-field', detail: 'NEW_ITEM-PRICE' },
      { index: 2, field: 'NEW_ITEM-COLOR', code: 'unknown-field', detail: 'NEW_ITEM-COLOR' },
      { index: 3, field: 'NEW_ITEM-DESCRIPTION', code: 'unknown-formatter', detail: 'Titlecase' },
      { index: 3, field: 'NEW_ITEM-DESCRIPTION', code: 'unknown-placeholder', detail: 'Colour' },
      { index: 4, field: 'NEW_ITEM-LONGTEXT', code: 'too-long', detail: '255' },
      { index: 5, field: 'NEW_ITEM-UNIT', code: 'too-long', detail: '255' },
    ])
    expect(ociConfigurationIssues([{ field: 'NEW_ITEM-PARENT_ID', transform: '', formatter: '' }])).toEqual(
      [],
    )
  })
})

describe('readOciFields', () => {
  it('reads what SAP SRM receives: items, long text, ~ fields and the hook parameters (fixture)', () => {
    const read = readOciFields([...new URLSearchParams(fixture('oci/hook-post-srm.txt').trim()).entries()])
    expect(read.problems).toEqual([])
    expect(read.version).toBe('4.0')
    expect(read.passThrough).toEqual(passThrough)
    expect(read.others).toEqual({ sid: 'SRM-7781' })
    expect(read.basket.lines[0]).toEqual({
      position: 1,
      sku: '1000042',
      lineId: null,
      name: 'Akku-Bohrschrauber 18 V',
      description: drill.description,
      quantity: 2,
      unit: 'PCE',
      unitPrice: drill.unitPrice,
      lineTotal: drill.lineTotal,
      taxRate: null,
      manufacturer: null,
      manufacturerPartId: 'BT-DS18-2G',
      ean: null,
      unspsc: '27112700',
      leadTimeDays: 3,
    })
    expect(read.basket.subtotal).toEqual({ amount: 29998 + 4495, currency: 'EUR' })
  })

  it('reads the OCI 5.0 hierarchy: outlines, items under them, prices per price unit (fixture)', () => {
    const read = readOciFields([
      ...new URLSearchParams(fixture('oci/hook-post-oci5-outline.txt').trim()).entries(),
    ])
    expect(read.problems).toEqual([])
    expect(read.version).toBe('5.0')
    expect(read.outlines).toEqual([{ position: 1, description: 'Baustelle Hafen, Elektro' }])
    expect(read.parents).toEqual({ 2: 1, 3: 1 })
    expect(
      read.basket.lines.map((line) => [
        line.position,
        line.sku,
        line.unitPrice?.amount,
        line.lineTotal?.amount,
      ]),
    ).toEqual([
      [2, '1000520', 79, 1975],
      [3, '1000611', 349, 4188],
    ])
  })

  it('reads back what the shop writes, through form encoding, hostile text included (round trip)', () => {
    // The whole name travels (the default DESCRIPTION is shortened to 40 characters).
    const whole = [{ field: 'NEW_ITEM-DESCRIPTION', transform: '{ProductName}', formatter: '' }]
    for (const basket of [demoBasket, hostileBasket]) {
      const { fields } = write(basket, whole)
      const read = readOciFields(posted(fields))
      expect(read.problems.filter((problem) => basket === demoBasket || problem.code !== 'too-long')).toEqual(
        [],
      )
      expect(read.passThrough).toEqual(passThrough)
      expect(read.basket.lines).toEqual(
        basket.lines.map((line) => ({
          ...line,
          lineId: null,
          unit: ISO_UNIT_OF[line.unit],
          taxRate: null,
          manufacturer: null,
          ean: null,
        })),
      )
    }
    expect(readOciFields(posted(write(hostileBasket, whole).fields)).basket.lines[0]?.name).toBe(HOSTILE)
  })

  it('lists every way the fields break OCI', () => {
    const { fields } = write({ ...demoBasket, lines: [drill, screws, cable] })
    const change = (name: string, value: string | null) =>
      readOciFields(
        fields.flatMap((field) =>
          field.name !== name
            ? [[field.name, field.value] as [string, string]]
            : value === null
              ? []
              : [[name, value] as [string, string]],
        ),
      ).problems
    expect(change('NEW_ITEM-PRICE[2]', null)).toEqual([
      { position: 2, field: 'PRICE', code: 'missing', message: 'the item has no PRICE' },
    ])
    expect(change('NEW_ITEM-QUANTITY[1]', '2,000')).toEqual([
      {
        position: 1,
        field: 'QUANTITY',
        code: 'not-a-number',
        message: 'QUANTITY "2,000" is no whole quantity with a decimal point',
      },
    ])
    expect(change('NEW_ITEM-DESCRIPTION[3]', 'x'.repeat(41))).toEqual([
      {
        position: 3,
        field: 'DESCRIPTION',
        code: 'too-long',
        message: 'DESCRIPTION has 41 characters, SAP keeps 40',
      },
    ])
    expect(change('NEW_ITEM-CURRENCY[3]', 'USD')).toEqual([
      {
        position: null,
        field: 'CURRENCY',
        code: 'currency-mismatch',
        message: 'the items are in EUR and USD',
      },
    ])
    expect(change('NEW_ITEM-ITEM_TYPE[2]', 'X')[0]).toMatchObject({
      position: 2,
      field: 'ITEM_TYPE',
      code: 'invalid',
    })
    expect(change('NEW_ITEM-ITEM_TYPE[2]', 'O')).toEqual([])
    const parent = readOciFields([...posted(fields), ['NEW_ITEM-PARENT_ID[3]', '2']]).problems
    expect(parent).toEqual([
      {
        position: 3,
        field: 'PARENT_ID',
        code: 'invalid',
        message: 'PARENT_ID "2" names no outline (ITEM_TYPE R)',
      },
    ])
    const gap = fields
      .filter((field) => !/\[2\]$|_2:132/.test(field.name))
      .map((field): [string, string] => [field.name, field.value])
    expect(readOciFields(gap).problems).toEqual([
      { position: 3, field: 'index', code: 'not-sequential', message: 'item 3 follows item 1' },
    ])
    expect(
      readOciFields([...posted(fields), ['NEW_ITEM-COLOUR[1]', 'red'], ['NEW_ITEM-X', '1']]).problems,
    ).toEqual([
      {
        position: 1,
        field: 'COLOUR',
        code: 'unknown-field',
        message: 'NEW_ITEM-COLOUR[1]: COLOUR is no OCI item field',
      },
      {
        position: null,
        field: 'NEW_ITEM-X',
        code: 'unknown-field',
        message: 'NEW_ITEM-X is no OCI field name',
      },
    ])
  })

  it('bounds the number of fields, the index and the length of one value', () => {
    const refusal = (fields: [string, string][]) => {
      try {
        readOciFields(fields)
      } catch (error) {
        if (error instanceof PunchoutFormatError) return error.code
      }
      return 'read'
    }
    const many = Array.from({ length: PUNCHOUT_LIMITS.maxFormFields + 1 }, (_, i): [string, string] => [
      `f${i}`,
      '',
    ])
    expect(refusal(many)).toBe('punchout.format.too_large')
    expect(refusal([[`NEW_ITEM-DESCRIPTION[${PUNCHOUT_LIMITS.maxLines + 1}]`, 'x']])).toBe(
      'punchout.format.too_large',
    )
    expect(refusal([['NEW_ITEM-LONGTEXT_1:132[]', 'x'.repeat(PUNCHOUT_LIMITS.maxValueLength + 1)]])).toBe(
      'punchout.format.too_large',
    )
    expect(refusal([['NEW_ITEM-LONGTEXT_1:132[]', 'x'.repeat(PUNCHOUT_LIMITS.maxValueLength)]])).toBe('read')
  })

  it('reads a record as a form parser gives it, repeated names as arrays', () => {
    const read = readOciFields({
      'NEW_ITEM-DESCRIPTION[1]': ['first', 'second'],
      '~OkCode': 'ADDI',
      x: undefined,
    })
    expect(read.problems).toContainEqual({
      position: 1,
      field: 'DESCRIPTION',
      code: 'invalid',
      message: 'NEW_ITEM-DESCRIPTION[1] is posted twice; the first value is kept',
    })
    expect(read.basket.lines[0]?.name).toBe('first')
  })
})
