import { ICM_LINE, grandTotal, linePricing } from './checkout-fixtures'
import { priceItem, money } from './icm-mock'

const address = (id: string, firstName: string) => ({
  id,
  urn: `urn:address:customer:C100:${id}`,
  firstName,
  lastName: 'Miller',
  addressLine1: 'Berliner Str. 20',
  postalCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  country: 'Germany',
})

/** An ICM order envelope as the bundled API answers `GET orders/{id}?include=…` (ADR 0010). */
export function orderEnvelope(
  id = '0f7c1f4e-1111-4b5a-9c1d-000000000001',
  overrides: { documentNumber?: string; creationDate?: string; data?: Record<string, unknown> } = {},
) {
  const currency = 'EUR'
  return {
    data: {
      id,
      calculated: true,
      documentNumber: overrides.documentNumber ?? '10000001',
      creationDate: overrides.creationDate ?? '2026-11-20T09:30:00.000Z',
      statusCode: 'NEW',
      status: 'New',
      orderCreation: { status: 'COMPLETED' },
      purchaseCurrency: currency,
      basket: 'b1',
      email: 'patricia@example.com',
      invoiceToAddress: 'urn:address:customer:C100:a1',
      commonShipToAddress: 'urn:address:customer:C100:a2',
      commonShippingMethod: 'STD_GROUND',
      payments: ['p1'],
      lineItems: [`${id}-l2`, `${id}-l1`],
      totalProductQuantity: 3,
      messageToMerchant: 'Please ring twice.',
      externalOrderReference: 'PO-4711',
      trackingLinks: ['https://track.example.com/123', 'javascript:alert(1)', 'M-4711', '<b>x</b>'],
      discounts: { valueBasedDiscounts: [`${id}-save10`] },
      totals: {
        itemTotal: priceItem(120, 142.8, currency),
        undiscountedItemTotal: priceItem(120, 142.8, currency),
        shippingTotal: priceItem(5, 5.95, currency),
        paymentCostsTotal: priceItem(2.5, 2.98, currency),
        surchargeTotal: priceItem(0, 0, currency),
        itemValueDiscountsTotal: priceItem(0, 0, currency),
        basketValueDiscountsTotal: priceItem(10, 11.9, currency),
        grandTotal: grandTotal(117.5, 139.83, currency),
      },
      ...overrides.data,
    },
    included: {
      lineItems: {
        [`${id}-l1`]: {
          ...ICM_LINE,
          id: `${id}-l1`,
          position: 1,
          product: '1000042',
          name: 'Voltwerk Drill XT 18',
          displayName: 'Voltwerk Drill XT 18',
          description: 'A drill.',
          quantity: { type: 'Quantity', value: 2, unit: '' },
          customFields: [{ name: 'pcode', value: 'DRILL-18' }],
          pricing: linePricing(priceItem(50, 59.5, currency), priceItem(100, 119, currency), {
            valueRebatesTotal: priceItem(0, 0, currency),
          }),
          desiredDelivery: '2026-11-30',
          warranty: { id: 'W-2Y', name: '2 years warranty', price: priceItem(5, 5.95, currency) },
          fulfillmentStatus: 'NEW',
        },
        [`${id}-l2`]: {
          ...ICM_LINE,
          id: `${id}-l2`,
          position: 2,
          product: '2000007',
          name: 'Hex bolts M8, 100 pieces',
          quantity: { type: 'Quantity', value: 1, unit: '' },
          pricing: linePricing(priceItem(20, 23.8, currency), priceItem(20, 23.8, currency)),
          fulfillmentStatus: 'SHIPPED',
        },
      },
      invoiceToAddress: { 'urn:address:customer:C100:a1': address('a1', 'Patricia') },
      commonShipToAddress: { 'urn:address:customer:C100:a2': address('a2', 'Paul') },
      commonShippingMethod: {
        STD_GROUND: {
          id: 'STD_GROUND',
          name: 'Standard ground',
          description: '3–5 days',
          shippingCosts: priceItem(5, 5.95, currency),
        },
      },
      discounts: {
        [`${id}-save10`]: {
          id: `${id}-save10`,
          promotionType: 'ORDER_VALUE_REBATE',
          description: '10 % off your order',
          amount: priceItem(10, 11.9, currency),
          code: 'SAVE10',
        },
      },
      payments: {
        p1: {
          id: 'p1',
          paymentMethod: 'DIRECT_DEBIT',
          paymentInstrument: 'i1',
          redirectRequired: false,
          totalAmount: { gross: money(139.83, currency) },
          status: 'Open',
        },
      },
      payments_paymentMethod: {
        DIRECT_DEBIT: { id: 'DIRECT_DEBIT', serviceID: 'ISH_DEBIT_TRANSFER', displayName: 'Direct debit' },
      },
      payments_paymentInstrument: {
        i1: { id: 'i1', accountIdentifier: 'DE89 **** 3000', paymentMethod: 'DIRECT_DEBIT' },
      },
    },
    infos: [],
    errors: [],
  }
}

/** `GET orders`: the envelopes' data in one list with merged `included` maps and paging info. */
export function orderListEnvelope(
  envelopes: ReturnType<typeof orderEnvelope>[],
  info: { limit: number; offset: number; total: number },
) {
  const included: Record<string, Record<string, unknown>> = {}
  for (const envelope of envelopes)
    for (const [key, map] of Object.entries(envelope.included)) included[key] = { ...included[key], ...map }
  return { data: envelopes.map((e) => e.data), included, info, infos: [], errors: [] }
}
