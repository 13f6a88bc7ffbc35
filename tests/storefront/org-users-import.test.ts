/**
 * Bulk import of users (issue 17): a pasted list, one user a line; the valid lines go to ICM in one
 * `POST customers/{no}/users`, all or none, and every line gets its result (created, its problems, or the
 * API's refusal), like quick order.
 */
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { action, loader } from '~/routes/$lang._shop.account.organization.users.import'
import { get, icm } from './icm-mock'
import {
  assignableRoles,
  BUYER,
  formErrorsOf,
  page,
  record,
  refusal,
  USERS_URL,
  usersCollection,
} from './org-users-fixtures'
import './setup'

const IMPORT_URL = `${USERS_URL}/import`
const roles = () => get('customers/OilCorp/roles', assignableRoles)

/** Answers the POST with the users it was sent, as created. */
const created = () =>
  record('post', 'customers/OilCorp/users', (body) =>
    HttpResponse.json(
      usersCollection(
        body.elements.map((user: any) => ({
          login: user.login ?? user.email,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          roles: ['APP_B2B_BUYER', ...user.roleIDs],
        })),
      ),
      { status: 201 },
    ),
  )

const LIST = [
  'login;firstName;lastName;email;roles;orderSpentLimit;budget;budgetPeriod',
  'amiller;Anna;Miller;anna@test.intershop.de;APP_B2B_COSTCENTER_OWNER;500;2000;monthly',
  'broken;line',
  ';Ben;Bauer;ben@test.intershop.de',
  'cx;Cem;Xu;cem-at-example;APP_B2B_WIZARD',
].join('\n')

