/**
 * A user's edit pages (issue 17, organization-and-requisitions §2 `users/{login}/profile`, `/roles`,
 * `/budget`): opened only from the user's page (§5), each posting one ICM change and coming back to the user
 * with a toast; validation errors and the API's refusals are shown on the form.
 */
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  action as budgetAction,
  loader as budgetLoader,
} from '~/routes/$lang._shop.account.organization.users.$login.budget'
import { loader as detailLoader } from '~/routes/$lang._shop.account.organization.users.$login._index'
import {
  action as profileAction,
  loader as profileLoader,
} from '~/routes/$lang._shop.account.organization.users.$login.profile'
import {
  action as rolesAction,
  loader as rolesLoader,
} from '~/routes/$lang._shop.account.organization.users.$login.roles'
import { get, icm } from './icm-mock'
import { sessionFrom } from './loader-args'
import {
  ADMIN,
  assignableRoles,
  b2bUser,
  BERND,
  budgetHistory,
  BUYER,
  cookieOf,
  formErrorsOf,
  JACK,
  nextCookie,
  page,
  PATRICIA,
  record,
  refusal,
  userPath,
  USERS_URL,
} from './org-users-fixtures'
import './setup'

const PATRICIA_URL = `${USERS_URL}/pmiller%40test.intershop.de`
const JACK_URL = `${USERS_URL}/jlink%40test.intershop.de`

/** A session that has opened the user's page (the edit pages' parent). */
const visited = (url: string) => cookieOf(ADMIN, { visitedParents: [url] })

const roles = () => get('customers/OilCorp/roles', assignableRoles)
const user = (person = PATRICIA) => get(userPath(person.login), b2bUser(person))

describe('the edit pages’ guards', () => {
  const pages = [
    [profileLoader, `${PATRICIA_URL}/profile`],
    [rolesLoader, `${PATRICIA_URL}/roles`],
    [budgetLoader, `${PATRICIA_URL}/budget`],
  ] as const

  it('send a visitor to the login page and a buyer to the missing-permission page', async () => {
    for (const [fn, path] of pages) {
      const visitor = await page(fn, path, { user: null })
      expect(visitor.response.headers.get('Location'), path).toBe(
        `/en/login?returnUrl=${encodeURIComponent(path)}`,
      )
      const buyer = await page(fn, path, { user: BUYER })
      expect(buyer.response.headers.get('Location'), path).toBe(
        '/en/error?error=missing-permission&value=APP_B2B_MANAGE_USERS',
      )
    }
  })

  it('opened directly go to the user’s page; opened from it they show the form', async () => {
    icm.use(user(), roles(), get(`${userPath(PATRICIA.login)}/budgets/history`, budgetHistory))
    for (const [fn, path] of pages) {
      const { response } = await page(fn, path)
      expect(response.status, path).toBe(302)
      expect(response.headers.get('Location'), path).toBe(PATRICIA_URL)
    }
    const detail = await page(detailLoader, PATRICIA_URL)
    const cookie = nextCookie(detail.setCookie)
    for (const [fn, path] of pages) {
      const { response } = await page(fn, path, { cookie })
      expect(response.status, path).toBe(200)
    }
  })

  it('do not open for another user’s page having been visited', async () => {
    const { response } = await page(profileLoader, `${PATRICIA_URL}/profile`, {
      cookie: await visited(JACK_URL),
    })
    expect(response.headers.get('Location')).toBe(PATRICIA_URL)
  })
})

