/**
 * Budget reasons over HTTP (issue 32): a reason keeps ICM's fields and this API's `allowed`, `amount`,
 * `exceededBy` and `leftAfter`, and adds which total every figure is (`priceType`, the customer's
 * `budgetPriceType`) and, apart, what was spent (orders of the period), what is `pending` (requisitions waiting
 * for approval) and `orderTotal` (this order). A requisition keeps the reasons it was submitted with, and the
 * approvers' mail says the same figures. Brightline (BC-200001), counting net: bbuyer buys, aapprover approves.
 */
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers, mailOutbox, users } from '../../commerce-api/db/schema'
import { ensureDemoOrganization } from '../../commerce-api/db/seed/organization'
import { formatMoney, mailLocale } from '../../commerce-api/mail/texts'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { minor, readyBusinessBasket, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

const EUR = ';loc=en_US;cur=EUR'

let api: Api
let sku: string
const tokens: Record<string, string> = {}
const db = () => api.database.db

beforeAll(async () => {
  api = await startApi({ products: 60, protection: { limits: NO_LIMITS } })
  await ensureDemoOrganization(api.database.db)
  for (const login of ['bbuyer', 'aapprover']) tokens[login] = await userToken(api, login)
  sku = (await sellableSkus(api, 1))[0]!
  await db().update(customers).set({ budgetPriceType: 'net' }).where(eq(customers.customerNo, 'BC-200001'))
  // A monthly budget of one cent: every basket of bbuyer goes beyond it, and no per-order limit.
  await db()
    .update(users)
    .set({ orderSpentLimit: null, budget: 1, budgetPeriod: 'monthly', budgetCurrency: 'EUR' })
    .where(eq(users.login, 'bbuyer'))
})
afterAll(async () => {
  await api?.close()
})

const submit = (basket: { id: string }) =>
  call(api.url('orders', EUR), {
    method: 'POST',
    token: tokens.bbuyer,
    json: { basket: basket.id, termsAndConditionsAccepted: true },
  })

type WireReason = Record<string, { value: number } | string | undefined>
const cents = (reason: WireReason, field: string) => minor(reason[field] as { value: number })

/** A basket of bbuyer: its net total, and its user budget reason as the basket's `approval` names it. */
async function basketOf(quantity: number) {
  const basket = await readyBusinessBasket(api, tokens.bbuyer!, [{ sku, quantity }])
  const { data } = await basket.get()
  const reason = (data.approval.reasons as WireReason[]).find((r) => r.limit === 'userBudget')!
  expect(reason, 'a user budget reason').toBeDefined()
  return { basket, net: minor(data.totals.grandTotal.net), reason }
}

describe('a budget reason', () => {
  let first: Awaited<ReturnType<typeof basketOf>>
  let requisitionId: string

  it('names the price type and keeps spent, pending and this order apart, adding up to the amount', async () => {
    first = await basketOf(1)
    const { reason, net } = first
    expect(reason).toMatchObject({
      limit: 'userBudget',
      stage: 'customer',
      priceType: 'net',
      allowed: { value: 0.01, currency: 'EUR' },
      spent: { currency: 'EUR' },
      pending: { currency: 'EUR' },
    })
    expect(cents(reason, 'orderTotal')).toBe(net)
    expect(cents(reason, 'spent') + cents(reason, 'pending') + cents(reason, 'orderTotal')).toBe(
      cents(reason, 'amount'),
    )
    expect(cents(reason, 'amount') - cents(reason, 'allowed')).toBe(cents(reason, 'exceededBy'))
  })

  it('is kept by the requisition, and its mail to the approver says the same figures', async () => {
    const submitted = await submit(first.basket)
    expect(submitted.status).toBe(201)
    requisitionId = submitted.json.data.id
    const detail = await call(api.url(`customers/-/users/-/requisitions/${requisitionId}`, EUR), {
      token: tokens.aapprover,
    })
    expect(detail.json.data.approvalStatus.reasons).toContainEqual(first.reason)

    const [approver] = await db().select().from(users).where(eq(users.login, 'aapprover'))
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.recipient, approver!.email), eq(mailOutbox.kind, 'requisition.approval_request')),
      )
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
    const locale = mailLocale(approver!.preferredLanguage)
    for (const field of ['spent', 'pending', 'orderTotal'])
      expect(mail!.text).toContain(formatMoney(cents(first.reason, field), 'EUR', locale))
  })

  it('counts a pending requisition as pending, not as spent, and an approved one as spent', async () => {
    const pendingBefore = cents(first.reason, 'pending')
    const spentBefore = cents(first.reason, 'spent')
    const second = await basketOf(2)
    expect(cents(second.reason, 'spent')).toBe(spentBefore)
    expect(cents(second.reason, 'pending')).toBe(pendingBefore + first.net)
    expect(cents(second.reason, 'orderTotal')).toBe(second.net)

    const approved = await call(api.url(`customers/-/users/-/requisitions/${requisitionId}`, EUR), {
      method: 'PATCH',
      token: tokens.aapprover,
      json: { type: 'ApprovalStatusChange', statusCode: 'APPROVED' },
    })
    expect(approved.json.data.approvalStatus.statusCode).toBe('APPROVED')
    const { data } = await second.basket.get()
    const after = (data.approval.reasons as WireReason[]).find((r) => r.limit === 'userBudget')!
    expect(cents(after, 'spent')).toBe(spentBefore + first.net)
    expect(cents(after, 'pending')).toBe(pendingBefore)
  })
})
