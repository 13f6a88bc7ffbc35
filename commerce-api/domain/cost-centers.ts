/**
 * A business customer's cost centers and their buyers (issue 17; spec organization-and-requisitions §5, §6).
 *
 * Who may do what, decided on permissions, never on role ids:
 * - Reading cost centers needs APP_B2B_VIEW_COSTCENTER (the route's rule); an account admin
 *   (APP_B2B_MANAGE_USERS) sees all of the company's, anyone else only those they own (§5 "the cost centers of
 *   the current user are those they own"). Anyone else's is not found, as if it did not exist.
 * - Creating needs APP_B2B_MANAGE_COSTCENTER (the route's rule). Changing, deleting and managing buyers needs
 *   an account admin or the cost center's owner (§5).
 * - Owner choices (§5): an account admin may choose any active user of the company who manages cost centers
 *   (holds APP_B2B_MANAGE_COSTCENTER: the cost center owners and account owners); anyone else only themselves.
 * - Buyers are active users of the same company who may order (APP_B2B_PURCHASE) and are no OCI or cXML
 *   punchout users (APP_B2B_SEND_OCI_BASKET / APP_B2B_SEND_CXML_BASKET, §5); each user once per cost center.
 * - `costCenterId` is unique per company, case-insensitively (409).
 * - A cost center that orders were placed on cannot be deleted (409): the orders keep its id for budgets and
 *   reports, so it is deactivated instead (`active: false`), which takes it out of checkout. One without
 *   orders is deleted with its buyers.
 *
 * Paths name a cost center by its `id` (a UUID: what the list's Links and every answer name it by, and what ICM
 * clients open, change and delete it with) or by its `costCenterId`.
 */
