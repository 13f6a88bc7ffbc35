/**
 * User management's ICM answers (issue 17) in the shapes ICM sends (commerce-api/icm/schemas/organization.ts
 * and session.ts; fixture-check holds every mocked answer to them), the session users, and recorders of the
 * calls a page makes.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw'
import type { SessionUser } from '~/services/session.server'
import { icm, icmPath } from './icm-mock'
import { answer, args, nextCookie, signedInCookie as cookieOf } from './loader-args'

export const ADMIN: SessionUser = {
  login: 'jlink@test.intershop.de',
  firstName: 'Jack',
  lastName: 'Link',
  customerNo: 'OilCorp',
  customerType: 'SMBCustomer',
  roles: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER'],
  permissions: ['APP_B2B_MANAGE_USERS', 'APP_B2B_PURCHASE'],
}
export const BUYER: SessionUser = {
  ...ADMIN,
  login: 'pmiller@test.intershop.de',
  roles: ['APP_B2B_BUYER'],
  permissions: ['APP_B2B_PURCHASE'],
}

export const USERS_URL = '/en/account/organization/users'

export { cookieOf, nextCookie }

/** Calls a loader or action as the given user (ADMIN by default), with a form when posting. */
export const page = async (
  fn: (a: any) => Promise<unknown>,
  path: string,
  {
    user = ADMIN,
    form,
    cookie,
  }: { user?: SessionUser | null; form?: Record<string, string> | URLSearchParams; cookie?: string } = {},
) => answer(fn, args(path, { cookie: cookie ?? (await cookieOf(user)), form, params: paramsOf(path) }))

/** The route params of a user management path (`lang`, and `login` below `users/`). */
function paramsOf(path: string) {
  const [, lang = 'en', ...rest] = path.split('?')[0]!.split('/')
  const login = rest[3] && !['create', 'import'].includes(rest[3]) ? decodeURIComponent(rest[3]) : undefined
  return { lang, ...(login ? { login } : {}) }
}

const money = (value: number, currency = 'EUR') => ({ type: 'Money', value, currency })

/** ICM's regex-safe path of a user (`customers/OilCorp/users/{login}`, the login URL-encoded). */
export const userPath = (login: string) =>
  `customers/OilCorp/users/${encodeURIComponent(login).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`

type Person = {
  login: string
  firstName: string
  lastName: string
  email?: string
  roles: string[]
  active?: boolean
  budget?: { orderSpentLimit?: number; budget?: number; period?: string; spent?: number }
}

export const JACK: Person = {
  login: 'jlink@test.intershop.de',
  firstName: 'Jack',
  lastName: 'Link',
  roles: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER'],
}
export const PATRICIA: Person = {
  login: 'pmiller@test.intershop.de',
  firstName: 'Patricia',
  lastName: 'Miller',
  roles: ['APP_B2B_BUYER', 'APP_B2B_COSTCENTER_OWNER'],
  budget: { orderSpentLimit: 500, budget: 2000, period: 'monthly', spent: 300 },
}
export const BERND: Person = {
  login: 'bboldner@test.intershop.de',
  firstName: 'Bernd',
  lastName: 'Boldner',
  roles: ['APP_B2B_BUYER'],
  active: false,
}
/** A punchout user, which a real ICM may list: user management leaves them out (spec §5, §6). */
export const OCI: Person = {
  login: 'oci@test.intershop.de',
  firstName: 'OCI',
  lastName: 'Punchout',
  roles: ['APP_B2B_OCI_USER'],
}

/** The typed attributes of a user's budget as the list carries them (MoneyRO, String). */
const budgetAttributes = (person: Person) => {
  const b = person.budget
  if (!b) return [{ name: 'spentBudget', type: 'MoneyRO', value: money(0) }]
  return [
    ...(b.period ? [{ name: 'budgetPeriod', type: 'String', value: b.period }] : []),
    ...(b.orderSpentLimit !== undefined
      ? [{ name: 'orderSpentLimit', type: 'MoneyRO', value: money(b.orderSpentLimit) }]
      : []),
    ...(b.budget !== undefined ? [{ name: 'budget', type: 'MoneyRO', value: money(b.budget) }] : []),
    ...(b.budget !== undefined
      ? [{ name: 'remainingBudget', type: 'MoneyRO', value: money(b.budget - (b.spent ?? 0)) }]
      : []),
    { name: 'spentBudget', type: 'MoneyRO', value: money(b.spent ?? 0) },
  ]
}

