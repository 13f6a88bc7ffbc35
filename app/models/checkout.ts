import { z } from 'zod'
import { AddressSchema, mapAddress, type Address } from './address'
import { BasketSchema, mapBasket, type Basket } from './basket'
import { PriceItemSchema, pick, type Money, type PriceDisplay, type PriceItem } from './price'

/**
 * Checkout steps (spec §3 "Checkout steps": BeforeCheckout 0, Addresses 1, Shipping 2, Payment 3, Review 4,
 * Receipt 5) and the validation scopes moving on from each of them checks (spec §4 "Checkout validation per
 * step").
 */
export const CHECKOUT_STEPS = ['basket', 'address', 'shipping', 'payment', 'review', 'receipt'] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

export const STEP_SCOPES: Record<Exclude<CheckoutStep, 'receipt'>, string[]> = {
  basket: ['Products', 'Promotion', 'Value', 'CostCenter'],
  address: ['InvoiceAddress', 'ShippingAddress', 'Addresses'],
  shipping: ['Shipping'],
  payment: ['Payment'],
  review: ['All', 'CostCenter'],
}

export const stepIndex = (step: CheckoutStep) => CHECKOUT_STEPS.indexOf(step)

/** The step after `step` ("Continue"). */
export function nextStep(step: Exclude<CheckoutStep, 'receipt'>): CheckoutStep {
  return CHECKOUT_STEPS[stepIndex(step) + 1]!
}

/** The URL of a step; the basket is the step before checkout. */
export function stepPath(lang: string, step: CheckoutStep): string {
  return step === 'basket' ? `/${lang}/basket` : `/${lang}/checkout/${step}`
}

/**
 * The final validation (scope All) may not change the basket behind the shopper's back; the steps before it
 * let ICM fix what it can (drop unavailable lines, choose a default shipping method) and report it.
 */
export const adjustmentsAllowed = (scopes: string[]) => !scopes.includes('All')

export type ValidationMessage = {
  code: string
  message?: string
  scopes: string[]
  lineItemId?: string
  productSku?: string
}

export type ValidationResults = {
  valid: boolean
  adjusted: boolean
  errors: ValidationMessage[]
  infos: ValidationMessage[]
}

const ValidationMessageSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  parameters: z
    .object({
      scopes: z.array(z.string()).optional(),
      lineItemId: z.string().optional(),
      productSku: z.string().optional(),
    })
    .passthrough()
    .optional(),
})

export const ValidationSchema = z.object({
  data: z.object({
    results: z.object({
      valid: z.boolean(),
      adjusted: z.boolean().default(false),
      errors: z.array(ValidationMessageSchema).default([]),
      infos: z.array(ValidationMessageSchema).default([]),
    }),
  }),
})

export function mapValidation(envelope: z.infer<typeof ValidationSchema>): ValidationResults {
  const message = (m: z.infer<typeof ValidationMessageSchema>): ValidationMessage => ({
    code: m.code,
    message: m.message,
    scopes: m.parameters?.scopes ?? [],
    lineItemId: m.parameters?.lineItemId,
    productSku: m.parameters?.productSku,
  })
  const { results } = envelope.data
  return {
    valid: results.valid,
    adjusted: results.adjusted,
    errors: results.errors.map(message),
    infos: results.infos.map(message),
  }
}

/** Valid and not adjusted: the shopper may move on; otherwise the page shows what happened. */
export const mayContinue = (results: ValidationResults) => results.valid && !results.adjusted

const SCOPE_STEP: Record<string, CheckoutStep> = {
  Products: 'basket',
  Promotion: 'basket',
  Value: 'basket',
  CostCenter: 'basket',
  InvoiceAddress: 'address',
  ShippingAddress: 'address',
  Addresses: 'address',
  Shipping: 'shipping',
  Payment: 'payment',
  All: 'review',
}

/**
 * The first step whose scopes match the errors (or, when there are none, the infos) of a validation: where
 * the shopper has to fix something (spec §4 "Starting checkout"). Messages without a known scope point to
 * `fallback`.
 */
export function firstStepFor(results: ValidationResults, fallback: CheckoutStep = 'review'): CheckoutStep {
  const messages = results.errors.length ? results.errors : results.infos
  const steps = messages.flatMap((m) => m.scopes.map((scope) => SCOPE_STEP[scope] ?? fallback))
  if (!steps.length) return fallback
  return steps.reduce((first, step) => (stepIndex(step) < stepIndex(first) ? step : first))
}

/**
 * Days of an ISO 8601 period as ICM sends delivery times (`P3D`, `P1W`, `PT48H`); hours round up to whole
 * days. Undefined for anything else.
 */
export function periodDays(period: string | undefined | null): number | undefined {
  if (!period) return undefined
  const match = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(period.trim())
  if (!match || period.trim() === 'P' || period.trim().endsWith('T')) return undefined
  const [, weeks, days, hours, minutes] = match
  if (weeks === undefined && days === undefined && hours === undefined && minutes === undefined)
    return undefined
  const total =
    Number(weeks ?? 0) * 7 +
    Number(days ?? 0) +
    Math.ceil((Number(hours ?? 0) * 60 + Number(minutes ?? 0)) / 1440)
  return total
}

