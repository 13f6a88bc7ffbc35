/**
 * A business customer's punchout users (issue 34, ICM's `customers/{no}/punchouts/{type}/users`): users of the
 * customer holding exactly the punchout role of one kind, with the login and password their procurement
 * system signs in with. The caller holds APP_B2B_MANAGE_PUNCHOUT for the customer (the authorization hook
 * checked it); the rules here are the users' own:
 *
 * - A login is letters, digits and `. _ @ -` (what procurement systems accept in a credential), and, as every
 *   login, names one user shop-wide as a login or as an e-mail address (ADR 0029: one refusal, 409).
 * - The password keeps the shop's password rule; it is stored hashed like every user's and never answered.
 * - ICM's punchout users need no e-mail address: without one the login stands in its column (it names nobody
 *   else, which the one-name rule already checked), so no mail goes to a procurement system.
 * - A deactivated punchout user cannot sign in, and its tokens stop working (domain/tokens.ts checkToken).
 * - Punchout users are not managed by user management (domain/users.ts leaves them out), and user
 *   management's users are not found here.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers, users } from '../db/schema'
import type { Locale } from './channel'
import { DomainError, invalidError, notFoundError } from './errors'
import { isUuid } from './ids'
import { passwordRuleViolation } from './password-tokens'
import { hashPassword, verifyPasswordOf } from './passwords'
import { permissionsOf } from './permissions'
import { PUNCHOUT_TYPES, type PunchoutResource } from './punchout'
import type { Principal } from './tokens'
import {
  lockCompany,
  MAX_COMPANY_USERS,
  nameTaken,
  nextBusinessPartnerNo,
  takenNames,
  uniquely,
  type UserRow,
} from './users'

/** A new punchout user as the account page sends it (the PWA's PunchoutUser without its id). */
export type NewPunchoutUser = { login: string; password: string; email?: string | null; active?: boolean }

/** A change of a punchout user: an empty or missing password keeps the old one. */
export type PunchoutUserChange = { password?: string | null; email?: string | null; active?: boolean }

const LOGIN = /^[A-Za-z0-9._@-]+$/
export const LOGIN_MIN_LENGTH = 2
export const LOGIN_MAX_LENGTH = 100
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const punchoutUserNotFound = () =>
  notFoundError('punchout.user.not_found', 'The punchout user could not be found.')

/** Why a login cannot be a punchout user's, or undefined when it can. */
export function punchoutLoginProblem(login: string): string | undefined {
  if (login.length < LOGIN_MIN_LENGTH || login.length > LOGIN_MAX_LENGTH)
    return `A login has ${LOGIN_MIN_LENGTH} to ${LOGIN_MAX_LENGTH} characters.`
  if (!LOGIN.test(login)) return 'A login has letters, digits and . _ @ - only.'
  return undefined
}

const invalidField =
  (code: 'punchout.user.login.invalid' | 'punchout.user.password.invalid', path: string) =>
  (message: string) =>
    invalidError(code, message, [{ code, message, paths: [path] }])

function checkPassword(password: string) {
  const problem = passwordRuleViolation(password)
  if (problem) throw invalidField('punchout.user.password.invalid', 'password')(problem)
}

function checkEmail(email: string) {
  if (email.length > 254 || !EMAIL.test(email))
    throw invalidError('punchout.user.email.invalid', 'The e-mail address is not valid.', [
      { code: 'punchout.user.email.invalid', message: 'The e-mail address is not valid.', paths: ['email'] },
    ])
}

/** SQL: the user row is a punchout user of this kind of the customer. */
const ofKind = (customerNo: string, resource: PunchoutResource) =>
  and(
    eq(users.customerNo, customerNo),
    sql`${users.roles} @> jsonb_build_array(${PUNCHOUT_TYPES[resource].roleId}::text)`,
  )

/** The customer's punchout users of one kind, by login. */
export async function listPunchoutUsers(
  db: Db,
  customerNo: string,
  resource: PunchoutResource,
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(ofKind(customerNo, resource))
    .orderBy(asc(sql`lower(${users.login})`))
    .limit(MAX_COMPANY_USERS)
}

/**
 * One punchout user of the kind, by login (case-insensitive) or by id (ICM's `id`, what the PWA names a cXML
 * user's configuration by). Anyone else (another kind's, user management's, another company's) is not found.
 */
export async function findPunchoutUser(
  db: Db,
  customerNo: string,
  resource: PunchoutResource,
  loginOrId: string,
): Promise<UserRow> {
  const named = isUuid(loginOrId)
    ? sql`(${users.id} = ${loginOrId} or lower(${users.login}) = ${loginOrId.toLowerCase()})`
    : eq(sql`lower(${users.login})`, loginOrId.toLowerCase())
  const [user] = await db
    .select()
    .from(users)
    .where(and(ofKind(customerNo, resource), named))
    .limit(1)
  if (!user) throw punchoutUserNotFound()
  return user
}

/**
 * Creates a punchout user of the kind: the kind's role only, active unless asked otherwise, the password
 * hashed. The login (and e-mail address, when one is given) must name nobody yet.
 */
