/**
 * The co-browse entry `/{lang}/cobrowse` (issue 35, spec shell §4.7, §5) against the real commerce API: a link
 * minted for a seeded sales representative signs the browser in as the customer's user, replacing whoever
 * was signed in there, and every page then carries the banner saying whom the representative acts for;
 * without an access token, or with one the API refuses (used, expired, someone else's representative), the
 * browser goes to the error page with its key. The profile lets the representative edit nothing, the basket
 * they fill records them, and "End co-browse" (the logout) ends their tokens.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiTokens, baskets, users } from '../../commerce-api/db/schema'
import { COBROWSE_TOKEN_LIFETIME } from '../../commerce-api/domain/tokens'
import { mintCobrowseToken } from '../../commerce-api/domain/sales-reps'
import { sellableSkus } from '../commerce-api/checkout-fixtures'
import { loader as rootLoader } from '~/root'
import { loader as profileLoader } from '~/routes/$lang._shop.account.profile'
import { action as profileAction } from '~/routes/$lang._shop.account.profile'
import { loader as emailLoader } from '~/routes/$lang._shop.account.profile_.email'
import { loader as passwordLoader } from '~/routes/$lang._shop.account.profile_.password'
import { loader as errorLoader } from '~/routes/$lang._shop.error'
import { action as logoutAction } from '~/routes/$lang._shop.logout'
import { loader } from '~/routes/$lang.cobrowse'
import { sessionFrom } from '../storefront/loader-args'
import { Browser } from './shop'
import { api } from './setup'

let sku: string
beforeAll(async () => {
  ;[sku] = (await sellableSkus(api, 1)) as [string]
})

/** The browser opening a co-browse link with `query`, answering where it is sent. */
const open = async (browser: Browser, query: Record<string, string>) => {
  const sent = await browser.call(loader, `/${browser.lang}/cobrowse?${new URLSearchParams(query)}`)
  expect(sent.response.status).toBe(302)
  return sent.response.headers.get('Location')
}
const errorOf = (key: string, lang = 'en') => `/${lang}/error?${new URLSearchParams({ error: key })}`
const mint = (rep: string, user: string, now?: Date) => mintCobrowseToken(api.database.db, rep, user, now)
const link = (grant: { accessToken: string; salesRep: { id: string } }) => ({
  'access-token': grant.accessToken,
  salesRepId: grant.salesRep.id,
})

