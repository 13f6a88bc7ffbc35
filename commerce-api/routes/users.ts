import { requireUser } from '../auth'
import type { AccessRule } from '../authorization'
import { assignableRoles, userRoles } from '../domain/permissions'
import { assignableRolesJson, userRolesJson } from '../icm/roles'
import type { RouteModule } from './context'

/** A user reads their own roles (the storefront's permissions come from them); anyone else's need manage-users. */
const ownRolesOrManageUsers: AccessRule = { customer: true, permission: 'APP_B2B_MANAGE_USERS', self: true }
const manageUsers: AccessRule = { customer: true, permission: 'APP_B2B_MANAGE_USERS' }

/** Roles of a business customer's users (`customers/{no}/users/{login}/roles`) and the roles it can give. */
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

  app.get('/rest/:site/customers/:customerNo/roles', { config: { access: manageUsers } }, async (request) =>
    assignableRolesJson(await assignableRoles(db, request.scope.locale)),
  )
}
