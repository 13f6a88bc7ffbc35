/**
 * Cost center management's ICM answers (issue 17) in the shapes ICM sends (commerce-api/icm/schemas/
 * cost-centers.ts and organization.ts; fixture-check holds every mocked answer to them), the session users,
 * and recorders of the calls a page makes.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw'
import type { SessionUser } from '~/services/session.server'
import { icm, icmPath } from './icm-mock'
import { answer, args, nextCookie, signedInCookie as cookieOf } from './loader-args'

export const ADMIN: SessionUser = {
  login: 'jlink@oilcorp.test',
  firstName: 'Jack',
  lastName: 'Link',
  customerNo: 'OilCorp',
  customerType: 'SMBCustomer',
  roles: ['APP_B2B_ACCOUNT_OWNER'],
  permissions: [
    'APP_B2B_MANAGE_USERS',
    'APP_B2B_VIEW_COSTCENTER',
    'APP_B2B_MANAGE_COSTCENTER',
    'APP_B2B_PURCHASE',
  ],
}
/** A cost center owner: sees and changes their own cost centers, may not list the company's users. */
export const OWNER: SessionUser = {
  ...ADMIN,
  login: 'owen@oilcorp.test',
  firstName: 'Owen',
  lastName: 'Owner',
  roles: ['APP_B2B_COSTCENTER_OWNER'],
  permissions: ['APP_B2B_VIEW_COSTCENTER', 'APP_B2B_MANAGE_COSTCENTER', 'APP_B2B_PURCHASE'],
}
/** A user who may read cost centers but owns none (e.g. another cost center's owner). */
export const VIEWER: SessionUser = {
  ...OWNER,
  login: 'vera@oilcorp.test',
  firstName: 'Vera',
  lastName: 'Viewer',
}
/** A buyer: no cost center permission at all. */
export const BUYER: SessionUser = {
  ...ADMIN,
  login: 'bbuyer@oilcorp.test',
  roles: ['APP_B2B_BUYER'],
  permissions: ['APP_B2B_PURCHASE'],
}

export const LIST_URL = '/en/account/organization/cost-centers'

export { cookieOf, nextCookie }

/** The route params of a cost center path (`lang`, and `costCenterId` below `cost-centers/`). */
function paramsOf(path: string) {
  const [, lang = 'en', ...rest] = path.split('?')[0]!.split('/')
  const id = rest[3] && rest[3] !== 'create' ? decodeURIComponent(rest[3]) : undefined
  return { lang, ...(id ? { costCenterId: id } : {}) }
}

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

const money = (value: number, currency = 'EUR') => ({ type: 'Money', value, currency })

/** One cost center as `GET customers/{no}/costcenters/{id}` answers it. */
export function costCenterJson(
  costCenterId = 'CC-100',
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: `0b7c1f6e-4a35-4a8e-9a55-${costCenterId.replace(/\W/g, '').padStart(12, '0').slice(-12)}`,
    costCenterId,
    name: `Cost center ${costCenterId}`,
    active: true,
    costCenterOwner: { login: OWNER.login, firstName: 'Owen', lastName: 'Owner', email: OWNER.login },
    budget: money(5000),
    budgetPeriod: 'monthly',
    spentBudget: money(1200),
    remainingBudget: money(3800),
    pendingOrders: 1,
    approvedOrders: 2,
    buyers: [
      {
        login: 'bbuyer@oilcorp.test',
        firstName: 'Bernd',
        lastName: 'Buyer',
        email: 'bbuyer@oilcorp.test',
        budget: money(500),
        budgetPeriod: 'weekly',
        spentBudget: money(100),
        remainingBudget: money(400),
        approvedOrders: 2,
        pendingOrders: 1,
      },
    ],
    orders: [
      {
        orderNo: '100042',
        orderDate: [2026, 2, 14, 9, 30, 0],
        orderStatus: 'NEW',
        items: 3,
        buyer: {
          attributes: [
            { name: 'login', type: 'String', value: 'bbuyer@oilcorp.test' },
            { name: 'firstName', type: 'String', value: 'Bernd' },
            { name: 'lastName', type: 'String', value: 'Buyer' },
          ],
        },
        orderTotalGross: money(119),
        orderTotalNet: money(100),
      },
    ],
    ...overrides,
  }
}

/**
 * `GET customers/{no}/costcenters`: a Link to each cost center (an id, or its answer of `costCenterJson`) with
 * its list columns as attributes, `itemId` its `id`, and the paging info.
 */
