/**
 * The shapes of orders that several domain modules share (orders.ts places them, recurring-orders.ts keeps
 * templates of them, fulfilment.ts moves them, events.ts names them): kept apart from the modules' code so
 * that none of them imports another only for a type, and no import cycle forms between them.
 */
import type { OrderSnapshot, orderLineItems, orderShipments, orders } from '../db/schema'
import type { BasketNotice, BasketState } from './basket'

export type OrderRow = typeof orders.$inferSelect
/** An order without its snapshot (schema.ts `orderHead`). */
export type OrderHead = Omit<OrderRow, 'snapshot'>
export type OrderLineRow = typeof orderLineItems.$inferSelect
export type ShipmentRow = typeof orderShipments.$inferSelect

/** An order with its lines as ordered, and what the call that produced it tells the shopper. */
export type OrderView = { order: OrderRow; lines: OrderLineRow[]; notices: BasketNotice[] }

/**
 * What an order keeps of its basket, in the wire format its answers are made of: the order stores ICM's
 * basket as ordered, so the serializer that makes it is handed in (icm/orders.ts `orderSnapshotOf`).
 */
export type SnapshotOf = (
  state: BasketState,
  email: string | null,
) => { snapshot: OrderSnapshot; lineJson: (lineId: string) => Record<string, unknown> }
