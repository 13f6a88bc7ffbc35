import { describe, expect, it } from 'vitest'
import { mapProduct, mapProductLinks, productKind, readyForShipment } from './product'

describe('readyForShipment', () => {
  it.each([
    [1, 3, 'product.ready_for_shipment.range', { min: 1, count: 3 }],
    [0, 2, 'product.ready_for_shipment.within', { count: 2 }],
    [undefined, 1, 'product.ready_for_shipment.within', { count: 1 }],
    [2, 2, 'product.ready_for_shipment.days', { count: 2 }],
    [0, 0, 'product.ready_for_shipment.today', {}],
    // A minimum above the maximum is not a range.
    [5, 3, 'product.ready_for_shipment.within', { count: 3 }],
  ])('from %s to %s days: %s', (min, max, key, values) => {
    expect(readyForShipment(min, max)).toEqual({ key, values })
  })
  it('says nothing without a maximum', () => {
    expect(readyForShipment(1, undefined)).toBeUndefined()
    expect(readyForShipment(undefined, -1)).toBeUndefined()
  })
})

describe('product details from ICM', () => {
  it('maps manufacturer SKU, attachments, promotion ids and warranties', () => {
    const product = mapProduct({
      sku: '1',
      manufacturerSKU: 'VOL-1',
      readyForShipmentMin: null,
      readyForShipmentMax: 4,
      attachments: [{ name: 'Produktdatenblatt_1.pdf', type: 'application/pdf', link: { uri: '/a/1.pdf' } }],
      promotions: [{ uri: 'site/-/promotions/spring', title: 'Spring' }, { itemId: 'summer' }],
      availableWarranties: [
        {
          uri: 'site/-/products/W-1Y',
          title: '1 year',
          attributes: [
            { name: 'WarrantyPrice', value: { type: 'ProductPrice', value: 9.99, currency: 'EUR' } },
          ],
        },
        { uri: 'site/-/products/W-2Y', title: '2 years', itemId: 'W-2Y' },
      ],
      defaultCategory: { categoryPath: [{ id: 'Power-Tools' }, { id: 'Drills' }] },
      variationAttributeValuesExtended: [
        { variationAttributeId: 'color', name: 'Colour', value: { name: 'Blue', value: 'blue' } },
      ],
    })
    expect(product.manufacturerSku).toBe('VOL-1')
    expect(product.readyForShipmentMin).toBeUndefined()
    expect(product.attachments).toEqual([
      {
        name: 'Produktdatenblatt_1.pdf',
        kind: 'datasheet',
        type: 'application/pdf',
        description: '',
        url: '/a/1.pdf',
      },
    ])
    expect(product.promotionIds).toEqual(['spring', 'summer'])
    // ICM's warranty Links: id from the URI or itemId, price from the WarrantyPrice attribute if any.
    expect(product.warranties).toEqual([
      { id: 'W-1Y', name: '1 year', price: { value: 9.99, currency: 'EUR' } },
      { id: 'W-2Y', name: '2 years' },
    ])
    expect(product.defaultCategoryId).toBe('Power-Tools.Drills')
    expect(product.variationValues).toEqual([
      { id: 'color', name: 'Colour', value: 'blue', displayValue: 'Blue' },
    ])
  })

  it('recognises a warranty served as a product', () => {
    expect(productKind({ type: 'Warranty' })).toBe('Warranty')
    expect(mapProduct({ sku: 'W-1Y', type: 'Warranty' }).kind).toBe('Warranty')
  })

  it('orders link types with products, known types first, and drops empty ones', () => {
    const stub = (sku: string) => ({ title: sku, attributes: [{ name: 'sku', value: sku }] })
    const links = mapProductLinks({
      elements: [
        { linkType: 'zubehoer', productLinks: [stub('9')], categoryLinks: [] },
        { linkType: 'crossselling', productLinks: [stub('2'), stub('3')], categoryLinks: [] },
        { linkType: 'accessory', productLinks: [stub('1')] },
        { linkType: 'replacement', productLinks: [], categoryLinks: [] },
      ],
    })
    expect(links.map((l) => [l.type, l.products.map((p) => p.sku)])).toEqual([
      ['accessory', ['1']],
      ['crossselling', ['2', '3']],
      ['zubehoer', ['9']],
    ])
  })
})