import { and, asc, count, desc, eq, gte, ilike, lt, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { costCenterBuyers, costCenters, orders, users, type BudgetPeriod } from '../db/schema'
import { CURRENCIES, type Currency } from './channel'
import {
  customerBudgetPriceType,
  MAX_BUDGET_MINOR,
  periodBounds,
  spendingHistory,
  spentBetween,
  UNCOUNTED_STATUS_CODES,
  type PeriodBounds,
  type PeriodSpending,
} from './budgets'
import { conflictError, forbiddenError, invalidError, notFoundError, refusedError } from './errors'
import { customerRow } from './customers'
import type { MessageCode } from './message-codes'
import { isUuid } from './ids'
import type { Minor } from './money'
import { hasPermission, permissionIdsOfRoles } from './permissions'
import { refreshPendingApprovers } from './requisition-authority'
import type { Principal } from './tokens'

/** A logged-in business user: the only kind of caller cost centers have. */
export type Caller = Extract<Principal, { anonymous: false }>

export type CostCenterRow = typeof costCenters.$inferSelect

/** A user of the company as the cost center rules look at them. */
export type Person = {
  id: string
  login: string
  firstName: string
  lastName: string
  email: string
  active: boolean
  permissionIds: string[]
}

/** The most a budget may be, in minor units (the same bound as users' budgets, budgets.ts). */
export const MAX_BUDGET: Minor = MAX_BUDGET_MINOR
export const MAX_COST_CENTER_ID = 35
export const MAX_NAME = 256

const costCenterNotFound = (ref: string) =>
  notFoundError('costcenter.not_found', `The cost center '${ref}' could not be found.`)

// --- The rules of §5, as plain functions ------------------------------------------------------------------

/** An account admin: manages the company's users (and with them all its cost centers). */
export const isAccountAdmin = (caller: Caller) => hasPermission(caller, 'APP_B2B_MANAGE_USERS')

/** §5: a cost center is editable only by an account admin or its owner. */
export const mayEditCostCenter = (caller: Caller, center: { ownerId: string | null }) =>
  isAccountAdmin(caller) || (center.ownerId !== null && center.ownerId === caller.userId)

/** Who sees a cost center at all: the same people who may edit it (the list shows no others). */
export const maySeeCostCenter = mayEditCostCenter

/** §5: someone who may order for the company: a buyer, and no OCI or cXML punchout user. */
export const ordersForCompany = (person: Pick<Person, 'permissionIds' | 'active'>) =>
  person.active &&
  person.permissionIds.includes('APP_B2B_PURCHASE') &&
  !person.permissionIds.includes('APP_B2B_SEND_OCI_BASKET') &&
  !person.permissionIds.includes('APP_B2B_SEND_CXML_BASKET')

/**
 * §5 manager choices: an account admin sees every active user who manages cost centers (cost center owners
 * and account owners); anyone else only themselves.
 */
export function ownerChoices(caller: Caller, people: Person[]): Person[] {
  if (!isAccountAdmin(caller)) return people.filter((p) => p.id === caller.userId)
  return people.filter((p) => p.active && p.permissionIds.includes('APP_B2B_MANAGE_COSTCENTER'))
}

/** §5: the users who may still be made buyers of a cost center: those who order and are not buyers yet. */
export function unassignedBuyers(people: Person[], buyerIds: ReadonlySet<string>): Person[] {
  return people.filter((p) => ordersForCompany(p) && !buyerIds.has(p.id))
}

// --- Reading ---------------------------------------------------------------------------------------------

/** The company's users with their permissions, by login. */
export async function companyPeople(db: Db, customerNo: string): Promise<Person[]> {
  return db
    .select({
      id: users.id,
      login: users.login,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      active: users.active,
      permissionIds: permissionIdsOfRoles(users.roles),
    })
    .from(users)
    .where(eq(users.customerNo, customerNo))
    .orderBy(asc(users.login))
}

const personByLogin = (people: Person[], login: string) =>
  people.find((p) => p.login.toLowerCase() === login.toLowerCase())

/** A cost center of the customer by its costCenterId (case-insensitively) or its id. */
export async function findCostCenter(db: Db, customerNo: string, ref: string) {
  const byNumber = eq(sql`lower(${costCenters.costCenterId})`, ref.toLowerCase())
  const [row] = await db
    .select()
    .from(costCenters)
    .where(
      and(
        eq(costCenters.customerNo, customerNo),
        isUuid(ref) ? or(byNumber, eq(costCenters.id, ref)) : byNumber,
      ),
    )
    .orderBy(sql`${byNumber} desc`)
    .limit(1)
  return row
}

/** A cost center the caller may see (and so edit); anyone else's is not found. */
async function visibleCostCenter(db: Db, caller: Caller, ref: string) {
  const row = await findCostCenter(db, caller.customerNo, ref)
  if (!row || !maySeeCostCenter(caller, row)) throw costCenterNotFound(ref)
  return row
}

export type CostCenterQuery = { offset: number; limit: number; nameOrId?: string }

/** `%` and `_` of a filter text taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A page of the cost centers the caller sees, by costCenterId, filtered by a text found in the name or the
 * costCenterId (ICM's `nameOrId`), each with what the list shows of it (owner, budget, order counts).
 */
export async function listCostCenters(db: Db, caller: Caller, query: CostCenterQuery, now = new Date()) {
  const text = query.nameOrId?.trim()
  const where = and(
    eq(costCenters.customerNo, caller.customerNo),
    isAccountAdmin(caller) ? undefined : eq(costCenters.ownerId, caller.userId),
    text
      ? or(ilike(costCenters.name, likePattern(text)), ilike(costCenters.costCenterId, likePattern(text)))
      : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(costCenters)
      .where(where)
      .orderBy(asc(costCenters.costCenterId))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ n: count() }).from(costCenters).where(where),
  ])
  const facts = await customerFacts(db, caller.customerNo)
  const items: CostCenterSummary[] = []
  for (const row of rows) items.push(await summaryOf(db, row, facts, now))
  return { items, total: total?.n ?? 0, offset: query.offset, limit: query.limit }
}

/** A budget with what was spent of it in its current period. */
export type BudgetState = {
  budget: Minor | null
  period: BudgetPeriod | null
  currency: string
  spent: Minor
  remaining: Minor | null
}

