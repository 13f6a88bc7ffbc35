/**
 * The OCI fields a shop posted to a HOOK_URL, read back by the procurement sandbox: the items (with the OCI
 * 5.0 hierarchy), the `~` fields, and every way the fields break OCI (SAP lengths, required fields, numbers,
 * indexes, hierarchy references).
 */
import { parseScaled } from './decimal'
import {
  PUNCHOUT_LIMITS,
  PunchoutFormatError,
  bound,
  type FormatProblem,
  type ReceivedBasket,
  type ReceivedLine,
} from './format-common'
import {
  OCI_FIELD_LENGTHS,
  OCI_REQUIRED_FIELDS,
  characters,
  type OciItemField,
  type OciVersion,
} from './oci-fields'

/** An OCI 5.0 outline (ITEM_TYPE R): a heading the items below it (PARENT_ID) hang from. */
export type OciOutline = { position: number; description: string }

/** Posted OCI fields as the sandbox reads them. */
export type ReceivedOciFields = {
  /** 5.0 when any line has ITEM_TYPE or PARENT_ID, else 4.0. */
  version: OciVersion
  basket: ReceivedBasket
  outlines: OciOutline[]
  /** PARENT_ID of each item that has one, by position. */
  parents: Record<number, number>
  /** The `~` fields, as posted. */
  passThrough: Record<string, string>
  /** Fields that are neither NEW_ITEM nor `~` (the hook URL's own parameters). */
  others: Record<string, string>
  problems: FormatProblem[]
}

const ITEM_NAME = /^NEW_ITEM-([A-Z0-9_]+)\[(\d{1,6})\]$/
const LONGTEXT_NAME = /^NEW_ITEM-LONGTEXT_(\d{1,6}):132\[\]$/

type Entries = [string, string][]

function entriesOf(fields: Entries | Record<string, string | string[] | undefined>): Entries {
  if (Array.isArray(fields)) return fields
  return Object.entries(fields).flatMap(([name, value]): Entries =>
    value === undefined
      ? []
      : Array.isArray(value)
        ? value.map((one): [string, string] => [name, one])
        : [[name, value]],
  )
}

/**
 * The posted fields (name/value pairs in posted order, or a record as a form parser gives it), or a
 * `PunchoutFormatError` (too_large) when there are more than PUNCHOUT_LIMITS.maxFormFields fields, a value
 * longer than maxValueLength, or an index above maxLines. Everything else is a problem, not a refusal.
 */
