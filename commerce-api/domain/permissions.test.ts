/**
 * Roles and permissions as data (issue 15), without HTTP: the seeded tables, a user's roles and the union of
 * their permissions, the principal a token check makes, and the 'always' / 'never' checks of the spec.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { customers, permissions, rolePermissions, roles, users } from '../db/schema'
import { DEMO_PASSWORD, roleRows } from '../db/seed/people'
import { ensureRolesAndPermissions, seedDatabase } from '../db/seed/seed'
import { seededTestDatabase, userIdsByLogin } from '../db/test-database'
import { DomainError } from './errors'
import {
  assignableRoles,
  hasPermission,
  permissionsOf,
  permissionUnion,
  ROLE_IDS,
  rolesOf,
  userRoles,
} from './permissions'
import { checkToken, loginWithPassword, type Principal } from './tokens'

let database: Database
let ids: Record<string, string> = {}

beforeAll(async () => {
  database = await seededTestDatabase()
  ids = await userIdsByLogin(database.db)
})
afterAll(async () => {
  await database?.close()
})

const BUYING = [
  'APP_B2B_ASSIGN_COSTOBJECT_TO_BASKET',
  'APP_B2B_ASSIGN_COSTOBJECT_TO_BASKETLINEITEM',
  'APP_B2B_MANAGE_OWN_QUOTES',
  'APP_B2B_PURCHASE',
  'APP_B2B_VIEW_COSTOBJECT',
]

/** The principal a token check makes for a demo login. */
async function principalOf(login: string): Promise<Principal> {
  const result = await loginWithPassword(database.db, login, DEMO_PASSWORD)
  if (!result.ok) throw new Error(`${login} cannot log in: ${result.reason}`)
  const check = await checkToken(database.db, result.grant.access_token)
  if (check.status !== 'valid') throw new Error(`the token of ${login} is ${check.status}`)
  return check.principal
}

describe('the seeded roles', () => {
  it('give each role the permissions ICM gives it', async () => {
    const grants = async (login: string) =>
      Object.fromEntries((await rolesOf(database.db, ids[login]!, 'en_US')).map((r) => [r.roleId, r]))
    const jlink = await grants('jlink')
    expect(Object.keys(jlink)).toEqual([
      'APP_B2B_ACCOUNT_OWNER',
      'APP_B2B_BUYER',
      'APP_B2B_APPROVER',
      'APP_B2B_COSTCENTER_OWNER',
    ])
    expect(jlink.APP_B2B_BUYER!.permissionIds).toEqual(BUYING)
    expect(jlink.APP_B2B_APPROVER!.permissionIds).toEqual([...BUYING, 'APP_B2B_ORDER_APPROVAL'].sort())
    expect(jlink.APP_B2B_ACCOUNT_OWNER!.permissionIds).toEqual(
      [
        ...BUYING,
        'APP_B2B_ORDER_APPROVAL',
        'APP_B2B_MANAGE_USERS',
        'APP_B2B_VIEW_COSTCENTER',
        'APP_B2B_MANAGE_COSTCENTER',
        'APP_B2B_MANAGE_ORDERS',
        'APP_B2B_MANAGE_PUNCHOUT',
      ].sort(),
    )
    expect(jlink.APP_B2B_COSTCENTER_OWNER!.permissionIds).toEqual([
      'APP_B2B_MANAGE_COSTCENTER',
      'APP_B2B_MANAGE_OWN_QUOTES',
      'APP_B2B_PURCHASE',
      'APP_B2B_VIEW_COSTCENTER',
      'EDE_APP_B2B_COSTCENTER_APPROVAL',
    ])
    expect((await grants('omanager')).APP_B2B_MANAGE_ORDERS!.permissionIds).toEqual(['APP_B2B_MANAGE_ORDERS'])
    expect((await grants('brightline-oci')).APP_B2B_OCI_USER!.permissionIds).toEqual([
      'APP_B2B_SEND_OCI_BASKET',
      'EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER',
    ])
    expect((await grants('brightline-cxml')).APP_B2B_CXML_USER!.permissionIds).toEqual([
      'APP_B2B_SEND_CXML_BASKET',
      'EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER',
    ])
    expect((await grants('brightline-ids')).APP_B2B_IDS_USER!.permissionIds).toEqual([
      'APP_B2B_SEND_IDS_BASKET',
      'EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER',
    ])
  })

  it('name the roles in the asked locale', async () => {
    const names = async (locale: 'de_DE' | 'fr_FR') =>
      (await rolesOf(database.db, ids.aapprover!, locale)).map((r) => r.displayName)
    expect(await names('de_DE')).toEqual(['Einkäufer', 'Genehmiger'])
    expect(await names('fr_FR')).toEqual(['Acheteur', 'Approbateur'])
  })

  it('give two business customers a user in every role, and a business user who cannot manage users', async () => {
    const business = await database.db
      .select({ customerNo: customers.customerNo, roles: users.roles })
      .from(users)
      .innerJoin(customers, eq(customers.customerNo, users.customerNo))
      .where(eq(customers.type, 'SMBCustomer'))
    const byCustomer = new Map<string, Set<string>>()
    for (const row of business)
      byCustomer.set(row.customerNo, new Set([...(byCustomer.get(row.customerNo) ?? []), ...row.roles]))
    const complete = [...byCustomer].filter(([, roles]) => ROLE_IDS.every((role) => roles.has(role)))
    expect(complete.map(([customerNo]) => customerNo).sort()).toEqual(['BC-200001', 'BC-200002'])
    expect(await permissionsOf(database.db, ids.bbuyer!)).not.toContain('APP_B2B_MANAGE_USERS')
  })
})

