/**
 * Requisitions' ICM answers (issue 18) in the shapes ICM sends (commerce-api/icm/schemas/requisitions.ts;
 * fixture-check holds every mocked answer to it), the session users of the requisition pages, and a recorder
 * of the calls a page makes below `customers/-/users/-/requisitions`.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw'
import type { SessionUser } from '~/services/session.server'
import { icm, icmPath, money } from './icm-mock'
import { answer, args, signedInCookie } from './loader-args'
import { orderEnvelope } from './order-fixtures'

const CUSTOMER: Omit<SessionUser, 'login' | 'roles' | 'permissions'> = {
  customerNo: 'OilCorp',
  customerType: 'SMBCustomer',
}

/** A buyer: may order, approves nothing. */
export const BUYER: SessionUser = {
  ...CUSTOMER,
  login: 'bbuyer@oilcorp.test',
  firstName: 'Bernd',
  lastName: 'Buyer',
  roles: ['APP_B2B_BUYER'],
  permissions: ['APP_B2B_PURCHASE'],
}
/** One of the company's approvers. */
export const APPROVER: SessionUser = {
  ...CUSTOMER,
  login: 'aapprover@oilcorp.test',
  firstName: 'Aaron',
  lastName: 'Approver',
  roles: ['APP_B2B_APPROVER'],
  permissions: ['APP_B2B_ORDER_APPROVAL', 'APP_B2B_PURCHASE'],
}
/** A cost center's owner, who approves for their cost center only. */
export const OWNER: SessionUser = {
  ...CUSTOMER,
  login: 'ccowner@oilcorp.test',
  firstName: 'Clara',
  lastName: 'Owner',
  roles: ['APP_B2B_COSTCENTER_OWNER'],
  permissions: ['EDE_APP_B2B_COSTCENTER_APPROVAL', 'APP_B2B_PURCHASE'],
}
/** A private customer: no requisitions at all. */
export const PRIVATE: SessionUser = {
  login: 'patricia@example.com',
  customerNo: 'P1000',
  customerType: 'PrivateCustomer',
  roles: [],
  permissions: [],
}

export const person = (user: SessionUser) => ({
  firstName: user.firstName!,
  lastName: user.lastName!,
  email: user.login,
})

export const ID = '0f7c1f4e-2222-4b5a-9c1d-000000000003'
export const OTHER_ID = '0f7c1f4e-2222-4b5a-9c1d-000000000004'

const CREATED = Date.UTC(2026, 2, 12, 9, 30)
const DECIDED = Date.UTC(2026, 2, 13, 15, 0)

type Status = 'PENDING' | 'APPROVED' | 'REJECTED'
type Stage = {
  stage: 'customer' | 'costCenter'
  statusCode: Status
  approvers: ReturnType<typeof person>[]
  approvalDate?: number
  decidedBy?: ReturnType<typeof person>
  approvalComment?: string
}

/** A stage as this API answers it, decided when `by` is given. */
export function stage(
  name: Stage['stage'],
  statusCode: Status,
  approvers: SessionUser[],
  by?: SessionUser,
  comment?: string,
): Stage {
  return {
    stage: name,
    statusCode,
    approvers: approvers.map(person),
    ...(by ? { approvalDate: DECIDED, decidedBy: person(by) } : {}),
    ...(comment ? { approvalComment: comment } : {}),
  }
}

export type RequisitionOptions = {
  requisitionNo?: string
  status?: Status
  stages?: Stage[]
  orderNo?: string
  buyer?: SessionUser
  systemRejectErrors?: { code: string; message: string }[]
  costCenter?: { id: string; name: string }
}

/**
 * One requisition as `GET …/requisitions/{id}?include=…` answers it: the order fixture's basket (lines,
 * addresses, shipping, payment, discount, totals) as submitted, with the requisition's own fields.
 */
