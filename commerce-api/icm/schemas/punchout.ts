/**
 * Punchout's answers as ICM sends them (issue 34), written from the Intershop PWA's punchout extension:
 * `services/punchout/punchout.service.ts` (the types and users are collections of Links it resolves; a type
 * resolves to `{punchoutType, version}`; `GET …/punchouts/oci5` answers OciOptionsData; the OCI mapping is
 * `{items}`; a session is read as PunchoutSession), `models/punchout-user/punchout-user.model.ts`,
 * `models/cxml-configuration/cxml-configuration.interface.ts` (CxmlConfigurationData),
 * `models/oci-options/oci-options.interface.ts` and `models/oci-configuration-item/oci-configuration-item.model.ts`.
 * A punchout user never carries its password.
 */
import { z } from 'zod'
import { LinkSchema, resourceCollection } from './common'
import type { WireRule } from './rules'

const PunchoutKindSchema = z.enum(['cxml', 'oci', 'ids'])

export const PunchoutTypeSchema = z
  .object({
    punchoutType: PunchoutKindSchema,
    version: z.string().min(1),
    availableFormatters: z.array(z.object({ id: z.string() })).optional(),
    availablePlaceholders: z.array(z.object({ id: z.string() })).optional(),
  })
  .strict()

export const PunchoutUserSchema = z
  .object({
    id: z.string().min(1),
    login: z.string().min(1),
    email: z.string(),
    active: z.boolean(),
    punchoutType: PunchoutKindSchema,
  })
  .strict()

const PunchoutUserLinkSchema = LinkSchema.extend({ itemId: z.string().min(1) })

export const CxmlConfigurationSchema = z.object({
  data: z.array(z.object({ name: z.string(), value: z.string() })),
  info: z.object({
    metaData: z.array(
      z.object({
        name: z.string(),
        defaultValue: z.string().optional(),
        description: z.string().optional(),
        inputType: z.enum(['text-long', 'text-short']).optional(),
      }),
    ),
  }),
})

export const OciConfigurationSchema = z.object({
  items: z.array(
    z.object({
      field: z.string().min(1),
      transform: z.string(),
      formatter: z.string(),
      mappings: z.array(z.object({ mapFromValue: z.string(), mapToValue: z.string() })).optional(),
    }),
  ),
})

export const PunchoutSessionSchema = z.object({
  basketId: z.string().min(1),
  returnURL: z.string().url(),
  operation: z.enum(['create', 'edit', 'inspect']).optional(),
  buyerCookie: z.string().optional(),
  creationDate: z.string().optional(),
})

const TransferProblemSchema = z
  .object({
    position: z.number().int().positive(),
    sku: z.string(),
    field: z.string().min(1),
    reason: z.enum(['too-long', 'not-xml-text', 'missing', 'line-total', 'format']),
  })
  .strict()

/**
 * OCI's fields (`…/oci5/transfer`, `validate`, `background-search`): ICM's `{data:[{name,value}]}`, with the
 * lines the fields cannot carry as they are (`problems`: this shop's extension, punchout/transfer-basket.ts,
 * which the API always sends and ICM does not).
 */
export const OciFieldsSchema = z
  .object({
    data: z.array(z.object({ name: z.string().regex(/^NEW_ITEM-/), value: z.string() }).strict()),
    problems: z.array(TransferProblemSchema).optional(),
  })
  .strict()

/** A cXML or IDS transfer asked for as JSON: the XML as text, with the problems. */
export const TransferTextSchema = z
  .object({ data: z.string().startsWith('<'), problems: z.array(TransferProblemSchema).optional() })
  .strict()

/** DELETE answers nothing (204). */
const NoContentSchema = z.undefined()

const punchouts = '/rest/:site/customers/:customerNo/punchouts'

export const punchoutWire: WireRule[] = [
  { method: 'GET', route: punchouts, schema: resourceCollection(LinkSchema) },
  { method: 'GET', route: `${punchouts}/:type`, schema: PunchoutTypeSchema },
  { method: 'GET', route: `${punchouts}/:type/users`, schema: resourceCollection(PunchoutUserLinkSchema) },
  { method: 'POST', route: `${punchouts}/:type/users`, schema: PunchoutUserLinkSchema },
  { method: 'GET', route: `${punchouts}/:type/users/:login`, schema: PunchoutUserSchema },
  { method: 'PUT', route: `${punchouts}/:type/users/:login`, schema: PunchoutUserSchema },
  { method: 'DELETE', route: `${punchouts}/:type/users/:login`, schema: NoContentSchema },
  {
    method: 'GET',
    route: `${punchouts}/cxml1.2/users/:userId/configurations`,
    schema: CxmlConfigurationSchema,
  },
  {
    method: 'PATCH',
    route: `${punchouts}/cxml1.2/users/:userId/configurations`,
    schema: CxmlConfigurationSchema,
  },
  { method: 'GET', route: `${punchouts}/oci5/configurations`, schema: OciConfigurationSchema },
  { method: 'PUT', route: `${punchouts}/oci5/configurations`, schema: OciConfigurationSchema },
  { method: 'GET', route: `${punchouts}/cxml1.2/sessions/:sid`, schema: PunchoutSessionSchema },
  { method: 'POST', route: `${punchouts}/cxml1.2/transfer`, schema: TransferTextSchema },
  { method: 'POST', route: `${punchouts}/oci5/transfer`, schema: OciFieldsSchema },
  { method: 'GET', route: `${punchouts}/oci5/validate`, schema: OciFieldsSchema },
  { method: 'GET', route: `${punchouts}/oci5/background-search`, schema: OciFieldsSchema },
  { method: 'POST', route: `${punchouts}/ids/transfer`, schema: TransferTextSchema },
]
