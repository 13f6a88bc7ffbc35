/**
 * Sales representatives and co-browse (issue 35; shell spec §4.7, commerce spec §1): a representative looks
 * after some customers (`sales_reps.customer_nos`) and may open the shop as one of their users, to see it as
 * the customer does and to fill a basket or order for them. Opening it mints a co-browse token
 * (domain/tokens.ts issueCobrowseToken): single use, two minutes, naming the representative, whom every token
 * issued for it inherits, so that the baskets and orders it changes record them. Only an active representative
 * mints, only for an active user of a customer they look after, never for a punchout user (who shops from
 * their procurement system) or a customer still waiting for the shop's approval.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { baskets, customers, salesReps, users } from '../db/schema'
import { findBasket } from './basket'
import { isLocale, type Locale } from './channel'
import { forbiddenError, notFoundError } from './errors'
import { verifyPasswordOf } from './passwords'
import { punchoutResourceOfRoles } from './punchout'
import { issueCobrowseToken, type Principal } from './tokens'

export type SalesRepRow = typeof salesReps.$inferSelect

/** A representative as the desk and the back office show them (no password hash). */
export type SalesRep = Omit<SalesRepRow, 'passwordHash' | 'createdAt'>

const publicOf = ({ passwordHash: _hash, createdAt: _created, ...rep }: SalesRepRow): SalesRep => rep

export const salesRepName = (rep: Pick<SalesRep, 'firstName' | 'lastName'>) =>
  `${rep.firstName} ${rep.lastName}`.trim()

/** The representative of `id` (as ICM clients pass it, `SR-1001`), active or not; undefined for none. */
export async function findSalesRep(db: Db, id: string): Promise<SalesRep | undefined> {
  const [row] = await db.select().from(salesReps).where(eq(salesReps.id, id))
  return row && publicOf(row)
}

/**
 * Whom a desk login names: the one representative whose login or e-mail address it is (case-insensitive).
 * `key` is what the login throttle counts failures under: the representative, however they name themselves,
 * or the name itself when it names nobody.
 */
export async function findSalesRepLogin(db: Db, name: string): Promise<{ key: string; rep?: SalesRepRow }> {
  const wanted = name.trim().toLowerCase()
  const found = await db
    .select()
    .from(salesReps)
    .where(sql`lower(${salesReps.login}) = ${wanted} or lower(${salesReps.email}) = ${wanted}`)
    .limit(2)
  const rep = found.length === 1 ? found[0] : undefined
  return { key: rep ? `salesrep:${rep.id}` : `salesrep-name:${wanted}`, rep }
}

export type SalesRepLogin = { ok: true; rep: SalesRep } | { ok: false; reason: 'invalid' | 'inactive' }

/**
 * A representative's password login at the desk: an unknown name costs one password hash like a known one,
 * and a deactivated representative is told so only with the right password.
 */
export async function authenticateSalesRep(
  password: string,
  account: { rep?: SalesRepRow },
): Promise<SalesRepLogin> {
  const { rep } = account
  if (!(await verifyPasswordOf(password, rep?.passwordHash)) || !rep) return { ok: false, reason: 'invalid' }
  if (!rep.active) return { ok: false, reason: 'inactive' }
  return { ok: true, rep: publicOf(rep) }
}

/** A user a representative may open the shop as, as the desk lists them. */
export type CobrowseUser = {
  id: string
  login: string
  email: string
  firstName: string
  lastName: string
  preferredLanguage: Locale
  roles: string[]
  active: boolean
  /** Why the shop cannot be opened as this user (deactivated, a punchout user); undefined: it can. */
  unavailable?: 'inactive' | 'punchout'
}

/** A customer a representative looks after, with its users. */
export type CobrowseCustomer = {
  customerNo: string
  type: string
  companyName: string | null
  approvalPending: boolean
  users: CobrowseUser[]
}

const unavailableOf = (user: { active: boolean; roles: string[] }): CobrowseUser['unavailable'] =>
  !user.active ? 'inactive' : punchoutResourceOfRoles(user.roles) ? 'punchout' : undefined

/**
 * The customers a representative looks after, in the order of their numbers, each with its users by name;
 * customers waiting for the shop's approval are left out (their users cannot log in either).
 */
