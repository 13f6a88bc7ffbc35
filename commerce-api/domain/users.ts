/**
 * A business customer's user management (ICM's `customers/{no}/users`): list, create, read, update, delete,
 * roles and budgets of the company's users. The caller is a user of the customer whose permission the
 * authorization hook has checked; the rules here are the ones about the company as a whole:
 *
 * - The company keeps an administrator: at least one active user whose roles grant APP_B2B_MANAGE_USERS
 *   (the account owner role, spec §6). The last one cannot lose that permission, be deactivated or deleted.
 *   Checks ask for the permission, never for a role id (ADR 0015), so a role granting it counts too.
 * - Administrators cannot take user management away from themselves (remove their own owner role), nor
 *   deactivate or delete themselves.
 * - Roles are given only from the assignable ones (`customers/{no}/roles`); the fixed role (Buyer) is always
 *   kept. Punchout roles (OCI, cXML, IDS: not assignable) are given with a punchout user only, and punchout
 *   users are not managed here: they are not listed and not found (spec §5 and §6).
 * - One name is one person: a login or e-mail address names one user shop-wide, case-insensitively, as a
 *   login or as an e-mail address (so an e-mail login resolves to exactly one user). A name that cannot be
 *   used gets one refusal (409, NAME_TAKEN) whichever it is and whoever has it.
 * - Correcting a user's e-mail address revokes the password links sent to the old one; an unused welcome
 *   goes again to the new address.
 * - A new user has no password: they get a "set your password" mail, queued in the transaction that creates
 *   them. Lists are written in short chunks (createCompanyUsers).
 *
 * Writes that check the company's administrators lock the customer row first, so two administrators removing
 * each other at the same time cannot leave the company without one.
 */
import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers, rolePermissions, roles, users, type BudgetPeriod } from '../db/schema'
import {
  budgetView,
  customerBudgetPriceType,
  spendingHistory,
  spentOfUsers,
  type BudgetView,
  type PeriodSpending,
  type StoredBudget,
} from './budgets'
import { DEFAULT_CURRENCY, isCurrency, type Currency, type Locale } from './channel'
import { conflictError, DomainError, invalidError, notFoundError, refusedError } from './errors'
import { publish, type NewUser } from './events'
import { refreshPendingApprovers, withdrawRequisitionsOf } from './requisition-authority'
import type { Minor } from './money'
import { revokePasswordTokens } from './password-tokens'
import { hashPassword } from './passwords'
import { rolesOf, type RoleGrant } from './permissions'

export type UserRow = typeof users.$inferSelect

/** The calling administrator: a user of the customer (the authorization hook checked the permission). */
export type Manager = { customerNo: string; userId: string }

/** The permission that makes a user an administrator of the company's users. */
export const ADMIN_PERMISSION = 'APP_B2B_MANAGE_USERS'

/** Most users one company may have; bounds the list and its budget sums. */
export const MAX_COMPANY_USERS = 1000

/** Profile fields of a business user (ICM's B2bUserData), bounded by the route's schema. */
export type UserProfileInput = {
  title?: string | null
  firstName: string
  lastName: string
  email: string
  phoneHome?: string | null
  preferredLanguage?: Locale
  active?: boolean
}

export type NewUserInput = UserProfileInput & {
  /** ICM's B2B logins are the e-mail address unless the creator names one. */
  login?: string
  /** Send an invitation (single sign-on or a password) instead of the welcome mail's password link. */
  invite?: boolean
  roleIds?: string[]
  budget?: BudgetInput
}

/** A budget as set through `PUT …/budgets`; null amounts: no limit. */
export type BudgetInput = {
  currency: Currency
  budget: Minor | null
  budgetPeriod: BudgetPeriod | null
  orderSpentLimit: Minor | null
}

/** A company user with their budget's state (list and detail). */
export type CompanyUser = { user: UserRow; budget: BudgetView }

const userNotFound = () => notFoundError('customer.user.not_found', 'The user could not be found.')

