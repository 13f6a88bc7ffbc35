// @vitest-environment jsdom
/**
 * The buying path against the real commerce API (issue 30, "loaders against the real API"), checked against
 * the seeded price list:
 * - a guest on the English shop: the basket in USD at the shop's default tax destination (0 %), then a German
 *   address, with which every step shows the prices with German VAT, the review says why (the API's tax note),
 *   and the receipt shows the order as placed with invoice;
 * - Patricia, a private customer, logs in through the login form on the German shop: basket, checkout steps,
 *   receipt and her order's page show the EUR prices including VAT, in the gross display of private
 *   customers, with the same totals from basket to order.
 * Within each, a test goes on from where the one before left the shopper.
 */
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import enUS from '../../locales/en_US.json'
import { formatMoney } from '~/models/price'
import OrderPage, { loader as orderLoader } from '~/routes/$lang._shop.account.orders.$orderId'
import BasketPage, { action as basketAction, loader as basketLoader } from '~/routes/$lang._shop.basket'
import { action as addressAction, loader as addressLoader } from '~/routes/$lang.checkout.address'
import { action as paymentAction, loader as paymentLoader } from '~/routes/$lang.checkout.payment'
import ReceiptPage, { loader as receiptLoader } from '~/routes/$lang.checkout.receipt'
import ReviewPage, { action as reviewAction, loader as reviewLoader } from '~/routes/$lang.checkout.review'
import { action as shippingAction, loader as shippingLoader } from '~/routes/$lang.checkout.shipping'
import { Browser, minor, rowsOf, seeded, withGermanVat } from './shop'
import { api } from './setup'
import { orders, recurringOrders, users } from '../../commerce-api/db/schema'
import { eq } from 'drizzle-orm'

afterEach(cleanup)

