import { z } from 'zod'
import { AddressSchema, mapAddress, type Address } from './address'
import { BasketApprovalSchema, mapApproval, type BasketApproval } from './approval'
import { BasketSchema, mapBasket, type Basket } from './basket'
import type { Translate } from './messages'
import { PriceItemSchema, type PriceItem } from './price'
import { ShippingMethodSchema, mapShippingMethod, type ShippingMethod } from './shipping-method'

// The basket as checkout sees it: addresses, shipping method and payment besides lines and totals.

const BasketPaymentSchema = z.object({
  id: z.string(),
  paymentInstrument: z.string().optional(),
  paymentMethod: z.string().optional(),
  paymentCosts: PriceItemSchema.optional(),
  redirectRequired: z.boolean().optional(),
  redirectUrl: z.string().optional(),
  status: z.string().optional(),
})

const PaymentMethodRefSchema = z.object({
  id: z.string(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  capabilities: z.array(z.string()).default([]),
})

const InstrumentRefSchema = z.object({
  id: z.string(),
  accountIdentifier: z.string().optional(),
  paymentMethod: z.string().optional(),
})

const CheckoutTotalsSchema = BasketSchema.shape.data.shape.totals.extend({
  paymentCostsTotal: PriceItemSchema.optional(),
  undiscountedShippingTotal: PriceItemSchema.optional(),
})

/** A basket or an order (both share ICM's basket shape) with what checkout includes. */
export const CheckoutBasketSchema = z.object({
  data: BasketSchema.shape.data.extend({
    email: z.string().optional(),
    invoiceToAddress: z.string().optional(),
    commonShipToAddress: z.string().optional(),
    commonShippingMethod: z.string().optional(),
    payments: z.array(z.string()).default([]),
    totals: CheckoutTotalsSchema,
    documentNumber: z.string().optional(),
    creationDate: z.string().optional(),
    status: z.string().optional(),
    statusCode: z.string().optional(),
    basket: z.string().optional(),
    costCenter: z.string().optional(),
    approval: BasketApprovalSchema,
    /** The schedule a logged-in customer set to order this basket regularly (spec §3, ADR 0020). */
    recurrence: z
      .object({
        interval: z.string(),
        startDate: z.string(),
        endDate: z.string().optional(),
        repetitions: z.number().optional(),
      })
      .optional()
      .catch(undefined),
  }),
  included: z
    .object({
      lineItems: BasketSchema.shape.included.unwrap().shape.lineItems,
      discounts: BasketSchema.shape.included.unwrap().shape.discounts,
      invoiceToAddress: z.record(AddressSchema).optional(),
      commonShipToAddress: z.record(AddressSchema).optional(),
      commonShippingMethod: z.record(ShippingMethodSchema).optional(),
      payments: z.record(BasketPaymentSchema).optional(),
      payments_paymentMethod: z.record(PaymentMethodRefSchema).optional(),
      payments_paymentInstrument: z.record(InstrumentRefSchema).optional(),
    })
    .optional(),
  infos: BasketSchema.shape.infos,
})

export const CHECKOUT_INCLUDE = [
  'lineItems',
  'discounts',
  'invoiceToAddress',
  'commonShipToAddress',
  'commonShippingMethod',
  'payments',
  'payments_paymentMethod',
  'payments_paymentInstrument',
].join(',')

export type CheckoutPayment = {
  id: string
  methodId: string
  methodName: string
  instrumentId?: string
  accountIdentifier?: string
  capabilities: string[]
  costs?: PriceItem
  status?: string
}

/**
 * A cost center as the shop names it (issue 17): ICM's `costCenterId` and, when the user's cost centers name
 * it (`customers/-/users/-/costcenters`), its name. A basket or order carries only the id (`costCenter`).
 */
export type CostCenterRef = { id: string; name?: string }

/**
 * The basket page's cost center choice of a business user: the cost centers they may order on, the one the
 * basket is on, and whether the basket needs one (not when the customer's `isCostCenterOptional`).
 */
export type CostCenterChoice = { choices: CostCenterRef[]; selected?: CostCenterRef; required: boolean }

export type CheckoutBasket = Basket & {
  email?: string
  /** The business basket's (or order's) cost center (ICM's `costCenter`, attribute Order_CostCenter_ID). */
  costCenter?: CostCenterRef
  invoiceAddress?: Address
  shipToAddress?: Address
  shippingMethod?: ShippingMethod
  payment?: CheckoutPayment
  paymentCosts?: PriceItem
  documentNumber?: string
  creationDate?: string
  /** A business basket's approval: whether ordering it needs approval, by whom and why (issue 18). */
  approval?: BasketApproval
  /** Order regularly: every interval from the start date, until an end date or a number of orders. */
  recurrence?: { interval: string; startDate: string; endDate?: string; repetitions?: number }
}

export function mapCheckoutBasket(envelope: z.infer<typeof CheckoutBasketSchema>): CheckoutBasket {
  const basket = mapBasket(envelope)
  const data = envelope.data
  const inc = envelope.included ?? {}
  const address = (record: Record<string, z.infer<typeof AddressSchema>> | undefined, urn?: string) => {
    if (!urn) return undefined
    const found = record?.[urn] ?? Object.values(record ?? {}).find((a) => a.urn === urn || a.id === urn)
    return found ? mapAddress(found) : undefined
  }
  const method = data.commonShippingMethod ? inc.commonShippingMethod?.[data.commonShippingMethod] : undefined
  const paymentId = data.payments[0]
  const payment = paymentId ? inc.payments?.[paymentId] : undefined
  const paymentMethod = payment?.paymentMethod
    ? inc.payments_paymentMethod?.[payment.paymentMethod]
    : undefined
  const instrument = payment?.paymentInstrument
    ? inc.payments_paymentInstrument?.[payment.paymentInstrument]
    : undefined
  return {
    ...basket,
    email: data.email,
    invoiceAddress: address(inc.invoiceToAddress, data.invoiceToAddress),
    shipToAddress: address(inc.commonShipToAddress, data.commonShipToAddress),
    shippingMethod: method
      ? mapShippingMethod(method)
      : data.commonShippingMethod
        ? { id: data.commonShippingMethod, name: data.commonShippingMethod }
        : undefined,
    payment: payment
      ? {
          id: payment.id,
          methodId: payment.paymentMethod ?? payment.paymentInstrument ?? payment.id,
          methodName: paymentMethod?.displayName ?? payment.paymentMethod ?? payment.id,
          instrumentId: payment.paymentInstrument,
          accountIdentifier:
            instrument && instrument.id !== payment.paymentMethod ? instrument.accountIdentifier : undefined,
          capabilities: paymentMethod?.capabilities ?? [],
          costs: payment.paymentCosts,
          status: payment.status,
        }
      : undefined,
    paymentCosts: data.totals.paymentCostsTotal,
    documentNumber: data.documentNumber,
    creationDate: data.creationDate,
    costCenter: data.costCenter ? { id: data.costCenter } : undefined,
    approval: mapApproval(data.approval),
    recurrence: data.recurrence,
  }
}

/** The basket page's `intent` of the cost center form. */
export const COST_CENTER_INTENT = 'cost-center'

/**
 * The cost center form (issue 17), shared by the page and the action: the costCenterId chosen, required unless
 * the customer's cost centers are optional (then empty takes the basket off its cost center). Which cost
 * centers the user may order on is the API's rule; the action passes the choice on.
 */
export function costCenterFormSchema(t: Translate, required: boolean) {
  const id = z
    .string()
    .trim()
    .max(100, t('form.max_length', { max: 100 }))
  return z.object({
    intent: z.literal(COST_CENTER_INTENT),
    costCenter: required
      ? z.string({ required_error: t('checkout.cost_center.required.error') }).pipe(id)
      : id.optional(),
  })
}
