import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import type { AccessRule } from '../authorization'
import { BUDGET_PERIODS, MAX_BUDGET_MINOR, MAX_HISTORY_PERIODS } from '../domain/budgets'
import { CURRENCIES, LOCALES, type Currency } from '../domain/channel'
import {
  companyUser,
  createCompanyUsers,
  deleteCompanyUser,
  findCompanyUser,
  listCompanyUsers,
  setCompanyUserBudget,
  updateCompanyUser,
  userBudgetHistory,
  userBudgetView,
  type BudgetInput,
  type Manager,
} from '../domain/users'
import { b2bUserJson, b2bUserLink, b2bUsersJson, createdUsersJson } from '../icm/b2b-users'
import { budgetHistoryJson, userBudgetJson } from '../icm/budgets'
import { badRequest, parseInput, queryInt } from '../http'
import type { RouteModule } from './context'

const manageUsers: AccessRule = { customer: true, permission: 'APP_B2B_MANAGE_USERS' }
/**
 * Every business user reads their own user (`customers/{no}/users/-`, what ICM clients read at login) and
 * budget (`…/users/-/budgets`, the budget widget); other users need user management.
 */
const selfOrManageUsers: AccessRule = { customer: true, permission: 'APP_B2B_MANAGE_USERS', self: true }

/** Most users one `POST …/users` creates (a pasted list of a bulk import included). */
const MAX_NEW_USERS = 100

const text = (max: number) => z.string().trim().min(1).max(max)
const optionalText = (max: number) => z.string().trim().max(max).nullish()

/** Logins name a user in paths: letters, digits and `. _ @ + -`, never the caller's `-`. */
const Login = z
  .string()
  .trim()
  .min(2)
  .max(100)
  .regex(/^[\p{L}\p{N}._@+-]+$/u, 'A login has letters, digits and . _ @ + - only.')

/** The profile fields of `B2bUserData` a manager sets; ICM's other UserData fields are ignored. */
const ProfileFields = {
  title: optionalText(30),
  firstName: text(60),
  lastName: text(60),
  email: z.string().trim().email().max(254),
  phoneHome: optionalText(40),
  preferredLanguage: z.enum(LOCALES).optional(),
  active: z.boolean().optional(),
}

/** ICM's Money as clients send it: a decimal value with at most two decimals, bounded. */
const MoneyInput = z.object({
  value: z
    .number()
    .nonnegative()
    .max(MAX_BUDGET_MINOR / 100)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'At most two decimals.'),
  currency: z.enum(CURRENCIES),
})

/** A UserBudget as the PWA puts it (its spent and remaining values, which the API computes, are ignored). */
const BudgetBody = z.object({
  budget: MoneyInput.nullish(),
  budgetPeriod: z.enum(BUDGET_PERIODS).nullish(),
  orderSpentLimit: MoneyInput.nullish(),
})

const NewUser = z.object({
  ...ProfileFields,
  login: Login.optional(),
  /**
   * Our addition to ICM's B2bUserData: `true` mails the user an invitation (`/{lang}/invite?uid=&Hash=`, a
   * week; they sign in through the shop's OpenID provider, or choose a password) instead of the welcome
   * mail's password link.
   */
  invite: z.boolean().optional(),
  roleIDs: z.array(z.string().max(100)).max(20).optional(),
  userBudget: BudgetBody.optional(),
})

const NewUsersBody = z.object({ elements: z.array(NewUser).min(1).max(MAX_NEW_USERS) })
const ProfileBody = z.object(ProfileFields)

type BudgetBodyInput = z.infer<typeof BudgetBody>

/** A budget body in minor units, in one currency (the request's when it names no amount). */
function budgetInput(body: BudgetBodyInput, fallback: Currency): BudgetInput {
  const currencies = new Set([body.budget?.currency, body.orderSpentLimit?.currency].filter(Boolean))
  if (currencies.size > 1)
    throw badRequest('The budget and the order limit must be in one currency.', [
      {
        code: 'customer.user.budget.currency.mismatch',
        message: 'Two currencies',
        paths: ['orderSpentLimit'],
      },
    ])
  const minor = (money: { value: number } | null | undefined) =>
    money ? Math.round(money.value * 100) : null
  return {
    currency: (body.budget?.currency ?? body.orderSpentLimit?.currency ?? fallback) as Currency,
    budget: minor(body.budget),
    budgetPeriod: body.budgetPeriod ?? null,
    orderSpentLimit: minor(body.orderSpentLimit),
  }
}

