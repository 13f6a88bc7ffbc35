import '~/browser/account-texts'
/**
 * A business customer's cost centers (issue 17; spec organization-and-requisitions §3, §5): ICM's
 * `CostCenter` as the storefront reads it, the forms of cost center management, and the rules of §5 as pure
 * functions. The API decides every change; these rules only choose what a page offers.
 */
import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import {
  budgetFields,
  budgetInputOf,
  budgetHasPeriod,
  budgetPeriodRequired,
  type Budget,
  type BudgetPeriod,
  type Money,
} from './budget'
import { isOrderingUser } from './b2b-user'
import type { Translate } from './messages'

// --- ICM's answers -------------------------------------------------------------------------------------

const MoneySchema = z.object({ type: z.string().optional(), value: z.number(), currency: z.string() })
const PeriodSchema = z.enum(['weekly', 'monthly', 'quarterly', 'yearly'])

/** A budget as ICM nests it into a cost center and its buyers. */
const wireBudget = {
  budget: MoneySchema.optional(),
  budgetPeriod: PeriodSchema.optional(),
  spentBudget: MoneySchema.optional(),
  remainingBudget: MoneySchema.optional(),
}

const CostCenterBuyerSchema = z.object({
  login: z.string(),
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  ...wireBudget,
  approvedOrders: z.number().optional(),
  pendingOrders: z.number().optional(),
})

const CostCenterOrderSchema = z.object({
  orderNo: z.string(),
  orderDate: z.array(z.number()),
  orderStatus: z.string(),
  items: z.number(),
  buyer: z.object({
    attributes: z.array(z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() })),
  }),
  orderTotalGross: MoneySchema,
  orderTotalNet: MoneySchema,
})

/** `GET customers/{no}/costcenters/{id}` and the answer of every change (`CostCenterData`). */
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
  ...wireBudget,
  pendingOrders: z.number().optional(),
  approvedOrders: z.number().optional(),
  buyers: z.array(CostCenterBuyerSchema).optional(),
  orders: z.array(CostCenterOrderSchema).optional(),
})

/** The attributes of a list's Link (`CostCenterMapper.fromListData` reads the same), checked as the detail is. */
const CostCenterLinkAttributesSchema = CostCenterSchema.pick({
  costCenterId: true,
  name: true,
  active: true,
  costCenterOwner: true,
  budget: true,
  budgetPeriod: true,
  spentBudget: true,
  remainingBudget: true,
  pendingOrders: true,
  approvedOrders: true,
})

/**
 * `GET customers/{no}/costcenters` (costcenter.v2): Links to the cost centers, each with its list columns as
 * typed attributes (read here by name) and `itemId` the cost center's `id`, and the paging info.
 */
export const CostCenterListSchema = z.object({
  data: z.array(
    z.object({
      uri: z.string(),
      title: z.string().optional(),
      itemId: z.string(),
      attributes: z
        .array(z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() }))
        .transform((list) => Object.fromEntries(list.map((attribute) => [attribute.name, attribute.value])))
        .pipe(CostCenterLinkAttributesSchema),
    }),
  ),
  info: z.object({ limit: z.number(), offset: z.number(), total: z.number() }),
})

// --- The storefront's view -----------------------------------------------------------------------------

export type CostCenterPerson = { login: string; firstName?: string; lastName?: string; email?: string }

export type CostCenterBuyer = CostCenterPerson & {
  budget: Budget
  pendingOrders: number
  approvedOrders: number
}

export type CostCenterOrder = {
  orderNo: string
  /** ISO date and time (UTC), from ICM's `[year, month, day, hour, minute, second]`; null when incomplete. */
  orderDate: string | null
  status: string
  items: number
  buyer: CostCenterPerson
  totalGross: Money
  totalNet: Money
}

export type CostCenter = {
  id: string
  costCenterId: string
  name: string
  active: boolean
  owner: CostCenterPerson
  budget: Budget
  pendingOrders: number
  approvedOrders: number
  buyers: CostCenterBuyer[]
  orders: CostCenterOrder[]
}

