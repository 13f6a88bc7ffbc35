import { describe, expect, it } from 'vitest'
import { discountPercentage, formatMoney, mapProductPrices, pick } from './price'

const money = (value: number, currency = 'EUR') => ({ value, currency })
const tier = (net: number, gross: number, minQuantity: number) => ({
  net: money(net),
  gross: money(gross),
  minQuantity: { value: minQuantity },
})

describe('product prices', () => {
  it('separates the base price from scaled prices and keeps the list price', () => {
    const prices = mapProductPrices({
      data: [
        {
          sku: 'a',
          prices: {
            SalePrice: [tier(8, 9.52, 1), tier(7, 8.33, 50), tier(7.5, 8.93, 10)],
            ListPrice: [tier(10, 11.9, 1)],
          },
        },
      ],
    }).get('a')!
    expect(pick(prices.sale!, 'gross')).toEqual(money(9.52))
    expect(pick(prices.sale!, 'net')).toEqual(money(8))
    expect(prices.scaled.map((s) => s.minQuantity)).toEqual([10, 50])
    expect(discountPercentage(prices, 'net')).toBe(20)
  })
  it('falls back to the list price when no sale price has minQuantity 1', () => {
    const prices = mapProductPrices({
      data: [{ sku: 'a', prices: { SalePrice: [tier(1, 1.19, 2)], ListPrice: [tier(2, 2.38, 1)] } }],
    }).get('a')!
    expect(prices.sale).toEqual({ net: money(2), gross: money(2.38) })
    expect(discountPercentage(prices, 'gross')).toBe(0)
  })
})

describe('formatMoney', () => {
  it('uses the locale and currency, two decimals', () => {
    expect(formatMoney(money(1234.5, 'USD'), 'en-US')).toBe('$1,234.50')
    expect(formatMoney(money(1234.5), 'de-DE')).toBe('1.234,50\u00a0€')
    expect(formatMoney(money(99, 'PLN'), 'pl-PL')).toMatch(/^99,00\s?zł$/)
  })
  it('shows up to four decimals for values under 0.01', () => {
    expect(formatMoney(money(0.0042, 'USD'), 'en-US')).toBe('$0.0042')
    expect(formatMoney(money(0, 'USD'), 'en-US')).toBe('$0.00')
  })
})
