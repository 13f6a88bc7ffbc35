/**
 * The OCI 4.0/5.0 item fields (SAP structure BBP_OCI_ITEM) with their lengths in characters, the fields an
 * item needs, and the names they travel under: `NEW_ITEM-<FIELD>[n]`, the long text as `NEW_ITEM-LONGTEXT_n:132[]`
 * (its index in the name; no length: SAP splits it into lines of 132 characters).
 */
import type { TransferLine } from './transfer-basket'

export const OCI_VERSIONS = ['4.0', '5.0'] as const
/** The OCI_VERSION of an entry. */
export type OciVersion = (typeof OCI_VERSIONS)[number]

/** Every item field and its SAP length; ITEM_TYPE and PARENT_ID (the hierarchy) exist from OCI 5.0 on. */
export const OCI_FIELD_LENGTHS = {
  DESCRIPTION: 40,
  QUANTITY: 15,
  UNIT: 3,
  PRICE: 15,
  PRICEUNIT: 5,
  CURRENCY: 5,
  LEADTIME: 5,
  VENDOR: 10,
  VENDORMAT: 40,
  MATNR: 40,
  MATGROUP: 10,
  MANUFACTCODE: 10,
  MANUFACTMAT: 40,
  SERVICE: 1,
  CONTRACT: 10,
  CONTRACT_ITEM: 5,
  EXT_QUOTE_ID: 35,
  EXT_QUOTE_ITEM: 10,
  EXT_PRODUCT_ID: 40,
  ATTACHMENT: 255,
  ATTACHMENT_TITLE: 255,
  ATTACHMENT_PURPOSE: 1,
  EXT_SCHEMA_TYPE: 10,
  EXT_CATEGORY_ID: 60,
  EXT_CATEGORY: 40,
  SLD_SYS_NAME: 60,
  CUST_FIELD1: 10,
  CUST_FIELD2: 10,
  CUST_FIELD3: 10,
  CUST_FIELD4: 20,
  CUST_FIELD5: 50,
  ITEM_TYPE: 1,
  PARENT_ID: 10,
} as const

/** An item field without prefix (DESCRIPTION); OCI_ITEM_FIELDS lists them in the order they are written. */
export type OciItemField = keyof typeof OCI_FIELD_LENGTHS
export const OCI_ITEM_FIELDS = Object.keys(OCI_FIELD_LENGTHS) as OciItemField[]
const OCI5_ONLY: readonly OciItemField[] = ['ITEM_TYPE', 'PARENT_ID']

/** The fields an item (ITEM_TYPE O, or any item in OCI 4.0) must have; an outline (R) needs only DESCRIPTION. */
export const OCI_REQUIRED_FIELDS: readonly OciItemField[] = [
  'DESCRIPTION',
  'QUANTITY',
  'UNIT',
  'PRICE',
  'CURRENCY',
]

/** A field as the OCI configuration names it: `NEW_ITEM-DESCRIPTION`, `NEW_ITEM-LONGTEXT`. */
export type OciConfigField = `NEW_ITEM-${OciItemField}` | 'NEW_ITEM-LONGTEXT'

/** The configurable fields of `version` (OCI 5.0 adds ITEM_TYPE and PARENT_ID). */
export const ociConfigFields = (version: OciVersion = '5.0'): OciConfigField[] => [
  ...OCI_ITEM_FIELDS.filter((field) => version === '5.0' || !OCI5_ONLY.includes(field)).map(
    (field): OciConfigField => `NEW_ITEM-${field}`,
  ),
  'NEW_ITEM-LONGTEXT',
]

/** The SAP length of a configured field; null for the long text, which has none. */
export function ociFieldLength(field: OciConfigField): number | null {
  if (field === 'NEW_ITEM-LONGTEXT') return null
  return OCI_FIELD_LENGTHS[field.slice('NEW_ITEM-'.length) as OciItemField]
}

/** The form field name of `field` for item `index` (1-based). */
export function ociFieldName(field: OciConfigField, index: number): string {
  return field === 'NEW_ITEM-LONGTEXT' ? `NEW_ITEM-LONGTEXT_${index}:132[]` : `${field}[${index}]`
}

/** Length in characters as SAP counts them (code points, so an emoji is one). */
export const characters = (value: string) => [...value].length

/**
 * `text` in at most `limit` characters, for a field SAP keeps short (DESCRIPTION 40): whole when it fits, else
 * cut after the last whole word that fits (trailing punctuation dropped), or after `limit` characters when the
 * first word alone is longer than half of it. Characters, not UTF-16 units, so no emoji is split.
 */
export function shortened(text: string, limit: number): string {
  const chars = [...text.trim()]
  if (chars.length <= limit) return chars.join('')
  const head = chars.slice(0, limit + 1).join('')
  const lastSpace = head.search(/\s\S*$/)
  const cut =
    lastSpace >= 0 && [...head.slice(0, lastSpace)].length > limit / 2 ? head.slice(0, lastSpace) : null
  return (cut ?? chars.slice(0, limit).join('')).replace(/[\s,;:.\-–(/]+$/u, '')
}

/**
 * SAP's ISO unit of a UN/CEFACT Rec. 20 code: pieces are PCE in OCI and IDS, the others keep their code (the
 * packing units box, bag, pair and roll are BX, BG, PR and RO in both lists).
 */
export const ISO_UNIT_OF: Readonly<Record<TransferLine['unit'], string>> = {
  C62: 'PCE',
  MTR: 'MTR',
  KGM: 'KGM',
  LTR: 'LTR',
  SET: 'SET',
  BX: 'BX',
  BG: 'BG',
  PR: 'PR',
  RO: 'RO',
}
