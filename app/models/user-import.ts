import '~/browser/account-texts'
/**
 * Bulk import of a company's users (issue 17): a list pasted from a spreadsheet, one user a line, read and
 * checked line by line in the shopper's language, and the result of each line after ICM created the valid
 * ones in one call. Pure functions, no I/O.
 */
import { z } from 'zod'
import { amountInputText } from './amount'
import { userCreateSchema, userName, type B2bUser, type UserCreateForm } from './b2b-user'
import { API_CODES } from './api-codes'
import { BUDGET_PERIODS, type BudgetPeriod } from './budget'
import { messageText, type ApiMessage, type Translate } from './messages'

/** Most users one import creates (header and blank lines aside). */
export const USER_IMPORT_MAX_LINES = 100
/** Longest pasted list in characters: 100 full lines. */
export const USER_IMPORT_MAX_TEXT = 60_000
/** The columns of a line, in order; the ones after `email` may be left out. */
export const USER_IMPORT_COLUMNS = [
  'login',
  'firstName',
  'lastName',
  'email',
  'roles',
  'orderSpentLimit',
  'budget',
  'budgetPeriod',
] as const
const REQUIRED_COLUMNS = 4
/** The text of a line kept for its result, at most this long. */
const MAX_LINE_TEXT = 200

export type UserImportLine =
  | { line: number; text: string; ok: true; user: UserCreateForm }
  | { line: number; text: string; ok: false; problems: string[] }

const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()

/**
 * A header names its columns: four or more word cells, the fourth naming the e-mail (`email`, `E-Mail`,
 * `courriel`), never holding an address.
 */
const HEADER_CELL = /^[\p{L} _.-]*$/u
const isHeader = (cells: string[]) =>
  cells.length >= REQUIRED_COLUMNS &&
  /mail|courriel/i.test(cells[3]!) &&
  !cells[3]!.includes('@') &&
  cells.every((cell) => HEADER_CELL.test(cell))

/** The form field a column's value goes to, to name it in a problem. */
const FIELD_LABELS: Record<string, string> = {
  login: 'account.user.login.label',
  firstName: 'account.user.first_name.label',
  lastName: 'account.user.last_name.label',
  email: 'account.user.email.label',
  roleIDs: 'account.user.roles.label',
  orderSpentLimit: 'account.user.budget.order_spent_limit.label',
  budget: 'account.user.budget.budget.label',
  budgetPeriod: 'account.user.budget.period.label',
}

/** The names a budget period goes by in the shopper's language ("monatlich", "Monatlich"), and its key. */
const PERIOD_TEXTS = ['account.user.budget.period', 'account.budget.period', 'account.costcenter.period']

function periodNames(t: Translate): Map<string, BudgetPeriod> {
  const names = new Map<string, BudgetPeriod>()
  for (const period of BUDGET_PERIODS) {
    names.set(period, period)
    for (const prefix of PERIOD_TEXTS) names.set(t(`${prefix}.${period}`).toLocaleLowerCase(), period)
  }
  return names
}

/** What an import reads in the shopper's language: its texts, the number format and the period names. */
type ImportLocale = {
  t: Translate
  /** The page's locale (BCP 47) amounts are written in. */
  tag: string
  roles?: readonly string[]
}

/**
 * Reads one line into a new user: roles are role ids separated by `|` (each one of `roles` when given), the
 * period by its key or its name in the shopper's language; everything else goes through the new-user form's
 * schema, so a line is checked as the form is. The same problem of several fields is said once, naming them.
 */
function importLine(
  cells: string[],
  { t, roles }: ImportLocale,
  periods: Map<string, BudgetPeriod>,
  schema: ReturnType<typeof userCreateSchema>,
): { ok: true; user: UserCreateForm } | { ok: false; problems: string[] } {
  if (cells.length < REQUIRED_COLUMNS || cells.length > USER_IMPORT_COLUMNS.length)
    return {
      ok: false,
      problems: [
        t('account.user.import.error.columns', {
          min: REQUIRED_COLUMNS,
          max: USER_IMPORT_COLUMNS.length,
          found: cells.length,
        }),
      ],
    }
  const [login, firstName, lastName, email, roleCell = '', orderSpentLimit, budget, budgetPeriod] = cells
  const problems: string[] = []
  const roleIDs = roleCell
    .split('|')
    .map((role) => role.trim())
    .filter(Boolean)
    .map((role) => {
      if (!roles) return role
      const known = roles.find((id) => id.toLowerCase() === role.toLowerCase())
      if (!known) problems.push(t('account.user.import.error.role', { role: role.slice(0, 100) }))
      return known ?? role
    })
  const value = Object.fromEntries(
    Object.entries({
      login,
      firstName,
      lastName,
      email,
      roleIDs,
      orderSpentLimit,
      budget,
      budgetPeriod: budgetPeriod && (periods.get(budgetPeriod.toLocaleLowerCase()) ?? budgetPeriod),
    }).filter(([, cell]) => cell !== undefined && cell !== ''),
  )
  const parsed = schema.safeParse(value)
  const fieldsOf = new Map<string, string[]>()
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '')
      const message =
        field === 'budgetPeriod' && issue.message === t('account.budget.period.error.invalid')
          ? t('account.user.import.error.period', { periods: periodChoices(t) })
          : issue.message
      const label = FIELD_LABELS[field]
      fieldsOf.set(message, [...(fieldsOf.get(message) ?? []), ...(label ? [t(label)] : [])])
    }
  for (const [message, labels] of fieldsOf)
    problems.push(labels.length ? `${[...new Set(labels)].join(', ')}: ${message}` : message)
  return parsed.success && problems.length === 0
    ? { ok: true, user: parsed.data }
    : { ok: false, problems: [...new Set(problems)] }
}