export async function customersOfSalesRep(db: Db, rep: Pick<SalesRep, 'customerNos'>) {
  if (!rep.customerNos.length) return []
  const rows = await db
    .select({ customer: customers, user: users })
    .from(customers)
    .leftJoin(users, eq(users.customerNo, customers.customerNo))
    .where(and(inArray(customers.customerNo, rep.customerNos), eq(customers.approvalPending, false)))
    .orderBy(asc(customers.customerNo), asc(users.lastName), asc(users.firstName), asc(users.login))
  const byNumber = new Map<string, CobrowseCustomer>()
  for (const { customer, user } of rows) {
    let entry = byNumber.get(customer.customerNo)
    if (!entry) {
      entry = {
        customerNo: customer.customerNo,
        type: customer.type,
        companyName: customer.companyName,
        approvalPending: customer.approvalPending,
        users: [],
      }
      byNumber.set(customer.customerNo, entry)
    }
    if (!user) continue
    entry.users.push({
      id: user.id,
      login: user.login,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      preferredLanguage: isLocale(user.preferredLanguage) ? user.preferredLanguage : 'en_US',
      roles: user.roles,
      active: user.active,
      unavailable: unavailableOf(user),
    })
  }
  return [...byNumber.values()]
}

/** What minting gives: the token for the storefront's `/cobrowse` link, and whom it opens the shop as. */
export type CobrowseGrant = {
  accessToken: string
  expiresAt: Date
  salesRep: SalesRep
  user: { id: string; login: string; customerNo: string; preferredLanguage: Locale }
}

const repUnknown = (id: string) =>
  notFoundError('salesrep.not_found.error', `There is no sales representative '${id}'.`)

/**
 * Mints a co-browse token for representative `salesRepId` and the user named by `login` (their login or
 * e-mail address). Refused: an unknown representative or user (404), a deactivated representative or user, a
 * user of a customer the representative does not look after, a punchout user (403).
 */
export async function mintCobrowseToken(
  db: Db,
  salesRepId: string,
  login: string,
  now = new Date(),
): Promise<CobrowseGrant> {
  const rep = await findSalesRep(db, salesRepId)
  if (!rep) throw repUnknown(salesRepId)
  if (!rep.active)
    throw forbiddenError('salesrep.inactive.error', `The sales representative '${rep.id}' is deactivated.`)
  const name = login.trim().toLowerCase()
  const found = await db
    .select({ user: users, approvalPending: customers.approvalPending })
    .from(users)
    .innerJoin(customers, eq(customers.customerNo, users.customerNo))
    .where(sql`lower(${users.login}) = ${name} or lower(${users.email}) = ${name}`)
    .limit(2)
  const row = found.length === 1 ? found[0] : undefined
  // A user of a customer someone else looks after is refused alike whether or not they exist.
  if (!row || !rep.customerNos.includes(row.user.customerNo) || row.approvalPending)
    throw forbiddenError(
      'salesrep.customer.not_assigned.error',
      `The sales representative '${rep.id}' does not look after the customer of the user '${login}'.`,
    )
  const { user } = row
  const unavailable = unavailableOf(user)
  if (unavailable === 'inactive')
    throw forbiddenError('salesrep.user.inactive.error', `The user '${user.login}' is deactivated.`)
  if (unavailable === 'punchout')
    throw forbiddenError(
      'salesrep.user.punchout.error',
      `The user '${user.login}' is a punchout user, who shops from their procurement system only.`,
    )
  const minted = await issueCobrowseToken(db, user.id, rep.id, now)
  return {
    accessToken: minted.token,
    expiresAt: minted.expiresAt,
    salesRep: rep,
    user: {
      id: user.id,
      login: user.login,
      customerNo: user.customerNo,
      preferredLanguage: isLocale(user.preferredLanguage) ? user.preferredLanguage : 'en_US',
    },
  }
}

/**
 * Records on the caller's open basket `id` (or `current`) that their sales representative changed it: the
 * co-browse attribution of a basket change (sales-rep-attribution.ts). A caller without one records nothing.
 */
export async function recordBasketSalesRep(db: Db, principal: Principal, id: string) {
  if (principal.anonymous || !principal.salesRep) return
  const basket = await findBasket(db, principal, id)
  if (!basket || basket.salesRepId === principal.salesRep.id) return
  await db.update(baskets).set({ salesRepId: principal.salesRep.id }).where(eq(baskets.id, basket.id))
}