describe('a guest buying on the English shop, shipping to Germany', () => {
  const SKU = '1000001'
  const QUANTITY = 2
  const usd = (cents: number) => formatMoney({ value: cents / 100, currency: 'USD' }, 'en-US')

  const guest = new Browser('en')
  let price: Awaited<ReturnType<typeof seeded>>
  /** The items' net total, and their gross once the German address is known. */
  let net: number
  let germanGross: number

  beforeAll(async () => {
    price = await seeded(SKU, 'USD', 'en_US')
    net = price.net * QUANTITY
    germanGross = withGermanVat(net)
  })

  it('sees the seeded price in the basket, without tax at the shop’s default destination', async () => {
    await guest.add(SKU, QUANTITY)
    const { basket } = await guest.load(basketLoader, '/en/basket')
    expect(basket.currency).toBe('USD')
    const [line] = basket.lines
    expect(line).toMatchObject({ sku: SKU, name: price.name, quantity: QUANTITY })
    // The demo's default destination (United States) has no tax: gross is net.
    expect(price.gross).toBe(price.net)
    expect(minor(line.singleBasePrice.gross)).toBe(price.gross)
    expect(minor(line.total.gross)).toBe(price.gross * QUANTITY)
    expect(minor(basket.totals.items.gross)).toBe(net)
    expect(minor(basket.totals.tax)).toBe(0)
    expect(minor(basket.totals.total.gross)).toBe(net)

    guest.render('/en/basket', ':lang/basket', BasketPage, basketLoader)
    expect((await screen.findByTestId('basket-total')).textContent).toBe(usd(net))
    expect(screen.getByTestId('basket-line').textContent).toContain(usd(price.gross))
  })

  it('starts checkout at the address step, which asks a guest for the addresses', async () => {
    expect(await guest.post(basketAction, '/en/basket', { intent: 'checkout' })).toBe('/en/checkout/address')
    const step = await guest.load(addressLoader, '/en/checkout/address')
    expect(step.addresses).toBeNull()
    expect(step.places.countries.map((country: { countryCode: string }) => country.countryCode)).toContain(
      'DE',
    )
    expect(minor(step.basket.totals.total.gross)).toBe(net)
  })

  it('takes a German address, and from then on prices carry German VAT', async () => {
    const next = await guest.post(addressAction, '/en/checkout/address', {
      intent: 'guest',
      email: 'grace.guest@example.com',
      'invoice.firstName': 'Grace',
      'invoice.lastName': 'Guest',
      'invoice.addressLine1': 'Invalidenstraße 1',
      'invoice.postalCode': '10115',
      'invoice.city': 'Berlin',
      'invoice.countryCode': 'DE',
      sameAsInvoice: 'on',
    })
    expect(next).toBe('/en/checkout/shipping')
    const step = await guest.load(shippingLoader, '/en/checkout/shipping')
    expect(step.basket.shipToAddress).toMatchObject({ city: 'Berlin', countryCode: 'DE' })
    expect(step.basket.invoiceAddress).toMatchObject({ city: 'Berlin', email: 'grace.guest@example.com' })
    expect(minor(step.lines[0].singleBasePrice.gross)).toBe(withGermanVat(price.net))
    expect(minor(step.lines[0].total.gross)).toBe(germanGross)
    expect(minor(step.basket.totals.items.gross)).toBe(germanGross)
    expect(minor(step.basket.totals.tax)).toBe(germanGross - net)
    // Standard delivery is free from its threshold, which these items pass; express costs extra.
    const methods = Object.fromEntries(step.methods.map((m: { id: string }) => [m.id, m]))
    expect(Object.keys(methods)).toEqual(['STD_GROUND', 'EXP_EXPRESS', 'PICKUP'])
    expect(minor(methods.STD_GROUND.costs.gross)).toBe(0)
    expect(minor(methods.STD_GROUND.freeFrom.net)).toBeLessThan(net)
    expect(minor(methods.EXP_EXPRESS.costs.gross)).toBeGreaterThan(0)
  })

  it('ships with standard delivery and offers invoice for payment', async () => {
    expect(await guest.post(shippingAction, '/en/checkout/shipping', { shippingMethod: 'STD_GROUND' })).toBe(
      '/en/checkout/payment',
    )
    const step = await guest.load(paymentLoader, '/en/checkout/payment')
    expect(step.basket.shippingMethod.id).toBe('STD_GROUND')
    const invoice = step.methods.find((method: { id: string }) => method.id === 'INVOICE')
    expect(invoice).toMatchObject({ restricted: false, parameters: [] })
    expect(await guest.post(paymentAction, '/en/checkout/payment', { paymentMethod: 'INVOICE' })).toBe(
      '/en/checkout/review',
    )
  })

  it('reviews addresses, shipping, payment and the totals with German VAT', async () => {
    const { basket, lines } = await guest.load(reviewLoader, '/en/checkout/review')
    expect(basket.payment.methodId).toBe('INVOICE')
    expect(lines[0]).toMatchObject({ sku: SKU, name: price.name, quantity: QUANTITY })
    expect(basket.totals.estimated).toBe(false)
    expect(minor(basket.totals.total.gross)).toBe(germanGross)

    guest.render('/en/checkout/review', ':lang/checkout/review', ReviewPage, reviewLoader)
    const total = await screen.findByTestId('checkout-total')
    expect(rowsOf(total.closest('section')!)).toEqual([
      ['Items', usd(germanGross)],
      ['Shipping', usd(0)],
      ['Total', usd(germanGross)],
      ['Including tax', usd(germanGross - net)],
    ])
    expect(screen.getByTestId('review-payment').textContent).toBe('Invoice')
  })

  it('says on the review why the prices now include tax (the API’s basket.tax.destination_changed.info)', async () => {
    const { basket } = await guest.load(reviewLoader, '/en/checkout/review')
    expect(basket.infos.map((info: { code: string }) => info.code)).toContain(
      'basket.tax.destination_changed.info',
    )
    const text = (enUS as Record<string, string>)['basket.tax.destination_changed.info']
    expect(text, 'en_US.json has the text of the API’s code').toEqual(expect.any(String))
    // The API's parameters fill it: German VAT instead of the 0 % of the USD shop's default destination.
    const note = text!.replace('{{taxRate}}', '19').replace('{{previousTaxRate}}', '0')
    guest.render('/en/checkout/review', ':lang/checkout/review', ReviewPage, reviewLoader)
    await screen.findByTestId('checkout-total')
    expect(document.body.textContent).toContain(note)
  })

  it('places the order with invoice and shows it on the receipt as reviewed', async () => {
    const { basket } = await guest.load(reviewLoader, '/en/checkout/review')
    const receipt = await guest.post(reviewAction, '/en/checkout/review', {
      basketId: basket.id,
      termsAndConditions: 'on',
    })
    expect(receipt).toMatch(/^\/en\/checkout\/receipt\?orderId=/)
    const { order } = await guest.load(receiptLoader, receipt)
    expect(order).toMatchObject({ email: 'grace.guest@example.com', payment: { method: 'INVOICE' } })
    expect(order.lines).toMatchObject([{ sku: SKU, quantity: QUANTITY }])
    expect(minor(order.totals.total.gross)).toBe(germanGross)
    expect(minor(order.totals.tax)).toBe(germanGross - net)

    guest.render(receipt, ':lang/checkout/receipt', ReceiptPage, receiptLoader)
    expect((await screen.findByTestId('order-number')).textContent).toBe(
      `Order number ${order.documentNumber}`,
    )
    expect(screen.getByTestId('order-total').textContent).toBe(usd(germanGross))
    expect(screen.getByText('A confirmation goes to grace.guest@example.com.')).toBeTruthy()
  })
})

