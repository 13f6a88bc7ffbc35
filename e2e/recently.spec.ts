import { expect, test } from '@playwright/test'

test('viewed products show on the next product page and on /recently, and the list can be cleared', async ({
  page,
}) => {
  await page.goto('/en/home')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.locator('summary').first().click()
  const category = nav.locator('details[open] .flyout .nav-level-2 a').first()
  const categoryName = (await category.textContent())!.trim()
  await category.click()
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible()
  const tiles = page.locator('.product-grid .product-tile')
  await expect(tiles.nth(2)).toBeVisible()
  const names: string[] = []
  for (const i of [0, 1, 2]) names.push((await tiles.nth(i).getByRole('heading').textContent())!.trim())
  const categoryUrl = page.url()

  // View two products as a shopper does: from the listing (with JavaScript, hovering prefetches first).
  for (const i of [0, 1]) {
    await tiles.nth(i).getByRole('link').first().click()
    await expect(page.getByRole('heading', { level: 1, name: names[i] })).toBeVisible()
    await page.goto(categoryUrl)
  }

  await tiles.nth(2).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: names[2] })).toBeVisible()
  const recently = page.getByRole('region', { name: 'Recently viewed' })
  const shown = recently.locator('.product-tile').getByRole('heading')
  // Most recent first; the product on the page itself is not repeated.
  await expect(shown).toHaveText([names[1]!, names[0]!])

  await recently.getByRole('link', { name: 'All recently viewed products' }).click()
  await expect(page).toHaveURL(/\/en\/recently$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Recently viewed' })).toBeVisible()
  await expect(page.locator('.product-tile').getByRole('heading')).toHaveText([
    names[2]!,
    names[1]!,
    names[0]!,
  ])
  await expect(page.getByText('3 products viewed in the last 7 days')).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')

  await page.getByRole('button', { name: 'Clear list' }).click()
  await expect(page.getByRole('status')).toContainText('has been cleared')
  await expect(page.getByText('You have not viewed any products in the last 7 days.')).toBeVisible()
  await expect(page.locator('.product-tile')).toHaveCount(0)

  // Cleared for good: the next product page shows no list either.
  await page.goto(categoryUrl)
  await tiles.nth(0).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: names[0] })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0)
})

test('the recently viewed page is private and a crawler gets no cookie from a product page', async ({
  page,
  request,
}) => {
  const response = await page.goto('/en/recently')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  await expect(page.getByText('You have not viewed any products in the last 7 days.')).toBeVisible()

  const product = await request.get('/en/product/1000001', {
    headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  })
  expect(product.status()).toBe(200)
  expect(product.headers()['set-cookie']).toBeUndefined()
  expect(product.headers()['cache-control']).toContain('s-maxage')
})
