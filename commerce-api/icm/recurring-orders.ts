/**
 * The ICM wire format of recurring orders (`application/vnd.intershop.recurringorder.v2+json`, the PWA's
 * `RecurringOrderListData` and `RecurringOrderData`), and the answer of `POST orders` that set one up.
 *
 * ICM's names on the wire, which the storefront maps to the spec's (§3 "Recurring order"): `number` is the
 * documentNo; `interval`, `startDate`, `endDate`, `repetitions` make the recurrence; `buyer` the user;
 * `costCenterID`; `shippingBuckets` with `addresses` and `shippingMethods` the addresses and shipping method;
 * `payments` with `paymentMethods` the payment; `lastOrders` the last placed orders; `lineItems` are inline.
 * Days (startDate, endDate, nextOrderDate) are yyyy-mm-dd, instants (creationDate, lastOrderDate) ISO 8601.
 * This API adds `statusCode` (ACTIVE, INACTIVE, ERROR, EXPIRED), `error`, `errorCode` and `orderCount` to the
 * list items too, `errorMessage` when the shop switched one off, and each last order's status.
 */
import type { OrderSnapshot } from '../db/schema'
import {
  recurringStatusCode,
  type RecurringOrderDetail,
  type RecurringOrderRow,
  type RecurringOrderView,
} from '../domain/recurring-orders'
import { infoJson } from './infos'

/** The includes a recurring order answer knows (the PWA asks for these); others are ignored. */
export const RECURRING_ORDER_INCLUDES = new Set(['discounts', 'lineItems_discounts', 'lineItems_warranty'])

const STATUS_NAMES: Record<string, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  ERROR: 'Inactive (error)',
  EXPIRED: 'Expired',
}

/** ICM's amount of a recurring order list (`PriceAmountData`): `{amount, currency}`. */
const amountJson = (minor: number, currency: string) => ({
  amount: minor / 100,
  currency,
})

/** The recurrence and lifecycle fields every recurring order answer carries. */
function recurringOrderBase({ order, buyer }: RecurringOrderView) {
  const statusCode = recurringStatusCode(order)
  return {
    id: order.id,
    number: order.documentNo,
    active: order.active,
    expired: order.expired,
    interval: order.interval,
    startDate: order.startDate,
    ...(order.endDate ? { endDate: order.endDate } : {}),
    ...(order.repetitions ? { repetitions: order.repetitions } : {}),
    creationDate: order.createdAt.toISOString(),
    ...(order.lastOrderAt ? { lastOrderDate: order.lastOrderAt.toISOString() } : {}),
    ...(order.nextOrderDate && !order.expired ? { nextOrderDate: order.nextOrderDate } : {}),
    buyer: {
      accountID: buyer.login,
      userNo: buyer.businessPartnerNo ?? buyer.login,
      customerNo: buyer.customerNo,
      email: buyer.email,
      ...(buyer.title ? { title: buyer.title } : {}),
      firstName: buyer.firstName,
      lastName: buyer.lastName,
      ...(buyer.companyName ? { companyName: buyer.companyName } : {}),
    },
    itemCount: order.itemCount,
    orderCount: order.orderCount,
    statusCode,
    status: STATUS_NAMES[statusCode] ?? statusCode,
    error: order.errorCode !== null,
    ...(order.errorCode ? { errorCode: order.errorCode } : {}),
    ...(order.errorMessage ? { errorMessage: order.errorMessage } : {}),
  }
}

/** One recurring order of a list (`RecurringOrderListData`). */
export function recurringOrderListItemJson(view: RecurringOrderView) {
  const { order } = view
  return {
    ...recurringOrderBase(view),
    totalNet: amountJson(order.totalNet, order.currency),
    totalGross: amountJson(order.totalGross, order.currency),
  }
}

/** `GET …/recurringorders`: the page of recurring orders and how many there are. */
export function recurringOrderListJson(
  { items, total }: { items: RecurringOrderView[]; total: number },
  page: { limit: number; offset: number },
) {
  return { data: items.map(recurringOrderListItemJson), info: { ...page, total } }
}

type Json = Record<string, unknown>

/** The entries of an included map of the snapshot, by the ids `data` names (in their order). */
function entries(snapshot: OrderSnapshot, key: string, ids: unknown): Json[] {
  const map = (snapshot.included[key] ?? {}) as Record<string, Json>
  const list = Array.isArray(ids) ? ids : typeof ids === 'string' ? [ids] : []
  return list.flatMap((id) => (typeof id === 'string' && map[id] ? [map[id]] : []))
}

const values = (snapshot: OrderSnapshot, key: string) =>
  Object.values((snapshot.included[key] ?? {}) as Record<string, Json>)

