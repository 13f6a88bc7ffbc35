/**
 * Recurring orders (`…recurringorder.v2+json`; the PWA's `recurring-order.interface.ts`, its mapper and the
 * mapper's spec): the list items (`RecurringOrderListData`) and one recurring order (`RecurringOrderData`), under
 * `customers/{no}/recurringorders`, `customers/{no}/users/{login}/recurringorders` and
 * `privatecustomers/{no}/recurringorders`. Strict about what the PWA's mapper reads; this API's additions
 * (statusCode on list items, errorMessage, each last order's status) are allowed.
 */
import { z } from 'zod'
import {
  AddressSchema,
  ApproverSchema,
  LineItemSchema,
  PaymentMethodSchema,
  PaymentSchema,
  RebateSchema,
  ShippingMethodSchema,
  TotalsSchema,
} from './checkout'
import { FeedbackSchema } from './common'
import type { WireRule } from './rules'

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const INSTANT = z.string().datetime()

/** `PriceAmountData` of the list: `{amount, currency}`. */
const AmountSchema = z.object({ amount: z.number(), currency: z.string().length(3) })

const BuyerSchema = z.object({
  accountID: z.string(),
  userNo: z.string(),
  customerNo: z.string(),
  email: z.string(),
  title: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().optional(),
})

/** `RecurringOrderListData` (and what the detail shares with it). */
export const RecurringOrderListItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  active: z.boolean(),
  expired: z.boolean(),
  interval: z.string().regex(/^P[1-9]\d*[DMY]$/),
  startDate: DAY,
  endDate: DAY.optional(),
  repetitions: z.number().int().min(1).optional(),
  creationDate: INSTANT,
  lastOrderDate: INSTANT.optional(),
  nextOrderDate: DAY.optional(),
  buyer: BuyerSchema,
  itemCount: z.number().int().min(0),
  totalNet: AmountSchema,
  totalGross: AmountSchema,
  orderCount: z.number().int().min(0),
  statusCode: z.enum(['ACTIVE', 'INACTIVE', 'ERROR', 'EXPIRED']),
  status: z.string(),
  error: z.boolean(),
  errorCode: z.string().optional(),
  errorMessage: z.string().optional(),
})

/** `RecurringOrderDetailData`: the list fields plus the basket as submitted, the approvals, the last orders. */
export const RecurringOrderDetailSchema = RecurringOrderListItemSchema.extend({
  purchaseCurrency: z.string().length(3),
  totals: TotalsSchema,
  discounts: z.record(z.array(z.string())).optional(),
  lineItems: z.array(LineItemSchema),
  addresses: z.array(AddressSchema),
  invoiceToAddress: z.string().optional(),
  shippingBuckets: z.array(z.object({ shipToAddress: z.string(), shippingMethod: z.string() })).optional(),
  shippingMethods: z.array(ShippingMethodSchema),
  payments: z.array(PaymentSchema),
  paymentMethods: z.array(PaymentMethodSchema),
  costCenterID: z.string().optional(),
  costCenterName: z.string().optional(),
  approvalStatuses: z
    .array(z.object({ approvalDate: z.number().int(), approver: ApproverSchema, statusCode: z.string() }))
    .min(1)
    .optional(),
  lastOrders: z.array(
    z.object({
      id: z.string(),
      documentNumber: z.string().optional(),
      requisitionNo: z.string().optional(),
      creationDate: INSTANT,
      statusCode: z.string(),
    }),
  ),
  messageToMerchant: z.string().optional(),
  externalOrderReference: z.string().optional(),
})

/** `RecurringOrderData`: one recurring order, the discounts included when asked for. */
export const RecurringOrderSchema = z.object({
  data: RecurringOrderDetailSchema,
  included: z
    .object({
      discounts: z.record(RebateSchema).optional(),
      lineItems_discounts: z.record(RebateSchema).optional(),
      lineItems_warranty: z.record(z.record(z.unknown())).optional(),
    })
    .optional(),
  infos: z.array(FeedbackSchema).optional(),
  errors: z.array(FeedbackSchema).optional(),
})

export const RecurringOrderListSchema = z.object({
  data: z.array(RecurringOrderListItemSchema),
  info: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }),
})

const NoContentSchema = z.undefined()

const BASES = [
  '/rest/:site/customers/:customerNo/recurringorders',
  '/rest/:site/customers/:customerNo/users/:login/recurringorders',
  '/rest/:site/privatecustomers/:customerNo/recurringorders',
]

export const recurringOrderWire: WireRule[] = BASES.flatMap((base): WireRule[] => [
  { method: 'GET', route: base, schema: RecurringOrderListSchema },
  { method: 'GET', route: `${base}/:id`, schema: RecurringOrderSchema },
  { method: 'PATCH', route: `${base}/:id`, schema: RecurringOrderSchema },
  { method: 'DELETE', route: `${base}/:id`, schema: NoContentSchema },
])
