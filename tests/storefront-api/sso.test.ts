/**
 * The storefront as an OpenID Connect relying party (issue 35, ADR 0037), against a real OpenID provider on
 * loopback (oidc-provider, oidc-test-provider.ts) and the real commerce API, which verifies the id tokens
 * (`users/processtoken`):
 * - the login page's button starts the code flow with PKCE, state and nonce kept in the session; the register
 *   page's asks for the provider's registration (`prompt=create`);
 * - a callback that does not answer the session's sign-in (a wrong state, no sign-in started, a shopper who
 *   cancelled at the provider) signs nobody in and says why on the login page;
 * - a known identity is signed in like a password login (same token, the guest's basket merged);
 * - a new identity goes to /register/sso, stays anonymous until its registration is complete, or cancels;
 * - an invitation binds the identity to the invited user (or, without a provider, leads to setting a password);
 * - silent refresh: a provider that no longer refreshes ends the shop's session as a timeout;
 * - logout continues at the provider's end-session endpoint;
 * - e-mail, password and profile cannot be changed after such a sign-in, not even by a direct post.
 */
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { mailOutbox, users } from '../../commerce-api/db/schema'
import { linkIdentity } from '../../commerce-api/domain/identities'
import { REGISTRANT_CUSTOMER_NO } from '../../commerce-api/domain/tokens'
import { userToken } from '../commerce-api/checkout-fixtures'
import { call, startApi } from '../commerce-api/harness'
import { sessionStorage } from '~/services/session.server'
import { startTestProvider } from './oidc-test-provider'
import { Browser } from './shop'
import { parseIdentityProviders } from '~/models/identity-providers'
import { loader as rootLoader } from '~/root'
import { loader as accountLoader } from '~/routes/$lang._shop.account._index'
import {
  action as createUserAction,
  loader as createUserLoader,
} from '~/routes/$lang._shop.account.organization.users.create'
import { loader as usersLoader } from '~/routes/$lang._shop.account.organization.users._index'
import { action as profileAction, loader as profileLoader } from '~/routes/$lang._shop.account.profile'
import { loader as emailLoader } from '~/routes/$lang._shop.account.profile_.email'
import { action as passwordAction } from '~/routes/$lang._shop.account.profile_.password'
import { loader as loginLoader } from '~/routes/$lang._shop.login'
import { action as logoutAction } from '~/routes/$lang._shop.logout'
import { action as registerSsoAction, loader as registerSsoLoader } from '~/routes/$lang._shop.register.sso'
import { loader as inviteLoader } from '~/routes/$lang.invite'
import { action as startAction } from '~/routes/$lang.sso.$providerId'
import { loader as callbackLoader } from '~/routes/sso.callback.$providerId'
import { config } from '~/services/config.server'
import { forgetProviders } from '~/services/sso-provider.server'

const run = Date.now().toString(36)
const CLIENT = 'storefront'
const SECRET = 'storefront-test-secret-of-the-provider'
const NEW_EMAIL = `nora.new.${run}@example.test`

const provider = await startTestProvider({
  clientId: CLIENT,
  clientSecret: SECRET,
  redirectUri: 'http://shop.test/sso/callback/test',
  postLogoutRedirectUri: 'http://shop.test/',
  identities: [
    { sub: 'patricia-1', email: 'patricia@ironbridge.test', given_name: 'Patricia', family_name: 'Miller' },
    { sub: 'nora-1', email: NEW_EMAIL, given_name: 'Nora', family_name: 'Newcomb' },
    { sub: 'otto-1', email: `otto.out.${run}@example.test`, given_name: 'Otto', family_name: 'Out' },
    { sub: 'ivan-1', email: `ivan.idp.${run}@corp.test`, given_name: 'Ivan', family_name: 'Idp' },
  ],
})
/** A commerce API of this file's own that takes the test provider's id tokens. */
const api = await startApi({
  snapshot: inject('apiSnapshot'),
  oidcProviders: [{ issuer: provider.issuer, audience: CLIENT }],
})
const before = { icmBaseUrl: config.icmBaseUrl, identityProviders: config.identityProviders }
config.icmBaseUrl = api.origin
config.identityProviders = parseIdentityProviders(
  JSON.stringify([
    {
      id: 'test',
      displayName: 'Test SSO',
      issuer: provider.issuer,
      clientId: CLIENT,
      clientSecret: SECRET,
      scopes: 'openid email profile offline_access',
      registration: true,
    },
  ]),
)
forgetProviders()
// Patricia's identity at the provider is linked to her shop user, as after an invitation she accepted.
await linkIdentity(api.database.db, {
  issuer: provider.issuer,
  subject: 'patricia-1',
  login: 'patricia@ironbridge.test',
})