/** One user of `GET customers/{no}/users`: a Link with the login and typed attributes. */
export const userLink = (person: Person) => ({
  type: 'Link',
  uri: `ironbridge-Site/-/customers/OilCorp/users/${encodeURIComponent(person.login)}`,
  title: `${person.firstName} ${person.lastName}`,
  itemId: person.login,
  login: person.login,
  attributes: [
    { name: 'firstName', type: 'String', value: person.firstName },
    { name: 'lastName', type: 'String', value: person.lastName },
    { name: 'email', type: 'String', value: person.email ?? person.login },
    { name: 'roleIDs', type: 'MultipleString', value: person.roles },
    { name: 'active', type: 'Boolean', value: person.active ?? true },
    ...budgetAttributes(person),
  ],
})

export const usersCollection = (people: Person[]) => ({
  type: 'ResourceCollection',
  name: 'users',
  elements: people.map(userLink),
  amount: people.length,
  offset: 0,
  total: people.length,
})

/** `GET customers/{no}/users/{login}`: B2bUserData with roles and UserBudget. */
export const b2bUser = (person: Person) => ({
  login: person.login,
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email ?? person.login,
  phoneHome: '+49 30 1234',
  preferredLanguage: 'en_US',
  businessPartnerNo: `U-${person.lastName}`,
  active: person.active ?? true,
  roleIDs: person.roles,
  userBudget: person.budget
    ? {
        budget: person.budget.budget !== undefined ? money(person.budget.budget) : undefined,
        budgetPeriod: person.budget.period,
        orderSpentLimit:
          person.budget.orderSpentLimit !== undefined ? money(person.budget.orderSpentLimit) : undefined,
        remainingBudget:
          person.budget.budget !== undefined
            ? money(person.budget.budget - (person.budget.spent ?? 0))
            : undefined,
        spentBudget: money(person.budget.spent ?? 0),
      }
    : { spentBudget: money(0) },
})

/** `GET customers/{no}/roles`: the roles user management gives (Buyer fixed). */
export const assignableRoles = {
  userRoles: [
    {
      roleID: 'APP_B2B_BUYER',
      fixed: true,
      roleDisplayName: 'Buyer',
      permissions: [{ permissionDisplayName: 'Purchase' }],
    },
    {
      roleID: 'APP_B2B_ACCOUNT_OWNER',
      fixed: false,
      roleDisplayName: 'Account Admin',
      roleDescription: 'Manages users and settings',
      permissions: [{ permissionDisplayName: 'Manage users' }],
    },
    {
      roleID: 'APP_B2B_COSTCENTER_OWNER',
      fixed: false,
      roleDisplayName: 'Cost Center Manager',
      permissions: [{ permissionDisplayName: 'Manage cost centers' }],
    },
  ],
}

/** `GET …/users/{login}/budgets/history`: this API's chart extension. */
export const budgetHistory = {
  type: 'BudgetHistory',
  budgetPeriod: 'monthly',
  countedPeriod: 'monthly',
  periods: [
    { fromDate: '2026-01-01', toDate: '2026-01-31', budget: money(2000), spentBudget: money(1200) },
    { fromDate: '2026-02-01', toDate: '2026-02-28', budget: money(2000), spentBudget: money(300) },
  ],
}

/** ICM's refusal body with the `error-key` header, optionally with causes naming fields. */
export const refusal = (status: number, code: string, message: string, causes: unknown[] = []) =>
  HttpResponse.json(
    { errors: [{ status: String(status), code, message, ...(causes.length ? { causes } : {}) }] },
    { status, headers: { 'error-key': code } },
  )

type Call = { method: string; url: string; body: any; token: string | null }

/** Records the calls of one method and path, answering each with `reply(body)`. */
export function record(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  reply: (body: any) => Response | JsonBodyType,
) {
  const calls: Call[] = []
  icm.use(
    http[method](icmPath(path), async ({ request }) => {
      const text = await request.text()
      const body = text ? JSON.parse(text) : undefined
      calls.push({
        method: request.method,
        url: request.url,
        body,
        token: request.headers.get('authentication-token'),
      })
      const result = reply(body)
      if (result instanceof Response) return result
      return HttpResponse.json(result)
    }),
  )
  return calls
}

/** The form's own errors (an API refusal) of an action's answer. */
export const formErrorsOf = (data: any): string[] => data.result.error?.[''] ?? []
