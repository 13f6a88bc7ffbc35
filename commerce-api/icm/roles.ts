import type { AssignableRole, RoleGrant } from '../domain/permissions'

/** ICM's `UserRoles`: a user's roles, `{userRoles:[{roleID, roleDisplayName, permissions:[{permissionID}]}]}`. */
export const userRolesJson = (grants: RoleGrant[]) => ({
  userRoles: grants.map((grant) => ({
    roleID: grant.roleId,
    roleDisplayName: grant.displayName,
    permissions: grant.permissionIds.map((permissionID) => ({ permissionID })),
  })),
})

/** The roles user management offers (`customers/{no}/roles`), with `fixed` and the permissions' names. */
export const assignableRolesJson = (roles: AssignableRole[]) => ({
  userRoles: roles.map((role) => ({
    roleID: role.roleId,
    roleDisplayName: role.displayName,
    fixed: role.fixed,
    permissions: role.permissions.map((permission) => ({
      permissionID: permission.permissionId,
      permissionDisplayName: permission.displayName,
    })),
  })),
})
