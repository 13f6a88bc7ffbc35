/**
 * The requisition pages (issue 18, organization-and-requisitions §2, §4, §8, §9): the guards (login, business
 * customers, the approval permissions), the buyer's and the approver's lists per status with paging, a
 * requisition's page in both views, an approver's decision with the API's refusals, the bulk decision with
 * mixed outcomes, and the widgets' data. ICM is the msw mock; every fixture is held to the wire schema.
 */
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as indexLoader } from '~/routes/$lang._shop.account.requisitions._index'
import {
  action as bulkAction,
  loader as approverListLoader,
} from '~/routes/$lang._shop.account.requisitions.approver._index'
import {
  action as decisionAction,
  loader as approverDetailLoader,
} from '~/routes/$lang._shop.account.requisitions.approver.$requisitionId'
import { loader as buyerListLoader } from '~/routes/$lang._shop.account.requisitions.buyer._index'
import {
  action as withdrawalAction,
  loader as buyerDetailLoader,
} from '~/routes/$lang._shop.account.requisitions.buyer.$requisitionId'
import { loader as errorLoader } from '~/routes/$lang._shop.error'
import { requisitionWidgets } from '~/services/requisitions.server'
import { localeByLang } from '~/models/locale'
import { get, icm, icmError } from './icm-mock'
import { sessionFrom } from './loader-args'
import {
  APPROVER,
  BUYER,
  ID,
  LIST,
  OTHER_ID,
  OWNER,
  PRIVATE,
  ownUser,
  page,
  recordRequisitions,
  requisitionEnvelope,
  requisitionList,
  stage,
} from './requisition-fixtures'
import './setup'

const DETAIL = `${LIST}/approver/${ID}`
const formErrorsOf = (data: any): string[] => data.result.error?.[''] ?? []
const toastOf = async (setCookie: string | null) => (await sessionFrom(setCookie)).get('toast')

describe('the guards of the requisition pages', () => {
  it('sends a visitor to the login page, keeping the page and its query', async () => {
    for (const [loader, path] of [
      [buyerListLoader, `${LIST}/buyer?status=APPROVED`],
      [approverDetailLoader, DETAIL],
      [indexLoader, LIST],
    ] as const) {
      const { response } = await page(loader, path, { user: null })
      expect(response.status).toBe(302)
      const location = new URL(response.headers.get('Location')!, 'http://shop.test')
      expect(location.pathname).toBe('/en/login')
      expect(location.searchParams.get('returnUrl')).toBe(path)
    }
  })

  it('sends a private customer to the missing-permission page, which answers 404, without asking ICM', async () => {
    const calls = recordRequisitions('get', '.*', () => requisitionList([]))
    const buyer = await page(buyerListLoader, `${LIST}/buyer`, { user: PRIVATE })
    expect(buyer.response.headers.get('Location')).toBe(
      '/en/error?error=missing-permission&value=APP_B2B_PURCHASE',
    )
    const approver = await page(approverListLoader, `${LIST}/approver`, { user: PRIVATE })
    const target = '/en/error?error=missing-permission&value=APP_B2B_ORDER_APPROVAL'
    expect(approver.response.headers.get('Location')).toBe(target)
    expect(calls).toEqual([])
    const error = await page(errorLoader, target, { user: PRIVATE })
    expect(error.response.status).toBe(404)
  })

  it('sends a buyer without an approval permission away from the approver view, its pages and its posts', async () => {
    const calls = recordRequisitions('get', '.*', () => requisitionList([]))
    const patches = recordRequisitions('patch', '.*', () => requisitionEnvelope())
    const target = '/de/error?error=missing-permission&value=APP_B2B_ORDER_APPROVAL'
    const german = `/de/account/requisitions/approver`
    for (const [fn, path, form] of [
      [approverListLoader, german, undefined],
      [approverDetailLoader, `${german}/${ID}`, undefined],
      [decisionAction, `${german}/${ID}`, { intent: 'approve' }],
      [bulkAction, german, { intent: 'bulk-approve', ids: ID }],
    ] as const) {
      const { response } = await page(fn, path, { user: BUYER, form })
      expect(response.headers.get('Location')).toBe(target)
    }
    expect([...calls, ...patches]).toEqual([])
  })

  it('lets a cost center owner with cost center approval only into the approver view', async () => {
    recordRequisitions('get', '', () => requisitionList([]))
    const { response, data } = await page(approverListLoader, `${LIST}/approver`, { user: OWNER })
    expect(response.status).toBe(200)
    expect(data.mayApprove).toBe(true)
  })

  it('sends the area’s own path to the buyer’s list, with its query', async () => {
    const { response } = await page(indexLoader, `${LIST}?status=REJECTED`, { user: BUYER })
    expect(response.headers.get('Location')).toBe(`${LIST}/buyer?status=REJECTED`)
  })
})

