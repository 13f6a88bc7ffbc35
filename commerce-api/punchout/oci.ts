/**
 * OCI 4.0/5.0 for punchout (issue 34): the hidden `NEW_ITEM-…` fields of a TransferBasket posted to the
 * buyer's HOOK_URL, shaped by the customer's OCI configuration (modelled on ICM's: per field a transform with
 * placeholders, value mappings and a formatter), the options an account owner picks from, and (oci-read.ts)
 * the sandbox's reading of posted fields.
 */
import { formatMinor, formatScaled, parseScaled } from './decimal'
import { transferProblem } from './format-common'
import {
  ISO_UNIT_OF,
  OCI_FIELD_LENGTHS,
  characters,
  shortened,
  ociConfigFields,
  ociFieldLength,
  ociFieldName,
  type OciConfigField,
  type OciVersion,
} from './oci-fields'
import type { TransferBasket, TransferLine, TransferProblem } from './transfer-basket'

export * from './oci-fields'
export { readOciFields, type OciOutline, type ReceivedOciFields } from './oci-read'

/** One field of a customer's OCI configuration, as ICM stores it (`GET/PUT …/oci5/configurations {items}`). */
export type OciConfigurationItem = {
  /** `NEW_ITEM-DESCRIPTION`, `NEW_ITEM-LONGTEXT` … */
  field: string
  /** The value: literal text with `{Placeholder}`s; '' keeps the shop's default for the field. */
  transform: string
  /** One of the available formatters, or '' for the field's default. */
  formatter: string
  /** Whole values replaced after the transform (a unit PCE the buyer calls ST). */
  mappings?: { mapFromValue: string; mapToValue: string }[]
}

/** What a basket line offers to a transform (`{ProductName}`), as text. */
export const OCI_PLACEHOLDERS = {
  BasketID: (_, basket) => basket.basketId,
  Currency: (line) => line.unitPrice.currency,
  EAN: (line) => line.ean ?? '',
  LeadTime: (line) => (line.leadTimeDays === null ? '' : String(line.leadTimeDays)),
  LineItemID: (line) => line.lineId,
  LineTotal: (line) => formatMinor(line.lineTotal.amount),
  Manufacturer: (line) => line.manufacturer,
  ManufacturerPartID: (line) => line.manufacturerPartId ?? '',
  Position: (line) => String(line.position),
  Price: (line) => formatMinor(line.unitPrice.amount),
  ProductDescription: (line) => line.description,
  ProductName: (line) => line.name,
  // The name as SAP's short text holds it (40 characters): the default DESCRIPTION, so a long name transfers.
  ProductShortName: (line) => shortened(line.name, OCI_FIELD_LENGTHS.DESCRIPTION),
  ProductSKU: (line) => line.sku,
  Quantity: (line) => String(line.quantity),
  TaxRate: (line) => String(line.taxRate),
  UNSPSC: (line) => line.unspsc,
  Unit: (line) => ISO_UNIT_OF[line.unit],
} satisfies Record<string, (line: TransferLine, basket: TransferBasket) => string>

/** A placeholder id (`{ProductSKU}` in a transform). */
export type OciPlaceholder = keyof typeof OCI_PLACEHOLDERS

const decimals = (digits: number) => (value: string) => {
  const scaled = parseScaled(value, digits)
  return scaled === null ? null : formatScaled(scaled, digits, digits)
}

/** Formatters by id: each answers the formatted value, or null when it cannot without losing digits. */
export const OCI_FORMATTERS = {
  Decimal0: decimals(0),
  Decimal2: decimals(2),
  Decimal3: decimals(3),
  LowerCase: (value: string) => value.toLowerCase(),
  UpperCase: (value: string) => value.toUpperCase(),
} satisfies Record<string, (value: string) => string | null>

/** A formatter id. */
export type OciFormatter = keyof typeof OCI_FORMATTERS

