import { expect, test, type Locator, type Page } from '@playwright/test'
import { newBuyer } from './business-buyers'
import {
  DEMO_PASSWORD,
  expectAccessible,
  expectFitsWidth,
  openOrderableProduct,
  textsOf,
  type Lang,
} from './helpers'

/**
 * Prices for business customers (issue 36, ADR 0045), in English and German, with JavaScript and without.
 *
 * Stadtwerke Falkenried (BC-200003) sees no prices (its price display is off, no-price checkout is on in the
 * demo): blank prices on the product page, the listing's tiles, the mini basket, the basket, the checkout's
 * review and the receipt, and the order is placed all the same. Its demo user `hfalk` walks this with
 * JavaScript; without it, a buyer of the same company that she makes for each test, so that the two projects
 * never share a basket (a user has one current basket). Her two languages run one after the other.
 *
 * The display-type switch (on in the bundled API's configuration) is used by a new Brightline buyer of each
 * test, so that no other test's prices change with it. The German shop's euros carry 19 % VAT, so gross is more
 * than net there; the English shop's dollars go to the United States without tax, so there only the display,
 * its hint and the footer's disclaimer change.
 */

const LANGS: Lang[] = ['en', 'de']

/** An amount of money as any of the shop's languages writes it: a digit beside a currency sign or code. */
const AMOUNT = /\d\s?(?:€|\$|£|EUR|USD)|(?:€|\$|£|EUR|USD)\s?\d/

const FALKENRIED = { customerNo: 'BC-200003', admin: 'hfalk', domain: 'stadtwerke-falkenried.test' }

const jsOff = () => test.info().project.use.javaScriptEnabled === false

/** Logs in through the shop's login page in `lang`, back on the home page of that language. */
async function logIn(page: Page, lang: Lang, login: string) {
  const t = await textsOf(lang)
  await page.context().clearCookies()
  await page.goto(`/${lang}/login`)
  await page.getByLabel(t('account.login.login.label')).fill(login)
  await page.getByLabel(t('account.login.password.label'), { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/${lang}/home$`))
}

/** No amount of money anywhere in `region`. */
async function expectNoAmount(region: Locator) {
  await expect(region).toBeAttached()
  expect(await region.innerText()).not.toMatch(AMOUNT)
}

/** A blank price: its only text the hidden words that no price is shown, and no amount. */
async function expectBlankPrice(price: Locator, t: Awaited<ReturnType<typeof textsOf>>) {
  await expect(price).toHaveText(t('product.price.blank'))
  await expect(price.locator('.visually-hidden')).toHaveText(t('product.price.blank'))
}

test.describe('a business customer without price display', () => {
  // hfalk's two languages share her basket: one after the other.
  test.describe.configure({ mode: 'serial' })

  for (const lang of LANGS) {
    test(`sees no price from product page to receipt and orders all the same (${lang})`, async ({ page }) => {
      test.slow()
      const t = await textsOf(lang)
      const login = jsOff()
        ? (await newBuyer(page, { prefix: `np${lang}`, company: FALKENRIED })).login
        : FALKENRIED.admin
      await logIn(page, lang, login)

      // A category listing: every tile's price is blank.
      await page.goto(`/${lang}/home`)
      const nav = page.getByRole('navigation', { name: t('header.navigation.label') })
      await nav.locator('summary').first().click()
      await nav.locator('details[open] .flyout .nav-level-2 a').first().click()
      await expect(page).toHaveURL(/-ctg[^/]+$/)
      const tiles = page.locator('main .product-tile')
      await expect(tiles.first()).toBeVisible()
      const count = await tiles.count()
      await expect(tiles.getByTestId('price-blank')).toHaveCount(count)
      await expect(tiles.getByTestId('price')).toHaveCount(0)
      await expectBlankPrice(tiles.first().getByTestId('price-blank'), t)
      await expectNoAmount(tiles.first())
      await expectNoAmount(page.locator('main .product-grid, main .product-list').first())

      // The product page: a blank price, no amount, no offer price for crawlers either.
      const name = await openOrderableProduct(page, lang)
      const main = page.locator('main')
      await expectBlankPrice(main.getByTestId('price-blank').first(), t)
      await expect(main.getByTestId('price')).toHaveCount(0)
      await expectNoAmount(main)
      for (const json of await page.locator('script[type="application/ld+json"]').allTextContents())
        expect(json).not.toMatch(/"price"/)
      // No display-type switch and no price disclaimer where no prices show.
      await expect(page.getByRole('button', { name: t('header.price_display.gross') })).toHaveCount(0)
      await expect(page.getByTestId('footer-disclaimer')).toHaveCount(0)
      await expect(page.locator('body')).not.toHaveClass(/display-type/)

      // Into the basket: the mini basket counts the items, shows no total.
      await page.getByRole('button', { name: t('product.add_to_basket'), exact: true }).click()
      await expect(page.getByRole('status').first()).toContainText(
        t('ede.shopping_cart.product.added.message_one', { name }),
      )
      const mini = page.getByTestId('mini-basket')
      await expect(mini.locator('.mini-basket-badge')).not.toHaveText('0')
      await expect(mini.locator('.mini-basket-total')).toHaveText('')
      await expectNoAmount(mini)
      if (!jsOff()) {
        // With JavaScript the mini basket opens with the lines: no line total either.
        const panel = page.getByTestId('mini-basket-panel')
        await expect(panel).toBeVisible()
        await expect(panel.locator('.mini-basket-line').first()).toBeVisible()
        for (const total of await panel.locator('.mini-basket-line-total').all())
          await expect(total).toHaveText('')
        await expectNoAmount(panel)
      }

      // The basket: lines without prices, no totals, the note that the agreed prices apply; on a phone too.
      await page.goto(`/${lang}/basket`)
      await expect(page.getByRole('heading', { level: 1, name: t('basket.title') })).toBeVisible()
      await expect(page.getByTestId('basket-line').filter({ hasText: name })).toHaveCount(1)
      await expect(page.getByTestId('prices-hidden-note')).toHaveText(t('basket.prices.blank.note'))
      await expect(page.getByTestId('basket-total')).toHaveCount(0)
      await expectNoAmount(page.locator('main'))
      await page.setViewportSize({ width: 360, height: 800 })
      await expectFitsWidth(page, 360)
      await expectAccessible(page)
      await page.setViewportSize({ width: 1280, height: 900 })

      // Checkout with the company's address, standard delivery and invoice.
      await page
        .getByRole('button', { name: t('basket.checkout') })
        .first()
        .click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/address$`))
      await page
        .getByRole('group', { name: t('checkout.address.invoice') })
        .getByRole('radio')
        .first()
        .check()
      await page
        .getByRole('group', { name: t('checkout.address.shipping') })
        .getByRole('radio')
        .first()
        .check()
      await page.getByRole('button', { name: t('checkout.continue') }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/shipping$`))
      await page.locator('input[type="radio"][value="STD_GROUND"]').check()
      await page.getByRole('button', { name: t('checkout.continue') }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/payment`))
      await page.locator('input[type="radio"][value="INVOICE"]').check()
      await page.getByRole('button', { name: t('checkout.continue') }).click()

      // The review: the line, no amount, the note; then the order.
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/review$`))
      await expect(page.locator('main')).toContainText(name)
      await expect(page.getByTestId('prices-hidden-note').first()).toHaveText(t('basket.prices.blank.note'))
      await expectNoAmount(page.locator('main'))
      await expectAccessible(page)
      await page.getByLabel(t('checkout.review.terms')).check()
      await page.getByRole('button', { name: t('checkout.review.submit') }).click()

      // The receipt: an order number, no amount.
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/receipt\\?orderId=`))
      await expect(page.getByRole('heading', { level: 1, name: t('checkout.receipt.title') })).toBeVisible()
      expect((await page.getByTestId('order-number').textContent())!.replace(/\D/g, '')).toMatch(/^\d+$/)
      await expect(page.locator('main')).toContainText(name)
      await expectNoAmount(page.locator('main'))
    })
  }
})

