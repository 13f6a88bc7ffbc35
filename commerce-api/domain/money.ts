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