afterAll(async () => {
  Object.assign(config, before)
  forgetProviders()
  await api.close()
  await provider.close()
})

const session = (browser: Browser) => sessionStorage.getSession(browser.cookie)

/** Presses "Sign in with Test SSO" (or "Register with …"): answers the provider's authorization URL. */
async function start(browser: Browser, intent: 'login' | 'register' = 'login', returnUrl = '/en/account') {
  const location = await browser.post(
    startAction,
    '/en/sso/test',
    { intent, returnUrl },
    { providerId: 'test' },
  )
  expect(location.startsWith(`${provider.issuer}/`)).toBe(true)
  return location
}

/** The whole way: the button, the provider's sign-in as `subject`, the callback. Answers where it leads. */
async function signIn(browser: Browser, subject: string | undefined, returnUrl?: string) {
  provider.signInAs(subject)
  const callback = await provider.authorize(await start(browser, 'login', returnUrl))
  const { response } = await browser.call(callbackLoader, callback, { params: { providerId: 'test' } })
  return response.headers.get('Location') ?? ''
}

describe('signing in with an OpenID provider', () => {
  it('offers the provider on the login page; its button sends to the provider with PKCE, state and nonce', async () => {
    const browser = new Browser('en')
    const page = await browser.load(loginLoader, '/en/login')
    expect(page.providers).toEqual([{ id: 'test', displayName: 'Test SSO' }])
    const url = new URL(await start(browser))
    const query = url.searchParams
    expect(query.get('client_id')).toBe(CLIENT)
    expect(query.get('redirect_uri')).toBe('http://shop.test/sso/callback/test')
    expect(query.get('response_type')).toBe('code')
    expect(query.get('scope')).toBe('openid email profile offline_access')
    expect(query.get('code_challenge_method')).toBe('S256')
    expect(query.get('prompt')).toBeNull()
    expect(query.get('ui_locales')).toBe('en-US')
    // The session keeps what the answer must match: the state, the nonce and the verifier of the challenge.
    const flow = (await session(browser)).get('ssoFlow')!
    expect(flow).toMatchObject({ provider: 'test', lang: 'en', returnUrl: '/en/account' })
    expect(query.get('state')).toBe(flow.state)
    expect(query.get('nonce')).toBe(flow.nonce)
    expect(query.get('code_challenge')).toBe(createHash('sha256').update(flow.verifier).digest('base64url'))
    // A second start replaces the first: a new state.
    const again = new URL(await start(browser))
    expect(again.searchParams.get('state')).not.toBe(flow.state)
  })

  it('brings the shopper back with a message when the provider cannot be reached', async () => {
    const providers = config.identityProviders
    config.identityProviders = parseIdentityProviders(
      JSON.stringify([
        { id: 'test', displayName: 'Gone SSO', issuer: 'http://127.0.0.1:9', clientId: CLIENT },
      ]),
    )
    forgetProviders()
    try {
      const browser = new Browser('en')
      const location = await browser.post(
        startAction,
        '/en/sso/test',
        { intent: 'login', returnUrl: '/en/basket' },
        { providerId: 'test' },
      )
      expect(location).toBe('/en/login?returnUrl=%2Fen%2Fbasket')
      const after = await session(browser)
      expect(after.get('ssoFlow')).toBeUndefined()
      expect(after.get('__flash_toast__' as never)).toMatchObject({
        key: 'account.sso.error.unavailable',
        values: { provider: 'Gone SSO' },
      })
    } finally {
      config.identityProviders = providers
      forgetProviders()
    }
  })

  it('asks for the provider’s registration from the register page', async () => {
    const url = new URL(await start(new Browser('en'), 'register'))
    expect(url.searchParams.get('prompt')).toBe('create')
  })

  it('refuses a callback with a wrong state or without a sign-in started, and a cancelled sign-in', async () => {
    const browser = new Browser('en')
    provider.signInAs('patricia-1')
    const callback = new URL(await provider.authorize(await start(browser)), 'http://shop.test')
    callback.searchParams.set('state', 'forged-state')
    const forged = await browser.call(callbackLoader, `${callback.pathname}${callback.search}`, {
      params: { providerId: 'test' },
    })
    expect(forged.response.headers.get('Location')).toBe('/en/login?returnUrl=%2Fen%2Faccount')
    const refused = await session(browser)
    expect(refused.get('user')).toBeUndefined()
    expect(refused.get('ssoFlow')).toBeUndefined()
    expect(refused.get('__flash_toast__' as never)).toMatchObject({ key: 'account.sso.error.failed' })

    // Another browser that started nothing brings the right answer: refused too.
    provider.signInAs('patricia-1')
    const stolen = await provider.authorize(await start(new Browser('en')))
    const stranger = new Browser('en')
    const answer = await stranger.call(callbackLoader, stolen, { params: { providerId: 'test' } })
    // Without the sign-in it started, the shop's default language.
    expect(answer.response.headers.get('Location')).toBe('/de/login')
    expect((await session(stranger)).get('user')).toBeUndefined()

    const cancelled = new Browser('en')
    expect(await signIn(cancelled, undefined)).toBe('/en/login?returnUrl=%2Fen%2Faccount')
    expect((await session(cancelled)).get('__flash_toast__' as never)).toMatchObject({
      key: 'account.sso.error.cancelled',
      values: { provider: 'Test SSO' },
    })
  })

  it('signs a known identity in like a password login, with the guest’s basket merged', async () => {
    const browser = new Browser('en')
    await browser.add('1000003', 2)
    expect(await signIn(browser, 'patricia-1', '/en/basket')).toBe('/en/basket')
    const signedIn = await session(browser)
    expect(signedIn.get('user')).toMatchObject({
      login: 'patricia@ironbridge.test',
      customerNo: 'PC-100001',
      signIn: 'sso',
    })
    expect(signedIn.get('isAnonymous')).toBe(false)
    expect(signedIn.get('sso')).toMatchObject({ provider: 'test', refreshToken: expect.any(String) })
    expect(signedIn.get('__flash_toast__' as never)).toMatchObject({
      key: 'account.login.success.message',
      values: { name: 'Patricia Miller' },
      details: expect.arrayContaining(['The products of your earlier basket are now in your basket.']),
    })
    // The ICM token is the user's: the account pages open.
    const account = await browser.call(accountLoader, '/en/account')
    expect(account.response.status).toBe(200)
  })

  it('sends a new identity to /register/sso, anonymous until it completes the registration', async () => {
    const browser = new Browser('en')
    const location = new URL(await signIn(browser, 'nora-1'), 'http://shop.test')
    expect(location.pathname).toBe('/en/register/sso')
    const [registrant] = await api.database.db.select().from(users).where(eq(users.email, NEW_EMAIL))
    expect(registrant!.customerNo).toBe(REGISTRANT_CUSTOMER_NO)
    expect(Object.fromEntries(location.searchParams)).toEqual({
      userid: registrant!.id,
      firstName: 'Nora',
      lastName: 'Newcomb',
    })
    // Not a login yet: no account pages.
    const account = await browser.call(accountLoader, '/en/account')
    expect(account.response.headers.get('Location')).toMatch(/^\/en\/login\?returnUrl=/)
    const page = await browser.load(registerSsoLoader, `${location.pathname}${location.search}`)
    expect(page).toMatchObject({ email: NEW_EMAIL, provider: 'Test SSO', firstName: 'Nora', kind: 'private' })

    const incomplete = await browser.call(registerSsoAction, '/en/register/sso', {
      form: { kind: 'private', 'address.firstName': 'Nora', 'address.lastName': 'Newcomb' },
    })
    expect(incomplete.response.status).toBe(400)
    const done = await browser.post(registerSsoAction, '/en/register/sso', {
      intent: 'register',
      kind: 'private',
      'address.firstName': 'Nora',
      'address.lastName': 'Newcomb',
      'address.addressLine1': 'Lindenweg 3',
      'address.postalCode': '10115',
      'address.city': 'Berlin',
      'address.countryCode': 'DE',
      terms: 'on',
    })
    expect(done).toBe('/en/account')
    const [customer] = await api.database.db.select().from(users).where(eq(users.email, NEW_EMAIL))
    expect(customer!.customerNo).not.toBe(REGISTRANT_CUSTOMER_NO)
    const signedIn = await session(browser)
    expect(signedIn.get('user')).toMatchObject({
      login: NEW_EMAIL,
      customerNo: customer!.customerNo,
      customerType: 'PrivateCustomer',
      signIn: 'sso',
    })
    expect(signedIn.get('ssoRegistration')).toBeUndefined()
    expect(signedIn.get('sso')).toMatchObject({ provider: 'test' })
    expect((await browser.call(accountLoader, '/en/account')).response.status).toBe(200)
  })

  it('lets a new identity cancel: its token revoked, logged out at the provider too', async () => {
    const browser = new Browser('en')
    expect(await signIn(browser, 'otto-1')).toMatch(/^\/en\/register\/sso\?/)
    const token = (await session(browser)).get('ssoRegistration')!.token
    const location = new URL(await browser.post(registerSsoAction, '/en/register/sso', { intent: 'cancel' }))
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/session/end`)
    expect(location.searchParams.get('client_id')).toBe(CLIENT)
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe('http://shop.test/')
    const after = await session(browser)
    expect(after.get('ssoRegistration')).toBeUndefined()
    expect(after.get('sso')).toBeUndefined()
    // The registrant's token no longer works at the API.
    const refused = await call(api.url('customers/-', ';loc=en_US;cur=EUR'), { token })
    expect(refused.status).toBe(401)
    const page = await browser.call(registerSsoLoader, '/en/register/sso')
    expect(page.response.headers.get('Location')).toBe('/en/register')
  })
})

describe('an invitation', () => {
  /** jlink invites a new Brightline user; answers the invitation link's path in the shop. */
  async function invite(email: string) {
    const created = await call(api.url('customers/-/users', ';loc=en_US;cur=EUR'), {
      method: 'POST',
      token: await userToken(api, 'jlink'),
      json: { elements: [{ firstName: 'Ina', lastName: 'Invite', email, invite: true }] },
    })
    expect(created.status).toBe(201)
    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'user.invitation')))
    const link = new URL(/https?:\/\/\S+\/invite\?[^\s"<]+/.exec(mail!.text)![0].replaceAll('&amp;', '&'))
    return `${link.pathname}${link.search}`
  }

  it('signs in at the provider afresh and binds that identity to the invited user', async () => {
    const email = `ina.invite.${run}@brightline.test`
    const browser = new Browser('en')
    const { response } = await browser.call(inviteLoader, await invite(email))
    const authorization = new URL(response.headers.get('Location')!)
    expect(authorization.origin).toBe(provider.issuer)
    expect(authorization.searchParams.get('prompt')).toBe('login')
    expect((await session(browser)).get('ssoFlow')?.invitation).toBeDefined()
    provider.signInAs('ivan-1')
    const callback = await provider.authorize(authorization.href)
    const answer = await browser.call(callbackLoader, callback, { params: { providerId: 'test' } })
    expect(answer.response.headers.get('Location')).toBe('/en/account')
    expect((await session(browser)).get('user')).toMatchObject({
      login: email,
      customerNo: 'BC-200001',
      signIn: 'sso',
    })
    // The identity now signs that user in by itself.
    expect(await signIn(new Browser('en'), 'ivan-1')).toBe('/en/account')
  })

  it("is what the organization's new-user form sends when the account admin chooses it", async () => {
    const email = `ida.form.${run}@brightline.test`
    const admin = new Browser('en')
    await admin.login('jlink')
    // The form opens from the user list (spec org §5).
    await admin.load(usersLoader, '/en/account/organization/users')
    const form = await admin.call(createUserLoader, '/en/account/organization/users/create')
    expect(form.data?.providers).toEqual(['Test SSO'])
    const created = await admin.post(createUserAction, '/en/account/organization/users/create', {
      firstName: 'Ida',
      lastName: 'Form',
      email,
      roleIDs: 'APP_B2B_BUYER',
      invite: 'on',
    })
    expect(created).toMatch(/^\/en\/account\/organization\/users\//)
    const kinds = await api.database.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
    expect(kinds.map((mail) => mail.kind)).toEqual(['user.invitation'])
  })

  it('refuses a link without its secret, and leads to setting a password where no provider is configured', async () => {
    const refused = await new Browser('en').call(inviteLoader, '/en/invite?uid=someone')
    expect(refused.response.headers.get('Location')).toBe('/en/login')
    const path = await invite(`pia.password.${run}@brightline.test`)
    const providers = config.identityProviders
    config.identityProviders = []
    try {
      const { response } = await new Browser('en').call(inviteLoader, path)
      const target = new URL(response.headers.get('Location')!, 'http://shop.test')
      expect(target.pathname).toBe('/en/forgotPassword/updatePassword')
      expect(target.searchParams.get('invitation')).toBe('1')
      expect(target.searchParams.get('Hash')).toBe(new URL(path, 'http://shop.test').searchParams.get('Hash'))
    } finally {
      config.identityProviders = providers
    }
  })
})

describe('a session of an OpenID provider', () => {
  /** Makes the session's token due for its refresh, as half an hour of shopping does. */
  async function dueForRefresh(browser: Browser) {
    const current = await session(browser)
    current.set('issuedAt', Date.now() - 3000_000)
    current.set('expiresAt', Date.now() + 600_000)
    browser.cookie = (await sessionStorage.commitSession(current)).split(';')[0]
  }

  it('lives while the provider refreshes, and ends as a timeout when the provider refuses', async () => {
    const browser = new Browser('en')
    await signIn(browser, 'patricia-1')
    await dueForRefresh(browser)
    const fresh = await browser.call(rootLoader, '/en/account')
    expect(fresh.response.status).toBe(200)
    const alive = await session(browser)
    expect(alive.get('user')).toBeDefined()
    expect(alive.get('issuedAt')).toBeGreaterThan(Date.now() - 60_000)

    await provider.revoke(alive.get('sso')!.refreshToken!)
    await dueForRefresh(browser)
    const ended = await browser.call(rootLoader, '/en/account')
    expect(ended.response.headers.get('Location')).toBe(
      '/en/login?returnUrl=%2Fen%2Faccount&messageKey=session_timeout',
    )
    const after = await session(browser)
    expect(after.get('user')).toBeUndefined()
    expect(after.get('sso')).toBeUndefined()
  })

  it('logs out at the provider too', async () => {
    const browser = new Browser('en')
    await signIn(browser, 'patricia-1')
    const location = new URL(await browser.post(logoutAction, '/en/logout', { returnUrl: '/en/home' }))
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/session/end`)
    expect(location.searchParams.get('client_id')).toBe(CLIENT)
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe('http://shop.test/')
    expect(location.searchParams.get('id_token_hint')).toBeTruthy()
    expect((await session(browser)).get('user')).toBeUndefined()
    // A password login's logout stays in the shop.
    const password = new Browser('en')
    await password.login('pierre@ironbridge.test')
    expect(await password.post(logoutAction, '/en/logout', { returnUrl: '/en/home' })).toBe('/en/home')
  })

  it('cannot change e-mail, password or profile in the shop, not even by a direct post', async () => {
    const browser = new Browser('en')
    await signIn(browser, 'patricia-1')
    const page = await browser.load(profileLoader, '/en/account/profile')
    expect(page).toMatchObject({ editable: false, emailUrl: null, passwordUrl: null })
    expect(page.managedNotice).toBe(
      'Your e-mail address, password and profile are managed by Test SSO. Please change them there.',
    )
    const [stored] = await api.database.db
      .select()
      .from(users)
      .where(eq(users.login, 'patricia@ironbridge.test'))
    const profile = await browser.post(profileAction, '/en/account/profile', {
      intent: 'profile',
      firstName: 'Mallory',
      lastName: 'Miller',
    })
    expect(profile).toBe('/en/account/profile')
    expect((await session(browser)).get('__flash_toast__' as never)).toMatchObject({
      key: 'account.profile.managed.sso',
      type: 'error',
    })
    const password = await browser.post(passwordAction, '/en/account/profile/password', {
      currentPassword: 'Demo!2026',
      password: 'Taken0ver2026',
      passwordConfirmation: 'Taken0ver2026',
    })
    expect(password).toBe('/en/account/profile')
    const email = await browser.call(emailLoader, '/en/account/profile/email')
    expect(email.response.headers.get('Location')).toBe('/en/account/profile')
    const [after] = await api.database.db
      .select()
      .from(users)
      .where(eq(users.login, 'patricia@ironbridge.test'))
    expect(after).toMatchObject({
      firstName: stored!.firstName,
      passwordHash: stored!.passwordHash,
      email: stored!.email,
    })
  })
})
