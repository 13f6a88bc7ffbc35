/**
 * The guards (spec org §2 Guards, §8; shell §8) as a page meets them: where a refused shopper is sent, what
 * the `/error` page then answers, and the roles and permissions a login puts into the session for them.
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { SessionUser } from '~/services/session.server'
import { loader as rootLoader } from '~/root'
import { loader as errorLoader } from '~/routes/$lang._shop.error'
import { action as loginAction } from '~/routes/$lang._shop.login'
import { requireFeature, requireLogin, requirePermission } from '~/services/guards.server'
import { categoryData, configurationData, get, icm, icmError, icmPath, oilCorpCustomer } from './icm-mock'
import { answer, args, sessionCookie, sessionFrom, thrown } from './loader-args'
import './setup'

const live = () => ({
  apiToken: 'user-token',
  isAnonymous: false,
  issuedAt: Date.now(),
  expiresAt: Date.now() + 3600_000,
})

const buyer: SessionUser = {
  login: 'bbuyer',
  firstName: 'Bernd',
  lastName: 'Buyer',
  customerNo: 'OilCorp',
  customerType: 'SMBCustomer',
  roles: ['APP_B2B_BUYER'],
  permissions: ['APP_B2B_PURCHASE'],
}
const admin: SessionUser = {
  ...buyer,
  login: 'jlink',
  roles: ['APP_B2B_ACCOUNT_OWNER'],
  permissions: ['APP_B2B_MANAGE_USERS', 'APP_B2B_PURCHASE'],
}

/** What a guard threw for this page, and what the `/error` page it points to answers. */
async function refusal(guard: Promise<unknown>) {
  const response = await thrown(guard)
  const location = response.headers.get('Location')!
  const error = await answer(errorLoader, args(location))
  return { response, location, error }
}

describe('requireLogin', () => {
  it('sends a visitor to the login page with the route’s query parameters and the way back', async () => {
    const response = await thrown(requireLogin(args('/en/account/orders?limit=60&sort=date')))
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location')!, 'http://shop.test')
    expect(location.pathname).toBe('/en/login')
    expect(location.searchParams.get('limit')).toBe('60')
    expect(location.searchParams.get('sort')).toBe('date')
    expect(location.searchParams.get('returnUrl')).toBe('/en/account/orders?limit=60&sort=date')
  })

  it('does not let a page’s own returnUrl parameter replace the way back', async () => {
    const response = await thrown(requireLogin(args('/en/account?returnUrl=%2F%2Fevil.example')))
    const location = new URL(response.headers.get('Location')!, 'http://shop.test')
    expect(location.searchParams.getAll('returnUrl')).toEqual(['/en/account?returnUrl=%2F%2Fevil.example'])
  })

  it('treats an anonymous token as not logged in, and lets a user with a token pass', async () => {
    const anonymous = await sessionCookie({ ...live(), isAnonymous: true })
    expect((await thrown(requireLogin(args('/en/account', { cookie: anonymous })))).status).toBe(302)
    const shopper = await requireLogin(
      args('/en/account', { cookie: await sessionCookie({ ...live(), user: buyer }) }),
    )
    expect(shopper.user.login).toBe('bbuyer')
    expect(shopper.locale.id).toBe('en_US')
  })
})

describe('requirePermission', () => {
  it('sends a user without the permission to /error, which answers 404 with its own text', async () => {
    const cookie = await sessionCookie({ ...live(), user: buyer })
    const { response, location, error } = await refusal(
      requirePermission(args('/de/account/organization/users', { cookie }), 'APP_B2B_MANAGE_USERS'),
    )
    expect(response.status).toBe(302)
    expect(location).toBe('/de/error?error=missing-permission&value=APP_B2B_MANAGE_USERS')
    expect(error.response.status).toBe(404)
    expect(error.data).toMatchObject({ kind: 'missing-permission', status: 404, title: 'Zugriff verweigert' })
  })

  it('lets a user with the permission pass', async () => {
    const cookie = await sessionCookie({ ...live(), user: admin })
    const shopper = await requirePermission(
      args('/en/account/organization/users', { cookie }),
      'APP_B2B_MANAGE_USERS',
    )
    expect(shopper.user.login).toBe('jlink')
  })

  it('accepts "always" for every logged-in user and refuses "never" to everyone', async () => {
    const cookie = await sessionCookie({ ...live(), user: buyer })
    expect((await requirePermission(args('/en/account', { cookie }), 'always')).user.login).toBe('bbuyer')
    const never = await refusal(
      requirePermission(
        args('/en/account', { cookie: await sessionCookie({ ...live(), user: admin }) }),
        'never',
      ),
    )
    expect(never.location).toBe('/en/error?error=missing-permission&value=never')
    expect(never.error.response.status).toBe(404)
  })

  it('asks a visitor to log in first, rather than calling the page missing', async () => {
    const response = await thrown(requirePermission(args('/en/account/organization/users'), 'always'))
    expect(response.headers.get('Location')).toMatch(/^\/en\/login\?returnUrl=/)
  })
})

describe('requireFeature', () => {
  it('sends a shopper to /error for a feature that is off, which answers 404 with its own text', async () => {
    const { location, error } = await refusal(
      Promise.resolve().then(() => requireFeature({ params: { lang: 'fr' } }, 'tacton')),
    )
    expect(location).toBe('/fr/error?error=feature-deactivated&value=tacton')
    expect(error.response.status).toBe(404)
    expect(error.data).toMatchObject({ kind: 'feature-deactivated', title: 'Fonction non disponible' })
  })

  it('lets pages of a feature that is on pass, and knows "always" and "never"', async () => {
    expect(() => requireFeature({ params: { lang: 'en' } }, 'quickorder')).not.toThrow()
    expect(() => requireFeature({ params: { lang: 'en' } }, 'always')).not.toThrow()
    const never = await refusal(
      Promise.resolve().then(() => requireFeature({ params: { lang: 'en' } }, 'never')),
    )
    expect(never.location).toBe('/en/error?error=feature-deactivated&value=never')
    expect(never.error.response.status).toBe(404)
  })
})

