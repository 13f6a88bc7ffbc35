import { z } from 'zod'
import type { WireRule } from './rules'

// PENDING: placeholder schemas, to be written from ICM's shapes.
const pending = z.unknown()

export const contentWire: WireRule[] = [
  { method: 'GET', route: '/rest/:site/configurations', schema: pending },
  { method: 'GET', route: '/rest/:site/cms/includes/:id', schema: pending },
  { method: 'GET', route: '/rest/:site/cms/pages/:id', schema: pending },
  { method: 'GET', route: '/rest/:site/cms/pagetree/:id', schema: pending },
  { method: 'GET', route: '/rest/:site/countries', schema: pending },
  { method: 'GET', route: '/rest/:site/countries/:code/main-divisions', schema: pending },
]
