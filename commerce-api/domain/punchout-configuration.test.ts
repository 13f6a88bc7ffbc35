/**
 * Punchout configuration without HTTP (issue 34, shell spec §3): a cXML user's entries (defaults, values set
 * and reset, every refusal naming the change at fault and writing nothing) and a customer's OCI field mapping
 * (every field with the shop's default, only differences stored, a whole PUT replacing the mapping, unknown
 * fields, placeholders and formatters refused, each customer's own).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { punchoutCxmlConfigurations, punchoutOciConfigurations } from '../db/schema'
import { seededTestDatabase } from '../db/test-database'
import { DomainError } from './errors'
import { cxmlConfiguration, cxmlSettings, updateCxmlConfiguration } from './punchout-cxml-configuration'
import { demoBasket, drill } from '../../tests/fixtures/punchout/baskets'
import { OCI_PLACEHOLDERS, ociOptions, writeOciFields } from '../punchout/oci'
import { OCI_FIELDS, ociConfiguration, setOciConfiguration } from './punchout-oci'
import { findPunchoutUser } from './punchout-users'
import { refusal } from './test-refusal'
import type { UserRow } from './users'

let database: Database
let cxmlUser: UserRow

beforeAll(async () => {
  database = await seededTestDatabase()
  cxmlUser = await findPunchoutUser(database.db, 'BC-200001', 'cxml1.2', 'brightline-cxml')
})
afterAll(async () => {
  await database?.close()
})

/** The causes of a refusal as `code@path`. */
async function causesOf(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (error instanceof DomainError)
      return { code: error.code, causes: error.causes.map((c) => `${c.code}@${c.paths?.join(',')}`) }
    throw error
  }
  throw new Error('the call was not refused')
}

describe('a cXML user’s configuration', () => {
  it('has every entry with its default, described in the caller’s language', async () => {
    const entries = await cxmlConfiguration(database.db, cxmlUser, 'de_DE')
    expect(entries.map((e) => [e.name, e.value, e.defaultValue, e.inputType])).toEqual([
      ['operationAllowed', 'edit', 'edit', 'text-short'],
      ['supplierDomain', 'NetworkID', 'NetworkID', 'text-short'],
      ['supplierIdentity', 'IronbridgeSupply', 'IronbridgeSupply', 'text-short'],
      ['orderRequest.shippingMethod', 'STD_GROUND', 'STD_GROUND', 'text-short'],
    ])
    expect(entries[0]!.description).toContain('Warenkorb')
  })

  it('sets values, goes back to the default on null or empty, and stores only what differs', async () => {
    const db = database.db
    const set = await updateCxmlConfiguration(
      db,
      cxmlUser,
      [
        { name: 'operationAllowed', value: 'inspect' },
        { name: 'supplierDomain', value: ' DUNS ' },
        { name: 'orderRequest.shippingMethod', value: 'EXP_EXPRESS' },
      ],
      'en_US',
    )
    expect(set.find((e) => e.name === 'supplierDomain')!.value).toBe('DUNS')
    expect(await cxmlSettings(db, cxmlUser.id)).toEqual({
      operationAllowed: 'inspect',
      supplierDomain: 'DUNS',
      supplierIdentity: 'IronbridgeSupply',
      'orderRequest.shippingMethod': 'EXP_EXPRESS',
    })
    await updateCxmlConfiguration(
      db,
      cxmlUser,
      [
        { name: 'operationAllowed', value: null },
        { name: 'supplierDomain', value: '' },
        { name: 'orderRequest.shippingMethod', value: 'STD_GROUND' },
      ],
      'en_US',
    )
    const rows = await db
      .select()
      .from(punchoutCxmlConfigurations)
      .where(eq(punchoutCxmlConfigurations.userId, cxmlUser.id))
    expect(rows).toEqual([])
  })

  it('refuses unknown entries and values that do not fit, naming each, and writes nothing', async () => {
    const db = database.db
    const refused = await causesOf(
      updateCxmlConfiguration(
        db,
        cxmlUser,
        [
          { name: 'supplierIdentity', value: 'Fine Identity' },
          { name: 'noSuchEntry', value: 'x' },
          { name: 'operationAllowed', value: 'delete' },
          { name: 'orderRequest.shippingMethod', value: 'TELEPORT' },
          { name: 'supplierDomain', value: 'has spaces' },
          { name: 'supplierIdentity', value: 'twice' },
        ],
        'en_US',
      ),
    )
    expect(refused).toEqual({
      code: 'punchout.cxml.configuration.invalid',
      causes: [
        'punchout.cxml.entry.unknown@[1].name',
        'punchout.cxml.value.invalid@[2].value',
        'punchout.cxml.value.invalid@[3].value',
        'punchout.cxml.value.invalid@[4].value',
        'punchout.cxml.entry.unknown@[5].name',
      ],
    })
    expect((await cxmlSettings(db, cxmlUser.id)).supplierIdentity).toBe('IronbridgeSupply')
  })
})

