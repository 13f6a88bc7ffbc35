/**
 * Bulk import of users (issue 17): a pasted list, one user a line; the valid lines go to ICM in one
 * `POST customers/{no}/users`, all or none, and every line gets its result (created, its problems, or the
 * API's refusal), like quick order.
 */
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { action, loader } from '~/routes/$lang._shop.account.organization.users.import'
import { loader as templateLoader } from '~/routes/$lang._shop.account.organization.users.import-template[.]csv'
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
/** The company's users before the import (none of the list's, unless given). */
const existing = (people: Parameters<typeof usersCollection>[0] = []) =>
  get('customers/OilCorp/users', usersCollection(people))

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
    icm.use(roles(), existing())
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
    // The box keeps the lines still to correct, under the header; the created ones leave it.
    const left = [LIST.split('\n')[0], 'broken;line', 'cx;Cem;Xu;cem-at-example;APP_B2B_WIZARD'].join('\n')
    expect(data.result.initialValue).toEqual({ list: left })
    expect(data.remaining).toBe(left)
  })

  it('creates nobody when the API refuses, pinning the refusal on the line it names (422)', async () => {
    icm.use(roles(), existing())
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
    icm.use(roles(), existing())
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
    icm.use(roles(), existing())
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
      skipped: 0,
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

  it('skips the lines of users already imported with the same data and sends the others (issue 32)', async () => {
    icm.use(
      roles(),
      existing([
        {
          login: 'amiller',
          firstName: 'Anna',
          lastName: 'Miller',
          email: 'anna@test.intershop.de',
          roles: [],
        },
      ]),
    )
    const calls = created()
    const list = LIST.split('\n')
      .filter((line, index) => index < 2 || line.includes('Ben'))
      .join('\n')
    const { response, data } = await page(action, '/de/account/organization/users/import', { form: { list } })
    expect(response.status).toBe(200)
    expect(calls.map((call) => call.body.elements.map((user: any) => user.email))).toEqual([
      ['ben@test.intershop.de'],
    ])
    expect(data.summary.results.map((r: any) => [r.line, r.status, r.login])).toEqual([
      [2, 'skipped', 'amiller'],
      [3, 'created', 'ben@test.intershop.de'],
    ])
    expect(data.summary).toMatchObject({ created: 1, skipped: 1 })
    expect(data.remaining).toBe('')
  })

  it('reads German amounts and period names, and offers the template in German', async () => {
    icm.use(roles(), existing())
    const calls = created()
    const list =
      'Anmeldename;Vorname;Nachname;E-Mail-Adresse;Rollen;Bestelllimit;Budget;Zeitraum\n' +
      'amiller;Anna;Miller;anna@test.intershop.de;;1.250,50;2 000;monatlich'
    const { response } = await page(action, '/de/account/organization/users/import', { form: { list } })
    expect(response.status).toBe(200)
    expect(calls[0]!.body.elements[0].userBudget).toEqual({
      orderSpentLimit: { value: 1250.5, currency: 'EUR' },
      budget: { value: 2000, currency: 'EUR' },
      budgetPeriod: 'monthly',
    })
    const { data } = await page(loader, '/de/account/organization/users/import')
    expect(data.amountExample).toBe('1.250,50')
    expect(data.template).toEqual([
      'Anmeldename;Vorname;Nachname;E-Mail-Adresse;Rollen;Bestelllimit;Budget pro Zeitraum;Budgetzeitraum',
      'jdoe;Jane;Doe;jane.doe@example.com;APP_B2B_ACCOUNT_OWNER;500,00;2.000,00;monatlich',
    ])
  })

  it('downloads the template as a CSV in the shopper’s language, for user managers only', async () => {
    icm.use(roles())
    const { response } = await page(templateLoader, '/de/account/organization/users/import-template.csv')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="benutzer-import.csv"')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    // A byte order mark first, so that a spreadsheet reads UTF-8 (the text read here drops it).
    expect([...new Uint8Array(await response.clone().arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(await response.text()).toBe(
      'Anmeldename;Vorname;Nachname;E-Mail-Adresse;Rollen;Bestelllimit;Budget pro Zeitraum;Budgetzeitraum\r\n' +
        'jdoe;Jane;Doe;jane.doe@example.com;APP_B2B_ACCOUNT_OWNER;500,00;2.000,00;monatlich\r\n',
    )
    const buyer = await page(templateLoader, '/de/account/organization/users/import-template.csv', {
      user: BUYER,
    })
    expect(buyer.response.headers.get('Location')).toBe(
      '/de/error?error=missing-permission&value=APP_B2B_MANAGE_USERS',
    )
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
