import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import type { AccessRule } from '../authorization'
import type { Db } from '../db/client'
import {
  deleteRecurringOrder,
  listRecurringOrders,
  requireRecurringOrder,
  setRecurringOrderActive,
  userScope,
  type RecurringOrderScope,
} from '../domain/recurring-orders'
import { RECURRING_ORDER_INCLUDES, recurringOrderJson, recurringOrderListJson } from '../icm/recurring-orders'
import { parseInput, queryInt, queryList } from '../http'
import type { RouteModule } from './context'

/** `PATCH …/recurringorders/{id}`: ICM's body, `{active}` only. */
const ActiveRequest = z.object({
  active: z.boolean({
    required_error: 'active (true or false) is required',
    invalid_type_error: 'active is true or false',
  }),
})

/**
 * The three ways ICM names recurring orders (PWA `recurring-orders.service.ts`), each with its access rule and
 * whose recurring orders it reaches:
 * - `customers/{no}/recurringorders`: all of the business customer's, for who manages its users (the account
 *   admin's APP_B2B_MANAGE_USERS, the PWA's ADMIN context); others are refused (403);
 * - `customers/{no}/users/{login}/recurringorders`: the user's own ('-' or their login); who manages the users
 *   may name another user of the customer;
 * - `privatecustomers/{no}/recurringorders`: the private customer's own.
 * A foreign customer is a 404 (authorization.ts); another user's recurring order is a 404 (the domain's scope).
 */
const VARIANTS: {
  base: string
  access: AccessRule
  scope: (db: Db, request: FastifyRequest) => Promise<RecurringOrderScope>
}[] = [
  {
    base: '/rest/:site/customers/:customerNo/recurringorders',
    access: { customer: true, permission: 'APP_B2B_MANAGE_USERS' },
    scope: async (db, request) => ({ customerNo: (await requireUser(db, request)).customerNo }),
  },
  {
    base: '/rest/:site/customers/:customerNo/users/:login/recurringorders',
    access: { customer: true, permission: 'APP_B2B_MANAGE_USERS', self: true },
    scope: async (db, request) => {
      const user = await requireUser(db, request)
      const { login } = request.params as { login: string }
      return login === '-' || login.toLowerCase() === user.login.toLowerCase()
        ? { customerNo: user.customerNo, userId: user.userId }
        : userScope(db, user.customerNo, login)
    },
  },
  {
    base: '/rest/:site/privatecustomers/:customerNo/recurringorders',
    access: { customer: true },
    scope: async (db, request) => {
      const user = await requireUser(db, request)
      return { customerNo: user.customerNo, userId: user.userId }
    },
  },
]

const includesOf = (request: FastifyRequest) =>
  new Set(
    queryList((request.query as Record<string, unknown>).include).filter((i) =>
      RECURRING_ORDER_INCLUDES.has(i),
    ),
  )

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id

/** Recurring orders (ADR 0020): list, read, switch on and off, delete; `POST orders` sets them up (orders.ts). */
export const recurringOrderRoutes: RouteModule = (app, { db }) => {
  for (const { base, access, scope } of VARIANTS) {
    const config = { access }

    app.get(base, { config }, async (request) => {
      const query = request.query as Record<string, unknown>
      const page = {
        limit: queryInt(query.limit ?? query['page[limit]'], 50, { min: 1, max: 100 }),
        offset: queryInt(query.offset ?? query['page[offset]'], 0, { min: 0, max: 1_000_000 }),
      }
      return recurringOrderListJson(await listRecurringOrders(db, await scope(db, request), page), page)
    })

    app.get(`${base}/:id`, { config }, async (request) => {
      const detail = await requireRecurringOrder(db, await scope(db, request), idOf(request))
      return recurringOrderJson(detail, includesOf(request))
    })

    app.patch(`${base}/:id`, { config }, async (request) => {
      const { active } = parseInput(ActiveRequest, request.body, 'recurring order update')
      const detail = await setRecurringOrderActive(db, await scope(db, request), idOf(request), active)
      return recurringOrderJson(detail, includesOf(request))
    })

    app.delete(`${base}/:id`, { config }, async (request, reply) => {
      await deleteRecurringOrder(db, await scope(db, request), idOf(request))
      reply.code(204)
    })
  }
}
