import { expect, test, type Page } from '@playwright/test'
import { guestAddress, pay, placeOrder, standardShipping } from './checkout-flow'
import { expectAccessible, expectFitsWidth, parseMoney, tileProduct } from './helpers'

/**
 * Issue 19, "A layout made for phones": at 360 × 740, with JavaScript on and off, no page scrolls sideways,
 * the first products of a listing and the price and "Add to basket" of a product are on the first screen,
 * and the basket's total stays in view.
 */
test.use({ viewport: { width: 360, height: 740 } })

const WIDTH = 360
const CATEGORY = '/en/fasteners/screws/wood-screws-ctgFasteners.Screws.Wood-Screws'

/** A listing's products, in page order. */
const tiles = (page: Page) => page.locator('.product-tile')

/** Applies the listing toolbar: at once with JavaScript, with its button before or without it. */
async function applyToolbar(page: Page) {
  const apply = page.getByRole('button', { name: 'Apply' })
  if (await apply.isVisible()) await apply.click()
}

test('a category on a phone: filters in a drawer, two products a row on the first screen, a page size', async ({
  page,
}) => {
  await page.goto(CATEGORY)
  await expectFitsWidth(page, WIDTH)
  const drawer = page.locator('.filter-drawer')
  await expect(drawer.locator('> summary')).toHaveText('Filters')
  await expect(page.getByRole('heading', { name: 'Brand' })).toBeHidden()
  // The first two products side by side, both on the first screen.
  const [first, second] = [tiles(page).nth(0), tiles(page).nth(1)]
  await expect(first).toBeInViewport({ ratio: 0.3 })
  await expect(second).toBeInViewport({ ratio: 0.3 })
  // Side by side once the layout has settled (pictures and hydration may still move them for a moment).
  await expect
    .poll(async () => Math.abs((await first.boundingBox())!.y - (await second.boundingBox())!.y))
    .toBeLessThan(2)
  const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!]
  expect(b.x).toBeGreaterThan(a.x + a.width - 1)
  await expectAccessible(page)

  // The drawer opens on the filters; choosing one keeps the choice in view as a chip.
  await drawer.locator('> summary').click()
  await expect(page.getByRole('heading', { name: 'Brand' })).toBeVisible()
  await expectFitsWidth(page, WIDTH)
  const brand = drawer.locator('.facet-group').first().locator('.facet').first()
  const brandName = (await brand.locator('.facet-name').textContent())!.trim()
  await brand.click()
  await expect(page).toHaveURL(/filters=/)
  await expect(page.locator('.facet-chip')).toContainText(brandName)
  await expect(page.locator('.filter-drawer > summary')).toHaveText('Filters (1 selected)')

  // Twice as many products a page, kept by the filter links and paging.
  await page.goto(CATEGORY)
  const total = Number(
    (await page.getByRole('heading', { name: /\d+ products/ }).textContent())!.replace(/\D/g, ''),
  )
  await page.getByLabel('Per page').selectOption('18')
  await applyToolbar(page)
  await expect(page).toHaveURL(/pageSize=18/)
  await expect(tiles(page)).toHaveCount(Math.min(18, total))
})

test('a product on a phone: price and "Add to basket" on the first screen', async ({ page }) => {
  await page.goto(CATEGORY)
  const tile = tiles(page)
    .filter({ hasText: 'In stock' })
    .filter({ hasNotText: /^from / })
    .first()
  await tile.getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectFitsWidth(page, WIDTH)
  await expect(page.getByTestId('price').first()).toBeInViewport()
  // The whole button, not a sliver of it: long product names and the pictures' views must leave room.
  await expect(page.getByRole('button', { name: 'Add to basket', exact: true })).toBeInViewport({ ratio: 1 })
  await expectAccessible(page)
})

