/**
 * The back office's customers (routes/backoffice.ts for the rules: BACKOFFICE_TOKEN as Bearer, JSON only):
 * the registrations waiting for the shop's approval, and their approval, which lets the customer's users
 * log in and mails them (domain/registration.ts); a business customer's price display (ADR 0045).
 * `npm run customers` (commerce-api/cli/customers.ts) calls these.
 */
import { z } from 'zod'
import { setPriceDisplay, type Customer } from '../domain/customers'
import { approveCustomer, pendingCustomers, type PendingCustomer } from '../domain/registration'
import { parseInput } from '../http'
import { BACKOFFICE_BODY_LIMIT, gate } from './backoffice'
import type { RouteModule } from './context'

const NoParameters = z.object({}).strict().optional()

/** `{ "active": false }`: the customer's users see no prices from now on; `true` shows them again. */
const PriceDisplayRequest = z
  .object({
    active: z.boolean({
      required_error: 'active is required',
      invalid_type_error: 'active is true or false',
    }),
  })
  .strict()

/** A customer's price display as the back office answers it (ICM's field name). */
const priceDisplayJson = (customer: Customer) => ({
  customerNo: customer.customerNo,
  type: customer.type,
  companyName: customer.companyName ?? undefined,
  isPriceDisplayActive: customer.priceDisplayActive,
})

function pendingJson({ customer, user }: PendingCustomer) {
  return {
    customerNo: customer.customerNo,
    type: customer.type,
    companyName: customer.companyName ?? undefined,
    taxationID: customer.taxationId ?? undefined,
    approvalPending: customer.approvalPending,
    user: {
      login: user.login,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      registeredAt: user.createdAt.toISOString(),
    },
  }
}

export const backofficeCustomerRoutes =
  (token: string): RouteModule =>
  (app, { db }) => {
    const options = {
      config: { access: 'operator' as const },
      onRequest: gate(token),
      bodyLimit: BACKOFFICE_BODY_LIMIT,
    }

    app.get('/backoffice/customers/pending', options, async () => ({
      customers: (await pendingCustomers(db)).map(pendingJson),
    }))

    app.post('/backoffice/customers/:customerNo/approval', options, async (request) => {
      parseInput(NoParameters, request.body ?? undefined, 'approval request')
      const { customerNo } = request.params as { customerNo: string }
      return pendingJson(await approveCustomer(db, customerNo))
    })

    app.put('/backoffice/customers/:customerNo/price-display', options, async (request) => {
      const { active } = parseInput(PriceDisplayRequest, request.body, 'price display')
      const { customerNo } = request.params as { customerNo: string }
      return priceDisplayJson(await setPriceDisplay(db, customerNo, active))
    })
  }