describe('the requisition lists', () => {
  it('show the buyer’s pending requisitions by default, 25 a page, with number, total and who approves', async () => {
    const calls = recordRequisitions('get', '', () =>
      requisitionList([
        requisitionEnvelope(ID),
        requisitionEnvelope(OTHER_ID, {
          requisitionNo: '1004',
          stages: [
            stage('customer', 'APPROVED', [APPROVER], APPROVER),
            stage('costCenter', 'PENDING', [OWNER]),
          ],
        }),
      ]),
    )
    const { response, data } = await page(buyerListLoader, `${LIST}/buyer`, { user: BUYER })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      view: 'buyer',
      status: 'PENDING',
      limit: '25',
      offset: '0',
    })
    expect(data).toMatchObject({ title: 'Requisitions', view: 'buyer', status: 'PENDING', page: 1, pages: 1 })
    expect(data.bulk).toBe(false)
    expect(data.mayApprove).toBe(false)
    expect(data.rows).toEqual([
      {
        id: ID,
        requisitionNo: '1003',
        creationDate: '2026-03-12T09:30:00.000Z',
        buyer: 'Bernd Buyer',
        total: { gross: { value: 139.83, currency: 'EUR' }, net: { value: 117.5, currency: 'EUR' } },
        status: 'PENDING',
        approvers: ['Aaron Approver'],
        lineItemCount: 2,
      },
      expect.objectContaining({ requisitionNo: '1004', approvers: ['Clara Owner'] }),
    ])
  })

  it('ask ICM for the approver’s page and status; decided ones name who decided and when', async () => {
    const calls = recordRequisitions('get', '', () =>
      requisitionList(
        [
          requisitionEnvelope(ID, {
            status: 'APPROVED',
            orderNo: '100045',
            stages: [stage('customer', 'APPROVED', [APPROVER, OWNER], APPROVER)],
          }),
        ],
        { limit: 25, offset: 25, total: 26 },
      ),
    )
    const { data } = await page(approverListLoader, `${LIST}/approver?status=approved&page=2`)
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      view: 'approver',
      status: 'APPROVED',
      limit: '25',
      offset: '25',
    })
    expect(data).toMatchObject({ title: 'Approvals', status: 'APPROVED', page: 2, pages: 2, total: 26 })
    expect(data.bulk).toBe(false)
    expect(data.rows[0]).toMatchObject({
      status: 'APPROVED',
      approvalDate: '2026-03-13T15:00:00.000Z',
      approvers: ['Aaron Approver'],
      buyer: 'Bernd Buyer',
    })
  })

  it('offer the approver’s pending list for a bulk decision', async () => {
    recordRequisitions('get', '', () => requisitionList([requisitionEnvelope()]))
    const { data } = await page(approverListLoader, `${LIST}/approver?status=PENDING`)
    expect(data.bulk).toBe(true)
  })

  it('answer 400 for a status they do not know, without asking ICM, and read nonsense pages as the first', async () => {
    const calls = recordRequisitions('get', '', () => requisitionList([]))
    const bad = await page(buyerListLoader, `${LIST}/buyer?status=OPEN`, { user: BUYER })
    expect(bad.response.status).toBe(400)
    expect(calls).toEqual([])
    const { data } = await page(buyerListLoader, `${LIST}/buyer?page=-3`, { user: BUYER })
    expect(calls[0]!.query.get('offset')).toBe('0')
    expect(data).toMatchObject({ rows: [], page: 1, pages: 1, total: 0 })
  })

  it('send an approver whose permission ICM no longer grants to the missing-permission page', async () => {
    recordRequisitions('get', '', () => icmError(403, 'authorization.forbidden'))
    const { response } = await page(approverListLoader, `${LIST}/approver`)
    expect(response.headers.get('Location')).toBe(
      '/en/error?error=missing-permission&value=APP_B2B_ORDER_APPROVAL',
    )
  })
})

