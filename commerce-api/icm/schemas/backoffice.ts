/**
 * The operator's back office (routes/backoffice.ts, ADR 0026): ours, no ICM resource, outside ICM's REST root.
 * Orders across all customers by their order number, with ICM's status codes, lines' `fulfillmentStatus` and
 * `trackingLinks`; amounts as ICM's Money.
 */
import { z } from 'zod'
import { MoneySchema } from './common'
import type { WireRule } from './rules'

const STATUS = z.enum([
  'NEW',
  'INPROGRESS',
  'COMPLETED',
  'DELIVERED',
  'CANCELLED',
  'PENDING_PAYMENT',
  'PENDING_APPROVAL',
  'REJECTED',
])

const OrderSummarySchema = z
  .object({
    documentNumber: z.string(),
    id: z.string().uuid(),
    creationDate: z.string().datetime(),
    statusCode: STATUS,
    status: z.string(),
    customerNo: z.string().optional(),
    email: z.string().optional(),
    total: z.object({ gross: MoneySchema, net: MoneySchema.optional() }).strict(),
    trackingLinks: z.array(z.string()),
  })
  .strict()

const OrderDetailSchema = OrderSummarySchema.extend({
  statusChangedAt: z.string().datetime().optional(),
  lines: z.array(
    z
      .object({
        position: z.number().int().min(1),
        sku: z.string(),
        name: z.string(),
        quantity: z.number().int().min(1),
        fulfillmentStatus: z.enum(['NEW', 'SHIPPED', 'DELIVERED', 'CANCELLED']),
      })
      .strict(),
  ),
  shipments: z.array(
    z
      .object({
        carrier: z.string(),
        trackingNumber: z.string(),
        trackingUrl: z.string().url().optional(),
        lines: z.array(z.number().int().min(1)).min(1),
        shippedAt: z.string().datetime(),
      })
      .strict(),
  ),
}).strict()

const OrderListSchema = z
  .object({
    orders: z.array(OrderSummarySchema).max(100),
    total: z.number().int().min(0),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .strict()

const order = '/backoffice/orders/:documentNo'

export const backofficeWire: WireRule[] = [
  { method: 'GET', route: '/backoffice/orders', schema: OrderListSchema },
  { method: 'GET', route: order, schema: OrderDetailSchema },
  { method: 'POST', route: `${order}/shipments`, schema: OrderDetailSchema },
  { method: 'POST', route: `${order}/processing`, schema: OrderDetailSchema },
  { method: 'POST', route: `${order}/delivery`, schema: OrderDetailSchema },
  { method: 'POST', route: `${order}/cancellation`, schema: OrderDetailSchema },
]