export type CostCenterOrder = {
  documentNumber: string
  createdAt: Date
  statusCode: string
  items: number
  buyer: { login: string; firstName: string; lastName: string }
  gross: Minor
  net: Minor
  currency: string
}

export type CostCenterBuyerView = { person: Person; budget: BudgetState }

/** A cost center with its owner, its budget's state and its order counts in the period: what a list shows. */
export type CostCenterSummary = {
  center: CostCenterRow
  owner?: Person
  budget: BudgetState
  pendingOrders: number
  approvedOrders: number
}

/** A cost center with its owner, budget, buyers and the orders of its current period. */
export type CostCenterView = CostCenterSummary & {
  buyers: CostCenterBuyerView[]
  orders: CostCenterOrder[]
}

/** How many of a cost center's recent orders its answer lists. */
export const ORDERS_SHOWN = 25

/** The period a budget's spent amount covers: its own, or (a cost center without one) the current year. */
const rangeOf = (period: BudgetPeriod | null, now: Date): PeriodBounds =>
  periodBounds(period ?? 'yearly', now)

/** The amount left of a budget after `spent` (negative when overspent, as budgets.ts shows it); none without one. */
const remainingOf = (budget: Minor | null, spent: Minor): Minor | null =>
  budget === null ? null : budget - spent

/** The cost center the caller may see, with everything its answer shows; spent amounts as of `now`. */
export async function costCenterView(db: Db, caller: Caller, ref: string, now = new Date()) {
  return viewOf(db, await visibleCostCenter(db, caller, ref), now)
}

/** What every cost center of a customer is read with: its people and the price type budgets count in. */
type CustomerFacts = {
  byId: Map<string, Person>
  priceType: Awaited<ReturnType<typeof customerBudgetPriceType>>
}

async function customerFacts(db: Db, customerNo: string): Promise<CustomerFacts> {
  const [priceType, people] = await Promise.all([
    customerBudgetPriceType(db, customerNo),
    companyPeople(db, customerNo),
  ])
  return { priceType, byId: new Map(people.map((p) => [p.id, p])) }
}

/** What a cost center's orders (or one buyer's on it) spent in a period, counted as budgets.ts counts. */
const spentOn = (db: Db, center: CostCenterRow, facts: CustomerFacts, range: PeriodBounds, userId?: string) =>
  spentBetween(
    db,
    { customerNo: center.customerNo, costCenterId: center.costCenterId, ...(userId ? { userId } : {}) },
    range,
    facts.priceType,
    center.currency as Currency,
  )

/** The orders on the cost center within its current budget period. */
const ordersInPeriod = (center: CostCenterRow, range: PeriodBounds) =>
  and(
    eq(orders.customerNo, center.customerNo),
    eq(orders.costCenter, center.costCenterId),
    gte(orders.createdAt, range.start),
    lt(orders.createdAt, range.end),
  )