/**
 * A business customer's users (their roles, read and set, are in routes/users.ts): list, create, read, update,
 * delete, budgets (`customers/{no}/users[/{login}[/budgets]]`), all for user management
 * (APP_B2B_MANAGE_USERS) except reading one's own user and budget.
 */
export const organizationUserRoutes: RouteModule = (app, { db, site }) => {
  const users = '/rest/:site/customers/:customerNo/users'

  /** The caller as the manager of their own company's users (the hook checked the path's customer). */
  const managerOf = async (request: FastifyRequest): Promise<Manager> => {
    const caller = await requireUser(db, request)
    return { customerNo: caller.customerNo, userId: caller.userId }
  }
  const loginOf = (request: FastifyRequest) => (request.params as { login: string }).login

  app.get(users, { config: { access: manageUsers } }, async (request) => {
    const manager = await managerOf(request)
    const list = await listCompanyUsers(db, manager)
    return b2bUsersJson(list.map((entry) => b2bUserLink(site, manager.customerNo, entry)))
  })

  app.post(users, { config: { access: manageUsers } }, async (request, reply) => {
    const manager = await managerOf(request)
    const { elements } = parseInput(NewUsersBody, request.body, 'users')
    const created = await createCompanyUsers(
      db,
      manager,
      elements.map(({ login, roleIDs, userBudget, ...profile }) => ({
        ...profile,
        login,
        roleIds: roleIDs,
        budget: userBudget ? budgetInput(userBudget, request.scope.currency) : undefined,
      })),
      request.scope.locale,
    )
    const answer = createdUsersJson(site, manager.customerNo, created)
    reply.code(201).header('location', answer.elements[0]!.uri)
    return answer
  })

  app.get(`${users}/:login`, { config: { access: selfOrManageUsers } }, async (request) =>
    b2bUserJson(await companyUser(db, await managerOf(request), loginOf(request))),
  )

  app.put(`${users}/:login`, { config: { access: manageUsers } }, async (request) => {
    const manager = await managerOf(request)
    const input = parseInput(ProfileBody, request.body, 'user')
    const user = await updateCompanyUser(db, manager, loginOf(request), input)
    return b2bUserJson({ user, budget: await userBudgetView(db, user) })
  })

  app.delete(`${users}/:login`, { config: { access: manageUsers } }, async (request, reply) => {
    await deleteCompanyUser(db, await managerOf(request), loginOf(request))
    reply.code(204)
  })

  app.get(`${users}/:login/budgets`, { config: { access: selfOrManageUsers } }, async (request) => {
    const user = await findCompanyUser(db, await managerOf(request), loginOf(request))
    return userBudgetJson(await userBudgetView(db, user))
  })

  // This API's extension for the budget chart (icm/budgets.ts budgetHistoryJson): spending per period.
  app.get(`${users}/:login/budgets/history`, { config: { access: selfOrManageUsers } }, async (request) => {
    const user = await findCompanyUser(db, await managerOf(request), loginOf(request))
    const periods = queryInt((request.query as { periods?: unknown }).periods, 6, {
      min: 1,
      max: MAX_HISTORY_PERIODS,
    })
    const { budget, history } = await userBudgetHistory(db, user, periods)
    return budgetHistoryJson(budget, history, budget.budgetPeriod ?? 'monthly')
  })

  app.put(`${users}/:login/budgets`, { config: { access: manageUsers } }, async (request) => {
    const body = parseInput(BudgetBody, request.body, 'budget')
    const manager = await managerOf(request)
    return userBudgetJson(
      await setCompanyUserBudget(db, manager, loginOf(request), budgetInput(body, request.scope.currency)),
    )
  })
}