describe('a requisition’s page', () => {
  it('shows the buyer their requisition as submitted: lines, totals, addresses, cost center, reasons, stages', async () => {
    const calls = recordRequisitions('get', `/${ID}`, () =>
      requisitionEnvelope(ID, {
        stages: [
          stage('customer', 'APPROVED', [APPROVER], APPROVER),
          stage('costCenter', 'PENDING', [OWNER]),
        ],
        costCenter: { id: '100400', name: 'Marketing' },
      }),
    )
    const { response, data } = await page(buyerDetailLoader, `${LIST}/buyer/${ID}`, { user: BUYER })
    expect(response.status).toBe(200)
    expect(calls[0]!.query.get('include')).toBe(
      'lineItems,invoiceToAddress,commonShipToAddress,commonShippingMethod,discounts,payments,payments_paymentMethod,payments_paymentInstrument',
    )
    const { requisition } = data
    expect(data).toMatchObject({ title: 'Requisition 1003', view: 'buyer', mayDecide: false })
    expect(requisition).toMatchObject({
      requisitionNo: '1003',
      status: 'PENDING',
      buyer: { login: BUYER.login, name: 'Bernd Buyer', email: BUYER.login },
      budget: {
        orderSpentLimit: { value: 100, currency: 'EUR' },
        budget: { value: 1000, currency: 'EUR' },
        budgetPeriod: 'monthly',
        spent: { value: 250, currency: 'EUR' },
        remaining: { value: 750, currency: 'EUR' },
      },
      costCenter: { id: '100400', name: 'Marketing' },
      reasons: [
        { limit: 'orderSpentLimit', exceededBy: { value: 39.83, currency: 'EUR' } },
        { limit: 'costCenterBuyerBudget', allowed: { value: 500, currency: 'EUR' } },
      ],
      stages: [
        {
          stage: 'customer',
          status: 'APPROVED',
          approvers: [{ name: 'Aaron Approver', email: APPROVER.login }],
          decidedBy: 'Aaron Approver',
          decidedAt: '2026-03-13T15:00:00.000Z',
        },
        { stage: 'costCenter', status: 'PENDING', approvers: [{ name: 'Clara Owner', email: OWNER.login }] },
      ],
      systemRejected: false,
    })
    expect(requisition.order).toBeUndefined()
    expect(requisition.details.lines.map((l: any) => [l.sku, l.quantity, l.fulfillmentStatus])).toEqual([
      ['1000042', 2, undefined],
      ['2000007', 1, undefined],
    ])
    expect(requisition.details).toMatchObject({
      costCenter: { id: '100400', name: 'Marketing' },
      invoiceToAddress: { firstName: 'Patricia' },
      shippingMethod: { name: 'Standard ground' },
      payment: { methodName: 'Direct debit' },
      totals: { total: { gross: { value: 139.83 } } },
    })
  })

  it('is not found for the buyer when it is someone else’s, or when ICM does not know it', async () => {
    icm.use(get('customers/-/users/-', ownUser(APPROVER)))
    recordRequisitions('get', `/${ID}`, () => requisitionEnvelope(ID, { buyer: OWNER }))
    recordRequisitions('get', `/${OTHER_ID}`, () => icmError(404, 'requisition.not_found.error'))
    expect((await page(buyerDetailLoader, `${LIST}/buyer/${ID}`, { user: BUYER })).response.status).toBe(404)
    expect(
      (await page(buyerDetailLoader, `${LIST}/buyer/${OTHER_ID}`, { user: BUYER })).response.status,
    ).toBe(404)
    expect((await page(approverDetailLoader, `${LIST}/approver/${OTHER_ID}`)).response.status).toBe(404)
  })

  it('lets an approver decide while a stage of theirs is pending, and only then', async () => {
    icm.use(get('customers/-/users/-', ownUser(OWNER)))
    let stages = [
      stage('customer', 'APPROVED', [APPROVER], APPROVER),
      stage('costCenter', 'PENDING', [OWNER]),
    ]
    let status: 'PENDING' | 'APPROVED' = 'PENDING'
    recordRequisitions('get', `/${ID}`, () => requisitionEnvelope(ID, { stages, status }))
    const owner = await page(approverDetailLoader, DETAIL, { user: OWNER })
    expect(owner.data).toMatchObject({ view: 'approver', mayDecide: true, mayApprove: true })

    // The customer stage is decided: the company's approver has nothing left to decide.
    icm.use(get('customers/-/users/-', ownUser(APPROVER)))
    expect((await page(approverDetailLoader, DETAIL)).data.mayDecide).toBe(false)

    stages = [stage('customer', 'PENDING', [APPROVER])]
    expect((await page(approverDetailLoader, DETAIL)).data.mayDecide).toBe(true)
    status = 'APPROVED'
    expect((await page(approverDetailLoader, DETAIL)).data.mayDecide).toBe(false)
  })
})

