import type { Currency } from '../domain/channel'
import type { Amount, Minor } from '../domain/money'

/** ICM's Money: a decimal value in the currency (the API computes in whole minor units). */
export const money = (minor: Minor, currency: Currency) => ({
  type: 'Money' as const,
  value: minor / 100,
  currency,
})

/** ICM's PriceItem: net and gross Money of one amount. */
export const priceItem = (net: Minor, gross: Minor, currency: Currency) => ({
  type: 'PriceItem' as const,
  net: money(net, currency),
  gross: money(gross, currency),
})

/** An Amount as ICM's PriceItem. */
export const priceItemOf = (amount: Amount, currency: Currency) =>
  priceItem(amount.net, amount.gross, currency)
