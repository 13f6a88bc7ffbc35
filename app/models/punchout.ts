/**
 * Punchout (issue 34, spec shell §3, §4.7, §5, §6, §7): buyers shop from their procurement system (cXML,
 * OCI, IDS Connect) and send the basket back. The protocol types, who transfers how, what the session keeps
 * of a punchout, and ICM's answers of the punchout resources (`customers/{no}/punchouts…`, read after the
 * Intershop PWA's `punchout.service.ts` and its models).
 */
import { z } from 'zod'

export const PUNCHOUT_TYPES = ['cxml', 'oci', 'ids'] as const
export type PunchoutType = (typeof PUNCHOUT_TYPES)[number]

export const isPunchoutType = (value: unknown): value is PunchoutType =>
  (PUNCHOUT_TYPES as readonly unknown[]).includes(value)

/** ICM's resource of each type below `customers/{no}/punchouts/`. */
export const PUNCHOUT_RESOURCE: Record<PunchoutType, string> = { cxml: 'cxml1.2', oci: 'oci5', ids: 'ids' }

/** The type a resource name stands for (`oci5` → oci); undefined for anything else. */
export const punchoutTypeOfResource = (resource: string): PunchoutType | undefined =>
  PUNCHOUT_TYPES.find((type) => PUNCHOUT_RESOURCE[type] === resource)

/** Who manages the company's punchout users and configurations (spec §6). */
export const MANAGE_PUNCHOUT = 'APP_B2B_MANAGE_PUNCHOUT'

/** The permission that lets a user transfer a basket in each format. */
export const SEND_PERMISSION: Record<PunchoutType, string> = {
  cxml: 'APP_B2B_SEND_CXML_BASKET',
  oci: 'APP_B2B_SEND_OCI_BASKET',
  ids: 'APP_B2B_SEND_IDS_BASKET',
}

/**
 * The transfer a user's permissions select (spec §4.7): cXML, else OCI, else IDS, otherwise none (null).
 */
export function transferTypeOf(permissions: readonly string[] | undefined): PunchoutType | null {
  for (const type of PUNCHOUT_TYPES) if (permissions?.includes(SEND_PERMISSION[type])) return type
  return null
}

/** Spec §4.7, §9: the pause after a punchout login before the basket is loaded. */
export const PUNCHOUT_LOGIN_DELAY_MS = 500

/**
 * What the session keeps of a punchout (spec §4.7: the cXML session id, return URL and basket id; the OCI
 * hook URL, the `~` fields to echo and the return target; IDS's hook URL, target and version). It belongs to
 * the user `login` and ends with their session.
 */
export type PunchoutState = {
  type: PunchoutType
  login: string
  /** The punchout's own basket: a cXML setup's, or the one made for this OCI or IDS session. */
  basketId?: string
  sid?: string
  returnUrl?: string
  hookUrl?: string
  /** OCI's `~` fields (`~OkCode`, `~TARGET`, `~CALLER`), echoed unchanged with the transfer. */
  tildeFields?: [string, string][]
  /** The frame the return form goes to (OCI `returntarget`, IDS `target`). */
  target?: string
  /** The IDS interface version the trade software asked for. */
  version?: string
}

/** A line a format cannot carry as it is (commerce-api/punchout/transfer-basket.ts `TransferProblem`). */
export type TransferProblem = { position: number; sku: string; field: string; reason: string }

/** The reason codes of the commerce API's format writers (commerce-api/punchout/format-common.ts). */
const TRANSFER_PROBLEM_REASONS = new Set(['too-long', 'not-xml-text', 'missing', 'line-total', 'format'])

/**
 * The text key of a problem's reason (the problems are the commerce API's addition to ICM's answer): its codes
 * have texts of their own; a code this storefront does not know yet shows as it came.
 */
export const transferReasonKey = (reason: string) =>
  TRANSFER_PROBLEM_REASONS.has(reason) ? `punchout.transfer.reason.${reason}` : reason

/**
 * The form that goes back to the procurement system (transfer, OCI validate and background search): where it
 * posts, into which frame, its hidden fields, whether the page sends it by itself, and the problems the
 * buyer sees first (a page with problems never sends by itself).
 */
export type HookForm = {
  action: string
  target?: string
  fields: { name: string; value: string }[]
  autoSubmit: boolean
  problems: TransferProblem[]
}

// ---------------------------------------------------------------------------------------------------------
// ICM's answers, as the storefront reads them

const LinkWireSchema = z.object({
  type: z.literal('Link').optional(),
  uri: z.string(),
  title: z.string().optional(),
  attributes: z.array(z.object({ name: z.string(), value: z.unknown() })).optional(),
})

/** `GET customers/{no}/punchouts` and `…/users`: a ResourceCollection of Links. */
export const PunchoutLinksWireSchema = z.object({ elements: z.array(LinkWireSchema) })