/** The period names a line may use, in the shopper's language ("wöchentlich, monatlich, …"). */
const periodChoices = (t: Translate) =>
  BUDGET_PERIODS.map((period) => t(`account.user.budget.period.${period}`)).join(', ')

/**
 * A pasted list of users, one a line: `login;firstName;lastName;email;roles;orderSpentLimit;budget;budgetPeriod`
 * (a comma separates when the list has no semicolon). Blank lines are skipped, and so is a first line that
 * names the columns. Each line keeps its number and gets a new user or its problems, in the shopper's language.
 */
export function parseUserImport(text: string, locale: ImportLocale): UserImportLine[] {
  const { t, tag } = locale
  const separator = text.includes(';') ? ';' : ','
  const schema = userCreateSchema(t, tag)
  const periods = periodNames(t)
  const result: UserImportLine[] = []
  let first = true
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (!line) return
    const cells = line.split(separator).map(unquote)
    const isFirst = first
    first = false
    if (isFirst && isHeader(cells)) return
    const shown = line.length > MAX_LINE_TEXT ? `${line.slice(0, MAX_LINE_TEXT - 1)}…` : line
    result.push({ line: index + 1, text: shown, ...importLine(cells, locale, periods, schema) })
  })
  return result
}

/**
 * The import form: the pasted `list`, read into its lines. An empty list, or more than
 * USER_IMPORT_MAX_LINES users, is the form's error.
 */
export function userImportSchema(locale: ImportLocale) {
  const { t } = locale
  return z
    .object({
      list: z
        .string({ required_error: t('account.user.import.error.empty') })
        .max(USER_IMPORT_MAX_TEXT, t('form.max_length', { max: USER_IMPORT_MAX_TEXT })),
    })
    .transform((form, ctx) => {
      const lines = parseUserImport(form.list, locale)
      if (lines.length === 0 || lines.length > USER_IMPORT_MAX_LINES) {
        ctx.addIssue({
          code: 'custom',
          path: ['list'],
          message: lines.length
            ? t('account.user.import.error.too_many_lines', { max: USER_IMPORT_MAX_LINES })
            : t('account.user.import.error.empty'),
        })
        return z.NEVER
      }
      return lines
    })
}

/** What the import did with one line: created, the line's problems, or why the API did not create it. */
export type UserImportResult = {
  line: number
  text: string
  status: 'created' | 'skipped' | 'invalid' | 'refused' | 'not-created'
  /** The created (or already imported) user's login and name. */
  login?: string
  name?: string
  /** The line's problems, or the API's refusal, in the shopper's language. */
  problems?: string[]
}

export type UserImportSummary = { created: number; skipped: number; results: UserImportResult[] }

/** What the API answered to the import's one `POST …/users`: the users created, or its reasons. */
export type UserImportOutcome =
  { ok: true; created: B2bUser[] } | { ok: false; problems: (ApiMessage & { paths?: string[] })[] }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Whether a sentence of the API names a login or e-mail address (as a whole word, without case). */
const names = (message: string | undefined, value: string | undefined) =>
  Boolean(message && value) &&
  new RegExp(`(?<![\\p{L}\\p{N}._@+-])${escapeRegExp(value!)}(?![\\p{L}\\p{N}_@+-])`, 'iu').test(message!)

/**
 * Every line's result of an import. Lines with problems were not sent. The valid ones were sent in one call:
 * created (with the new user's login), or not. The API checks the whole list before it writes any of it; only
 * when a name is taken while it writes are some created and the others refused, each line pinned as which. A refusal the API pins on a user (by its place in
 * the call, or by naming its login or e-mail address) is that line's; one it pins on nobody is every line's.
 */
