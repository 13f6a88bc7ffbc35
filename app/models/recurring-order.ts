import '~/browser/account-texts'
import { z } from 'zod'
import { API_CODES } from './api-codes'
import { AddressSchema } from './address'
import { DiscountIdsSchema, DiscountSchema } from './basket'
import type { Translate } from './messages'
import { mapOrderData, OrderTotalsSchema, type Order } from './order'
import { requisitionPath } from './requisition'
import { PriceItemSchema, type Money } from './price'

/**
 * Recurring orders (spec commerce-and-checkout §3 "Recurring order", §4, §6, §7; ADR 0020): a basket kept as a
 * template whose orders the shop places on a schedule. ICM's `…recurringorder.v2+json` names (`number`, `buyer`,
 * `lastOrders`, inline `lineItems`, `shippingMethods`, `paymentMethods`) are read tolerantly and mapped to the
 * spec's fields; the template's lines, addresses, shipping, payment and totals map to an `Order`, so the order
 * components show them.
 */

/** The three ways ICM names recurring orders (spec §6, §7): whose recurring orders a page reads. */
export type RecurringOrderScope = 'customer' | 'user' | 'private'

/**
 * The spec's `context` query parameter of the recurring order pages: `admin` when an account admin reads the
 * customer's recurring orders (the customer endpoint); absent for the user's own.
 */
export const ADMIN_CONTEXT = 'admin'
export type RecurringOrderContext = typeof ADMIN_CONTEXT | undefined

export const RECURRING_ORDERS_PAGE_SIZE = 25
const MAX_OFFSET = 1_000_000

export const recurringOrdersPath = (lang: string) => `/${lang}/account/recurring-orders`

/** A recurring order's page, with the context it was reached in (kept on every link and form). */
export function recurringOrderPath(lang: string, id: string, context?: RecurringOrderContext) {
  const path = `${recurringOrdersPath(lang)}/${encodeURIComponent(id)}`
  return context ? `${path}?context=${context}` : path
}

export const contextOf = (query: URLSearchParams): RecurringOrderContext =>
  query.get('context') === ADMIN_CONTEXT ? ADMIN_CONTEXT : undefined

/** The page of a list from its `?page=` (1 for anything else). */
export function listPageOf(query: URLSearchParams): number {
  const n = Number(query.get('page'))
  if (!Number.isInteger(n) || n < 1) return 1
  return Math.min(n, Math.floor(MAX_OFFSET / RECURRING_ORDERS_PAGE_SIZE) + 1)
}

// ── Frequency and schedule in words ────────────────────────────────────────────────────────────────────────

export type FrequencyUnit = 'day' | 'week' | 'month' | 'year'
export type Frequency = { count: number; unit: FrequencyUnit }

/**
 * ICM's interval (`P14D`, `P2W`, `P1M`, `P1Y`) as the shop says it: days, weeks (multiples of 7 days, spec §3),
 * months or years. Undefined for anything else.
 */
export function frequencyOf(interval: string): Frequency | undefined {
  const match = /^P(\d{1,4})([DWMY])$/.exec(interval)
  if (!match) return undefined
  const count = Number(match[1])
  if (count < 1) return undefined
  switch (match[2]) {
    case 'W':
      return { count, unit: 'week' }
    case 'M':
      return { count, unit: 'month' }
    case 'Y':
      return { count, unit: 'year' }
    default:
      return count % 7 === 0 ? { count: count / 7, unit: 'week' } : { count, unit: 'day' }
  }
}

/** ICM's interval of a frequency: weeks are sent as weeks (ICM keeps them as days). */
export function intervalOf(count: number, unit: FrequencyUnit): string {
  return `P${count}${{ day: 'D', week: 'W', month: 'M', year: 'Y' }[unit]}`
}

/** "every 2 weeks", "every month" (plural forms per language). */
export function frequencyText(t: Translate, interval: string): string {
  const frequency = frequencyOf(interval)
  if (!frequency) return interval
  return t(`account.recurring_orders.frequency.${frequency.unit}`, { count: frequency.count })
}

export type Recurrence = {
  interval: string
  /** yyyy-mm-dd */
  startDate: string
  /** yyyy-mm-dd */
  endDate?: string
  repetitions?: number
}

/**
 * The schedule in words: "every 2 weeks from 1 Dec 2026, 6 times" / "…, until 31 Dec 2027" / "every month
 * from 1 Dec 2026". `date` formats a yyyy-mm-dd in the page's language.
 */