describe('an approver’s decision', () => {
  it('approves with one post and comes back to the page with the order’s number in words', async () => {
    const patches = recordRequisitions('patch', `/${ID}`, () =>
      requisitionEnvelope(ID, {
        status: 'APPROVED',
        orderNo: '100045',
        stages: [stage('customer', 'APPROVED', [APPROVER], APPROVER)],
      }),
    )
    const { response, setCookie } = await page(decisionAction, DETAIL, { form: { intent: 'approve' } })
    expect(patches.map((call) => call.body)).toEqual([
      { type: 'ApprovalStatusChange', statusCode: 'APPROVED' },
    ])
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(DETAIL)
    expect(await toastOf(setCookie)).toEqual({
      key: 'account.requisitions.decision.approved_order',
      values: { requisitionNo: '1003', orderNo: '100045' },
      type: 'success',
    })
  })

  it('refuses a rejection without a comment (400, the error at the field) and asks ICM nothing', async () => {
    const patches = recordRequisitions('patch', `/${ID}`, () => requisitionEnvelope())
    for (const comment of ['', '   ']) {
      const { response, data } = await page(decisionAction, `/de/account/requisitions/approver/${ID}`, {
        form: { intent: 'reject', comment },
      })
      expect(response.status).toBe(400)
      expect(data.intent).toBe('reject')
      expect(data.result.error.comment).toEqual([
        'Bitte nennen Sie dem Besteller einen Grund für die Ablehnung.',
      ])
    }
    const long = await page(decisionAction, DETAIL, { form: { intent: 'reject', comment: 'x'.repeat(1001) } })
    expect(long.response.status).toBe(400)
    expect(long.data.result.error.comment).toEqual(['Please write at most 1000 characters.'])
    expect(patches).toEqual([])
  })

  it('rejects with the comment and says so', async () => {
    const patches = recordRequisitions('patch', `/${ID}`, () =>
      requisitionEnvelope(ID, {
        status: 'REJECTED',
        stages: [stage('customer', 'REJECTED', [APPROVER], APPROVER, 'Please order the smaller pack.')],
      }),
    )
    const { response, setCookie } = await page(decisionAction, DETAIL, {
      form: { intent: 'reject', comment: '  Please order the smaller pack. ' },
    })
    expect(patches.map((call) => call.body)).toEqual([
      {
        type: 'ApprovalStatusChange',
        statusCode: 'REJECTED',
        approvalComment: 'Please order the smaller pack.',
      },
    ])
    expect(response.status).toBe(303)
    expect(await toastOf(setCookie)).toEqual({
      key: 'account.requisitions.decision.rejected',
      values: { requisitionNo: '1003' },
      type: 'success',
    })
  })

  it('tells when the shop rejected it because the prices changed, and when it waits for another stage', async () => {
    recordRequisitions('patch', `/${ID}`, () =>
      requisitionEnvelope(ID, {
        status: 'REJECTED',
        stages: [stage('customer', 'APPROVED', [APPROVER], APPROVER)],
        systemRejectErrors: [
          {
            code: 'requisition.prices.changed.error',
            message: 'The prices have changed since the requisition was submitted.',
          },
        ],
      }),
    )
    const rejected = await page(decisionAction, DETAIL, { form: { intent: 'approve' } })
    expect(await toastOf(rejected.setCookie)).toEqual({
      key: 'account.requisitions.decision.system_rejected.prices',
      values: { requisitionNo: '1003' },
      type: 'error',
    })
    icm.resetHandlers()
    recordRequisitions('patch', `/${ID}`, () =>
      requisitionEnvelope(ID, {
        stages: [
          stage('customer', 'APPROVED', [APPROVER], APPROVER),
          stage('costCenter', 'PENDING', [OWNER]),
        ],
      }),
    )
    const staged = await page(decisionAction, DETAIL, { form: { intent: 'approve' } })
    expect((await toastOf(staged.setCookie))?.key).toBe('account.requisitions.decision.stage_approved')
  })

  it('goes back to the page with the API’s reason when the requisition was decided meanwhile (409)', async () => {
    recordRequisitions('patch', `/${ID}`, () => icmError(409, 'requisition.already_decided.error'))
    const { response, setCookie } = await page(decisionAction, DETAIL, { form: { intent: 'approve' } })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(DETAIL)
    expect(await toastOf(setCookie)).toEqual({ key: 'requisition.already_decided.error', type: 'error' })
  })

  it('shows the API’s other refusals in words on the form: own requisition (403), comment (422); 404 is a 404', async () => {
    recordRequisitions('patch', `/${ID}`, () => icmError(403, 'requisition.approval.own.error'))
    const own = await page(decisionAction, `/fr/account/requisitions/approver/${ID}`, {
      form: { intent: 'approve' },
    })
    expect(own.response.status).toBe(403)
    expect(own.data.intent).toBe('approve')
    expect(formErrorsOf(own.data)).toEqual([
      'Vous ne pouvez ni approuver ni rejeter votre propre demande d’achat.',
    ])

    icm.resetHandlers()
    const cause = {
      code: 'requisition.approval_comment.required.error',
      message: 'A rejection needs a comment for the buyer.',
      paths: ['approvalComment'],
    }
    recordRequisitions('patch', `/${ID}`, () =>
      icmError(422, 'requisition.approval_comment.required.error', cause.message, [cause]),
    )
    const comment = await page(decisionAction, DETAIL, { form: { intent: 'reject', comment: 'ok' } })
    expect(comment.response.status).toBe(422)
    expect(comment.data.result.error.comment).toEqual(['Please give the buyer a reason for rejecting.'])

    icm.resetHandlers()
    recordRequisitions('patch', `/${ID}`, () => icmError(404, 'requisition.not_found.error'))
    expect((await page(decisionAction, DETAIL, { form: { intent: 'approve' } })).response.status).toBe(404)
  })

  it('says in words that the approver may no longer decide when their role went meanwhile (403, issue 31)', async () => {
    recordRequisitions('patch', `/${ID}`, () => icmError(403, 'requisition.approval.not_approver.error'))
    const refused = await page(decisionAction, `/pl/account/requisitions/approver/${ID}`, {
      form: { intent: 'approve' },
    })
    expect(refused.response.status).toBe(403)
    expect(formErrorsOf(refused.data)).toEqual([
      'Nie jesteś już osobą zatwierdzającą to zapotrzebowanie, więc nie możesz o nim zdecydować.',
    ])
  })
})

