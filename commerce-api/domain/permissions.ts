/**
 * Who may do what: business users hold roles (users.roles), roles grant permissions (the tables roles and
 * role_permissions), and a user's permissions are the union over their roles. Decisions ask for a permission,
 * never for a role (ICM since 7.6). The ids are ICM's; which role grants which permission is data (seed).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { permissions, rolePermissions, roles, users } from '../db/schema'
import { localize, type Locale } from './channel'
import { notFoundError } from './errors'
import type { Principal } from './tokens'

export const ROLE_IDS = [
  'APP_B2B_ACCOUNT_OWNER',
  'APP_B2B_COSTCENTER_OWNER',
  'APP_B2B_BUYER',
  'APP_B2B_APPROVER',
  'APP_B2B_MANAGE_ORDERS',
  'APP_B2B_OCI_USER',
  'APP_B2B_CXML_USER',
  'APP_B2B_IDS_USER',
] as const
export type RoleId = (typeof ROLE_IDS)[number]

/** The permission ids the shop knows; the EDE_ ones are this shop's additions to ICM's. */
export const PERMISSION_IDS = [
  'APP_B2B_PURCHASE',
  'APP_B2B_MANAGE_OWN_QUOTES',
  'APP_B2B_ASSIGN_COSTOBJECT_TO_BASKET',
  'APP_B2B_ASSIGN_COSTOBJECT_TO_BASKETLINEITEM',
  'APP_B2B_VIEW_COSTOBJECT',
  'APP_B2B_ORDER_APPROVAL',
  'APP_B2B_MANAGE_USERS',
  'APP_B2B_VIEW_COSTCENTER',
  'APP_B2B_MANAGE_COSTCENTER',
  'EDE_APP_B2B_COSTCENTER_APPROVAL',
  'APP_B2B_MANAGE_ORDERS',
  'APP_B2B_MANAGE_PUNCHOUT',
  'APP_B2B_SEND_OCI_BASKET',
  'APP_B2B_SEND_CXML_BASKET',
  'APP_B2B_SEND_IDS_BASKET',
  'EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER',
] as const
export type PermissionId = (typeof PERMISSION_IDS)[number]

/** A permission check as the spec writes them: a permission id, or 'always' / 'never' (shell §5). */
export type PermissionCheck = PermissionId | 'always' | 'never'

/** One role of a user, with what it grants. */
export type RoleGrant = { roleId: string; displayName: string; permissionIds: string[] }

/** A role as user management offers it (`customers/{no}/roles`). */
export type AssignableRole = {
  roleId: string
  displayName: string
  fixed: boolean
  permissions: { permissionId: string; displayName: string }[]
}

/** Whether the caller holds the permission; anonymous callers and callers without a token hold none. */
export function hasPermission(principal: Principal | null | undefined, check: PermissionCheck): boolean {
  if (check === 'always') return true
  if (check === 'never' || !principal || principal.anonymous) return false
  return principal.permissionIds.includes(check)
}

/** The union of the roles' permission ids, each once, sorted. */
export function permissionUnion(grants: readonly { permissionIds: readonly string[] }[]): string[] {
  return [...new Set(grants.flatMap((grant) => grant.permissionIds))].sort()
}

/**
 * The permission ids granted by the role ids in a jsonb column (users.roles), as one SQL expression: a jsonb
 * array, sorted, empty when the column is null. The token check reads a user's permissions with it in the same
 * query that reads the user.
 */
export function permissionIdsOfRoles(roleIds: SQL | typeof users.roles): SQL<string[]> {
  return sql<string[]>`coalesce((
    select jsonb_agg(distinct ${rolePermissions.permissionId} order by ${rolePermissions.permissionId})
    from ${rolePermissions}
    where ${roleIds} @> jsonb_build_array(${rolePermissions.roleId})
  ), '[]'::jsonb)`
}

/**
 * The user's roles in the order of the channel's role list, each with its display name in the locale and its
 * permission ids. Role ids the channel does not define grant nothing and are left out.
 */
export async function rolesOf(db: Db, userId: string, locale: Locale): Promise<RoleGrant[]> {
  const rows = await db
    .select({
      roleId: roles.id,
      displayNames: roles.displayNames,
      permissionId: rolePermissions.permissionId,
    })
    .from(users)
    .innerJoin(roles, sql`${users.roles} @> jsonb_build_array(${roles.id})`)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(users.id, userId))
    .orderBy(asc(roles.position), asc(rolePermissions.permissionId))
  const grants = new Map<string, RoleGrant>()
  for (const row of rows) {
    let grant = grants.get(row.roleId)
    if (!grant) {
      grant = { roleId: row.roleId, displayName: localize(row.displayNames, locale), permissionIds: [] }
      grants.set(row.roleId, grant)
    }
    if (row.permissionId) grant.permissionIds.push(row.permissionId)
  }
  return [...grants.values()]
}

/** The user's permission ids: the union over their roles. */
export async function permissionsOf(db: Db, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ permissionIds: permissionIdsOfRoles(users.roles) })
    .from(users)
    .where(eq(users.id, userId))
  return row?.permissionIds ?? []
}

/**
 * The roles of a user of the customer named by login ('-': the caller), case-insensitively as logins are
 * unique. Another customer's user is not found, like one that does not exist.
 */
export async function userRoles(
  db: Db,
  caller: { customerNo: string; userId: string },
  login: string,
  locale: Locale,
): Promise<RoleGrant[]> {
  if (login === '-') return rolesOf(db, caller.userId, locale)
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customerNo, caller.customerNo), eq(sql`lower(${users.login})`, login.toLowerCase())))
    .limit(1)
  if (!user) throw notFoundError('customer.user.not_found', 'The user could not be found.')
  return rolesOf(db, user.id, locale)
}

/** The roles user management may give to a customer's users, with their permissions, in the locale. */
export async function assignableRoles(db: Db, locale: Locale): Promise<AssignableRole[]> {
  const rows = await db
    .select({
      roleId: roles.id,
      displayNames: roles.displayNames,
      fixed: roles.fixed,
      permissionId: permissions.id,
      permissionNames: permissions.displayNames,
    })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(roles.assignable, true))
    .orderBy(asc(roles.position), asc(permissions.id))
  const result = new Map<string, AssignableRole>()
  for (const row of rows) {
    let role = result.get(row.roleId)
    if (!role) {
      role = {
        roleId: row.roleId,
        displayName: localize(row.displayNames, locale),
        fixed: row.fixed,
        permissions: [],
      }
      result.set(row.roleId, role)
    }
    if (row.permissionId)
      role.permissions.push({
        permissionId: row.permissionId,
        displayName: localize(row.permissionNames, locale),
      })
  }
  return [...result.values()]
}
