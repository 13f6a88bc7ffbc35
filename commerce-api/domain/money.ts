import type { Currency } from './channel'
import { countryOf, type Country } from './countries'

/** Amounts are integers in minor units (cents) everywhere inside the API; only JSON shows decimals. */
export type Minor = number

/**
 * ICM's Money and PriceItem live in icm/money.ts. Re-exported for the catalog's files (domain/catalog.ts,
 * icm/catalog.ts, icm/warranties.ts), which import them from here, until they import them from there.
 */

/**
 * The country each currency's price list is made for: prices are shown with its tax until the buyer names an
 * address (a basket's tax follows its ship-to country, ADR 0010). From the countries the shop sells to, so
 * that the price shown before an address is the price for a real destination, never a rate of its own.
 */
export const DEFAULT_DESTINATIONS: Record<Currency, string> = { EUR: 'DE', USD: 'US', PLN: 'PL', RON: 'RO' }

export function defaultDestination(currency: Currency): Country {
  const country = countryOf(DEFAULT_DESTINATIONS[currency])
  if (!country) throw new Error(`the default destination of ${currency} is not a country the shop sells to`)
  return country
}

export function multiply(minor: Minor, quantity: number): Minor {
  if (!Number.isSafeInteger(minor) || !Number.isSafeInteger(quantity))
    throw new Error('money arithmetic on a non-integer')
  const result = minor * quantity
  if (!Number.isSafeInteger(result)) throw new Error('money overflow')
  return result
}

/**
 * The gross amount of a net amount at the tax rate of the currency's default destination, rounded to whole
 * minor units: the gross of the price lists (seed) and of warranties, which a basket without an address shows.
 */
export function grossOf(net: Minor, currency: Currency): Minor {
  return withTax(net, defaultDestination(currency).taxRate).gross
}

/** A net and a gross amount in minor units of one currency. */
export type Amount = { net: Minor; gross: Minor }

export const ZERO: Amount = { net: 0, gross: 0 }

const checked = (minor: Minor) => {
  if (!Number.isSafeInteger(minor)) throw new Error('money arithmetic on a non-integer')
  return minor
}

export const add = (a: Amount, b: Amount): Amount => ({
  net: checked(a.net + b.net),
  gross: checked(a.gross + b.gross),
})

export const subtract = (a: Amount, b: Amount): Amount => ({
  net: checked(a.net - b.net),
  gross: checked(a.gross - b.gross),
})

export const sumAmounts = (amounts: Amount[]): Amount => amounts.reduce(add, ZERO)

/** The tax on a net amount at a rate in percent, rounded half away from zero to whole minor units. */
export function taxOf(net: Minor, ratePercent: number): Minor {
  checked(net)
  const exact = (net * ratePercent) / 100
  return Math.sign(exact) * Math.round(Math.abs(exact))
}

/** A net amount with its gross at a tax rate in percent. */
export const withTax = (net: Minor, ratePercent: number): Amount => ({
  net,
  gross: net + taxOf(net, ratePercent),
})

/** The tax an amount carries. */
export const taxIn = (amount: Amount): Minor => amount.gross - amount.net

/**
 * Splits a whole amount of minor units over parts in proportion to their weights, so that the shares add up
 * to the amount exactly (largest remainder; ties go to the earlier part).
 */
export function distribute(total: Minor, weights: Minor[]): Minor[] {
  checked(total)
  const sum = weights.reduce((s, w) => s + Math.max(w, 0), 0)
  if (weights.length === 0) return []
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0))
  const exact = weights.map((w) => (total * Math.max(w, 0)) / sum)
  const shares = exact.map((x) => Math.trunc(x))
  let left = total - shares.reduce((s, x) => s + x, 0)
  const order = exact
    .map((x, i) => ({ i, rest: Math.abs(x - Math.trunc(x)) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i)
  const step = Math.sign(left)
  for (let k = 0; left !== 0; k = (k + 1) % order.length) {
    shares[order[k]!.i]! += step
    left -= step
  }
  return shares
}

/** An amount for people: two decimals and the currency code (e.g. "119.00 EUR"). */
export const formatAmount = (minor: Minor, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`