describe('a user’s permissions', () => {
  it('are the union over their roles, each once', async () => {
    const roles = await rolesOf(database.db, ids.jlink!, 'en_US')
    const permissions = await permissionsOf(database.db, ids.jlink!)
    expect(permissions).toEqual(permissionUnion(roles))
    // From the cost center owner role alone; the other three roles repeat the buying permissions.
    expect(permissions).toContain('EDE_APP_B2B_COSTCENTER_APPROVAL')
    expect(permissions.filter((p) => p === 'APP_B2B_PURCHASE')).toHaveLength(1)
    expect(await permissionsOf(database.db, ids.bbuyer!)).toEqual(BUYING)
  })

  it('are none for a private customer', async () => {
    expect(await rolesOf(database.db, ids['patricia@ironbridge.test']!, 'en_US')).toEqual([])
    expect(await permissionsOf(database.db, ids['patricia@ironbridge.test']!)).toEqual([])
  })

  it('are read from the tables, so that changing a role’s grants changes them', async () => {
    const managers = roleRows.filter((r) => r.permissions.includes('APP_B2B_MANAGE_USERS')).map((r) => r.id)
    expect(managers).toEqual(['APP_B2B_ACCOUNT_OWNER'])
    await database.db
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleId, 'APP_B2B_ACCOUNT_OWNER'),
          eq(rolePermissions.permissionId, 'APP_B2B_MANAGE_USERS'),
        ),
      )
    try {
      expect(await permissionsOf(database.db, ids.jlink!)).not.toContain('APP_B2B_MANAGE_USERS')
      expect(await principalOf('jlink')).toMatchObject({
        permissionIds: expect.not.arrayContaining(['APP_B2B_MANAGE_USERS']),
      })
    } finally {
      await ensureRolesAndPermissions(database.db)
    }
    expect(await permissionsOf(database.db, ids.jlink!)).toContain('APP_B2B_MANAGE_USERS')
  })

  it('ignore a role id the channel does not define', async () => {
    const setRoles = (roles: string[]) =>
      database.db.update(users).set({ roles }).where(eq(users.id, ids.tkestrel!))
    await setRoles(['APP_B2B_BUYER', 'SOMETHING_ELSE'])
    try {
      expect((await rolesOf(database.db, ids.tkestrel!, 'en_US')).map((r) => r.roleId)).toEqual([
        'APP_B2B_BUYER',
      ])
      expect(await permissionsOf(database.db, ids.tkestrel!)).toEqual(BUYING)
    } finally {
      await setRoles(['APP_B2B_BUYER'])
    }
  })
})

