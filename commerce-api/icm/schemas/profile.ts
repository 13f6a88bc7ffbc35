/**
 * A user's changes to their own account (commerce-and-checkout §7 Accounts): `PUT customers/-/users/-` and
 * `PUT privatecustomers/-` answer the user as the GETs do; a new password is answered with 204 and no body.
 */
import { z } from 'zod'
import type { WireRule } from './rules'
import { PrivateCustomerSchema, UserSchema } from './session'

export const profileWire: WireRule[] = [
  { method: 'PUT', route: '/rest/:site/customers/-/users/-', schema: UserSchema },
  { method: 'PUT', route: '/rest/:site/privatecustomers/-', schema: PrivateCustomerSchema },
  { method: 'PUT', route: '/rest/:site/customers/-/users/-/credentials/password', schema: z.null() },
  { method: 'PUT', route: '/rest/:site/privatecustomers/-/credentials/password', schema: z.null() },
]
