/**
 * The ICM wire format of requisitions (`customers/{no}/users/{login}/requisitions`, the PWA's
 * `RequisitionData`): the basket as submitted (the snapshot its row keeps) plus `requisitionNo`, `orderNo` and
 * `order.itemId` once approved, `creationDate`, `lineItemCount`, `totalGross/Net`, `userInformation`,
 * `userBudgets` and `approvalStatus` with customer and cost center approval. This API adds each stage's
 * decision (`approvalStatus.stages`) and why approval was needed (`approvalStatus.reasons`).
 */
import type { BasketNotice } from '../domain/basket'
import type { Currency, Locale } from '../domain/channel'
import type { RequisitionDetail, StageView } from '../domain/requisitions'
import { approvalReasonJson, approverJson } from './basket'
import { userBudgetJson } from './budgets'
import { infoJson } from './infos'
import { money } from './money'
import { orderIncluded } from './orders'

const STATUS_NAMES: Record<string, string> = {
  PENDING: 'pending',
  APPROVED: 'approved',
  REJECTED: 'rejected',
}

const stageJson = (stage: StageView) => ({
  stage: stage.stage,
  statusCode: stage.statusCode,
  approvers: stage.approvers.map(approverJson),
  ...(stage.decidedAt
    ? {
        approvalDate: stage.decidedAt.getTime(),
        decidedBy: stage.decidedBy
          ? approverJson(stage.decidedBy)
          : { firstName: stage.deciderName ?? '', lastName: '', email: '' },
      }
    : {}),
  ...(stage.comment ? { approvalComment: stage.comment } : {}),
})

/** ICM's `approvalStatus`: the requisition's status, its decision, and the stages with their approvers. */
function approvalStatusJson(detail: RequisitionDetail) {
  const { order, stages } = detail
  const statusCode = order.approvalStatus ?? 'PENDING'
  const decided = stages.filter((stage) => stage.decidedAt)
  const comment = [...decided].reverse().find((stage) => stage.comment)?.comment
  const stageOf = (name: string) => stages.find((stage) => stage.stage === name)
  const customer = stageOf('customer')
  const costCenter = stageOf('costCenter')
  return {
    status: STATUS_NAMES[statusCode] ?? statusCode.toLowerCase(),
    statusCode,
    ...(order.approvedAt ? { approvalDate: order.approvedAt.getTime() } : {}),
    ...(decided.length
      ? {
          approvers: decided.map((stage) =>
            stage.decidedBy
              ? approverJson(stage.decidedBy)
              : { firstName: stage.deciderName ?? '', lastName: '', email: '' },
          ),
        }
      : {}),
    ...(comment ? { approvalComment: comment } : {}),
    ...(customer
      ? {
          customerApproval: {
            statusCode: customer.statusCode,
            approvers: customer.approvers.map(approverJson),
          },
        }
      : {}),
    ...(costCenter
      ? {
          costCenterApproval: {
            statusCode: costCenter.statusCode,
            approvers: costCenter.approvers.map(approverJson),
            ...(order.costCenter ? { costCenterID: order.costCenter } : {}),
            ...(detail.costCenterName ? { costCenterName: detail.costCenterName } : {}),
          },
        }
      : {}),
    stages: stages.map(stageJson),
    reasons: (order.approvalReasons ?? []).map(approvalReasonJson),
  }
}

/** The requisition's `data`. */
export function requisitionData(detail: RequisitionDetail) {
  const { order, buyer, budget } = detail
  const currency = order.currency as Currency
  const snapshot = order.snapshot.data as { lineItems?: unknown[]; attributes?: unknown[] }
  return {
    ...order.snapshot.data,
    id: order.id,
    requisitionNo: order.requisitionNo!,
    ...(order.documentNumber ? { orderNo: order.documentNumber, order: { itemId: order.id } } : {}),
    creationDate: order.createdAt.getTime(),
    lineItemCount: Array.isArray(snapshot.lineItems) ? snapshot.lineItems.length : 0,
    totalGross: money(order.grandTotalGross, currency),
    totalNet: money(order.grandTotalNet ?? order.grandTotalGross, currency),
    ...(buyer
      ? {
          userInformation: {
            login: buyer.login,
            firstName: buyer.firstName,
            lastName: buyer.lastName,
            email: buyer.email,
          },
        }
      : {}),
    ...(budget ? { userBudgets: userBudgetJson(budget) } : {}),
    approvalStatus: approvalStatusJson(detail),
    ...(order.systemRejectErrors
      ? { systemRejected: true, systemRejectErrors: order.systemRejectErrors }
      : {}),
    // ICM names the cost center of a requisition in this attribute (the PWA reads it to load the cost center).
    attributes: [
      ...(snapshot.attributes ?? []),
      ...(order.costCenter
        ? [{ name: 'BusinessObjectAttributes#Order_CostCenter', type: 'String', value: order.costCenter }]
        : []),
    ],
  }
}

/** One requisition in ICM's envelope, with the includes asked for. */
export function requisitionJson(
  detail: RequisitionDetail,
  locale: Locale,
  include: Set<string>,
  infos: BasketNotice[] = [],
) {
  return {
    data: requisitionData(detail),
    included: orderIncluded(detail, locale, include),
    infos: infos.map(infoJson),
  }
}

/** `GET …/requisitions`: the requisitions' data (no lines) and the page. */
export function requisitionListJson(
  { requisitions, total }: { requisitions: RequisitionDetail[]; total: number },
  page: { limit: number; offset: number },
) {
  return { data: requisitions.map(requisitionData), info: { ...page, total } }
}
