/**
 * Requisitions over HTTP (issue 18; icm-contract.md: `POST orders` creates one, `customers/{no}/users/{login}/
 * requisitions?view=&status=`, `requisitions/{id}`, `PATCH … {type:'ApprovalStatusChange'}`): a basket beyond
 * the buyer's order limit says so (`approval`), becomes a requisition instead of an order, waits in the buyer's
 * and the approvers' lists, and is approved into an order exactly once, or rejected with a comment, or
 * rejected by the shop when its prices changed. Every answer is checked against the wire schema by the
 * harness. Brightline (BC-200001): bbuyer buys, aapprover and jlink approve, ccowner owns cost center 100400;
 * Kestrel (BC-200002): mkestrel.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  costCenterBuyers,
  costCenters,
  mailEvents,
  mailOutbox,
  orders,
  prices,
  users,
} from '../../commerce-api/db/schema'
import { ensureDemoOrganization } from '../../commerce-api/db/seed/organization'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import type { Db } from '../../commerce-api/db/client'
import { subscribe } from '../../commerce-api/domain/events'
import { renderDeferredMails } from '../../commerce-api/mail/deferred'
import { REQUISITION_MAIL } from '../../commerce-api/mail/requisitions'
import { minor, readyBusinessBasket, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

const A = 'BC-200001'
const EUR = ';loc=en_US;cur=EUR'

let api: Api
let sku: string
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 60, protection: { limits: NO_LIMITS } })
  await ensureDemoOrganization(api.database.db)
  for (const login of ['jlink', 'bbuyer', 'aapprover', 'ccowner', 'mkestrel', 'tschulz'])
    tokens[login] = await userToken(api, login)
  sku = (await sellableSkus(api, 1))[0]!
})
afterAll(async () => {
  await api?.close()
})

type Basket = Awaited<ReturnType<typeof readyBusinessBasket>>

const db = () => api.database.db

/** Sets a user's per-order limit (minor units of EUR) and lifts their period budget. */
async function limitOrders(login: string, orderSpentLimit: number | null) {
  await db()
    .update(users)
    .set({ orderSpentLimit, budget: null, budgetPeriod: null, budgetCurrency: 'EUR' })
    .where(eq(users.login, login))
}

/** A basket of bbuyer whose gross total is one cent above their per-order limit. */
async function overLimitBasket(costCenter?: string) {
  const basket = await readyBusinessBasket(api, tokens.bbuyer!, [{ sku, quantity: 2 }], costCenter)
  const gross = minor((await basket.get()).data.totals.grandTotal.gross)
  await limitOrders('bbuyer', gross - 1)
  return { basket, gross }
}

const submit = (basket: Basket) =>
  call(api.url('orders', EUR), {
    method: 'POST',
    token: basket.token,
    json: { basket: basket.id, termsAndConditionsAccepted: true },
  })
const requisitions = (login: string, rest = '') =>
  call(api.url(`customers/-/users/-/requisitions${rest}`, EUR), { token: tokens[login] })
const decide = (login: string, id: string, json: Record<string, unknown>) =>
  call(api.url(`customers/-/users/-/requisitions/${id}`, EUR), {
    method: 'PATCH',
    token: tokens[login],
    json: { type: 'ApprovalStatusChange', ...json },
  })
const placedOrders = (ids: string[]) => db().select().from(orders).where(inArray(orders.id, ids))
const mailsTo = async (login: string, kind: string, on: Db = db()) => {
  // What the server renders right after a decision's commit (mail/deferred.ts), done now if not yet.
  if (on === db()) await renderDeferredMails(db())
  const [user] = await on.select().from(users).where(eq(users.login, login))
  return on
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, user!.email), eq(mailOutbox.kind, kind)))
}

