/**
 * ICM's punchout resources (`customers/{no}/punchouts…`, issue 34) as the storefront's fixtures must answer
 * them, until the commerce API serves them and its wire rules (commerce-api/icm/schemas) describe them: then
 * those rules win (fixture-check asks them first) and this file goes. Written from the Intershop PWA's
 * `punchout.service.ts` and its models (`punchout-session.model.ts`, `cxml-configuration.interface.ts`,
 * `oci-options.interface.ts`, `oci-configuration-item.model.ts`); the transfers' `problems` are this shop's
 * extension (commerce-api/punchout/transfer-basket.ts `TransferProblem`), asked for as JSON.
 */
import { z } from 'zod'
import { LinkSchema, resourceCollection } from '../../commerce-api/icm/schemas/common'

const base = '/rest/:site/customers/:customerNo/punchouts'

const TransferProblemSchema = z.object({
  position: z.number().int().positive(),
  sku: z.string(),
  field: z.string().min(1),
  reason: z.string().min(1),
})

const OciFieldsSchema = z.object({
  data: z.array(z.object({ name: z.string().regex(/^(NEW_ITEM-|~)/), value: z.string() })),
  problems: z.array(TransferProblemSchema).optional(),
})

const CxmlConfigurationSchema = z.object({
  data: z.array(z.object({ name: z.string().min(1), value: z.string().nullable() })),
  info: z
    .object({
      metaData: z.array(
        z.object({
          name: z.string().min(1),
          defaultValue: z.string().optional(),
          description: z.string().optional(),
          inputType: z.enum(['text-long', 'text-short']).optional(),
        }),
      ),
    })
    .optional(),
})

const OciConfigurationSchema = z.object({
  items: z.array(
    z.object({
      field: z.string().min(1),
      transform: z.string(),
      formatter: z.string(),
      mappings: z.array(z.object({ mapFromValue: z.string(), mapToValue: z.string() })).optional(),
    }),
  ),
})

const PENDING = [
  { method: 'GET', route: base, schema: resourceCollection(LinkSchema) },
  { method: 'GET', route: `${base}/:type/users`, schema: resourceCollection(LinkSchema) },
  { method: 'POST', route: `${base}/:type/users`, schema: LinkSchema },
  {
    method: 'PUT',
    route: `${base}/:type/users/:login`,
    schema: z.object({ login: z.string().min(1), active: z.boolean().optional() }),
  },
  {
    method: 'GET',
    route: `${base}/cxml1.2/sessions/:sid`,
    schema: z.object({ basketId: z.string().min(1), returnURL: z.string().url() }),
  },
  { method: 'GET', route: `${base}/cxml1.2/users/:login/configurations`, schema: CxmlConfigurationSchema },
  { method: 'PATCH', route: `${base}/cxml1.2/users/:login/configurations`, schema: CxmlConfigurationSchema },
  {
    method: 'GET',
    route: `${base}/oci5`,
    schema: z.object({
      availableFormatters: z.array(z.object({ id: z.string().min(1) })),
      availablePlaceholders: z.array(z.object({ id: z.string().min(1) })),
    }),
  },
  { method: 'GET', route: `${base}/oci5/configurations`, schema: OciConfigurationSchema },
  { method: 'PUT', route: `${base}/oci5/configurations`, schema: OciConfigurationSchema },
  { method: 'GET', route: `${base}/oci5/validate`, schema: OciFieldsSchema },
  { method: 'GET', route: `${base}/oci5/background-search`, schema: OciFieldsSchema },
  { method: 'POST', route: `${base}/oci5/transfer`, schema: OciFieldsSchema },
  {
    method: 'POST',
    route: `${base}/:type/transfer`,
    schema: z.object({
      data: z.string().startsWith('<'),
      problems: z.array(TransferProblemSchema).optional(),
    }),
  },
] as const

const patternOf = (route: string) =>
  new RegExp(
    `^${route
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
      .join('/')}$`,
  )

/** The most literal route first (`oci5/transfer` before `:type/transfer`). */
const patterns = PENDING.map((rule) => ({ ...rule, pattern: patternOf(rule.route) })).sort(
  (a, b) => a.route.split(':').length - b.route.split(':').length,
)

/** The schema a fixture of this punchout call must have, while the API has no rule for it. */
export function pendingPunchoutSchema(method: string, path: string): z.ZodTypeAny | undefined {
  return patterns.find((rule) => rule.method === method && rule.pattern.test(path))?.schema
}