describe('the bulk decision of the approver list', () => {
  const A = '0f7c1f4e-2222-4b5a-9c1d-00000000000a'
  const B = '0f7c1f4e-2222-4b5a-9c1d-00000000000b'
  const C = '0f7c1f4e-2222-4b5a-9c1d-00000000000c'
  const D = '0f7c1f4e-2222-4b5a-9c1d-00000000000d'
  const form = (intent: string, ids: string[], comment?: string) => {
    const body = new URLSearchParams({ intent })
    for (const id of ids) body.append('ids', id)
    if (comment !== undefined) body.set('comment', comment)
    return body
  }

  it('decides each requisition with its own request and says what happened to each, in words', async () => {
    const patches = recordRequisitions('patch', '/[^/?]+', (request) => {
      const id = new URL(request.url).pathname.split('/').pop()
      if (id === A)
        return requisitionEnvelope(A, {
          requisitionNo: '1001',
          status: 'APPROVED',
          orderNo: '100045',
          stages: [stage('customer', 'APPROVED', [APPROVER], APPROVER)],
        })
      if (id === B) return icmError(409, 'requisition.already_decided.error')
      if (id === C) return icmError(404, 'requisition.not_found.error')
      return requisitionEnvelope(D, {
        requisitionNo: '1004',
        status: 'REJECTED',
        stages: [stage('customer', 'APPROVED', [APPROVER], APPROVER)],
        systemRejectErrors: [{ code: 'basket.validation.something.error', message: 'Something else.' }],
      })
    })
    recordRequisitions('get', `/${B}`, () =>
      requisitionEnvelope(B, { requisitionNo: '1002', status: 'APPROVED', orderNo: '100044' }),
    )
    recordRequisitions('get', `/${C}`, () => icmError(404, 'requisition.not_found.error'))
    const { response, data } = await page(bulkAction, `${LIST}/approver`, {
      form: form('bulk-approve', [A, B, C, D, A]),
    })
    expect(response.status).toBe(200)
    expect(patches.map((call) => [call.path, call.body.statusCode])).toEqual([
      [`requisitions/${A}`, 'APPROVED'],
      [`requisitions/${B}`, 'APPROVED'],
      [`requisitions/${C}`, 'APPROVED'],
      [`requisitions/${D}`, 'APPROVED'],
    ])
    expect(data.outcomes).toEqual([
      { kind: 'approved', requisitionNo: '1001', orderNo: '100045', orderId: A },
      { kind: 'already-decided', requisitionNo: '1002', code: 'requisition.already_decided.error' },
      {
        kind: 'failed',
        requisitionNo: undefined,
        errors: [{ code: 'requisition.not_found.error', message: 'requisition.not_found.error' }],
      },
      {
        kind: 'system-rejected',
        requisitionNo: '1004',
        errors: [{ code: 'basket.validation.something.error', message: 'Something else.' }],
      },
    ])
  })

  it('rejects each with the one comment, and refuses a rejection without one (400) before asking ICM', async () => {
    const patches = recordRequisitions('patch', '/[^/?]+', (request) =>
      requisitionEnvelope(new URL(request.url).pathname.split('/').pop(), {
        status: 'REJECTED',
        stages: [stage('customer', 'REJECTED', [APPROVER], APPROVER, 'Too expensive.')],
      }),
    )
    const blank = await page(bulkAction, `${LIST}/approver`, { form: form('bulk-reject', [A, B], ' ') })
    expect(blank.response.status).toBe(400)
    expect(blank.data.result.error.comment).toEqual([
      'Please give a reason for rejecting the selected requisitions.',
    ])
    expect(patches).toEqual([])
    const { data } = await page(bulkAction, `${LIST}/approver`, {
      form: form('bulk-reject', [A, B], 'Too expensive.'),
    })
    expect(patches.map((call) => call.body)).toEqual([
      { type: 'ApprovalStatusChange', statusCode: 'REJECTED', approvalComment: 'Too expensive.' },
      { type: 'ApprovalStatusChange', statusCode: 'REJECTED', approvalComment: 'Too expensive.' },
    ])
    expect(data.outcomes.map((o: any) => o.kind)).toEqual(['rejected', 'rejected'])
  })

  it('needs at least one and at most 25 requisitions', async () => {
    const patches = recordRequisitions('patch', '/[^/?]+', () => requisitionEnvelope())
    const none = await page(bulkAction, `${LIST}/approver`, { form: form('bulk-approve', []) })
    expect(none.response.status).toBe(400)
    expect(none.data.result.error.ids).toEqual(['Please select at least one requisition.'])
    const ids = Array.from(
      { length: 26 },
      (_, i) => `0f7c1f4e-2222-4b5a-9c1d-0000000001${String(i).padStart(2, '0')}`,
    )
    const many = await page(bulkAction, `${LIST}/approver`, { form: form('bulk-approve', ids) })
    expect(many.response.status).toBe(400)
    expect(many.data.result.error.ids).toEqual(['Please select at most 25 requisitions at once.'])
    expect(patches).toEqual([])
  })

  it('takes a single chosen requisition as a list of one', async () => {
    const patches = recordRequisitions('patch', '/[^/?]+', () =>
      requisitionEnvelope(A, { status: 'APPROVED', orderNo: '100046' }),
    )
    const { data } = await page(bulkAction, `${LIST}/approver`, { form: form('bulk-approve', [A]) })
    expect(patches).toHaveLength(1)
    expect(data.outcomes[0]).toMatchObject({ kind: 'approved', orderNo: '100046' })
  })
})