export async function createPunchoutUser(
  db: Db,
  customerNo: string,
  resource: PunchoutResource,
  input: NewPunchoutUser,
  locale: Locale,
): Promise<UserRow> {
  const login = input.login.trim()
  const loginProblem = punchoutLoginProblem(login)
  if (loginProblem) throw invalidField('punchout.user.login.invalid', 'login')(loginProblem)
  checkPassword(input.password)
  const email = input.email?.trim() || login
  if (input.email?.trim()) checkEmail(email)
  const taken = await takenNames(db, [login, email])
  if (taken.size)
    throw nameTaken([
      ...(taken.has(login.toLowerCase()) ? ['login'] : []),
      ...(email !== login && taken.has(email.toLowerCase()) ? ['email'] : []),
    ])
  // Hashed before the transaction (scrypt runs off the event loop): the transaction only writes.
  const passwordHash = await hashPassword(input.password)
  return uniquely(
    () =>
      db.transaction(async (tx) => {
        await lockCompany(tx, customerNo)
        const [user] = await tx
          .insert(users)
          .values({
            customerNo,
            login,
            email,
            passwordHash,
            firstName: login,
            lastName: 'Punchout',
            businessPartnerNo: nextBusinessPartnerNo(customerNo),
            preferredLanguage: locale,
            roles: [PUNCHOUT_TYPES[resource].roleId],
            active: input.active ?? true,
          })
          .returning()
        return user!
      }),
    ['login'],
  )
}

/**
 * Changes a punchout user (`PUT …/users/{login}`): a new password (an empty one keeps the old), the e-mail
 * address, active or not. The login stays: it is what the procurement system is configured with.
 */
export async function updatePunchoutUser(
  db: Db,
  customerNo: string,
  resource: PunchoutResource,
  login: string,
  change: PunchoutUserChange,
): Promise<UserRow> {
  const user = await findPunchoutUser(db, customerNo, resource, login)
  const password = change.password || undefined
  if (password !== undefined) checkPassword(password)
  const email = change.email === undefined ? undefined : change.email?.trim() || user.login
  if (email !== undefined && email !== user.login) checkEmail(email)
  const emailChanged = email !== undefined && email.toLowerCase() !== user.email.toLowerCase()
  if (emailChanged && (await takenNames(db, [email], user.id)).size) throw nameTaken(['email'])
  const passwordHash = password === undefined ? undefined : await hashPassword(password)
  return uniquely(async () => {
    const [updated] = await db
      .update(users)
      .set({
        ...(passwordHash ? { passwordHash } : {}),
        ...(emailChanged ? { email } : {}),
        ...(change.active === undefined ? {} : { active: change.active }),
      })
      .where(eq(users.id, user.id))
      .returning()
    return updated!
  }, ['email'])
}

/**
 * Deletes a punchout user: its sessions and cXML configuration go with it (foreign keys), its tokens stop
 * working, orders keep their history.
 */
export async function deletePunchoutUser(
  db: Db,
  customerNo: string,
  resource: PunchoutResource,
  login: string,
): Promise<void> {
  const user = await findPunchoutUser(db, customerNo, resource, login)
  await db.delete(users).where(eq(users.id, user.id))
}

/**
 * The punchout user of the kind whose login and password a procurement system sent (cXML: the Sender's
 * Identity and SharedSecret), or `punchout.login.invalid`: an unknown login, a wrong secret, another kind's
 * user, a deactivated one or one of a customer not yet approved are refused alike, and cost one password check
 * each, so that the answer time does not tell which logins exist.
 */
export async function authenticatePunchoutUser(
  db: Db,
  resource: PunchoutResource,
  login: string,
  secret: string,
): Promise<UserRow> {
  const found = await db
    .select({ user: users, approvalPending: customers.approvalPending, type: customers.type })
    .from(users)
    .innerJoin(customers, eq(customers.customerNo, users.customerNo))
    .where(
      and(
        eq(sql`lower(${users.login})`, login.trim().toLowerCase()),
        sql`${users.roles} @> jsonb_build_array(${PUNCHOUT_TYPES[resource].roleId}::text)`,
      ),
    )
    .limit(1)
  const row = found[0]
  const matched = await verifyPasswordOf(secret, row?.user.passwordHash)
  if (!matched || !row || !row.user.active || row.approvalPending || row.type !== 'SMBCustomer')
    throw new DomainError(
      'unauthenticated',
      'punchout.login.invalid',
      'The punchout login or its password (shared secret) is not correct.',
    )
  return row.user
}

/** A user as the caller of domain functions (a basket's owner, an order's buyer), as its token would name it. */
export type UserPrincipal = Extract<Principal, { anonymous: false }>

/**
 * The principal a punchout user acts as when a procurement system calls server to server (a setup request, an
 * order request): the same subject as the user's tokens, so the baskets it makes are the user's.
 */
export async function punchoutPrincipal(db: Db, user: UserRow): Promise<UserPrincipal> {
  return {
    anonymous: false,
    subject: user.id,
    token: '',
    userId: user.id,
    customerNo: user.customerNo,
    customerType: 'SMBCustomer',
    login: user.login,
    roleIds: user.roles,
    permissionIds: await permissionsOf(db, user.id),
  }
}