/** SQL: whether the user row's roles grant a permission (the grants are data: role_permissions). */
const grants = (permission: string) =>
  sql<boolean>`exists (select 1 from ${rolePermissions} where ${rolePermissions.permissionId} = ${permission}
    and ${users.roles} @> jsonb_build_array(${rolePermissions.roleId}))`

/** SQL: the user holds a role user management may not give (a punchout user, managed elsewhere). */
const holdsUnassignableRole = sql<boolean>`exists (select 1 from ${roles} where ${roles.assignable} = false
  and ${users.roles} @> jsonb_build_array(${roles.id}))`

const sameLogin = (login: string) => eq(sql`lower(${users.login})`, login.toLowerCase())

/** The stored budget of a user row, in its currency (the channel's default until one is set). */
export const storedBudgetOf = (user: UserRow): StoredBudget => ({
  budget: user.budget,
  budgetPeriod: user.budgetPeriod,
  orderSpentLimit: user.orderSpentLimit,
  currency: isCurrency(user.budgetCurrency ?? undefined)
    ? (user.budgetCurrency as Currency)
    : DEFAULT_CURRENCY,
})

/** The company's users that user management shows (punchout users aside), by last and first name. */
export async function listCompanyUsers(db: Db, manager: Manager, at = new Date()): Promise<CompanyUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.customerNo, manager.customerNo), sql`not ${holdsUnassignableRole}`))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.login))
    .limit(MAX_COMPANY_USERS)
  const views = await spentOfUsers(
    db,
    rows.map((user) => ({ userId: user.id, stored: storedBudgetOf(user) })),
    await customerBudgetPriceType(db, manager.customerNo),
    at,
  )
  return rows.map((user) => ({ user, budget: views.get(user.id)! }))
}

/**
 * One user of the company by login ('-': the caller). Punchout users and other companies' users are not found,
 * except that every user finds themselves (ICM clients read their own user at login).
 */
export async function findCompanyUser(db: Db, manager: Manager, login: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.customerNo, manager.customerNo),
        login === '-' ? eq(users.id, manager.userId) : sameLogin(login),
        or(eq(users.id, manager.userId), sql`not ${holdsUnassignableRole}`),
      ),
    )
    .limit(1)
  if (!user) throw userNotFound()
  return user
}

/** A user with their budget's state. */
export async function companyUser(db: Db, manager: Manager, login: string, at = new Date()) {
  const user = await findCompanyUser(db, manager, login)
  return { user, budget: await userBudgetView(db, user, at) }
}

/** The user's budget in the customer's budget price type, spent in the current period. */
export async function userBudgetView(db: Db, user: UserRow, at = new Date()): Promise<BudgetView> {
  return budgetView(
    db,
    { userId: user.id },
    storedBudgetOf(user),
    await customerBudgetPriceType(db, user.customerNo),
    at,
  )
}

/** A user's budget with what they spent in each of the last `count` periods (the budget chart). */
export async function userBudgetHistory(
  db: Db,
  user: UserRow,
  count: number,
  at = new Date(),
): Promise<{ budget: BudgetView; history: PeriodSpending[] }> {
  const stored = storedBudgetOf(user)
  const priceType = await customerBudgetPriceType(db, user.customerNo)
  const [budget, history] = await Promise.all([
    budgetView(db, { userId: user.id }, stored, priceType, at),
    spendingHistory(db, { userId: user.id }, stored.budgetPeriod, count, priceType, stored.currency, at),
  ])
  return { budget, history }
}

/** PostgreSQL's unique violation (the login and e-mail indexes, the users_names_unique trigger). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505'

/**
 * The one refusal of a login or e-mail address that cannot be used, whichever it is, whoever has it and in
 * which company: one code, one status, one text that never says whose the value is. `paths` pins it on the
 * fields (and elements of a batch) at fault.
 */
export const NAME_TAKEN = 'customer.credentials.login.not_unique.error'
export const nameTaken = (paths: string[] = []) =>
  conflictError(
    NAME_TAKEN,
    'This login or e-mail address cannot be used.',
    paths.length
      ? [{ code: NAME_TAKEN, message: 'This login or e-mail address cannot be used.', paths }]
      : [],
  )