/** What the list shows of a cost center (its buyers and orders are the detail's). */
export type CostCenterSummary = Omit<CostCenter, 'buyers' | 'orders'>

/** One page of the list: its cost centers, and where the page lies in all of them. */
export type CostCenterListPage = {
  items: CostCenterSummary[]
  offset: number
  limit: number
  total: number
}

const moneyOf = (money: z.infer<typeof MoneySchema> | undefined): Money | undefined =>
  money ? { value: money.value, currency: money.currency } : undefined

/** ICM's budget fields as the shop's `Budget` (a cost center has no order spend limit). */
function budgetOf(data: {
  budget?: z.infer<typeof MoneySchema>
  budgetPeriod?: BudgetPeriod
  spentBudget?: z.infer<typeof MoneySchema>
  remainingBudget?: z.infer<typeof MoneySchema>
}): Budget {
  const budget: Budget = {}
  const amount = moneyOf(data.budget)
  if (amount) budget.budget = amount
  if (data.budgetPeriod) budget.budgetPeriod = data.budgetPeriod
  const spent = moneyOf(data.spentBudget)
  if (spent) budget.spent = spent
  const remaining = moneyOf(data.remainingBudget)
  if (remaining) budget.remaining = remaining
  return budget
}

/** `[year, month, day, hour, minute, second]` (UTC) as an ISO string. */
export function orderDateOf(parts: number[]): string | null {
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts
  if (year === undefined || month === undefined || day === undefined) return null
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

function buyerOfOrder(attributes: { name: string; value?: unknown }[]): CostCenterPerson {
  const text = (name: string) => {
    const value = attributes.find((attribute) => attribute.name === name)?.value
    return typeof value === 'string' ? value : undefined
  }
  return { login: text('login') ?? '', firstName: text('firstName'), lastName: text('lastName') }
}

export function mapCostCenter(data: z.infer<typeof CostCenterSchema>): CostCenter {
  return {
    id: data.id,
    costCenterId: data.costCenterId,
    name: data.name,
    active: data.active,
    owner: { ...data.costCenterOwner },
    budget: budgetOf(data),
    pendingOrders: data.pendingOrders ?? 0,
    approvedOrders: data.approvedOrders ?? 0,
    buyers: (data.buyers ?? []).map((buyer) => ({
      login: buyer.login,
      firstName: buyer.firstName,
      lastName: buyer.lastName,
      email: buyer.email,
      budget: budgetOf(buyer),
      pendingOrders: buyer.pendingOrders ?? 0,
      approvedOrders: buyer.approvedOrders ?? 0,
    })),
    orders: (data.orders ?? []).map((order) => ({
      orderNo: order.orderNo,
      orderDate: orderDateOf(order.orderDate),
      status: order.orderStatus,
      items: order.items,
      buyer: buyerOfOrder(order.buyer.attributes),
      totalGross: moneyOf(order.orderTotalGross)!,
      totalNet: moneyOf(order.orderTotalNet)!,
    })),
  }
}

/** A list's Link as the list shows it: its attributes, `id` its itemId. */
function summaryOf({
  itemId,
  attributes,
}: z.infer<typeof CostCenterListSchema>['data'][number]): CostCenterSummary {
  return {
    id: itemId,
    costCenterId: attributes.costCenterId,
    name: attributes.name,
    active: attributes.active,
    owner: { ...attributes.costCenterOwner },
    budget: budgetOf(attributes),
    pendingOrders: attributes.pendingOrders ?? 0,
    approvedOrders: attributes.approvedOrders ?? 0,
  }
}

export function mapCostCenterList(data: z.infer<typeof CostCenterListSchema>): CostCenterListPage {
  return {
    items: data.data.map(summaryOf),
    offset: data.info.offset,
    limit: data.info.limit,
    total: data.info.total,
  }
}

/** "First Last", or the login when the name is unknown. */
export function personName(person: CostCenterPerson): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim()
  return name || person.login
}