export function requisitionEnvelope(id = ID, options: RequisitionOptions = {}) {
  const {
    requisitionNo = '1003',
    status = 'PENDING',
    stages = [stage('customer', 'PENDING', [APPROVER])],
    orderNo,
    buyer = BUYER,
    systemRejectErrors,
    costCenter,
  } = options
  const order = orderEnvelope(id)
  const {
    documentNumber: _number,
    creationDate: _created,
    statusCode: _statusCode,
    status: _status,
    orderCreation: _creation,
    basket: _basket,
    email: _email,
    trackingLinks: _tracking,
    ...basket
  } = order.data
  const decided = stages.filter((s) => s.decidedBy)
  const customer = stages.find((s) => s.stage === 'customer')
  const center = stages.find((s) => s.stage === 'costCenter')
  const reasons = [
    {
      limit: 'orderSpentLimit',
      stage: 'customer',
      allowed: money(100, 'EUR'),
      amount: money(139.83, 'EUR'),
      exceededBy: money(39.83, 'EUR'),
      priceType: 'gross',
      orderTotal: money(139.83, 'EUR'),
    },
    ...(center
      ? [
          {
            limit: 'costCenterBuyerBudget',
            stage: 'costCenter',
            allowed: money(500, 'EUR'),
            amount: money(639.83, 'EUR'),
            exceededBy: money(139.83, 'EUR'),
            leftAfter: money(-139.83, 'EUR'),
            priceType: 'gross',
            spent: money(400, 'EUR'),
            pending: money(100, 'EUR'),
            orderTotal: money(139.83, 'EUR'),
          },
        ]
      : []),
  ]
  return {
    data: {
      ...basket,
      requisitionNo,
      ...(orderNo ? { orderNo, order: { itemId: id } } : {}),
      creationDate: CREATED,
      lineItemCount: 2,
      totalGross: money(139.83, 'EUR'),
      totalNet: money(117.5, 'EUR'),
      userInformation: { login: buyer.login, ...person(buyer) },
      userBudgets: {
        orderSpentLimit: money(100, 'EUR'),
        budget: money(1000, 'EUR'),
        budgetPeriod: 'monthly',
        spentBudget: money(250, 'EUR'),
        remainingBudget: money(750, 'EUR'),
      },
      approvalStatus: {
        status: status.toLowerCase(),
        statusCode: status,
        ...(status !== 'PENDING' ? { approvalDate: DECIDED } : {}),
        ...(decided.length ? { approvers: decided.map((s) => s.decidedBy!) } : {}),
        ...(decided.find((s) => s.approvalComment)
          ? { approvalComment: decided.find((s) => s.approvalComment)!.approvalComment }
          : {}),
        ...(customer
          ? { customerApproval: { statusCode: customer.statusCode, approvers: customer.approvers } }
          : {}),
        ...(center
          ? {
              costCenterApproval: {
                statusCode: center.statusCode,
                approvers: center.approvers,
                ...(costCenter ? { costCenterID: costCenter.id, costCenterName: costCenter.name } : {}),
              },
            }
          : {}),
        stages,
        reasons,
      },
      ...(systemRejectErrors ? { systemRejected: true, systemRejectErrors } : {}),
      attributes: costCenter
        ? [{ name: 'BusinessObjectAttributes#Order_CostCenter', type: 'String', value: costCenter.id }]
        : [],
    },
    included: order.included,
    infos: [],
  }
}

/** `GET …/requisitions?view=&status=`: the requisitions' data without lines, and the page. */
export function requisitionList(
  envelopes: ReturnType<typeof requisitionEnvelope>[],
  info: { limit: number; offset: number; total: number } = {
    limit: 25,
    offset: 0,
    total: envelopes.length,
  },
) {
  return { data: envelopes.map((e) => e.data), info }
}

/** `GET customers/-/users/-`: the logged-in user. */
export const ownUser = (user: SessionUser) => ({
  login: user.login,
  email: user.login,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  active: true,
})

export type Call = { method: string; path: string; query: URLSearchParams; body: any }

/**
 * Answers ICM calls below `customers/-/users/-/requisitions` (`rest`, a regex source: '' for the list, '/<id>'
 * for one) and records them. `reply` gets the request and returns a JSON body (200) or a Response.
 */
export function recordRequisitions(
  method: 'get' | 'patch',
  rest: string,
  reply: (request: Request) => JsonBodyType | Response | Promise<JsonBodyType | Response>,
) {
  const calls: Call[] = []
  icm.use(
    http[method](icmPath(`customers/-/users/-/requisitions${rest}`), async ({ request }) => {
      const url = new URL(request.url)
      const text = method === 'get' ? '' : await request.clone().text()
      calls.push({
        method: request.method,
        path: decodeURIComponent(url.pathname.replace(/^.*\/requisitions/, 'requisitions')),
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
      })
      const result = await reply(request)
      return result instanceof Response ? result : HttpResponse.json(result)
    }),
  )
  return calls
}

/** The route params of a requisition path (`lang`, and `requisitionId` below the view). */
function paramsOf(path: string) {
  const [, lang = 'en', , , , id] = path.split('?')[0]!.split('/')
  return { lang, ...(id ? { requisitionId: decodeURIComponent(id) } : {}) }
}

/** Calls a loader or action as the given user (the approver by default), with a form when posting. */
export const page = async (
  fn: (a: any) => Promise<unknown>,
  path: string,
  {
    user = APPROVER,
    form,
  }: { user?: SessionUser | null; form?: Record<string, string> | URLSearchParams } = {},
) => answer(fn, args(path, { cookie: await signedInCookie(user), form, params: paramsOf(path) }))

export const LIST = '/en/account/requisitions'
