import { z } from 'zod'
import type { WireRule } from './rules'

// PENDING: placeholder schemas, to be written from ICM's shapes.
const pending = z.unknown()

export const catalogWire: WireRule[] = [
  { method: 'GET', route: '/rest/:site/categories', schema: pending },
  { method: 'GET', route: '/rest/:site/categories/*', schema: pending },
  { method: 'GET', route: '/rest/:site/products', schema: pending },
  { method: 'GET', route: '/rest/:site/productfilters', schema: pending },
  { method: 'GET', route: '/rest/:site/products/:sku', schema: pending },
  { method: 'GET', route: '/rest/:site/products/:sku/variations', schema: pending },
  { method: 'GET', route: '/rest/:site/products/:sku/bundles', schema: pending },
  { method: 'GET', route: '/rest/:site/products/:sku/partOfRetailSet', schema: pending },
  { method: 'GET', route: '/rest/:site/products/:sku/links', schema: pending },
  { method: 'GET', route: '/rest/:site/productprices', schema: pending },
  { method: 'GET', route: '/rest/:site/inventories', schema: pending },
  { method: 'GET', route: '/rest/:site/promotions/:id', schema: pending },
  { method: 'GET', route: '/rest/:site/suggest', schema: pending },
  { method: 'GET', route: '/rest/:site/productlookup', schema: pending },
]
