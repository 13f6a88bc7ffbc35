/**
 * `GET customers/{no}/users/{login}/roles` and `GET customers/{no}/roles` over HTTP (icm-contract.md, spec
 * shell §7): ICM's shape, the union of permissions, a user's own roles, other users' roles only with
 * APP_B2B_MANAGE_USERS, and nothing for another customer. Brightline (BC-200001): jlink is account admin,
 * bbuyer a plain buyer. Kestrel (BC-200002): mkestrel is its account admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { anonymousToken, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

let api: Api
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 60, protection: { limits: NO_LIMITS } })
  for (const login of ['jlink', 'bbuyer', 'aapprover', 'mkestrel', 'patricia@ironbridge.test'])
    tokens[login] = await userToken(api, login)
  tokens.anonymous = await anonymousToken(api)
})
afterAll(async () => {
  await api?.close()
})

const roles = (caller: string, customerNo: string, login: string, matrix?: string) =>
  call(api.url(`customers/${customerNo}/users/${encodeURIComponent(login)}/roles`, matrix), {
    token: tokens[caller],
  })

const expectRefused = (response: { status: number; headers: Headers }, status: number, code: string) => {
  expect(response.status).toBe(status)
  expect(response.headers.get('error-key')).toBe(code)
}

const permissionIds = (body: any) =>
  [...new Set(body.userRoles.flatMap((r: any) => r.permissions.map((p: any) => p.permissionID)))].sort()

describe('a user’s roles', () => {
  it('answer exactly ICM’s UserRoles shape', async () => {
    const response = await roles('aapprover', 'BC-200001', 'aapprover')
    expect(response.status).toBe(200)
    expect(Object.keys(response.json)).toEqual(['userRoles'])
    for (const role of response.json.userRoles) {
      expect(Object.keys(role).sort()).toEqual(['permissions', 'roleDisplayName', 'roleID'])
      for (const permission of role.permissions) expect(Object.keys(permission)).toEqual(['permissionID'])
    }
    expect(response.json.userRoles.map((r: any) => [r.roleID, r.roleDisplayName])).toEqual([
      ['APP_B2B_BUYER', 'Buyer'],
      ['APP_B2B_APPROVER', 'Approver'],
    ])
  })

  it('carry the permissions of every role; their union is what the user may do', async () => {
    const response = await roles('jlink', 'BC-200001', 'jlink')
    expect(response.json.userRoles.map((r: any) => r.roleID)).toEqual([
      'APP_B2B_ACCOUNT_OWNER',
      'APP_B2B_BUYER',
      'APP_B2B_APPROVER',
      'APP_B2B_COSTCENTER_OWNER',
    ])
    const union = permissionIds(response.json)
    expect(union).toEqual(expect.arrayContaining(['APP_B2B_MANAGE_USERS', 'EDE_APP_B2B_COSTCENTER_APPROVAL']))
    // Approver and account admin both grant approval; the union names it once.
    const approval = response.json.userRoles.filter((r: any) =>
      r.permissions.some((p: any) => p.permissionID === 'APP_B2B_ORDER_APPROVAL'),
    )
    expect(approval.map((r: any) => r.roleID)).toEqual(['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_APPROVER'])
    expect(union.filter((p) => p === 'APP_B2B_ORDER_APPROVAL')).toHaveLength(1)
    expect(permissionIds((await roles('bbuyer', 'BC-200001', 'bbuyer')).json)).not.toContain(
      'APP_B2B_MANAGE_USERS',
    )
  })

  it('are named in the call’s locale', async () => {
    const response = await roles('aapprover', 'BC-200001', 'aapprover', ';loc=de_DE;cur=EUR')
    expect(response.json.userRoles.map((r: any) => r.roleDisplayName)).toEqual(['Einkäufer', 'Genehmiger'])
  })

  it('may be read by the user themselves, by login or as "-"', async () => {
    const byLogin = await roles('bbuyer', 'BC-200001', 'bbuyer')
    expect(byLogin.status).toBe(200)
    for (const [customerNo, login] of [
      ['-', '-'],
      ['BC-200001', '-'],
      ['-', 'BBUYER'],
    ] as const) {
      const response = await roles('bbuyer', customerNo, login)
      expect(response.status, `${customerNo}/${login}`).toBe(200)
      expect(response.json).toEqual(byLogin.json)
    }
  })

  it('of another user need APP_B2B_MANAGE_USERS', async () => {
    const refused = await roles('bbuyer', 'BC-200001', 'jlink')
    expectRefused(refused, 403, 'authorization.forbidden')
    expect(JSON.stringify(refused.json)).not.toContain('APP_B2B_ACCOUNT_OWNER')
    expectRefused(await roles('aapprover', 'BC-200001', 'bbuyer'), 403, 'authorization.forbidden')
    const allowed = await roles('jlink', 'BC-200001', 'bbuyer')
    expect(allowed.status).toBe(200)
    expect(allowed.json.userRoles.map((r: any) => r.roleID)).toEqual(['APP_B2B_BUYER'])
    expectRefused(await roles('jlink', 'BC-200001', 'nobody'), 404, 'customer.user.not_found')
  })

  it('of another customer are not found, even for that customer’s account admin', async () => {
    const foreign = await roles('mkestrel', 'BC-200001', 'bbuyer')
    expectRefused(foreign, 404, 'customer.not_found')
    expect(JSON.stringify(foreign.json)).not.toContain('APP_B2B_BUYER')
    // Their own customer number with a login of the other customer: no such user there.
    expectRefused(await roles('mkestrel', 'BC-200002', 'bbuyer'), 404, 'customer.user.not_found')
    expectRefused(await roles('mkestrel', '-', 'jlink'), 404, 'customer.user.not_found')
    expectRefused(await roles('jlink', 'BC-200002', 'mkestrel'), 404, 'customer.not_found')
  })

  it('need a logged-in business user', async () => {
    expectRefused(await roles('anonymous', 'BC-200001', 'bbuyer'), 401, 'authentication.user.required')
    expectRefused(
      await call(api.url('customers/BC-200001/users/bbuyer/roles')),
      401,
      'authentication.token.missing',
    )
    expectRefused(
      await roles('patricia@ironbridge.test', 'PC-100001', 'patricia@ironbridge.test'),
      404,
      'customer.not_found',
    )
  })
})

describe('the customer’s roles', () => {
  const customerRoles = (caller: string, customerNo: string) =>
    call(api.url(`customers/${customerNo}/roles`), { token: tokens[caller] })

  it('list the roles user management can give, with fixed and the permissions’ names', async () => {
    const response = await customerRoles('jlink', 'BC-200001')
    expect(response.status).toBe(200)
    expect(response.json.userRoles.map((r: any) => r.roleID)).toEqual([
      'APP_B2B_ACCOUNT_OWNER',
      'APP_B2B_BUYER',
      'APP_B2B_APPROVER',
      'APP_B2B_COSTCENTER_OWNER',
      'APP_B2B_MANAGE_ORDERS',
    ])
    const buyer = response.json.userRoles.find((r: any) => r.roleID === 'APP_B2B_BUYER')
    expect(buyer).toMatchObject({ roleDisplayName: 'Buyer', fixed: true })
    expect(buyer.permissions).toContainEqual({
      permissionID: 'APP_B2B_PURCHASE',
      permissionDisplayName: 'Make purchases',
    })
  })

  it('need APP_B2B_MANAGE_USERS and the caller’s own customer', async () => {
    expectRefused(await customerRoles('bbuyer', 'BC-200001'), 403, 'authorization.forbidden')
    expectRefused(await customerRoles('mkestrel', 'BC-200001'), 404, 'customer.not_found')
    expect((await customerRoles('mkestrel', 'BC-200002')).status).toBe(200)
    expectRefused(await customerRoles('anonymous', 'BC-200001'), 401, 'authentication.user.required')
  })
})
