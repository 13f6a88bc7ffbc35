/**
 * Deciding a requisition asks for the decider's authority at the moment of deciding (issue 31, ADR 0028),
 * without HTTP: a removed role, a deactivation or a new cost center owner takes the decision away (in the
 * shop and through a mail's link alike), current approvers decide what a deleted one left behind, and a
 * pending requisition is withdrawn by its buyer or with the buyer's deactivation, with a mail.
 * Brightline (BC-200001): bbuyer buys, aapprover and jlink approve, ccowner owns cost center 100400.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { costCenters, mailOutbox, orders, requisitionStages, users } from '../db/schema'
import { ensureDemoOrganization } from '../db/seed/organization'
import { seededTestDatabase, userIdsByLogin } from '../db/test-database'
import { sendMailOnEvents } from '../mail/subscriber'
import { refusal } from './test-refusal'
import { checkRequisitionLink, decideWithLink } from './requisition-links'
import { issueRequisitionLinks } from './requisition-link-tokens'
import { decideRequisition, principalOfUser, withdrawRequisition } from './requisitions'
import { deleteCompanyUser, setCompanyUserRoles, updateCompanyUser } from './users'
import { updateCostCenter } from './cost-centers'

let database: Database
let ids: Record<string, string> = {}
let unsubscribe: () => void = () => undefined
const A = 'BC-200001'
const admin = () => ({ customerNo: A, userId: ids.jlink! })
const db = () => database.db

beforeAll(async () => {
  database = await seededTestDatabase()
  await ensureDemoOrganization(database.db)
  ids = await userIdsByLogin(database.db)
  unsubscribe = sendMailOnEvents()
})
afterAll(async () => {
  unsubscribe()
  await database?.close()
})

/** Brightline's people as seeded, before each test changes someone's roles, activity or cost center. */
let seeded: { id: string; roles: string[]; active: boolean }[] = []
beforeAll(async () => {
  seeded = await db().select({ id: users.id, roles: users.roles, active: users.active }).from(users)
})
beforeEach(async () => {
  for (const user of seeded)
    await db().update(users).set({ roles: user.roles, active: user.active }).where(eq(users.id, user.id))
  await db()
    .update(costCenters)
    .set({ ownerId: ids.ccowner! })
    .where(and(eq(costCenters.customerNo, A), eq(costCenters.costCenterId, '100400')))
})

let serial = 0
/** A pending requisition of bbuyer as submission leaves it, with the stages' approvers as they were then. */
async function pendingRequisition(
  stages: { stage: string; approvers: string[] }[],
  costCenter?: string,
  buyer = 'bbuyer',
) {
  const id = randomUUID()
  await db()
    .insert(orders)
    .values({
      id,
      requisitionNo: `AUTH-${Date.now()}-${++serial}`,
      basketId: randomUUID(),
      owner: ids[buyer]!,
      userId: ids[buyer]!,
      customerNo: A,
      currency: 'EUR',
      locale: 'en_US',
      statusCode: 'PENDING_APPROVAL',
      orderCreation: 'COMPLETED',
      paymentMethodId: 'INVOICE',
      grandTotalGross: 200_000,
      grandTotalNet: 168_067,
      costCenter: costCenter ?? null,
      snapshot: { data: {}, included: {} },
      approvalStatus: 'PENDING',
    })
  await db()
    .insert(requisitionStages)
    .values(
      stages.map((s) => ({ orderId: id, stage: s.stage, approverIds: s.approvers.map((l) => ids[l]!) })),
    )
  return id
}

const as = async (login: string) => (await principalOfUser(db(), ids[login]!))!
const reject = async (login: string, id: string) =>
  decideRequisition(db(), await as(login), id, { statusCode: 'REJECTED', comment: 'No.' })

const status = async (id: string) => {
  const [row] = await db().select().from(orders).where(eq(orders.id, id))
  return row!
}
const approverIdsOf = async (id: string) =>
  (await db().select().from(requisitionStages).where(eq(requisitionStages.orderId, id))).map(
    (s) => s.approverIds,
  )

