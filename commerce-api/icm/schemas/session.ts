import { z } from 'zod'
import type { WireRule } from './rules'

// PENDING: placeholder schemas, to be written from ICM's shapes.
const pending = z.unknown()

export const sessionWire: WireRule[] = [
  { method: 'POST', route: '/rest/:site/token', schema: pending },
  { method: 'PUT', route: '/rest/:site/token/logout', schema: pending },
  { method: 'POST', route: '/rest/:site/challenges', schema: pending },
  { method: 'GET', route: '/rest/:site/personalization', schema: pending },
  { method: 'GET', route: '/rest/:site/customers/-', schema: pending },
  { method: 'GET', route: '/rest/:site/customers/-/users/-', schema: pending },
  { method: 'GET', route: '/rest/:site/privatecustomers/-', schema: pending },
  { method: 'GET', route: '/rest/:site/customers/:customerNo/users/:login/roles', schema: pending },
  { method: 'GET', route: '/rest/:site/customers/:customerNo/roles', schema: pending },
]
