/**
 * User management (issue 17, organization-and-requisitions §2): the user list, the new-user form and a user's
 * detail page with its status actions, as their loaders and actions answer. ICM is mocked in its own shapes.
 */
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as listLoader, meta } from '~/routes/$lang._shop.account.organization.users._index'
import {
  action as createAction,
  loader as createLoader,
} from '~/routes/$lang._shop.account.organization.users.create'
import {
  action as detailAction,
  loader as detailLoader,
} from '~/routes/$lang._shop.account.organization.users.$login._index'
import { get, icm } from './icm-mock'
import { sessionFrom } from './loader-args'
import {
  assignableRoles,
  b2bUser,
  BERND,
  budgetHistory,
  BUYER,
  formErrorsOf,
  JACK,
  nextCookie,
  OCI,
  page,
  PATRICIA,
  record,
  refusal,
  userPath,
  USERS_URL,
  usersCollection,
} from './org-users-fixtures'
import { allowUnknownCodes } from './fixture-check'
import './setup'

const PATRICIA_URL = `${USERS_URL}/pmiller%40test.intershop.de`

const roles = () => get('customers/OilCorp/roles', assignableRoles)
const users = () => get('customers/OilCorp/users', usersCollection([JACK, PATRICIA, BERND, OCI]))

describe('the user management guards', () => {
  const pages = [
    [listLoader, USERS_URL],
    [createLoader, `${USERS_URL}/create`],
    [detailLoader, PATRICIA_URL],
  ] as const

  it('send a visitor who is not logged in to the login page, with the way back', async () => {
    for (const [fn, path] of pages) {
      const { response } = await page(fn, path, { user: null })
      expect(response.status, path).toBe(302)
      expect(response.headers.get('Location'), path).toBe(`/en/login?returnUrl=${encodeURIComponent(path)}`)
    }
  })

  it('send a buyer without APP_B2B_MANAGE_USERS to the missing-permission page, for pages and posts', async () => {
    const expected = '/en/error?error=missing-permission&value=APP_B2B_MANAGE_USERS'
    for (const [fn, path] of pages) {
      const { response } = await page(fn, path, { user: BUYER })
      expect(response.headers.get('Location'), path).toBe(expected)
    }
    const posted = await page(detailAction, PATRICIA_URL, { user: BUYER, form: { intent: 'delete' } })
    expect(posted.response.headers.get('Location')).toBe(expected)
    const created = await page(createAction, `${USERS_URL}/create`, { user: BUYER, form: {} })
    expect(created.response.headers.get('Location')).toBe(expected)
  })
})

describe('the user list', () => {
  it('lists the company’s users with roles, budget and status, without punchout users, private and noindex', async () => {
    icm.use(users(), roles())
    const { response, data } = await page(listLoader, USERS_URL)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(data.title).toBe('User management')
    expect(meta({ data } as never)).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(data.users.map((user: any) => user.login)).toEqual([
      'jlink@test.intershop.de',
      'pmiller@test.intershop.de',
      'bboldner@test.intershop.de',
    ])
    expect(data.users[1]).toEqual({
      login: 'pmiller@test.intershop.de',
      firstName: 'Patricia',
      lastName: 'Miller',
      email: 'pmiller@test.intershop.de',
      roleIDs: ['APP_B2B_BUYER', 'APP_B2B_COSTCENTER_OWNER'],
      active: true,
      budget: {
        orderSpentLimit: { value: 500, currency: 'EUR' },
        budget: { value: 2000, currency: 'EUR' },
        budgetPeriod: 'monthly',
        spent: { value: 300, currency: 'EUR' },
        remaining: { value: 1700, currency: 'EUR' },
      },
    })
    expect(data.users[2].active).toBe(false)
    expect(data.roleNames).toEqual({
      APP_B2B_BUYER: 'Buyer',
      APP_B2B_ACCOUNT_OWNER: 'Account Admin',
      APP_B2B_COSTCENTER_OWNER: 'Cost Center Manager',
    })
    expect(data.access).toEqual({ manageUsers: true, viewCostCenters: false })
  })

  it('sends the shopper to log in again when ICM refuses the token', async () => {
    icm.use(
      get('customers/OilCorp/users', () => refusal(401, 'authentication.token.invalid', 'expired')),
      roles(),
    )
    const { response } = await page(listLoader, USERS_URL)
    // …with the notice that the session timed out (issue 33, `messageKey=session_timeout`).
    expect(response.headers.get('Location')).toBe(
      `/en/login?returnUrl=${encodeURIComponent(USERS_URL)}&messageKey=session_timeout`,
    )
  })

  it('answers a failing load (ICM 500, or ICM down) with the shop’s error status, never a half list', async () => {
    icm.use(
      get('customers/OilCorp/users', () => new HttpResponse('boom', { status: 500 })),
      roles(),
    )
    const failed = await page(listLoader, USERS_URL)
    expect(failed.response.status).toBe(502)
    icm.use(
      get('customers/OilCorp/users', () => HttpResponse.error()),
      roles(),
    )
    expect((await page(listLoader, USERS_URL)).response.status).toBe(503)
  })
})

