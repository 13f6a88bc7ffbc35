/**
 * Payment methods and instruments as ICM shows them (PWA `PaymentMethodBaseData`, `PaymentInstrument`):
 * costs, restrictions, parameter definitions with their constraints, saved and basket instruments.
 */
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { paymentInstruments } from '../db/schema'
import { paymentMethods, type PaymentParameter } from '../db/schema'
import { localize, type Currency, type Locale } from './channel'
import { priceItem, withTax } from './money'

export type PaymentMethodRow = typeof paymentMethods.$inferSelect
export type PaymentInstrumentRow = typeof paymentInstruments.$inferSelect

export const allPaymentMethods = (db: Db) =>
  db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.active, true))
    .orderBy(asc(paymentMethods.position))

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

/** Why a method cannot be used for a net item total (ICM `restrictions`), empty when it can. */
export function paymentRestrictions(method: PaymentMethodRow, currency: Currency, itemsNet: number) {
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

export const redirectsBeforeCheckout = (method: Pick<PaymentMethodRow, 'capabilities'>) =>
  method.capabilities.includes('RedirectBeforeCheckout')
export const redirectsAfterCheckout = (method: Pick<PaymentMethodRow, 'capabilities'>) =>
  method.capabilities.includes('RedirectAfterCheckout')

export function parameterDefinitionsJson(method: PaymentMethodRow, locale: Locale) {
  return method.parameterDefinitions.map((p) => ({
    name: p.name,
    type: p.type,
    displayName: localize(p.displayNames, locale),
    description: p.descriptions ? localize(p.descriptions, locale) : undefined,
    hidden: false,
    constraints: {
      ...(p.required ? { required: { message: localize(p.messages.required, locale) } } : {}),
      ...(p.size ? { size: { ...p.size, message: localize(p.messages.size, locale) } } : {}),
      ...(p.pattern ? { pattern: { regexp: p.pattern, message: localize(p.messages.pattern, locale) } } : {}),
    },
  }))
}

export type MethodContext = {
  locale: Locale
  currency: Currency
  itemsNet: number
  taxRate: number
  anonymous: boolean
}

export function paymentMethodJson(method: PaymentMethodRow, ctx: MethodContext, instrumentIds?: string[]) {
  const restrictions = paymentRestrictions(method, ctx.currency, ctx.itemsNet)
  const costs = method.costs?.[ctx.currency]
  const threshold = method.costsThreshold?.[ctx.currency]
  const costsNow = paymentCostsNet(method, ctx.currency, ctx.itemsNet) ?? 0
  const costsItem = withTax(costs ? costsNow : 0, ctx.taxRate)
  const thresholdItem = threshold !== undefined ? withTax(threshold, ctx.taxRate) : undefined
  return {
    id: method.id,
    serviceID: method.serviceId,
    displayName: localize(method.names, ctx.locale),
    description: localize(method.descriptions, ctx.locale),
    capabilities: method.capabilities,
    restricted: restrictions.length > 0,
    restrictions,
    saveAllowed: method.saveAllowed && !ctx.anonymous,
    paymentCosts: priceItem(costsItem.net, costsItem.gross, ctx.currency),
    ...(thresholdItem
      ? { paymentCostsThreshold: priceItem(thresholdItem.net, thresholdItem.gross, ctx.currency) }
      : {}),
    parameterDefinitions: parameterDefinitionsJson(method, ctx.locale),
    ...(instrumentIds ? { paymentInstruments: instrumentIds } : {}),
  }
}

/** Parameters as shown: secrets such as the IBAN only with their last four characters. */
const shownParameters = (parameters: PaymentParameter[]) =>
  parameters.map((p) => (p.name === 'IBAN' ? { name: p.name, value: `****${p.value.slice(-4)}` } : p))

export const instrumentUrn = (row: PaymentInstrumentRow) =>
  row.basketId
    ? `urn:payment-instrument:basket:${row.basketId}:${row.id}`
    : `urn:payment-instrument:user:${row.customerNo}:${row.userId}:${row.id}`

export function paymentInstrumentJson(row: PaymentInstrumentRow) {
  return {
    id: row.id,
    urn: instrumentUrn(row),
    accountIdentifier: row.accountIdentifier,
    parameters: shownParameters(row.parameters),
    paymentMethod: row.paymentMethodId,
  }
}

/** Methods without parameters are their own instrument: the instrument id is the method id. */
export const methodInstrumentJson = (method: PaymentMethodRow) => ({
  id: method.id,
  accountIdentifier: localize(method.names, 'en_US'),
  parameters: [],
  paymentMethod: method.id,
})

/** An IBAN as shown to its owner: country, check digits and the last four characters. */
export const maskIban = (iban: string) => `${iban.slice(0, 4)} **** ${iban.slice(-4)}`