describe('the requisition widgets’ data', () => {
  const scopeOf = async () => ({ locale: localeByLang('en')!, token: 'user-token' })

  it('counts the pending requisitions of both views and names the latest of each', async () => {
    const calls = recordRequisitions('get', '', (request) => {
      const view = new URL(request.url).searchParams.get('view')
      return view === 'approver'
        ? requisitionList([requisitionEnvelope(OTHER_ID, { requisitionNo: '1004' })], {
            limit: 1,
            offset: 0,
            total: 7,
          })
        : requisitionList([requisitionEnvelope(ID)], { limit: 1, offset: 0, total: 2 })
    })
    const widgets = await requisitionWidgets(await scopeOf(), APPROVER)
    expect(calls.map((c) => Object.fromEntries(c.query))).toEqual(
      expect.arrayContaining([
        { view: 'buyer', status: 'PENDING', limit: '1', offset: '0' },
        { view: 'approver', status: 'PENDING', limit: '1', offset: '0' },
      ]),
    )
    expect(widgets).toEqual({
      requisition: {
        count: 2,
        latest: {
          id: ID,
          requisitionNo: '1003',
          creationDate: '2026-03-12T09:30:00.000Z',
          buyer: 'Bernd Buyer',
          total: { gross: { value: 139.83, currency: 'EUR' }, net: { value: 117.5, currency: 'EUR' } },
        },
      },
      approval: { count: 7, latest: expect.objectContaining({ id: OTHER_ID, requisitionNo: '1004' }) },
    })
  })

  it('asks a private customer nothing, leaves the approval widget out without permission, and what ICM refuses', async () => {
    const calls = recordRequisitions('get', '', () => icmError(403, 'authorization.forbidden'))
    expect(await requisitionWidgets(await scopeOf(), PRIVATE)).toEqual({ approval: null, requisition: null })
    expect(calls).toEqual([])
    expect(await requisitionWidgets(await scopeOf(), BUYER)).toEqual({ approval: null, requisition: null })
    expect(calls.map((c) => c.query.get('view'))).toEqual(['buyer'])
  })

  it('throws an invalid token on, for the page to log in again', async () => {
    recordRequisitions('get', '', () =>
      HttpResponse.json(
        { errors: [{ status: '401', code: 'authentication.token.invalid', message: 'Unauthorized' }] },
        { status: 401 },
      ),
    )
    await expect(requisitionWidgets(await scopeOf(), BUYER)).rejects.toMatchObject({ status: 401 })
  })
})

