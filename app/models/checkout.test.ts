import { describe, expect, it } from 'vitest'
import { mapCheckoutBasket } from './checkout-basket'
import { STEP_SCOPES, firstIncompleteStep, firstStepFor, nextStep, stepPath } from './checkout-steps'
import { totalsRows } from './checkout-totals'
import { adjustmentsAllowed, mayContinue, type ValidationResults } from './checkout-validation'
import { deliveryDays, periodDays } from './shipping-method'

const money = (value: number) => ({ value, currency: 'EUR' })
const item = (net: number, gross: number) => ({ net: money(net), gross: money(gross) })

const results = (
  errors: string[][],
  infos: string[][] = [],
  valid = errors.length === 0,
): ValidationResults => ({
  valid,
  adjusted: infos.length > 0,
  errors: errors.map((scopes, i) => ({ code: `e${i}`, scopes })),
  infos: infos.map((scopes, i) => ({ code: `i${i}`, scopes })),
})

describe('checkout steps and validation scopes (spec §4)', () => {
  it('maps each step to the scopes moving on from it validates', () => {
    expect(STEP_SCOPES).toEqual({
      basket: ['Products', 'Promotion', 'Value', 'CostCenter'],
      address: ['InvoiceAddress', 'ShippingAddress', 'Addresses'],
      shipping: ['Shipping'],
      payment: ['Payment'],
      review: ['All', 'CostCenter'],
    })
    expect(nextStep('basket')).toBe('address')
    expect(nextStep('payment')).toBe('review')
    expect(nextStep('review')).toBe('receipt')
    expect(stepPath('de', 'shipping')).toBe('/de/checkout/shipping')
    expect(stepPath('de', 'basket')).toBe('/de/basket')
  })

  it('lets ICM adjust the basket except in the final validation', () => {
    expect(adjustmentsAllowed(STEP_SCOPES.shipping)).toBe(true)
    expect(adjustmentsAllowed(STEP_SCOPES.review)).toBe(false)
  })

  it('moves on only when valid and not adjusted', () => {
    expect(mayContinue(results([]))).toBe(true)
    expect(mayContinue(results([], [['Shipping']]))).toBe(false)
    expect(mayContinue(results([['Payment']]))).toBe(false)
  })

  it('finds the first step whose scopes match the errors, else the infos', () => {
    expect(firstStepFor(results([['Payment'], ['InvoiceAddress']]))).toBe('address')
    expect(firstStepFor(results([['Shipping'], ['Products']]))).toBe('basket')
    expect(firstStepFor(results([], [['Shipping']], true))).toBe('shipping')
    // Errors win over infos, whatever step the infos point to.
    expect(firstStepFor(results([['Payment']], [['Products']]))).toBe('payment')
    expect(firstStepFor(results([['Unknown']]), 'review')).toBe('review')
    expect(firstStepFor(results([]), 'address')).toBe('address')
  })
})

describe('delivery times from ISO periods', () => {
  it('reads days, weeks and hours (rounded up to days)', () => {
    expect(periodDays('P3D')).toBe(3)
    expect(periodDays('P1D')).toBe(1)
    expect(periodDays('PT48H')).toBe(2)
    expect(periodDays('PT36H')).toBe(2)
    expect(periodDays('P1W')).toBe(7)
    expect(periodDays('P1DT12H')).toBe(2)
  })

  it('ignores anything that is not a period', () => {
    expect(periodDays(undefined)).toBeUndefined()
    expect(periodDays('')).toBeUndefined()
    expect(periodDays('P')).toBeUndefined()
    expect(periodDays('PT')).toBeUndefined()
    expect(periodDays('3 days')).toBeUndefined()
  })

  it('makes a range, one bound standing for both', () => {
    expect(deliveryDays('P3D', 'P5D')).toEqual({ min: 3, max: 5 })
    expect(deliveryDays('P5D', 'P3D')).toEqual({ min: 3, max: 5 })
    expect(deliveryDays(undefined, 'PT48H')).toEqual({ min: 2, max: 2 })
    expect(deliveryDays()).toBeUndefined()
  })
})

const urn = 'urn:address:basket:b1:a1'
const address = {
  id: 'a1',
  urn,
  firstName: 'Ann',
  lastName: 'Guest',
  addressLine1: 'Main 1',
  postalCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  email: 'ann@example.com',
}