/** The product page's sale price in cents, read from its text in either language (two decimals each). */
async function saleCents(page: Page) {
  const text = await page.locator('main [data-testid="price"] .price-sale').first().innerText()
  expect(text).toMatch(AMOUNT)
  return Number(text.replace(/\D/g, ''))
}

test.describe('the display-type switch', () => {
  for (const lang of LANGS) {
    test(`a business user switches from net to gross prices and back (${lang})`, async ({ page }) => {
      test.slow()
      const t = await textsOf(lang)
      const { login } = await newBuyer(page, { prefix: `dt${lang}` })
      await logIn(page, lang, login)
      await openOrderableProduct(page, lang)
      const product = page.url()
      const body = page.locator('body')
      const disclaimer = page.getByTestId('footer-disclaimer')
      const gross = page.getByRole('button', { name: t('header.price_display.gross'), exact: true })
      const net = page.getByRole('button', { name: t('header.price_display.net'), exact: true })

      // A business user sees net prices first.
      await expect(body).toHaveClass('display-type-switch display-type-b2b')
      await expect(disclaimer).toHaveText(t('footer.disclaimer.b2b'))
      await expect(net).toHaveAttribute('aria-pressed', 'true')
      await expect(gross).toHaveAttribute('aria-pressed', 'false')
      await expect(page.locator('main').getByText(t('product.price.net_hint'))).toBeVisible()
      const netCents = await saleCents(page)

      // Gross: a form post that comes back to the same page, every price with VAT.
      await gross.click()
      await expect(body).toHaveClass('display-type-switch display-type-b2c')
      expect(page.url()).toBe(product)
      await expect(disclaimer).toHaveText(t('footer.disclaimer.b2c'))
      await expect(gross).toHaveAttribute('aria-pressed', 'true')
      await expect(net).toHaveAttribute('aria-pressed', 'false')
      await expect(page.locator('main').getByText(t('product.price.net_hint'))).toHaveCount(0)
      const grossCents = await saleCents(page)
      if (lang === 'de') {
        // Euros in Germany, 19 % VAT on top of the net price.
        expect(grossCents).toBeGreaterThan(netCents)
      } else {
        // Dollars to the United States, where the shop's prices include no tax: gross is net, and says so.
        await expect(page.locator('main').getByText(t('product.price.tax_free_hint'))).toBeVisible()
        expect(grossCents).toBe(netCents)
      }
      await expectAccessible(page)

      // The choice is the user's: another page shows gross too.
      await page.goto(`/${lang}/basket`)
      await expect(body).toHaveClass('display-type-switch display-type-b2c')
      await expect(disclaimer).toHaveText(t('footer.disclaimer.b2c'))

      // And back to net.
      await page.goto(product)
      await net.click()
      await expect(body).toHaveClass('display-type-switch display-type-b2b')
      await expect(disclaimer).toHaveText(t('footer.disclaimer.b2b'))
      expect(await saleCents(page)).toBe(netCents)
    })
  }
})
