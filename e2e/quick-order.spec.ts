import { expect, test, type Page } from '@playwright/test'
import { findProducts, tileProduct } from './helpers'

/** Two orderable products (SKU and name) taken from a listing's tiles. */
async function twoOrderableProducts(page: Page) {
  await page.goto('/en/home')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.locator('summary').first().click()
  await nav.locator('details[open] .flyout .nav-level-2 a').first().click()
  // The home page has tiles too: wait until the category page is there.
  await expect(page).toHaveURL(/-ctg[^/]+$/)
  const tiles = page
    .locator('.product-tile')
    .filter({ has: page.getByRole('button', { name: /^Add to basket: .+$/ }) })
  await expect(tiles.first()).toBeVisible()
  const products = []
  for (const index of [0, 1]) products.push(await tileProduct(tiles.nth(index)))
  return products as [{ sku: string; name: string }, { sku: string; name: string }]
}

test('quick order from a pasted list: unknown SKU, adjusted quantity, everything valid added', async ({
  page,
}) => {
  const [first, second] = await twoOrderableProducts(page)
  await page.getByRole('link', { name: 'Quick order' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible()

  await page.getByLabel('SKU in row 1').fill(second.sku)
  await page.getByLabel('Quantity in row 1').fill('1')
  await page.getByLabel('SKU in row 2').fill('NOPE-1')
  await page.getByLabel('Quantity in row 2').fill('3')
  await page.getByLabel('Paste a list').fill(`SKU\tQuantity\n${first.sku}\t150\n\nNO-SUCH-SKU\t2\nhello\n`)
  await page.getByRole('button', { name: 'Add all to basket' }).click()

  await expect(page.getByRole('status').first()).toContainText('2 of 4 products found.')
  const results = page.getByTestId('quick-order-results').getByRole('listitem')
  await expect(results).toHaveCount(5)
  await expect(results.nth(0)).toHaveText(`Row 1: 1 × ${second.name} (${second.sku}) added`)
  await expect(results.nth(1)).toHaveText('Row 2: unknown SKU NOPE-1')
  await expect(results.nth(2)).toContainText(
    `List line 2: ${first.name} (${first.sku}): quantity adjusted from 150 to`,
  )
  await expect(results.nth(3)).toHaveText('List line 4: unknown SKU NO-SUCH-SKU')
  await expect(results.nth(4)).toContainText('List line 5: not understood: “hello”')
  const adjusted = Number(/to (\d+) and added/.exec((await results.nth(2).textContent())!)![1])
  expect(adjusted).toBeLessThanOrEqual(100)

  // What could not be added is back in the form, each row with its reason; what was added is gone.
  await expect(page.getByText('The 3 lines that could not be added are back in the form')).toBeVisible()
  await expect(page.getByLabel('SKU in row 1')).toHaveValue('NOPE-1')
  await expect(page.getByLabel('Quantity in row 1')).toHaveValue('3')
  await expect(page.getByLabel('SKU in row 1')).toHaveAccessibleDescription('unknown SKU NOPE-1')
  await expect(page.getByLabel('SKU in row 2')).toHaveValue('')
  await expect(page.getByLabel('Paste a list')).toHaveValue('NO-SUCH-SKU\t2\nhello')

  await page.getByRole('link', { name: 'Go to the basket' }).click()
  await expect(page).toHaveURL(/\/en\/basket$/)
  const lines = page.getByTestId('basket-line')
  await expect(lines).toHaveCount(2)
  await expect(lines.filter({ hasText: first.name }).getByRole('spinbutton')).toHaveValue(String(adjusted))
  await expect(lines.filter({ hasText: second.name }).getByRole('spinbutton')).toHaveValue('1')
})

test('quick order gives more rows and keeps what was typed', async ({ page }) => {
  await page.goto('/en/quick-order')
  await expect(page.getByLabel(/^SKU in row/)).toHaveCount(5)
  await page.getByLabel('SKU in row 2').fill('1000042')
  await page.getByRole('button', { name: 'Add more rows' }).click()
  await expect(page.getByLabel(/^SKU in row/)).toHaveCount(10)
  await expect(page.getByLabel('SKU in row 2')).toHaveValue('1000042')
})

for (const { name, viewport } of [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport })

    test('a variation master’s item number orders its default variation, and the result takes the focus', async ({
      page,
      request,
    }) => {
      const master = await findProducts(request, 'productMaster')
      await page.goto('/en/quick-order')
      await page.getByLabel('SKU in row 1').fill(master)
      await page.getByLabel('Quantity in row 1').fill('2')
      await page.getByRole('button', { name: 'Add all to basket' }).click()
      const result = page.getByTestId('quick-order-results').getByRole('listitem').first()
      await expect(result).toContainText('added')
      await expect(result).toContainText(`(${master} has variations: its default variation was taken)`)
      // The results are where the page goes after the post: focused and in view, on a phone too.
      const section = page.getByRole('region', { name: 'Result' })
      await expect(section).toBeFocused()
      await expect(section).toBeInViewport()
    })
  })
}
