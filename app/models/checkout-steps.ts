import type { CheckoutBasket } from './checkout-basket'
import type { ValidationResults } from './checkout-validation'

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
