import { describe, expect, it } from 'vitest'
import {
  discountPercentage,
  formatMoney,
  mapProductPrices,
  pick,
  priceDisplayOf,
  priceState,
  scaledPriceRows,
} from './price'

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

describe('price display rules', () => {
  const settings = { b2bDisplay: 'net', b2cDisplay: 'gross' } as const

  it('shows business customers the b2b type and everyone else the b2c type', () => {
    expect(priceDisplayOf('SMBCustomer', settings)).toBe('net')
    expect(priceDisplayOf('PrivateCustomer', settings)).toBe('gross')
    expect(priceDisplayOf(undefined, settings)).toBe('gross')
    expect(priceDisplayOf('SMBCustomer', { b2bDisplay: 'gross', b2cDisplay: 'gross' })).toBe('gross')
  })

  it('computes the discount against the list price in the display type, in whole percent', () => {
    const price = {
      sku: 'a',
      sale: { net: money(7.5), gross: money(8.93) },
      list: { net: money(10), gross: money(11.9) },
      scaled: [],
    }
    expect(discountPercentage(price, 'net')).toBe(25)
    expect(discountPercentage(price, 'gross')).toBe(25)
    expect(discountPercentage({ ...price, list: undefined }, 'net')).toBe(0)
    expect(discountPercentage({ ...price, list: price.sale }, 'net')).toBe(0)
  })

  it('lists volume prices with their saving against the base price', () => {
    const price = mapProductPrices({
      data: [
        {
          sku: 'a',
          prices: {
            SalePrice: [tier(10, 11.9, 1), tier(9.5, 11.31, 10), tier(9, 10.71, 50)],
            ListPrice: [tier(10, 11.9, 1)],
          },
        },
      ],
    }).get('a')!
    expect(scaledPriceRows(price, 'net')).toEqual([
      { minQuantity: 10, price: money(9.5), saving: 5 },
      { minQuantity: 50, price: money(9), saving: 10 },
    ])
    expect(scaledPriceRows(price, 'gross').map((r) => r.price)).toEqual([money(11.31), money(10.71)])
  })
})

describe('formatMoney at the four-decimal boundary', () => {
  it('keeps two decimals from 0.01 on and uses up to four below, for negative amounts too', () => {
    expect(formatMoney(money(0.01, 'USD'), 'en-US')).toBe('$0.01')
    expect(formatMoney(money(0.009, 'USD'), 'en-US')).toBe('$0.009')
    expect(formatMoney(money(0.00125, 'EUR'), 'de-DE')).toBe('0,0013\u00a0€')
    expect(formatMoney(money(-0.005, 'USD'), 'en-US')).toBe('-$0.005')
    expect(formatMoney(money(12.5, 'RON'), 'ro-RO')).toBe('12,50\u00a0RON')
  })
})

describe('price texts', () => {
  it('shows the price, "price on request" without a sale price, "not available" when prices failed', () => {
    const priced = mapProductPrices({
      data: [{ sku: 'a', prices: { SalePrice: [{ ...tier(10, 11.9, 1) }] } }],
    } as any).get('a')
    expect(priceState(priced)).toBe('priced')
    expect(priceState(undefined)).toBe('on_request')
    expect(priceState({ sku: 'b', scaled: [] } as any)).toBe('on_request')
    expect(priceState(null)).toBe('not_available')
  })
})
