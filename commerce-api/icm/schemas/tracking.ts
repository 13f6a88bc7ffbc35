/**
 * The local tracking collector (routes/tracking-collector.ts): ours, no ICM resource. It answers a batch as
 * GA4's Measurement Protocol does (204, no body) and lists what it kept for the e2e tests.
 */
import { z } from 'zod'
import type { WireRule } from './rules'

/** 204: no body. */
const NoContentSchema = z.undefined()

const TrackingEventSchema = z
  .object({
    id: z.number().int(),
    receivedAt: z.string().datetime(),
    clientId: z.string().min(1).max(64),
    name: z.string().min(1).max(40),
    params: z.record(z.unknown()),
  })
  .strict()

export const trackingWire: WireRule[] = [
  { method: 'POST', route: '/tracking/mp/collect', schema: NoContentSchema },
  {
    method: 'GET',
    route: '/tracking.json',
    schema: z.object({ elements: z.array(TrackingEventSchema).max(200) }).strict(),
  },
]