/** The currency a cost center counts in: its budget's, else what it spent in, else the shop's. */
export function costCenterCurrency(costCenter: Pick<CostCenter, 'budget'>, fallback: string): string {
  return costCenter.budget.budget?.currency ?? costCenter.budget.spent?.currency ?? fallback
}

// --- Paths -------------------------------------------------------------------------------------------

/** `/{lang}/account/organization/cost-centers`, and a cost center's page below it. */
export const costCentersPath = (lang: string) => `/${lang}/account/organization/cost-centers`
export const costCenterPath = (lang: string, costCenterId: string) =>
  `${costCentersPath(lang)}/${encodeURIComponent(costCenterId)}`

// --- Paging and filter ---------------------------------------------------------------------------------

/** Cost centers a page of the list shows. */
export const COST_CENTERS_PAGE_SIZE = 25
/** The API's bound of the `nameOrId` filter. */
export const MAX_FILTER_LENGTH = 100
/** The API reads at most this far into the list (`offset` ≤ 10000). */
const MAX_OFFSET = 10_000

/** The list page a `?page=` asks for: 1 for anything that is not a page number within reach. */
export function pageOf(value: string | null): number {
  const page = Number(value)
  if (!Number.isSafeInteger(page) || page < 1) return 1
  return Math.min(page, Math.floor(MAX_OFFSET / COST_CENTERS_PAGE_SIZE) + 1)
}

/** The list's filter text (`?nameOrId=`), trimmed and bounded; undefined when empty. */
export function filterOf(value: string | null): string | undefined {
  const text = value?.trim().slice(0, MAX_FILTER_LENGTH)
  return text ? text : undefined
}

// --- Rules of §5 ---------------------------------------------------------------------------------------

/** The session user as the rules need them. */
export type RuleUser = { login: string; firstName?: string; lastName?: string; permissions: string[] }

/** A user of the company as the rules need them (`B2bUser` of app/models/b2b-user.ts fits). */
export type CompanyUser = {
  login: string
  firstName: string
  lastName: string
  roleIDs: string[]
  active: boolean
}

const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Roles whose holders may own cost centers (spec §5 manager choices). */
export const MANAGER_ROLES = ['APP_B2B_COSTCENTER_OWNER', 'APP_B2B_ACCOUNT_OWNER'] as const

/** An account admin: holds APP_B2B_MANAGE_USERS. */
export const isAccountAdmin = (user: Pick<RuleUser, 'permissions'>) =>
  user.permissions.includes('APP_B2B_MANAGE_USERS')

/** Spec §5: a cost center is editable only by an account admin or its owner. */
export function mayEditCostCenter(
  user: Pick<RuleUser, 'login' | 'permissions'>,
  costCenter: { owner: Pick<CostCenterPerson, 'login'> },
): boolean {
  return isAccountAdmin(user) || (!!costCenter.owner.login && sameLogin(costCenter.owner.login, user.login))
}

/**
 * Spec §5: the users who may still become buyers of the cost center: not yet its buyers, active, and no
 * OCI or cXML (nor IDS) punchout users.
 */
export function unassignedBuyers<U extends CompanyUser>(
  users: U[],
  costCenter: { buyers: Pick<CostCenterBuyer, 'login'>[] },
): U[] {
  return users.filter(
    (user) =>
      user.active &&
      isOrderingUser(user) &&
      !costCenter.buyers.some((buyer) => sameLogin(buyer.login, user.login)),
  )
}

/**
 * Spec §5 manager choices: with APP_B2B_MANAGE_USERS the active users who are cost center owners or account
 * owners; anyone else only themselves.
 */
export function managerChoices(user: RuleUser, users: CompanyUser[]): CostCenterPerson[] {
  if (!isAccountAdmin(user))
    return [{ login: user.login, firstName: user.firstName, lastName: user.lastName }]
  return users
    .filter(
      (candidate) =>
        candidate.active &&
        candidate.roleIDs.some((role) => (MANAGER_ROLES as readonly string[]).includes(role)),
    )
    .map(({ login, firstName, lastName }) => ({ login, firstName, lastName }))
}

