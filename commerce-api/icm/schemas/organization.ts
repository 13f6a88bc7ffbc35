/**
 * Organization management's answers as ICM sends them: a business customer's users, a user's roles and
 * budget, and the company profile. Written from the Intershop PWA's organization-management project:
 * `services/users/users.service.ts` (which calls answer what: the user list is a ResourceCollection whose
 * `elements` are Links with a `login` and typed attributes; `PUT …/roles` answers `{userRoles}`; `PUT
 * …/budgets` and `GET …/users/-/budgets` answer a UserBudget), `models/b2b-user/b2b-user.interface.ts` and
 * `b2b-user.mapper.ts` (the user and the list attributes), `models/user-budget/user-budget.model.ts` (the
 * budget, Money values) and `core/models/customer/customer.interface.ts` with `core/services/user/
 * user.service.ts` `updateCustomer` (`PUT customers/-` answers the customer). The PWA reads no body of
 * `POST customers/{no}/users` (it reads the user again); ours answers the created users' Links.
 */
import { z } from 'zod'
import { LinkSchema, MoneySchema, resourceCollection } from './common'
import type { WireRule } from './rules'
import { CustomerSchema, UserRolesSchema, UserSchema } from './session'

/** A UserBudget: every amount Money; without a limit `budget` and `orderSpentLimit` are missing. */
export const UserBudgetSchema = z.object({
  budget: MoneySchema.optional(),
  budgetPeriod: z.enum(['weekly', 'monthly', 'quarterly', 'yearly']).optional(),
  orderSpentLimit: MoneySchema.optional(),
  remainingBudget: MoneySchema.optional(),
  spentBudget: MoneySchema.optional(),
  pendingRecurringBudget: MoneySchema.optional(),
})

/** `GET customers/{no}/users/{login}`: `B2bUserData` (UserData and `active`), with its roles and budget. */
export const B2bUserSchema = UserSchema.extend({
  active: z.boolean(),
  roleIDs: z.array(z.string()).optional(),
  userBudget: UserBudgetSchema.optional(),
})

/** One user of the list: `B2bUserDataLink`, a Link with the login and the list's typed attributes. */
export const B2bUserLinkSchema = LinkSchema.extend({
  login: z.string().min(1),
  attributes: z.array(z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() })),
})

export const B2bUsersSchema = resourceCollection(B2bUserLinkSchema)

/** DELETE answers nothing (204). */
const NoContentSchema = z.undefined()

const users = '/rest/:site/customers/:customerNo/users'

export const organizationWire: WireRule[] = [
  { method: 'GET', route: users, schema: B2bUsersSchema },
  { method: 'POST', route: users, schema: B2bUsersSchema },
  { method: 'GET', route: `${users}/:login`, schema: B2bUserSchema },
  { method: 'PUT', route: `${users}/:login`, schema: B2bUserSchema },
  { method: 'DELETE', route: `${users}/:login`, schema: NoContentSchema },
  { method: 'PUT', route: `${users}/:login/roles`, schema: UserRolesSchema },
  { method: 'GET', route: `${users}/:login/budgets`, schema: UserBudgetSchema },
  { method: 'PUT', route: `${users}/:login/budgets`, schema: UserBudgetSchema },
  { method: 'PUT', route: '/rest/:site/customers/-', schema: CustomerSchema },
]
