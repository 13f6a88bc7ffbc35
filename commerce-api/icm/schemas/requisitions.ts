/**
 * Requisitions (`customers/{no}/users/{login}/requisitions`, the PWA's `requisition.interface.ts`): the basket
 * as submitted plus the requisition's own fields; this API's stages and reasons in `approvalStatus`.
 */
import { z } from 'zod'
import { MoneySchema } from './common'
import {
  ApprovalReasonSchema,
  ApproverSchema,
  BasketDataSchema,
  OrderCreationSchema,
  orderIncluded,
} from './checkout'
import type { WireRule } from './rules'

const STATUS = z.enum(['PENDING', 'APPROVED', 'REJECTED'])

const StageSchema = z.object({
  stage: z.enum(['customer', 'costCenter']),
  statusCode: STATUS,
  approvers: z.array(ApproverSchema),
  approvalDate: z.number().int().optional(),
  decidedBy: ApproverSchema.optional(),
  approvalComment: z.string().optional(),
})

const UserBudgetSchema = z.object({
  budget: MoneySchema.optional(),
  budgetPeriod: z.string().optional(),
  orderSpentLimit: MoneySchema.optional(),
  remainingBudget: MoneySchema.optional(),
  spentBudget: MoneySchema,
})

export const RequisitionDataSchema = BasketDataSchema.extend({
  requisitionNo: z.string(),
  orderNo: z.string().optional(),
  order: z.object({ itemId: z.string() }).optional(),
  recurringOrderDocumentNo: z.string().optional(),
  creationDate: z.number().int(),
  lineItemCount: z.number().int().min(0),
  totalGross: MoneySchema,
  totalNet: MoneySchema,
  userInformation: z
    .object({ login: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
    .optional(),
  userBudgets: UserBudgetSchema.optional(),
  approvalStatus: z.object({
    status: z.enum(['pending', 'approved', 'rejected']),
    statusCode: STATUS,
    approvalDate: z.number().int().optional(),
    approvers: z.array(ApproverSchema).optional(),
    approvalComment: z.string().optional(),
    customerApproval: z.object({ statusCode: STATUS, approvers: z.array(ApproverSchema) }).optional(),
    costCenterApproval: z
      .object({
        statusCode: STATUS,
        approvers: z.array(ApproverSchema),
        costCenterID: z.string().optional(),
        costCenterName: z.string().optional(),
      })
      .optional(),
    stages: z.array(StageSchema),
    reasons: z.array(ApprovalReasonSchema),
  }),
  systemRejected: z.boolean().optional(),
  systemRejectErrors: z.array(z.object({ code: z.string(), message: z.string().optional() })).optional(),
})

const FeedbackList = z
  .array(z.object({ code: z.string(), message: z.string().optional() }).passthrough())
  .optional()

/** One requisition (`GET`/`PATCH …/requisitions/{id}`, and `POST orders` that submitted one). */
export const RequisitionSchema = z.object({
  data: RequisitionDataSchema,
  included: orderIncluded,
  infos: FeedbackList,
})

export const RequisitionListSchema = z.object({
  data: z.array(RequisitionDataSchema),
  info: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }),
})

const base = '/rest/:site/customers/:customerNo/users/:login/requisitions'

export const requisitionWire: WireRule[] = [
  { method: 'POST', route: '/rest/:site/orders', schema: z.union([OrderCreationSchema, RequisitionSchema]) },
  { method: 'GET', route: base, schema: RequisitionListSchema },
  { method: 'GET', route: `${base}/:id`, schema: RequisitionSchema },
  { method: 'PATCH', route: `${base}/:id`, schema: RequisitionSchema },
  {
    method: 'POST',
    route: '/rest/:site/requisition-links/verify',
    schema: RequisitionSchema.extend({ approver: ApproverSchema }),
  },
  { method: 'POST', route: '/rest/:site/requisition-links/decision', schema: RequisitionSchema },
]