describe('deciding asks for the authority the decider holds now', () => {
  it('refuses an approver whose approver role was removed after submission, and lists them no more', async () => {
    const id = await pendingRequisition([{ stage: 'customer', approvers: ['aapprover', 'jlink'] }])
    await setCompanyUserRoles(db(), admin(), 'aapprover', ['APP_B2B_BUYER'], 'en_US')
    // The stages name them no more, so the requisition is no longer theirs to see either.
    expect(await refusal(reject('aapprover', id))).toBe('not-found:requisition.not_found.error')
    expect((await status(id)).approvalStatus).toBe('PENDING')
    const [approvers] = await approverIdsOf(id)
    expect(approvers).toContain(ids.jlink)
    expect(approvers).not.toContain(ids.aapprover)
    // Who still holds the role decides.
    expect((await reject('jlink', id)).outcome).toBe('rejected')
  })

  it('refuses an approver the stages still name whose role went without user management', async () => {
    const id = await pendingRequisition([{ stage: 'customer', approvers: ['aapprover', 'jlink'] }])
    await db()
      .update(users)
      .set({ roles: ['APP_B2B_BUYER'] })
      .where(eq(users.id, ids.aapprover!))
    expect(await refusal(reject('aapprover', id))).toBe('forbidden:requisition.approval.not_approver.error')
  })

  it('refuses an approver who was deactivated after submission', async () => {
    const id = await pendingRequisition([{ stage: 'customer', approvers: ['aapprover', 'jlink'] }])
    await db().update(users).set({ active: false }).where(eq(users.id, ids.aapprover!))
    expect(await refusal(reject('aapprover', id))).toBe('forbidden:requisition.approval.not_approver.error')
  })

  it('refuses a former cost center owner the cost center step; its new owner decides it', async () => {
    const id = await pendingRequisition([{ stage: 'costCenter', approvers: ['ccowner'] }], '100400')
    await db()
      .update(costCenters)
      .set({ ownerId: ids.jlink! })
      .where(and(eq(costCenters.customerNo, A), eq(costCenters.costCenterId, '100400')))
    expect(await refusal(reject('ccowner', id))).toBe('forbidden:requisition.approval.not_approver.error')
    expect((await reject('jlink', id)).outcome).toBe('rejected')
  })

  it('gives the cost center step to the new owner an edit of the cost center names, at once', async () => {
    const id = await pendingRequisition([{ stage: 'costCenter', approvers: ['ccowner'] }], '100400')
    const secret = (await issueRequisitionLinks(db(), id, [ids.ccowner!])).get(ids.ccowner!)!
    await updateCostCenter(db(), await as('jlink'), '100400', { ownerLogin: 'jlink' })
    // The stored approvers (what the approver's list shows) follow the owner; the former owner's link dies.
    expect(await approverIdsOf(id)).toEqual([[ids.jlink]])
    expect(
      await refusal(checkRequisitionLink(db(), { requisitionId: id, token: secret, caller: null })),
    ).toBe('not-found:requisition.link.invalid.error')
    expect((await reject('jlink', id)).outcome).toBe('rejected')
  })

  it('lets the current approvers decide what a deleted approver was alone to decide', async () => {
    await setCompanyUserRoles(db(), admin(), 'mfoster', ['APP_B2B_BUYER', 'APP_B2B_APPROVER'], 'en_US')
    const id = await pendingRequisition([{ stage: 'customer', approvers: ['mfoster'] }])
    await deleteCompanyUser(db(), admin(), 'mfoster')
    const [approvers] = await approverIdsOf(id)
    expect(approvers).toEqual(expect.arrayContaining([ids.aapprover, ids.jlink]))
    expect(approvers).not.toContain(ids.mfoster)
    expect((await reject('aapprover', id)).outcome).toBe('rejected')
  })
})

describe('a mail’s decision link is no authority of its own', () => {
  it('dies when its approver’s role is removed: verify and decide answer the invalid link', async () => {
    const id = await pendingRequisition([{ stage: 'customer', approvers: ['aapprover', 'jlink'] }])
    const secret = (await issueRequisitionLinks(db(), id, [ids.aapprover!])).get(ids.aapprover!)!
    const request = { requisitionId: id, token: secret, caller: null }
    await checkRequisitionLink(db(), request)
    await setCompanyUserRoles(db(), admin(), 'aapprover', ['APP_B2B_BUYER'], 'en_US')
    expect(await refusal(checkRequisitionLink(db(), request))).toBe(
      'not-found:requisition.link.invalid.error',
    )
    expect(await refusal(decideWithLink(db(), request, { statusCode: 'APPROVED' }))).toBe(
      'not-found:requisition.link.invalid.error',
    )
    expect((await status(id)).approvalStatus).toBe('PENDING')
  })

  it('cannot decide once its approver lost the role, even if the link itself survived', async () => {
    const id = await pendingRequisition([{ stage: 'customer', approvers: ['aapprover', 'jlink'] }])
    const secret = (await issueRequisitionLinks(db(), id, [ids.aapprover!])).get(ids.aapprover!)!
    // The role goes without the link being cleaned up (as a change made around the shop would).
    await db()
      .update(users)
      .set({ roles: ['APP_B2B_BUYER'] })
      .where(eq(users.id, ids.aapprover!))
    const request = { requisitionId: id, token: secret, caller: null }
    expect(await refusal(checkRequisitionLink(db(), request))).toBe(
      'not-found:requisition.link.invalid.error',
    )
    expect(await refusal(decideWithLink(db(), request, { statusCode: 'REJECTED', comment: 'No.' }))).toBe(
      'not-found:requisition.link.invalid.error',
    )
    expect((await status(id)).approvalStatus).toBe('PENDING')
  })
})

