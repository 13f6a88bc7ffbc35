/**
 * Cost centers as ICM sends them, written from the Intershop PWA: `core/models/cost-center/cost-center.interface.ts`
 * (`CostCenterData`, `CostCenterListData`), `cost-center.model.ts` (`CostCenterBase`, `CostCenterBuyer`),
 * `core/models/user-cost-center/user-cost-center.model.ts`, and the calls of
 * `organization-management/services/cost-centers/cost-centers.service.ts` and `core/services/user/user.service.ts`.
 */
import { z } from 'zod'
import { AttributeSchema, LinkSchema, MoneySchema } from './common'
import type { WireRule } from './rules'

const PeriodSchema = z.enum(['weekly', 'monthly', 'quarterly', 'yearly'])

/** `CostCenterBuyer`: a buyer with their budget on the cost center and what they spent of it. */
export const CostCenterBuyerSchema = z.object({
  login: z.string(),
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  budget: MoneySchema.optional(),
  budgetPeriod: PeriodSchema.optional(),
  spentBudget: MoneySchema.optional(),
  remainingBudget: MoneySchema.optional(),
  approvedOrders: z.number().int().nonnegative().optional(),
  pendingOrders: z.number().int().nonnegative().optional(),
})

/** An order placed on a cost center (`CostCenterData.orders`). */
export const CostCenterOrderSchema = z.object({
  orderNo: z.string(),
  orderDate: z.array(z.number().int()),
  orderStatus: z.string(),
  items: z.number().int().nonnegative(),
  buyer: z.object({ attributes: z.array(AttributeSchema) }),
  orderTotalGross: MoneySchema,
  orderTotalNet: MoneySchema,
})

/** `CostCenterData`: `CostCenterBase` with spent and remaining budget, order counts, buyers and orders. */
export const CostCenterSchema = z.object({
  id: z.string(),
  costCenterId: z.string(),
  name: z.string(),
  active: z.boolean(),
  costCenterOwner: z.object({
    login: z.string(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    email: z.string().optional(),
  }),
  budget: MoneySchema.optional(),
  budgetPeriod: PeriodSchema.optional(),
  spentBudget: MoneySchema.optional(),
  remainingBudget: MoneySchema.optional(),
  pendingOrders: z.number().int().nonnegative().optional(),
  approvedOrders: z.number().int().nonnegative().optional(),
  buyers: z.array(CostCenterBuyerSchema).optional(),
  orders: z.array(CostCenterOrderSchema).optional(),
})

/** `CostCenterListData` (costcenter.v2): Links to the cost centers and the paging info. */
export const CostCenterListSchema = z.object({
  data: z.array(LinkSchema.extend({ itemId: z.string() })),
  info: z.object({
    limit: z.number().int().positive(),
    offset: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
})

/** `UserCostCenter` in its envelope: the cost centers a user may order on or owns (`id` the costCenterId). */
export const UserCostCentersSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()) })),
})

/** A 204 without a body. */
const NoContent = z.undefined()

const base = '/rest/:site/customers/:customerNo/costcenters'

export const costCenterWire: WireRule[] = [
  { method: 'GET', route: base, schema: CostCenterListSchema },
  { method: 'POST', route: base, schema: CostCenterSchema },
  { method: 'GET', route: `${base}/:id`, schema: CostCenterSchema },
  { method: 'PATCH', route: `${base}/:id`, schema: CostCenterSchema },
  { method: 'PUT', route: `${base}/:id`, schema: CostCenterSchema },
  { method: 'DELETE', route: `${base}/:id`, schema: NoContent },
  { method: 'POST', route: `${base}/:id/buyers`, schema: CostCenterSchema },
  { method: 'PATCH', route: `${base}/:id/buyers/:login`, schema: CostCenterSchema },
  { method: 'DELETE', route: `${base}/:id/buyers/:login`, schema: NoContent },
  {
    method: 'GET',
    route: '/rest/:site/customers/:customerNo/users/:login/costcenters',
    schema: UserCostCentersSchema,
  },
]
