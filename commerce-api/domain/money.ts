import { TAX_RATES, type Currency } from './channel'

/** Amounts are integers in minor units (cents) everywhere inside the API; only JSON shows decimals. */
export type Minor = number

export const money = (minor: Minor, currency: Currency) => ({
  type: 'Money' as const,
  value: minor / 100,
  currency,
})

export const priceItem = (net: Minor, gross: Minor, currency: Currency) => ({
  type: 'PriceItem' as const,
  net: money(net, currency),
  gross: money(gross, currency),
})

export function multiply(minor: Minor, quantity: number): Minor {
  if (!Number.isSafeInteger(minor) || !Number.isSafeInteger(quantity))
    throw new Error('money arithmetic on a non-integer')
  const result = minor * quantity
  if (!Number.isSafeInteger(result)) throw new Error('money overflow')
  return result
}

/** The gross amount of a net amount at the standard tax rate of the currency's market, rounded to whole minor units. */
export function grossOf(net: Minor, currency: Currency): Minor {
  return Math.round((net * (100 + TAX_RATES[currency])) / 100)
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