const lastSegment = (uri: string) => {
  const segment = uri.split('?')[0]!.split('/').filter(Boolean).pop() ?? ''
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The punchout types a customer has, from the links' resources (`…/punchouts/oci5`), in the shop's order. */
export function mapPunchoutTypes(wire: z.infer<typeof PunchoutLinksWireSchema>): PunchoutType[] {
  const found = new Set(wire.elements.map((link) => punchoutTypeOfResource(lastSegment(link.uri))))
  return PUNCHOUT_TYPES.filter((type) => found.has(type))
}

export type PunchoutUser = { login: string; type: PunchoutType; active: boolean }

/**
 * The users of a list: each Link's title is the login (else the last segment of its uri); an `active`
 * attribute of `false` marks an inactive one.
 */
export function mapPunchoutUsers(
  wire: z.infer<typeof PunchoutLinksWireSchema>,
  type: PunchoutType,
): PunchoutUser[] {
  return wire.elements
    .map((link) => ({
      login: link.title || lastSegment(link.uri),
      type,
      active: link.attributes?.find((attribute) => attribute.name === 'active')?.value !== false,
    }))
    .filter((user) => user.login !== '')
    .sort((a, b) => a.login.localeCompare(b.login))
}

/** `GET …/cxml1.2/sessions/{sid}`: the basket of the punchout and where its order message goes. */
export const CxmlSessionWireSchema = z.object({ basketId: z.string().min(1), returnURL: z.string().min(1) })

/** `GET|PATCH …/cxml1.2/users/{login}/configurations`: values, and what the configuration offers. */
export const CxmlConfigurationWireSchema = z.object({
  data: z.array(z.object({ name: z.string().min(1), value: z.string().nullable().optional() })),
  info: z
    .object({
      metaData: z.array(
        z.object({
          name: z.string(),
          defaultValue: z.string().optional(),
          description: z.string().optional(),
          inputType: z.string().optional(),
        }),
      ),
    })
    .optional(),
})

export type CxmlConfigurationEntry = {
  name: string
  /** The value the user set; empty when the default applies. */
  value: string
  defaultValue: string
  description: string
  long: boolean
}

/** The entries with their defaults and help texts (the PWA's `CxmlConfigurationMapper`). */
export function mapCxmlConfiguration(
  wire: z.infer<typeof CxmlConfigurationWireSchema>,
): CxmlConfigurationEntry[] {
  const meta = new Map((wire.info?.metaData ?? []).map((entry) => [entry.name, entry]))
  return wire.data.map((entry) => {
    const info = meta.get(entry.name)
    const defaultValue = info?.defaultValue ?? ''
    const value = entry.value ?? ''
    return {
      name: entry.name,
      value: value === defaultValue ? '' : value,
      defaultValue,
      description: info?.description ?? '',
      long: info?.inputType === 'text-long',
    }
  })
}

/** `GET …/oci5`: the formatters and placeholders an OCI configuration may use. */
export const OciOptionsWireSchema = z.object({
  availableFormatters: z.array(z.object({ id: z.string() })),
  availablePlaceholders: z.array(z.object({ id: z.string() })),
})

export type OciOptions = { formatters: string[]; placeholders: string[] }

/** The options as the page offers them: placeholders sorted (spec §3). */
export const mapOciOptions = (wire: z.infer<typeof OciOptionsWireSchema>): OciOptions => ({
  formatters: wire.availableFormatters.map((formatter) => formatter.id),
  placeholders: wire.availablePlaceholders.map((placeholder) => placeholder.id).sort(),
})

const OciConfigurationItemWireSchema = z.object({
  field: z.string().min(1),
  transform: z.string().nullable().optional(),
  formatter: z.string().nullable().optional(),
  mappings: z
    .array(z.object({ mapFromValue: z.string().nullable(), mapToValue: z.string().nullable() }))
    .nullable()
    .optional(),
})

/** `GET|PUT …/oci5/configurations`: per OCI field, its value (with placeholders), formatter and mappings. */
export const OciConfigurationWireSchema = z.object({ items: z.array(OciConfigurationItemWireSchema) })

export type OciMapping = { from: string; to: string }
export type OciConfigurationItem = {
  field: string
  transform: string
  formatter: string
  mappings: OciMapping[]
}

export const mapOciConfiguration = (
  wire: z.infer<typeof OciConfigurationWireSchema>,
): OciConfigurationItem[] =>
  wire.items.map((item) => ({
    field: item.field,
    transform: item.transform ?? '',
    formatter: item.formatter ?? '',
    mappings: (item.mappings ?? []).map((mapping) => ({
      from: mapping.mapFromValue ?? '',
      to: mapping.mapToValue ?? '',
    })),
  }))

/** The configuration as ICM takes it back (`PUT …/oci5/configurations {items}`). */
export const ociConfigurationBody = (items: OciConfigurationItem[]) => ({
  items: items.map((item) => ({
    field: item.field,
    transform: item.transform,
    formatter: item.formatter,
    mappings: item.mappings.map((mapping) => ({ mapFromValue: mapping.from, mapToValue: mapping.to })),
  })),
})

const TransferProblemWireSchema = z.object({
  position: z.number().int(),
  sku: z.string(),
  field: z.string(),
  reason: z.string(),
})

/** OCI's fields (`transfer`, `validate`, `background-search`): `{data:[{name,value}]}`, with problems. */
export const OciDataWireSchema = z.object({
  data: z.array(z.object({ name: z.string().min(1), value: z.string() })),
  problems: z.array(TransferProblemWireSchema).optional(),
})

/** The XML of a cXML or IDS transfer, asked for as JSON so that the lines it cannot carry come along. */
export const TransferTextWireSchema = z.object({
  data: z.string().min(1),
  problems: z.array(TransferProblemWireSchema).optional(),
})
