/**
 * The principals kept in memory (db/read-cache.ts, ADR 0058): on the embedded database a token's row is read
 * once and kept until a principal table changes, so that a logout, a deactivated user or a role taken away
 * takes effect at the very next call. With `DATABASE_URL` (CI's second pass) nothing is kept: another API
 * process may revoke the token, and every call reads it. The same holds for the other rows kept with them: a
 * company's people (who may approve), a customer, a basket's buyer.
 */
import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  cachedPrincipal,
  cachedPrincipalRow,
  MAX_PRINCIPALS,
  PRINCIPAL_KINDS,
  writesPrincipals,
  PRINCIPAL_TABLES,
} from '../../commerce-api/db/read-cache'
import { customers, users } from '../../commerce-api/db/schema'
import { companyMembers } from '../../commerce-api/domain/approvers'
import { customerRow } from '../../commerce-api/domain/customers'
import { checkToken } from '../../commerce-api/domain/tokens'
import { describeWatchedStatements } from './watched-statements'
import { basketFor, checkoutTestBed, userToken } from './checkout-fixtures'
import { call, type Api } from './harness'

let api: Api
checkoutTestBed(1, (bed) => {
  api = bed.api
})

const db = () => api.database.db
const embedded = () => api.database.kind === 'pglite'

/** Counts the reads `cachedPrincipalRow` makes for `token`, each answering `row`. */
function counting<T>(row: T | undefined) {
  const load = vi.fn(async () => row)
  return { load, read: (token: string) => cachedPrincipalRow(db(), token, load) }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describeWatchedStatements('which statements may change a principal', writesPrincipals, {
  tables: PRINCIPAL_TABLES,
  yes: [
    'update "api_tokens" set "revoked_at" = $1 where "api_tokens"."subject" = $2',
    'delete from "api_tokens" where "api_tokens"."refresh_expires_at" < $1',
    'truncate table api_tokens',
  ],
  no: [
    // A new token changes no kept principal: only tokens found are kept.
    'insert into "api_tokens" ("token", "subject") values ($1, $2)',
    'select "token" from "api_tokens" where "api_tokens"."token" = $1 limit $2',
    'update "baskets" set "updated_at" = $1 where "baskets"."id" = $2',
    'insert into "user_budgets" ("user_id") values ($1)',
  ],
})

describe('a kept principal', () => {
  it('is read once on the embedded database and on every call with a database server', async () => {
    const { load, read } = counting({ login: 'someone' })
    expect(await read('token-read-once')).toEqual({ login: 'someone' })
    expect(await read('token-read-once')).toEqual({ login: 'someone' })
    expect(load).toHaveBeenCalledTimes(embedded() ? 1 : 2)
  })

  it('is not kept for a token that names nobody, so that made-up tokens fill nothing', async () => {
    const { load, read } = counting(undefined)
    expect(await read('token-unknown')).toBeUndefined()
    expect(await read('token-unknown')).toBeUndefined()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('is read again after a write of a principal table, and not kept while a transaction writes one', async () => {
    const { load, read } = counting({ login: 'someone' })
    await read('token-written')
    await db().execute(sql`update users set active = active where login = 'jlink'`)
    await read('token-written')
    expect(load).toHaveBeenCalledTimes(2)
    await db().transaction(async (tx) => {
      await tx.execute(sql`update users set active = active where login = 'jlink'`)
      // Meanwhile every read goes to the database, and nothing read is kept.
      await read('token-written')
      await read('token-written')
      expect(load).toHaveBeenCalledTimes(4)
    })
    await read('token-written')
    await read('token-written')
    expect(load).toHaveBeenCalledTimes(embedded() ? 5 : 6)
  })

  it(`starts over at ${MAX_PRINCIPALS} tokens`, async () => {
    const { load, read } = counting({ login: 'someone' })
    await read('token-first')
    for (let i = 0; i < MAX_PRINCIPALS; i++) await read(`token-many-${i}`)
    expect(load).toHaveBeenCalledTimes(MAX_PRINCIPALS + 1)
    // The last one read is kept after the start over, the first is forgotten.
    await read(`token-many-${MAX_PRINCIPALS - 1}`)
    expect(load).toHaveBeenCalledTimes(MAX_PRINCIPALS + (embedded() ? 1 : 2))
    await read('token-first')
    expect(load).toHaveBeenCalledTimes(MAX_PRINCIPALS + (embedded() ? 2 : 3))
  })
})

describe('a token used, then changed', () => {
  it('expires at its time though its row is kept', async () => {
    const token = await userToken(api, 'bbuyer')
    expect((await checkToken(db(), token)).status).toBe('valid')
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 365 * 24 * 3600 * 1000)
    expect((await checkToken(db(), token)).status).toBe('expired')
  })

  it('stops working at the next call after a logout', async () => {
    const token = await userToken(api, 'bbuyer')
    expect((await call(api.url('customers/-/users/-'), { token })).status).toBe(200)
    const logout = await call(api.url('token/logout'), { method: 'PUT', token })
    expect(logout.status).toBe(204)
    const after = await call(api.url('customers/-/users/-'), { token })
    expect(after.status).toBe(401)
    expect(after.json.errors[0].message).toMatch(/Unable to decode token/)
  })

  it('stops working at the next call once its user is deactivated, and works again when reactivated', async () => {
    const token = await userToken(api, 'bbuyer')
    expect((await call(api.url('customers/-/users/-'), { token })).status).toBe(200)
    await db().update(users).set({ active: false }).where(eq(users.login, 'bbuyer'))
    try {
      expect((await call(api.url('customers/-/users/-'), { token })).status).toBe(401)
    } finally {
      await db().update(users).set({ active: true }).where(eq(users.login, 'bbuyer'))
    }
    expect((await call(api.url('customers/-/users/-'), { token })).status).toBe(200)
  })

  it('loses a permission at the next call once the role granting it is taken away', async () => {
    const token = await userToken(api, 'jlink')
    expect((await call(api.url('customers/-/users'), { token })).status).toBe(200)
    const [owner] = await db().select({ roles: users.roles }).from(users).where(eq(users.login, 'jlink'))
    const roles = owner!.roles
    await db()
      .update(users)
      .set({ roles: ['APP_B2B_BUYER'] })
      .where(eq(users.login, 'jlink'))
    try {
      expect((await call(api.url('customers/-/users'), { token })).status).toBe(403)
    } finally {
      await db().update(users).set({ roles }).where(eq(users.login, 'jlink'))
    }
    expect((await call(api.url('customers/-/users'), { token })).status).toBe(200)
  })
})

describe('the other kinds kept with the principals', () => {
  it('keep their keys apart, each kind with its own bound', async () => {
    const load = vi.fn(async () => ({ kept: true }))
    await cachedPrincipal(db(), 'companies', 'BC-kinds', load)
    await cachedPrincipal(db(), 'customers', 'BC-kinds', load)
    await cachedPrincipal(db(), 'companies', 'BC-kinds', load)
    expect(load).toHaveBeenCalledTimes(embedded() ? 2 : 3)
    expect(PRINCIPAL_KINDS.companies).toBeLessThan(PRINCIPAL_KINDS.tokens)
    const many = vi.fn(async () => ({ kept: true }))
    for (let i = 0; i <= PRINCIPAL_KINDS.companies; i++)
      await cachedPrincipal(db(), 'companies', `BC-${i}`, many)
    // The kind started over; the tokens kept meanwhile are not touched by it.
    await cachedPrincipal(db(), 'companies', 'BC-0', many)
    expect(many).toHaveBeenCalledTimes(PRINCIPAL_KINDS.companies + 2)
  })

  it("a company's people: read once on the embedded database, and a role taken away counts at once", async () => {
    const select = vi.spyOn(db(), 'select')
    const approver = async () =>
      (await companyMembers(db(), 'BC-200001')).find((member) => member.person.login === 'aapprover')!
    expect((await approver()).permissionIds).toContain('APP_B2B_ORDER_APPROVAL')
    await approver()
    expect(select).toHaveBeenCalledTimes(embedded() ? 1 : 2)
    const { roles } = await approver()
    await db()
      .update(users)
      .set({ roles: ['APP_B2B_BUYER'] })
      .where(eq(users.login, 'aapprover'))
    try {
      expect((await approver()).permissionIds).not.toContain('APP_B2B_ORDER_APPROVAL')
    } finally {
      await db().update(users).set({ roles }).where(eq(users.login, 'aapprover'))
    }
    expect((await approver()).permissionIds).toContain('APP_B2B_ORDER_APPROVAL')
  })

  it('a customer: a changed setting counts at the next read', async () => {
    const before = (await customerRow(db(), 'BC-200001'))!.costCenterOptional
    await db()
      .update(customers)
      .set({ costCenterOptional: !before })
      .where(eq(customers.customerNo, 'BC-200001'))
    try {
      expect((await customerRow(db(), 'BC-200001'))!.costCenterOptional).toBe(!before)
    } finally {
      await db()
        .update(customers)
        .set({ costCenterOptional: before })
        .where(eq(customers.customerNo, 'BC-200001'))
    }
    expect((await customerRow(db(), 'BC-200001'))!.costCenterOptional).toBe(before)
    expect(await customerRow(db(), 'BC-unknown')).toBeUndefined()
  })

  it("a basket's buyer: a user renamed is named so by the next basket answer", async () => {
    const { get } = await basketFor(api, await userToken(api, 'bbuyer'), [])
    const basket = async () => ({ json: await get() })
    expect((await basket()).json.data.buyer.lastName).not.toBe('Renamed')
    const [user] = await db()
      .select({ lastName: users.lastName })
      .from(users)
      .where(eq(users.login, 'bbuyer'))
    await db().update(users).set({ lastName: 'Renamed' }).where(eq(users.login, 'bbuyer'))
    try {
      expect((await basket()).json.data.buyer.lastName).toBe('Renamed')
    } finally {
      await db().update(users).set({ lastName: user!.lastName }).where(eq(users.login, 'bbuyer'))
    }
    expect((await basket()).json.data.buyer.lastName).toBe(user!.lastName)
  })
})