export function userImportResults(
  lines: UserImportLine[],
  outcome: UserImportOutcome | null,
  t: Translate,
  skipped: ReadonlyMap<number, B2bUser> = new Map(),
): UserImportSummary {
  const sent = linesToSend(lines, skipped)
  const keyOf = (user: UserCreateForm) => (user.login ?? user.email).toLowerCase()
  const own = new Map<number, string[]>()
  const general: string[] = []
  /** The lines the API created although it refused others (a name taken while the list was written). */
  const madeAnyway = new Set<UserImportLine>()
  if (outcome && !outcome.ok)
    for (const problem of outcome.problems) {
      const text = messageText(t, problem)
      const at = (problem.paths ?? [])
        .map((path) => /^elements\.(\d+)(?:\.|$)/.exec(path)?.[1])
        .filter((index): index is string => index !== undefined)
        .map((index) => sent[Number(index)])
      if (problem.code === API_CODES.userCreated) {
        for (const line of at) if (line) madeAnyway.add(line)
        continue
      }
      const named = sent.filter(
        (line) => names(problem.message, line.user.email) || names(problem.message, line.user.login),
      )
      const hit = [...new Set([...at, ...named])].filter((line) => line !== undefined)
      if (hit.length === 0) general.push(text)
      for (const line of hit) own.set(line.line, [...(own.get(line.line) ?? []), text])
    }
  const results = lines.map((line): UserImportResult => {
    const base = { line: line.line, text: line.text }
    if (!line.ok) return { ...base, status: 'invalid', problems: line.problems }
    const existing = skipped.get(line.line)
    if (existing) return { ...base, status: 'skipped', login: existing.login, name: userName(existing) }
    if (madeAnyway.has(line)) {
      const login = line.user.login ?? line.user.email
      return { ...base, status: 'created', login, name: userName({ ...line.user, login }) }
    }
    if (outcome?.ok) {
      const created =
        outcome.created.find((user) => user.login.toLowerCase() === keyOf(line.user)) ??
        outcome.created[sent.indexOf(line)]
      const login = created?.login ?? line.user.login ?? line.user.email
      return { ...base, status: 'created', login, name: userName({ ...line.user, login }) }
    }
    const mine = own.get(line.line)
    return mine
      ? { ...base, status: 'refused', problems: [...mine, ...general] }
      : { ...base, status: 'not-created', problems: general }
  })
  return { created: outcome?.ok ? sent.length : madeAnyway.size, skipped: skipped.size, results }
}

/** The valid lines to send: those not already imported. */
export const linesToSend = (lines: UserImportLine[], skipped: ReadonlyMap<number, unknown>) =>
  lines.filter((line): line is Extract<UserImportLine, { ok: true }> => line.ok && !skipped.has(line.line))

const same = (a: string | undefined, b: string | undefined) =>
  (a ?? '').trim().toLocaleLowerCase() === (b ?? '').trim().toLocaleLowerCase()

/**
 * The lines of a re-import that are already done, by line number: the company has a user with the line's
 * login (its e-mail address when the line has none) and the same names and e-mail address. ICM refuses such a
 * user as a taken login (409, `API_CODES.loginNotUnique`) and with it the whole list, so the
 * import leaves them out and says so. A taken login with other data is still sent, and refused.
 */
export function alreadyImported(lines: UserImportLine[], users: readonly B2bUser[]): Map<number, B2bUser> {
  const byLogin = new Map(users.map((user) => [user.login.toLocaleLowerCase(), user]))
  const found = new Map<number, B2bUser>()
  for (const line of lines) {
    if (!line.ok) continue
    const { user } = line
    const existing = byLogin.get((user.login ?? user.email).toLocaleLowerCase())
    if (
      existing &&
      same(existing.email, user.email) &&
      same(existing.firstName, user.firstName) &&
      same(existing.lastName, user.lastName)
    )
      found.set(line.line, existing)
  }
  return found
}

/**
 * What stays in the box after an import: the pasted text's lines that still need the user (not valid, refused
 * or not created), under the header line when the list had one; empty when every line was created or skipped.
 */
export function linesToCorrect(text: string, results: readonly UserImportResult[]): string {
  const open = new Set(
    results.filter((r) => r.status !== 'created' && r.status !== 'skipped').map((r) => r.line),
  )
  if (open.size === 0) return ''
  const all = text.split(/\r\n|\r|\n/)
  const numbered = new Set(results.map((result) => result.line))
  const first = all.findIndex((line) => line.trim()) + 1
  return all
    .filter((line, index) => open.has(index + 1) || (index + 1 === first && !numbered.has(first)))
    .join('\n')
}

/**
 * The import's template (a CSV to fill in a spreadsheet): the columns named in the shopper's language and one
 * example user, with amounts and the period written the way the import reads them in that language.
 */
export function userImportTemplate(t: Translate, tag: string, role: string | undefined): string[][] {
  const header = USER_IMPORT_COLUMNS.map((column) =>
    t(FIELD_LABELS[column === 'roles' ? 'roleIDs' : column]!),
  )
  const example = [
    'jdoe',
    'Jane',
    'Doe',
    'jane.doe@example.com',
    role ?? '',
    amountInputText(500, tag),
    amountInputText(2000, tag),
    t('account.user.budget.period.monthly'),
  ]
  return [header, example]
}