describe('a basket beyond the buyer’s order limit', () => {
  it('says that it needs approval, why and by whom, before it is submitted', async () => {
    const { basket, gross } = await overLimitBasket()
    const { approval } = (await basket.get()).data
    expect(approval.approvalRequired).toBe(true)
    expect(approval.reasons).toEqual([
      {
        limit: 'orderSpentLimit',
        stage: 'customer',
        allowed: { type: 'Money', value: (gross - 1) / 100, currency: 'EUR' },
        amount: { type: 'Money', value: gross / 100, currency: 'EUR' },
        exceededBy: { type: 'Money', value: 0.01, currency: 'EUR' },
        // Issue 32: the total the limit counts (the customer's budget price type) and this order's amount.
        priceType: 'gross',
        orderTotal: { type: 'Money', value: gross / 100, currency: 'EUR' },
      },
    ])
    const names = approval.customerApproval.approvers.map((a: any) => `${a.firstName} ${a.lastName}`)
    expect(names.length).toBeGreaterThan(0)
    const approvers = await db()
      .select()
      .from(users)
      .where(inArray(users.login, ['aapprover', 'jlink']))
    for (const person of approvers) expect(names).toContain(`${person.firstName} ${person.lastName}`)
    expect(approval.costCenterApproval).toBeUndefined()
    // At the limit exactly, no approval.
    await limitOrders('bbuyer', gross)
    expect((await basket.get()).data.approval).toEqual({ approvalRequired: false, reasons: [] })
  })

  it('becomes a requisition, not an order: listed for the buyer and the approvers, not in the order history', async () => {
    const { basket, gross } = await overLimitBasket()
    const submitted = await submit(basket)
    expect(submitted.status).toBe(201)
    const requisition = submitted.json.data
    expect(requisition).toMatchObject({
      id: expect.any(String),
      requisitionNo: expect.stringMatching(/^\d+$/),
      lineItemCount: 1,
      totalGross: { value: gross / 100, currency: 'EUR' },
      userInformation: { login: 'bbuyer' },
      approvalStatus: {
        status: 'pending',
        statusCode: 'PENDING',
        customerApproval: { statusCode: 'PENDING' },
      },
    })
    expect(requisition.orderNo).toBeUndefined()
    expect(submitted.json.infos.map((i: any) => i.code)).toEqual(['order.requisition.created.info'])
    // Submitted again: the same requisition (200), never a second one or an order.
    const again = await submit(basket)
    expect(again.status).toBe(200)
    expect(again.json.data.requisitionNo).toBe(requisition.requisitionNo)

    const mine = await requisitions('bbuyer', '?view=buyer&status=PENDING')
    expect(mine.json.data.map((r: any) => r.id)).toContain(requisition.id)
    const toDecide = await requisitions('aapprover', '?view=approver&status=PENDING')
    expect(toDecide.json.data.map((r: any) => r.id)).toContain(requisition.id)
    expect(toDecide.json.info).toMatchObject({ offset: 0, total: expect.any(Number) })
    const detail = await requisitions('aapprover', `/${requisition.id}?include=lineItems`)
    expect(detail.status).toBe(200)
    expect(Object.values(detail.json.included.lineItems)).toHaveLength(1)
    expect(detail.json.data.userBudgets.orderSpentLimit.value).toBe((gross - 1) / 100)

    const history = await call(api.url('orders', EUR), { token: tokens.bbuyer })
    expect(history.json.data.map((o: any) => o.id)).not.toContain(requisition.id)
    expect((await call(api.url(`orders/${requisition.id}`, EUR), { token: tokens.bbuyer })).status).toBe(404)
    // The basket moved into the requisition: it cannot be changed or ordered any more.
    expect((await mailsTo('bbuyer', 'requisition.submitted')).length).toBeGreaterThan(0)
    expect((await mailsTo('aapprover', 'requisition.approval_request')).length).toBeGreaterThan(0)
  })

  it('is refused to another customer (404), to who is neither buyer nor approver (404), and the approver view to a user without approval (403)', async () => {
    const { basket } = await overLimitBasket()
    const { id } = (await submit(basket)).json.data
    const foreign = await call(api.url(`customers/${A}/users/-/requisitions`, EUR), {
      token: tokens.mkestrel,
    })
    expect(foreign.status).toBe(404)
    expect(foreign.headers.get('error-key')).toBe('customer.not_found')
    const kestrel = await requisitions('mkestrel', `/${id}`)
    expect(kestrel.status).toBe(404)
    expect(kestrel.headers.get('error-key')).toBe('requisition.not_found.error')
    expect((await decide('mkestrel', id, { statusCode: 'APPROVED' })).status).toBe(404)
    expect((await requisitions('tschulz', `/${id}`)).status).toBe(404)
    const view = await requisitions('bbuyer', '?view=approver')
    expect(view.status).toBe(403)
    expect(view.headers.get('error-key')).toBe('authorization.forbidden')
    const other = await call(api.url(`customers/-/users/aapprover/requisitions`, EUR), {
      token: tokens.bbuyer,
    })
    expect(other.status).toBe(403)
    expect((await requisitions('bbuyer', '?view=boss')).status).toBe(400)
    expect((await requisitions('bbuyer', '?status=OPEN')).status).toBe(400)
    expect((await call(api.url('customers/-/users/-/requisitions', EUR))).status).toBe(401)
  })
})

