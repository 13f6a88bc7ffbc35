import { describe, expect, it } from 'vitest'
import { mayCheckOut, priceVisibilityOf, showsPrices, visibleAmount } from './price-visibility'

describe('priceVisibilityOf (spec shell §6, commerce §5; ADR 0045)', () => {
  it('shows prices to guests, whatever the shop setting', () => {
    expect(priceVisibilityOf({ noPriceCheckoutEnabled: false })).toBe('shown')
    expect(priceVisibilityOf({ noPriceCheckoutEnabled: true })).toBe('shown')
  })

  it('shows prices unless the customer says otherwise (absent means active)', () => {
    expect(priceVisibilityOf({ customerType: 'SMBCustomer', noPriceCheckoutEnabled: true })).toBe('shown')
    expect(
      priceVisibilityOf({
        customerType: 'SMBCustomer',
        priceDisplayActive: true,
        noPriceCheckoutEnabled: true,
      }),
    ).toBe('shown')
  })

  it('gives a business customer without price display a blank price where no-price checkout is on', () => {
    expect(
      priceVisibilityOf({
        customerType: 'SMBCustomer',
        priceDisplayActive: false,
        noPriceCheckoutEnabled: true,
      }),
    ).toBe('blank')
  })

  it('gives the same customer the on-demand text where no-price checkout is off', () => {
    expect(
      priceVisibilityOf({
        customerType: 'SMBCustomer',
        priceDisplayActive: false,
        noPriceCheckoutEnabled: false,
      }),
    ).toBe('on_demand')
  })

  it('never hides a private customer’s prices (only a business customer has the setting)', () => {
    for (const noPriceCheckoutEnabled of [true, false])
      expect(
        priceVisibilityOf({
          customerType: 'PrivateCustomer',
          priceDisplayActive: false,
          noPriceCheckoutEnabled,
        }),
      ).toBe('shown')
  })
})

describe('what follows from the visibility', () => {
  it('writes prices only where they are shown', () => {
    expect(showsPrices('shown')).toBe(true)
    expect(showsPrices('blank')).toBe(false)
    expect(showsPrices('on_demand')).toBe(false)
    const price = { value: 12.5, currency: 'EUR' }
    expect(visibleAmount(price, 'shown')).toBe(price)
    expect(visibleAmount(price, 'blank')).toBeUndefined()
    expect(visibleAmount(price, 'on_demand')).toBeUndefined()
  })

  it('lets the shopper check out with prices or with no-price checkout, not with prices on demand', () => {
    expect(mayCheckOut('shown')).toBe(true)
    expect(mayCheckOut('blank')).toBe(true)
    expect(mayCheckOut('on_demand')).toBe(false)
  })
})