export function scheduleText(t: Translate, recurrence: Recurrence, date: (day: string) => string): string {
  const base = t('account.recurring_orders.schedule', {
    frequency: frequencyText(t, recurrence.interval),
    start: date(recurrence.startDate),
  })
  if (recurrence.repetitions)
    return t('account.recurring_orders.schedule.times', { schedule: base, count: recurrence.repetitions })
  if (recurrence.endDate)
    return t('account.recurring_orders.schedule.until', { schedule: base, end: date(recurrence.endDate) })
  return base
}

// ── Wire format (read tolerantly) ──────────────────────────────────────────────────────────────────────────

const AmountSchema = z.object({ amount: z.number(), currency: z.string() })

const BuyerSchema = z.object({
  accountID: z.string().optional(),
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  companyName: z.string().optional(),
})

export const RecurringOrderListItemSchema = z.object({
  id: z.string(),
  number: z.string().optional(),
  active: z.boolean().default(false),
  expired: z.boolean().default(false),
  interval: z.string(),
  startDate: z.string(),
  endDate: z.string().optional(),
  repetitions: z.number().optional(),
  creationDate: z.union([z.string(), z.number()]).optional(),
  lastOrderDate: z.union([z.string(), z.number()]).optional(),
  nextOrderDate: z.string().optional(),
  buyer: BuyerSchema.optional(),
  itemCount: z.number().optional(),
  orderCount: z.number().optional(),
  totalNet: AmountSchema.optional(),
  totalGross: AmountSchema.optional(),
  statusCode: z.string().optional(),
  status: z.string().optional(),
  error: z.boolean().optional(),
  errorCode: z.string().optional(),
  errorMessage: z.string().optional(),
})

export const RecurringOrderListSchema = z.object({
  data: z.array(RecurringOrderListItemSchema),
  info: z.object({ limit: z.number(), offset: z.number(), total: z.number() }).optional(),
})

const LineSchema = z
  .object({
    id: z.string(),
    position: z.number(),
    product: z.string(),
    quantity: z.object({ value: z.number(), unit: z.string().optional() }),
    pricing: z
      .object({
        singleBasePrice: PriceItemSchema,
        total: PriceItemSchema,
        undiscountedPrice: PriceItemSchema.optional(),
        valueRebatesTotal: PriceItemSchema.optional(),
      })
      .passthrough(),
    desiredDelivery: z.string().optional(),
    customFields: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  })
  .passthrough()

const ApprovalStatusSchema = z.object({
  approvalDate: z.union([z.number(), z.string()]).optional(),
  approver: z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      email: z.string().optional(),
    })
    .optional(),
  statusCode: z.string().optional(),
})

const LastOrderSchema = z.object({
  id: z.string(),
  documentNumber: z.string().optional(),
  requisitionNo: z.string().optional(),
  creationDate: z.union([z.string(), z.number()]).optional(),
  statusCode: z.string().optional(),
})

export const RecurringOrderEnvelopeSchema = z.object({
  data: RecurringOrderListItemSchema.extend({
    purchaseCurrency: z.string().optional(),
    totals: OrderTotalsSchema,
    discounts: DiscountIdsSchema,
    lineItems: z.array(LineSchema).default([]),
    addresses: z.array(AddressSchema).default([]),
    invoiceToAddress: z.string().optional(),
    shippingBuckets: z.array(z.object({ shipToAddress: z.string(), shippingMethod: z.string() })).optional(),
    shippingMethods: z
      .array(z.object({ id: z.string(), name: z.string().optional(), description: z.string().optional() }))
      .default([]),
    payments: z
      .array(
        z.object({
          id: z.string(),
          paymentMethod: z.string().optional(),
          paymentInstrument: z.string().optional(),
          status: z.string().optional(),
        }),
      )
      .default([]),
    paymentMethods: z.array(z.object({ id: z.string(), displayName: z.string().optional() })).default([]),
    costCenterID: z.string().optional(),
    costCenterName: z.string().optional(),
    approvalStatuses: z.array(ApprovalStatusSchema).optional(),
    lastOrders: z.array(LastOrderSchema).default([]),
    messageToMerchant: z.string().optional(),
    externalOrderReference: z.string().optional(),
  }),
  included: z
    .object({ discounts: z.record(DiscountSchema).optional() })
    .passthrough()
    .optional(),
})