describe('deciding a requisition', () => {
  it('approving places the order once: the same row gets an order number, a second decision is refused', async () => {
    const { basket } = await overLimitBasket()
    const { id, requisitionNo } = (await submit(basket)).json.data
    const own = await decide('bbuyer', id, { statusCode: 'APPROVED' })
    expect(own.status).toBe(403)
    expect(own.headers.get('error-key')).toBe('requisition.approval.own.error')
    expect((await decide('aapprover', id, { statusCode: 'MAYBE' })).status).toBe(400)
    expect((await decide('aapprover', id, { statusCode: 'APPROVED', type: 'Other' })).status).toBe(400)

    const approved = await decide('aapprover', id, { statusCode: 'APPROVED' })
    expect(approved.status).toBe(200)
    expect(approved.json.data).toMatchObject({
      requisitionNo,
      orderNo: expect.stringMatching(/^\d+$/),
      order: { itemId: id },
      approvalStatus: { statusCode: 'APPROVED', approvalDate: expect.any(Number) },
    })
    const [aaron] = await db().select().from(users).where(eq(users.login, 'aapprover'))
    expect(approved.json.data.approvalStatus.approvers).toEqual([
      { firstName: aaron!.firstName, lastName: aaron!.lastName, email: aaron!.email },
    ])
    const order = await call(api.url(`orders/${id}`, EUR), { token: tokens.bbuyer })
    expect(order.status).toBe(200)
    expect(order.json.data).toMatchObject({ documentNumber: approved.json.data.orderNo, statusCode: 'NEW' })
    const history = await call(api.url('orders', EUR), { token: tokens.bbuyer })
    expect(history.json.data.map((o: any) => o.id)).toContain(id)

    const late = await decide('jlink', id, { statusCode: 'REJECTED', approvalComment: 'Too late' })
    expect(late.status).toBe(409)
    expect(late.headers.get('error-key')).toBe('requisition.already_decided.error')
    expect(
      (await requisitions('bbuyer', '?view=buyer&status=APPROVED')).json.data.map((r: any) => r.id),
    ).toContain(id)
    expect((await mailsTo('bbuyer', 'requisition.approved')).length).toBeGreaterThan(0)
  })

  it('renders the decision’s mails after its commit: its transaction holds only the event', async () => {
    const { basket } = await overLimitBasket()
    const { id } = (await submit(basket)).json.data
    const before = (await mailsTo('bbuyer', REQUISITION_MAIL.approved)).length
    const inside: { mails: number; events: number }[] = []
    // Runs in the decision's transaction after the mail's own subscriber (subscribed when the server was built).
    const unsubscribe = subscribe(async (t, event) => {
      if (event.type !== 'requisition.decided' || event.requisition.id !== id) return
      const [events] = await t
        .select({ n: count() })
        .from(mailEvents)
        .where(sql`${mailEvents.payload}->>'requisitionId' = ${id}`)
      inside.push({
        mails: (await mailsTo('bbuyer', REQUISITION_MAIL.approved, t)).length,
        events: events!.n,
      })
    })
    try {
      expect((await decide('aapprover', id, { statusCode: 'APPROVED' })).status).toBe(200)
    } finally {
      unsubscribe()
    }
    expect(inside).toEqual([{ mails: before, events: 1 }])
    expect((await mailsTo('bbuyer', REQUISITION_MAIL.approved)).length).toBe(before + 1)
    const left = await db()
      .select()
      .from(mailEvents)
      .where(sql`${mailEvents.payload}->>'requisitionId' = ${id}`)
    expect(left).toEqual([])
  })

  it('two approvers deciding at the same moment place exactly one order', async () => {
    const { basket } = await overLimitBasket()
    const { id } = (await submit(basket)).json.data
    const answers = await Promise.all([
      decide('aapprover', id, { statusCode: 'APPROVED' }),
      decide('jlink', id, { statusCode: 'APPROVED' }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const [row] = await placedOrders([id])
    expect(row!.documentNumber).toMatch(/^\d+$/)
    const sameBasket = await db().select().from(orders).where(eq(orders.basketId, row!.basketId))
    expect(sameBasket).toHaveLength(1)
  })

  it('rejecting needs a comment, places nothing and tells the buyer with the comment', async () => {
    const { basket } = await overLimitBasket()
    const { id } = (await submit(basket)).json.data
    const blank = await decide('jlink', id, { statusCode: 'REJECTED', approvalComment: '   ' })
    expect(blank.status).toBe(422)
    expect(blank.headers.get('error-key')).toBe('requisition.approval_comment.required.error')
    const rejected = await decide('jlink', id, {
      statusCode: 'REJECTED',
      approvalComment: 'Please order the smaller pack.',
    })
    expect(rejected.status).toBe(200)
    expect(rejected.json.data.approvalStatus).toMatchObject({
      status: 'rejected',
      statusCode: 'REJECTED',
      approvalComment: 'Please order the smaller pack.',
    })
    expect(rejected.json.data.orderNo).toBeUndefined()
    const [row] = await placedOrders([id])
    expect(row).toMatchObject({ statusCode: 'REJECTED', documentNumber: null })
    expect(
      (await requisitions('bbuyer', '?view=buyer&status=REJECTED')).json.data.map((r: any) => r.id),
    ).toContain(id)
    const mails = await mailsTo('bbuyer', 'requisition.rejected')
    expect(mails.some((m) => m.text.includes('Please order the smaller pack.'))).toBe(true)
  })

  it('a requisition whose prices changed is rejected by the shop at approval, with the reason', async () => {
    const { basket } = await overLimitBasket()
    const { id } = (await submit(basket)).json.data
    const [price] = await db()
      .select()
      .from(prices)
      .where(and(eq(prices.sku, sku), eq(prices.currency, 'EUR')))
    await db()
      .update(prices)
      .set({ saleNet: price!.saleNet + 100, saleGross: price!.saleGross + 119 })
      .where(and(eq(prices.sku, sku), eq(prices.currency, 'EUR')))
    try {
      const decided = await decide('aapprover', id, { statusCode: 'APPROVED' })
      expect(decided.status).toBe(200)
      expect(decided.json.data).toMatchObject({
        systemRejected: true,
        systemRejectErrors: [{ code: 'requisition.prices.changed.error' }],
        approvalStatus: { statusCode: 'REJECTED' },
      })
      const [row] = await placedOrders([id])
      expect(row!.documentNumber).toBeNull()
    } finally {
      await db()
        .update(prices)
        .set({ saleNet: price!.saleNet, saleGross: price!.saleGross })
        .where(and(eq(prices.sku, sku), eq(prices.currency, 'EUR')))
    }
  })

  it('beyond the order limit and the buyer’s budget on a cost center, it waits for an approver and the cost center’s owner', async () => {
    await limitOrders('bbuyer', null)
    const basket = await readyBusinessBasket(api, tokens.bbuyer!, [{ sku, quantity: 2 }], '100400')
    const gross = minor((await basket.get()).data.totals.grandTotal.gross)
    const [center] = await db().select().from(costCenters).where(eq(costCenters.costCenterId, '100400'))
    const [buyer] = await db().select().from(users).where(eq(users.login, 'bbuyer'))
    const where = and(eq(costCenterBuyers.costCenterId, center!.id), eq(costCenterBuyers.userId, buyer!.id))
    const [before] = await db().select().from(costCenterBuyers).where(where)
    // A budget of 1 cent on the cost center: this basket alone exceeds it.
    await db().update(costCenterBuyers).set({ budget: 1, budgetPeriod: 'monthly' }).where(where)
    await limitOrders('bbuyer', gross - 1)
    try {
      const { approval } = (await basket.get()).data
      expect(approval.reasons.map((r: any) => r.limit)).toEqual(['orderSpentLimit', 'costCenterBuyerBudget'])
      const [owner] = await db().select().from(users).where(eq(users.login, 'ccowner'))
      expect(approval.costCenterApproval.approvers).toEqual([
        { firstName: owner!.firstName, lastName: owner!.lastName, email: owner!.email },
      ])
      const submitted = await submit(basket)
      expect(submitted.status).toBe(201)
      const { id } = submitted.json.data
      expect(submitted.json.data.approvalStatus.costCenterApproval).toMatchObject({
        statusCode: 'PENDING',
        costCenterID: '100400',
        costCenterName: center!.name,
      })
      expect(submitted.json.data.attributes).toContainEqual({
        name: 'BusinessObjectAttributes#Order_CostCenter',
        type: 'String',
        value: '100400',
      })
      // The company approver decides the customer stage: the requisition still waits for the owner.
      const first = await decide('aapprover', id, { statusCode: 'APPROVED' })
      expect(first.status).toBe(200)
      expect(first.json.data.approvalStatus).toMatchObject({
        statusCode: 'PENDING',
        customerApproval: { statusCode: 'APPROVED' },
        costCenterApproval: { statusCode: 'PENDING' },
      })
      expect(first.json.data.orderNo).toBeUndefined()
      // What the decision did not change is answered as submitted: the basket as ordered, lines and totals.
      expect(first.json.data.totals).toEqual(submitted.json.data.totals)
      expect(first.json.data.totals).toBeDefined()
      expect(first.json.data.lineItemCount).toBe(submitted.json.data.lineItemCount)
      // It no longer waits for aapprover: his pending list leaves it out; the owner's has it.
      const waiting = async (login: string) =>
        (await requisitions(login, '?view=approver&status=PENDING')).json.data.map((r: any) => r.id)
      expect(await waiting('aapprover')).not.toContain(id)
      expect(await waiting('ccowner')).toContain(id)
      const twice = await decide('aapprover', id, { statusCode: 'APPROVED' })
      expect(twice.status).toBe(409)
      expect(twice.headers.get('error-key')).toBe('requisition.stage_decided.error')
      const approved = await decide('ccowner', id, { statusCode: 'APPROVED' })
      expect(approved.status).toBe(200)
      expect(approved.json.data.approvalStatus.statusCode).toBe('APPROVED')
      expect(approved.json.data.orderNo).toMatch(/^\d+$/)
      expect(approved.json.data.approvalStatus.stages).toEqual([
        expect.objectContaining({ stage: 'customer', statusCode: 'APPROVED' }),
        expect.objectContaining({ stage: 'costCenter', statusCode: 'APPROVED' }),
      ])
    } finally {
      await db()
        .update(costCenterBuyers)
        .set({ budget: before!.budget, budgetPeriod: before!.budgetPeriod })
        .where(where)
    }
  })
})

describe('authority at the moment of deciding (issue 31, ADR 0028)', () => {
  const withRoles = (login: string, userRoles: string[]) =>
    call(api.url(`customers/${A}/users/${login}/roles`, EUR), {
      method: 'PUT',
      token: tokens.jlink,
      json: { userRoles },
    })

  it('an approver whose role was removed after submission decides no more; the role back, they do', async () => {
    const { basket } = await overLimitBasket()
    const { id } = (await submit(basket)).json.data
    const [before] = await db().select().from(users).where(eq(users.login, 'aapprover'))
    expect((await withRoles('aapprover', ['APP_B2B_BUYER'])).status).toBe(200)
    const refused = await decide('aapprover', id, { statusCode: 'APPROVED' })
    expect(refused.status).toBe(404)
    expect(refused.headers.get('error-key')).toBe('requisition.not_found.error')
    expect((await requisitions('bbuyer', `/${id}`)).json.data.approvalStatus.statusCode).toBe('PENDING')
    expect((await withRoles('aapprover', before!.roles)).status).toBe(200)
    const rejected = await decide('aapprover', id, { statusCode: 'REJECTED', approvalComment: 'Not now' })
    expect(rejected.status).toBe(200)
  })

  it('the buyer withdraws their own pending requisition (WITHDRAWN); approvers and other customers cannot', async () => {
    const { basket } = await overLimitBasket()
    const { id } = (await submit(basket)).json.data
    const byApprover = await decide('aapprover', id, { statusCode: 'WITHDRAWN' })
    expect(byApprover.status).toBe(403)
    expect(byApprover.headers.get('error-key')).toBe('requisition.withdraw.not_buyer.error')
    expect((await decide('mkestrel', id, { statusCode: 'WITHDRAWN' })).status).toBe(404)
    const withdrawn = await decide('bbuyer', id, { statusCode: 'WITHDRAWN' })
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.json.data.approvalStatus.statusCode).toBe('REJECTED')
    expect(withdrawn.json.data.systemRejectErrors.map((e: any) => e.code)).toEqual([
      'requisition.withdrawn.by_buyer.info',
    ])
    const again = await decide('bbuyer', id, { statusCode: 'WITHDRAWN' })
    expect(again.status).toBe(409)
    const late = await decide('aapprover', id, { statusCode: 'APPROVED' })
    expect(late.status).toBe(409)
    expect((await mailsTo('aapprover', 'requisition.withdrawn')).length).toBeGreaterThan(0)
  })

  it('deactivating the buyer withdraws their pending requisitions, tells them, and nobody can approve them', async () => {
    const { basket } = await overLimitBasket()
    const { id } = (await submit(basket)).json.data
    const [buyer] = await db().select().from(users).where(eq(users.login, 'bbuyer'))
    const profile = { firstName: buyer!.firstName, lastName: buyer!.lastName, email: buyer!.email }
    const put = (active: boolean) =>
      call(api.url(`customers/${A}/users/bbuyer`, EUR), {
        method: 'PUT',
        token: tokens.jlink,
        json: { ...profile, active },
      })
    const mailsBefore = (await mailsTo('bbuyer', 'requisition.withdrawn')).length
    expect((await put(false)).status).toBe(200)
    try {
      const approved = await decide('aapprover', id, { statusCode: 'APPROVED' })
      expect(approved.status).toBe(409)
      expect(approved.headers.get('error-key')).toBe('requisition.already_decided.error')
      const [row] = await placedOrders([id])
      expect(row).toMatchObject({ approvalStatus: 'REJECTED', documentNumber: null })
      expect(row!.systemRejectErrors?.map((e) => e.code)).toEqual([
        'requisition.withdrawn.buyer_deactivated.info',
      ])
      expect((await mailsTo('bbuyer', 'requisition.withdrawn')).length).toBeGreaterThan(mailsBefore)
    } finally {
      expect((await put(true)).status).toBe(200)
      tokens.bbuyer = await userToken(api, 'bbuyer')
    }
  })
})
