/**
 * What the basket says about shipping before checkout (issue 19): the chosen method's costs, or "from" the
 * cheapest eligible one; how far the items are from free shipping, with the chosen method when it offers it,
 * else the cheapest that does.
 */
import { describe, expect, it } from 'vitest'
import type { PriceItem } from './price'
import { deliveryMethod, shippingPreview, type ShippingMethod } from './shipping-method'

const eur = (net: number, gross = Math.round(net * 119) / 100): PriceItem => ({
  net: { value: net, currency: 'EUR' },
  gross: { value: gross, currency: 'EUR' },
})

const standard: ShippingMethod = {
  id: 'STD',
  name: 'Standard delivery',
  costs: eur(4.95),
  freeFrom: eur(100),
}
const express: ShippingMethod = { id: 'EXP', name: 'Express delivery', costs: eur(12.9) }
const pickup: ShippingMethod = { id: 'PICKUP', name: 'Click and collect', costs: eur(0) }

describe('the shipping preview of a basket', () => {
  it('shows the cheapest method "from" before one is chosen, and what is missing to free shipping', () => {
    const preview = shippingPreview({ items: eur(76.6) }, [standard, express])
    expect(preview).toEqual({
      costs: standard.costs,
      method: 'Standard delivery',
      chosen: false,
      from: true,
      free: { method: 'Standard delivery', threshold: eur(100), missing: eur(23.4, 27.85) },
    })
  })

  it('says free shipping is reached once the items reach the threshold', () => {
    const reached = { ...standard, costs: eur(0) }
    const preview = shippingPreview({ items: eur(100) }, [reached, express])!
    expect(preview.free).toEqual({ method: 'Standard delivery', threshold: eur(100) })
    expect(preview.costs).toEqual(eur(0))
  })

  it('shows the chosen method’s costs as the basket has them, and the free shipping of another method', () => {
    const preview = shippingPreview({ items: eur(50), shipping: eur(12.9), methodId: 'EXP' }, [
      standard,
      express,
    ])!
    expect(preview).toMatchObject({ costs: eur(12.9), method: 'Express delivery', chosen: true, from: false })
    expect(preview.free).toMatchObject({ method: 'Standard delivery', missing: eur(50) })
  })

  it('names the free click and collect as the cheapest, and still points to free delivery', () => {
    const preview = shippingPreview({ items: eur(10) }, [standard, express, pickup])!
    expect(preview).toMatchObject({ costs: eur(0), method: 'Click and collect', from: true })
    expect(preview.free?.method).toBe('Standard delivery')
  })

  it('is not "from" when every method costs the same, and has no free part when none ships free', () => {
    const preview = shippingPreview({ items: eur(10) }, [express])!
    expect(preview).toMatchObject({ from: false, method: 'Express delivery' })
    expect(preview.free).toBeUndefined()
  })

  it('says nothing without priced methods (an ICM that does not answer them)', () => {
    expect(shippingPreview({ items: eur(10) }, [])).toBeUndefined()
    expect(shippingPreview({ items: eur(10) }, [{ id: 'X', name: 'X' }])).toBeUndefined()
  })
})

describe('the shipping method of a basket’s delivery date', () => {
  it('is the chosen method, else the cheapest eligible one', () => {
    expect(deliveryMethod({ methodId: 'EXP' }, [standard, express])).toBe(express)
    expect(deliveryMethod({}, [express, standard])).toBe(standard)
    // A chosen method no longer eligible gives way to the cheapest.
    expect(deliveryMethod({ methodId: 'PICKUP' }, [express, standard])).toBe(standard)
    expect(deliveryMethod({}, [])).toBeUndefined()
  })
})
