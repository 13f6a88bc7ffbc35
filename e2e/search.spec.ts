import { expect, test, type Page } from '@playwright/test'

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4200}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD`

/** The leaf category listing reached through the main navigation (the first one has products). */
async function openFirstListing(page: Page) {
  await page.goto('/en/home')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.locator('summary').first().click()
  await nav.locator('details[open] .flyout .nav-level-2 a').first().click()
  await expect(page.locator('.product-tile').first()).toBeVisible()
}

const resultCount = async (page: Page) =>
  Number((await page.locator('#listing-title').textContent())!.replace(/\D/g, ''))

test('filter a category by two facets, sort, page and open a product from the results', async ({
  page,
  javaScriptEnabled,
}) => {
  await openFirstListing(page)
  const unfiltered = await resultCount(page)
  const facets = page.getByRole('complementary', { name: 'Filters' })

  // First facet: the brand with most products; the listing shows exactly its count.
  const brandGroup = facets
    .locator('.facet-group')
    .filter({ has: page.getByRole('heading', { name: 'Brand' }) })
  const brand = brandGroup.locator('.facet').first()
  const brandName = (await brand.locator('.facet-name').textContent())!.trim()
  const brandCount = Number((await brand.locator('.facet-count').textContent())!.replace(/\D/g, ''))
  await brand.click()
  await expect(page).toHaveURL(/filters=brand/)
  await expect(page.locator('#listing-title')).toHaveText(new RegExp(`^${brandCount} `))
  expect(brandCount).toBeLessThan(unfiltered)
  await expect(facets.getByRole('link', { name: new RegExp(`Brand: ${brandName}`) })).toBeVisible()

  // Second facet, from another group: narrows further (AND), and deep combinations are noindex.
  const otherGroup = facets.locator('.facet-group').nth(2)
  const second = otherGroup.locator('.facet:not(.selected)').first()
  const secondCount = Number((await second.locator('.facet-count').textContent())!.replace(/\D/g, ''))
  await second.click()
  await expect(page.locator('#listing-title')).toHaveText(new RegExp(`^${secondCount} `))
  await expect(facets.locator('.facet.selected')).toHaveCount(2)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  const filteredUrl = page.url()

  // Sorting keeps the filters.
  await page.getByLabel('Sort by').selectOption('name-desc')
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/sorting=name-desc/)
  await expect(facets.locator('.facet.selected')).toHaveCount(2)
  const names = await page.locator('.product-tile h3').allTextContents()
  expect(names).toEqual([...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())))

  // The back button returns to the filtered, unsorted listing.
  await page.goBack()
  await expect(page).toHaveURL(filteredUrl)

  // Remove the brand again: the listing widens.
  await facets.getByRole('link', { name: new RegExp(`Brand: ${brandName}`) }).click()
  await expect(facets.locator('.facet.selected')).toHaveCount(1)
  expect(await resultCount(page)).toBeGreaterThanOrEqual(secondCount)

  // Open a product from the results.
  const tile = page.locator('.product-tile').first()
  const productName = (await tile.getByRole('heading').textContent())!.trim()
  await tile.getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible()
})

test('"show more" reveals further facet values without JavaScript', async ({ page }) => {
  await openFirstListing(page)
  const more = page.locator('.facet-group details').first()
  await expect(more).toBeVisible()
  const hidden = more.locator('.facet').first()
  await expect(hidden).toBeHidden()
  await more.locator('summary').click()
  await expect(hidden).toBeVisible()
})

test('search ranks, filters by category and pages through 12 results a page', async ({ page }) => {
  await page.goto('/en/home')
  await page.locator('header input[name="searchTerm"]').fill('drill')
  await page.locator('header input[name="searchTerm"]').press('Enter')
  await expect(page).toHaveURL(/\/en\/search\?searchTerm=drill/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('drill')
  await expect(page.locator('.product-tile')).toHaveCount(12)
  const total = await resultCount(page)
  expect(total).toBeGreaterThan(12)
  await expect(page.locator('.product-tile h3').first()).toContainText(/drill/i)

  const category = page
    .getByRole('complementary', { name: 'Filters' })
    .locator('.facet-group')
    .filter({ has: page.getByRole('heading', { name: 'Category' }) })
    .locator('.facet')
    .first()
  const count = Number((await category.locator('.facet-count').textContent())!.replace(/\D/g, ''))
  await category.click()
  await expect(page).toHaveURL(/filters=category/)
  await expect(page).toHaveURL(/searchTerm=drill/)
  // With JavaScript the URL changes before the new results render: wait for the heading.
  await expect(page.locator('#listing-title')).toHaveText(new RegExp(`^${count} `))

  // Category facets come most hits first, and the seeded catalog has dozens of drills in the top one: the
  // filtered search always has a second page.
  expect(count).toBeGreaterThan(12)
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page).toHaveURL(/filters=category/)
  await expect(page.locator('#listing-title')).toHaveText(new RegExp(`^${count} `))
  await expect(page.locator('.product-tile')).toHaveCount(Math.min(12, count - 12))
})

test('a search with a single hit lands on the product page', async ({ page, request }) => {
  const products = await (await request.get(`${API}/products?searchTerm=drill&amount=1&attrs=sku`)).json()
  const sku = products.elements[0].attributes.find((a: { name: string }) => a.name === 'sku').value as string
  const name = products.elements[0].title as string
  await page.goto('/en/home')
  await page.locator('header input[name="searchTerm"]').fill(sku)
  await page.locator('header input[name="searchTerm"]').press('Enter')
  await expect(page).toHaveURL(new RegExp(`prd${sku}`))
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})

test('a search without hits explains what to try and offers the categories', async ({ page }) => {
  const response = await page.goto('/en/search?searchTerm=qwxzzy')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('No products match “qwxzzy”')
  await expect(page.getByText('Check the spelling of your search term.')).toBeVisible()
  await expect(page.locator('.search-empty .category-card').first()).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
})

test('/search/{term} shows the search for that term', async ({ page }) => {
  await page.goto('/en/search/drill')
  await expect(page).toHaveURL(/\/en\/search\?searchTerm=drill/)
  await expect(page.locator('.product-tile').first()).toBeVisible()
})

test('a misspelled word shows the results of the word meant, and offers the word as typed', async ({
  page,
}) => {
  await page.goto('/en/home')
  await page.getByLabel('Search the shop').fill('hamer')
  await page.getByLabel('Search the shop').press('Enter')
  await expect(page).toHaveURL(/\/en\/search\?searchTerm=hamer$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search: “hammer”')
  await expect(page.getByText('Showing results for “hammer”.')).toBeVisible()
  await expect(page.locator('.product-tile h3').first()).toContainText(/hammer/i)

  await page.getByRole('link', { name: 'Search instead for “hamer”?' }).click()
  await expect(page).toHaveURL(/searchTerm=hamer&correctSpelling=false/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('No products match “hamer”')
  await expect(page.getByText('Showing results for')).toHaveCount(0)
})

test('German: a misspelled word and a synonym find the drills', async ({ page }) => {
  await page.goto('/de/search?searchTerm=Bohrmaschiene')
  await expect(page.getByText('Ergebnisse für „Bohrmaschine“.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Stattdessen nach „Bohrmaschiene“ suchen?' })).toBeVisible()
  await page.goto('/de/search?searchTerm=Akkuschrauber')
  // The synonym's own products or a set holding one ('Schlagbohrmaschinen-Set …'): a drill either way.
  await expect(page.locator('.product-tile h3').first()).toContainText(/bohrschrauber|bohrmaschine/i)
})

test('German: "hamer" finds the claw hammers, whose name holds the word meant in a compound', async ({
  page,
}) => {
  await page.goto('/de/home')
  await page.getByLabel('Im Shop suchen').fill('hamer')
  await page.getByLabel('Im Shop suchen').press('Enter')
  await expect(page).toHaveURL(/\/de\/search\?searchTerm=hamer$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suche: „hammer“')
  await expect(page.getByText('Ergebnisse für „hammer“.')).toBeVisible()
  // "Klauenhammer" and "Vorschlaghammer": the category filter offers the claw hammers, and leads to them.
  const filters = page.getByRole('complementary', { name: 'Filter' })
  await filters.getByRole('link', { name: /Klauenhämmer/ }).click()
  await expect(page.locator('.product-tile h3').first()).toContainText('Klauenhammer')
  const names = await page.locator('.product-tile h3').allTextContents()
  expect(names.length).toBeGreaterThan(1)
  for (const name of names) expect(name).toContain('Klauenhammer')
})

test('the EAN and the manufacturer part number find the product', async ({ page, request }) => {
  const products = await (await request.get(`${API}/products?searchTerm=drill&amount=1&attrs=sku`)).json()
  const sku = products.elements[0].attributes.find((a: { name: string }) => a.name === 'sku').value as string
  const product = await (await request.get(`${API}/products/${sku}`)).json()
  const ean = product.attributes.find((a: { name: string }) => a.name === 'EAN').value as string
  const mpn = product.manufacturerSKU as string
  expect(ean).toMatch(/^\d{13}$/)

  // The EAN as printed under a barcode, with spaces: the product page.
  await page.goto('/en/home')
  await page.getByLabel('Search the shop').fill(`${ean.slice(0, 1)} ${ean.slice(1, 7)} ${ean.slice(7)}`)
  await page.getByLabel('Search the shop').press('Enter')
  await expect(page).toHaveURL(new RegExp(`prd${sku}`))
  // The product page names the EAN among the product's attributes.
  await expect(page.locator('dl.attributes dt', { hasText: /^EAN$/ })).toBeVisible()
  await expect(page.locator('dl.attributes dd', { hasText: ean })).toBeVisible()

  // The manufacturer part number, lower case and without its dash: the product first.
  await page.goto(`/en/search?searchTerm=${encodeURIComponent(mpn.toLowerCase().replace('-', ' '))}`)
  const landed = new RegExp(`prd${sku}`).test(page.url())
  if (!landed) await expect(page.locator('.product-tile h3').first()).toHaveText(product.productName)
})
