/**
 * A business customer's OCI field mapping (issue 34, ICM's `…/punchouts/oci5` options and
 * `…/oci5/configurations`): for each `NEW_ITEM-…` field the OCI transfer fills, what goes in (a `transform`:
 * text with `{Placeholder}`s standing for a value of the transferred line), values replaced after that
 * (`mappings`: an exact `mapFromValue` becomes `mapToValue`) and a `formatter` applied last. The shop's
 * default mapping fills the fields a buyer's SAP needs; a customer's items replace it field by field, and only
 * what differs from the default is stored. An empty transform or formatter is the field's default.
 *
 * The lists (fields, placeholders, formatters, lengths) and the defaults are the OCI writer's
 * (commerce-api/punchout/oci.ts), which applies the mapping in effect to each TransferLine: what is stored
 * here is what the writer takes.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { punchoutOciConfigurations, type OciConfigurationItem } from '../db/schema'
import {
  MAX_OCI_TRANSFORM_LENGTH,
  OCI_DEFAULTS,
  OCI_FORMATTERS,
  OCI_MAPPED_FIELDS,
  OCI_PLACEHOLDERS,
  characters,
  type OciConfigField,
} from '../punchout/oci'
import { invalidError, type DomainErrorCause } from './errors'

export type { OciConfigurationItem } from '../db/schema'

/** The fields a customer may map, in the order the account page lists them. */
export const OCI_FIELDS: readonly string[] = OCI_MAPPED_FIELDS

/** Most mappings of one field. */
export const MAX_OCI_MAPPINGS = 20

const isPlaceholder = (name: string) => Object.hasOwn(OCI_PLACEHOLDERS, name)
const isFormatter = (name: string) => Object.hasOwn(OCI_FORMATTERS, name)

/** The shop's default of a field: its transform and formatter ('' where the field has none). */
const defaultOf = (field: string) => ({
  transform: OCI_DEFAULTS[field as OciConfigField]?.transform ?? '',
  formatter: OCI_DEFAULTS[field as OciConfigField]?.formatter ?? '',
})

const defaultItem = (field: string): OciConfigurationItem => ({ field, ...defaultOf(field), mappings: [] })

/** An item that maps nothing the default does not (an empty transform or formatter is the default's). */
const isDefault = (item: OciConfigurationItem) => {
  const fallback = defaultOf(item.field)
  return (
    (item.transform || fallback.transform) === fallback.transform &&
    (item.formatter || fallback.formatter) === fallback.formatter &&
    !item.mappings?.length
  )
}

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
  if (characters(transform) > MAX_OCI_TRANSFORM_LENGTH)
    return `At most ${MAX_OCI_TRANSFORM_LENGTH} characters.`
  const unknown = [...transform.matchAll(PLACEHOLDER)]
    .map(([, name]) => name!)
    .filter((name) => !isPlaceholder(name))
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
  if (item.formatter !== '' && !isFormatter(item.formatter))
    causes.push({
      code: 'punchout.oci.formatter.unknown',
      message: `'${item.formatter}' is not a formatter; use one of ${Object.keys(OCI_FORMATTERS).join(', ')}.`,
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
    const tooLong = [mapping.mapFromValue, mapping.mapToValue].some(
      (v) => characters(v) > MAX_OCI_TRANSFORM_LENGTH,
    )
    if (mapping.mapFromValue === '' || tooLong)
      causes.push({
        code: 'punchout.oci.mapping.invalid',
        message: `${item.field}: a mapping needs the value it replaces, and both values at most ${MAX_OCI_TRANSFORM_LENGTH} characters.`,
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