/** The ids an account owner picks from (`GET …/oci5`), sorted. */
export function ociOptions(): {
  availableFormatters: OciFormatter[]
  availablePlaceholders: OciPlaceholder[]
} {
  return {
    availableFormatters: (Object.keys(OCI_FORMATTERS) as OciFormatter[]).sort(),
    availablePlaceholders: (Object.keys(OCI_PLACEHOLDERS) as OciPlaceholder[]).sort(),
  }
}

/**
 * What each field carries when the configuration says nothing (or leaves transform and formatter empty):
 * the product name shortened to SAP's 40 characters (a mapping of `{ProductName}` sends it whole, and a longer
 * one is reported, never cut), quantities with 3 decimals, prices per 1 unit, the product number as vendor material and as the id
 * DETAIL and VALIDATE come back with, the UNSPSC code as material group and category.
 */
export const OCI_DEFAULTS: Partial<
  Record<OciConfigField, { transform: string; formatter: OciFormatter | '' }>
> = {
  'NEW_ITEM-DESCRIPTION': { transform: '{ProductShortName}', formatter: '' },
  'NEW_ITEM-QUANTITY': { transform: '{Quantity}', formatter: 'Decimal3' },
  'NEW_ITEM-UNIT': { transform: '{Unit}', formatter: '' },
  'NEW_ITEM-PRICE': { transform: '{Price}', formatter: 'Decimal2' },
  'NEW_ITEM-PRICEUNIT': { transform: '1', formatter: '' },
  'NEW_ITEM-CURRENCY': { transform: '{Currency}', formatter: '' },
  'NEW_ITEM-LEADTIME': { transform: '{LeadTime}', formatter: '' },
  'NEW_ITEM-VENDORMAT': { transform: '{ProductSKU}', formatter: '' },
  'NEW_ITEM-MATGROUP': { transform: '{UNSPSC}', formatter: '' },
  'NEW_ITEM-MANUFACTMAT': { transform: '{ManufacturerPartID}', formatter: '' },
  'NEW_ITEM-EXT_PRODUCT_ID': { transform: '{ProductSKU}', formatter: '' },
  'NEW_ITEM-EXT_SCHEMA_TYPE': { transform: 'UNSPSC', formatter: '' },
  'NEW_ITEM-EXT_CATEGORY_ID': { transform: '{UNSPSC}', formatter: '' },
  'NEW_ITEM-LONGTEXT': { transform: '{ProductDescription}', formatter: '' },
}

/**
 * The fields a customer's configuration maps, in the order the account page lists them: the OCI 4.0 item
 * fields and the long text. OCI 5.0's hierarchy (ITEM_TYPE, PARENT_ID) is the writer's, not a mapping.
 */
export const OCI_MAPPED_FIELDS: readonly OciConfigField[] = ociConfigFields('4.0')

/** Longest transform and mapping value the configuration keeps. */
export const MAX_OCI_TRANSFORM_LENGTH = 255

/** Why a configuration cannot be stored: which item (`index`), which field, what. */
export type OciConfigurationIssue = {
  index: number
  field: string
  code: 'unknown-field' | 'duplicate-field' | 'unknown-formatter' | 'unknown-placeholder' | 'too-long'
  /** The formatter or placeholder that is unknown, or the limit passed. */
  detail: string
}

const PLACEHOLDER = /\{([^{}]*)\}/g

/**
 * What is wrong with a configuration an account owner saves (the API answers PUT with 400 and these): fields
 * OCI 5.0 does not have or that come twice, formatters and placeholders not offered, text longer than
 * MAX_OCI_TRANSFORM_LENGTH. An empty list means it can be stored.
 */