describe('the import page', () => {
  it('is guarded: login first, then APP_B2B_MANAGE_USERS', async () => {
    const visitor = await page(loader, IMPORT_URL, { user: null })
    expect(visitor.response.headers.get('Location')).toBe(
      `/en/login?returnUrl=${encodeURIComponent(IMPORT_URL)}`,
    )
    const buyer = await page(action, IMPORT_URL, { user: BUYER, form: { list: LIST } })
    expect(buyer.response.headers.get('Location')).toBe(
      '/en/error?error=missing-permission&value=APP_B2B_MANAGE_USERS',
    )
  })

  it('shows the form with the roles that can be given, privately', async () => {
    icm.use(roles())
    const { response, data } = await page(loader, IMPORT_URL)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(data.title).toBe('Import users')
    expect(data.roles).toEqual([
      { id: 'APP_B2B_ACCOUNT_OWNER', name: 'Account Admin' },
      { id: 'APP_B2B_COSTCENTER_OWNER', name: 'Cost Center Manager' },
    ])
  })

  it('creates the valid lines in one POST and shows every line’s result', async () => {
    icm.use(roles())
    const calls = created()
    const { response, data } = await page(action, IMPORT_URL, { form: { list: LIST } })
    expect(response.status).toBe(200)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.body.elements).toEqual([
      {
        login: 'amiller',
        firstName: 'Anna',
        lastName: 'Miller',
        email: 'anna@test.intershop.de',
        roleIDs: ['APP_B2B_COSTCENTER_OWNER'],
        userBudget: {
          orderSpentLimit: { value: 500, currency: 'USD' },
          budget: { value: 2000, currency: 'USD' },
          budgetPeriod: 'monthly',
        },
      },
      {
        firstName: 'Ben',
        lastName: 'Bauer',
        email: 'ben@test.intershop.de',
        roleIDs: [],
        userBudget: { orderSpentLimit: null, budget: null, budgetPeriod: null },
      },
    ])
    expect(data.summary.created).toBe(2)
    expect(data.summary.results).toEqual([
      {
        line: 2,
        text: 'amiller;Anna;Miller;anna@test.intershop.de;APP_B2B_COSTCENTER_OWNER;500;2000;monthly',
        status: 'created',
        login: 'amiller',
        name: 'Anna Miller',
      },
      {
        line: 3,
        text: 'broken;line',
        status: 'invalid',
        problems: ['A line needs between 4 and 8 columns; this one has 2.'],
      },
      {
        line: 4,
        text: ';Ben;Bauer;ben@test.intershop.de',
        status: 'created',
        login: 'ben@test.intershop.de',
        name: 'Ben Bauer',
      },
      {
        line: 5,
        text: 'cx;Cem;Xu;cem-at-example;APP_B2B_WIZARD',
        status: 'invalid',
        problems: [
          'APP_B2B_WIZARD is not a role you can give.',
          'E-mail address: Please enter a valid e-mail address.',
        ],
      },
    ])
    // The form starts empty again after users were created.
    expect(data.result.initialValue).toBeNull()
  })

  it('creates nobody when the API refuses, pinning the refusal on the line it names (422)', async () => {
    icm.use(roles())
    const calls = record('post', 'customers/OilCorp/users', () =>
      refusal(409, 'customer.credentials.login.not_unique.error', 'The login amiller is already taken.'),
    )
    const { response, data } = await page(action, '/de/account/organization/users/import', {
      form: { list: LIST },
    })
    expect(response.status).toBe(422)
    expect(calls).toHaveLength(1)
    expect(data.summary.created).toBe(0)
    expect(data.summary.results.map((r: any) => [r.line, r.status, r.problems])).toEqual([
      [
        2,
        'refused',
        [
          'Dieser Anmeldename oder diese E-Mail-Adresse kann nicht verwendet werden. Bitte wählen Sie eine andere.',
        ],
      ],
      [3, 'invalid', ['Eine Zeile braucht 4 bis 8 Spalten; diese hat 2.']],
      [4, 'not-created', []],
      [
        5,
        'invalid',
        [
          'APP_B2B_WIZARD ist keine Rolle, die Sie vergeben können.',
          'E-Mail-Adresse: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
        ],
      ],
    ])
    // The list stays in the form to be corrected.
    expect(data.result.initialValue).toEqual({ list: LIST })
  })

  it('pins the API’s refusal of a taken name on its line by the element it names, not by the value (issue 31)', async () => {
    icm.use(roles())
    const message = 'This login or e-mail address cannot be used.'
    record('post', 'customers/OilCorp/users', () =>
      refusal(409, 'customer.credentials.login.not_unique.error', message, [
        { code: 'customer.credentials.login.not_unique.error', message, paths: ['elements.1.email'] },
      ]),
    )
    const { response, data } = await page(action, IMPORT_URL, { form: { list: LIST } })
    expect(response.status).toBe(422)
    expect(data.summary.results.map((r: any) => [r.line, r.status, r.problems])).toEqual([
      [2, 'not-created', []],
      [3, 'invalid', expect.any(Array)],
      [4, 'refused', ['This login or e-mail address cannot be used. Please choose another one.']],
      [5, 'invalid', expect.any(Array)],
    ])
  })

  it('shows the lines the API created before a name was taken as created, the others as refused (issue 31)', async () => {
    icm.use(roles())
    const message = '1 of 2 users were created; the others were not.'
    record('post', 'customers/OilCorp/users', () =>
      refusal(409, 'customer.credentials.login.not_unique.error', message, [
        { code: 'customer.user.created', message: 'This user was created.', paths: ['elements.0'] },
        { code: 'customer.credentials.login.not_unique.error', message, paths: ['elements.1'] },
      ]),
    )
    const { response, data } = await page(action, IMPORT_URL, { form: { list: LIST } })
    expect(response.status).toBe(200)
    expect(data.summary.created).toBe(1)
    expect(data.summary.results.map((r: any) => [r.line, r.status, r.login ?? r.problems])).toEqual([
      [2, 'created', 'amiller'],
      [3, 'invalid', expect.any(Array)],
      [4, 'refused', ['This login or e-mail address cannot be used. Please choose another one.']],
      [5, 'invalid', expect.any(Array)],
    ])
  })

  it('sends nothing when no line is valid (422)', async () => {
    icm.use(roles())
    const calls = created()
    const { response, data } = await page(action, IMPORT_URL, { form: { list: 'broken;line' } })
    expect(response.status).toBe(422)
    expect(calls).toEqual([])
    expect(data.summary).toEqual({
      created: 0,
      results: [
        {
          line: 1,
          text: 'broken;line',
          status: 'invalid',
          problems: ['A line needs between 4 and 8 columns; this one has 2.'],
        },
      ],
    })
  })

  it('refuses an empty list and one of more than 100 users (400, localized)', async () => {
    icm.use(roles())
    const calls = created()
    const empty = await page(action, '/fr/account/organization/users/import', { form: { list: '\n' } })
    expect(empty.response.status).toBe(400)
    expect(empty.data.result.error.list).toEqual(['Veuillez coller au moins un utilisateur.'])
    const many = Array.from({ length: 101 }, (_, i) => `user${i};A;B;user${i}@test.intershop.de`).join('\n')
    const long = await page(action, IMPORT_URL, { form: { list: many } })
    expect(long.response.status).toBe(400)
    expect(long.data.result.error.list).toEqual(['Please import at most 100 users at once.'])
    expect(formErrorsOf(long.data)).toEqual([])
    expect(calls).toEqual([])
  })
})