describe('withdrawing a pending requisition', () => {
  /** The withdrawal mails of the requisition `id` to the user. */
  const mails = async (login: string, id: string) => {
    const [user] = await db().select().from(users).where(eq(users.id, ids[login]!))
    const { requisitionNo } = await status(id)
    const sent = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, user!.email), eq(mailOutbox.kind, 'requisition.withdrawn')))
    return sent.filter((mail) => mail.subject.includes(requisitionNo!))
  }

  it('happens when its buyer is deactivated: rejected with the reason, undecidable, the buyer told', async () => {
    const id = await pendingRequisition([{ stage: 'customer', approvers: ['aapprover', 'jlink'] }])
    const [buyer] = await db().select().from(users).where(eq(users.id, ids.bbuyer!))
    await updateCompanyUser(db(), admin(), 'bbuyer', {
      firstName: buyer!.firstName,
      lastName: buyer!.lastName,
      email: buyer!.email,
      active: false,
    })
    const row = await status(id)
    expect(row.approvalStatus).toBe('REJECTED')
    expect(row.systemRejectErrors?.map((e) => e.code)).toEqual([
      'requisition.withdrawn.buyer_deactivated.info',
    ])
    expect(await mails('bbuyer', id)).toHaveLength(1)
    expect(await refusal(reject('aapprover', id))).toBe('conflict:requisition.already_decided.error')
  })

  it('happens when its buyer is deleted: rejected with the reason, the approvers told, nothing ordered', async () => {
    const id = await pendingRequisition(
      [{ stage: 'customer', approvers: ['aapprover', 'jlink'] }],
      undefined,
      'omanager',
    )
    const [buyer] = await db().select().from(users).where(eq(users.id, ids.omanager!))
    await deleteCompanyUser(db(), admin(), 'omanager')
    const row = await status(id)
    expect(row.approvalStatus).toBe('REJECTED')
    expect(row.systemRejectErrors?.map((e) => e.code)).toEqual(['requisition.withdrawn.buyer_deleted.info'])
    expect(await mails('aapprover', id)).toHaveLength(1)
    // The deleted buyer has no account to read about it in: no mail to the address.
    const toBuyer = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, buyer!.email), eq(mailOutbox.kind, 'requisition.withdrawn')))
    expect(toBuyer).toEqual([])
    expect(await refusal(reject('aapprover', id))).toBe('conflict:requisition.already_decided.error')
  })

  it('is the buyer’s own choice: an approver is refused, a second withdrawal finds it decided', async () => {
    const id = await pendingRequisition([{ stage: 'customer', approvers: ['aapprover', 'jlink'] }])
    expect(await refusal(withdrawRequisition(db(), await as('aapprover'), id))).toBe(
      'forbidden:requisition.withdraw.not_buyer.error',
    )
    expect(await refusal(withdrawRequisition(db(), await as('ccowner'), id))).toBe(
      'not-found:requisition.not_found.error',
    )
    const withdrawn = await withdrawRequisition(db(), await as('bbuyer'), id)
    expect(withdrawn.order.approvalStatus).toBe('REJECTED')
    expect(withdrawn.order.systemRejectErrors?.map((e) => e.code)).toEqual([
      'requisition.withdrawn.by_buyer.info',
    ])
    expect(await mails('aapprover', id)).toHaveLength(1)
    expect(await mails('bbuyer', id)).toHaveLength(1)
    expect(await refusal(withdrawRequisition(db(), await as('bbuyer'), id))).toBe(
      'conflict:requisition.already_decided.error',
    )
  })
})
