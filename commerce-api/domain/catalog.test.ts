import { describe, expect, it } from 'vitest'
import { inventoriesJson } from '../icm/catalog'
import { LOW_STOCK_THRESHOLD, stockStatus } from './catalog'

describe('stock', () => {
  it('is in stock above the low-stock threshold or when always in stock, low up to it, out at none', () => {
    expect(stockStatus(LOW_STOCK_THRESHOLD + 1, false)).toBe(1)
    expect(stockStatus(0, true)).toBe(1)
    expect(stockStatus(LOW_STOCK_THRESHOLD, false)).toBe(2)
    expect(stockStatus(1, false)).toBe(2)
    expect(stockStatus(0, false)).toBe(3)
    expect(stockStatus(-4, false)).toBe(3)
  })

  it('is answered as the one stock level the shop keeps, without invented warehouse names or times', () => {
    const json = inventoriesJson([{ sku: 'A', stock: 3, alwaysInStock: false, inStock: true, status: 2 }])
    expect(json).toEqual({
      data: [
        {
          sku: 'A',
          inStock: true,
          availableStock: 3,
          warehouses: [{ id: 'MAIN', type: 'Warehouse', stock: 3, alwaysInStock: false, status: 2 }],
        },
      ],
    })
  })
})
