/**
 * Registration (`POST privatecustomers`, `POST customers`: the new customer as `privatecustomers/-` or
 * `customers/-` shows it, plus our `approvalPending`), the newsletter subscription (`subscriptions`: ICM's
 * `{name, type, active, recipient}`), and the back office's registrations waiting for approval (ours).
 */
import { z } from 'zod'
import type { WireRule } from './rules'
import { CustomerSchema, PrivateCustomerSchema } from './session'

const Pending = z.object({ approvalPending: z.boolean() })

const SubscriptionSchema = z
  .object({ name: z.string(), type: z.string(), active: z.boolean(), recipient: z.string() })
  .strict()

const PendingCustomerSchema = z
  .object({
    customerNo: z.string().min(1),
    type: z.enum(['PrivateCustomer', 'SMBCustomer']),
    companyName: z.string().optional(),
    taxationID: z.string().optional(),
    approvalPending: z.boolean(),
    user: z
      .object({
        login: z.string(),
        email: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        registeredAt: z.string().datetime(),
      })
      .strict(),
  })
  .strict()

export const registrationWire: WireRule[] = [
  { method: 'POST', route: '/rest/:site/privatecustomers', schema: PrivateCustomerSchema.and(Pending) },
  { method: 'POST', route: '/rest/:site/customers', schema: CustomerSchema.and(Pending) },
  { method: 'GET', route: '/rest/:site/subscriptions/:email', schema: SubscriptionSchema },
  { method: 'POST', route: '/rest/:site/subscriptions', schema: SubscriptionSchema },
  { method: 'DELETE', route: '/rest/:site/subscriptions/:email', schema: z.null() },
  {
    method: 'GET',
    route: '/backoffice/customers/pending',
    schema: z.object({ customers: z.array(PendingCustomerSchema) }).strict(),
  },
  { method: 'POST', route: '/backoffice/customers/:customerNo/approval', schema: PendingCustomerSchema },
  {
    method: 'PUT',
    route: '/backoffice/customers/:customerNo/price-display',
    schema: z
      .object({
        customerNo: z.string().min(1),
        type: z.literal('SMBCustomer'),
        companyName: z.string().optional(),
        isPriceDisplayActive: z.boolean(),
      })
      .strict(),
  },
]
