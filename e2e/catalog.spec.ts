import { expect, test } from '@playwright/test'
import { parseMoney } from './helpers'

test('sort a category by price, switch to the list view and page on', async ({ page, javaScriptEnabled }) => {
  await page.goto('/en/home')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.locator('summary').first().click()
  await nav.locator('details[open] .flyout .nav-level-2 a').first().click()
  await expect(page.locator('.product-tile').first()).toBeVisible()

  await page.getByLabel('Sort by').selectOption('price-asc')
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/sorting=price-asc/)
  const prices = async () =>
    (await page.locator('.product-tile .price-sale').allTextContents()).map((text) => parseMoney(text))
  const ascending = (list: number[]) => list.length > 1 && list.every((v, i) => i === 0 || list[i - 1]! <= v)
  // With JavaScript the URL changes before the sorted tiles render: wait for them.
  await expect.poll(async () => ascending(await prices())).toBe(true)
  const firstPage = await prices()

  await page.getByRole('radio', { name: 'List', exact: true }).check()
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/view=list/)
  await expect(page.locator('.product-grid')).toHaveClass(/product-list/)
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc')

  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page).toHaveURL(/sorting=price-asc/)
  // With JavaScript the URL changes before the new page renders: wait for the pager to move on.
  await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2')
  const secondPage = await prices()
  expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage[firstPage.length - 1]!)
})

test('listing parameters no link produces answer 404', async ({ page }) => {
  await page.goto('/en/home')
  const href = await page.locator('.flyout .nav-level-2 a').first().getAttribute('href')
  expect((await page.goto(`${href}?sorting=cheapest`))?.status()).toBe(404)
  expect((await page.goto(`${href}?page=0`))?.status()).toBe(404)
})

test('compare two products side by side and remove one', async ({ page }) => {
  await page.goto('/en/home')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.locator('summary').first().click()
  await nav.locator('details[open] .flyout .nav-level-2 a').first().click()
  const tiles = page.locator('.product-tile')
  const names: string[] = []
  for (const i of [0, 1]) {
    const name = (await tiles.nth(i).getByRole('heading').textContent())!.trim()
    names.push(name)
    await page.getByRole('button', { name: `Compare: ${name}` }).click()
    await expect(page.getByRole('status')).toContainText('is now in your comparison')
  }
  await page.getByRole('link', { name: 'Compare (2)' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Compare products' })).toBeVisible()
  const header = page.locator('.compare-table thead')
  for (const name of names) await expect(header.getByRole('link', { name })).toBeVisible()
  await expect(page.locator('.compare-table tbody tr').first()).toContainText('Price')

  await page.getByRole('button', { name: `Remove from comparison: ${names[0]}` }).click()
  await expect(page.getByRole('status')).toContainText('was removed from your comparison')
  await expect(header.getByRole('link', { name: names[0] })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Compare (1)' })).toBeVisible()
})
