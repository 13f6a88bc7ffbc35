import '~/browser/account-texts'
/**
 * Bulk import of a company's users (issue 17): a list pasted from a spreadsheet, one user a line, read and
 * checked line by line in the shopper's language, and the result of each line after ICM created the valid
 * ones in one call. Pure functions, no I/O.
 */
import { z } from 'zod'
import { userCreateSchema, userName, type B2bUser, type UserCreateForm } from './b2b-user'
import { API_CODES } from './api-codes'
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

/**
 * Reads one line into a new user: roles are role ids separated by `|` (each one of `roles` when given);
 * everything else goes through the new-user form's schema, so a line is checked as the form is.
 */
function importLine(
  cells: string[],
  t: Translate,
  roles: readonly string[] | undefined,
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
      budgetPeriod: budgetPeriod?.toLowerCase(),
    }).filter(([, cell]) => cell !== undefined && cell !== ''),
  )
  const parsed = schema.safeParse(value)
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '')
      const label = FIELD_LABELS[field]
      problems.push(label ? `${t(label)}: ${issue.message}` : issue.message)
    }
  return parsed.success && problems.length === 0
    ? { ok: true, user: parsed.data }
    : { ok: false, problems: [...new Set(problems)] }
}

/**
 * A pasted list of users, one a line: `login;firstName;lastName;email;roles;orderSpentLimit;budget;budgetPeriod`
 * (a comma separates when the list has no semicolon). Blank lines are skipped, and so is a first line that
 * names the columns. Each line keeps its number and gets a new user or its problems, in the shopper's language.
 */
export function parseUserImport(
  text: string,
  { t, roles }: { t: Translate; roles?: readonly string[] },
): UserImportLine[] {
  const separator = text.includes(';') ? ';' : ','
  const schema = userCreateSchema(t)
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
    result.push({ line: index + 1, text: shown, ...importLine(cells, t, roles, schema) })
  })
  return result
}

/**
 * The import form: the pasted `list`, read into its lines. An empty list, or more than
 * USER_IMPORT_MAX_LINES users, is the form's error.
 */
export function userImportSchema(t: Translate, roles?: readonly string[]) {
  return z
    .object({
      list: z
        .string({ required_error: t('account.user.import.error.empty') })
        .max(USER_IMPORT_MAX_TEXT, t('form.max_length', { max: USER_IMPORT_MAX_TEXT })),
    })
    .transform((form, ctx) => {
      const lines = parseUserImport(form.list, { t, roles })
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
  status: 'created' | 'invalid' | 'refused' | 'not-created'
  /** The created user's login and name. */
  login?: string
  name?: string
  /** The line's problems, or the API's refusal, in the shopper's language. */
  problems?: string[]
}

export type UserImportSummary = { created: number; results: UserImportResult[] }

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
): UserImportSummary {
  const sent = lines.filter((line) => line.ok)
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
  return { created: outcome?.ok ? sent.length : madeAnyway.size, results }
}
