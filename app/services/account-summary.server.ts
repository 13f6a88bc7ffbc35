/**
 * What the account overview shows of the customer and the user (commerce-and-checkout §7 Accounts): name,
 * e-mail address, customer number, the company of a business customer, and the latest orders (a few, newest
 * first). Read from ICM in parallel; personal and never cached.
 */
import { getCompany } from './company.server'
import type { LoggedIn } from './guards.server'
import { listOrders } from './orders.server'
import { ownUser } from './profile.server'

/** How many of the latest orders the overview shows; the order list has the rest. */
export const LATEST_ORDERS = 3

export async function accountSummary({ scope, user }: Pick<LoggedIn, 'scope' | 'user'>) {
  const business = user.customerType === 'SMBCustomer'
  const [own, company, orders] = await Promise.all([
    ownUser(scope, user),
    business ? getCompany(scope) : Promise.resolve(null),
    listOrders(scope, { limit: LATEST_ORDERS }),
  ])
  return {
    name: [own.title, own.firstName, own.lastName].filter(Boolean).join(' ') || user.login,
    email: own.email ?? '',
    customerNo: user.customerNo,
    companyName: company?.profile.companyName ?? null,
    latestOrders: orders.orders.slice(0, LATEST_ORDERS).map((order) => ({
      id: order.id,
      documentNumber: order.documentNumber ?? order.id,
      creationDate: order.creationDate,
      status: order.status,
      statusCode: order.statusCode,
      total: order.totals.total,
    })),
    orderCount: orders.total,
  }
}

export type AccountSummaryData = Awaited<ReturnType<typeof accountSummary>>
