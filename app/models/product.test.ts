import { describe, expect, it } from 'vitest'
import { mapInventory } from './inventory'
import { mapProduct, mapProductStub, productKind } from './product'

describe('product types', () => {
  it('follows the flags in the spec order', () => {
    expect(productKind({ productMaster: true, mastered: true })).toBe('VariationProductMaster')
    expect(productKind({ mastered: true })).toBe('VariationProduct')
    expect(productKind({ productTypes: ['BUNDLE'] })).toBe('Bundle')
    expect(productKind({ productBundle: true })).toBe('Bundle')
    expect(productKind({ retailSet: true })).toBe('RetailSet')
    expect(productKind({})).toBe('Product')
  })
})

describe('mapProduct', () => {
  it('is available only when availability is set and inStock is not false', () => {
    const base = { sku: '1', productName: 'Drill' }
    expect(mapProduct({ ...base, availability: true, inStock: true }).available).toBe(true)
    expect(mapProduct({ ...base, availability: true }).available).toBe(true)
    expect(mapProduct({ ...base, availability: true, inStock: false }).available).toBe(false)
    expect(mapProduct({ ...base }).available).toBe(false)
  })
  it('maps quantities with defaults', () => {
    const product = mapProduct({ sku: '1', minOrderQuantity: 5, stepOrderQuantity: 5 })
    expect(product).toMatchObject({
      name: '1',
      minOrderQuantity: 5,
      stepQuantity: 5,
      maxOrderQuantity: undefined,
    })
  })
  it('shows attribute groups under their names and the other attributes once, without the label group', () => {
    const product = mapProduct({
      sku: '1',
      attributes: [
        { name: 'Voltage', value: '18 V' },
        { name: 'Colour', value: 'Red' },
        { name: 'Features', value: ['LED', 'Belt clip'] },
      ],
      attributeGroups: {
        PRODUCT_DETAIL_ATTRIBUTES: {
          name: 'Technical data',
          attributes: [{ name: 'Voltage', value: '18 V' }],
        },
        PRODUCT_LABEL_ATTRIBUTES: { name: 'Labels', attributes: [{ name: 'sticker', value: 'sale' }] },
        EMPTY: { name: 'Nothing', attributes: [] },
      },
    })
    expect(product.attributeGroups).toEqual([
      {
        id: 'PRODUCT_DETAIL_ATTRIBUTES',
        name: 'Technical data',
        attributes: [{ name: 'Voltage', value: '18 V' }],
      },
    ])
    expect(product.attributes).toEqual([
      { name: 'Colour', value: 'Red' },
      { name: 'Features', value: 'LED, Belt clip' },
    ])
  })
})

describe('mapProductStub', () => {
  it('reads the requested attributes', () => {
    const tile = mapProductStub({
      title: 'Drill',
      attributes: [
        { name: 'sku', value: '42' },
        { name: 'inStock', value: false },
        { name: 'availability', value: true },
        { name: 'image', value: '/img.svg' },
        { name: 'productMaster', value: true },
        { name: 'roundedAverageRating', value: '4.5' },
        { name: 'packingUnit', value: 'box' },
      ],
    })
    expect(tile).toEqual({
      sku: '42',
      name: 'Drill',
      image: '/img.svg',
      kind: 'VariationProductMaster',
      available: false,
      rating: 4.5,
      defaultCategoryId: undefined,
      minOrderQuantity: 1,
      maxOrderQuantity: undefined,
      stepQuantity: 1,
      packingUnit: 'box',
    })
  })
  it('is available only when availability is set and inStock is not false, like a product', () => {
    const stub = (attributes: { name: string; value: unknown }[]) =>
      mapProductStub({ attributes: [{ name: 'sku', value: '42' }, ...attributes] }).available
    expect(stub([{ name: 'availability', value: true }])).toBe(true)
    expect(
      stub([
        { name: 'availability', value: true },
        { name: 'inStock', value: true },
      ]),
    ).toBe(true)
    expect(stub([{ name: 'inStock', value: true }])).toBe(false)
    expect(stub([{ name: 'availability', value: false }])).toBe(false)
  })
  it('reads the quantity rules, ignoring values that are no positive whole numbers', () => {
    const tile = mapProductStub({
      attributes: [
        { name: 'sku', value: '42' },
        { name: 'minOrderQuantity', value: 5 },
        { name: 'stepOrderQuantity', value: 5 },
        { name: 'maxOrderQuantity', value: 50 },
      ],
    })
    expect(tile).toMatchObject({ minOrderQuantity: 5, stepQuantity: 5, maxOrderQuantity: 50 })
    const odd = mapProductStub({
      attributes: [
        { name: 'sku', value: '42' },
        { name: 'minOrderQuantity', value: 0 },
        { name: 'stepOrderQuantity', value: 'x' },
        { name: 'maxOrderQuantity', value: 2.5 },
      ],
    })
    expect(odd).toMatchObject({ minOrderQuantity: 1, stepQuantity: 1, maxOrderQuantity: undefined })
    // ICM sends stub quantities as Quantities.
    const quantities = mapProductStub({
      attributes: [
        { name: 'sku', value: '42' },
        { name: 'minOrderQuantity', value: { value: 3 } },
        { name: 'stepOrderQuantity', value: { value: 3 } },
        { name: 'maxOrderQuantity', value: { value: 30 } },
        { name: 'defaultCategory', value: { categoryPath: [{ id: 'A' }, { id: 'B' }] } },
      ],
    })
    expect(quantities).toMatchObject({
      minOrderQuantity: 3,
      stepQuantity: 3,
      maxOrderQuantity: 30,
      defaultCategoryId: 'A.B',
    })
  })
  it('refuses a stub without sku', () => {
    expect(() => mapProductStub({ attributes: [] })).toThrow(/without sku/)
  })
})

describe('mapInventory', () => {
  it('computes in stock, low and out of stock; negative stock counts as 0', () => {
    expect(mapInventory({ sku: 'a', warehouses: [{ stock: 50 }] }).status).toBe(1)
    expect(mapInventory({ sku: 'a', warehouses: [{ stock: 3 }] })).toEqual({ sku: 'a', stock: 3, status: 2 })
    expect(mapInventory({ sku: 'a', warehouses: [{ stock: -4 }] })).toEqual({ sku: 'a', stock: 0, status: 3 })
    expect(mapInventory({ sku: 'a', warehouses: [{ stock: 0, alwaysInStock: true }] }).status).toBe(1)
  })
})
