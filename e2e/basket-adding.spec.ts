import { expect, test, type Page } from '@playwright/test'
import { tileProduct } from './helpers'

/** Opens the first category of the main navigation that lists products a tile can add. */
async function openListingWithAddableTiles(page: Page) {
  await page.goto('/en/home')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.locator('summary').first().click()
  await nav.locator('details[open] .flyout .nav-level-2 a').first().click()
  // The home page has tiles too: wait until the category page is there.
  await expect(page).toHaveURL(/-ctg[^/]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  for (let attempt = 0; attempt < 5; attempt++) {
    if ((await addButtons(page).count()) >= 2) return
    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page).toHaveURL(new RegExp(`page=${attempt + 2}`))
  }
  throw new Error('no listing page with two addable tiles')
}

const addButtons = (page: Page) => page.getByRole('button', { name: /^Add to basket: .+$/ })

/** A tile that can add its product, with the product's name and SKU (from its canonical URL). */
async function addableTile(page: Page, index: number) {
  const tile = page
    .locator('.product-tile')
    .filter({ has: addButtons(page) })
    .nth(index)
  const product = await tileProduct(tile)
  // Pinned to its product from here on, not to its place among the tiles.
  const pinned = page
    .locator('.product-tile')
    .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) })
    .first()
  return { tile: pinned, ...product }
}

/** The SKU of an orderable product, found as a shopper would: on a listing. */
async function orderableSku(page: Page) {
  await openListingWithAddableTiles(page)
  return addableTile(page, 0)
}

test('add a product from its tile on a listing', async ({ page }) => {
  await openListingWithAddableTiles(page)
  const { tile, name } = await addableTile(page, 0)
  const listing = page.url()
  await tile.getByLabel(`Quantity of ${name}`).fill('2')
  await tile.getByRole('button', { name: `Add to basket: ${name}` }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')
  await expect(page.getByTestId('mini-basket')).toContainText('2 items')
  // The shopper stays on the listing.
  expect(page.url()).toBe(listing)

  await page.getByTestId('mini-basket').click()
  const line = page.getByTestId('basket-line')
  await expect(line).toHaveCount(1)
  await expect(line).toContainText(name)
  await expect(line.getByRole('spinbutton')).toHaveValue('2')
})

test('adds from several tiles go out together and open the mini basket with them highlighted @js-only', async ({
  page,
}) => {
  await openListingWithAddableTiles(page)
  const first = await addableTile(page, 0)
  const second = await addableTile(page, 1)
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/en/basket/add'))
      posts.push(request.postData() ?? '')
  })
  // Both clicks in one task, so both fall in the collecting window however busy the machine is (a human's
  // two clicks 200 ms apart did not on a loaded CI machine); the tiles' forms must be handled by then.
  await expect(first.tile.locator('form[data-enhanced]')).toHaveCount(1)
  await expect(second.tile.locator('form[data-enhanced]')).toHaveCount(1)
  const buttons = [
    await first.tile.getByRole('button', { name: `Add to basket: ${first.name}` }).elementHandle(),
    await second.tile.getByRole('button', { name: `Add to basket: ${second.name}` }).elementHandle(),
  ]
  await page.evaluate((elements) => elements.forEach((element) => (element as HTMLElement).click()), buttons)

  const panel = page.getByTestId('mini-basket-panel')
  await expect(panel).toBeVisible()
  // Two products are counted, not listed by SKU (issue 19).
  await expect(panel.getByRole('status')).toContainText('2 products have been added to your basket.')
  const highlighted = panel.locator('[data-highlighted]')
  await expect(highlighted).toHaveCount(2)
  await expect(highlighted.filter({ hasText: first.name })).toHaveCount(1)
  await expect(highlighted.filter({ hasText: second.name })).toHaveCount(1)
  await expect(page.getByTestId('mini-basket')).toContainText('2 items')
  // One call for both adds.
  expect(posts).toHaveLength(1)
  expect(posts[0]).toContain(first.sku)
  expect(posts[0]).toContain(second.sku)

  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(panel).toBeHidden()
})