describe('the buyer’s withdrawal of a pending requisition (issue 31)', () => {
  const OWN = `${LIST}/buyer/${ID}`

  it('is offered on the buyer’s page while it waits, and nowhere else', async () => {
    recordRequisitions('get', `/${ID}`, () => requisitionEnvelope(ID))
    icm.use(get('customers/-/users/-', ownUser(APPROVER)))
    expect((await page(buyerDetailLoader, OWN, { user: BUYER })).data.mayWithdraw).toBe(true)
    expect((await page(approverDetailLoader, DETAIL)).data.mayWithdraw).toBe(false)
    recordRequisitions('get', `/${ID}`, () => requisitionEnvelope(ID, { status: 'REJECTED' }))
    expect((await page(buyerDetailLoader, OWN, { user: BUYER })).data.mayWithdraw).toBe(false)
  })

  it('withdraws with one plain post and comes back to the page saying so', async () => {
    const patches = recordRequisitions('patch', `/${ID}`, () =>
      requisitionEnvelope(ID, { status: 'REJECTED' }),
    )
    const { response, setCookie } = await page(withdrawalAction, OWN, {
      user: BUYER,
      form: { intent: 'withdraw' },
    })
    expect(patches.map((call) => call.body)).toEqual([
      { type: 'ApprovalStatusChange', statusCode: 'WITHDRAWN' },
    ])
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(OWN)
    expect(await toastOf(setCookie)).toEqual({
      key: 'account.requisitions.withdraw.done',
      values: { number: '1003' },
      type: 'success',
    })
  })

  it('says why when it was decided meanwhile (409), is a 404 when ICM does not know it, a 400 without intent', async () => {
    recordRequisitions('patch', `/${ID}`, () => icmError(409, 'requisition.already_decided.error'))
    const decided = await page(withdrawalAction, OWN, { user: BUYER, form: { intent: 'withdraw' } })
    expect(decided.response.status).toBe(303)
    expect(await toastOf(decided.setCookie)).toEqual({
      key: 'requisition.already_decided.error',
      type: 'error',
    })
    recordRequisitions('patch', `/${ID}`, () => icmError(404, 'requisition.not_found.error'))
    const unknown = await page(withdrawalAction, OWN, { user: BUYER, form: { intent: 'withdraw' } })
    expect(unknown.response.status).toBe(404)
    const patches = recordRequisitions('patch', `/${ID}`, () => requisitionEnvelope(ID))
    const blank = await page(withdrawalAction, OWN, { user: BUYER, form: { intent: 'approve' } })
    expect(blank.response.status).toBe(400)
    expect(patches).toEqual([])
  })
})
