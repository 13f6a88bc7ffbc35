/**
 * Deciding a requisition from its mail (issue 18; domain/requisition-links.ts): each approver's request mail
 * carries Approve and Reject links with a secret of their own. Over HTTP: the link shows the requisition to
 * nobody logged in, decides it as its approver once, and is refused when replayed, expired, tampered with,
 * used for another requisition, opened by another logged-in user, or after someone else decided.
 */
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, requisitionLinks, users } from '../../commerce-api/db/schema'
import { ensureDemoOrganization } from '../../commerce-api/db/seed/organization'
import { linksOf } from '../../commerce-api/mail/mailbox'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { minor, readyBusinessBasket, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

const EUR = ';loc=en_US;cur=EUR'

let api: Api
let sku: string
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 60, protection: { limits: NO_LIMITS } })
  await ensureDemoOrganization(api.database.db)
  for (const login of ['bbuyer', 'aapprover', 'jlink']) tokens[login] = await userToken(api, login)
  sku = (await sellableSkus(api, 1))[0]!
})
afterAll(async () => {
  await api?.close()
})

const db = () => api.database.db

/** A requisition of bbuyer (order limit one cent below the basket), and aapprover's and jlink's links. */
async function requisition() {
  const token = tokens.bbuyer!
  const basket = await readyBusinessBasket(api, token, [{ sku, quantity: 1 }])
  const gross = minor((await basket.get()).data.totals.grandTotal.gross)
  await db()
    .update(users)
    .set({ orderSpentLimit: gross - 1, budget: null, budgetPeriod: null, budgetCurrency: 'EUR' })
    .where(eq(users.login, 'bbuyer'))
  const submitted = await call(api.url('orders', EUR), {
    method: 'POST',
    token,
    json: { basket: basket.id, termsAndConditionsAccepted: true },
  })
  expect(submitted.status).toBe(201)
  const id = submitted.json.data.id as string
  return { id, aapprover: await linkOf('aapprover', id), jlink: await linkOf('jlink', id) }
}

/** The secret of the approver's Approve button in their newest request mail for the requisition. */
async function linkOf(login: string, id: string) {
  const [user] = await db().select().from(users).where(eq(users.login, login))
  const [mail] = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, user!.email), eq(mailOutbox.kind, 'requisition.approval_request')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1)
  const approve = linksOf(mail!.text).find((link) => link.includes(id) && link.includes('decision=approve'))
  expect(approve, `${login}'s approve link`).toBeDefined()
  const url = new URL(approve!)
  expect(url.pathname).toBe(`/${user!.preferredLanguage.slice(0, 2)}/requisition-decision/${id}`)
  return url.searchParams.get('token')!
}

const verify = (requisition: string, token: string, as?: string) =>
  call(api.url('requisition-links/verify', EUR), {
    method: 'POST',
    token: as ? tokens[as] : undefined,
    json: { requisition, token },
  })
const decide = (requisition: string, token: string, json: Record<string, unknown>, as?: string) =>
  call(api.url('requisition-links/decision', EUR), {
    method: 'POST',
    token: as ? tokens[as] : undefined,
    json: { requisition, token, ...json },
  })
const expectRefused = (answer: { status: number; headers: Headers }, status: number, code: string) => {
  expect(answer.status).toBe(status)
  expect(answer.headers.get('error-key')).toBe(code)
}

