/**
 * Passkeys through the storefront against the real commerce API (issue 35): a private customer adds a passkey
 * on the account page (the options relayed by the storefront's resource route, the answer made by a software
 * authenticator as the browser's WebAuthn would), a guest with a basket signs in with it on the login page and
 * gets the session and basket merge a password login gives; a used challenge and a deleted passkey are refused
 * with the login page's messages; anonymous shoppers and cross-site posts get no options.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { products } from '../../commerce-api/db/schema'
import { SoftwareAuthenticator } from '../../commerce-api/domain/passkey-test-authenticator'
import { loader as rootLoader } from '~/root'
import { action as optionsAction } from '~/routes/$lang.account.passkeys.options'
import { action as signInOptionsAction } from '~/routes/$lang.login.passkey-options'
import { action as loginAction } from '~/routes/$lang._shop.login'
import { action, loader } from '~/routes/$lang._shop.account.passkeys'
import { loader as basketLoader } from '~/routes/$lang._shop.basket'
import { sessionFrom } from '../storefront/loader-args'
import { api } from './setup'
import { Browser } from './shop'

/** The bundled API's relying party without PASSKEY_* settings: the storefront at http://localhost:3000. */
const authenticator = new SoftwareAuthenticator('http://localhost:3000')
const PAGE = '/en/account/passkeys'

async function anyProductSku() {
  const [row] = await api.database.db
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.kind, 'product'), eq(products.online, true)))
    .limit(1)
  return row!.sku
}

async function toastOf(browser: Browser, page: string) {
  const { data } = await browser.call(rootLoader, page)
  return (data as any).shell.toast
}

/** The JSON a resource route answered, with its status. */
async function optionsOf(
  browser: Browser,
  fn: typeof optionsAction,
  path: string,
  headers?: Record<string, string>,
) {
  const { response } = await browser.call(fn, path, { form: {}, headers })
  return { status: response.status, json: response.status === 200 ? await response.json() : null }
}

async function signInWith(browser: Browser, spoil = {}) {
  const start = await optionsOf(browser, signInOptionsAction, '/en/login/passkey-options')
  expect(start.status).toBe(200)
  return {
    challengeId: start.json.challengeId as string,
    assertion: JSON.stringify(authenticator.authenticate(start.json.options, undefined, spoil)),
  }
}

describe('passkeys in the shop', () => {
  const owner = new Browser('en')
  let passkeyId = ''

  it('are added on the account page with a name, and listed there', async () => {
    await owner.login('patricia@ironbridge.test')
    expect((await owner.load(loader, PAGE)).passkeys).toEqual([])
    const start = await optionsOf(owner, optionsAction, '/en/account/passkeys/options')
    expect(start.status).toBe(200)
    expect(start.json.options.rp.id).toBe('localhost')
    const response = authenticator.register(start.json.options)
    expect(
      await owner.post(action, PAGE, {
        intent: 'add',
        name: 'Laptop',
        challengeId: start.json.challengeId,
        response: JSON.stringify(response),
      }),
    ).toBe(PAGE)
    expect(await toastOf(owner, PAGE)).toMatchObject({
      text: 'Your passkey has been added.',
      type: 'success',
    })
    const { passkeys } = await owner.load(loader, PAGE)
    expect(passkeys).toEqual([{ id: expect.any(String), name: 'Laptop', creationDate: expect.any(String) }])
    passkeyId = passkeys[0].id

    // Renamed without JavaScript (a plain form post); an empty name is refused with the reason.
    await owner.post(action, PAGE, { intent: 'rename', id: passkeyId, name: 'Work laptop' })
    expect((await owner.load(loader, PAGE)).passkeys[0].name).toBe('Work laptop')
    await owner.post(action, PAGE, { intent: 'rename', id: passkeyId, name: '  ' })
    expect(await toastOf(owner, PAGE)).toMatchObject({
      type: 'error',
      details: ['Please give the passkey a name.'],
    })
  })

  it('sign a guest in with the password login’s session, their basket merged', async () => {
    const guest = new Browser('en')
    const sku = await anyProductSku()
    await guest.add(sku, 1)
    const answer = await signInWith(guest)
    expect(
      await guest.post(loginAction, '/en/login', { intent: 'passkey', ...answer, returnUrl: '/en/account' }),
    ).toBe('/en/account')
    const session = await sessionFrom(`${guest.cookie}`)
    expect(session.get('user')).toMatchObject({
      login: 'patricia@ironbridge.test',
      customerType: 'PrivateCustomer',
    })
    expect(session.get('isAnonymous')).toBe(false)
    const toast = await toastOf(guest, '/en/account')
    expect(toast).toMatchObject({ type: 'success' })
    expect(toast.text).toContain('Patricia')
    const { basket } = await guest.load(basketLoader, '/en/basket')
    expect(basket.lines.map((line: { sku: string }) => line.sku)).toContain(sku)

    // The passkey's last use shows on the owner's page.
    expect((await owner.load(loader, PAGE)).passkeys[0].lastUsedDate).toEqual(expect.any(String))

    // The same answer again: its challenge is used up; the guest stays a guest.
    const another = new Browser('en')
    const refused = await another.call(loginAction, '/en/login', {
      form: { intent: 'passkey', ...answer },
    })
    expect(refused.response.status).toBe(401)
    expect(refused.data).toEqual({ passkeyError: 'The sign-in took too long. Please try again.' })
    expect((await sessionFrom(`${another.cookie}`)).get('user')).toBeUndefined()
  })

  it('are deleted on the account page; a deleted passkey signs nobody in', async () => {
    expect(await owner.post(action, PAGE, { intent: 'delete', id: passkeyId })).toBe(PAGE)
    expect((await owner.load(loader, PAGE)).passkeys).toEqual([])
    const guest = new Browser('en')
    const refused = await guest.call(loginAction, '/en/login', {
      form: { intent: 'passkey', ...(await signInWith(guest)) },
    })
    expect(refused.response.status).toBe(401)
    expect(refused.data.passkeyError).toMatch(/does not know this passkey/)
  })

  it('give no registration options to a guest or to a cross-site post', async () => {
    const guest = new Browser('en')
    expect((await optionsOf(guest, optionsAction, '/en/account/passkeys/options')).status).toBe(401)
    const crossSite = await optionsOf(guest, signInOptionsAction, '/en/login/passkey-options', {
      Origin: 'https://evil.example',
    })
    expect(crossSite.status).toBe(403)
    // A business user has the page too.
    const buyer = new Browser('en')
    await buyer.login('jlink')
    expect((await buyer.load(loader, PAGE)).passkeys).toEqual([])
    expect((await optionsOf(buyer, optionsAction, '/en/account/passkeys/options')).status).toBe(200)
  })
})