describe('the new-user page', () => {
  it('opened directly goes to the user list; opened from the list it shows the roles to give', async () => {
    icm.use(users(), roles())
    const direct = await page(createLoader, `${USERS_URL}/create`)
    expect(direct.response.status).toBe(302)
    expect(direct.response.headers.get('Location')).toBe(USERS_URL)

    const list = await page(listLoader, USERS_URL)
    const cookie = nextCookie(list.setCookie)
    const { response, data } = await page(createLoader, `${USERS_URL}/create`, { cookie })
    expect(response.status).toBe(200)
    expect(data.title).toBe('New user')
    expect(data.currency).toBe('USD')
    expect(data.roles).toEqual([
      { id: 'APP_B2B_BUYER', name: 'Buyer', fixed: true },
      {
        id: 'APP_B2B_ACCOUNT_OWNER',
        name: 'Account Admin',
        description: 'Manages users and settings',
        fixed: false,
      },
      { id: 'APP_B2B_COSTCENTER_OWNER', name: 'Cost Center Manager', fixed: false },
    ])
  })

  const newUser = {
    firstName: ' Anna ',
    lastName: 'Adams',
    email: 'anna@test.intershop.de',
    phoneHome: '',
    roleIDs: 'APP_B2B_COSTCENTER_OWNER',
    orderSpentLimit: '250',
    budget: '1,000.50',
    budgetPeriod: 'quarterly',
  }

  it('creates the user with profile, roles and budget in one POST and opens them with a toast about the mail', async () => {
    const calls = record('post', 'customers/OilCorp/users', (body) =>
      HttpResponse.json(
        usersCollection([
          { login: body.elements[0].email, firstName: 'Anna', lastName: 'Adams', roles: ['APP_B2B_BUYER'] },
        ]),
        { status: 201 },
      ),
    )
    const { response, setCookie } = await page(createAction, `${USERS_URL}/create`, { form: newUser })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(`${USERS_URL}/anna%40test.intershop.de`)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.token).toBe('user-token')
    expect(calls[0]!.body).toEqual({
      elements: [
        {
          firstName: 'Anna',
          lastName: 'Adams',
          email: 'anna@test.intershop.de',
          roleIDs: ['APP_B2B_COSTCENTER_OWNER'],
          userBudget: {
            orderSpentLimit: { value: 250, currency: 'USD' },
            budget: { value: 1000.5, currency: 'USD' },
            budgetPeriod: 'quarterly',
          },
        },
      ],
    })
    const session = await sessionFrom(setCookie)
    expect(session.get('toast')).toEqual({
      key: 'account.user.new.success',
      values: { name: 'Anna Adams', email: 'anna@test.intershop.de' },
      type: 'success',
    })
    expect(session.get('visitedParents')).toBeUndefined()
  })

  it('refuses missing names, a bad e-mail, an overlong title, a bad amount and a budget without period (400, localized), asking no one', async () => {
    const calls = record('post', 'customers/OilCorp/users', () => HttpResponse.json({}))
    const { response, data } = await page(createAction, '/de/account/organization/users/create', {
      form: {
        title: 'x'.repeat(31),
        firstName: ' ',
        email: 'anna-at-example',
        budget: '100',
        orderSpentLimit: '12,345',
      },
    })
    expect(response.status).toBe(400)
    expect(calls).toEqual([])
    expect(data.result.error).toMatchObject({
      title: ['Bitte geben Sie höchstens 30 Zeichen ein.'],
      firstName: ['Bitte geben Sie den Vornamen ein.'],
      lastName: ['Bitte geben Sie den Nachnamen ein.'],
      email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    })
    expect(data.result.error.orderSpentLimit).toHaveLength(1)
    expect(data.result.initialValue).toMatchObject({ email: 'anna-at-example' })

    const noPeriod = await page(createAction, `${USERS_URL}/create`, {
      form: { ...newUser, budgetPeriod: '' },
    })
    expect(noPeriod.response.status).toBe(400)
    expect(Object.keys(noPeriod.data.result.error)).toEqual(['budgetPeriod'])
    expect(calls).toEqual([])
  })

  it('shows the API’s refusal of a taken e-mail address at the e-mail field (422)', async () => {
    record('post', 'customers/OilCorp/users', () =>
      refusal(
        409,
        'customer.email.not_unique.error',
        'The e-mail address anna@test.intershop.de is already in use.',
      ),
    )
    const { response, data } = await page(createAction, '/fr/account/organization/users/create', {
      form: { ...newUser, budget: '1\u202f000,50' },
    })
    expect(response.status).toBe(422)
    expect(data.result.error.email).toEqual(['Cette adresse e-mail est déjà utilisée.'])
  })

  it('shows a refusal it has no text for in the shopper’s language, with the API’s sentence', async () => {
    allowUnknownCodes('customer.user.something_new')
    record('post', 'customers/OilCorp/users', () =>
      refusal(422, 'customer.user.something_new', 'Something new happened.'),
    )
    const { response, data } = await page(createAction, `${USERS_URL}/create`, { form: newUser })
    expect(response.status).toBe(422)
    expect(formErrorsOf(data)).toEqual(['The shop could not do this. (Something new happened.)'])
  })
})