describe('the profile page', () => {
  it('shows the profile in the form, titled by the update_profile heading', async () => {
    icm.use(user())
    const { data } = await page(profileLoader, `${PATRICIA_URL}/profile`, {
      cookie: await visited(PATRICIA_URL),
    })
    expect(data.title).toBe('Edit profile')
    expect(data.name).toBe('Patricia Miller')
    expect(data.profile).toEqual({
      title: '',
      firstName: 'Patricia',
      lastName: 'Miller',
      email: 'pmiller@test.intershop.de',
      phoneHome: '+49 30 1234',
    })
    expect(data.detailUrl).toBe(PATRICIA_URL)
  })

  it('saves with PUT of the profile, keeping the user active, and goes back to the user with a toast', async () => {
    icm.use(user(BERND))
    const calls = record('put', userPath(BERND.login), (body) =>
      HttpResponse.json({ ...b2bUser(BERND), ...body }),
    )
    const { response, setCookie } = await page(
      profileAction,
      `${USERS_URL}/bboldner%40test.intershop.de/profile`,
      {
        cookie: await visited(`${USERS_URL}/bboldner%40test.intershop.de`),
        form: {
          title: 'Dr.',
          firstName: 'Bernd',
          lastName: 'Boldner-Berg',
          email: 'bernd@test.intershop.de',
          phoneHome: '',
        },
      },
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(`${USERS_URL}/bboldner%40test.intershop.de`)
    expect(calls.map((call) => call.body)).toEqual([
      {
        title: 'Dr.',
        firstName: 'Bernd',
        lastName: 'Boldner-Berg',
        email: 'bernd@test.intershop.de',
        phoneHome: '',
        active: false,
      },
    ])
    const session = await sessionFrom(setCookie)
    expect(session.get('toast')).toEqual({
      key: 'account.user.update_profile.success',
      values: { name: 'Bernd Boldner-Berg' },
      type: 'success',
    })
    expect(session.get('visitedParents')).toBeUndefined()
  })

  it('refuses an empty last name and an overlong phone number (400, localized)', async () => {
    const calls = record('put', userPath(PATRICIA.login), () => HttpResponse.json(b2bUser(PATRICIA)))
    const { response, data } = await page(
      profileAction,
      '/pl/account/organization/users/pmiller%40test.intershop.de/profile',
      {
        form: {
          firstName: 'Patricia',
          lastName: '',
          email: 'pmiller@test.intershop.de',
          phoneHome: '1'.repeat(41),
        },
      },
    )
    expect(response.status).toBe(400)
    expect(calls).toEqual([])
    expect(data.result.error.lastName).toEqual(['Podaj nazwisko.'])
    expect(data.result.error.phoneHome).toHaveLength(1)
  })

  it('shows the API’s refusal of an e-mail address in use at the e-mail field (422)', async () => {
    icm.use(user())
    record('put', userPath(PATRICIA.login), () =>
      refusal(409, 'customer.email.not_unique.error', 'The e-mail address is already in use.'),
    )
    const { response, data } = await page(profileAction, `${PATRICIA_URL}/profile`, {
      form: { firstName: 'Patricia', lastName: 'Miller', email: 'jlink@test.intershop.de' },
    })
    expect(response.status).toBe(422)
    expect(data.result.error.email).toEqual(['This e-mail address is already in use.'])
  })

  it('shows the API’s one refusal of a name that cannot be used at the e-mail field (issue 31)', async () => {
    icm.use(user())
    const message = 'This login or e-mail address cannot be used.'
    record('put', userPath(PATRICIA.login), () =>
      refusal(409, 'customer.credentials.login.not_unique.error', message, [
        { code: 'customer.credentials.login.not_unique.error', message, paths: ['email'] },
      ]),
    )
    const { response, data } = await page(profileAction, `${PATRICIA_URL}/profile`, {
      form: { firstName: 'Patricia', lastName: 'Miller', email: 'jlink@test.intershop.de' },
    })
    expect(response.status).toBe(422)
    expect(data.result.error.email).toEqual([
      'This login or e-mail address cannot be used. Please choose another one.',
    ])
  })

  it('answers 404 for an unknown user', async () => {
    icm.use(get(userPath('ghost'), () => refusal(404, 'customer.user.not_found', 'Not found')))
    const { response } = await page(profileLoader, `${USERS_URL}/ghost/profile`, {
      cookie: await visited(`${USERS_URL}/ghost`),
    })
    expect(response.status).toBe(404)
  })
})

describe('the roles page', () => {
  it('offers the company’s roles with the user’s ticked (the fixed role is shown, not posted)', async () => {
    icm.use(user(), roles())
    const { data } = await page(rolesLoader, `${PATRICIA_URL}/roles`, { cookie: await visited(PATRICIA_URL) })
    expect(data.title).toBe('Edit roles')
    expect(data.roles.map((role: any) => [role.id, role.fixed])).toEqual([
      ['APP_B2B_BUYER', true],
      ['APP_B2B_ACCOUNT_OWNER', false],
      ['APP_B2B_COSTCENTER_OWNER', false],
    ])
    expect(data.roleIDs).toEqual(['APP_B2B_COSTCENTER_OWNER'])
  })

  it('sets the roles with PUT …/roles {userRoles} and goes back to the user with a toast', async () => {
    icm.use(user())
    const calls = record('put', `${userPath(PATRICIA.login)}/roles`, (body) => ({
      userRoles: ['APP_B2B_BUYER', ...body.userRoles].map((roleID: string) => ({
        roleID,
        roleDisplayName: roleID,
        permissions: [{ permissionID: 'APP_B2B_PURCHASE' }],
      })),
    }))
    const form = new URLSearchParams([
      ['roleIDs', 'APP_B2B_ACCOUNT_OWNER'],
      ['roleIDs', 'APP_B2B_COSTCENTER_OWNER'],
    ])
    const { response, setCookie } = await page(rolesAction, `${PATRICIA_URL}/roles`, { form })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(PATRICIA_URL)
    expect(calls.map((call) => call.body)).toEqual([
      { userRoles: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_COSTCENTER_OWNER'] },
    ])
    expect((await sessionFrom(setCookie)).get('toast')).toEqual({
      key: 'account.user.update_roles.success',
      values: { name: 'Patricia Miller' },
      type: 'success',
    })
  })

  it('sends no roles when none is ticked (the API keeps the fixed role)', async () => {
    icm.use(user())
    const calls = record('put', `${userPath(PATRICIA.login)}/roles`, () => ({
      userRoles: [{ roleID: 'APP_B2B_BUYER', roleDisplayName: 'Buyer', permissions: [] }],
    }))
    const { response } = await page(rolesAction, `${PATRICIA_URL}/roles`, { form: {} })
    expect(response.status).toBe(303)
    expect(calls[0]!.body).toEqual({ userRoles: [] })
  })

  it('shows the API’s refusal to take one’s own administrator role away (422, localized)', async () => {
    icm.use(user(JACK))
    record('put', `${userPath(JACK.login)}/roles`, () =>
      refusal(
        422,
        'customer.user.self_role_removal',
        'You cannot remove your own account administrator role; another administrator can.',
      ),
    )
    const { response, data } = await page(
      rolesAction,
      '/ro/account/organization/users/jlink%40test.intershop.de/roles',
      {
        form: { roleIDs: 'APP_B2B_COSTCENTER_OWNER' },
      },
    )
    expect(response.status).toBe(422)
    expect(formErrorsOf(data)).toEqual([
      'Nu vă puteți elimina propriul rol de administrator; un alt administrator poate face acest lucru.',
    ])
  })

  it('shows the refusal of a role that cannot be given at the roles field', async () => {
    icm.use(user())
    record('put', `${userPath(PATRICIA.login)}/roles`, () =>
      refusal(422, 'customer.user.role.not_assignable', 'These roles cannot be given.', [
        {
          code: 'customer.user.role.punchout',
          message: 'APP_B2B_OCI_USER is given with a punchout user only.',
          paths: ['userRoles'],
        },
      ]),
    )
    const { response, data } = await page(rolesAction, `${PATRICIA_URL}/roles`, {
      form: { roleIDs: 'APP_B2B_OCI_USER' },
    })
    expect(response.status).toBe(422)
    expect(data.result.error.roleIDs).toEqual(['This role is given with a punchout user only.'])
  })
})

describe('the budget page', () => {
  it('shows the budget in the form, in the budget’s currency', async () => {
    icm.use(user())
    const { data } = await page(budgetLoader, `${PATRICIA_URL}/budget`, {
      cookie: await visited(PATRICIA_URL),
    })
    expect(data.title).toBe('Edit budget')
    expect(data.currency).toBe('EUR')
    expect(data.budget).toEqual({ orderSpentLimit: '500.00', budget: '2,000.00', budgetPeriod: 'monthly' })
  })

  it('sets budget and limit with PUT …/budgets, an empty amount removing its limit', async () => {
    icm.use(user())
    const calls = record('put', `${userPath(PATRICIA.login)}/budgets`, (body) => ({
      budget: { type: 'Money', ...body.budget },
      budgetPeriod: body.budgetPeriod,
      remainingBudget: { type: 'Money', value: 2700, currency: 'EUR' },
      spentBudget: { type: 'Money', value: 300, currency: 'EUR' },
    }))
    const { response, setCookie } = await page(budgetAction, `${PATRICIA_URL}/budget`, {
      form: { orderSpentLimit: '', budget: '3000', budgetPeriod: 'yearly' },
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(PATRICIA_URL)
    expect(calls.map((call) => call.body)).toEqual([
      { orderSpentLimit: null, budget: { value: 3000, currency: 'EUR' }, budgetPeriod: 'yearly' },
    ])
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'account.user.update_budget.success',
      values: { name: 'Patricia Miller' },
    })
  })

  it('refuses a budget without a period (400) without asking ICM', async () => {
    const calls = record('put', `${userPath(PATRICIA.login)}/budgets`, () => ({}))
    const { response, data } = await page(budgetAction, `${PATRICIA_URL}/budget`, {
      form: { budget: '3000', budgetPeriod: '' },
    })
    expect(response.status).toBe(400)
    expect(calls).toEqual([])
    expect(Object.keys(data.result.error)).toEqual(['budgetPeriod'])
  })

  it('shows the API’s refusal at the field it names (422)', async () => {
    icm.use(user())
    record('put', `${userPath(PATRICIA.login)}/budgets`, () =>
      refusal(400, 'customer.user.budget.currency.mismatch', 'Two currencies', [
        {
          code: 'customer.user.budget.currency.mismatch',
          message: 'Two currencies',
          paths: ['orderSpentLimit'],
        },
      ]),
    )
    const { response, data } = await page(budgetAction, `${PATRICIA_URL}/budget`, {
      form: { orderSpentLimit: '10', budget: '', budgetPeriod: '' },
    })
    expect(response.status).toBe(422)
    expect(data.result.error.orderSpentLimit).toEqual([
      'The budget and the order limit must be in the same currency.',
    ])
  })
})
