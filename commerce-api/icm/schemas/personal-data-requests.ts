/**
 * Personal data requests (issue 33; domain/personal-data-requests.ts).
 *
 * - `PUT gdpr-requests/{id}/confirmations {hash}`: the PWA's `DataRequestsService.confirmGDPRDataRequest` reads
 *   `infos[0].causes[0].code` (spec §7); ours adds the request in `data` (its type, and whether the caller's own
 *   deletion ended their session).
 * - `POST gdpr-requests {type}`, `GET gdpr-requests`: the logged-in user's requests (ours: the PWA creates them
 *   in ICM's back office); `GET gdpr-requests/{id}/copy`: the document of a confirmed copy (format
 *   `ironbridge.personal-data.v1`).
 */
import { z } from 'zod'
import { envelope, FeedbackSchema } from './common'
import type { WireRule } from './rules'

const RequestSchema = z
  .object({
    id: z.string().uuid(),
    type: z.enum(['copy', 'deletion']),
    status: z.enum(['PENDING', 'CONFIRMED']),
    creationDate: z.string().datetime(),
    confirmationExpiryDate: z.string().datetime(),
    confirmationDate: z.string().datetime().optional(),
    copyAvailable: z.boolean(),
    copyExpiryDate: z.string().datetime().optional(),
  })
  .strict()

const ConfirmationSchema = z.object({
  data: z.object({
    id: z.string().uuid(),
    type: z.enum(['copy', 'deletion']),
    status: z.literal('CONFIRMED'),
    loggedOut: z.boolean(),
  }),
  infos: z
    .array(FeedbackSchema.and(z.object({ code: z.string(), causes: z.array(FeedbackSchema).min(1) })))
    .length(1),
})

const CopySchema = z.object({
  format: z.literal('ironbridge.personal-data.v1'),
  createdAt: z.string().datetime(),
  customer: z.object({ customerNo: z.string() }).passthrough(),
  user: z.object({ login: z.string(), email: z.string() }).passthrough(),
  addresses: z.array(z.record(z.unknown())),
  paymentInstruments: z.array(
    z.object({ paymentMethod: z.string(), accountIdentifier: z.string(), createdAt: z.string() }).strict(),
  ),
  orders: z.array(z.record(z.unknown())),
  recurringOrders: z.array(z.record(z.unknown())),
  personalDataRequests: z.array(z.record(z.unknown())),
})

export const personalDataRequestWire: WireRule[] = [
  { method: 'POST', route: '/rest/:site/gdpr-requests', schema: envelope(RequestSchema) },
  { method: 'GET', route: '/rest/:site/gdpr-requests', schema: envelope(z.array(RequestSchema).max(20)) },
  { method: 'GET', route: '/rest/:site/gdpr-requests/:id/copy', schema: CopySchema },
  { method: 'PUT', route: '/rest/:site/gdpr-requests/:id/confirmations', schema: ConfirmationSchema },
]