describe('the principal of a token', () => {
  it('carries the customer, its type, the role ids and the permission ids of a user', async () => {
    const jlink = await principalOf('jlink')
    expect(jlink).toMatchObject({
      anonymous: false,
      customerNo: 'BC-200001',
      customerType: 'SMBCustomer',
      login: 'jlink',
      roleIds: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER', 'APP_B2B_APPROVER', 'APP_B2B_COSTCENTER_OWNER'],
      permissionIds: await permissionsOf(database.db, ids.jlink!),
    })
    expect(await principalOf('patricia@ironbridge.test')).toMatchObject({
      customerType: 'PrivateCustomer',
      roleIds: [],
      permissionIds: [],
    })
    expect(await principalOf('mkestrel')).toMatchObject({
      customerNo: 'BC-200002',
      customerType: 'SMBCustomer',
    })
  })
})

describe('hasPermission', () => {
  it('answers from the principal’s permissions and accepts always and never', async () => {
    const jlink = await principalOf('jlink')
    const bbuyer = await principalOf('bbuyer')
    const anonymous: Principal = { anonymous: true, subject: 'anonymous:x', token: 't' }
    expect(hasPermission(jlink, 'APP_B2B_MANAGE_USERS')).toBe(true)
    expect(hasPermission(bbuyer, 'APP_B2B_MANAGE_USERS')).toBe(false)
    expect(hasPermission(bbuyer, 'APP_B2B_PURCHASE')).toBe(true)
    expect(hasPermission(anonymous, 'APP_B2B_PURCHASE')).toBe(false)
    expect(hasPermission(null, 'APP_B2B_PURCHASE')).toBe(false)
    expect(hasPermission(anonymous, 'always')).toBe(true)
    expect(hasPermission(null, 'always')).toBe(true)
    expect(hasPermission(jlink, 'never')).toBe(false)
  })
})

describe('userRoles', () => {
  const jlink = () => ({ customerNo: 'BC-200001', userId: ids.jlink! })

  it('finds a user of the caller’s customer by login, case-insensitively, and "-" as the caller', async () => {
    expect((await userRoles(database.db, jlink(), 'BBuyer', 'en_US')).map((r) => r.roleId)).toEqual([
      'APP_B2B_BUYER',
    ])
    expect(await userRoles(database.db, jlink(), '-', 'en_US')).toEqual(
      await rolesOf(database.db, ids.jlink!, 'en_US'),
    )
  })

  it('does not find another customer’s user, nor an unknown one', async () => {
    for (const login of ['mkestrel', 'nobody']) {
      const failure = await userRoles(database.db, jlink(), login, 'en_US').catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(DomainError)
      expect(failure).toMatchObject({ kind: 'not-found', code: 'customer.user.not_found' })
    }
  })
})

describe('assignableRoles', () => {
  it('offers the roles user management gives, Buyer fixed, without the punchout roles', async () => {
    const roles = await assignableRoles(database.db, 'de_DE')
    expect(roles.map((r) => r.roleId)).toEqual([
      'APP_B2B_ACCOUNT_OWNER',
      'APP_B2B_BUYER',
      'APP_B2B_APPROVER',
      'APP_B2B_COSTCENTER_OWNER',
      'APP_B2B_MANAGE_ORDERS',
    ])
    expect(roles.filter((r) => r.fixed).map((r) => r.roleId)).toEqual(['APP_B2B_BUYER'])
    expect(roles.find((r) => r.roleId === 'APP_B2B_BUYER')!.permissions).toContainEqual({
      permissionId: 'APP_B2B_PURCHASE',
      displayName: 'Einkäufe tätigen',
    })
  })
})

describe('a database seeded before roles were data', () => {
  it('gets the roles, the permissions and the newer demo users when the API starts on it again', async () => {
    const db = database.db
    await db.delete(rolePermissions)
    await db.delete(roles)
    await db.delete(permissions)
    await db.delete(users).where(eq(users.login, 'skestrel'))
    expect(await permissionsOf(db, ids.jlink!)).toEqual([])
    expect((await seedDatabase(db)).seeded).toBe(false)
    expect(await permissionsOf(db, ids.jlink!)).toContain('APP_B2B_MANAGE_USERS')
    expect(await principalOf('skestrel')).toMatchObject({
      customerNo: 'BC-200002',
      permissionIds: expect.arrayContaining(['APP_B2B_MANAGE_ORDERS', 'APP_B2B_PURCHASE']),
    })
  })
})