export function ociConfigurationIssues(items: OciConfigurationItem[]): OciConfigurationIssue[] {
  const issues: OciConfigurationIssue[] = []
  const known = new Set<string>(ociConfigFields('5.0'))
  const seen = new Set<string>()
  items.forEach((item, index) => {
    const issue = (code: OciConfigurationIssue['code'], detail: string) =>
      issues.push({ index, field: item.field, code, detail })
    if (!known.has(item.field)) issue('unknown-field', item.field)
    else if (seen.has(item.field)) issue('duplicate-field', item.field)
    seen.add(item.field)
    if (item.formatter && !(item.formatter in OCI_FORMATTERS)) issue('unknown-formatter', item.formatter)
    for (const [, name = ''] of item.transform.matchAll(PLACEHOLDER))
      if (!(name in OCI_PLACEHOLDERS)) issue('unknown-placeholder', name)
    const texts = [item.transform, ...(item.mappings ?? []).flatMap((m) => [m.mapFromValue, m.mapToValue])]
    if (texts.some((text) => characters(text) > MAX_OCI_TRANSFORM_LENGTH))
      issue('too-long', String(MAX_OCI_TRANSFORM_LENGTH))
  })
  return issues
}

/** What the OCI writer needs besides the basket. */
export type OciTransferOptions = {
  /** The customer's configuration (fields it does not name keep OCI_DEFAULTS). */
  configuration: OciConfigurationItem[]
  /** The OCI_VERSION of the entry; 5.0 adds ITEM_TYPE (every line an item, O). */
  version: OciVersion
  /** The `~` fields of the entry (~OkCode, ~TARGET, ~CALLER), echoed unchanged; other names are not written. */
  passThrough?: Record<string, string>
}

/** One hidden form field to post to the HOOK_URL. */
export type OciField = { name: string; value: string }

/**
 * The fields to post to the HOOK_URL for `basket` (ICM's `{data:[{name,value}]}`), line by line in position
 * order, then the `~` fields; and the problems of values the fields cannot hold as they are. A value longer
 * than its SAP length is written whole and reported ('too-long'): never cut. Empty values are left out.
 * Throws a plain Error when the configuration has issues (check it with ociConfigurationIssues first).
 */
export function writeOciFields(
  basket: TransferBasket,
  options: OciTransferOptions,
): { fields: OciField[]; problems: TransferProblem[] } {
  const issues = ociConfigurationIssues(options.configuration)
  if (issues.length) throw new Error(`the OCI configuration has issues: ${JSON.stringify(issues)}`)
  const configured = new Map(options.configuration.map((item) => [item.field, item]))
  const fields: OciField[] = []
  const problems: TransferProblem[] = []
  for (const line of [...basket.lines].sort((a, b) => a.position - b.position)) {
    if (line.lineTotal.amount !== line.unitPrice.amount * line.quantity)
      problems.push(transferProblem(line, 'NEW_ITEM-PRICE', 'line-total'))
    for (const field of ociConfigFields(options.version)) {
      const item = configured.get(field)
      const fallback =
        OCI_DEFAULTS[field] ?? (field === 'NEW_ITEM-ITEM_TYPE' ? { transform: 'O', formatter: '' } : null)
      const transform = item?.transform || fallback?.transform || ''
      const formatter = (item?.formatter || fallback?.formatter || '') as OciFormatter | ''
      let value = transform.replace(PLACEHOLDER, (_, name: string) =>
        OCI_PLACEHOLDERS[name as OciPlaceholder](line, basket),
      )
      value = item?.mappings?.find((mapping) => mapping.mapFromValue === value)?.mapToValue ?? value
      if (formatter && value) {
        const formatted = OCI_FORMATTERS[formatter](value)
        if (formatted === null) problems.push(transferProblem(line, field, 'format'))
        else value = formatted
      }
      if (!value) continue
      const length = ociFieldLength(field)
      if (length !== null && characters(value) > length)
        problems.push(transferProblem(line, field, 'too-long'))
      fields.push({ name: ociFieldName(field, line.position), value })
    }
  }
  for (const [name, value] of Object.entries(options.passThrough ?? {}))
    if (name.startsWith('~')) fields.push({ name, value })
  return { fields, problems }
}
