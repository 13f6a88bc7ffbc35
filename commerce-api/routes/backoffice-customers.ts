/**
 * The back office's customers (routes/backoffice.ts for the rules: BACKOFFICE_TOKEN as Bearer, JSON only):
 * the registrations waiting for the shop's approval, and their approval, which lets the customer's users
 * log in and mails them (domain/registration.ts). `npm run customers` (commerce-api/cli/customers.ts) calls these.
 */
import { z } from 'zod'
import { approveCustomer, pendingCustomers, type PendingCustomer } from '../domain/registration'
import { parseInput } from '../http'
import { BACKOFFICE_BODY_LIMIT, gate } from './backoffice'
import type { RouteModule } from './context'

const NoParameters = z.object({}).strict().optional()

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
  }
