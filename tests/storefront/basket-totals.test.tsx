// @vitest-environment jsdom
/**
 * The basket's estimate note (issue 19, honest prices): a total without a chosen shipping method leaves the
 * shipping costs out and says so, unless the shipping it shows is free, where nothing is left out.
 */
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BasketTotals } from '~/components/basket/BasketTotals'
import type { PriceItem } from '~/models/price'
import type { ShippingPreview } from '~/models/shipping-method'
import { renderRoute } from './render-route'
import './setup'

const usd = (value: number): PriceItem => ({
  net: { value, currency: 'USD' },
  gross: { value: Math.round(value * 119) / 100, currency: 'USD' },
})

const basket = {
  valueRebates: [],
  totals: { items: usd(120), total: usd(120), estimated: true },
}

const preview = (costs: number): ShippingPreview => ({
  costs: usd(costs),
  method: 'Standard delivery',
  chosen: false,
  from: true,
  free: { method: 'Standard delivery', threshold: usd(100), ...(costs ? { missing: usd(10) } : {}) },
})

async function totalsWith(shipping: ShippingPreview) {
  renderRoute({
    path: '/en/basket',
    pattern: ':lang/basket',
    Component: () => <BasketTotals basket={basket} shipping={shipping} />,
  })
  return screen.findByTestId('basket-shipping')
}

describe('the estimate note under the basket’s total', () => {
  afterEach(cleanup)

  it('says the total is without shipping while shipping would cost something', async () => {
    expect((await totalsWith(preview(4.95))).textContent).toBe('$5.89 (Standard delivery)')
    expect(screen.queryByText(/^Estimated total, without shipping/)).not.toBeNull()
  })

  it('does not say so when the shipping it shows is free', async () => {
    expect((await totalsWith(preview(0))).textContent).toBe('Free (Standard delivery)')
    expect(screen.queryByText(/without shipping/)).toBeNull()
    expect(screen.queryByText('Estimated total: shipping and tax are calculated at checkout.')).not.toBeNull()
  })
})
