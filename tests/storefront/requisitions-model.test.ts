/**
 * The requisition model (app/models/requisition.ts) on its own: a real ICM's answer without this API's stages
 * and reasons read tolerantly, who decides now, what a list names, the status of a query, and the sentences
 * of each outcome in every language.
 */
import { describe, expect, it } from 'vitest'
import { SHOP_LOCALES } from '~/models/locale'
import {
  approversOf,
  decisionMessage,
  decisionOutcomeOf,
  mapRequisition,
  mayDecide,
  RequisitionEnvelopeSchema,
  requisitionPageOf,
  requisitionStatusOf,
  type DecisionOutcome,
} from '~/models/requisition'
import { i18nFor } from '~/services/i18n.server'
import { APPROVER, BUYER, ID, OWNER, person, requisitionEnvelope, stage } from './requisition-fixtures'

const read = (envelope: unknown) => mapRequisition(RequisitionEnvelopeSchema.parse(envelope))

describe('reading a requisition', () => {
  it('takes the stages from ICM’s customer and cost center approval where the API names no stages', () => {
    const envelope = requisitionEnvelope(ID, {
      stages: [stage('customer', 'APPROVED', [APPROVER], APPROVER), stage('costCenter', 'PENDING', [OWNER])],
      costCenter: { id: '100400', name: 'Marketing' },
    })
    const { stages: _stages, reasons: _reasons, ...icm } = envelope.data.approvalStatus
    const requisition = read({ ...envelope, data: { ...envelope.data, approvalStatus: icm } })
    expect(requisition.stages).toEqual([
      {
        stage: 'customer',
        status: 'APPROVED',
        approvers: [{ name: 'Aaron Approver', email: APPROVER.login }],
      },
      { stage: 'costCenter', status: 'PENDING', approvers: [{ name: 'Clara Owner', email: OWNER.login }] },
    ])
    expect(requisition.reasons).toEqual([])
    expect(requisition.costCenter).toEqual({ id: '100400', name: 'Marketing' })
    expect(requisition.decidedBy).toEqual(['Aaron Approver'])
  })

  it('reads the status from ICM’s name where the code is missing, and leaves out a budget period it does not know', () => {
    const envelope = requisitionEnvelope(ID, { status: 'REJECTED' })
    const { statusCode: _code, ...approval } = envelope.data.approvalStatus
    const requisition = read({
      ...envelope,
      data: {
        ...envelope.data,
        approvalStatus: approval,
        userBudgets: { ...envelope.data.userBudgets, budgetPeriod: 'fortnightly' },
      },
    })
    expect(requisition.status).toBe('REJECTED')
    expect(requisition.budget).toMatchObject({ budget: { value: 1000 }, budgetPeriod: undefined })
  })

  it('says what a decision led to', () => {
    const approved = read(requisitionEnvelope(ID, { status: 'APPROVED', orderNo: '100045' }))
    expect(decisionOutcomeOf(approved)).toEqual({
      kind: 'approved',
      requisitionNo: '1003',
      orderNo: '100045',
      orderId: ID,
    })
    const shop = read(
      requisitionEnvelope(ID, {
        status: 'REJECTED',
        systemRejectErrors: [{ code: 'requisition.lines.changed.error', message: 'Lines changed.' }],
      }),
    )
    expect(decisionOutcomeOf(shop)).toMatchObject({ kind: 'system-rejected', requisitionNo: '1003' })
    expect(decisionOutcomeOf(read(requisitionEnvelope(ID)))).toEqual({
      kind: 'stage-approved',
      requisitionNo: '1003',
    })
  })
})

describe('who decides and who is named', () => {
  const pendingOwner = read(
    requisitionEnvelope(ID, {
      stages: [stage('customer', 'APPROVED', [APPROVER], APPROVER), stage('costCenter', 'PENDING', [OWNER])],
    }),
  )

  it('an approver of a pending stage, by e-mail address in any case; never the buyer; without the address, any', () => {
    expect(mayDecide(pendingOwner, { login: OWNER.login, email: OWNER.login.toUpperCase() })).toBe(true)
    expect(mayDecide(pendingOwner, { login: APPROVER.login, email: APPROVER.login })).toBe(false)
    expect(mayDecide(pendingOwner, { login: APPROVER.login })).toBe(true)
    expect(mayDecide(pendingOwner, { login: BUYER.login })).toBe(false)
    expect(
      mayDecide({ ...pendingOwner, status: 'APPROVED' }, { login: OWNER.login, email: OWNER.login }),
    ).toBe(false)
  })

  it('a list names the approvers still to decide, or who decided', () => {
    expect(approversOf(pendingOwner)).toEqual(['Clara Owner'])
    expect(approversOf({ ...pendingOwner, status: 'APPROVED', decidedBy: ['Aaron Approver'] })).toEqual([
      'Aaron Approver',
    ])
    expect(person(OWNER).email).toBe(OWNER.login)
  })
})

describe('the query of a list', () => {
  it('is pending without a status, any case of a known one, and null for anything else', () => {
    expect(requisitionStatusOf(null)).toBe('PENDING')
    expect(requisitionStatusOf('')).toBe('PENDING')
    expect(requisitionStatusOf('rejected')).toBe('REJECTED')
    expect(requisitionStatusOf('OPEN')).toBeNull()
  })

  it('reads page numbers, and nonsense as the first page', () => {
    expect(requisitionPageOf('3')).toBe(3)
    expect(requisitionPageOf('0')).toBe(1)
    expect(requisitionPageOf('2.5')).toBe(1)
    expect(requisitionPageOf('x')).toBe(1)
    expect(requisitionPageOf('99999999')).toBe(40001)
  })
})

describe.each(SHOP_LOCALES.map((l) => l.id))('the sentences of each outcome in %s', (id) => {
  const t = i18nFor(id).t
  const outcomes: DecisionOutcome[] = [
    { kind: 'approved', requisitionNo: '1003', orderNo: '100045', orderId: ID },
    { kind: 'approved', requisitionNo: '1003' },
    { kind: 'stage-approved', requisitionNo: '1003' },
    { kind: 'rejected', requisitionNo: '1003' },
    {
      kind: 'system-rejected',
      requisitionNo: '1003',
      errors: [{ code: 'requisition.prices.changed.error' }],
    },
    { kind: 'system-rejected', requisitionNo: '1003', errors: [{ code: 'requisition.lines.changed.error' }] },
    { kind: 'system-rejected', requisitionNo: '1003', errors: [{ code: 'something.else' }] },
    { kind: 'already-decided', requisitionNo: '1003', code: 'requisition.stage_decided.error' },
    { kind: 'failed', errors: [{ code: 'requisition.not_found.error' }] },
    { kind: 'failed', requisitionNo: '1003', errors: [{ code: 'unknown.code', message: 'English only.' }] },
  ]

  it('are whole sentences with the numbers, never a text key or ICM’s English', () => {
    const texts = outcomes.map((outcome) => {
      const { key, values } = decisionMessage(outcome, t)
      return t(key, values)
    })
    for (const text of texts) {
      expect(text).not.toMatch(/account\.requisitions|requisition\.\w+\.error|\{\{|English only/)
    }
    expect(texts[0]).toMatch(/1003.*100045/)
    expect(new Set(texts).size).toBe(texts.length)
    expect(texts[8]).toBe(
      t('account.requisitions.decision.problem_unnamed', { reason: t('requisition.not_found.error') }),
    )
    expect(texts[9]).toContain(t('error.api.refused'))
  })
})