describe('a decision link of the request mail', () => {
  it('shows the requisition without a login and approves it once, as its approver', async () => {
    const { id, aapprover } = await requisition()
    const shown = await verify(id, aapprover)
    expect(shown.status).toBe(200)
    const [anna] = await db().select().from(users).where(eq(users.login, 'aapprover'))
    expect(shown.json.approver).toEqual({
      firstName: anna!.firstName,
      lastName: anna!.lastName,
      email: anna!.email,
    })
    expect(shown.json.data).toMatchObject({ id, approvalStatus: { statusCode: 'PENDING' } })
    // Reading it uses nothing up; the approver's own login does not get in the way either.
    expect((await verify(id, aapprover, 'aapprover')).status).toBe(200)

    const approved = await decide(id, aapprover, { statusCode: 'APPROVED' })
    expect(approved.status).toBe(200)
    expect(approved.json.data.approvalStatus).toMatchObject({
      statusCode: 'APPROVED',
      approvers: [{ firstName: anna!.firstName, lastName: anna!.lastName }],
    })
    expect(approved.json.data.orderNo).toMatch(/^\d+$/)
    // Replayed: the link is used up.
    expectRefused(
      await decide(id, aapprover, { statusCode: 'APPROVED' }),
      404,
      'requisition.link.invalid.error',
    )
    expectRefused(await verify(id, aapprover), 404, 'requisition.link.invalid.error')
  })

  it('dies when someone else decides the requisition', async () => {
    const { id, aapprover, jlink } = await requisition()
    const rejected = await decide(id, jlink, { statusCode: 'REJECTED', approvalComment: 'Not this quarter.' })
    expect(rejected.status).toBe(200)
    expect(rejected.json.data.approvalStatus).toMatchObject({
      statusCode: 'REJECTED',
      approvalComment: 'Not this quarter.',
    })
    expectRefused(await verify(id, aapprover), 409, 'requisition.already_decided.error')
    expectRefused(
      await decide(id, aapprover, { statusCode: 'APPROVED' }),
      409,
      'requisition.already_decided.error',
    )
  })

  it('needs a comment to reject, and stays usable after that refusal', async () => {
    const { id, aapprover } = await requisition()
    expectRefused(
      await decide(id, aapprover, { statusCode: 'REJECTED', approvalComment: ' ' }),
      422,
      'requisition.approval_comment.required.error',
    )
    expect(
      (await decide(id, aapprover, { statusCode: 'REJECTED', approvalComment: 'Too much.' })).status,
    ).toBe(200)
  })

  it('is refused expired, tampered with, for another requisition, or opened by another logged-in user', async () => {
    const first = await requisition()
    const second = await requisition()
    const tampered = `${first.aapprover.slice(0, -2)}${first.aapprover.endsWith('AA') ? 'BB' : 'AA'}`
    expectRefused(await verify(first.id, tampered), 404, 'requisition.link.invalid.error')
    expectRefused(
      await decide(second.id, first.aapprover, { statusCode: 'APPROVED' }),
      404,
      'requisition.link.invalid.error',
    )
    expectRefused(await verify('not-a-uuid', first.aapprover), 404, 'requisition.link.invalid.error')
    expectRefused(
      await decide(first.id, first.aapprover, { statusCode: 'APPROVED' }, 'jlink'),
      403,
      'requisition.link.other_user.error',
    )
    // The buyer, logged in, cannot use an approver's forwarded link either.
    expectRefused(await verify(first.id, first.aapprover, 'bbuyer'), 403, 'requisition.link.other_user.error')

    await db()
      .update(requisitionLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(requisitionLinks.orderId, first.id))
    expectRefused(
      await decide(first.id, first.aapprover, { statusCode: 'APPROVED' }),
      422,
      'requisition.link.expired.error',
    )
    // Nothing was decided by any of these: the requisition still waits.
    const still = await call(api.url(`customers/-/users/-/requisitions/${first.id}`, EUR), {
      token: tokens.aapprover,
    })
    expect(still.json.data.approvalStatus.statusCode).toBe('PENDING')
  })

  it('refuses malformed bodies with 400', async () => {
    expect((await decide('x', 'y', { statusCode: 'MAYBE' })).status).toBe(400)
    expect((await verify('x', 'y'.repeat(500))).status).toBe(400)
    expect((await call(api.url('requisition-links/verify', EUR), { method: 'POST', json: {} })).status).toBe(
      400,
    )
  })
})
