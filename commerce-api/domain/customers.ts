import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cachedPrincipal } from '../db/read-cache'
import { customers, users } from '../db/schema'
import { notFoundError, refusedError } from './errors'
import type { Principal } from './tokens'

export type Customer = typeof customers.$inferSelect
export type User = typeof users.$inferSelect
/** A logged-in user with the customer they act for. */
export type CustomerUser = { customer: Customer; user: User }

/**
 * The customer's row as it is now; kept on the embedded database until a principal table is written
 * (db/read-cache.ts `cachedPrincipal`): a business basket's validation, budgets and order mails ask for it.
 * Callers do not change it.
 */
export const customerRow = (db: Db, customerNo: string): Promise<Customer | undefined> =>
  cachedPrincipal(
    db,
    'customers',
    customerNo,
    async (d) => (await d.select().from(customers).where(eq(customers.customerNo, customerNo)))[0],
  )

const customerNotFound = () => notFoundError('customer.not_found', 'The customer could not be found.')

/** The user and their customer; a user removed since the token was issued is not found. */
export async function customerOfUser(db: Db, userId: string): Promise<CustomerUser> {
  const [row] = await db
    .select({ customer: customers, user: users })
    .from(users)
    .innerJoin(customers, eq(customers.customerNo, users.customerNo))
    .where(eq(users.id, userId))
  if (!row) throw customerNotFound()
  return row
}

/** `customers/-/users/-`: only business customers have company users. */
export function companyUser(row: CustomerUser): CustomerUser {
  if (row.customer.type !== 'SMBCustomer') {
    throw notFoundError(
      'customer.user.not_found',
      'Private customers have no company users; use privatecustomers/-.',
    )
  }
  return row
}

/** `privatecustomers/-`: a business customer is not found there. */
export function privateCustomer(row: CustomerUser): CustomerUser {
  if (row.customer.type !== 'PrivateCustomer')
    throw notFoundError('customer.not_found', 'The customer is not a private customer.')
  return row
}

/**
 * The personalization group whose prices and content a caller shares: the users of one customer share one,
 * anonymous visitors (and callers without a token) another.
 */
export const personalizationGroup = (principal: Principal | null) =>
  principal && !principal.anonymous ? `pg-${principal.customerNo}` : 'pg-anonymous'

/**
 * The operator switches a business customer's price display (ICM's `isPriceDisplayActive`; ADR 0045): off, the
 * company's users see no prices in the shop, which still prices, totals and takes their orders. A private
 * customer has no such setting; an unknown customer is not found.
 */
export async function setPriceDisplay(db: Db, customerNo: string, active: boolean): Promise<Customer> {
  const [customer] = await db.select().from(customers).where(eq(customers.customerNo, customerNo))
  if (!customer) throw customerNotFound()
  if (customer.type !== 'SMBCustomer')
    throw refusedError(
      'customer.update.not_business',
      'Only a business customer has a price display setting.',
    )
  const [updated] = await db
    .update(customers)
    .set({ priceDisplayActive: active })
    .where(eq(customers.customerNo, customerNo))
    .returning()
  return updated!
}