/**
 * A concurrent write that took the login or e-mail between our check and our insert or update: the unique
 * indexes and the trigger refuse it, and the caller gets the same 409 as if the check had seen it.
 */
export async function uniquely<T>(write: () => Promise<T>, paths?: string[]): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    throw nameTaken(paths)
  }
}

/**
 * The names among `names` (lower-cased) that already name a user other than `except`, as a login or as an
 * e-mail address: one name is one person shop-wide, so a login may be nobody else's e-mail address either
 * (or an e-mail login would sign in two people). One query for every value, whatever is found.
 */
export async function takenNames(db: Db, names: readonly string[], except?: string): Promise<Set<string>> {
  const lowered = [...new Set(names.map((name) => name.trim().toLowerCase()))]
  if (!lowered.length) return new Set()
  const login = sql<string>`lower(${users.login})`
  const email = sql<string>`lower(${users.email})`
  const named = or(inArray(login, lowered), inArray(email, lowered))
  const rows = await db
    .select({ login, email })
    .from(users)
    .where(except ? and(named, ne(users.id, except)) : named)
  return new Set(rows.flatMap((row) => [row.login, row.email]).filter((name) => lowered.includes(name)))
}

/** The roles the user will hold: the requested assignable ones plus the fixed ones; anything else refused. */
export async function resolveRoles(db: Db, requested: readonly string[]): Promise<string[]> {
  return (await roleResolver(db))(requested)
}

/** `resolveRoles` with the shop's roles read once, for many users. */
async function roleResolver(db: Db): Promise<(requested: readonly string[]) => string[]> {
  const rows = await db
    .select({ id: roles.id, assignable: roles.assignable, fixed: roles.fixed })
    .from(roles)
    .orderBy(asc(roles.position))
  const known = new Map(rows.map((row) => [row.id, row]))
  return (requested) => {
    const refused = [...new Set(requested)].filter((id) => !known.get(id)?.assignable)
    if (refused.length)
      throw refusedError(
        'customer.user.role.not_assignable',
        `These roles cannot be given through user management: ${refused.join(', ')}.`,
        refused.map((id) => ({
          code: known.has(id) ? 'customer.user.role.punchout' : 'customer.user.role.unknown',
          message: known.has(id)
            ? `${id} is given with a punchout user only.`
            : `${id} is not a role of this shop.`,
          paths: ['userRoles'],
        })),
      )
    const wanted = new Set(requested)
    return rows.filter((row) => row.fixed || wanted.has(row.id)).map((row) => row.id)
  }
}

/** Whether a set of role ids grants a permission (the grants are data). */
async function rolesGrant(db: Db, roleIds: readonly string[], permission: string): Promise<boolean> {
  if (!roleIds.length) return false
  const [row] = await db
    .select({ roleId: rolePermissions.roleId })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.permissionId, permission), inArray(rolePermissions.roleId, [...roleIds])))
    .limit(1)
  return row !== undefined
}

/** Locks the company's row for the rest of the transaction: changes to its administrators run one by one. */
export async function lockCompany(tx: Db, customerNo: string) {
  await tx.execute(sql`select 1 from ${customers} where ${customers.customerNo} = ${customerNo} for update`)
}

/** SQL: the next business partner number of a company (U00001, U00002, …); call with the company locked. */
export const nextBusinessPartnerNo = (customerNo: string) =>
  sql<string>`(select 'U' || lpad((coalesce(max(substring(${users.businessPartnerNo} from 2)::int), 0) + 1)::text, 5, '0')
    from ${users} where ${users.customerNo} = ${customerNo} and ${users.businessPartnerNo} ~ '^U[0-9]+$')`

/**
 * Numbers the business users who have no business partner number yet (users the seed wrote directly), in the
 * order they were created, after the highest number their company has.
 */
