/**
 * The local tracking collector (issue 35, ADR 0035): what the storefront sends server-side with a shopper's
 * tracking consent, in Google Analytics 4's Measurement Protocol body (`{ client_id, events: [{ name, params }] }`),
 * kept in `tracking_events` for development and tests, like the local mailbox keeps mails. Bounded: only the
 * newest KEEP_TRACKING_EVENTS stay.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { trackingEvents } from '../db/schema'

/** How many received events the collector keeps (the newest). */
export const KEEP_TRACKING_EVENTS = 1000
/** The most events one listing shows. */
export const TRACKING_PAGE = 200

/** GA4's rules for a Measurement Protocol request: at most 25 events, names of up to 40 letters, digits, `_`. */
export const MeasurementBatchSchema = z
  .object({
    client_id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
    user_id: z.string().max(256).optional(),
    timestamp_micros: z.union([z.number(), z.string()]).optional(),
    events: z
      .array(
        z
          .object({
            name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/),
            params: z.record(z.unknown()).default({}),
          })
          .strict(),
      )
      .min(1)
      .max(25),
  })
  .strict()

export type MeasurementBatch = z.infer<typeof MeasurementBatchSchema>

export type TrackingEventRow = typeof trackingEvents.$inferSelect

/**
 * Stores a batch's events and drops all but the newest KEEP_TRACKING_EVENTS, in one transaction. Deliberately
 * without `user_id`: the collector shows no identity of a shopper beyond the random client id.
 */
export async function recordTrackingEvents(db: Db, batch: MeasurementBatch, keep = KEEP_TRACKING_EVENTS) {
  await db.transaction(async (tx) => {
    await tx
      .insert(trackingEvents)
      .values(
        batch.events.map((event) => ({ clientId: batch.client_id, name: event.name, payload: event.params })),
      )
    const [edge] = await tx
      .select({ id: trackingEvents.id })
      .from(trackingEvents)
      .orderBy(desc(trackingEvents.id))
      .offset(keep)
      .limit(1)
    if (edge) await tx.delete(trackingEvents).where(lte(trackingEvents.id, edge.id))
  })
}

/** The newest events, optionally of one client or one event name. */
export async function listTrackingEvents(
  db: Db,
  { clientId, name, limit = TRACKING_PAGE }: { clientId?: string; name?: string; limit?: number } = {},
): Promise<TrackingEventRow[]> {
  const conditions = [
    ...(clientId ? [eq(trackingEvents.clientId, clientId)] : []),
    ...(name ? [eq(trackingEvents.name, name)] : []),
  ]
  return db
    .select()
    .from(trackingEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(trackingEvents.id))
    .limit(Math.min(Math.max(limit, 1), TRACKING_PAGE))
}

/** How many events the collector holds. */
export async function countTrackingEvents(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(trackingEvents)
  return row?.count ?? 0
}

/** One line of what an event says: its items (SKU × quantity), value and currency, order number, status. */
export function trackingSummary(name: string, params: Record<string, unknown>): string {
  const parts: string[] = []
  if (name === 'page_error') parts.push(`status ${String(params.page_status)} at ${String(params.page_path)}`)
  if (typeof params.transaction_id === 'string') parts.push(`order ${params.transaction_id}`)
  if (Array.isArray(params.items) && params.items.length)
    parts.push(
      params.items
        .slice(0, 10)
        .map((item) => {
          const { item_id, quantity } = (item ?? {}) as { item_id?: unknown; quantity?: unknown }
          return `${String(item_id)} × ${String(quantity ?? 1)}`
        })
        .join(', ') + (params.items.length > 10 ? ` and ${params.items.length - 10} more` : ''),
    )
  if (typeof params.value === 'number') parts.push(`${params.value} ${String(params.currency ?? '')}`.trim())
  if (typeof params.item_list_name === 'string') parts.push(`list ${params.item_list_name}`)
  return parts.join('; ')
}
