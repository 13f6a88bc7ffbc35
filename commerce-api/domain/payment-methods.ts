/**
 * Payment methods and instruments (ADR 0010): what a method costs a basket and when it may not be used, which
 * methods redirect to the payment provider, how instruments are named. The wire format is icm/payments.ts.
 */
import { asc } from 'drizzle-orm'
import { cachedCatalogRead } from '../db/read-cache'
import type { Db } from '../db/client'
import type { paymentInstruments } from '../db/schema'
import { paymentMethods } from '../db/schema'
import type { Currency } from './channel'
import { withTax, type Amount } from './money'

export type PaymentMethodRow = typeof paymentMethods.$inferSelect
export type PaymentInstrumentRow = typeof paymentInstruments.$inferSelect

/**
 * Every payment method in its order, switched off ones too (cached per database, db/read-cache.ts: every
 * basket answer with a payment and every payment step asks). Callers do not change them.
 */
export const everyPaymentMethod = (db: Db): Promise<PaymentMethodRow[]> =>
  cachedCatalogRead(db, 'payment-methods', (d) =>
    d.select().from(paymentMethods).orderBy(asc(paymentMethods.position)),
  )

/** The payment methods that are switched on, in their order. */
export const allPaymentMethods = async (db: Db) =>
  (await everyPaymentMethod(db)).filter((method) => method.active)

/** Net payment costs for a net item total, or null when the method costs nothing for it. */
export function paymentCostsNet(
  method: PaymentMethodRow,
  currency: Currency,
  itemsNet: number,
): number | null {
  const costs = method.costs?.[currency]
  if (!costs) return null
  const threshold = method.costsThreshold?.[currency]
  return threshold === undefined || itemsNet < threshold ? costs : null
}

export type PaymentRestriction = { code: string; message: string }

/** Why a method cannot be used for a net item total (ICM `restrictions`), empty when it can. */
export function paymentRestrictions(
  method: PaymentMethodRow,
  currency: Currency,
  itemsNet: number,
): PaymentRestriction[] {
  const max = method.maxTotal?.[currency]
  if (max !== undefined && itemsNet > max) {
    return [
      {
        code: 'payment.restriction.max_order_value.error',
        message: `${method.id} is available for an item total up to ${(max / 100).toFixed(2)} ${currency}.`,
      },
    ]
  }
  return []
}

/** What a method's costs and restrictions are figured on: a basket's net item total and its tax rate. */
export type PaymentBasis = { currency: Currency; itemsNet: number; taxRate: number }

/** A method as a basket sees it: whether it may be used, what it costs, and up to which total it costs. */
export type PaymentTerms = { restrictions: PaymentRestriction[]; costs: Amount; costsThreshold?: Amount }

export function paymentTerms(method: PaymentMethodRow, basis: PaymentBasis): PaymentTerms {
  const threshold = method.costsThreshold?.[basis.currency]
  return {
    restrictions: paymentRestrictions(method, basis.currency, basis.itemsNet),
    costs: withTax(paymentCostsNet(method, basis.currency, basis.itemsNet) ?? 0, basis.taxRate),
    ...(threshold !== undefined ? { costsThreshold: withTax(threshold, basis.taxRate) } : {}),
  }
}

export const redirectsBeforeCheckout = (method: Pick<PaymentMethodRow, 'capabilities'>) =>
  method.capabilities.includes('RedirectBeforeCheckout')
export const redirectsAfterCheckout = (method: Pick<PaymentMethodRow, 'capabilities'>) =>
  method.capabilities.includes('RedirectAfterCheckout')

export const instrumentUrn = (row: PaymentInstrumentRow) =>
  row.basketId
    ? `urn:payment-instrument:basket:${row.basketId}:${row.id}`
    : `urn:payment-instrument:user:${row.customerNo}:${row.userId}:${row.id}`

/** An IBAN as shown to its owner: country, check digits and the last four characters. */
export const maskIban = (iban: string) => `${iban.slice(0, 4)} **** ${iban.slice(-4)}`

/** A stored parameter as the API shows it: secrets such as the IBAN only with their last four characters. */
export const shownParameter = (p: { name: string; value: string }) =>
  p.name === 'IBAN' ? { name: p.name, value: `****${p.value.slice(-4)}` } : p