/**
 * What a recurring order keeps of its basket, as ICM's detail lists it: line items inline, the addresses with
 * the invoice address's URN and one shipping bucket (ship-to and shipping method), the payment with its method.
 * A payment's redirect is gone: the orders are placed without the buyer.
 */
function templateJson(order: RecurringOrderRow) {
  const { snapshot } = order
  const data = snapshot.data as Json
  const invoice = entries(snapshot, 'invoiceToAddress', data.invoiceToAddress)
  const shipTo = entries(snapshot, 'commonShipToAddress', data.commonShipToAddress)
  const addresses = [...invoice, ...shipTo.filter((a) => !invoice.some((i) => i.urn === a.urn))]
  return {
    purchaseCurrency: order.currency,
    totals: data.totals,
    ...(data.discounts ? { discounts: data.discounts } : {}),
    lineItems: entries(snapshot, 'lineItems', data.lineItems),
    addresses,
    ...(typeof data.invoiceToAddress === 'string' ? { invoiceToAddress: data.invoiceToAddress } : {}),
    ...(typeof data.commonShipToAddress === 'string' && typeof data.commonShippingMethod === 'string'
      ? {
          shippingBuckets: [
            { shipToAddress: data.commonShipToAddress, shippingMethod: data.commonShippingMethod },
          ],
        }
      : {}),
    shippingMethods: values(snapshot, 'commonShippingMethod'),
    payments: entries(snapshot, 'payments', data.payments).map(
      ({ redirect: _redirect, ...payment }) => payment,
    ),
    paymentMethods: values(snapshot, 'payments_paymentMethod'),
    ...(data.messageToMerchant ? { messageToMerchant: data.messageToMerchant } : {}),
    ...(data.externalOrderReference ? { externalOrderReference: data.externalOrderReference } : {}),
  }
}

/** The `included` maps asked for that the snapshot has (discounts). */
function includedJson(order: RecurringOrderRow, include: Set<string>) {
  const included: Record<string, unknown> = {}
  for (const key of include) {
    const value = order.snapshot.included[key]
    if (RECURRING_ORDER_INCLUDES.has(key) && value) included[key] = value
  }
  return included
}

/** One recurring order (`RecurringOrderData`): `GET`, and `PATCH {active}`, of `…/recurringorders/{id}`. */
export function recurringOrderJson(detail: RecurringOrderDetail, include: Set<string>) {
  const { order } = detail
  return {
    data: {
      ...recurringOrderBase(detail),
      totalNet: amountJson(order.totalNet, order.currency),
      totalGross: amountJson(order.totalGross, order.currency),
      ...templateJson(order),
      ...(order.costCenter ? { costCenterID: order.costCenter } : {}),
      ...(detail.costCenterName ? { costCenterName: detail.costCenterName } : {}),
      ...(detail.approvals.length
        ? {
            approvalStatuses: detail.approvals.map((approval) => ({
              approvalDate: approval.approvalDate.getTime(),
              approver: approval.approver,
              statusCode: approval.statusCode,
            })),
          }
        : {}),
      lastOrders: detail.lastOrders.map((placed) => ({
        id: placed.id,
        ...(placed.documentNumber ? { documentNumber: placed.documentNumber } : {}),
        ...(placed.requisitionNo ? { requisitionNo: placed.requisitionNo } : {}),
        creationDate: placed.createdAt.toISOString(),
        statusCode: placed.statusCode,
      })),
    },
    included: includedJson(order, include),
    infos: [],
    errors: [],
  }
}

/**
 * `POST orders` for a basket with a recurrence: ICM's order answer stopped by the workflow with exit reason
 * `recurring.order` (the PWA then opens the receipt with `recurringOrderId`). `id`, `recurringOrderID` and
 * `basket` are the recurring order's id (the basket's), `documentNumber` its number; the rest is the basket as
 * submitted, with the includes asked for.
 */
export function recurringOrderCreatedJson(order: RecurringOrderRow, include: Set<string>) {
  const statusCode = recurringStatusCode(order)
  const included: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(order.snapshot.included))
    if (include.has(key)) included[key] = value
  return {
    data: {
      ...(order.snapshot.data as Json),
      id: order.id,
      documentNumber: order.documentNo,
      creationDate: order.createdAt.toISOString(),
      statusCode,
      status: STATUS_NAMES[statusCode] ?? statusCode,
      orderCreation: { status: 'STOPPED', stopAction: { type: 'Workflow', exitReason: 'recurring.order' } },
      basket: order.id,
      customer: order.customerNo,
      ...(order.email ? { email: order.email } : {}),
      recurringOrderID: order.id,
    },
    included,
    infos: [
      infoJson({
        code: 'order.recurring_order.created.info',
        message: `The order was set up as recurring order ${order.documentNo}; its first order is placed on ${order.startDate}.`,
        parameters: { recurringOrderNo: order.documentNo, startDate: order.startDate },
      }),
    ],
    errors: [],
  }
}