describe('Patricia, a private customer, buying on the German shop', () => {
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
    expect(rows).toContainEqual([t('checkout.totals.items'), eur(gross)])
    expect(rows).toContainEqual([t('checkout.totals.tax_included'), eur(gross - net)])
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
      [t('checkout.totals.total'), eur(gross)],
      [t('checkout.totals.tax_included'), eur(gross - net)],
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
    expect(rowsOf(orderTotal.closest('section')!)).toContainEqual([
      t('checkout.totals.tax_included'),
      eur(gross - net),
    ])
  })
})

describe('Patricia ordering regularly without pressing "Save schedule" (issue 32)', () => {
  const patricia = new Browser('en')
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  /** What the review's one form posts: the order's fields and the schedule as the form shows it. */
  const posted = (basketId: string, schedule: Record<string, string>) => ({
    intent: 'place',
    basketId,
    termsAndConditions: 'on',
    recurring: 'regularly',
    every: '2',
    unit: 'week',
    end: 'never',
    ...schedule,
  })
  const recurringOrdersOf = async () =>
    (await api.database.db.select().from(recurringOrders)).filter((row) => row.userId === patriciaId)
  let patriciaId: string

  beforeAll(async () => {
    const [user] = await api.database.db
      .select()
      .from(users)
      .where(eq(users.login, 'patricia@ironbridge.test'))
    patriciaId = user!.id
    await patricia.login('patricia@ironbridge.test')
    await patricia.add('1000003', 1)
    await patricia.checkoutToReview('Berlin')
  })

  it('refuses a schedule the API does not take at its field, and orders nothing', async () => {
    const { basket } = await patricia.load(reviewLoader, '/en/checkout/review')
    const before = await recurringOrdersOf()
    const { response, data } = await patricia.call(reviewAction, '/en/checkout/review', {
      form: posted(basket.id, { startDate: '2020-01-01' }),
    })
    expect(response.status).toBe(422)
    expect(Object.keys(data.result.error)).toEqual(['startDate'])
    expect(await recurringOrdersOf()).toEqual(before)
    // The basket is still there to be ordered.
    expect((await patricia.load(reviewLoader, '/en/checkout/review')).basket.id).toBe(basket.id)
  })

  it('places the recurring order the form shows, not a single order', async () => {
    const { basket } = await patricia.load(reviewLoader, '/en/checkout/review')
    expect(basket.recurrence).toBeUndefined()
    const before = await recurringOrdersOf()
    const receipt = await patricia.post(
      reviewAction,
      '/en/checkout/review',
      posted(basket.id, { startDate: day(2) }),
    )
    expect(receipt).toMatch(/^\/en\/checkout\/receipt\?/)
    const after = await recurringOrdersOf()
    expect(after).toHaveLength(before.length + 1)
    expect(after.find((row) => !before.some((old) => old.id === row.id))).toMatchObject({
      startDate: day(2),
      active: true,
      orderCount: 0,
    })
    // Nothing was ordered once: no order of this basket.
    expect(await api.database.db.select().from(orders).where(eq(orders.basketId, basket.id))).toEqual([])
  })
})