async function summaryOf(
  db: Db,
  center: CostCenterRow,
  facts: CustomerFacts,
  now: Date,
): Promise<CostCenterSummary> {
  const range = rangeOf(center.budgetPeriod, now)
  const spent = await spentOn(db, center, facts, range)
  const [counts] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${orders.statusCode} = 'PENDING_APPROVAL')`,
      approved: sql<number>`count(*) filter (where ${orders.orderCreation} <> 'ROLLED_BACK' and ${notInArray(orders.statusCode, [...UNCOUNTED_STATUS_CODES])})`,
    })
    .from(orders)
    .where(ordersInPeriod(center, range))
  return {
    center,
    owner: center.ownerId ? facts.byId.get(center.ownerId) : undefined,
    budget: {
      budget: center.budget,
      period: center.budgetPeriod,
      currency: center.currency,
      spent,
      remaining: remainingOf(center.budget, spent),
    },
    pendingOrders: Number(counts?.pending ?? 0),
    approvedOrders: Number(counts?.approved ?? 0),
  }
}

async function viewOf(db: Db, center: CostCenterRow, now: Date): Promise<CostCenterView> {
  const facts = await customerFacts(db, center.customerNo)
  const summary = await summaryOf(db, center, facts, now)
  const buyerRows = await db
    .select()
    .from(costCenterBuyers)
    .where(eq(costCenterBuyers.costCenterId, center.id))
  const buyers: CostCenterBuyerView[] = []
  for (const row of buyerRows) {
    const person = facts.byId.get(row.userId)
    if (!person) continue
    const period = row.budgetPeriod ?? center.budgetPeriod
    const buyerSpent = await spentOn(db, center, facts, rangeOf(period, now), person.id)
    buyers.push({
      person,
      budget: {
        budget: row.budget,
        period,
        currency: center.currency,
        spent: buyerSpent,
        remaining: remainingOf(row.budget, buyerSpent),
      },
    })
  }
  buyers.sort((a, b) => a.person.login.localeCompare(b.person.login))
  const recent = await db
    .select()
    .from(orders)
    .where(ordersInPeriod(center, rangeOf(center.budgetPeriod, now)))
    .orderBy(desc(orders.createdAt))
    .limit(ORDERS_SHOWN)
  return {
    ...summary,
    buyers,
    orders: recent.map((o) => {
      const buyer = o.userId ? facts.byId.get(o.userId) : undefined
      const quantity = (o.snapshot.data as { totalProductQuantity?: unknown }).totalProductQuantity
      return {
        // A requisition has no order number until it is approved: it is named by its requisition number.
        documentNumber: o.documentNumber ?? o.requisitionNo ?? '',
        createdAt: o.createdAt,
        statusCode: o.statusCode,
        items: typeof quantity === 'number' ? quantity : 0,
        buyer: {
          login: buyer?.login ?? '',
          firstName: buyer?.firstName ?? '',
          lastName: buyer?.lastName ?? '',
        },
        gross: o.grandTotalGross,
        net: o.grandTotalNet ?? o.grandTotalGross,
        currency: o.currency,
      }
    }),
  }
}

/**
 * A cost center the caller may see, with what its orders spent in each of the last `count` periods of its
 * budget (a cost center without a period: years, as its spent amount counts).
 */
export async function costCenterBudgetHistory(
  db: Db,
  caller: Caller,
  ref: string,
  count: number,
  now = new Date(),
): Promise<{ center: CostCenterRow; history: PeriodSpending[] }> {
  const center = await visibleCostCenter(db, caller, ref)
  const history = await spendingHistory(
    db,
    { customerNo: center.customerNo, costCenterId: center.costCenterId },
    center.budgetPeriod ?? 'yearly',
    count,
    await customerBudgetPriceType(db, center.customerNo),
    center.currency as Currency,
    now,
  )
  return { center, history }
}

// --- Changing --------------------------------------------------------------------------------------------

export type BudgetInput = { value: Minor; currency: string }

/** A cost center as created or changed; undefined fields stay as they are when changing. */
export type CostCenterInput = {
  costCenterId?: string
  name?: string
  active?: boolean
  ownerLogin?: string
  budget?: BudgetInput | null
  budgetPeriod?: BudgetPeriod | null
}

const invalidField = (path: string, message: string) =>
  invalidError('costcenter.invalid', message, [{ code: 'costcenter.invalid', message, paths: [path] }])

/** The rules of a budget: a known currency, not negative, at most MAX_BUDGET. */
function checkBudget(budget: BudgetInput | null | undefined, path: string) {
  if (!budget) return
  if (!(CURRENCIES as readonly string[]).includes(budget.currency))
    throw invalidField(
      `${path}.currency`,
      `The currency '${budget.currency}' is not one of ${CURRENCIES.join(', ')}.`,
    )
  if (!Number.isSafeInteger(budget.value) || budget.value < 0 || budget.value > MAX_BUDGET)
    throw invalidField(`${path}.value`, `A budget lies between 0 and ${MAX_BUDGET / 100}.`)
}

/** The costCenterId and name rules: trimmed, not empty, bounded; the id without slashes (it names a path). */
function checkTexts(input: CostCenterInput) {
  if (input.costCenterId !== undefined) {
    const id = input.costCenterId.trim()
    if (!id || id.length > MAX_COST_CENTER_ID || /[/\\?#%]/.test(id))
      throw invalidField(
        'costCenterId',
        `A costCenterId has 1 to ${MAX_COST_CENTER_ID} characters and no / \\ ? # %.`,
      )
  }
  if (input.name !== undefined && (!input.name.trim() || input.name.trim().length > MAX_NAME))
    throw invalidField('name', `A name has 1 to ${MAX_NAME} characters.`)
}