export async function numberBusinessUsers(db: Db) {
  await db.execute(sql`update ${users} set business_partner_no = numbered.no from (
    select u.id, 'U' || lpad((coalesce(taken.top, 0)
        + row_number() over (partition by u.customer_no order by u.created_at, lower(u.login)))::text, 5, '0') as no
      from ${users} u join ${customers} c on c.customer_no = u.customer_no
      left join (select customer_no, max(substring(business_partner_no from 2)::int) as top from ${users}
        where business_partner_no ~ '^U[0-9]+$' group by customer_no) taken on taken.customer_no = u.customer_no
      where c.type = 'SMBCustomer' and u.business_partner_no is null) numbered
    where ${users.id} = numbered.id`)
}

/** Refuses a change that would leave the company without an active administrator besides `userId`. */
export async function requireAnotherAdministrator(tx: Db, customerNo: string, userId: string, what: string) {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.customerNo, customerNo),
        ne(users.id, userId),
        eq(users.active, true),
        grants(ADMIN_PERMISSION),
      ),
    )
    .limit(1)
  if (!other)
    throw refusedError(
      'customer.user.last_account_owner',
      `The last account administrator of the company cannot be ${what}; make another user an administrator first.`,
    )
}

/** Whether the user's current roles make them an administrator. */
export const isAdministrator = (db: Db, user: UserRow) => rolesGrant(db, user.roles, ADMIN_PERMISSION)

/** The columns a budget input sets; a budget needs its period. */
function budgetColumns(budget: BudgetInput) {
  if (budget.budget !== null && budget.budgetPeriod === null)
    throw invalidError('customer.user.budget.period.missing', 'A budget needs a budget period.', [
      {
        code: 'customer.user.budget.period.missing',
        message: 'Choose weekly, monthly, quarterly or yearly.',
        paths: ['budgetPeriod'],
      },
    ])
  return {
    budget: budget.budget,
    budgetPeriod: budget.budget === null ? null : budget.budgetPeriod,
    orderSpentLimit: budget.orderSpentLimit,
    budgetCurrency: budget.currency,
  }
}

/**
 * Users created per transaction. A transaction holds the database (PGlite has one connection), so a long list
 * is written in short chunks with other requests served between them, instead of one long stall.
 */
export const CREATE_CHUNK_SIZE = 10

/** Lets the requests that waited run before the next chunk. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The names of each new user (the login defaults to the e-mail address) that cannot be used: taken by any
 * user of the shop (as login or e-mail address), or named by an earlier element of the same list. Answers
 * the paths at fault (`elements.<index>.login|email`); nothing is written.
 */
async function unusableNames(db: Db, inputs: readonly NewUserInput[]): Promise<string[]> {
  const named = inputs.map((input) => ({ login: input.login ?? input.email, email: input.email }))
  const taken = await takenNames(
    db,
    named.flatMap(({ login, email }) => [login, email]),
  )
  const firstAt = new Map<string, number>()
  const paths: string[] = []
  named.forEach((names, at) => {
    for (const field of ['login', 'email'] as const) {
      const key = names[field].trim().toLowerCase()
      const first = firstAt.get(key)
      if (taken.has(key) || (first !== undefined && first !== at)) paths.push(`elements.${at}.${field}`)
      if (first === undefined) firstAt.set(key, at)
    }
  })
  return paths
}

/**
 * Creates the company's users (`POST customers/{no}/users {elements}`): each gets the fixed role, the
 * assignable roles asked for, an optional budget, no usable password and a welcome mail with a link to set
 * one. Logins default to the e-mail address, as ICM's B2B logins are.
 *
 * The whole list is checked first (names, roles, budgets) and refused with a cause per element at fault,
 * before anything is written. Then the users are written in chunks of CREATE_CHUNK_SIZE, each in its own
 * short transaction with its welcome mails. Should another request take a name between the check and the
 * write, the chunk with it is not written, nor any after it; the refusal pins every element not created and
 * says how many were.
 */
