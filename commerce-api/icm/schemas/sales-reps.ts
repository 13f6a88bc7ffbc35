/**
 * The co-browse link of the operator's back office (routes/backoffice-sales-reps.ts, issue 35): ours, no ICM
 * resource. The sales desk's pages are HTML (NOT_JSON in index.ts).
 */
import { z } from 'zod'
import type { WireRule } from './rules'

const CobrowseLinkSchema = z
  .object({
    salesRepId: z.string(),
    salesRepName: z.string(),
    user: z.object({ login: z.string(), customerNo: z.string() }).strict(),
    accessToken: z.string().min(1),
    expiresAt: z.string().datetime(),
    url: z.string().url(),
  })
  .strict()

export const salesRepWire: WireRule[] = [
  { method: 'POST', route: '/backoffice/sales-reps/:salesRepId/cobrowse', schema: CobrowseLinkSchema },
]