/** The owner a caller chose, if §5 lets them choose that user. */
function chosenOwner(caller: Caller, people: Person[], login: string) {
  const owner = ownerChoices(caller, people).find((p) => p.login.toLowerCase() === login.toLowerCase())
  if (!owner) {
    const message = isAccountAdmin(caller)
      ? `The user '${login}' cannot own cost centers.`
      : 'You can only make yourself the owner of a cost center.'
    throw refusedError('costcenter.owner.not_eligible', message, [
      { code: 'costcenter.owner.not_eligible', message, paths: ['costCenterOwner.login'] },
    ])
  }
  return owner
}

const duplicateId = (id: string) =>
  conflictError('costcenter.id.duplicate', `The company already has a cost center '${id}'.`)

/** A unique-index violation (the costCenterId taken by a concurrent call). */
const isDuplicate = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505'

async function inTransaction<T>(db: Db, work: (t: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => work(tx as unknown as Db))
  } catch (error) {
    if (isDuplicate(error)) throw conflictError('costcenter.id.duplicate', 'The costCenterId is taken.')
    throw error
  }
}

/**
 * Creates a cost center: costCenterId, name and owner are required; the owner one §5 lets the caller choose
 * (the caller when no owner is named); a budget needs its period.
 */
export async function createCostCenter(db: Db, caller: Caller, input: CostCenterInput, now = new Date()) {
  if (!input.costCenterId?.trim()) throw invalidField('costCenterId', 'A costCenterId is required.')
  if (!input.name?.trim()) throw invalidField('name', 'A name is required.')
  checkTexts(input)
  checkBudget(input.budget, 'budget')
  if (input.budget && !input.budgetPeriod)
    throw invalidField('budgetPeriod', 'A budget needs its budgetPeriod.')
  const costCenterId = input.costCenterId.trim()
  const created = await inTransaction(db, async (t) => {
    const people = await companyPeople(t, caller.customerNo)
    const owner = chosenOwner(caller, people, input.ownerLogin ?? caller.login)
    if (await findCostCenter(t, caller.customerNo, costCenterId)) throw duplicateId(costCenterId)
    const [row] = await t
      .insert(costCenters)
      .values({
        customerNo: caller.customerNo,
        costCenterId,
        name: input.name!.trim(),
        ownerId: owner.id,
        budget: input.budget?.value ?? null,
        budgetPeriod: input.budget ? input.budgetPeriod! : null,
        currency: input.budget?.currency ?? 'EUR',
        active: input.active ?? true,
      })
      .returning()
    return row!
  })
  return viewOf(db, created, now)
}

/** The cost center the caller may change (§5): visible ones are exactly those. */
async function editableCostCenter(t: Db, caller: Caller, ref: string) {
  const row = await findCostCenter(t, caller.customerNo, ref)
  if (!row || !maySeeCostCenter(caller, row)) throw costCenterNotFound(ref)
  if (!mayEditCostCenter(caller, row))
    throw forbiddenError(
      'costcenter.not_editable',
      'Only an account admin or its owner may change a cost center.',
    )
  // Lock the row: two changes of one cost center queue.
  await t.select({ id: costCenters.id }).from(costCenters).where(eq(costCenters.id, row.id)).for('update')
  return row
}

