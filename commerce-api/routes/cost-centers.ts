import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import type { AccessRule } from '../authorization'
import { BUDGET_PERIODS, MAX_HISTORY_PERIODS } from '../domain/budgets'
import {
  addBuyer,
  costCenterBudgetHistory,
  costCenterView,
  createCostCenter,
  deleteCostCenter,
  listCostCenters,
  MAX_COST_CENTER_ID,
  MAX_NAME,
  removeBuyer,
  updateBuyer,
  updateCostCenter,
  userCostCenters,
  type BudgetInput,
  type Caller,
} from '../domain/cost-centers'
import {
  costCenterJson,
  costCenterLink,
  costCenterListJson,
  minorOf,
  userCostCentersJson,
} from '../icm/cost-centers'
import { budgetHistoryJson } from '../icm/budgets'
import type { Currency } from '../domain/channel'
import { ApiError, parseInput, queryInt } from '../http'
import type { RouteModule } from './context'

/** Reading cost centers (§6: APP_B2B_VIEW_COSTCENTER); which ones the caller sees is the domain's (§5). */
const viewCostCenters: AccessRule = { customer: true, permission: 'APP_B2B_VIEW_COSTCENTER' }
/** Creating and changing them (APP_B2B_MANAGE_COSTCENTER); whether this one is the caller's is the domain's. */
const manageCostCenters: AccessRule = { customer: true, permission: 'APP_B2B_MANAGE_COSTCENTER' }
/** A user's own eligible cost centers; another user's need manage-users. */
const ownOrManageUsers: AccessRule = { customer: true, permission: 'APP_B2B_MANAGE_USERS', self: true }

/** ICM Money in a request: a decimal value with at most two decimals, and its currency. */
const Money = z.object({
  type: z.string().max(20).optional(),
  value: z.number().min(0, 'a budget is not negative').max(1_000_000_000, 'a budget is at most 1000000000'),
  currency: z.string().length(3, 'currency is a three-letter code'),
})

const Period = z.enum(BUDGET_PERIODS, {
  errorMap: () => ({ message: `budgetPeriod is one of ${BUDGET_PERIODS.join(', ')}` }),
})

/** The fields of `CostCenterBase` a client sends (PWA `addCostCenter` / `updateCostCenter`); others are ignored. */
const CostCenterBody = z.object({
  costCenterId: z
    .string()
    .max(MAX_COST_CENTER_ID, `costCenterId has at most ${MAX_COST_CENTER_ID} characters`)
    .optional(),
  name: z.string().max(MAX_NAME, `name has at most ${MAX_NAME} characters`).optional(),
  active: z.boolean().optional(),
  costCenterOwner: z
    .object({ login: z.string().min(1, 'costCenterOwner.login is required').max(256) })
    .optional(),
  budget: Money.nullable().optional(),
  budgetPeriod: Period.nullable().optional(),
})

/** `CostCenterBuyer` (PWA `addCostCenterBuyers` / `updateCostCenterBuyer`). */
const BuyerBody = z.object({
  login: z.string().min(1, 'login is required').max(256),
  budget: Money.nullable().optional(),
  budgetPeriod: Period.nullable().optional(),
})

const BuyerUpdateBody = BuyerBody.partial({ login: true })

const ListQuery = z.object({
  nameOrId: z.string().max(100, 'nameOrId has at most 100 characters').optional(),
})

/** A request's Money as minor units, refusing more than two decimals. */
function budgetOf(
  money: z.infer<typeof Money> | null | undefined,
  path = 'budget',
): BudgetInput | null | undefined {
  if (!money) return money
  const value = minorOf(money.value)
  if (value === undefined)
    throw new ApiError(400, 'request.invalid', `${path}.value has at most two decimals.`, [
      {
        code: 'request.invalid',
        message: `${path}.value has at most two decimals.`,
        paths: [`${path}.value`],
      },
    ])
  return { value, currency: money.currency.toUpperCase() }
}

type Params = { customerNo: string; id: string; login: string }
const paramsOf = (request: FastifyRequest) => request.params as Params

async function callerOf(db: Parameters<RouteModule>[1]['db'], request: FastifyRequest): Promise<Caller> {
  return requireUser(db, request)
}

/**
 * A business customer's cost centers (`customers/{no}/costcenters…`, PWA `cost-centers.service.ts`) and a
 * user's eligible cost centers (`customers/{no}/users/{login}/costcenters`, PWA `user.service.ts`).
 */