describe('a customer’s OCI field mapping', () => {
  it('offers its formatters and placeholders sorted', () => {
    const { availableFormatters, availablePlaceholders } = ociOptions()
    expect(availableFormatters).toEqual([...availableFormatters].sort())
    expect(availablePlaceholders).toEqual(Object.keys(OCI_PLACEHOLDERS).sort())
    expect(availablePlaceholders).toContain('UNSPSC')
  })

  it('has every field with the shop’s default until the customer maps it', async () => {
    const items = await ociConfiguration(database.db, 'BC-200002')
    expect(items.map((item) => item.field)).toEqual(OCI_FIELDS)
    expect(items.find((item) => item.field === 'NEW_ITEM-MATGROUP')).toEqual({
      field: 'NEW_ITEM-MATGROUP',
      transform: '{UNSPSC}',
      formatter: '',
      mappings: [],
    })
  })

  it('is what the OCI writer takes: the defaults write what the writer’s own do, every placeholder works', async () => {
    const db = database.db
    const write = (configuration: Awaited<ReturnType<typeof ociConfiguration>>) =>
      writeOciFields(demoBasket, { configuration, version: '5.0' })
    expect(write(await ociConfiguration(db, 'BC-200002'))).toEqual(write([]))
    const placeholders = Object.keys(OCI_PLACEHOLDERS)
    await setOciConfiguration(db, 'BC-200002', [
      { field: 'NEW_ITEM-LONGTEXT', transform: placeholders.map((p) => `{${p}}`).join('|'), formatter: '' },
      { field: 'NEW_ITEM-QUANTITY', transform: '', formatter: 'Decimal0' },
    ])
    const { fields } = write(await ociConfiguration(db, 'BC-200002'))
    const position = demoBasket.lines.find((line) => line.sku === drill.sku)!.position
    const value = (name: string) => fields.find((field) => field.name === name)?.value
    expect(value(`NEW_ITEM-LONGTEXT_${position}:132[]`)?.split('|')).toHaveLength(placeholders.length)
    expect(value(`NEW_ITEM-LONGTEXT_${position}:132[]`)).toContain(drill.lineId)
    expect(value(`NEW_ITEM-QUANTITY[${position}]`)).toBe(String(drill.quantity))
    await setOciConfiguration(db, 'BC-200002', [])
  })

  it('is replaced as a whole by a PUT, storing only what differs, for that customer only', async () => {
    const db = database.db
    const mapped = await setOciConfiguration(db, 'BC-200001', [
      {
        field: 'NEW_ITEM-UNIT',
        transform: '{Unit}',
        formatter: '',
        mappings: [{ mapFromValue: 'C62', mapToValue: 'PCE' }],
      },
      { field: 'NEW_ITEM-VENDOR', transform: '4711', formatter: '' },
      { field: 'NEW_ITEM-DESCRIPTION', transform: '{ProductName} ({ProductSKU})', formatter: 'UpperCase' },
      {
        field: 'NEW_ITEM-QUANTITY',
        transform: '{Quantity}',
        formatter: '',
        mappings: [{ mapFromValue: '', mapToValue: '' }],
      },
    ])
    expect(mapped.find((item) => item.field === 'NEW_ITEM-VENDOR')!.transform).toBe('4711')
    const [row] = await db
      .select()
      .from(punchoutOciConfigurations)
      .where(eq(punchoutOciConfigurations.customerNo, 'BC-200001'))
    // The quantity's item is the default (the form's empty mapping row maps nothing): not stored.
    expect(row!.items.map((item) => item.field)).toEqual([
      'NEW_ITEM-UNIT',
      'NEW_ITEM-VENDOR',
      'NEW_ITEM-DESCRIPTION',
    ])
    expect(
      (await ociConfiguration(db, 'BC-200002')).find((i) => i.field === 'NEW_ITEM-VENDOR')!.transform,
    ).toBe('')
    // A later PUT without the vendor sends it back to the default.
    await setOciConfiguration(db, 'BC-200001', [
      { field: 'NEW_ITEM-CUST_FIELD1', transform: 'X', formatter: '' },
    ])
    const after = await ociConfiguration(db, 'BC-200001')
    expect(after.find((i) => i.field === 'NEW_ITEM-VENDOR')!.transform).toBe('')
    expect(after.find((i) => i.field === 'NEW_ITEM-CUST_FIELD1')!.transform).toBe('X')
  })

  it('refuses unknown fields, placeholders, formatters, a field twice, a mapping without its value', async () => {
    const db = database.db
    const before = await ociConfiguration(db, 'BC-200001')
    const refused = await causesOf(
      setOciConfiguration(db, 'BC-200001', [
        { field: 'NEW_ITEM-PRICE', transform: '{Price}', formatter: 'Decimal2' },
        { field: 'NEW_ITEM-BOGUS', transform: '', formatter: '' },
        { field: 'NEW_ITEM-DESCRIPTION', transform: '{ProductNme}', formatter: '' },
        { field: 'NEW_ITEM-UNIT', transform: '{Unit', formatter: 'Shout' },
        { field: 'NEW_ITEM-PRICE', transform: '', formatter: '' },
        {
          field: 'NEW_ITEM-MATNR',
          transform: '',
          formatter: '',
          mappings: [{ mapFromValue: '', mapToValue: 'x' }],
        },
      ]),
    )
    expect(refused).toEqual({
      code: 'punchout.oci.configuration.invalid',
      causes: [
        'punchout.oci.field.unknown@items.1.field',
        'punchout.oci.transform.invalid@items.2.transform',
        'punchout.oci.transform.invalid@items.3.transform',
        'punchout.oci.formatter.unknown@items.3.formatter',
        'punchout.oci.field.duplicate@items.4.field',
        'punchout.oci.mapping.invalid@items.5.mappings.0',
      ],
    })
    expect(await ociConfiguration(db, 'BC-200001')).toEqual(before)
    expect(
      await refusal(
        setOciConfiguration(db, 'BC-200001', [
          { field: 'NEW_ITEM-VENDOR', transform: 'x'.repeat(256), formatter: '' },
        ]),
      ),
    ).toBe('invalid:punchout.oci.configuration.invalid')
  })
})
