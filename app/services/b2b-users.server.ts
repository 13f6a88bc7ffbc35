/**
 * A business customer's users (ICM `customers/{no}/users`, issue 17): list, read, create, change, delete, and
 * their roles and budgets; and the roles the company can give (`customers/{no}/roles`). Personal, never
 * cached. Changes ICM may refuse answer `IcmResult` with ICM's reasons.
 */
import {
  AssignableRolesWireSchema,
  B2bUsersWireSchema,
  B2bUserWireSchema,
  mapAssignableRoles,
  mapB2bUser,
  mapB2bUserLink,
  UserRolesWireSchema,
  type B2bRole,
  type B2bUser,
  type NewB2bUser,
  type UserProfileBody,
} from '~/models/b2b-user'
import { mapUserBudget, UserBudgetSchema, type Budget, type budgetInputOf } from '~/models/budget'
import { z } from 'zod'
import { requirePermission } from './guards.server'
import { notFound } from './http.server'
import { fixedT } from './i18n.server'
import { icmCall, IcmError, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import { organizationBase } from './organization.server'
import type { PageArgs } from './shopper.server'

/** Longest login or customer number that can name a user in a path (the API's bound). */
const MAX_ID = 100

const usersPath = (customerNo: string) => `customers/${encodeURIComponent(customerNo)}/users`
const userPath = (customerNo: string, login: string) =>
  `${usersPath(customerNo)}/${encodeURIComponent(login)}`

/** What user management's pages guard themselves with (spec org §2, §6). */
export const MANAGE_USERS = 'APP_B2B_MANAGE_USERS'

/**
 * The first step of every user management page: the permission guard, then the shopper's company, texts and
 * the list's address.
 */
export async function requireUserManager(args: PageArgs) {
  const shopper = await requirePermission(args, MANAGE_USERS)
  return {
    ...shopper,
    t: fixedT(shopper.locale.id),
    customerNo: shopper.user.customerNo,
    usersUrl: `${organizationBase(shopper.locale.lang)}/users`,
  }
}

/** A user's detail page. */
export const userUrl = (usersUrl: string, login: string) => `${usersUrl}/${encodeURIComponent(login)}`

/** Whether a user is the logged-in user (logins compare without case, as the API's do). */
export const isSelf = (login: string, sessionLogin: string) =>
  login.toLowerCase() === sessionLogin.toLowerCase()

/** The company's users (punchout users aside: the API lists them not), as the list's Links describe them. */
export async function listUsers(scope: IcmScope, customerNo: string): Promise<B2bUser[]> {
  const answer = await icmCall(scope, {
    path: usersPath(customerNo),
    schema: B2bUsersWireSchema,
    cache: 'none',
  })
  return answer.elements.map(mapB2bUserLink)
}

/** One user with roles and budget; an unknown (or malformed) login is a 404 page. */
export async function getUser(scope: IcmScope, customerNo: string, login: string): Promise<B2bUser> {
  if (!login || login.length > MAX_ID) throw notFound()
  try {
    return mapB2bUser(
      await icmCall(scope, { path: userPath(customerNo, login), schema: B2bUserWireSchema, cache: 'none' }),
    )
  } catch (error) {
    if (error instanceof IcmError && (error.status === 404 || error.status === 400)) throw notFound()
    throw error
  }
}

/**
 * Creates users, all or none (`POST customers/{no}/users {elements}`, as ICM and the PWA send it); each gets a
 * "set your password" mail from the API. Answers the created users as the API lists them.
 */
export function createUsers(
  scope: IcmScope,
  customerNo: string,
  users: NewB2bUser[],
): Promise<IcmResult<B2bUser[]>> {
  return tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: usersPath(customerNo),
      json: { elements: users },
      schema: B2bUsersWireSchema,
      cache: 'none',
    }).then((answer) => answer.elements.map(mapB2bUserLink)),
  )
}

/** Changes a user's profile and whether they are active (`PUT customers/{no}/users/{login}`). */
export function updateUser(
  scope: IcmScope,
  customerNo: string,
  login: string,
  body: UserProfileBody,
): Promise<IcmResult<B2bUser>> {
  return tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: userPath(customerNo, login),
      json: body,
      schema: B2bUserWireSchema,
      cache: 'none',
    }).then(mapB2bUser),
  )
}

/** Deletes a user (`DELETE customers/{no}/users/{login}`; no body in the answer). */
export function deleteUser(scope: IcmScope, customerNo: string, login: string): Promise<IcmResult<null>> {
  return tryIcm(
    icmCall(scope, {
      method: 'DELETE',
      path: userPath(customerNo, login),
      schema: z.unknown(),
      cache: 'none',
    }).then(() => null),
  )
}

/**
 * Sets the roles a user holds (`PUT …/users/{login}/roles {userRoles:[roleID…]}`, the role ids as the PWA
 * sends them); the API keeps the fixed role. Answers the role ids held now.
 */
export function setUserRoles(
  scope: IcmScope,
  customerNo: string,
  login: string,
  roleIDs: string[],
): Promise<IcmResult<string[]>> {
  return tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: `${userPath(customerNo, login)}/roles`,
      json: { userRoles: roleIDs },
      schema: UserRolesWireSchema,
      cache: 'none',
    }).then((answer) => answer.userRoles.map((role) => role.roleID)),
  )
}

/** Sets a user's budget and order limit (`PUT …/users/{login}/budgets`, a UserBudget). */
export function setUserBudget(
  scope: IcmScope,
  customerNo: string,
  login: string,
  budget: ReturnType<typeof budgetInputOf>,
): Promise<IcmResult<Budget>> {
  return tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: `${userPath(customerNo, login)}/budgets`,
      json: budget,
      schema: UserBudgetSchema,
      cache: 'none',
    }).then(mapUserBudget),
  )
}

/** The roles user management can give (`GET customers/{no}/roles`), named in the shopper's language. */
export async function listRoles(scope: IcmScope, customerNo: string): Promise<B2bRole[]> {
  return mapAssignableRoles(
    await icmCall(scope, {
      path: `customers/${encodeURIComponent(customerNo)}/roles`,
      schema: AssignableRolesWireSchema,
      cache: 'none',
    }),
  )
}
