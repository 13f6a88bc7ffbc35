import { describe, expect, it } from 'vitest'
import { fixedT } from '~/services/i18n.server'
import { newUserBody } from './b2b-user'
import { csvText } from './csv'
import {
  alreadyImported,
  linesToCorrect,
  parseUserImport,
  USER_IMPORT_MAX_LINES,
  userImportResults,
  userImportSchema,
  userImportTemplate,
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
      { t, tag: 'de-DE', roles: ROLES },
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
          orderSpentLimit: 50000,
          budget: 100050,
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
    const german = parseUserImport('Benutzername;Vorname;Nachname;E-Mail\nab;A;B;ab@cd.de', {
      t,
      tag: 'de-DE',
    })
    expect(german.map((line) => [line.line, line.ok])).toEqual([[2, true]])
    const noHeader = parseUserImport('broken;line\nab;A;B;ab@cd.de', { t, tag: 'en-US' })
    expect(noHeader.map((line) => [line.line, line.ok])).toEqual([
      [1, false],
      [2, true],
    ])
  })

  it('accepts commas when the list has no semicolon', () => {
    const [line] = parseUserImport('jdoe,Jane,Doe,jane@example.com,APP_B2B_BUYER', {
      t,
      tag: 'en-US',
      roles: ROLES,
    })
    expect(line).toMatchObject({ ok: true, user: { login: 'jdoe', roleIDs: ['APP_B2B_BUYER'] } })
  })

  it('gives each bad line its problems in the shopper’s language, with its line number', () => {
    const lines = parseUserImport(
      'jdoe;Jane;;not-an-email;APP_B2B_GOD\nonly;three;cells\nxx;A;B;ab@bc.de;;;100;\n' +
        `${'y'.repeat(101)};A;B;c@d.e`,
      { t: fixedT('de_DE'), tag: 'de-DE', roles: ROLES },
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
    const schema = userImportSchema({ t, tag: 'en-US', roles: ROLES })
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
    tag: 'en-US',
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

describe('an import in the shopper’s language', () => {
  const de = fixedT('de_DE')
  const okUser = (line: UserImportLine | undefined) => (line?.ok ? line.user : line?.problems)

  it('reads the locale’s amounts and period names, and the English keys', () => {
    const lines = parseUserImport(
      'aa;A;A;a@x.de;;1.250,50;2 000,00;monatlich\n' +
        'bb;B;B;b@x.de;;1250,5;2\u202f000;Vierteljährlich\n' +
        'cc;C;C;c@x.de;;;300;yearly',
      { t: de, tag: 'de-DE' },
    )
    expect(lines.map(okUser)).toEqual([
      expect.objectContaining({ orderSpentLimit: 125050, budget: 200000, budgetPeriod: 'monthly' }),
      expect.objectContaining({ orderSpentLimit: 125050, budget: 200000, budgetPeriod: 'quarterly' }),
      expect.objectContaining({ budget: 30000, budgetPeriod: 'yearly' }),
    ])
    const [french] = parseUserImport('ff;F;F;f@x.fr;;1 250,50;900;par mois', {
      t: fixedT('fr_FR'),
      tag: 'fr-FR',
    })
    expect(okUser(french)).toMatchObject({ orderSpentLimit: 125050, budget: 90000, budgetPeriod: 'monthly' })
    const [polish] = parseUserImport('pp;P;P;p@x.pl;;;1\u00a0250,50;tygodniowo', {
      t: fixedT('pl_PL'),
      tag: 'pl-PL',
    })
    expect(okUser(polish)).toMatchObject({ budget: 125050, budgetPeriod: 'weekly' })
  })

  it('says the expected format once per problem, naming every field that has it', () => {
    const [line] = parseUserImport('aa;A;A;a@x.de;;1,250.50;12,345;jeden Tag', { t: de, tag: 'de-DE' })
    expect(okUser(line)).toEqual([
      'Bestelllimit, Budget pro Zeitraum: Bitte geben Sie einen Betrag wie 1.250,50 ein (höchstens zwei Nachkommastellen).',
      'Budgetzeitraum: Bitte geben Sie den Zeitraum als einen dieser Werte an: wöchentlich, monatlich, vierteljährlich, jährlich.',
    ])
  })

  it('offers a template whose header it skips and whose example line it reads, in every language', () => {
    for (const [id, tag] of [
      ['en_US', 'en-US'],
      ['de_DE', 'de-DE'],
      ['fr_FR', 'fr-FR'],
      ['pl_PL', 'pl-PL'],
      ['ro_RO', 'ro-RO'],
    ] as const) {
      const rows = userImportTemplate(fixedT(id), tag, 'APP_B2B_BUYER')
      const lines = parseUserImport(csvText(rows, ';'), { t: fixedT(id), tag, roles: ROLES })
      expect(
        lines.map((line) => [line.line, okUser(line)]),
        id,
      ).toEqual([
        [
          2,
          expect.objectContaining({
            login: 'jdoe',
            roleIDs: ['APP_B2B_BUYER'],
            orderSpentLimit: 50000,
            budget: 200000,
            budgetPeriod: 'monthly',
          }),
        ],
      ])
    }
    expect(userImportTemplate(de, 'de-DE', undefined)).toEqual([
      [
        'Anmeldename',
        'Vorname',
        'Nachname',
        'E-Mail-Adresse',
        'Rollen',
        'Bestelllimit',
        'Budget pro Zeitraum',
        'Budgetzeitraum',
      ],
      ['jdoe', 'Jane', 'Doe', 'jane.doe@example.com', '', '500,00', '2.000,00', 'monatlich'],
    ])
  })
})

describe('a re-import', () => {
  const text =
    'login;firstName;lastName;email\nann;Ann;A;ann@x.de\n\nbad;line\nbob;Bob;B;bob@x.de\ncid;Cid;C;CID@x.de'
  const lines = parseUserImport(text, { t, tag: 'en-US', roles: ROLES })
  const user = (login: string, firstName: string, lastName: string, email: string) => ({
    login,
    firstName,
    lastName,
    email,
    roleIDs: [],
    active: true,
  })

  it('skips the lines of users already there with the same data, never one whose data differ', () => {
    const skipped = alreadyImported(lines, [
      user('Ann', 'Ann', 'A', 'ann@x.de'),
      user('bob', 'Robert', 'B', 'bob@x.de'),
      user('cid@x.de', 'Cid', 'C', 'cid@x.de'),
      user('cid', 'Cid', 'C', 'cid@x.de'),
    ])
    expect([...skipped.keys()]).toEqual([2, 6])
    const summary = userImportResults(lines, { ok: true, created: [user('bob', '', '', '')] }, t, skipped)
    expect(summary.created).toBe(1)
    expect(summary.skipped).toBe(2)
    expect(summary.results.map((result) => [result.line, result.status, result.login])).toEqual([
      [2, 'skipped', 'Ann'],
      [4, 'invalid', undefined],
      [5, 'created', 'bob'],
      [6, 'skipped', 'cid'],
    ])
  })

  it('keeps in the box the lines still to correct, under the header, and nothing when all went in', () => {
    const summary = userImportResults(
      lines,
      {
        ok: false,
        problems: [{ code: 'customer.credentials.login.not_unique.error', message: 'bob taken' }],
      },
      t,
      new Map([[2, user('ann', 'Ann', 'A', 'ann@x.de')]]),
    )
    expect(linesToCorrect(text, summary.results)).toBe(
      'login;firstName;lastName;email\nbad;line\nbob;Bob;B;bob@x.de\ncid;Cid;C;CID@x.de',
    )
    const done = userImportResults(
      lines.filter((line) => line.ok),
      { ok: true, created: [] },
      t,
    )
    expect(linesToCorrect(text, done.results)).toBe('')
  })
})