describe('the co-browse entry', () => {
  it('without an access token goes to the error page with the spec’s key, a 400 in the page language', async () => {
    const browser = new Browser('de')
    expect(await open(browser, { salesRepId: 'SR-1001' })).toBe(
      errorOf('cobrowse.error.missing.parameter', 'de'),
    )
    const page = await browser.call(errorLoader, errorOf('cobrowse.error.missing.parameter', 'de'))
    expect(page.response.status).toBe(400)
    expect(page.data).toMatchObject({
      kind: 'cobrowse.error.missing.parameter',
      title: 'Co-Browsing nicht möglich',
    })
    expect((await sessionFrom(browser.cookie)).get('user')).toBeUndefined()
  })

  it('refuses a token the API does not take: unknown, used, expired, minted for another representative', async () => {
    const browser = new Browser('en')
    expect(await open(browser, { 'access-token': 'not-a-token', salesRepId: 'SR-1001' })).toBe(
      errorOf('cobrowse.error.token'),
    )
    const used = await mint('SR-1001', 'bbuyer')
    expect(await open(new Browser('en'), link(used))).toBe('/en/home')
    expect(await open(browser, link(used))).toBe(errorOf('cobrowse.error.token'))
    const expired = await mint(
      'SR-1001',
      'bbuyer',
      new Date(Date.now() - (COBROWSE_TOKEN_LIFETIME + 5) * 1000),
    )
    expect(await open(browser, link(expired))).toBe(errorOf('cobrowse.error.token'))
    // A link naming another representative than its token: refused, and the token it cost is ended.
    const other = await mint('SR-1001', 'bbuyer')
    expect(await open(browser, { 'access-token': other.accessToken, salesRepId: 'SR-1002' })).toBe(
      errorOf('cobrowse.error.sales_rep'),
    )
    const chain = await api.database.db
      .select({ revokedAt: apiTokens.revokedAt })
      .from(apiTokens)
      .where(eq(apiTokens.salesRepId, 'SR-1001'))
    expect(chain.every((token) => token.revokedAt !== null)).toBe(true)
    expect((await sessionFrom(browser.cookie)).get('user')).toBeUndefined()
    expect((await browser.call(errorLoader, errorOf('cobrowse.error.token'))).response.status).toBe(400)
  })

  it('signs in as the user in place of whoever was signed in, goes home, and shows the banner everywhere', async () => {
    const browser = new Browser('en')
    await browser.login('patricia@ironbridge.test')
    await browser.add(sku, 1)
    expect(await open(browser, link(await mint('SR-1001', 'jlink')))).toBe('/en/home')
    const session = await sessionFrom(browser.cookie)
    expect(session.get('user')).toMatchObject({
      login: 'jlink',
      customerNo: 'BC-200001',
      signIn: 'cobrowse',
      salesRepId: 'SR-1001',
      salesRepName: 'Sabine Vogt',
      companyName: 'Brightline Construction GmbH',
    })
    const root = await browser.load(rootLoader, '/en/home')
    expect(root.shell.cobrowse).toEqual({
      userName: 'Jack Link',
      companyName: 'Brightline Construction GmbH',
      salesRep: 'Sabine Vogt (SR-1001)',
    })
    expect((await browser.load(rootLoader, '/en/checkout/address')).shell.cobrowse).not.toBeNull()
    // A private customer's banner names no company.
    const other = new Browser('en')
    await open(other, link(await mint('SR-1002', 'patricia@ironbridge.test')))
    expect((await other.load(rootLoader, '/en/home')).shell.cobrowse).toEqual({
      userName: 'Patricia Miller',
      salesRep: 'David Hale (SR-1002)',
    })
    // A user who logged in themselves gets no banner.
    const own = new Browser('en')
    await own.login('jlink')
    expect((await own.load(rootLoader, '/en/home')).shell.cobrowse).toBeNull()
  })

  it('lets the representative edit neither e-mail, password nor profile', async () => {
    const browser = new Browser('en')
    await open(browser, link(await mint('SR-1001', 'ccowner')))
    const profile = await browser.load(profileLoader, '/en/account/profile')
    expect(profile).toMatchObject({ editable: false, emailUrl: null, passwordUrl: null })
    expect(profile.managedNotice).toContain('only the customer can change them')
    for (const [page, path] of [
      [emailLoader, '/en/account/profile/email'],
      [passwordLoader, '/en/account/profile/password'],
    ] as const) {
      const refused = await browser.call(page, path)
      expect(refused.response.headers.get('Location')).toBe('/en/account/profile')
    }
    const posted = await browser.call(profileAction, '/en/account/profile', {
      form: { intent: 'profile', firstName: 'Changed', lastName: 'ByRep' },
    })
    expect(posted.response.headers.get('Location')).toBe('/en/account/profile')
    expect((await browser.load(profileLoader, '/en/account/profile')).profile.firstName).toBe('Carl')
  })

  it('records the representative on the basket they fill, and ends with “End co-browse”', async () => {
    const browser = new Browser('en')
    await open(browser, link(await mint('SR-1001', 'omanager')))
    await browser.add(sku, 2)
    const [user] = await api.database.db.select().from(users).where(eq(users.login, 'omanager'))
    const filled = await api.database.db.select().from(baskets).where(eq(baskets.owner, user!.id))
    expect(filled.map((basket) => basket.salesRepId)).toEqual(['SR-1001'])
    const token = (await sessionFrom(browser.cookie)).get('apiToken')!

    const location = await browser.post(logoutAction, '/en/logout', { returnUrl: '/en/home' })
    expect(location).toBe('/en/home')
    expect((await sessionFrom(browser.cookie)).get('user')).toBeUndefined()
    expect((await browser.load(rootLoader, '/en/home')).shell.cobrowse).toBeNull()
    const [row] = await api.database.db.select().from(apiTokens).where(eq(apiTokens.token, token))
    expect(row!.revokedAt).not.toBeNull()
  })
})
