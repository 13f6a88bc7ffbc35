import { describe, expect, it } from 'vitest'
import { fixedT } from '~/services/i18n.server'
import { newUserBody } from './b2b-user'
import {
  parseUserImport,
  USER_IMPORT_MAX_LINES,
  userImportResults,
  userImportSchema,
  type UserImportLine,
} from './user-import'

const t = fixedT('en_US')
const ROLES = ['APP_B2B_BUYER', 'APP_B2B_ACCOUNT_OWNER', 'APP_B2B_COSTCENTER_OWNER']

describe('the pasted list of an import', () => {
  it('reads semicolon lines with roles separated by |, skipping a header and blank lines', () => {
    const lines = parseUserImport(
      'login;firstName;lastName;email;roles;orderSpentLimit;budget;budgetPeriod\n\n' +
        'jdoe;Jane;Doe;jane@example.com;app_b2b_account_owner|APP_B2B_COSTCENTER_OWNER;500;1000,50;Monthly\n' +
        ';"Max";Muster;max@example.com\n',
      { t, roles: ROLES },
    )
    expect(lines).toEqual([
      {
        line: 3,
        text: 'jdoe;Jane;Doe;jane@example.com;app_b2b_account_owner|APP_B2B_COSTCENTER_OWNER;500;1000,50;Monthly',
        ok: true,
        user: {
          login: 'jdoe',
          firstName: 'Jane',
          lastName: 'Doe',
          email: 'jane@example.com',
          roleIDs: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_COSTCENTER_OWNER'],
          orderSpentLimit: '500',
          budget: '1000,50',
          budgetPeriod: 'monthly',
        },
      },
      {
        line: 4,
        text: ';"Max";Muster;max@example.com',
        ok: true,
        user: { firstName: 'Max', lastName: 'Muster', email: 'max@example.com', roleIDs: [] },
      },
    ])
    expect(newUserBody((lines[0] as Extract<UserImportLine, { ok: true }>).user, 'EUR')).toEqual({
      login: 'jdoe',
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      roleIDs: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_COSTCENTER_OWNER'],
      userBudget: {
        orderSpentLimit: { value: 500, currency: 'EUR' },
        budget: { value: 1000.5, currency: 'EUR' },
        budgetPeriod: 'monthly',
      },
    })
  })

  it('takes a first line naming the columns in any language for a header, never a line of a user', () => {
    const german = parseUserImport('Benutzername;Vorname;Nachname;E-Mail\nab;A;B;ab@cd.de', { t })
    expect(german.map((line) => [line.line, line.ok])).toEqual([[2, true]])
    const noHeader = parseUserImport('broken;line\nab;A;B;ab@cd.de', { t })
    expect(noHeader.map((line) => [line.line, line.ok])).toEqual([
      [1, false],
      [2, true],
    ])
  })

  it('accepts commas when the list has no semicolon', () => {
    const [line] = parseUserImport('jdoe,Jane,Doe,jane@example.com,APP_B2B_BUYER', { t, roles: ROLES })
    expect(line).toMatchObject({ ok: true, user: { login: 'jdoe', roleIDs: ['APP_B2B_BUYER'] } })
  })

  it('gives each bad line its problems in the shopper’s language, with its line number', () => {
    const lines = parseUserImport(
      'jdoe;Jane;;not-an-email;APP_B2B_GOD\nonly;three;cells\nxx;A;B;ab@bc.de;;;100;\n' +
        `${'y'.repeat(101)};A;B;c@d.e`,
      { t: fixedT('de_DE'), roles: ROLES },
    )
    expect(lines.map((line) => [line.line, line.ok])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, false],
    ])
    const problems = lines.map((line) => (line.ok ? [] : line.problems))
    expect(problems[0]).toEqual([
      'APP_B2B_GOD ist keine Rolle, die Sie vergeben können.',
      'Nachname: Bitte geben Sie den Nachnamen ein.',
      'E-Mail-Adresse: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ])
    expect(problems[1]).toEqual(['Eine Zeile braucht 4 bis 8 Spalten; diese hat 3.'])
    expect(problems[2]).toHaveLength(1)
    expect(problems[2]![0]).toMatch(/^Budgetzeitraum: /)
    expect(problems[3]!.some((problem) => problem.startsWith('Anmeldename: '))).toBe(true)
  })

  it('is refused when empty or longer than the limit', () => {
    const schema = userImportSchema(t, ROLES)
    const empty = schema.safeParse({ list: ' \n ' })
    expect(empty.success).toBe(false)
    expect(empty.error?.issues[0]?.message).toBe('Please paste at least one user.')
    const many = Array.from({ length: USER_IMPORT_MAX_LINES + 1 }, (_, i) => `u${i};A;B;u${i}@x.de`).join(
      '\n',
    )
    expect(schema.safeParse({ list: many }).error?.issues[0]?.message).toBe(
      'Please import at most 100 users at once.',
    )
    expect(schema.safeParse({ list: many.split('\n').slice(1).join('\n') }).success).toBe(true)
  })
})

describe('an import’s results', () => {
  const lines = parseUserImport('ann;Ann;A;ann@x.de\nbad;line\nbob;Bob;B;bob@x.de\ncid;Cid;C;cid@x.de', {
    t,
    roles: ROLES,
  })

  it('are created for every valid line when the API accepts them', () => {
    const summary = userImportResults(
      lines,
      {
        ok: true,
        created: ['ann', 'bob', 'cid'].map((login) => ({
          login,
          firstName: '',
          lastName: '',
          email: '',
          roleIDs: [],
          active: true,
        })),
      },
      t,
    )
    expect(summary.created).toBe(3)
    expect(summary.results.map((result) => [result.line, result.status, result.login])).toEqual([
      [1, 'created', 'ann'],
      [2, 'invalid', undefined],
      [3, 'created', 'bob'],
      [4, 'created', 'cid'],
    ])
  })

  it('pin a refusal on the line it names (by position or by login), the others not created', () => {
    const summary = userImportResults(
      lines,
      {
        ok: false,
        problems: [
          { code: 'customer.credentials.login.not_unique.error', message: 'The login BOB is already taken.' },
          { code: 'request.invalid.field', message: 'Too long', paths: ['elements.2.lastName'] },
        ],
      },
      t,
    )
    expect(summary.created).toBe(0)
    expect(summary.results.map((result) => [result.line, result.status, result.problems])).toEqual([
      [1, 'not-created', []],
      [2, 'invalid', ['A line needs between 4 and 8 columns; this one has 2.']],
      [3, 'refused', ['This login or e-mail address cannot be used. Please choose another one.']],
      [4, 'refused', ['An entry is missing or not valid. Please check your entries. Too long']],
    ])
  })

  it('give a refusal that names no line to every valid line', () => {
    const summary = userImportResults(
      lines,
      { ok: false, problems: [{ code: 'customer.user.role.not_assignable', message: 'Nope' }] },
      t,
    )
    expect(summary.results.filter((result) => result.status === 'not-created')).toHaveLength(3)
    expect(summary.results[0]!.problems).toEqual(['These roles cannot be given in user management.'])
  })
})