export const costCenterList = (
  entries: (string | Record<string, unknown>)[],
  info = { offset: 0, limit: 25, total: entries.length },
) => ({
  data: entries
    .map((entry) => (typeof entry === 'string' ? costCenterJson(entry) : entry))
    .map((costCenter) => {
      const attribute = (name: string, type: string) =>
        costCenter[name] === undefined ? [] : [{ name, type, value: costCenter[name] }]
      return {
        type: 'Link',
        uri: `ironbridge-Site/-/customers/OilCorp/costcenters/${String(costCenter.id)}`,
        title: costCenter.name,
        itemId: costCenter.id,
        attributes: [
          ...attribute('costCenterId', 'String'),
          ...attribute('name', 'String'),
          ...attribute('active', 'Boolean'),
          ...attribute('costCenterOwner', 'Object'),
          ...attribute('budget', 'MoneyRO'),
          ...attribute('budgetPeriod', 'String'),
          ...attribute('spentBudget', 'MoneyRO'),
          ...attribute('remainingBudget', 'MoneyRO'),
          ...attribute('pendingOrders', 'Integer'),
          ...attribute('approvedOrders', 'Integer'),
        ],
      }
    }),
  info,
})

/** One user of `GET customers/{no}/users`: a Link with the login and typed attributes. */
export const userLink = (login: string, roles: string[], active = true) => ({
  type: 'Link',
  uri: `ironbridge-Site/-/customers/OilCorp/users/${encodeURIComponent(login)}`,
  title: login,
  login,
  attributes: [
    { name: 'firstName', type: 'String', value: login.split('@')[0]!.toUpperCase() },
    { name: 'lastName', type: 'String', value: 'Test' },
    { name: 'email', type: 'String', value: login },
    { name: 'roleIDs', type: 'MultipleString', value: roles },
    { name: 'active', type: 'Boolean', value: active },
    { name: 'spentBudget', type: 'MoneyRO', value: money(0) },
  ],
})

export const companyUsers = () => ({
  type: 'ResourceCollection',
  name: 'users',
  elements: [
    userLink(ADMIN.login, ['APP_B2B_ACCOUNT_OWNER']),
    userLink(OWNER.login, ['APP_B2B_COSTCENTER_OWNER']),
    userLink('bbuyer@oilcorp.test', ['APP_B2B_BUYER']),
    userLink('anna@oilcorp.test', ['APP_B2B_BUYER']),
    userLink('olga@oilcorp.test', ['APP_B2B_OCI_USER']),
    userLink('gone@oilcorp.test', ['APP_B2B_BUYER'], false),
  ],
  amount: 6,
  offset: 0,
  total: 6,
})

export type Call = {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  accept: string | null
}

/**
 * Answers ICM calls below `customers/OilCorp/` (a regex source over the rest of the path) and records them.
 * `reply` gets the request and returns a JSON body (200), a Response, or null (204).
 */
export function recordIcm(
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  reply: (request: Request) => JsonBodyType | Response | null | Promise<JsonBodyType | Response | null>,
  status = 200,
) {
  const calls: Call[] = []
  icm.use(
    http[method](icmPath(`customers/OilCorp/${path}`), async ({ request }) => {
      const url = new URL(request.url)
      const text = method === 'get' ? '' : await request.clone().text()
      calls.push({
        method: request.method,
        path: decodeURIComponent(url.pathname.replace(/^.*\/customers\/OilCorp\//, '')),
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
        accept: request.headers.get('accept'),
      })
      const result = await reply(request)
      if (result instanceof Response) return result
      if (result === null) return new HttpResponse(null, { status: 204 })
      return HttpResponse.json(result, { status })
    }),
  )
  return calls
}

/**
 * A cost center's detail, and its chart history: `history` as this API answers it, or by default the 404 of
 * a real ICM, which does not have it.
 */
export function detailOf(costCenter = costCenterJson(), history?: JsonBodyType) {
  const id = String(costCenter.costCenterId)
  recordIcm('get', `costcenters/${id}/budgets/history`, () =>
    history
      ? history
      : HttpResponse.json(
          { errors: [{ status: '404', code: 'resource.not_found', message: 'not found' }] },
          { status: 404 },
        ),
  )
  return recordIcm('get', `costcenters/${id}`, () => costCenter)
}
