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

/**
 * A budget's spending per period, oldest first (`…/users/{login}/budgets/history`,
 * `…/costcenters/{id}/budgets/history`): this API's extension for the budget chart, not an ICM resource, in
 * ICM's manner (Money, ICM's period names). `countedPeriod` is the period kind the spending is counted in.
 */
export const BudgetHistorySchema = z.object({
  type: z.literal('BudgetHistory'),
  budgetPeriod: z.enum(['weekly', 'monthly', 'quarterly', 'yearly']).optional(),
  countedPeriod: z.enum(['weekly', 'monthly', 'quarterly', 'yearly']),
  periods: z
    .array(
      z.object({
        fromDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        toDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        budget: MoneySchema.optional(),
        spentBudget: MoneySchema,
      }),
    )
    .min(1)
    .max(24),
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
  { method: 'GET', route: `${users}/:login/budgets/history`, schema: BudgetHistorySchema },
  {
    method: 'GET',
    route: '/rest/:site/customers/:customerNo/costcenters/:id/budgets/history',
    schema: BudgetHistorySchema,
  },
  { method: 'PUT', route: '/rest/:site/customers/-', schema: CustomerSchema },
]
