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

/** An attribute of a cost center's Link, by name. */
const listAttribute = <T extends z.ZodTypeAny>(name: string, value: T) =>
  z.object({ name: z.literal(name), type: z.string().optional(), value })

/** The attributes a cost center's Link may carry (`CostCenterMapper.fromListData`), each at most once. */
const CostCenterListAttributeSchema = z.discriminatedUnion('name', [
  listAttribute('costCenterId', z.string()),
  listAttribute('name', z.string()),
  listAttribute('active', z.boolean()),
  listAttribute('costCenterOwner', CostCenterSchema.shape.costCenterOwner),
  listAttribute('budget', MoneySchema),
  listAttribute('budgetPeriod', PeriodSchema),
  listAttribute('spentBudget', MoneySchema),
  listAttribute('remainingBudget', MoneySchema),
  listAttribute('pendingOrders', z.number().int().nonnegative()),
  listAttribute('approvedOrders', z.number().int().nonnegative()),
])

/** The attributes every cost center's Link has: an ICM client's list shows nothing without them. */
const REQUIRED_LIST_ATTRIBUTES = ['costCenterId', 'name', 'active', 'costCenterOwner']

/**
 * One cost center in the list: a Link whose `itemId` is the cost center's `id` (the client opens it by that
 * and files the answer under it), with its list columns as attributes.
 */
export const CostCenterLinkSchema = LinkSchema.extend({
  itemId: z.string(),
  attributes: z
    .array(CostCenterListAttributeSchema)
    .refine(
      (list) => REQUIRED_LIST_ATTRIBUTES.every((name) => list.some((a) => a.name === name)),
      `a cost center's Link has the attributes ${REQUIRED_LIST_ATTRIBUTES.join(', ')}`,
    )
    .refine((list) => new Set(list.map((a) => a.name)).size === list.length, 'each attribute once'),
})

/** `CostCenterListData` (costcenter.v2): Links to the cost centers and the paging info. */
export const CostCenterListSchema = z.object({
  data: z.array(CostCenterLinkSchema),
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
