import { z } from 'zod'
import type { WireRule } from './rules'

// PENDING: placeholder schemas, to be written from ICM's shapes.
const pending = z.unknown()

export const checkoutWire: WireRule[] = [
  { method: 'POST', route: '/rest/:site/baskets', schema: pending },
  { method: 'GET', route: '/rest/:site/baskets/:id', schema: pending },
  { method: 'PATCH', route: '/rest/:site/baskets/:id', schema: pending },
  { method: 'PATCH', route: '/rest/:site/baskets/:id/items/:itemId', schema: pending },
  { method: 'DELETE', route: '/rest/:site/baskets/:id/items/:itemId', schema: pending },
  { method: 'POST', route: '/rest/:site/baskets/:id/promotioncodes', schema: pending },
  { method: 'DELETE', route: '/rest/:site/baskets/:id/promotioncodes/:code', schema: pending },
  { method: 'POST', route: '/rest/:site/baskets/:id/items', schema: pending },
  { method: 'POST', route: '/rest/:site/baskets/:id/merges', schema: pending },
  { method: 'GET', route: '/rest/:site/:resource/:customer/addresses', schema: pending },
  { method: 'POST', route: '/rest/:site/:resource/:customer/addresses', schema: pending },
  { method: 'GET', route: '/rest/:site/:resource/:customer/addresses/:id', schema: pending },
  { method: 'PUT', route: '/rest/:site/:resource/:customer/addresses/:id', schema: pending },
  { method: 'DELETE', route: '/rest/:site/:resource/:customer/addresses/:id', schema: pending },
  { method: 'POST', route: '/rest/:site/baskets/:id/addresses', schema: pending },
  { method: 'PATCH', route: '/rest/:site/baskets/:id/addresses/:addressId', schema: pending },
  { method: 'GET', route: '/rest/:site/baskets/:id/eligible-addresses', schema: pending },
  { method: 'GET', route: '/rest/:site/baskets/:id/eligible-shipping-methods', schema: pending },
  {
    method: 'GET',
    route: '/rest/:site/baskets/:id/buckets/:bucketId/eligible-shipping-methods',
    schema: pending,
  },
  { method: 'GET', route: '/rest/:site/baskets/:id/eligible-payment-methods', schema: pending },
  { method: 'PUT', route: '/rest/:site/baskets/:id/payments/open-tender', schema: pending },
  { method: 'PATCH', route: '/rest/:site/baskets/:id/payments/open-tender', schema: pending },
  { method: 'DELETE', route: '/rest/:site/baskets/:id/payments/:paymentId', schema: pending },
  { method: 'POST', route: '/rest/:site/baskets/:id/payment-instruments', schema: pending },
  { method: 'DELETE', route: '/rest/:site/baskets/:id/payment-instruments/:instrumentId', schema: pending },
  { method: 'POST', route: '/rest/:site/baskets/:id/validations', schema: pending },
  { method: 'GET', route: '/rest/:site/:resource/:customer/payments', schema: pending },
  { method: 'GET', route: '/rest/:site/:resource/:customer/payments/:instrumentId', schema: pending },
  { method: 'POST', route: '/rest/:site/:resource/:customer/payments', schema: pending },
  { method: 'DELETE', route: '/rest/:site/:resource/:customer/payments/:instrumentId', schema: pending },
  { method: 'GET', route: '/rest/:site/:resource/:customer/eligible-payment-methods', schema: pending },
  { method: 'POST', route: '/rest/:site/orders', schema: pending },
  { method: 'GET', route: '/rest/:site/orders', schema: pending },
  { method: 'GET', route: '/rest/:site/orders/:id', schema: pending },
  { method: 'PATCH', route: '/rest/:site/orders/:id', schema: pending },
  { method: 'POST', route: '/rest/:site/orders-csv', schema: pending },
]
