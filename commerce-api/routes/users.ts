import { z } from 'zod'
import { requireUser } from '../auth'
import type { AccessRule } from '../authorization'
import { assignableRoles, userRoles } from '../domain/permissions'
import { setCompanyUserRoles } from '../domain/users'
import { parseInput } from '../http'
import { assignableRolesJson, userRolesJson } from '../icm/roles'
import type { RouteModule } from './context'

/** A user reads their own roles (the storefront's permissions come from them); anyone else's need manage-users. */
const ownRolesOrManageUsers: AccessRule = { customer: true, permission: 'APP_B2B_MANAGE_USERS', self: true }
const manageUsers: AccessRule = { customer: true, permission: 'APP_B2B_MANAGE_USERS' }

/** `PUT …/roles`: the role ids the user shall hold (ICM's `{userRoles}`), bounded. */
const RolesBody = z.object({ userRoles: z.array(z.string().max(100)).max(20) })

/** A business customer's users' roles (`customers/{no}/users/{login}/roles`, read and set), and the roles it gives. */
export const userRoutes: RouteModule = (app, { db }) => {
  app.get(
    '/rest/:site/customers/:customerNo/users/:login/roles',
    { config: { access: ownRolesOrManageUsers } },
    async (request) => {
      const caller = await requireUser(db, request)
      const { login } = request.params as { login: string }
      return userRolesJson(await userRoles(db, caller, login, request.scope.locale))
    },
  )

  // Sets a user's roles: assignable roles only, the fixed one kept, the company keeps an administrator.
  app.put(
    '/rest/:site/customers/:customerNo/users/:login/roles',
    { config: { access: manageUsers } },
    async (request) => {
      const caller = await requireUser(db, request)
      const { login } = request.params as { login: string }
      const { userRoles: roleIds } = parseInput(RolesBody, request.body, 'roles')
      const manager = { customerNo: caller.customerNo, userId: caller.userId }
      return userRolesJson(await setCompanyUserRoles(db, manager, login, roleIds, request.scope.locale))
    },
  )

  app.get('/rest/:site/customers/:customerNo/roles', { config: { access: manageUsers } }, async (request) =>
    assignableRolesJson(await assignableRoles(db, request.scope.locale)),
  )
}
