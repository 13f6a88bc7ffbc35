/**
 * Co-browse tokens without HTTP (issue 35): a sales representative mints one for a user of a customer they
 * look after; it signs in once, within two minutes, and every token issued for it acts as the representative
 * (inherited on refresh, in the principal), until the representative is deactivated or stops looking after
 * the customer. Refused: a customer they do not look after, a deactivated representative or user, a punchout
 * user. The representative's desk login costs a password check like the shop's.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { apiTokens, baskets, salesReps, users } from '../db/schema'
import { DEMO_PASSWORD } from '../db/seed/people'
import { demoSalesReps } from '../db/seed/sales-reps'
import { seededTestDatabase } from '../db/test-database'
import { createBasket } from './basket'
import {
  authenticateSalesRep,
  customersOfSalesRep,
  findSalesRep,
  findSalesRepLogin,
  mintCobrowseToken,
  recordBasketSalesRep,
} from './sales-reps'
import { refusal } from './test-refusal'
import { checkToken, COBROWSE_TOKEN_LIFETIME, loginWithPassword, refresh, revoke } from './tokens'

let database: Database

beforeAll(async () => {
  database = await seededTestDatabase()
})
afterAll(async () => {
  await database?.close()
})

const db = () => database.db
const setRep = (id: string, change: Partial<typeof salesReps.$inferInsert>) =>
  db().update(salesReps).set(change).where(eq(salesReps.id, id))

afterEach(async () => {
  // Every test starts from the seed's representatives and users.
  for (const rep of demoSalesReps) await setRep(rep.id, { active: true, customerNos: [...rep.customerNos] })
  await db().update(users).set({ active: true }).where(eq(users.login, 'bbuyer'))
})

async function principalOf(token: string) {
  const check = await checkToken(db(), token)
  if (check.status !== 'valid' || check.principal.anonymous) throw new Error(`token ${check.status}`)
  return check.principal
}

describe('a co-browse token', () => {
  it('is minted for a user of a customer the representative looks after, once, for two minutes', async () => {
    const now = new Date()
    const grant = await mintCobrowseToken(db(), 'SR-1001', 'jlink', now)
    expect(grant.user).toMatchObject({ login: 'jlink', customerNo: 'BC-200001', preferredLanguage: 'de_DE' })
    expect(grant.expiresAt.getTime() - now.getTime()).toBe(COBROWSE_TOKEN_LIFETIME * 1000)
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.token, grant.accessToken))
    expect(row).toMatchObject({ singleUse: true, salesRepId: 'SR-1001', userId: grant.user.id })

    const exchanged = await refresh(db(), grant.accessToken)
    expect(exchanged).toMatchObject({ sales_rep_id: 'SR-1001', sales_rep_name: 'Sabine Vogt' })
    // Used once: the token is revoked, a second exchange gets nothing.
    expect(await refresh(db(), grant.accessToken)).toBeNull()
    expect((await checkToken(db(), grant.accessToken)).status).toBe('invalid')
  })

  it('is named by the user’s e-mail address as well, case-insensitive', async () => {
    const grant = await mintCobrowseToken(db(), 'SR-1001', 'MKestrel@Kestrel.test')
    expect(grant.user).toMatchObject({ login: 'mkestrel', customerNo: 'BC-200002' })
  })

  it('passes the representative on to every token issued for it, and into the principal', async () => {
    const grant = await mintCobrowseToken(db(), 'SR-1001', 'bbuyer')
    const first = (await refresh(db(), grant.accessToken))!
    const second = (await refresh(db(), first.refresh_token))!
    expect(second.sales_rep_id).toBe('SR-1001')
    const principal = await principalOf(second.access_token)
    expect(principal).toMatchObject({
      login: 'bbuyer',
      customerNo: 'BC-200001',
      salesRep: { id: 'SR-1001', firstName: 'Sabine', lastName: 'Vogt' },
    })
    // The user's own login acts for themselves.
    const own = await loginWithPassword(db(), 'bbuyer', DEMO_PASSWORD)
    if (!own.ok) throw new Error('bbuyer cannot log in')
    expect(own.grant.sales_rep_id).toBeUndefined()
    expect(own.grant.sales_rep_name).toBeUndefined()
    expect((await principalOf(own.grant.access_token)).salesRep).toBeUndefined()
  })

  it('does not work once expired', async () => {
    const past = new Date(Date.now() - (COBROWSE_TOKEN_LIFETIME + 1) * 1000)
    const grant = await mintCobrowseToken(db(), 'SR-1001', 'jlink', past)
    expect(await refresh(db(), grant.accessToken)).toBeNull()
    expect((await checkToken(db(), grant.accessToken)).status).toBe('expired')
  })

  it('is refused for a customer the representative does not look after, existing user or not', async () => {
    expect(await refusal(mintCobrowseToken(db(), 'SR-1002', 'jlink'))).toBe(
      'forbidden:salesrep.customer.not_assigned.error',
    )
    expect(await refusal(mintCobrowseToken(db(), 'SR-1001', 'patricia@ironbridge.test'))).toBe(
      'forbidden:salesrep.customer.not_assigned.error',
    )
    expect(await refusal(mintCobrowseToken(db(), 'SR-1001', 'nobody-here'))).toBe(
      'forbidden:salesrep.customer.not_assigned.error',
    )
    // SR-1002 looks after Patricia.
    expect((await mintCobrowseToken(db(), 'SR-1002', 'patricia@ironbridge.test')).user.customerNo).toBe(
      'PC-100001',
    )
  })

  it('is refused for a deactivated or unknown representative, a deactivated user and a punchout user', async () => {
    await setRep('SR-1001', { active: false })
    expect(await refusal(mintCobrowseToken(db(), 'SR-1001', 'jlink'))).toBe(
      'forbidden:salesrep.inactive.error',
    )
    expect(await refusal(mintCobrowseToken(db(), 'SR-9999', 'jlink'))).toBe(
      'not-found:salesrep.not_found.error',
    )
    await setRep('SR-1001', { active: true })
    await db().update(users).set({ active: false }).where(eq(users.login, 'bbuyer'))
    expect(await refusal(mintCobrowseToken(db(), 'SR-1001', 'bbuyer'))).toBe(
      'forbidden:salesrep.user.inactive.error',
    )
    expect(await refusal(mintCobrowseToken(db(), 'SR-1001', 'brightline-oci'))).toBe(
      'forbidden:salesrep.user.punchout.error',
    )
  })

  it('and its tokens stop working when the representative is deactivated or leaves the customer', async () => {
    const grant = await mintCobrowseToken(db(), 'SR-1001', 'jlink')
    const pair = (await refresh(db(), grant.accessToken))!
    expect((await checkToken(db(), pair.access_token)).status).toBe('valid')

    await setRep('SR-1001', { active: false })
    expect((await checkToken(db(), pair.access_token)).status).toBe('invalid')
    expect(await refresh(db(), pair.refresh_token)).toBeNull()

    await setRep('SR-1001', { active: true, customerNos: ['BC-200002'] })
    expect((await checkToken(db(), pair.access_token)).status).toBe('invalid')
    expect(await refresh(db(), pair.refresh_token)).toBeNull()

    await setRep('SR-1001', { customerNos: ['BC-200001', 'BC-200002'] })
    expect((await checkToken(db(), pair.access_token)).status).toBe('valid')
  })

  it('ends with the representative’s logout, which leaves the user’s own session alone, and vice versa', async () => {
    const own = await loginWithPassword(db(), 'jlink', DEMO_PASSWORD)
    if (!own.ok) throw new Error('jlink cannot log in')
    const pair = (await refresh(db(), (await mintCobrowseToken(db(), 'SR-1001', 'jlink')).accessToken))!
    await revoke(db(), pair.access_token)
    expect((await checkToken(db(), pair.access_token)).status).toBe('invalid')
    expect((await checkToken(db(), own.grant.access_token)).status).toBe('valid')

    const again = (await refresh(db(), (await mintCobrowseToken(db(), 'SR-1001', 'jlink')).accessToken))!
    await revoke(db(), own.grant.access_token)
    expect((await checkToken(db(), own.grant.access_token)).status).toBe('invalid')
    expect((await checkToken(db(), again.access_token)).status).toBe('valid')
  })
})

describe('a basket changed through co-browse', () => {
  it('records the representative; the user’s own changes record nobody', async () => {
    const pair = (await refresh(db(), (await mintCobrowseToken(db(), 'SR-1001', 'ccowner')).accessToken))!
    const rep = await principalOf(pair.access_token)
    const made = await createBasket(db(), rep, 'EUR')
    expect(made.salesRepId).toBe('SR-1001')

    const own = await loginWithPassword(db(), 'ccowner', DEMO_PASSWORD)
    if (!own.ok) throw new Error('ccowner cannot log in')
    const user = await principalOf(own.grant.access_token)
    const mine = await createBasket(db(), user, 'EUR')
    expect(mine.salesRepId).toBeNull()
    await recordBasketSalesRep(db(), user, mine.id)
    await recordBasketSalesRep(db(), rep, 'current')
    const [stored] = await db().select().from(baskets).where(eq(baskets.id, mine.id))
    // `current` is the user's most recently changed basket, which both share.
    expect(stored!.salesRepId).toBe('SR-1001')
  })
})

describe('the desk’s sign-in', () => {
  it('takes the login or the e-mail address with the password, and tells a deactivated representative so', async () => {
    for (const name of ['svogt', 'SVogt@ironbridge.test']) {
      const result = await authenticateSalesRep(DEMO_PASSWORD, await findSalesRepLogin(db(), name))
      expect(result).toMatchObject({ ok: true, rep: { id: 'SR-1001' } })
      expect(result.ok && 'passwordHash' in result.rep).toBe(false)
    }
    expect(await authenticateSalesRep('wrong', await findSalesRepLogin(db(), 'svogt'))).toEqual({
      ok: false,
      reason: 'invalid',
    })
    expect(await authenticateSalesRep(DEMO_PASSWORD, await findSalesRepLogin(db(), 'nobody'))).toEqual({
      ok: false,
      reason: 'invalid',
    })
    await setRep('SR-1002', { active: false })
    expect(await authenticateSalesRep(DEMO_PASSWORD, await findSalesRepLogin(db(), 'dhale'))).toEqual({
      ok: false,
      reason: 'inactive',
    })
  })

  it('lists the customers the representative looks after with their users, punchout users marked', async () => {
    const rep = (await findSalesRep(db(), 'SR-1001'))!
    const customers = await customersOfSalesRep(db(), rep)
    expect(customers.map((c) => c.customerNo)).toEqual(['BC-200001', 'BC-200002'])
    const brightline = customers[0]!
    expect(brightline.companyName).toBe('Brightline Construction GmbH')
    expect(brightline.users.find((u) => u.login === 'jlink')?.unavailable).toBeUndefined()
    expect(brightline.users.find((u) => u.login === 'brightline-oci')?.unavailable).toBe('punchout')
    const other = await customersOfSalesRep(db(), (await findSalesRep(db(), 'SR-1002'))!)
    expect(other.map((c) => c.customerNo)).toEqual(['PC-100001'])
    expect(other[0]!.users.map((u) => u.login)).toEqual(['patricia@ironbridge.test'])
  })
})
