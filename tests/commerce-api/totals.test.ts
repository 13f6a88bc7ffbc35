import { describe, expect, it } from 'vitest'
import { countryOf } from '../../commerce-api/domain/countries'
import { CURRENCIES } from '../../commerce-api/domain/channel'
import { defaultDestination, distribute, grossOf, taxOf, withTax } from '../../commerce-api/domain/money'
import { basketTotals, taxDestination, taxRateChanged } from '../../commerce-api/domain/totals'

describe('money helpers', () => {
  it('rounds tax half away from zero to whole minor units', () => {
    expect(taxOf(1290, 19)).toBe(245) // 245.1
    expect(taxOf(250, 19)).toBe(48) // 47.5
    expect(taxOf(1, 50)).toBe(1) // 0.5
    expect(taxOf(-250, 19)).toBe(-48)
    expect(taxOf(999, 0)).toBe(0)
    expect(withTax(1290, 23)).toEqual({ net: 1290, gross: 1587 })
    expect(() => taxOf(0.5, 19)).toThrow(/non-integer/)
  })

  it('distributes an amount in proportion, exactly', () => {
    expect(distribute(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(distribute(10, [3, 0, 7])).toEqual([3, 0, 7])
    expect(distribute(-5, [1, 1])).toEqual([-3, -2])
    expect(distribute(7, [0, 0])).toEqual([7, 0])
    expect(distribute(0, [])).toEqual([])
    const shares = distribute(1999, [333, 1001, 17])
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1999)
  })

  it('knows the tax rate of each ship-to country (ADR 0010)', () => {
    expect(
      Object.fromEntries(['DE', 'AT', 'FR', 'PL', 'RO', 'GB', 'US'].map((c) => [c, countryOf(c)!.taxRate])),
    ).toEqual({ DE: 19, AT: 20, FR: 20, PL: 23, RO: 19, GB: 20, US: 0 })
  })
})

describe('the tax destination', () => {
  it('shows each currency’s prices for a country the shop sells to, at that country’s rate', () => {
    expect(Object.fromEntries(CURRENCIES.map((c) => [c, defaultDestination(c).code]))).toEqual({
      EUR: 'DE',
      USD: 'US',
      PLN: 'PL',
      RON: 'RO',
    })
    // The gross of price lists and warranties: no rate of its own, the destination's.
    expect(grossOf(19925, 'USD')).toBe(19925)
    expect(grossOf(1000, 'EUR')).toBe(1190)
    expect(grossOf(1000, 'PLN')).toBe(1230)
  })

  it('is the ship-to country, else the invoice country, else the default destination', () => {
    expect(taxDestination('USD', 'DE', 'US')).toMatchObject({ source: 'ship-to', country: { code: 'DE' } })
    expect(taxDestination('USD', null, 'PL')).toMatchObject({ source: 'invoice-to', country: { code: 'PL' } })
    expect(taxDestination('USD')).toMatchObject({ source: 'default', country: { code: 'US' } })
    // A country the shop does not sell to counts as no address.
    expect(taxDestination('EUR', 'ZZ', undefined)).toMatchObject({
      source: 'default',
      country: { code: 'DE' },
    })
  })

  it('changes the rate when the destination taxes otherwise than the prices were shown', () => {
    expect(taxRateChanged(taxDestination('USD', 'DE'))).toBe(true)
    expect(taxRateChanged(taxDestination('USD', 'US'))).toBe(false)
    expect(taxRateChanged(taxDestination('EUR', 'RO'))).toBe(false)
    expect(taxRateChanged(taxDestination('EUR', 'AT'))).toBe(true)
  })
})

describe('basket totals', () => {
  const lines = [
    { id: 'a', undiscounted: withTax(3333, 19), itemRebate: { net: 0, gross: 0 } },
    { id: 'b', undiscounted: withTax(1001, 19), itemRebate: { net: 100, gross: 119 } },
    { id: 'c', undiscounted: withTax(17, 19), itemRebate: { net: 0, gross: 0 } },
  ]

  it('adds items, order rebates, shipping and payment costs; line taxes add up to the sales tax', () => {
    const totals = basketTotals({
      lines,
      valueRebate: { net: 425, gross: 506 },
      shippingNet: 495,
      paymentCostsNet: 250,
      taxRate: 19,
      complete: true,
    })
    expect(totals.undiscountedItems).toEqual({ net: 4351, gross: 5177 })
    expect(totals.itemRebates).toEqual({ net: 100, gross: 119 })
    expect(totals.items).toEqual({ net: 4251, gross: 5058 })
    expect(totals.shipping).toEqual({ net: 495, gross: 589 })
    expect(totals.paymentCosts).toEqual({ net: 250, gross: 298 })
    expect(totals.grand).toEqual({ net: 4251 - 425 + 495 + 250, gross: 5058 - 506 + 589 + 298 })
    expect(totals.salesTax).toBe(totals.grand.gross - totals.grand.net)
    const lineTax = [...totals.lines.values()].reduce((sum, l) => sum + l.salesTax, 0)
    expect(lineTax + (589 - 495) + (298 - 250)).toBe(totals.salesTax)
    expect(totals.lines.get('b')!.total).toEqual({ net: 901, gross: 1072 })
    expect(totals.isEstimated).toBe(false)
  })

  it('leaves out shipping and payment costs until chosen, and is an estimate until complete', () => {
    const totals = basketTotals({
      lines,
      valueRebate: { net: 0, gross: 0 },
      shippingNet: null,
      paymentCostsNet: null,
      taxRate: 19,
      complete: false,
    })
    expect(totals.shipping).toEqual({ net: 0, gross: 0 })
    expect(totals.paymentCosts).toEqual({ net: 0, gross: 0 })
    expect(totals.grand).toEqual(totals.items)
    expect(totals.isEstimated).toBe(true)
    const empty = basketTotals({
      lines: [],
      valueRebate: { net: 0, gross: 0 },
      shippingNet: 0,
      paymentCostsNet: null,
      taxRate: 0,
      complete: true,
    })
    expect(empty.grand).toEqual({ net: 0, gross: 0 })
    expect(empty.salesTax).toBe(0)
  })
})
