// @vitest-environment jsdom
/**
 * A private customer's purchase on the German shop against the real commerce API (issue 30, "loaders against
 * the real API"): Patricia logs in through the login form, and basket, checkout steps, receipt and her order's
 * page show the seeded EUR prices including German VAT, in the gross display of private customers, with the
 * same totals from basket to order. Each test goes on from where the one before left her.
 */
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '~/models/price'
import OrderPage, { loader as orderLoader } from '~/routes/$lang._shop.account.orders.$orderId'
import BasketPage, { action as basketAction, loader as basketLoader } from '~/routes/$lang._shop.basket'
import { action as addressAction, loader as addressLoader } from '~/routes/$lang.checkout.address'
import { action as paymentAction, loader as paymentLoader } from '~/routes/$lang.checkout.payment'
import ReceiptPage, { loader as receiptLoader } from '~/routes/$lang.checkout.receipt'
import ReviewPage, { action as reviewAction, loader as reviewLoader } from '~/routes/$lang.checkout.review'
import { action as shippingAction, loader as shippingLoader } from '~/routes/$lang.checkout.shipping'
import { Browser, minor, rowsOf, seeded, withGermanVat } from './shop'

afterEach(cleanup)

const SKU = '1000002'
const QUANTITY = 3
const eur = (cents: number) => formatMoney({ value: cents / 100, currency: 'EUR' }, 'de-DE')

const patricia = new Browser('de')
let price: Awaited<ReturnType<typeof seeded>>
let gross: number
let net: number
let orderId: string

beforeAll(async () => {
  price = await seeded(SKU, 'EUR', 'de_DE')
  net = price.net * QUANTITY
  gross = withGermanVat(net)
})

describe('Patricia, a private customer, buying on the German shop', () => {
  it('logs in and sees the seeded price including VAT in her basket', async () => {
    await patricia.login('patricia@ironbridge.test')
    await patricia.add(SKU, QUANTITY)
    const { basket } = await patricia.load(basketLoader, '/de/basket')
    expect(basket.currency).toBe('EUR')
    expect(basket.lines).toMatchObject([{ sku: SKU, name: price.name, quantity: QUANTITY }])
    expect(minor(basket.lines[0].singleBasePrice.gross)).toBe(price.gross)
    expect(minor(basket.lines[0].singleBasePrice.net)).toBe(price.net)
    expect(minor(basket.lines[0].total.gross)).toBe(gross)
    expect(minor(basket.totals.items.gross)).toBe(gross)
    expect(minor(basket.totals.tax)).toBe(gross - net)
    expect(minor(basket.totals.total.gross)).toBe(gross)

    const t = patricia.render('/de/basket', ':lang/basket', BasketPage, basketLoader)
    const total = await screen.findByTestId('basket-total')
    expect(total.textContent).toBe(eur(gross))
    const rows = rowsOf(total.closest('section')!)
    expect(rows).toContainEqual([t('basket.totals.items'), eur(gross)])
    expect(rows).toContainEqual([t('basket.totals.tax'), eur(gross - net)])
    expect(screen.getByTestId('basket-line').textContent).toContain(eur(price.gross))
  })

  it('chooses her saved Berlin address on the address step', async () => {
    expect(await patricia.post(basketAction, '/de/basket', { intent: 'checkout' })).toBe(
      '/de/checkout/address',
    )
    const step = await patricia.load(addressLoader, '/de/checkout/address')
    const berlin = step.addresses.find((address: { city: string }) => address.city === 'Berlin')
    expect(berlin).toMatchObject({ firstName: 'Patricia', lastName: 'Miller', countryCode: 'DE' })
    const next = await patricia.post(addressAction, '/de/checkout/address', {
      intent: 'select',
      invoiceAddress: berlin.urn,
      shipToAddress: berlin.urn,
    })
    expect(next).toBe('/de/checkout/shipping')
  })

  it('sees the shipping methods for Germany and chooses standard delivery, free above its threshold', async () => {
    const step = await patricia.load(shippingLoader, '/de/checkout/shipping')
    expect(step.basket.shipToAddress).toMatchObject({ city: 'Berlin' })
    const standard = step.methods.find((method: { id: string }) => method.id === 'STD_GROUND')
    expect(minor(standard.costs.gross)).toBe(0)
    expect(minor(standard.freeFrom.net)).toBeLessThan(net)
    expect(step.methods.map((method: { id: string }) => method.id)).toContain('PICKUP')
    expect(
      await patricia.post(shippingAction, '/de/checkout/shipping', { shippingMethod: 'STD_GROUND' }),
    ).toBe('/de/checkout/payment')
  })

  it('pays by invoice', async () => {
    const step = await patricia.load(paymentLoader, '/de/checkout/payment')
    expect(step.loggedIn).toBe(true)
    // Her saved bank account is offered with direct debit.
    const debit = step.methods.find((method: { id: string }) => method.id === 'DIRECT_DEBIT')
    expect(debit.instruments.length).toBeGreaterThan(0)
    expect(await patricia.post(paymentAction, '/de/checkout/payment', { paymentMethod: 'INVOICE' })).toBe(
      '/de/checkout/review',
    )
  })

  it('reviews the order with the same totals as the basket, and no tax note (Germany is the shop’s own)', async () => {
    const { basket } = await patricia.load(reviewLoader, '/de/checkout/review')
    expect(basket.payment.methodId).toBe('INVOICE')
    expect(basket.shippingMethod.id).toBe('STD_GROUND')
    expect(basket.infos).toEqual([])
    expect(minor(basket.totals.total.gross)).toBe(gross)

    const t = patricia.render('/de/checkout/review', ':lang/checkout/review', ReviewPage, reviewLoader)
    const total = await screen.findByTestId('checkout-total')
    expect(rowsOf(total.closest('section')!)).toEqual([
      [t('checkout.totals.items'), eur(gross)],
      [t('checkout.totals.shipping'), eur(0)],
      [t('checkout.totals.tax_included'), eur(gross - net)],
      [t('checkout.totals.total'), eur(gross)],
    ])
  })

  it('places the order and reads it on the receipt and on her order’s page', async () => {
    const { basket } = await patricia.load(reviewLoader, '/de/checkout/review')
    const receipt = await patricia.post(reviewAction, '/de/checkout/review', {
      basketId: basket.id,
      termsAndConditions: 'on',
    })
    expect(receipt).toMatch(/^\/de\/checkout\/receipt\?orderId=/)
    const { order } = await patricia.load(receiptLoader, receipt)
    orderId = order.id
    expect(order).toMatchObject({ email: 'patricia@ironbridge.test', payment: { method: 'INVOICE' } })
    expect(minor(order.totals.total.gross)).toBe(gross)
    expect(minor(order.totals.tax)).toBe(gross - net)

    const t = patricia.render(receipt, ':lang/checkout/receipt', ReceiptPage, receiptLoader)
    expect((await screen.findByTestId('order-number')).textContent).toBe(
      t('checkout.receipt.number', { number: order.documentNumber }),
    )
    expect(screen.getByTestId('order-total').textContent).toBe(eur(gross))
    cleanup()

    const path = `/de/account/orders/${orderId}`
    patricia.render(path, ':lang/account/orders/:orderId', OrderPage, orderLoader)
    const orderTotal = await screen.findByTestId('order-total')
    expect(orderTotal.textContent).toBe(eur(gross))
    expect(rowsOf(orderTotal.closest('section')!)).toContainEqual([t('basket.totals.tax'), eur(gross - net)])
  })
})