/** Changes a cost center's fields; a new costCenterId must be free, a new owner one the caller may choose. */
export async function updateCostCenter(
  db: Db,
  caller: Caller,
  ref: string,
  input: CostCenterInput,
  now = new Date(),
) {
  checkTexts(input)
  checkBudget(input.budget, 'budget')
  const updated = await inTransaction(db, async (t) => {
    const row = await editableCostCenter(t, caller, ref)
    const changes: Partial<typeof costCenters.$inferInsert> = {}
    const newId = input.costCenterId?.trim()
    if (newId !== undefined && newId !== row.costCenterId) {
      const taken = await findCostCenter(t, caller.customerNo, newId)
      if (taken && taken.id !== row.id) throw duplicateId(newId)
      if (await hasOrders(t, row)) {
        throw refusedError(
          'costcenter.id.in_use',
          `Orders were placed on the cost center '${row.costCenterId}'; its costCenterId cannot change.`,
        )
      }
      changes.costCenterId = newId
    }
    if (input.name !== undefined) changes.name = input.name.trim()
    if (input.active !== undefined) changes.active = input.active
    if (input.ownerLogin !== undefined) {
      const current = row.ownerId
      const people = await companyPeople(t, caller.customerNo)
      const same = current && personByLogin(people, input.ownerLogin)?.id === current
      if (!same) changes.ownerId = chosenOwner(caller, people, input.ownerLogin).id
    }
    if (input.budget !== undefined) {
      changes.budget = input.budget?.value ?? null
      if (input.budget) changes.currency = input.budget.currency
    }
    if (input.budgetPeriod !== undefined) changes.budgetPeriod = input.budgetPeriod
    const budget = changes.budget !== undefined ? changes.budget : row.budget
    const period = changes.budgetPeriod !== undefined ? changes.budgetPeriod : row.budgetPeriod
    if (budget !== null && !period) throw invalidField('budgetPeriod', 'A budget needs its budgetPeriod.')
    if (!Object.keys(changes).length) return row
    const [saved] = await t.update(costCenters).set(changes).where(eq(costCenters.id, row.id)).returning()
    // A new owner decides the cost center step of the requisitions waiting for it, the former one no longer.
    if (changes.ownerId !== undefined) await refreshPendingApprovers(t, caller.customerNo)
    return saved!
  })
  return viewOf(db, updated, now)
}

async function hasOrders(t: Db, row: CostCenterRow) {
  const [found] = await t
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerNo, row.customerNo), eq(orders.costCenter, row.costCenterId)))
    .limit(1)
  return !!found
}

/** Deletes a cost center without orders, with its buyers; one with orders is refused (deactivate it). */
export async function deleteCostCenter(db: Db, caller: Caller, ref: string) {
  await inTransaction(db, async (t) => {
    const row = await editableCostCenter(t, caller, ref)
    if (await hasOrders(t, row)) {
      throw conflictError(
        'costcenter.delete.has_orders',
        `Orders were placed on the cost center '${row.costCenterId}'; deactivate it instead of deleting it.`,
      )
    }
    await t.delete(costCenterBuyers).where(eq(costCenterBuyers.costCenterId, row.id))
    await t.delete(costCenters).where(eq(costCenters.id, row.id))
  })
}

export type BuyerInput = { login: string; budget?: BudgetInput | null; budgetPeriod?: BudgetPeriod | null }

/** A buyer's budget must be in the cost center's currency (spent is counted in it) and have its period. */
function checkBuyerBudget(center: CostCenterRow, input: Omit<BuyerInput, 'login'>) {
  checkBudget(input.budget, 'budget')
  if (input.budget && input.budget.currency !== center.currency)
    throw invalidField(
      'budget.currency',
      `A buyer's budget is in the cost center's currency, ${center.currency}.`,
    )
  if (input.budget && !input.budgetPeriod)
    throw invalidField('budgetPeriod', 'A budget needs its budgetPeriod.')
}

const notABuyer = (login: string) =>
  notFoundError('costcenter.buyer.not_found', `'${login}' is not a buyer of this cost center.`)