test('a refused add shows the error banner for a moment @js-only', async ({ page }) => {
  await openListingWithAddableTiles(page)
  const { tile, name } = await addableTile(page, 0)
  const quantity = tile.getByLabel(`Quantity of ${name}`)
  const [min, step, max] = await Promise.all(
    ['min', 'step', 'max'].map(async (name) => Number(await quantity.getAttribute(name))),
  )
  // The most one line may hold, on the product's step.
  const full = min! + Math.floor((max! - min!) / step!) * step!
  await quantity.fill(String(full))
  await tile.getByRole('button', { name: `Add to basket: ${name}` }).click()
  await expect(page.getByTestId('mini-basket-panel')).toBeVisible()
  // The line is full: more is refused by the API with the product's rule.
  await quantity.fill(String(full))
  await tile.getByRole('button', { name: `Add to basket: ${name}` }).click()
  const banner = page.locator('.basket-error-banner')
  await expect(banner).toBeVisible()
  await expect(banner.getByRole('listitem')).toContainText(
    'was not added: The quantity exceeds the maximum order quantity.',
  )
  await expect(banner).toBeHidden({ timeout: 5000 })
})

test('the add-items link adds the valid items, reports the others and leaves the page clean', async ({
  page,
}) => {
  const { sku, name } = await orderableSku(page)
  await page.goto(`/en/home?addItems=${sku}|3;|2;${sku}|0`)
  await expect(page).toHaveURL(/\/en\/home$/)
  const status = page.getByRole('status')
  await expect(status).toContainText(`${name} has been added to your basket.`)
  await expect(status).toContainText(`“|2” was not added`)
  await expect(status).toContainText(`“${sku}|0” was not added`)
  await expect(page.getByTestId('mini-basket')).toContainText('3 items')

  // Reloading the clean page adds nothing more.
  await page.reload()
  await expect(page.getByTestId('mini-basket')).toContainText('3 items')

  await page.goto(`/en/basket?pcode=${sku}&qty=2`)
  await expect(page).toHaveURL(/\/en\/basket$/)
  const line = page.getByTestId('basket-line')
  await expect(line).toContainText(name)
  await expect(line.getByRole('spinbutton')).toHaveValue('5')
})

test('the basket survives a reload and a new visit with the same cookies', async ({ page, browser }) => {
  const { sku, name } = await orderableSku(page)
  await page.goto(`/en/basket?addItems=${sku}|2`)
  await expect(page.getByTestId('basket-line')).toContainText(name)
  await page.reload()
  await expect(page.getByTestId('basket-line')).toContainText(name)

  const later = await browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: test.info().project.name !== 'js-off',
  })
  try {
    const visit = await later.newPage()
    await visit.goto('/en/basket')
    await expect(visit.getByTestId('basket-line')).toContainText(name)
    await expect(visit.getByTestId('basket-line').getByRole('spinbutton')).toHaveValue('2')
    await expect(visit.getByTestId('mini-basket')).toContainText('2 items')
  } finally {
    await later.close()
  }
})

test('the anonymous basket is merged into the demo user’s basket at login', async ({ page }) => {
  // Each project logs in as its own demo user, so the two runs never share a basket.
  const login = test.info().project.name === 'js-off' ? 'aapprover' : 'pierre@ironbridge.test'
  const { sku, name } = await orderableSku(page)
  await page.goto(`/en/home?addItems=${sku}|2`)
  await expect(page.getByTestId('mini-basket')).toContainText('2 items')

  await page.getByRole('link', { name: 'Login' }).click()
  await page.getByLabel('E-mail address or user name').fill(login)
  await page.getByLabel('Password').fill('Demo!2026')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('status')).toContainText(
    'The products of your earlier basket are now in your basket.',
  )

  await page.getByTestId('mini-basket').click()
  const line = page.getByTestId('basket-line').filter({ hasText: name })
  await expect(line).toHaveCount(1)
  expect(Number(await line.getByRole('spinbutton').inputValue())).toBeGreaterThanOrEqual(2)
})

test(
  'a double click on Add to basket adds once, and the button shows at once that it is adding',
  { tag: '@js-only' },
  async ({ page }) => {
    await openListingWithAddableTiles(page)
    const { tile, name } = await addableTile(page, 0)
    // Wait for the JavaScript: the double click is the enhanced form's to catch.
    await expect(tile.locator('form.tile-add-to-basket')).toHaveAttribute('data-enhanced', '')
    await tile.getByLabel(`Quantity of ${name}`).fill('3')
    const button = tile.getByRole('button', { name: `Add to basket: ${name}` })
    await button.dblclick()
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByRole('status')).toContainText(`${name} has been added to your basket`)
    await expect(button).not.toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByTestId('mini-basket')).toContainText('3 items')
    await page.getByTestId('mini-basket').click()
    await expect(page.getByTestId('basket-line').getByRole('spinbutton')).toHaveValue('3')
  },
)
