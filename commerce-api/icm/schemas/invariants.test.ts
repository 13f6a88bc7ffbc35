import { describe, expect, it } from 'vitest'
import { invariantViolations } from './invariants'

const money = (value: number) => ({ type: 'Money', value, currency: 'EUR' })
const item = (net: number, gross: number) => ({ type: 'PriceItem', net: money(net), gross: money(gross) })
const totals = (grossTotal: number, tax = 22.33) => ({
  itemTotal: item(120, 142.8),
  basketValueDiscountsTotal: item(10, 11.9),
  shippingTotal: item(5, 5.95),
  paymentCostsTotal: item(2.5, 2.98),
  grandTotal: { ...item(117.5, grossTotal), tax: money(tax) },
})

describe('what a wire shape cannot say', () => {
  it('passes totals that add up, in cents, and codes the API sends, wherever they sit', () => {
    const body = {
      data: { totals: totals(139.83) },
      infos: [{ code: 'basket.line_item.quantity.adjusted.info', message: 'x' }],
      errors: [
        { code: 'basket.line_item.creation.failed', causes: [{ code: 'basket.line_item.not_found.error' }] },
      ],
    }
    expect(invariantViolations(body)).toEqual([])
  })

  it('names a grand total that is not items − order rebates + shipping + payment costs', () => {
    expect(invariantViolations({ data: { totals: totals(148.75, 31.25) } })).toEqual([
      'data.totals.grandTotal.gross is 148.75, but items − order rebates + shipping + payment costs make 139.83',
    ])
  })

  it('names a tax that is not gross − net', () => {
    expect(invariantViolations({ data: { totals: totals(139.83, 20) } })).toEqual([
      'data.totals.grandTotal.tax is 20, but gross − net is 22.33',
    ])
  })

  it('names a code outside the registry, also as a cause, unless the test allows it', () => {
    const body = { errors: [{ code: 'order.not_found', causes: [{ code: 'made.up' }] }] }
    expect(invariantViolations(body)).toEqual([
      'errors[0].code order.not_found is no code the commerce API sends (domain/message-codes.ts)',
      'errors[0].causes[0].code made.up is no code the commerce API sends (domain/message-codes.ts)',
    ])
    expect(invariantViolations(body, new Set(['order.not_found', 'made.up']))).toEqual([])
  })

  it('leaves other objects with a code alone (a country, a payment method)', () => {
    expect(invariantViolations({ data: [{ code: 'DE', name: 'Germany' }] })).toEqual([])
  })

  it('names totals in two currencies', () => {
    const mixed = {
      ...totals(139.83),
      shippingTotal: { net: money(5), gross: { value: 5.95, currency: 'USD' } },
    }
    expect(invariantViolations({ totals: mixed })).toEqual(['totals mixes currencies: EUR, USD'])
  })
})