/** Makes a user of the company a buyer of the cost center (§5: one who orders, not yet a buyer of it). */
export async function addBuyer(db: Db, caller: Caller, ref: string, input: BuyerInput, now = new Date()) {
  const center = await inTransaction(db, async (t) => {
    const row = await editableCostCenter(t, caller, ref)
    checkBuyerBudget(row, input)
    const people = await companyPeople(t, caller.customerNo)
    const person = personByLogin(people, input.login)
    if (!person)
      throw notFoundError('customer.user.not_found', `The user '${input.login}' could not be found.`)
    if (!ordersForCompany(person)) {
      const message = `The user '${person.login}' does not order for the company and cannot be a buyer.`
      throw refusedError('costcenter.buyer.not_eligible', message, [
        { code: 'costcenter.buyer.not_eligible', message, paths: ['login'] },
      ])
    }
    const inserted = await t
      .insert(costCenterBuyers)
      .values({
        costCenterId: row.id,
        userId: person.id,
        budget: input.budget?.value ?? null,
        budgetPeriod: input.budget ? input.budgetPeriod! : null,
      })
      .onConflictDoNothing()
      .returning({ userId: costCenterBuyers.userId })
    if (!inserted.length)
      throw conflictError(
        'costcenter.buyer.duplicate',
        `'${person.login}' is already a buyer of this cost center.`,
      )
    return row
  })
  return viewOf(db, center, now)
}

async function buyerOf(t: Db, center: CostCenterRow, login: string) {
  const [found] = await t
    .select({ userId: costCenterBuyers.userId })
    .from(costCenterBuyers)
    .innerJoin(users, eq(users.id, costCenterBuyers.userId))
    .where(
      and(eq(costCenterBuyers.costCenterId, center.id), eq(sql`lower(${users.login})`, login.toLowerCase())),
    )
  if (!found) throw notABuyer(login)
  return found.userId
}

/**
 * Sets a buyer's own budget on the cost center, replacing the one before (the PWA sends the whole buyer); no
 * budget (null or left out): none of their own, the cost center's budget only.
 */
export async function updateBuyer(
  db: Db,
  caller: Caller,
  ref: string,
  login: string,
  input: Omit<BuyerInput, 'login'>,
  now = new Date(),
) {
  const center = await inTransaction(db, async (t) => {
    const row = await editableCostCenter(t, caller, ref)
    checkBuyerBudget(row, input)
    const userId = await buyerOf(t, row, login)
    await t
      .update(costCenterBuyers)
      .set({ budget: input.budget?.value ?? null, budgetPeriod: input.budget ? input.budgetPeriod! : null })
      .where(and(eq(costCenterBuyers.costCenterId, row.id), eq(costCenterBuyers.userId, userId)))
    return row
  })
  return viewOf(db, center, now)
}

/** Takes a buyer off the cost center. A basket already on it fails its CostCenter validation afterwards. */
export async function removeBuyer(db: Db, caller: Caller, ref: string, login: string) {
  await inTransaction(db, async (t) => {
    const row = await editableCostCenter(t, caller, ref)
    const userId = await buyerOf(t, row, login)
    await t
      .delete(costCenterBuyers)
      .where(and(eq(costCenterBuyers.costCenterId, row.id), eq(costCenterBuyers.userId, userId)))
  })
}

// --- A user's cost centers and the basket's ---------------------------------------------------------------

/** A cost center as a user's list names it, with the user's part in it ('Buyer', 'CostCenterOwner'). */
export type UserCostCenter = { costCenterId: string; name: string; roles: ('Buyer' | 'CostCenterOwner')[] }

/**
 * The active cost centers a user of the company buys on or owns (the PWA's eligible cost centers for checkout
 * keep those with 'Buyer'). `login` '-' is the caller; anyone else's list needs the route's manage-users rule.
 */