describe('the roles a login brings', () => {
  /** ICM's answers for a business user's login, with the roles call recording the token it was sent. */
  function businessLogin() {
    const rolesTokens: (string | null)[] = []
    icm.use(
      http.post(icmPath('token'), async ({ request }) => {
        const grant = new URLSearchParams(await request.text()).get('grant_type')
        const token = grant === 'refresh_token' ? 'user-2' : 'user-1'
        return HttpResponse.json({
          access_token: token,
          token_type: 'bearer',
          expires_in: 3600,
          refresh_token: 'r',
        })
      }),
      get('customers/-', oilCorpCustomer),
      get('customers/-/users/-', {
        login: 'jlink@oilcorp.test',
        email: 'jlink@oilcorp.test',
        firstName: 'Jack',
        lastName: 'Link',
      }),
      get('personalization', { pgid: 'pg-OilCorp' }),
      // The login contains an '@': it is sent encoded in the path, as ICM expects.
      get('customers/OilCorp/users/jlink%40oilcorp\\.test/roles', (request) => {
        rolesTokens.push(request.headers.get('authentication-token'))
        return {
          userRoles: [
            {
              roleID: 'APP_B2B_ACCOUNT_OWNER',
              roleDisplayName: 'Account Owner',
              permissions: [{ permissionID: 'APP_B2B_MANAGE_USERS' }, { permissionID: 'APP_B2B_PURCHASE' }],
            },
            {
              roleID: 'APP_B2B_BUYER',
              roleDisplayName: 'Buyer',
              permissions: [{ permissionID: 'APP_B2B_PURCHASE' }],
            },
          ],
        }
      }),
    )
    return rolesTokens
  }

  it('puts customer number, roles and permissions into the session user, and the guard uses them', async () => {
    const rolesTokens = businessLogin()
    const { response, setCookie } = await answer(
      loginAction,
      args('/en/login', { form: { login: 'jlink@oilcorp.test', password: 'Demo!2026' } }),
    )
    expect(response.status).toBe(303)
    expect(rolesTokens).toEqual(['user-1'])
    const user = (await sessionFrom(setCookie)).get('user')
    expect(user).toEqual({
      login: 'jlink@oilcorp.test',
      firstName: 'Jack',
      lastName: 'Link',
      customerNo: 'OilCorp',
      customerType: 'SMBCustomer',
      roles: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER'],
      permissions: ['APP_B2B_MANAGE_USERS', 'APP_B2B_PURCHASE'],
      // The shop's own login form (spec §4.7: what the profile lets the user edit depends on it).
      signIn: 'password',
    })
    const cookie = setCookie!.split(';')[0]!
    const shopper = await requirePermission(args('/en/account', { cookie }), 'APP_B2B_MANAGE_USERS')
    expect(shopper.user.customerNo).toBe('OilCorp')
  })

  it('reads the roles again with the new token when the token is refreshed', async () => {
    const rolesTokens = businessLogin()
    icm.use(
      get('categories', { elements: [categoryData] }),
      get('cms/includes/include.footer.content.pagelet2-Include', {
        id: 'footer',
        definitionQualifiedName: 'app_sf_base_cm:include.footer.content.pagelet2-Include',
        displayName: 'Footer',
        pagelets: [],
      }),
      get('configurations', configurationData),
      get('baskets/current', () => icmError(404, 'basket.not_found.error')),
    )
    const now = Date.now()
    const cookie = await sessionCookie({
      apiToken: 'user-1',
      refreshToken: 'r',
      isAnonymous: false,
      issuedAt: now - 2000_000,
      expiresAt: now + 1600_000,
      user: { ...admin, login: 'jlink@oilcorp.test', roles: [], permissions: [] },
    })
    const { setCookie } = await answer(rootLoader, args('/en/home', { cookie }))
    const session = await sessionFrom(setCookie)
    expect(session.get('apiToken')).toBe('user-2')
    expect(rolesTokens).toEqual(['user-2'])
    expect(session.get('user')).toMatchObject({
      customerNo: 'OilCorp',
      roles: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER'],
      permissions: ['APP_B2B_MANAGE_USERS', 'APP_B2B_PURCHASE'],
    })
  })

  it('does not ask ICM for roles of a private customer', async () => {
    let asked = 0
    icm.use(
      http.post(icmPath('token'), () =>
        HttpResponse.json({
          access_token: 'p-1',
          token_type: 'bearer',
          expires_in: 3600,
          refresh_token: 'r',
        }),
      ),
      get('customers/-', { customerNo: 'PC-1', type: 'PrivateCustomer', customerType: 'PRIVATE' }),
      get('privatecustomers/-', {
        customerNo: 'PC-1',
        type: 'PrivateCustomer',
        login: 'p@x.test',
        firstName: 'Pat',
      }),
      get('personalization', { pgid: 'pg-PC-1' }),
      get('customers/PC-1/users/.*/roles', () => {
        asked += 1
        return icmError(403, 'access.denied')
      }),
    )
    const { setCookie } = await answer(
      loginAction,
      args('/en/login', { form: { login: 'p@x.test', password: 'pw' } }),
    )
    expect(asked).toBe(0)
    expect((await sessionFrom(setCookie)).get('user')).toMatchObject({
      customerNo: 'PC-1',
      customerType: 'PrivateCustomer',
      roles: [],
      permissions: [],
    })
  })
})
