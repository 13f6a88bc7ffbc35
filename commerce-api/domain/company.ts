/**
 * The company profile of a business customer (`PUT customers/-`): company names, taxation id, industry and
 * description. Only business customers have one (commerce-and-checkout: "customer update only for business
 * customers"); changing it is user management's (APP_B2B_MANAGE_USERS, organization-and-requisitions §2
 * `settings/company`). The customer's number, type, budget price type and cost center settings are not the
 * profile's and stay as they are.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers } from '../db/schema'
import { customerOfUser, type CustomerUser } from './customers'
import { forbiddenError } from './errors'
import { hasPermission } from './permissions'
import type { Principal } from './tokens'

/** The profile fields a company may change; empty optional fields are removed, absent ones kept. */
export type CompanyProfileInput = {
  companyName: string
  companyName2?: string | null
  taxationID?: string | null
  industry?: string | null
  description?: string | null
}

type UserPrincipal = Extract<Principal, { anonymous: false }>

/** A field left out keeps its value (undefined: drizzle sets nothing); an empty one is removed. */
const fieldValue = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() ? value.trim() : null

/**
 * Changes the caller's company profile. A private customer is refused (403, as ICM refuses a private
 * customer on the business customer resource), and so is a business user without user management.
 */
export async function updateCompanyProfile(
  db: Db,
  caller: UserPrincipal,
  input: CompanyProfileInput,
): Promise<CustomerUser> {
  if (caller.customerType !== 'SMBCustomer')
    throw forbiddenError(
      'customer.update.not_business',
      'Only business customers have a company profile; private customers change their data in privatecustomers/-.',
    )
  if (!hasPermission(caller, 'APP_B2B_MANAGE_USERS'))
    throw forbiddenError('authorization.forbidden', 'This call needs the permission APP_B2B_MANAGE_USERS.')
  await db
    .update(customers)
    .set({
      companyName: input.companyName.trim(),
      companyName2: fieldValue(input.companyName2),
      taxationId: fieldValue(input.taxationID),
      industry: fieldValue(input.industry),
      description: fieldValue(input.description),
    })
    .where(eq(customers.customerNo, caller.customerNo))
  return customerOfUser(db, caller.userId)
}
