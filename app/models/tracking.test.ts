import { describe, expect, it } from 'vitest'
import {
  dataLayerEntry,
  errorDataLayerPush,
  ga4Item,
  toGa4,
  viewItemEvent,
  viewItemListEvent,
  type CommerceEvent,
} from './tracking'

const drill = {
  sku: '1000001',
  name: 'Torqline Cordless Drill 18 V',
  price: 89.9,
  brand: 'Torqline',
  categoryPath: ['Tools', 'Power tools', 'Drills', 'Cordless', 'Compact', 'Too deep'],
  quantity: 2,
  discount: 5,
}

describe('events in Google Analytics 4’s e-commerce form', () => {
  it('maps an item: id, name, brand, five category levels, price, discount, quantity, affiliation', () => {
    expect(ga4Item(drill, 0, 'Ironbridge Supply')).toEqual({
      item_id: '1000001',
      item_name: 'Torqline Cordless Drill 18 V',
      affiliation: 'Ironbridge Supply',
      item_brand: 'Torqline',
      item_category: 'Tools',
      item_category2: 'Power tools',
      item_category3: 'Drills',
      item_category4: 'Cordless',
      item_category5: 'Compact',
      price: 89.9,
      discount: 5,
      quantity: 2,
      index: 0,
    })
    expect(ga4Item({ sku: 'X', name: 'X' }, 3)).toEqual({
      item_id: 'X',
      item_name: 'X',
      quantity: 1,
      index: 3,
    })
  })

  it('values an add by price × quantity in exact cents', () => {
    const event: CommerceEvent = {
      name: 'add_to_cart',
      currency: 'EUR',
      items: [{ ...drill, price: 0.1, quantity: 3 }],
    }
    expect(toGa4(event).params).toMatchObject({ currency: 'EUR', value: 0.3 })
    expect(dataLayerEntry(toGa4(event))).toEqual({ event: 'add_to_cart', ecommerce: toGa4(event).params })
  })

  it('a purchase carries the order number and its totals gross, net, tax and shipping', () => {
    const purchase = toGa4(
      {
        name: 'purchase',
        currency: 'EUR',
        items: [drill],
        order: { id: '100041', totals: { gross: 119.0, net: 100.0, tax: 19.0, shipping: 5.95 } },
      },
      'Ironbridge Supply',
    )
    expect(purchase).toMatchObject({
      name: 'purchase',
      params: {
        transaction_id: '100041',
        value: 119,
        value_net: 100,
        tax: 19,
        shipping: 5.95,
        affiliation: 'Ironbridge Supply',
      },
    })
  })

  it('checkout steps name the shipping and payment method', () => {
    expect(
      toGa4({ name: 'add_shipping_info', items: [], shippingTier: 'STD_GROUND' }).params.shipping_tier,
    ).toBe('STD_GROUND')
    expect(toGa4({ name: 'add_payment_info', items: [], paymentType: 'INVOICE' }).params.payment_type).toBe(
      'INVOICE',
    )
  })

  it('error pages are flat dataLayer entries with their status', () => {
    expect(errorDataLayerPush(404, '/en/nowhere')).toEqual({
      key: 'page_error:404',
      entry: { event: 'page_error', page_status: 404, page_path: '/en/nowhere' },
    })
  })
})

describe('events of catalog pages', () => {
  it('a product page views its product in the breadcrumb’s categories', () => {
    const event = viewItemEvent({
      product: { sku: '1000001', name: 'Drill', manufacturer: 'Torqline' },
      price: { value: 89.9, currency: 'EUR' },
      breadcrumb: [{ name: 'Tools' }, { name: 'Drills' }, { name: 'Drill' }],
    })
    expect(event).toEqual({
      name: 'view_item',
      currency: 'EUR',
      items: [
        {
          sku: '1000001',
          name: 'Drill',
          price: 89.9,
          brand: 'Torqline',
          categoryPath: ['Tools', 'Drills'],
          quantity: 1,
        },
      ],
    })
  })

  it('a category lists its page of products, without a value', () => {
    const ga4 = toGa4(
      viewItemListEvent({
        name: 'Drills',
        categoryPath: ['Tools', 'Drills'],
        products: [
          { sku: 'A', name: 'A', price: undefined },
          { sku: 'B', name: 'B', price: { value: 10, currency: 'PLN' } },
        ],
      }),
    )
    expect(ga4.params).toMatchObject({ currency: 'PLN', item_list_name: 'Drills' })
    expect(ga4.params.value).toBeUndefined()
    expect((ga4.params.items as unknown[]).length).toBe(2)
  })
})