// --- Forms ---------------------------------------------------------------------------------------------

/** The API's limits (commerce-api/routes/cost-centers.ts, domain/cost-centers.ts). */
export const MAX_COST_CENTER_ID = 35
export const MAX_COST_CENTER_NAME = 256
export const MAX_LOGIN = 256
/** Most buyers one post of the buyers page adds. */
export const MAX_BUYERS_PER_ADD = 200

const required = (t: Translate) => ({ required_error: t('form.required') })

/** The budget and its period, as every budget form of the shop has them (app/models/budget.ts). */
function budgetAndPeriod(t: Translate, tag: string) {
  const { budget, budgetPeriod } = budgetFields(t, tag)
  return { budget, budgetPeriod }
}

/** Create and edit: costCenterId, name, owner (login), budget with period, active. */
export function costCenterFormSchema(t: Translate, tag: string) {
  return z
    .object({
      costCenterId: z
        .string(required(t))
        .trim()
        .min(1, t('form.required'))
        .max(MAX_COST_CENTER_ID, t('form.max_length', { max: MAX_COST_CENTER_ID }))
        .regex(/^[^/\\?#%]+$/, t('account.costcenter.id.invalid')),
      name: z
        .string(required(t))
        .trim()
        .min(1, t('form.required'))
        .max(MAX_COST_CENTER_NAME, t('form.max_length', { max: MAX_COST_CENTER_NAME })),
      owner: z
        .string(required(t))
        .trim()
        .min(1, t('form.required'))
        .max(MAX_LOGIN, t('form.max_length', { max: MAX_LOGIN })),
      ...budgetAndPeriod(t, tag),
      active: z.boolean().optional(),
    })
    .refine(budgetHasPeriod, budgetPeriodRequired(t))
}
export type CostCenterFormValue = z.output<ReturnType<typeof costCenterFormSchema>>

/** A buyer's own budget on the cost center (change one buyer); empty budget: none of their own. */
export function buyerBudgetFormSchema(t: Translate, tag: string) {
  return z
    .object({
      intent: z.literal('update'),
      login: z.string(required(t)).min(1).max(MAX_LOGIN),
      ...budgetAndPeriod(t, tag),
    })
    .refine(budgetHasPeriod, budgetPeriodRequired(t))
}

/** Buyers to add, each chosen by its checkbox, with an optional budget of their own. */
export function addBuyersFormSchema(t: Translate, tag: string) {
  const row = z
    .object({
      login: z.string(required(t)).min(1).max(MAX_LOGIN),
      selected: z.boolean().optional(),
      ...budgetAndPeriod(t, tag),
    })
    .refine(budgetHasPeriod, budgetPeriodRequired(t))
  return z
    .object({ intent: z.literal('add'), buyers: z.array(row).max(MAX_BUYERS_PER_ADD).optional() })
    .superRefine((value, ctx) => {
      if (!value.buyers?.some((buyer) => buyer.selected))
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: t('account.costcenter.buyers.none_selected') })
    })
}

/** Remove one buyer. */
export const removeBuyerFormSchema = z.object({
  intent: z.literal('remove'),
  login: z.string().min(1).max(MAX_LOGIN),
})

/** The detail page's buttons: (de)activate, delete. */
export const costCenterActionSchema = z.object({ intent: z.enum(['activate', 'deactivate', 'delete']) })

/** The budget fields of a request body: Money in the cost center's currency, or none (null). */
export function budgetBody(value: { budget?: number; budgetPeriod?: BudgetPeriod }, currency: string) {
  const { budget, budgetPeriod } = budgetInputOf(value, currency)
  return { budget, budgetPeriod }
}

/** What the buyers page's action answers besides the form's reply: which form and which buyer it was about. */
export type BuyersAnswer = {
  result: SubmissionResult<string[]>
  intent: 'add' | 'update' | 'remove'
  login?: string
}
