import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers, users } from '../db/schema'

export async function customerWithUser(db: Db, userId: string) {
  const [row] = await db
    .select({ customer: customers, user: users })
    .from(users)
    .innerJoin(customers, eq(customers.customerNo, users.customerNo))
    .where(eq(users.id, userId))
  return row
}

type Row = NonNullable<Awaited<ReturnType<typeof customerWithUser>>>

export function customerJson({ customer }: Row) {
  return {
    customerNo: customer.customerNo,
    type: customer.type,
    companyName: customer.companyName ?? undefined,
    companyName2: customer.companyName2 ?? undefined,
    taxationID: customer.taxationId ?? undefined,
    industry: customer.industry ?? undefined,
    description: customer.description ?? undefined,
    budgetPriceType: customer.budgetPriceType,
    isPriceDisplayActive: true,
  }
}

export function userJson({ user }: Row) {
  return {
    login: user.login,
    email: user.email,
    title: user.title ?? undefined,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneHome: user.phone ?? undefined,
    preferredLanguage: user.preferredLanguage,
    active: user.active,
  }
}

/** `privatecustomers/-`: ICM merges the private customer and its one user into one object. */
export function privateCustomerJson(row: Row) {
  return { ...customerJson(row), ...userJson(row) }
}
