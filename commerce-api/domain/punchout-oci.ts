/**
 * A business customer's OCI field mapping (issue 34, ICM's `…/punchouts/oci5` options and
 * `…/oci5/configurations`): for each `NEW_ITEM-…` field the OCI transfer fills, what goes in (a `transform`:
 * text with `{Placeholder}`s standing for a value of the transferred line), values replaced after that
 * (`mappings`: an exact `mapFromValue` becomes `mapToValue`) and a `formatter` applied last. The shop's
 * default mapping fills the fields a buyer's SAP needs; a customer's items replace it field by field, and only
 * what differs from the default is stored.
 *
 * The OCI writer (commerce-api/punchout/oci.ts) applies the items in effect to each TransferLine:
 * OCI_PLACEHOLDER_VALUES says which value of the line each placeholder stands for, and the formatters are
 * `UpperCase`, `LowerCase` (of the text) and `Decimal0`/`Decimal2`/`Decimal3` (a number with that many
 * decimals, decimal point).
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { punchoutOciConfigurations, type OciConfigurationItem } from '../db/schema'
import type { TransferBasket, TransferLine } from '../punchout/transfer-basket'
import { invalidError, type DomainErrorCause } from './errors'

export type { OciConfigurationItem } from '../db/schema'

/** Formatter ids, sorted (ICM's OciOptions `availableFormatters`). */
export const OCI_FORMATTERS = ['Decimal0', 'Decimal2', 'Decimal3', 'LowerCase', 'UpperCase'] as const

/**
 * The value of the transferred basket each placeholder stands for: a field of the line, or of the basket
 * (`basketId`, `currency`). Prices are the line's net amounts in minor units; the writer writes them as
 * decimals of the currency.
 */
export const OCI_PLACEHOLDER_VALUES = {
  BasketId: 'basketId',
  Currency: 'currency',
  Description: 'description',
  EAN: 'ean',
  LeadTime: 'leadTimeDays',
  LineId: 'lineId',
  LineTotal: 'lineTotal',
  Manufacturer: 'manufacturer',
  ManufacturerSKU: 'manufacturerPartId',
  Position: 'position',
  Price: 'unitPrice',
  ProductName: 'name',
  ProductSKU: 'sku',
  Quantity: 'quantity',
  TaxRate: 'taxRate',
  UNSPSC: 'unspsc',
  Unit: 'unit',
} as const satisfies Record<string, keyof TransferLine | keyof Pick<TransferBasket, 'basketId' | 'currency'>>

export type OciPlaceholder = keyof typeof OCI_PLACEHOLDER_VALUES

/** Placeholder ids, sorted (ICM's OciOptions `availablePlaceholders`). */
export const OCI_PLACEHOLDERS = (Object.keys(OCI_PLACEHOLDER_VALUES) as OciPlaceholder[]).sort()

/**
 * The fields a customer may map, with the shop's default transform (OCI 4/5 item fields; the item hierarchy
 * of OCI 5, ITEM_TYPE and PARENT_ID, is the writer's, not a mapping). `NEW_ITEM-LONGTEXT` stands for the
 * long text fields `NEW_ITEM-LONGTEXT_n:132[]`.
 */
export const OCI_DEFAULT_TRANSFORMS: Readonly<Record<string, string>> = {
  'NEW_ITEM-DESCRIPTION': '{ProductName}',
  'NEW_ITEM-QUANTITY': '{Quantity}',
  'NEW_ITEM-UNIT': '{Unit}',
  'NEW_ITEM-PRICE': '{Price}',
  'NEW_ITEM-PRICEUNIT': '1',
  'NEW_ITEM-CURRENCY': '{Currency}',
  'NEW_ITEM-LEADTIME': '{LeadTime}',
  'NEW_ITEM-VENDOR': '',
  'NEW_ITEM-VENDORMAT': '{ProductSKU}',
  'NEW_ITEM-MATNR': '',
  'NEW_ITEM-MATGROUP': '{UNSPSC}',
  'NEW_ITEM-MANUFACTCODE': '',
  'NEW_ITEM-MANUFACTMAT': '{ManufacturerSKU}',
  'NEW_ITEM-SERVICE': '',
  'NEW_ITEM-CONTRACT': '',
  'NEW_ITEM-CONTRACT_ITEM': '',
  'NEW_ITEM-EXT_QUOTE_ID': '',
  'NEW_ITEM-EXT_QUOTE_ITEM': '',
  'NEW_ITEM-EXT_PRODUCT_ID': '{ProductSKU}',
  'NEW_ITEM-ATTACHMENT': '',
  'NEW_ITEM-ATTACHMENT_TITLE': '',
  'NEW_ITEM-ATTACHMENT_PURPOSE': '',
  'NEW_ITEM-EXT_SCHEMA_TYPE': 'UNSPSC',
  'NEW_ITEM-EXT_CATEGORY_ID': '{UNSPSC}',
  'NEW_ITEM-EXT_CATEGORY': '',
  'NEW_ITEM-SLD_SYS_NAME': '',
  'NEW_ITEM-CUST_FIELD1': '',
  'NEW_ITEM-CUST_FIELD2': '',
  'NEW_ITEM-CUST_FIELD3': '',
  'NEW_ITEM-CUST_FIELD4': '',
  'NEW_ITEM-CUST_FIELD5': '',
  'NEW_ITEM-LONGTEXT': '{Description}',
}

export const OCI_FIELDS = Object.keys(OCI_DEFAULT_TRANSFORMS)

export const MAX_OCI_TEXT_LENGTH = 255
export const MAX_OCI_MAPPINGS = 20

