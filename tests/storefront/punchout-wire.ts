/**
 * ICM's punchout resources the commerce API does not serve yet (issue 34: OCI's validate and background
 * search, the transfers) as the storefront's fixtures must answer them, until its wire rules
 * (commerce-api/icm/schemas/punchout.ts) describe them: those rules win (fixture-check asks them first), and
 * then this file goes. Written from the Intershop PWA's `punchout.service.ts`; the transfers' `problems` are
 * this shop's extension (commerce-api/punchout/transfer-basket.ts `TransferProblem`), asked for as JSON.
 */
import { z } from 'zod'

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

const PENDING = [
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