/** The basket's `recurrence` as ICM answers it. */
export const BasketRecurrenceSchema = z.object({
  interval: z.string(),
  startDate: z.string(),
  endDate: z.string().optional(),
  repetitions: z.number().optional(),
})

// ── Models ─────────────────────────────────────────────────────────────────────────────────────────────────

/** ACTIVE, INACTIVE (switched off by a user), ERROR (switched off by the shop), EXPIRED. */
export type RecurringOrderStatus = 'active' | 'inactive' | 'error' | 'expired'

export type RecurringOrderRow = {
  id: string
  number: string
  active: boolean
  status: RecurringOrderStatus
  recurrence: Recurrence
  /** ISO timestamp */
  creationDate?: string
  /** ISO timestamp */
  lastOrderDate?: string
  /** yyyy-mm-dd */
  nextOrderDate?: string
  orderCount: number
  itemCount?: number
  buyer?: { login?: string; name: string; email?: string; company?: string }
  total?: { net: Money; gross: Money }
  errorCode?: string
  errorMessage?: string
}

export type LastPlacedOrder = {
  id: string
  documentNumber?: string
  requisitionNo?: string
  creationDate?: string
  statusCode?: string
}

export type RecurringOrder = RecurringOrderRow & {
  costCenter?: { id: string; name?: string }
  approvalStatuses: { date?: string; approver?: string; statusCode?: string }[]
  lastOrders: LastPlacedOrder[]
  /** The template: lines, addresses, shipping method, payment and totals, as an order shows them. */
  order: Order
}

export type RecurringOrderPage = { rows: RecurringOrderRow[]; total: number; offset: number; limit: number }

type ListItem = z.infer<typeof RecurringOrderListItemSchema>