export async function createCompanyUsers(
  db: Db,
  manager: Manager,
  inputs: NewUserInput[],
  locale: Locale,
): Promise<CompanyUser[]> {
  const unusable = await unusableNames(db, inputs)
  if (unusable.length) throw nameTaken(unusable)
  const rolesOfInput = await roleResolver(db)
  const prepared = inputs.map((input) => ({
    input,
    roleIds: rolesOfInput(input.roleIds ?? []),
    budget: input.budget ? budgetColumns(input.budget) : {},
  }))
  const created: UserRow[] = []
  for (let from = 0; from < prepared.length; from += CREATE_CHUNK_SIZE) {
    if (from > 0) await yieldToOthers()
    const chunk = prepared.slice(from, from + CREATE_CHUNK_SIZE)
    // Hashed before the transaction (scrypt runs off the event loop): the transaction only writes.
    // Nobody knows these passwords: each user sets their own through the welcome mail's link.
    const hashes = await Promise.all(chunk.map(() => hashPassword(randomBytes(32).toString('base64url'))))
    try {
      created.push(
        ...(await uniquely(() =>
          db.transaction(async (tx) => {
            await lockCompany(tx, manager.customerNo)
            const rows: UserRow[] = []
            for (const [at, { input, roleIds, budget }] of chunk.entries())
              rows.push(await insertCompanyUser(tx, manager, input, roleIds, budget, hashes[at]!, locale))
            return rows
          }),
        )),
      )
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== NAME_TAKEN) throw error
      const message = `${created.length} of ${prepared.length} users were created; the others were not, as a login or e-mail address of theirs cannot be used.`
      throw conflictError(NAME_TAKEN, message, [
        ...created.map((_, at) => ({
          code: 'customer.user.created' as const,
          message: 'This user was created.',
          paths: [`elements.${at}`],
        })),
        { code: NAME_TAKEN, message, paths: prepared.slice(from).map((_, at) => `elements.${from + at}`) },
      ])
    }
  }
  return Promise.all(created.map(async (user) => ({ user, budget: await userBudgetView(db, user) })))
}

/** Writes one new user of the company and publishes it (its welcome mail commits with it). */
async function insertCompanyUser(
  tx: Db,
  manager: Manager,
  input: NewUserInput,
  roleIds: string[],
  budget: ReturnType<typeof budgetColumns> | Record<string, never>,
  passwordHash: string,
  locale: Locale,
): Promise<UserRow> {
  const [user] = await tx
    .insert(users)
    .values({
      customerNo: manager.customerNo,
      login: input.login ?? input.email,
      email: input.email,
      passwordHash,
      title: input.title ?? null,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phoneHome ?? null,
      businessPartnerNo: nextBusinessPartnerNo(manager.customerNo),
      preferredLanguage: input.preferredLanguage ?? locale,
      roles: roleIds,
      active: input.active ?? true,
      ...budget,
    })
    .returning()
  // The welcome mail (mail/welcome.ts) with a link to set the password, or the invitation
  // (mail/invitation.ts), commits with the user.
  await publish(tx, { type: 'user.created', user: newUserOf(user!), invitation: input.invite === true })
  return user!
}

/** What events tell of a user who gets a password link. */
const newUserOf = (user: UserRow): NewUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  preferredLanguage: user.preferredLanguage,
  login: user.login,
})

/**
 * Updates a user's profile (`PUT customers/{no}/users/{login}`); `active:false` deactivates (such a user
 * cannot log in, and their tokens stop working). Administrators cannot deactivate themselves, and the last
 * one cannot be deactivated.
 */