function envelope(overrides: Record<string, unknown> = {}, totals: Record<string, unknown> = {}) {
  return {
    data: {
      id: 'b1',
      lineItems: ['l1'],
      promotionCodes: [],
      payments: [] as string[],
      totals: {
        itemTotal: item(100, 119),
        grandTotal: { ...item(100, 119), tax: money(19) },
        ...totals,
      },
      ...overrides,
    },
    included: {
      lineItems: {
        l1: {
          id: 'l1',
          position: 1,
          product: 'SKU1',
          quantity: { value: 1 },
          pricing: { singleBasePrice: item(100, 119), total: item(100, 119) },
        },
      },
      discounts: {
        welcome: {
          id: 'welcome',
          promotionType: 'ORDER_VALUE_REBATE',
          description: 'Welcome',
          amount: item(10, 11.9),
        },
      },
      invoiceToAddress: { [urn]: address },
      commonShipToAddress: { [urn]: address },
      commonShippingMethod: {
        STD: {
          id: 'STD',
          name: 'Standard',
          deliveryTimeMin: 'P3D',
          deliveryTimeMax: 'P5D',
          shippingCosts: item(0, 0),
        },
      },
      payments: {
        p1: { id: 'p1', paymentMethod: 'WALLET', paymentInstrument: 'WALLET', status: 'Unprocessed' },
      },
      payments_paymentMethod: {
        WALLET: { id: 'WALLET', displayName: 'Wallet', capabilities: ['RedirectBeforeCheckout'] },
      },
    },
  }
}

describe('the checkout basket', () => {
  it('maps addresses, shipping method and payment from the includes', () => {
    const basket = mapCheckoutBasket(
      envelope({
        invoiceToAddress: urn,
        commonShipToAddress: urn,
        commonShippingMethod: 'STD',
        payments: ['p1'],
      }),
    )
    expect(basket.invoiceAddress?.city).toBe('Berlin')
    expect(basket.shipToAddress?.urn).toBe(urn)
    expect(basket.shippingMethod).toMatchObject({ id: 'STD', name: 'Standard', days: { min: 3, max: 5 } })
    expect(basket.payment).toMatchObject({ methodId: 'WALLET', methodName: 'Wallet', status: 'Unprocessed' })
  })

  it('names the first step not yet done; a wallet counts once authorised', () => {
    const step = (overrides: Record<string, unknown>) =>
      firstIncompleteStep(mapCheckoutBasket(envelope(overrides)))
    expect(step({ lineItems: [] })).toBe('basket')
    expect(step({})).toBe('address')
    expect(step({ invoiceToAddress: urn })).toBe('address')
    expect(step({ invoiceToAddress: urn, commonShipToAddress: urn })).toBe('shipping')
    const withShipping = { invoiceToAddress: urn, commonShipToAddress: urn, commonShippingMethod: 'STD' }
    expect(step(withShipping)).toBe('payment')
    expect(step({ ...withShipping, payments: ['p1'] })).toBe('payment')
    const authorised = envelope({ ...withShipping, payments: ['p1'] })
    authorised.included.payments.p1.status = 'Authorized'
    expect(firstIncompleteStep(mapCheckoutBasket(authorised))).toBe('review')
  })
})

describe('totals display', () => {
  it('shows items, rebates, shipping once chosen, payment costs, tax and total, estimated until complete', () => {
    const estimated = totalsRows(mapCheckoutBasket(envelope()), 'gross')
    expect(estimated.estimated).toBe(true)
    expect(estimated.rows.map((r) => r.key)).toEqual([
      'checkout.totals.items',
      'checkout.totals.total',
      'checkout.totals.tax_included',
    ])
    const complete = mapCheckoutBasket(
      envelope(
        {
          invoiceToAddress: urn,
          commonShipToAddress: urn,
          commonShippingMethod: 'STD',
          discounts: { valueBasedDiscounts: ['welcome'] },
        },
        {
          shippingTotal: item(0, 0),
          paymentCostsTotal: item(2.5, 2.98),
          grandTotal: { ...item(92.5, 110.08), tax: money(19) },
        },
      ),
    )
    const gross = totalsRows(complete, 'gross')
    expect(gross.estimated).toBe(false)
    expect(gross.rows).toEqual([
      { key: 'checkout.totals.items', amount: money(119), kind: 'amount' },
      { key: 'basket.totals.rebate', values: { name: 'Welcome' }, amount: money(11.9), kind: 'rebate' },
      { key: 'checkout.totals.shipping', amount: money(0), kind: 'amount' },
      { key: 'checkout.totals.payment_costs', amount: money(2.98), kind: 'amount' },
      { key: 'checkout.totals.total', amount: money(110.08), kind: 'total' },
      { key: 'checkout.totals.tax_included', amount: money(19), kind: 'included' },
    ])
    // Business customers see net amounts with the tax added, and the gross total they pay, as the last row.
    const net = totalsRows(complete, 'net')
    expect(net.rows.slice(-3)).toEqual([
      { key: 'checkout.totals.net_total', amount: money(92.5), kind: 'subtotal' },
      { key: 'checkout.totals.tax_added', amount: money(19), kind: 'amount' },
      { key: 'checkout.totals.total_payable', amount: money(110.08), kind: 'total' },
    ])
  })
})