/** The options the account page offers (ICM's OciOptions, `GET …/punchouts/oci5`). */
export const ociOptions = () => ({
  availableFormatters: [...OCI_FORMATTERS],
  availablePlaceholders: [...OCI_PLACEHOLDERS],
})

const defaultItem = (field: string): OciConfigurationItem => ({
  field,
  transform: OCI_DEFAULT_TRANSFORMS[field] ?? '',
  formatter: '',
  mappings: [],
})

const isDefault = (item: OciConfigurationItem) =>
  item.transform === (OCI_DEFAULT_TRANSFORMS[item.field] ?? '') &&
  item.formatter === '' &&
  !item.mappings?.length

/** The mapping in effect for a customer: every field, in the order of OCI_FIELDS, stored or default. */
export async function ociConfiguration(db: Db, customerNo: string): Promise<OciConfigurationItem[]> {
  const [row] = await db
    .select({ items: punchoutOciConfigurations.items })
    .from(punchoutOciConfigurations)
    .where(eq(punchoutOciConfigurations.customerNo, customerNo))
  const stored = new Map((row?.items ?? []).map((item) => [item.field, item]))
  return OCI_FIELDS.map((field) => stored.get(field) ?? defaultItem(field))
}

const PLACEHOLDER = /\{([^{}]*)\}/g

/** Why a transform cannot be used, or undefined: its placeholders must be known, its braces paired. */
function transformProblem(transform: string): string | undefined {
  if (transform.length > MAX_OCI_TEXT_LENGTH) return `At most ${MAX_OCI_TEXT_LENGTH} characters.`
  const unknown = [...transform.matchAll(PLACEHOLDER)]
    .map(([, name]) => name!)
    .filter((name) => !(OCI_PLACEHOLDERS as string[]).includes(name))
  if (unknown.length) return `Unknown placeholders: ${unknown.map((name) => `{${name}}`).join(', ')}.`
  if (/[{}]/.test(transform.replace(PLACEHOLDER, ''))) return 'A brace that opens no placeholder.'
  return undefined
}

/** An item without the empty mapping rows a form sends along (both values empty): they map nothing. */
const withoutEmptyMappings = (item: OciConfigurationItem): OciConfigurationItem => ({
  field: item.field,
  transform: item.transform,
  formatter: item.formatter,
  mappings: (item.mappings ?? []).filter((m) => m.mapFromValue !== '' || m.mapToValue !== ''),
})

type Cause = DomainErrorCause & { paths: string[] }

/** The problems of one item, each naming its path (`items.3.formatter`). */
function itemProblems(item: OciConfigurationItem, index: number, seen: Set<string>): Cause[] {
  const at = (field: string) => [`items.${index}.${field}`]
  const causes: Cause[] = []
  if (!OCI_FIELDS.includes(item.field))
    causes.push({
      code: 'punchout.oci.field.unknown',
      message: `'${item.field}' is not an OCI field the shop fills.`,
      paths: at('field'),
    })
  else if (seen.has(item.field))
    causes.push({
      code: 'punchout.oci.field.duplicate',
      message: `'${item.field}' is mapped twice.`,
      paths: at('field'),
    })
  seen.add(item.field)
  const problem = transformProblem(item.transform)
  if (problem)
    causes.push({
      code: 'punchout.oci.transform.invalid',
      message: `${item.field}: ${problem}`,
      paths: at('transform'),
    })
  if (item.formatter !== '' && !(OCI_FORMATTERS as readonly string[]).includes(item.formatter))
    causes.push({
      code: 'punchout.oci.formatter.unknown',
      message: `'${item.formatter}' is not a formatter; use one of ${OCI_FORMATTERS.join(', ')}.`,
      paths: at('formatter'),
    })
  const mappings = item.mappings ?? []
  if (withoutEmptyMappings(item).mappings!.length > MAX_OCI_MAPPINGS)
    causes.push({
      code: 'punchout.oci.mapping.invalid',
      message: `${item.field}: at most ${MAX_OCI_MAPPINGS} mappings.`,
      paths: at('mappings'),
    })
  mappings.forEach((mapping, m) => {
    if (mapping.mapFromValue === '' && mapping.mapToValue === '') return
    const tooLong = [mapping.mapFromValue, mapping.mapToValue].some((v) => v.length > MAX_OCI_TEXT_LENGTH)
    if (mapping.mapFromValue === '' || tooLong)
      causes.push({
        code: 'punchout.oci.mapping.invalid',
        message: `${item.field}: a mapping needs the value it replaces, and both values at most ${MAX_OCI_TEXT_LENGTH} characters.`,
        paths: at(`mappings.${m}`),
      })
  })
  return causes
}

/**
 * Replaces the customer's mapping (`PUT …/oci5/configurations {items}`): the items given, every other field
 * back to its default. Refused as a whole, with a cause per item at fault, when an item names a field the
 * shop does not fill or twice, a placeholder or formatter that does not exist, or a mapping without its value.
 * Answers the mapping in effect.
 */
export async function setOciConfiguration(
  db: Db,
  customerNo: string,
  items: readonly OciConfigurationItem[],
): Promise<OciConfigurationItem[]> {
  const seen = new Set<string>()
  const causes = items.flatMap((item, index) => itemProblems(item, index, seen))
  if (causes.length)
    throw invalidError(
      'punchout.oci.configuration.invalid',
      causes.map((cause) => cause.message).join(' '),
      causes,
    )
  const kept = items.map(withoutEmptyMappings).filter((item) => !isDefault(item))
  await db
    .insert(punchoutOciConfigurations)
    .values({ customerNo, items: kept })
    .onConflictDoUpdate({
      target: punchoutOciConfigurations.customerNo,
      set: { items: kept, updatedAt: new Date() },
    })
  return ociConfiguration(db, customerNo)
}
