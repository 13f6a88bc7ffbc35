/**
 * Whether a business basket needs approval and who would decide it (issue 18, ADR 0019): approval-check.ts's
 * verdict with the people of each stage, chosen by approval.ts's `approversOf` among the company's users. The
 * basket's `approval`, the review step's preview and a new requisition's stages are all this one plan.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cachedPrincipal } from '../db/read-cache'
import { costCenters, users } from '../db/schema'
import { approversOf, type ApprovalReason, type ApprovalStage } from './approval'
import { approvalCheck, type ApprovalSubject } from './approval-check'
import { findCostCenter } from './cost-centers'
import { permissionIdsOfRoles } from './permissions'
import type { EventPerson } from './events'

/** A user as approvals name them: in lists, in mails, in a requisition's stages (as events carry them). */
export type Person = EventPerson

export const PERSON_COLUMNS = {
  id: users.id,
  login: users.login,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  preferredLanguage: users.preferredLanguage,
}

export const fullName = (person: Pick<Person, 'firstName' | 'lastName' | 'login'>) =>
  `${person.firstName} ${person.lastName}`.trim() || person.login

/** One stage of an approval and who may decide it (never empty in a requisition: see `approvalPlan`). */
export type PlannedStage = { stage: ApprovalStage; approvers: Person[] }

/** Whether approval is required, why, and the stages with their approvers. */
export type ApprovalPlan = { required: boolean; reasons: ApprovalReason[]; stages: PlannedStage[] }

export const NO_APPROVAL: ApprovalPlan = { required: false, reasons: [], stages: [] }

/** Whose order a stage approves: the buyer, their company and the cost center it is ordered on. */
export type StageSubject = Pick<ApprovalSubject, 'userId' | 'customerNo' | 'costCenter'>

/** A user of a company as approvals weigh them now: the person, active or not, their roles and what those grant. */
export type Member = {
  id: string
  person: Person
  active: boolean
  roles: string[]
  permissionIds: string[]
}

/**
 * The company's users as they are now, each with the permissions their roles grant: who may approve is asked
 * at every decision, and a requisition names its buyer, approvers and deciders. Kept on the embedded database
 * until a principal table is written (db/read-cache.ts `cachedPrincipal`); callers do not change them.
 */
export const companyMembers = async (db: Db, customerNo: string): Promise<Member[]> =>
  (await cachedPrincipal(db, 'companies', customerNo, async (d) => {
    const rows = await d
      .select({
        ...PERSON_COLUMNS,
        active: users.active,
        roles: users.roles,
        permissionIds: permissionIdsOfRoles(users.roles),
      })
      .from(users)
      .where(eq(users.customerNo, customerNo))
    return rows.map(({ active, roles, permissionIds, ...person }) => ({
      id: person.id,
      person,
      active,
      roles,
      permissionIds,
    }))
  })) ?? []

/** The people of the ids among the company's users, in the order of the ids; other ids are left out. */
export async function companyPeople(db: Db, customerNo: string, ids: readonly string[]): Promise<Person[]> {
  if (!ids.length) return []
  const byId = new Map((await companyMembers(db, customerNo)).map((member) => [member.id, member.person]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * Who may decide each of the stages now (ADR 0028): `approversOf` over the company's users as they are at this
 * moment (active, with the permissions their roles grant now) and the cost center's owner now.
 */
export async function stageApprovers(
  db: Db,
  subject: StageSubject,
  stages: readonly ApprovalStage[],
): Promise<Map<ApprovalStage, Person[]>> {
  const byStage = new Map<ApprovalStage, Person[]>()
  if (!stages.length) return byStage
  const company = await companyMembers(db, subject.customerNo)
  const center = subject.costCenter
    ? await findCostCenter(db, subject.customerNo, subject.costCenter)
    : undefined
  const byId = new Map(company.map((member) => [member.id, member.person]))
  for (const stage of stages)
    byStage.set(
      stage,
      approversOf(stage, subject.userId, company, center?.ownerId).map((id) => byId.get(id)!),
    )
  return byStage
}

/** The approval plan of what the subject is about to order, at `at`. */
export async function approvalPlan(db: Db, subject: ApprovalSubject, at = new Date()): Promise<ApprovalPlan> {
  const check = await approvalCheck(db, subject, at)
  if (!check.required) return { required: false, reasons: check.reasons, stages: [] }
  const approvers = await stageApprovers(db, subject, check.stages)
  const stages = check.stages.map((stage) => ({ stage, approvers: approvers.get(stage) ?? [] }))
  return { required: true, reasons: check.reasons, stages }
}

/**
 * Locks the budgets an order of the subject spends, inside the caller's transaction: the buyer's user row and
 * the cost center's row. Two baskets of one buyer, or two buyers on one cost center, are then checked one
 * after the other, so that two orders that each fit but together do not are not both let through.
 */
export async function lockBudgets(
  t: Db,
  subject: Pick<ApprovalSubject, 'userId' | 'customerNo' | 'costCenter'>,
) {
  await t.execute(sql`select ${users.id} from ${users} where ${users.id} = ${subject.userId} for update`)
  if (subject.costCenter)
    await t
      .select({ id: costCenters.id })
      .from(costCenters)
      .where(
        and(
          eq(costCenters.customerNo, subject.customerNo),
          eq(sql`lower(${costCenters.costCenterId})`, subject.costCenter.toLowerCase()),
        ),
      )
      .for('update')
}