/** A delivery time range in days: `{min: 3, max: 5}`; one bound stands for both when the other is missing. */
export function deliveryDays(min?: string, max?: string): { min: number; max: number } | undefined {
  const low = periodDays(min)
  const high = periodDays(max)
  if (low === undefined && high === undefined) return undefined
  const a = low ?? high!
  const b = high ?? low!
  return { min: Math.min(a, b), max: Math.max(a, b) }
}

// ---------------------------------------------------------------------------------------------------------
// The basket as checkout sees it: addresses, shipping method and payment besides lines and totals.

const ShippingMethodSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  shippingCosts: PriceItemSchema.optional(),
  deliveryTimeMin: z.string().optional(),
  deliveryTimeMax: z.string().optional(),
  shippingTimeMin: z.number().optional(),
  shippingTimeMax: z.number().optional(),
})

export const ShippingMethodsSchema = z.object({ data: z.array(ShippingMethodSchema) })

export type ShippingMethod = {
  id: string
  name: string
  description?: string
  costs?: PriceItem
  days?: { min: number; max: number }
}

export function mapShippingMethod(data: z.infer<typeof ShippingMethodSchema>): ShippingMethod {
  const days =
    deliveryDays(data.deliveryTimeMin, data.deliveryTimeMax) ??
    (data.shippingTimeMin !== undefined || data.shippingTimeMax !== undefined
      ? {
          min: data.shippingTimeMin ?? data.shippingTimeMax!,
          max: data.shippingTimeMax ?? data.shippingTimeMin!,
        }
      : undefined)
  return {
    id: data.id,
    name: data.name ?? data.id,
    description: data.description,
    costs: data.shippingCosts,
    days,
  }
}

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
  }),
  included: z
    .object({
      lineItems: BasketSchema.shape.included.unwrap().shape.lineItems,
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

export type CheckoutBasket = Basket & {
  email?: string
  invoiceAddress?: Address
  shipToAddress?: Address
  shippingMethod?: ShippingMethod
  payment?: CheckoutPayment
  paymentCosts?: PriceItem
  documentNumber?: string
  creationDate?: string
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
  }
}

/**
 * The first step the basket has not completed: addresses, then shipping method, then payment (a payment that
 * must be authorised on the provider's page before checkout counts once it is). A later step opened directly
 * sends the shopper here.
 */
export function firstIncompleteStep(basket: CheckoutBasket): CheckoutStep {
  if (basket.lines.length === 0) return 'basket'
  if (!basket.invoiceAddress || !basket.shipToAddress) return 'address'
  if (!basket.shippingMethod) return 'shipping'
  if (!basket.payment) return 'payment'
  if (
    basket.payment.capabilities.includes('RedirectBeforeCheckout') &&
    basket.payment.status !== 'Authorized'
  )
    return 'payment'
  return 'review'
}

export type TotalsRow = {
  /** Translation key of the row's label. */
  key: string
  values?: Record<string, string>
  amount: Money
  /** Rebates are taken off; the grand total is the last row. */
  kind: 'amount' | 'rebate' | 'total'
}

const isZero = (item: PriceItem | undefined) => !item || (item.gross.value === 0 && item.net.value === 0)

/**
 * The totals of a basket or order as checkout, review and receipt print them: items, order rebates, shipping
 * (shown once a method is chosen, also when free), payment costs (when there are any), tax, total; and whether
 * the total is still an estimate (addresses or shipping method missing, spec §3 Totals).
 */
export function totalsRows(
  basket: CheckoutBasket,
  display: PriceDisplay,
): { rows: TotalsRow[]; estimated: boolean } {
  const rows: TotalsRow[] = [
    { key: 'checkout.totals.items', amount: pick(basket.totals.items, display), kind: 'amount' },
  ]
  for (const rebate of basket.valueRebates)
    rows.push({
      key: 'basket.totals.rebate',
      values: { name: rebate.name },
      amount: pick(rebate.amount, display),
      kind: 'rebate',
    })
  if (basket.totals.shipping && (basket.shippingMethod || !isZero(basket.totals.shipping)))
    rows.push({
      key: 'checkout.totals.shipping',
      amount: pick(basket.totals.shipping, display),
      kind: 'amount',
    })
  if (!isZero(basket.paymentCosts))
    rows.push({
      key: 'checkout.totals.payment_costs',
      amount: pick(basket.paymentCosts!, display),
      kind: 'amount',
    })
  if (basket.totals.tax)
    rows.push({
      key: display === 'net' ? 'checkout.totals.tax_added' : 'checkout.totals.tax_included',
      amount: basket.totals.tax,
      kind: 'amount',
    })
  rows.push({ key: 'checkout.totals.total', amount: pick(basket.totals.total, display), kind: 'total' })
  return { rows, estimated: basket.totals.estimated }
}
