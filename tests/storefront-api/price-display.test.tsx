// @vitest-environment jsdom
/**
 * Prices for business customers against the real commerce API (issue 36, ADR 0045). Hanna Falk (`hfalk`) of
 * Stadtwerke Falkenried, whose price display is off in a shop with no-price checkout (both seeded), sees a blank
 * price in her basket and checkout and orders all the same: the API still computes the totals, the pages, the
 * tracking and the confirmation mail show none. The display-type switch gives Jack Link (`jlink`) the API's
 * gross amounts instead of the net ones, and his choice is still his after logging in again.
 */
import { cleanup, screen } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, users } from '../../commerce-api/db/schema'
import { noPriceUser } from '../../commerce-api/db/seed/price-display'
import { formatMoney } from '~/models/price'
import { loader as rootLoader } from '~/root'
import { action as displayAction } from '~/routes/$lang.price-display'
import BasketPage, { loader as basketLoader } from '~/routes/$lang._shop.basket'
import ReceiptPage, { loader as receiptLoader } from '~/routes/$lang.checkout.receipt'
import ReviewPage, { action as reviewAction, loader as reviewLoader } from '~/routes/$lang.checkout.review'
import { Browser, minor, seeded, withGermanVat } from './shop'
import { api } from './setup'

afterEach(cleanup)

const SKU = '1000005'
const QUANTITY = 3
const eur = (cents: number) => formatMoney({ value: cents / 100, currency: 'EUR' }, 'de-DE')
/** Any amount in euros as the German pages write it. */
const EURO_AMOUNT = /\d+,\d{2}\s?€/

describe('a business customer without price display, in a shop with no-price checkout', () => {
  const hanna = new Browser('de')
  let net: number

  beforeAll(async () => {
    net = (await seeded(SKU, 'EUR', 'de_DE')).net * QUANTITY
    await hanna.login(noPriceUser.login)
    await hanna.add(SKU, QUANTITY)
  })

  it('is told by the shell that prices are blank, and gets no display-type switch', async () => {
    const root = await hanna.load(rootLoader, '/de/basket')
    expect(root.shell.prices).toBe('blank')
    expect(root.shell.displaySwitch).toBe(false)
  })

  it('sees her basket without any price, the API having computed its totals all the same', async () => {
    const { basket } = await hanna.load(basketLoader, '/de/basket')
    expect(minor(basket.totals.items.net)).toBe(net)
    const t = hanna.render('/de/basket', ':lang/basket', BasketPage, basketLoader)
    const line = await screen.findByTestId('basket-line')
    expect(line.textContent).not.toMatch(EURO_AMOUNT)
    expect(document.querySelector('main')?.textContent ?? document.body.textContent).not.toMatch(EURO_AMOUNT)
    expect(screen.getByTestId('prices-hidden-note').textContent).toBe(t('basket.prices.blank.note'))
    expect(screen.queryByTestId('basket-total')).toBeNull()
    // No-price checkout: she may check out.
    expect(screen.getAllByRole('button', { name: t('basket.checkout') }).length).toBeGreaterThan(0)
  })

  it('checks out and places the order; review and receipt show no prices, the confirmation mail neither', async () => {
    await hanna.checkoutToReview('Kiel')
    const { basket } = await hanna.load(reviewLoader, '/de/checkout/review')
    expect(minor(basket.totals.total.gross)).toBe(
      withGermanVat(net) + minor(basket.totals.shipping?.gross ?? { value: 0 }),
    )
    hanna.render('/de/checkout/review', ':lang/checkout/review', ReviewPage, reviewLoader)
    await screen.findAllByTestId('prices-hidden-note')
    expect(document.body.textContent).not.toMatch(EURO_AMOUNT)
    cleanup()

    const receipt = await hanna.post(reviewAction, '/de/checkout/review', {
      basketId: basket.id,
      termsAndConditions: 'on',
    })
    expect(receipt).toMatch(/^\/de\/checkout\/receipt\?orderId=/)
    const { order } = await hanna.load(receiptLoader, receipt)
    expect(minor(order.totals.total.net)).toBeGreaterThan(0)
    hanna.render(receipt, ':lang/checkout/receipt', ReceiptPage, receiptLoader)
    await screen.findByTestId('order-number')
    expect(document.body.textContent).not.toMatch(EURO_AMOUNT)

    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, noPriceUser.email))
      .then((mails) => mails.filter((m) => m.kind === 'order.confirmation'))
    expect(mail?.text).toContain(order.documentNumber)
    expect(mail?.text).not.toMatch(EURO_AMOUNT)
    expect(mail?.text).toContain('vereinbarten Preisen')
  })
})

describe('the display-type switch', () => {
  const jack = new Browser('de')
  let price: Awaited<ReturnType<typeof seeded>>

  beforeAll(async () => {
    price = await seeded(SKU, 'EUR', 'de_DE')
    await jack.login('jlink')
    await jack.add(SKU, 1)
  })

  it('shows a business user net prices first, gross after the switch', async () => {
    expect((await jack.load(rootLoader, '/de/basket')).shell).toMatchObject({
      display: 'net',
      displaySwitch: true,
      prices: 'shown',
    })
    jack.render('/de/basket', ':lang/basket', BasketPage, basketLoader)
    expect((await screen.findByTestId('basket-line')).textContent).toContain(eur(price.net))
    cleanup()

    await jack.post(displayAction, '/de/price-display', { display: 'gross', returnUrl: '/de/basket' })
    const [stored] = await api.database.db.select().from(users).where(eq(users.login, 'jlink'))
    expect(stored?.preferredPriceDisplayType).toBe('gross')
    expect((await jack.load(rootLoader, '/de/basket')).shell.display).toBe('gross')
    jack.render('/de/basket', ':lang/basket', BasketPage, basketLoader)
    expect((await screen.findByTestId('basket-line')).textContent).toContain(eur(price.gross))
  })

  it('keeps his choice across logging in again', async () => {
    const again = new Browser('de')
    await again.login('jlink')
    expect((await again.load(rootLoader, '/de/basket')).shell.display).toBe('gross')
    // Back to his customer type's display for the other tests of this database.
    await again.post(displayAction, '/de/price-display', { display: 'net', returnUrl: '/de/basket' })
    expect((await again.load(rootLoader, '/de/basket')).shell.display).toBe('net')
  })
})
