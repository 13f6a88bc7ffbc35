/**
 * What a shopper's session says against what the real commerce API says now (issue 31, "Smaller holes"):
 * the session cookie keeps a user's name, roles and token from the login, while the API may since have
 * revoked the token (a logout), taken a role away, or ended a recurring order. Each page follows the API:
 * - a cookie replayed after its logout names nobody in the header, on basket, home and search;
 * - an administrator whose role was removed mid-session gets the missing-permission page (404), not a 500, and
 *   the session forgets the permission;
 * - switching on a recurring order whose schedule ended says so, instead of a 500.
 * Brightline (BC-200001): jlink is its account owner, ccowner a cost center owner, bbuyer and omanager buyers.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { recurringOrders } from '../../commerce-api/db/schema'
import { DEMO_ADDRESS_IDS } from '../../commerce-api/db/seed/checkout'
import { dayOf } from '../../commerce-api/domain/recurrence'
import { basketFor, userToken } from '../commerce-api/checkout-fixtures'
import { call } from '../commerce-api/harness'
import { loader as rootLoader } from '~/root'
import { loader as shopLoader } from '~/routes/$lang._shop'
import { action as logoutAction } from '~/routes/$lang._shop.logout'
import { action as recurringOrderAction } from '~/routes/$lang._shop.account.recurring-orders.$recurringOrderId'
import { loader as costCentersLoader } from '~/routes/$lang._shop.account.organization.cost-centers._index'
import { loader as usersLoader } from '~/routes/$lang._shop.account.organization.users._index'
import { sessionFrom } from '../storefront/loader-args'
import { api } from './setup'
import { Browser } from './shop'

const BRIGHTLINE = 'BC-200001'
const usersUrl = (path: string) => api.url(`customers/${BRIGHTLINE}/users${path}`)

/** Who the header names on a page of the shop: the shop layout's loader, as the server calls it. */
async function headerUser(browser: Browser, path: string) {
  const { response, data } = await browser.call(shopLoader, path)
  expect(response.status, path).toBe(200)
  return data.user as { name: string } | null
}

describe('a cookie replayed after its logout', () => {
  it('names nobody in the header on basket, home and search, and the cookie written back holds no user', async () => {
    const shopper = new Browser('en')
    await shopper.login('omanager')
    expect(await headerUser(shopper, '/en/home')).toEqual({ name: 'Olivia Ordermann' })
    const stolen = shopper.cookie
    await shopper.post(logoutAction, '/en/logout', { returnUrl: '/en/home' })
    expect(await headerUser(shopper, '/en/home')).toBeNull()

    for (const path of ['/en/basket', '/en/home', '/en/search?searchTerm=bolt']) {
      const replay = new Browser('en')
      replay.cookie = stolen
      expect(await headerUser(replay, path), path).toBeNull()
      // The API refused the token: the session answered with the page drops it and the user.
      const session = await sessionFrom(replay.cookie!)
      expect(session.get('user'), path).toBeUndefined()
      expect(session.get('apiToken'), path).toBeUndefined()
    }
  })
})

describe('an administrator whose role is taken away while logged in', () => {
  it('gets the missing-permission page on the organization’s pages, and the session forgets the permission', async () => {
    const owner = await userToken(api, 'jlink')
    const setRoles = async (userRoles: string[]) => {
      const answer = await call(usersUrl('/ccowner/roles'), {
        method: 'PUT',
        token: owner,
        json: { userRoles },
      })
      expect(answer.status).toBe(200)
    }
    await setRoles(['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_COSTCENTER_OWNER'])
    const admin = new Browser('en')
    await admin.login('ccowner')
    const users = '/en/account/organization/users'
    expect((await admin.call(usersLoader, users)).response.status).toBe(200)
    expect((await sessionFrom(admin.cookie!)).get('user')?.permissions).toContain('APP_B2B_MANAGE_USERS')

    await setRoles(['APP_B2B_COSTCENTER_OWNER'])
    // The session still lists the permission: the page asks the API, which refuses (403).
    const refused = await admin.call(usersLoader, users)
    expect(refused.response.status).toBe(302)
    const location = new URL(refused.response.headers.get('Location')!, 'http://shop.test')
    expect(location.pathname).toBe('/en/error')
    expect(location.searchParams.get('error')).toBe('missing-permission')
    expect(location.searchParams.get('value')).toContain('APP_B2B_MANAGE_USERS')
    // The session took the user's current roles: the guard itself refuses now, without asking the API, and the
    // user is still logged in with what remains.
    const session = await sessionFrom(admin.cookie!)
    expect(session.get('user')?.roles).toEqual(['APP_B2B_BUYER', 'APP_B2B_COSTCENTER_OWNER'])
    expect(session.get('user')?.permissions).not.toContain('APP_B2B_MANAGE_USERS')
    expect(session.get('apiToken')).toBeTruthy()
    const guarded = await admin.call(usersLoader, users)
    expect(guarded.response.headers.get('Location')).toBe(
      '/en/error?error=missing-permission&value=APP_B2B_MANAGE_USERS',
    )
    // A cost center owner still sees the cost centers.
    expect(
      (await admin.call(costCentersLoader, '/en/account/organization/cost-centers')).response.status,
    ).toBe(200)
  })
})

describe('switching on a recurring order whose schedule ended', () => {
  it('answers the page again with the reason, not a 500, and leaves the order as it was', async () => {
    const token = await userToken(api, 'bbuyer')
    const basket = await basketFor(api, token, [{ sku: '1000001', quantity: 1 }])
    const address = `urn:address:customer:${BRIGHTLINE}:${DEMO_ADDRESS_IDS.brightlineHeadOffice}`
    const today = dayOf(new Date())
    for (const [path, method, json] of [
      ['', 'PATCH', { invoiceToAddress: address, commonShipToAddress: address }],
      ['', 'PATCH', { commonShippingMethod: 'STD_GROUND' }],
      ['/payments/open-tender', 'PUT', { paymentInstrument: 'INVOICE' }],
      ['', 'PATCH', { recurrence: { interval: 'P1W', startDate: today } }],
    ] as const)
      expect((await call(basket.url(path), { method, token, json })).status, JSON.stringify(json)).toBe(200)
    const submitted = await call(api.url('orders'), {
      method: 'POST',
      token,
      json: { basket: basket.id, termsAndConditionsAccepted: true },
    })
    expect(submitted.status).toBe(201)
    const { id, documentNumber } = submitted.json.data as { id: string; documentNumber: string }
    // Its schedule ended (the scheduler marks it so) and it was switched off.
    await api.database.db
      .update(recurringOrders)
      .set({ expired: true, active: false })
      .where(eq(recurringOrders.id, id))

    const buyer = new Browser('en')
    await buyer.login('bbuyer')
    const page = `/en/account/recurring-orders/${id}`
    const location = await buyer.post(
      recurringOrderAction,
      page,
      { intent: 'toggle', id, active: 'true' },
      { recurringOrderId: id },
    )
    expect(location).toBe(page)
    const { data } = await buyer.call(rootLoader, page)
    expect(data.shell.toast).toMatchObject({
      type: 'error',
      text: `Recurring order ${documentNumber} has ended and cannot be switched on again. Set up a new one at checkout if you want to keep ordering.`,
    })
    const [row] = await api.database.db.select().from(recurringOrders).where(eq(recurringOrders.id, id))
    expect(row).toMatchObject({ active: false, expired: true })
  })
})