export const costCenterRoutes: RouteModule = (app, { db, site }) => {
  const base = '/rest/:site/customers/:customerNo/costcenters'

  app.get(base, { config: { access: viewCostCenters } }, async (request) => {
    const caller = await callerOf(db, request)
    const query = request.query as Record<string, unknown>
    const { nameOrId } = parseInput(ListQuery, { nameOrId: query.nameOrId }, 'cost center query')
    const page = await listCostCenters(db, caller, {
      offset: queryInt(query.offset, 0, { min: 0, max: 10_000 }),
      limit: queryInt(query.limit, 25, { min: 1, max: 100 }),
      nameOrId,
    })
    return costCenterListJson(site, caller.customerNo, page)
  })

  app.post(base, { config: { access: manageCostCenters } }, async (request, reply) => {
    const caller = await callerOf(db, request)
    const body = parseInput(CostCenterBody, request.body, 'cost center')
    const view = await createCostCenter(db, caller, {
      costCenterId: body.costCenterId,
      name: body.name,
      active: body.active,
      ownerLogin: body.costCenterOwner?.login,
      budget: budgetOf(body.budget),
      budgetPeriod: body.budgetPeriod,
    })
    reply.code(201).header('location', costCenterLink(site, caller.customerNo, view).uri)
    return costCenterJson(view)
  })

  app.get(`${base}/:id`, { config: { access: viewCostCenters } }, async (request) =>
    costCenterJson(await costCenterView(db, await callerOf(db, request), paramsOf(request).id)),
  )

  const update = async (request: FastifyRequest) => {
    const body = parseInput(CostCenterBody, request.body, 'cost center')
    const view = await updateCostCenter(db, await callerOf(db, request), paramsOf(request).id, {
      costCenterId: body.costCenterId,
      name: body.name,
      active: body.active,
      ownerLogin: body.costCenterOwner?.login,
      budget: budgetOf(body.budget),
      budgetPeriod: body.budgetPeriod,
    })
    return costCenterJson(view)
  }
  app.patch(`${base}/:id`, { config: { access: manageCostCenters } }, update)
  app.put(`${base}/:id`, { config: { access: manageCostCenters } }, update)

  app.delete(`${base}/:id`, { config: { access: manageCostCenters } }, async (request, reply) => {
    await deleteCostCenter(db, await callerOf(db, request), paramsOf(request).id)
    reply.code(204)
  })

  app.post(`${base}/:id/buyers`, { config: { access: manageCostCenters } }, async (request, reply) => {
    const body = parseInput(BuyerBody, request.body, 'cost center buyer')
    const view = await addBuyer(db, await callerOf(db, request), paramsOf(request).id, {
      login: body.login,
      budget: budgetOf(body.budget),
      budgetPeriod: body.budgetPeriod,
    })
    reply.code(201)
    return costCenterJson(view)
  })

  app.patch(`${base}/:id/buyers/:login`, { config: { access: manageCostCenters } }, async (request) => {
    const body = parseInput(BuyerUpdateBody, request.body, 'cost center buyer')
    const { id, login } = paramsOf(request)
    const view = await updateBuyer(db, await callerOf(db, request), id, login, {
      budget: budgetOf(body.budget),
      budgetPeriod: body.budgetPeriod,
    })
    return costCenterJson(view)
  })

  app.delete(
    `${base}/:id/buyers/:login`,
    { config: { access: manageCostCenters } },
    async (request, reply) => {
      const { id, login } = paramsOf(request)
      await removeBuyer(db, await callerOf(db, request), id, login)
      reply.code(204)
    },
  )

  // This API's extension for the budget chart (icm/budgets.ts budgetHistoryJson): spending per period.
  app.get(`${base}/:id/budgets/history`, { config: { access: viewCostCenters } }, async (request) => {
    const caller = await callerOf(db, request)
    const periods = queryInt((request.query as { periods?: unknown }).periods, 6, {
      min: 1,
      max: MAX_HISTORY_PERIODS,
    })
    const { center, history } = await costCenterBudgetHistory(db, caller, paramsOf(request).id, periods)
    return budgetHistoryJson(
      { budget: center.budget, budgetPeriod: center.budgetPeriod, currency: center.currency as Currency },
      history,
      center.budgetPeriod ?? 'yearly',
    )
  })

  app.get(
    '/rest/:site/customers/:customerNo/users/:login/costcenters',
    { config: { access: ownOrManageUsers } },
    async (request) =>
      userCostCentersJson(await userCostCenters(db, await callerOf(db, request), paramsOf(request).login)),
  )
}