describe('a user’s page', () => {
  const detail = (person = PATRICIA) => [
    get(userPath(person.login), b2bUser(person)),
    get(`${userPath(person.login)}/budgets/history`, budgetHistory),
    roles(),
  ]

  it('shows profile, role names, budget and its history, and makes itself the parent of the edit pages', async () => {
    icm.use(...detail())
    const { response, data, setCookie } = await page(detailLoader, PATRICIA_URL)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(data.title).toBe('Patricia Miller')
    expect(data.user).toMatchObject({
      login: 'pmiller@test.intershop.de',
      phoneHome: '+49 30 1234',
      businessPartnerNo: 'U-Miller',
      active: true,
      budget: { budget: { value: 2000, currency: 'EUR' }, remaining: { value: 1700, currency: 'EUR' } },
    })
    expect(data.roles).toEqual(['Buyer', 'Cost Center Manager'])
    expect(data.history).toEqual({
      period: 'monthly',
      periods: [
        {
          from: '2026-01-01',
          to: '2026-01-31',
          budget: { value: 2000, currency: 'EUR' },
          spent: { value: 1200, currency: 'EUR' },
        },
        {
          from: '2026-02-01',
          to: '2026-02-28',
          budget: { value: 2000, currency: 'EUR' },
          spent: { value: 300, currency: 'EUR' },
        },
      ],
    })
    expect(data.self).toBe(false)
    expect(data.confirmDelete).toBe(false)
    expect((await sessionFrom(setCookie)).get('visitedParents')).toEqual([PATRICIA_URL])
  })

  it('leaves the chart out when the backend has no budget history', async () => {
    icm.use(
      get(userPath(PATRICIA.login), b2bUser(PATRICIA)),
      get(`${userPath(PATRICIA.login)}/budgets/history`, () =>
        refusal(404, 'resource.not_found', 'Not found'),
      ),
      roles(),
    )
    const { data } = await page(detailLoader, PATRICIA_URL)
    expect(data.history).toBeNull()
  })

  it('answers 404 for a login the company does not have', async () => {
    icm.use(
      get(userPath('nobody@test.intershop.de'), () =>
        refusal(404, 'customer.user.not_found', 'The user could not be found.'),
      ),
      get(`${userPath('nobody@test.intershop.de')}/budgets/history`, () =>
        refusal(404, 'customer.user.not_found', 'x'),
      ),
      roles(),
    )
    const { response } = await page(detailLoader, `${USERS_URL}/nobody%40test.intershop.de`)
    expect(response.status).toBe(404)
  })

  it('marks the logged-in user’s own page, which offers no status actions or delete confirmation', async () => {
    icm.use(...detail(JACK))
    const { data } = await page(detailLoader, `${USERS_URL}/jlink%40test.intershop.de?delete=confirm`)
    expect(data.self).toBe(true)
    expect(data.confirmDelete).toBe(false)
  })

  it('deactivates with PUT of the profile and active:false, and comes back with a toast', async () => {
    icm.use(get(userPath(PATRICIA.login), b2bUser(PATRICIA)))
    const calls = record('put', userPath(PATRICIA.login), (body) =>
      HttpResponse.json({ ...b2bUser(PATRICIA), active: body.active }),
    )
    const { response, setCookie } = await page(detailAction, PATRICIA_URL, { form: { intent: 'deactivate' } })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(PATRICIA_URL)
    expect(calls.map((call) => call.body)).toEqual([
      {
        title: '',
        firstName: 'Patricia',
        lastName: 'Miller',
        email: 'pmiller@test.intershop.de',
        phoneHome: '+49 30 1234',
        active: false,
      },
    ])
    expect((await sessionFrom(setCookie)).get('toast')).toEqual({
      key: 'account.user.deactivate.success',
      values: { name: 'Patricia Miller' },
      type: 'success',
    })
  })

  it('shows the API’s refusal to deactivate the last account administrator (422)', async () => {
    icm.use(get(userPath(PATRICIA.login), b2bUser(PATRICIA)))
    record('put', userPath(PATRICIA.login), () =>
      refusal(
        422,
        'customer.user.last_account_owner',
        'The last account administrator of the company cannot be deactivated.',
      ),
    )
    const { response, data } = await page(
      detailAction,
      '/de/account/organization/users/pmiller%40test.intershop.de',
      {
        form: { intent: 'deactivate' },
      },
    )
    expect(response.status).toBe(422)
    expect(formErrorsOf(data)).toEqual([
      'Der letzte Kontoadministrator des Unternehmens kann diese Rolle nicht verlieren, nicht deaktiviert und nicht gelöscht werden. Machen Sie zuerst einen anderen Benutzer zum Administrator.',
    ])
  })

  it('asks before deleting: ?delete=confirm shows the confirmation, whose post deletes and goes to the list', async () => {
    icm.use(...detail())
    const confirm = await page(detailLoader, `${PATRICIA_URL}?delete=confirm`)
    expect(confirm.data.confirmDelete).toBe(true)

    const calls = record('delete', userPath(PATRICIA.login), () => new HttpResponse(null, { status: 204 }))
    const { response, setCookie } = await page(detailAction, `${PATRICIA_URL}?delete=confirm`, {
      form: { intent: 'delete' },
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(USERS_URL)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.token).toBe('user-token')
    expect((await sessionFrom(setCookie)).get('toast')).toEqual({
      key: 'account.user.delete.success',
      values: { name: 'Patricia Miller' },
      type: 'success',
    })
  })

  it('shows the API’s refusal to delete the last account administrator, staying on the confirmation', async () => {
    icm.use(get(userPath(PATRICIA.login), b2bUser(PATRICIA)))
    record('delete', userPath(PATRICIA.login), () =>
      refusal(422, 'customer.user.last_account_owner', 'The last account administrator cannot be deleted.'),
    )
    const { response, data } = await page(detailAction, `${PATRICIA_URL}?delete=confirm`, {
      form: { intent: 'delete' },
    })
    expect(response.status).toBe(422)
    expect(formErrorsOf(data)).toEqual([
      'The last account administrator of the company cannot lose this role, be deactivated or deleted. Make another user an administrator first.',
    ])
  })

  it('refuses an unknown intent (400) and posts nothing', async () => {
    const calls = record('delete', userPath(PATRICIA.login), () => new HttpResponse(null, { status: 204 }))
    const { response } = await page(detailAction, PATRICIA_URL, { form: { intent: 'promote' } })
    expect(response.status).toBe(400)
    expect(calls).toEqual([])
  })

  it('activates an inactive user', async () => {
    icm.use(get(userPath(BERND.login), b2bUser(BERND)))
    const calls = record('put', userPath(BERND.login), (body) =>
      HttpResponse.json({ ...b2bUser(BERND), active: body.active }),
    )
    const { response, setCookie } = await page(detailAction, `${USERS_URL}/bboldner%40test.intershop.de`, {
      form: { intent: 'activate' },
    })
    expect(response.status).toBe(303)
    expect(calls[0]!.body.active).toBe(true)
    expect((await sessionFrom(setCookie)).get('toast')).toMatchObject({
      key: 'account.user.activate.success',
    })
  })
})