export async function userCostCenters(db: Db, caller: Caller, login: string): Promise<UserCostCenter[]> {
  let userId = caller.userId
  if (login !== '-' && login.toLowerCase() !== caller.login.toLowerCase()) {
    const person = personByLogin(await companyPeople(db, caller.customerNo), login)
    if (!person) throw notFoundError('customer.user.not_found', 'The user could not be found.')
    userId = person.id
  }
  const rows = await db
    .select({
      id: costCenters.id,
      costCenterId: costCenters.costCenterId,
      name: costCenters.name,
      ownerId: costCenters.ownerId,
      buyer: costCenterBuyers.userId,
    })
    .from(costCenters)
    .leftJoin(
      costCenterBuyers,
      and(eq(costCenterBuyers.costCenterId, costCenters.id), eq(costCenterBuyers.userId, userId)),
    )
    .where(
      and(
        eq(costCenters.customerNo, caller.customerNo),
        eq(costCenters.active, true),
        or(eq(costCenters.ownerId, userId), eq(costCenterBuyers.userId, userId)),
      ),
    )
    .orderBy(asc(costCenters.costCenterId))
  return rows.map((r) => ({
    costCenterId: r.costCenterId,
    name: r.name,
    roles: [
      ...(r.buyer ? (['Buyer'] as const) : []),
      ...(r.ownerId === userId ? (['CostCenterOwner'] as const) : []),
    ],
  }))
}

/** The active cost centers of the customer that the user is a buyer of: what a basket may be ordered on. */
export async function orderableCostCenters(db: Db, principal: Caller) {
  return db
    .select({ costCenterId: costCenters.costCenterId, name: costCenters.name })
    .from(costCenters)
    .innerJoin(costCenterBuyers, eq(costCenterBuyers.costCenterId, costCenters.id))
    .where(
      and(
        eq(costCenters.customerNo, principal.customerNo),
        eq(costCenters.active, true),
        eq(costCenterBuyers.userId, principal.userId),
      ),
    )
    .orderBy(asc(costCenters.costCenterId))
}

/** Whether a business user may order a basket on the cost center named: an active one they are a buyer of. */
export async function orderableCostCenter(db: Db, principal: Principal, ref: string) {
  if (principal.anonymous || principal.customerType !== 'SMBCustomer') return undefined
  const eligible = await orderableCostCenters(db, principal)
  return eligible.find((c) => c.costCenterId.toLowerCase() === ref.toLowerCase())
}

/**
 * The basket's cost center: a business user names one they may order on (its costCenterId is stored as the
 * company writes it); null or '' removes it. Anyone else's basket has none.
 */
export async function basketCostCenter(db: Db, principal: Principal, ref: string | null) {
  if (ref === null || ref.trim() === '') return null
  const found = await orderableCostCenter(db, principal, ref.trim())
  if (!found) {
    const message = `The cost center '${ref}' cannot be used for this basket.`
    throw refusedError('basket.cost_center.not_eligible.error', message, [
      { code: 'basket.cost_center.not_eligible.error', message, paths: ['costCenter'] },
    ])
  }
  return found.costCenterId
}

/**
 * The CostCenter validation of a basket: for a business user, a cost center they may still order on; none is
 * an error unless the customer's cost centers are optional (`isCostCenterOptional`) or the user has none to
 * choose from (requiring one would make ordering impossible). Answers the problem, or undefined.
 */
export async function costCenterProblem(
  db: Db,
  principal: Principal,
  costCenter: string | null,
): Promise<{ code: MessageCode; message: string } | undefined> {
  if (principal.anonymous || principal.customerType !== 'SMBCustomer') return undefined
  const eligible = await orderableCostCenters(db, principal)
  if (costCenter) {
    if (eligible.some((c) => c.costCenterId === costCenter)) return undefined
    return {
      code: 'basket.validation.cost_center.not_eligible.error',
      message: `The cost center '${costCenter}' can no longer be used; please choose another one.`,
    }
  }
  const customer = await customerRow(db, principal.customerNo)
  if (customer?.costCenterOptional || eligible.length === 0) return undefined
  return { code: 'basket.validation.cost_center.missing.error', message: 'Please choose a cost center.' }
}
