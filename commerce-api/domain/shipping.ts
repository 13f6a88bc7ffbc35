/** Shipping methods (ADR 0010): which a basket may use and what they cost it. The wire format is icm/shipping.ts. */
import { asc } from 'drizzle-orm'
import { cachedCatalogRead } from '../db/read-cache'
import type { Db } from '../db/client'
import { shippingMethods } from '../db/schema'
import type { Currency } from './channel'
import { withTax, type Amount } from './money'

export type ShippingMethodRow = typeof shippingMethods.$inferSelect

/** Every shipping method in its order (cached per database, db/read-cache.ts; callers do not change it). */
export const allShippingMethods = (db: Db): Promise<ShippingMethodRow[]> =>
  cachedCatalogRead(db, 'shipping-methods', (d) =>
    d.select().from(shippingMethods).orderBy(asc(shippingMethods.position)),
  )

/** A method serves a ship-to country when it names none or names that one; without a ship-to only those for all. */
export const servesCountry = (method: ShippingMethodRow, countryCode: string | undefined) =>
  method.countries === null || (!!countryCode && method.countries.includes(countryCode))

/** The methods of `methods` that serve the ship-to country, in their order. */
export const eligibleShippingMethods = (methods: ShippingMethodRow[], countryCode: string | undefined) =>
  methods.filter((m) => servesCountry(m, countryCode))

/** Net shipping costs for a basket whose net item total is `itemsNet`: free from the method's threshold on. */
export function shippingCostNet(method: ShippingMethodRow, currency: Currency, itemsNet: number): number {
  const freeFrom = method.freeFrom?.[currency]
  if (freeFrom !== undefined && itemsNet >= freeFrom) return 0
  return method.costs[currency] ?? 0
}

/** What the method costs a basket, with the basket's tax. */
export const shippingCosts = (
  method: ShippingMethodRow,
  basis: { currency: Currency; itemsNet: number; taxRate: number },
): Amount => withTax(shippingCostNet(method, basis.currency, basis.itemsNet), basis.taxRate)

/**
 * The item total from which the method ships free for this basket (net as the method names it, gross with the
 * basket's tax), or undefined when it never does.
 */
export function freeShippingFrom(
  method: ShippingMethodRow,
  basis: { currency: Currency; taxRate: number },
): Amount | undefined {
  const freeFrom = method.freeFrom?.[basis.currency]
  return freeFrom === undefined ? undefined : withTax(freeFrom, basis.taxRate)
}
