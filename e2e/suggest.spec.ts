import { expect, test } from '@playwright/test'

// The suggestion list is JavaScript (js-on only); without it the search box is a plain form (test below).
test.describe('search suggestions', { tag: '@js-only' }, () => {
  test('three letters show grouped suggestions after the debounce; arrow keys and Enter open a product', async ({
    page,
  }) => {
    const asked: number[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/en/suggest')) asked.push(Date.now())
    })
    await page.goto('/en/home')
    // The field becomes a combobox once the page's script runs.
    const box = page.getByRole('combobox', { name: 'Search the shop' })
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await box.pressSequentially('dri', { delay: 80 })
    const typed = Date.now()

    const list = page.getByRole('listbox', { name: 'Search suggestions' })
    await expect(list).toBeVisible()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!)
    // One request for three key strokes, sent once typing paused.
    expect(asked).toHaveLength(1)
    expect(asked[0]! - typed).toBeGreaterThanOrEqual(250)

    const products = list.getByRole('group', { name: 'Products' })
    await expect(products.getByRole('option').first()).toBeVisible()
    await expect(products.locator('img').first()).toBeVisible()
    await expect(list.getByRole('group', { name: 'Categories' })).toBeVisible()

    const first = products.getByRole('option').first()
    // A product suggestion shows its name, SKU and price.
    const name = (await first.locator('.search-suggestion-product > span').first().textContent())!.trim()
    expect(name.toLowerCase()).toContain('dri')
    await expect(first).toContainText(/Item no\. \d+/)
    await expect(first).toContainText(/\$\d/)
    await box.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
    await box.press('Enter')
    await expect(page).toHaveURL(/-prd\d+$/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(list).toBeHidden()
  })

  test('Escape and leaving the field close the list; a click opens a category', async ({ page }) => {
    await page.goto('/en/home')
    const box = page.getByRole('combobox', { name: 'Search the shop' })
    await box.pressSequentially('dri')
    const list = page.getByRole('listbox', { name: 'Search suggestions' })
    const categories = list.getByRole('group', { name: 'Categories' })
    await expect(categories).toBeVisible()

    await box.press('Escape')
    await expect(list).toBeHidden()
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(box).toHaveValue('dri')
    await box.press('ArrowDown')
    await expect(categories).toBeVisible()
    await box.blur()
    await expect(list).toBeHidden()
    await box.focus()
    await expect(categories).toBeVisible()

    const option = categories.getByRole('option').first()
    const name = (await option.textContent())!.trim()
    await option.click()
    await expect(page).toHaveURL(/-ctg[^/]+$/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(list).toBeHidden()
  })

  test('"drill" suggests every kind of drill, and the kinds buyers name', async ({ page }) => {
    await page.goto('/en/home')
    await page.getByRole('combobox', { name: 'Search the shop' }).pressSequentially('drill')
    const list = page.getByRole('listbox', { name: 'Search suggestions' })
    const products = list.getByRole('group', { name: 'Products' }).getByRole('option')
    await expect(products).toHaveCount(10)
    const names = await list.locator('.search-suggestion-product > span:first-child').allTextContents()
    expect(names.some((n) => /Cordless Drill/.test(n))).toBe(true)
    expect(names.some((n) => /Hammer Drill/.test(n))).toBe(true)
    const categories = list.getByRole('group', { name: 'Categories' })
    await expect(categories.getByRole('option', { name: 'Cordless Drills' })).toBeVisible()
    await expect(categories.getByRole('option', { name: 'Hammer Drills' })).toBeVisible()
    const keywords = list.getByRole('group', { name: 'Search terms' }).getByRole('option')
    await expect(keywords).toHaveCount(5)
    await expect(keywords.filter({ hasText: / / }).first()).toBeVisible()
  })

  test('the open list does not move the page', async ({ page }) => {
    await page.goto('/en/home')
    const main = page.locator('main')
    const before = await main.boundingBox()
    await page.getByRole('combobox', { name: 'Search the shop' }).pressSequentially('dri')
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible()
    expect(await main.boundingBox()).toEqual(before)
  })
})

test('the search box submits to the search page, with or without JavaScript', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto('/en/home')
  const box = page.getByLabel('Search the shop')
  if (!javaScriptEnabled) await expect(page.getByRole('combobox')).toHaveCount(0)
  await box.fill('drill')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/en\/search\?searchTerm=drill$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('drill')
  await expect(page.locator('.product-tile').first()).toBeVisible()
})