export async function updateCompanyUser(
  db: Db,
  manager: Manager,
  login: string,
  input: UserProfileInput,
): Promise<UserRow> {
  return uniquely(
    () =>
      db.transaction(async (tx) => {
        await lockCompany(tx, manager.customerNo)
        const user = await findCompanyUser(tx, manager, login)
        const deactivating = user.active && input.active === false
        if (deactivating && user.id === manager.userId)
          throw refusedError('customer.user.self_deactivation', 'You cannot deactivate your own account.')
        if (deactivating && (await isAdministrator(tx, user)))
          await requireAnotherAdministrator(tx, user.customerNo, user.id, 'deactivated')
        const emailChanged = input.email.trim().toLowerCase() !== user.email.toLowerCase()
        if (emailChanged && (await takenNames(tx, [input.email], user.id)).size) throw nameTaken(['email'])
        const [updated] = await tx
          .update(users)
          .set({
            title: input.title === undefined ? user.title : input.title,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phone: input.phoneHome === undefined ? user.phone : input.phoneHome,
            preferredLanguage: input.preferredLanguage ?? user.preferredLanguage,
            active: input.active ?? user.active,
          })
          .where(eq(users.id, user.id))
          .returning()
        // The links sent to the old address stop working; a welcome (or invitation) not yet used goes again,
        // to the new one.
        const revoked = emailChanged ? await revokePasswordTokens(tx, user.id) : []
        if (revoked.includes('welcome') || revoked.includes('invitation'))
          await publish(tx, {
            type: 'user.email.corrected',
            user: newUserOf(updated!),
            invitation: revoked.includes('invitation'),
          })
        // A deactivated buyer's requisitions are withdrawn, and whom they waited for is asked again (ADR 0028).
        if (deactivating) await withdrawRequisitionsOf(tx, user.id, 'buyer-deactivated')
        if (updated!.active !== user.active) await refreshPendingApprovers(tx, user.customerNo)
        return updated!
      }),
    ['email'],
  )
}

/** Deletes a user (`DELETE customers/{no}/users/{login}`): never oneself, never the last administrator. */
export async function deleteCompanyUser(db: Db, manager: Manager, login: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, manager.customerNo)
    const user = await findCompanyUser(tx, manager, login)
    if (user.id === manager.userId)
      throw refusedError('customer.user.self_deletion', 'You cannot delete your own account.')
    if (await isAdministrator(tx, user))
      await requireAnotherAdministrator(tx, user.customerNo, user.id, 'deleted')
    // Their pending requisitions are withdrawn first, so no approval orders for a buyer who is gone; cost
    // center buyers and password links go with the user (foreign keys); orders keep their history.
    await withdrawRequisitionsOf(tx, user.id, 'buyer-deleted')
    await tx.delete(users).where(eq(users.id, user.id))
    await refreshPendingApprovers(tx, user.customerNo)
  })
}

/**
 * Sets a user's roles (`PUT …/users/{login}/roles {userRoles}`): assignable roles only, the fixed role kept.
 * Administrators cannot take user management away from themselves, and the last one cannot lose it.
 */
export async function setCompanyUserRoles(
  db: Db,
  manager: Manager,
  login: string,
  requested: readonly string[],
  locale: Locale,
): Promise<RoleGrant[]> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, manager.customerNo)
    const user = await findCompanyUser(tx, manager, login)
    const roleIds = await resolveRoles(tx, requested)
    const losesAdministration =
      (await isAdministrator(tx, user)) && !(await rolesGrant(tx, roleIds, ADMIN_PERMISSION))
    if (losesAdministration && user.id === manager.userId)
      throw refusedError(
        'customer.user.self_role_removal',
        'You cannot remove your own account administrator role; another administrator can.',
      )
    if (losesAdministration && user.active)
      await requireAnotherAdministrator(tx, user.customerNo, user.id, 'removed from the administrators')
    await tx.update(users).set({ roles: roleIds }).where(eq(users.id, user.id))
    await refreshPendingApprovers(tx, user.customerNo)
    return rolesOf(tx, user.id, locale)
  })
}

/** Sets a user's budget and order limit (`PUT …/users/{login}/budgets`), and answers its state. */
export async function setCompanyUserBudget(
  db: Db,
  manager: Manager,
  login: string,
  budget: BudgetInput,
  at = new Date(),
): Promise<BudgetView> {
  const columns = budgetColumns(budget)
  const user = await findCompanyUser(db, manager, login)
  const [updated] = await db.update(users).set(columns).where(eq(users.id, user.id)).returning()
  return userBudgetView(db, updated!, at)
}