test('the header on a phone: account and basket as icons with the count, further links in the menu', async ({
  page,
}) => {
  await page.goto('/en/home')
  await expectFitsWidth(page, WIDTH)
  const header = page.locator('.header-bar')
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(page.getByTestId('mini-basket')).toBeVisible()
  await expect(page.locator('.mini-basket-badge')).toHaveText('0')
  // Logo, account and basket share the first row.
  const logo = (await page.locator('.logo').boundingBox())!
  const basket = (await page.getByTestId('mini-basket').boundingBox())!
  expect(Math.abs(logo.y + logo.height / 2 - (basket.y + basket.height / 2))).toBeLessThan(8)
  await expect(header.getByRole('link', { name: 'Quick order' })).toBeHidden()
  await page.locator('summary', { hasText: /^Menu$/ }).click()
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Quick order' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible()
})

test('the basket and checkout on a phone: lines as cards, the total in view, no sideways scrolling', async ({
  page,
}) => {
  test.slow()
  await page.goto(CATEGORY)
  const orderable = tiles(page).filter({ has: page.locator('.tile-add-to-basket') })
  for (const n of [0, 1]) {
    const { name } = await tileProduct(orderable.nth(n))
    await orderable
      .nth(n)
      .getByRole('button', { name: `Add to basket: ${name}` })
      .click()
    await expect(page.getByRole('status').filter({ hasText: name })).toContainText('added to your basket')
  }
  await page.goto('/en/basket')
  await expect(page.getByTestId('basket-line')).toHaveCount(2)
  await expectFitsWidth(page, WIDTH)
  const bar = page.getByTestId('basket-bar')
  await expect(bar).toBeInViewport()
  // The bar's total is the summary's.
  const summaryTotal = parseMoney((await page.getByTestId('basket-total').textContent())!)
  expect(parseMoney((await bar.locator('strong').textContent())!)).toBeCloseTo(summaryTotal, 2)
  // Each line labels its unit price, quantity and total.
  const line = page.getByTestId('basket-line').first()
  await expect(line.getByRole('spinbutton')).toBeVisible()
  await expectAccessible(page)
  await bar.getByRole('button', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/address$/)
  await expectFitsWidth(page, WIDTH)
  await guestAddress(page, 'phone@example.com')
  await expectFitsWidth(page, WIDTH)
  await standardShipping(page)
  await pay(page, /Invoice/)
  await expect(page).toHaveURL(/\/en\/checkout\/review$/)
  await expectFitsWidth(page, WIDTH)
  await expectAccessible(page)
  await placeOrder(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible()
  await expectFitsWidth(page, WIDTH)
  await expectAccessible(page)
})

test('a message after a change covers neither the search box nor a quantity field, and can be closed', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(CATEGORY)
  const orderable = tiles(page).filter({ has: page.locator('.tile-add-to-basket') })
  const { name } = await tileProduct(orderable.first())
  await orderable
    .first()
    .getByRole('button', { name: `Add to basket: ${name}` })
    .click()
  const message = page.getByRole('status').filter({ hasText: `${name} has been added to your basket` })
  await expect(message).toBeVisible()
  if (!javaScriptEnabled) {
    // The page came with the message: it sits above the header, clear of the search box and the tiles.
    const box = (await message.boundingBox())!
    const search = (await page.getByRole('search').boundingBox())!
    const quantity = (await orderable.first().getByRole('spinbutton').boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(search.y)
    expect(box.y + box.height).toBeLessThanOrEqual(quantity.y)
    await page.locator('.toast-close').click()
    await expect(message).toBeHidden()
  }
  // The basket's order details, saved: the message of a form post, closed with its button.
  await page.goto('/en/basket')
  await page.getByLabel('Your order reference').fill('PO-360')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const saved = page.locator('.toast')
  await expect(saved).toBeVisible()
  const search = (await page.getByRole('search').boundingBox())!
  const box = (await saved.boundingBox())!
  expect(box.y + box.height <= search.y || box.y >= search.y + search.height).toBe(true)
  await saved.locator('.toast-close').click()
  await expect(saved).toBeHidden()
  await expect(page.getByLabel('Your order reference')).toHaveValue('PO-360')
})
