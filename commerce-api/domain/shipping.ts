/** Shipping methods (ADR 0010): which a basket may use and what they cost it. */
import { asc } from 'drizzle-orm'
import type { Db } from '../db/client'
import { shippingMethods } from '../db/schema'
import { localize, type Currency, type Locale } from './channel'
import { priceItem, withTax } from './money'

export type ShippingMethodRow = typeof shippingMethods.$inferSelect

export const allShippingMethods = (db: Db) =>
  db.select().from(shippingMethods).orderBy(asc(shippingMethods.position))

/** A method serves a ship-to country when it names none or names that one; without a ship-to only those for all. */
export const servesCountry = (method: ShippingMethodRow, countryCode: string | undefined) =>
  method.countries === null || (!!countryCode && method.countries.includes(countryCode))

/** Net shipping costs for a basket whose net item total is `itemsNet`: free from the method's threshold on. */
export function shippingCostNet(method: ShippingMethodRow, currency: Currency, itemsNet: number): number {
  const freeFrom = method.freeFrom?.[currency]
  if (freeFrom !== undefined && itemsNet >= freeFrom) return 0
  return method.costs[currency] ?? 0
}

export function shippingMethodJson(
  method: ShippingMethodRow,
  locale: Locale,
  currency: Currency,
  itemsNet: number,
  taxRate: number,
) {
  const costs = withTax(shippingCostNet(method, currency, itemsNet), taxRate)
  return {
    id: method.id,
    name: localize(method.names, locale),
    description: localize(method.descriptions, locale),
    shippingCosts: priceItem(costs.net, costs.gross, currency),
    deliveryTimeMin: method.deliveryTimeMin,
    deliveryTimeMax: method.deliveryTimeMax,
  }
}
