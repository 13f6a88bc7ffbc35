import { describe, expect, it } from 'vitest'
import { orderEnvelope, orderListEnvelope } from '../../tests/storefront/order-fixtures'
import { addressLines } from './address'
import {
  mapOrder,
  mapOrderList,
  OrderEnvelopeSchema,
  OrderListEnvelopeSchema,
  ordersCsvFilename,
  ordersLimit,
} from './order'

describe('order model', () => {
  it('keeps a line’s custom fields (a customer product code) and gives lines without any none', () => {
    const order = mapOrder(OrderEnvelopeSchema.parse(orderEnvelope('o1')))
    const drill = order.lines.find((line) => line.sku === '1000042')
    expect(drill?.customFields).toEqual([{ name: 'pcode', value: 'DRILL-18' }])
    expect(order.lines.filter((line) => line !== drill).every((line) => line.customFields.length === 0)).toBe(
      true,
    )
  })

  it('maps an ICM order with its included lines, addresses, shipping, payment and totals', () => {
    const order = mapOrder(OrderEnvelopeSchema.parse(orderEnvelope('o1')))
    expect(order).toMatchObject({
      id: 'o1',
      documentNumber: '10000001',
      creationDate: '2026-11-20T09:30:00.000Z',
      status: 'New',
      statusCode: 'NEW',
      orderCreation: { status: 'COMPLETED' },
      currency: 'EUR',
      email: 'patricia@example.com',
      itemCount: 3,
      messageToMerchant: 'Please ring twice.',
      externalOrderReference: 'PO-4711',
      shippingMethod: { id: 'STD_GROUND', name: 'Standard ground', description: '3–5 days' },
      payment: { method: 'DIRECT_DEBIT', methodName: 'Direct debit', accountIdentifier: 'DE89 **** 3000' },
    })
    // Lines in their position order, whatever order the ids come in.
    expect(order.lines.map((l) => [l.sku, l.name, l.quantity, l.fulfillmentStatus])).toEqual([
      ['1000042', 'Voltwerk Drill XT 18', 2, 'NEW'],
      ['2000007', 'Hex bolts M8, 100 pieces', 1, 'SHIPPED'],
    ])
    expect(order.lines[0]).toMatchObject({
      unitPrice: { gross: { value: 59.5, currency: 'EUR' } },
      total: { gross: { value: 119 } },
      desiredDelivery: '2026-11-30',
      warranty: { name: '2 years warranty' },
    })
    expect(order.lines[0]!.rebate).toBeUndefined()
    expect(addressLines(order.invoiceToAddress!)).toEqual([
      'Patricia Miller',
      'Berliner Str. 20',
      '10115 Berlin',
      'Germany',
    ])
    expect(order.shipToAddress?.firstName).toBe('Paul')
    // Web links are links, tracking numbers text; anything else (a script, markup) is dropped.
    expect(order.trackingLinks).toEqual([
      { url: 'https://track.example.com/123', host: 'track.example.com' },
      { number: 'M-4711' },
    ])
    expect(order.totals.valueRebates?.gross.value).toBe(11.9)
    expect(order.totals.itemRebates).toBeUndefined()
    expect(order.totals.surcharges).toBeUndefined()
    expect(order.totals.paymentCosts?.gross.value).toBe(2.98)
    expect(order.totals.shipping?.gross.value).toBe(5.95)
    expect(order.totals.tax).toEqual({ value: 22.33, currency: 'EUR' })
    expect(order.totals.total.gross.value).toBe(139.83)
    expect(order.valueRebates.map((r) => r.code)).toEqual(['SAVE10'])
  })

  it('maps an order read without includes and a method that is its own instrument', () => {
    const envelope = orderEnvelope('o2')
    const { data, included } = envelope
    const order = mapOrder(
      OrderEnvelopeSchema.parse({
        data: { ...data, trackingLinks: undefined, messageToMerchant: '' },
        included: {
          payments: { p1: { id: 'p1', paymentMethod: 'INVOICE', paymentInstrument: 'INVOICE' } },
          payments_paymentMethod: { INVOICE: { id: 'INVOICE', displayName: 'Invoice' } },
          payments_paymentInstrument: { INVOICE: { id: 'INVOICE', accountIdentifier: 'Invoice' } },
          commonShippingMethod: included.commonShippingMethod,
        },
      }),
    )
    expect(order.lines).toEqual([])
    // The count comes from the order, not from the (missing) lines.
    expect(order.itemCount).toBe(3)
    expect(order.invoiceToAddress).toBeUndefined()
    expect(order.payment).toEqual({
      method: 'INVOICE',
      methodName: 'Invoice',
      accountIdentifier: undefined,
      status: undefined,
    })
    expect(order.messageToMerchant).toBeUndefined()
    expect(order.trackingLinks).toEqual([])
  })

  it('maps a list with paging info', () => {
    const page = mapOrderList(
      OrderListEnvelopeSchema.parse(
        orderListEnvelope([orderEnvelope('o3', { documentNumber: '3' }), orderEnvelope('o2')], {
          limit: 30,
          offset: 0,
          total: 42,
        }),
      ),
    )
    expect(page.total).toBe(42)
    expect(page.orders.map((o) => [o.id, o.documentNumber, o.lines.length])).toEqual([
      ['o3', '3', 2],
      ['o2', '10000001', 2],
    ])
  })

  it('names the CSV file after the one order, or orders.csv for several', () => {
    expect(ordersCsvFilename([{ id: 'o1', documentNumber: '10000001' }])).toBe('order-10000001.csv')
    expect(ordersCsvFilename([{ id: 'abc-123' }])).toBe('order-abc-123.csv')
    // Nothing from an id can break out of the header's quotes.
    expect(ordersCsvFilename([{ id: 'a"b;c' }])).toBe('order-a_b_c.csv')
    expect(ordersCsvFilename([{ id: 'o1' }, { id: 'o2' }])).toBe('orders.csv')
  })

  it('reads the list limit as whole pages of 30, within bounds', () => {
    expect(ordersLimit(null)).toBe(30)
    expect(ordersLimit('abc')).toBe(30)
    expect(ordersLimit('10')).toBe(30)
    expect(ordersLimit('60')).toBe(60)
    expect(ordersLimit('61')).toBe(90)
    expect(ordersLimit('100000')).toBe(300)
  })
})