const isoOf = (value: string | number | undefined) => {
  if (value === undefined) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

function statusOf(item: ListItem): RecurringOrderStatus {
  switch (item.statusCode) {
    case 'ACTIVE':
      return 'active'
    case 'INACTIVE':
      return 'inactive'
    case 'ERROR':
      return 'error'
    case 'EXPIRED':
      return 'expired'
  }
  if (item.expired) return 'expired'
  if (item.active) return 'active'
  return item.error || item.errorCode ? 'error' : 'inactive'
}

const personName = (p: { firstName?: string; lastName?: string } | undefined) =>
  [p?.firstName, p?.lastName].filter(Boolean).join(' ')

export function mapRecurringOrderRow(item: ListItem): RecurringOrderRow {
  const { buyer } = item
  return {
    id: item.id,
    number: item.number ?? item.id,
    active: item.active,
    status: statusOf(item),
    recurrence: {
      interval: item.interval,
      startDate: item.startDate,
      ...(item.endDate ? { endDate: item.endDate } : {}),
      ...(item.repetitions ? { repetitions: item.repetitions } : {}),
    },
    creationDate: isoOf(item.creationDate),
    lastOrderDate: isoOf(item.lastOrderDate),
    nextOrderDate: item.nextOrderDate,
    orderCount: item.orderCount ?? 0,
    itemCount: item.itemCount,
    buyer: buyer && {
      login: buyer.accountID,
      name: personName(buyer) || buyer.email || buyer.accountID || '',
      email: buyer.email,
      company: buyer.companyName,
    },
    total:
      item.totalNet && item.totalGross
        ? {
            net: { value: item.totalNet.amount, currency: item.totalNet.currency },
            gross: { value: item.totalGross.amount, currency: item.totalGross.currency },
          }
        : undefined,
    errorCode: item.errorCode,
    errorMessage: item.errorMessage,
  }
}

export function mapRecurringOrderList(
  envelope: z.infer<typeof RecurringOrderListSchema>,
): RecurringOrderPage {
  const rows = envelope.data.map(mapRecurringOrderRow)
  return {
    rows,
    total: envelope.info?.total ?? rows.length,
    offset: envelope.info?.offset ?? 0,
    limit: envelope.info?.limit ?? rows.length,
  }
}

/**
 * One recurring order. Its template is shaped as an ICM order (data with ids, `included` maps) and read by the
 * order mapping, so lines, addresses, shipping, payment, rebates and totals read as on an order.
 */
export function mapRecurringOrder(envelope: z.infer<typeof RecurringOrderEnvelopeSchema>): RecurringOrder {
  const data = envelope.data
  const byUrn = (urn: string | undefined) =>
    urn ? data.addresses.find((a) => a.urn === urn || a.id === urn) : undefined
  const bucket = data.shippingBuckets?.[0]
  const invoice = byUrn(data.invoiceToAddress) ?? data.addresses[0]
  const shipTo = byUrn(bucket?.shipToAddress) ?? invoice
  const shipping =
    data.shippingMethods.find((m) => m.id === bucket?.shippingMethod) ?? data.shippingMethods[0]
  const payment = data.payments[0]
  const order = mapOrderData(
    {
      id: data.id,
      documentNumber: data.number,
      purchaseCurrency: data.purchaseCurrency,
      invoiceToAddress: invoice?.urn,
      commonShipToAddress: shipTo?.urn,
      commonShippingMethod: shipping?.id,
      payments: payment ? [payment.id] : [],
      lineItems: data.lineItems.map((line) => line.id),
      messageToMerchant: data.messageToMerchant,
      externalOrderReference: data.externalOrderReference,
      costCenter: data.costCenterID,
      discounts: data.discounts,
      totals: data.totals,
    },
    {
      lineItems: Object.fromEntries(data.lineItems.map((line) => [line.id, line])),
      discounts: envelope.included?.discounts,
      invoiceToAddress: invoice?.urn ? { [invoice.urn]: invoice } : undefined,
      commonShipToAddress: shipTo?.urn ? { [shipTo.urn]: shipTo } : undefined,
      commonShippingMethod: shipping ? { [shipping.id]: shipping } : undefined,
      payments: payment ? { [payment.id]: payment } : undefined,
      payments_paymentMethod: Object.fromEntries(data.paymentMethods.map((m) => [m.id, m])),
    },
  )
  return {
    ...mapRecurringOrderRow(data),
    costCenter: data.costCenterID ? { id: data.costCenterID, name: data.costCenterName } : undefined,
    approvalStatuses: (data.approvalStatuses ?? []).map((status) => ({
      date: isoOf(status.approvalDate),
      approver: personName(status.approver) || status.approver?.email,
      statusCode: status.statusCode,
    })),
    lastOrders: data.lastOrders.map((placed) => ({
      id: placed.id,
      documentNumber: placed.documentNumber,
      requisitionNo: placed.requisitionNo,
      creationDate: isoOf(placed.creationDate),
      statusCode: placed.statusCode,
    })),
    order: {
      ...order,
      costCenter: data.costCenterID ? { id: data.costCenterID, name: data.costCenterName } : undefined,
    },
  }
}

/**
 * Where a placed order of a recurring order is read: the requisition while it waits for approval (its
 * number, status PENDING_APPROVAL), else the order.
 */
export function lastOrderLink(lang: string, placed: LastPlacedOrder): { url: string; label: string } {
  if (placed.requisitionNo && (placed.statusCode === 'PENDING_APPROVAL' || !placed.documentNumber))
    return {
      url: requisitionPath(lang, 'buyer', placed.id),
      label: placed.requisitionNo,
    }
  return {
    url: `/${lang}/account/orders/${encodeURIComponent(placed.id)}`,
    label: placed.documentNumber ?? placed.id,
  }
}

// ── The checkout's "order regularly" form ──────────────────────────────────────────────────────────────────

export const RECURRENCE_INTENT = 'recurrence'
export const FREQUENCY_UNITS = ['day', 'week', 'month', 'year'] as const
export const RECURRENCE_ENDS = ['never', 'date', 'count'] as const
const DAY = /^\d{4}-\d{2}-\d{2}$/
export const MAX_RECURRENCE_COUNT = 999

/** The schedule's fields as the review's form posts them (see `recurrenceFormSchema`). */
const recurrenceShape = () => {
  const text = z.string().max(20).optional()
  return {
    recurring: z.enum(['once', 'regularly']).default('once'),
    every: text,
    unit: z.enum(FREQUENCY_UNITS).default('week'),
    startDate: text,
    end: z.enum(RECURRENCE_ENDS).default('never'),
    endDate: text,
    repetitions: text,
  }
}

type RecurrenceValues = z.output<z.ZodObject<ReturnType<typeof recurrenceShape>>>

/** What a schedule chosen as "regularly" lacks or has malformed, as issues at its fields. */
function checkRecurrence(t: Translate, value: RecurrenceValues, ctx: z.RefinementCtx) {
  if (value.recurring === 'once') return
  const countError = t('checkout.recurrence.count.invalid', { max: MAX_RECURRENCE_COUNT })
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
  const count = (path: 'every' | 'repetitions', required: string) => {
    const given = value[path]
    if (!given) return issue(path, t(required))
    if (!/^\d{1,3}$/.test(given) || Number(given) < 1) issue(path, countError)
  }
  const day = (path: 'startDate' | 'endDate', required: string) => {
    const given = value[path]
    if (!given) return issue(path, t(required))
    if (!DAY.test(given)) issue(path, t('checkout.recurrence.date.invalid'))
  }
  count('every', 'checkout.recurrence.every.required')
  day('startDate', 'checkout.recurrence.start_date.required')
  if (value.end === 'date') day('endDate', 'checkout.recurrence.end_date.required')
  if (value.end === 'count') count('repetitions', 'checkout.recurrence.repetitions.required')
}

/**
 * "Order once" or "order regularly": every N days/weeks/months/years from a start date, with no end, an end
 * date or a number of orders. Only the form is checked here; the dates' rules are the API's (422 at the field).
 * The schedule's fields are posted with "once" too (the form works without JavaScript): then they are ignored.
 * This is the review's "Save schedule" (`intent=recurrence`); its place-order submit carries the same fields
 * (`reviewFormSchema`), so what the form shows is what is ordered, saved or not.
 */
export function recurrenceFormSchema(t: Translate) {
  return z
    .object({ intent: z.literal(RECURRENCE_INTENT), ...recurrenceShape() })
    .superRefine((value, ctx) => checkRecurrence(t, value, ctx))
}

/**
 * The review's one form (spec §4): the basket it was made for, the terms (which the channel may require), and,
 * for a logged-in customer (`withRecurrence`), the schedule's fields, checked as "Save schedule" checks them.
 * Its buttons post `intent`: `place` (the default) or `recurrence` ("Save schedule", which needs no terms).
 */
export function reviewFormSchema(t: Translate, termsRequired: boolean, withRecurrence: boolean) {
  return z
    .object({
      intent: z.enum(['place', RECURRENCE_INTENT]).default('place'),
      basketId: z.string().max(100).optional(),
      termsAndConditions: z.boolean().default(false),
      ...(withRecurrence ? recurrenceShape() : {}),
    })
    .superRefine((value, ctx) => {
      if (value.intent === 'place' && termsRequired && !value.termsAndConditions)
        ctx.addIssue({ code: 'custom', path: ['termsAndConditions'], message: t(API_CODES.termsNotAccepted) })
      if (withRecurrence) checkRecurrence(t, value as unknown as RecurrenceValues, ctx)
    })
}

export type RecurrenceForm = z.output<ReturnType<typeof recurrenceFormSchema>>

/** The basket's `recurrence` a valid form asks for; null for "order once". */
export function recurrenceOfForm(form: RecurrenceForm): Recurrence | null {
  if (form.recurring === 'once' || !form.every || !form.startDate) return null
  return {
    interval: intervalOf(Number(form.every), form.unit),
    startDate: form.startDate,
    ...(form.end === 'date' && form.endDate ? { endDate: form.endDate } : {}),
    ...(form.end === 'count' && form.repetitions ? { repetitions: Number(form.repetitions) } : {}),
  }
}

/** The form's values for a basket's recurrence (or the defaults: every week from today, no end). */
export function recurrenceFormValues(recurrence: Recurrence | undefined, today: string) {
  const frequency = recurrence ? frequencyOf(recurrence.interval) : undefined
  return {
    recurring: recurrence ? 'regularly' : 'once',
    every: String(frequency?.count ?? 1),
    unit: frequency?.unit ?? 'week',
    startDate: recurrence?.startDate ?? today,
    end: recurrence?.repetitions ? 'count' : recurrence?.endDate ? 'date' : 'never',
    endDate: recurrence?.endDate ?? '',
    repetitions: recurrence?.repetitions ? String(recurrence.repetitions) : '',
  }
}

/** Where the API's names of a refused recurrence field show in the form. */
export const RECURRENCE_FIELD_OF: Record<string, string> = {
  'recurrence.interval': 'every',
  'recurrence.startDate': 'startDate',
  'recurrence.endDate': 'endDate',
  'recurrence.repetitions': 'repetitions',
}