export function readOciFields(
  fields: Entries | Record<string, string | string[] | undefined>,
): ReceivedOciFields {
  const entries = entriesOf(fields)
  bound(entries.length, PUNCHOUT_LIMITS.maxFormFields, 'OCI fields')
  const problems: FormatProblem[] = []
  const add = (position: number | null, field: string, code: FormatProblem['code'], message: string) =>
    problems.push({ position, field, code, message })
  const items = new Map<number, Map<string, string>>()
  const passThrough: Record<string, string> = {}
  const others: Record<string, string> = {}

  for (const [name, value] of entries) {
    if (typeof name !== 'string' || typeof value !== 'string')
      throw new PunchoutFormatError('punchout.format.malformed', 'OCI fields are name and text value pairs')
    bound(value.length, PUNCHOUT_LIMITS.maxValueLength, `OCI field ${name.slice(0, 60)} characters`)
    const item = ITEM_NAME.exec(name)
    const longText = LONGTEXT_NAME.exec(name)
    if (!item && !longText) {
      if (name.startsWith('NEW_ITEM-')) add(null, name, 'unknown-field', `${name} is no OCI field name`)
      else if (name.startsWith('~')) passThrough[name] = value
      else others[name] = value
      continue
    }
    const field = item ? (item[1] as string) : 'LONGTEXT'
    const index = Number(item ? item[2] : longText?.[1])
    bound(index, PUNCHOUT_LIMITS.maxLines, 'OCI item index')
    if (index < 1) {
      add(null, name, 'invalid', `${name}: items count from 1`)
      continue
    }
    if (field !== 'LONGTEXT' && !(field in OCI_FIELD_LENGTHS)) {
      add(index, field, 'unknown-field', `${name}: ${field} is no OCI item field`)
      continue
    }
    const values = items.get(index) ?? new Map<string, string>()
    items.set(index, values)
    if (values.has(field)) add(index, field, 'invalid', `${name} is posted twice; the first value is kept`)
    else values.set(field, value)
  }

  const positions = [...items.keys()].sort((a, b) => a - b)
  positions.forEach((position, index) => {
    if (position !== index + 1)
      add(
        position,
        'index',
        'not-sequential',
        `item ${position} follows item ${index === 0 ? 0 : positions[index - 1]}`,
      )
  })
  const version: OciVersion = positions.some(
    (p) => items.get(p)?.has('ITEM_TYPE') || items.get(p)?.has('PARENT_ID'),
  )
    ? '5.0'
    : '4.0'
  const outlines: OciOutline[] = []
  const parents: Record<number, number> = {}
  const lines: ReceivedLine[] = []
  const currencies = new Set<string>()

  for (const position of positions) {
    const values = items.get(position) as Map<string, string>
    const get = (field: string) => values.get(field)?.trim() ?? ''
    for (const [field, value] of values) {
      const length = field === 'LONGTEXT' ? null : OCI_FIELD_LENGTHS[field as OciItemField]
      if (length !== null && characters(value) > length)
        add(position, field, 'too-long', `${field} has ${characters(value)} characters, SAP keeps ${length}`)
    }
    const type = get('ITEM_TYPE') || 'O'
    if (type !== 'O' && type !== 'R')
      add(position, 'ITEM_TYPE', 'invalid', `ITEM_TYPE "${type}" is neither R nor O`)
    const parent = get('PARENT_ID')
    if (parent) {
      const parentPosition = /^\d{1,6}$/.test(parent) ? Number(parent) : NaN
      if (parentPosition === position || items.get(parentPosition)?.get('ITEM_TYPE')?.trim() !== 'R')
        add(position, 'PARENT_ID', 'invalid', `PARENT_ID "${parent}" names no outline (ITEM_TYPE R)`)
      else parents[position] = parentPosition
    }
    if (type === 'R') {
      if (!get('DESCRIPTION')) add(position, 'DESCRIPTION', 'missing', 'the outline has no DESCRIPTION')
      outlines.push({ position, description: values.get('DESCRIPTION') ?? '' })
      continue
    }
    for (const field of OCI_REQUIRED_FIELDS)
      if (!get(field)) add(position, field, 'missing', `the item has no ${field}`)
    const number = (field: string, scale: number, what: string) => {
      const text = get(field)
      if (!text) return null
      const value = /^\d+(\.\d+)?$/.test(text) ? parseScaled(text, scale) : null
      if (value === null) add(position, field, 'not-a-number', `${field} "${text}" is no ${what}`)
      return value
    }
    const quantity = number('QUANTITY', 0, 'whole quantity with a decimal point')
    const price = number('PRICE', 2, 'price in whole cents')
    const priceUnit = get('PRICEUNIT') ? number('PRICEUNIT', 0, 'whole number') : 1
    const leadTime = number('LEADTIME', 0, 'number of days')
    const currency = get('CURRENCY')
    if (currency && !/^[A-Z]{3}$/.test(currency))
      add(position, 'CURRENCY', 'unknown-code', `"${currency}" is no ISO 4217 code`)
    if (currency) currencies.add(currency)
    const unitPrice =
      price !== null && priceUnit && price % priceUnit === 0 ? { amount: price / priceUnit, currency } : null
    if (price !== null && priceUnit && price % priceUnit !== 0)
      add(
        position,
        'PRICEUNIT',
        'invalid',
        `PRICE ${get('PRICE')} per ${priceUnit} is no whole cent per unit`,
      )
    lines.push({
      position,
      sku: get('VENDORMAT') || get('EXT_PRODUCT_ID'),
      lineId: null,
      name: values.get('DESCRIPTION') ?? '',
      description: values.get('LONGTEXT') ?? '',
      quantity: quantity ?? 0,
      unit: get('UNIT'),
      unitPrice,
      lineTotal: unitPrice && quantity !== null ? { amount: unitPrice.amount * quantity, currency } : null,
      taxRate: null,
      manufacturer: null,
      manufacturerPartId: get('MANUFACTMAT') || null,
      ean: null,
      unspsc: get('MATGROUP') || get('EXT_CATEGORY_ID') || null,
      leadTimeDays: leadTime,
    })
  }
  if (currencies.size > 1)
    add(null, 'CURRENCY', 'currency-mismatch', `the items are in ${[...currencies].sort().join(' and ')}`)
  const [currency = null] = currencies
  const totals = lines.map((line) => line.lineTotal)
  return {
    version,
    basket: {
      basketId: null,
      currency,
      locale: null,
      lines,
      subtotal:
        currency && currencies.size === 1 && totals.every((total) => total !== null)
          ? { amount: totals.reduce((sum, total) => sum + (total?.amount ?? 0), 0), currency }
          : null,
      tax: null,
      shipping: null,
      total: null,
    },
    outlines,
    parents,
    passThrough,
    others,
    problems,
  }
}
