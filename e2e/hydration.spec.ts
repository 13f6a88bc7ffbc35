import { expect, test, type Page } from '@playwright/test'
import { startCheckout } from './checkout-flow'

// A shopper on a slow phone uses the page before its JavaScript has run (issue 19): what they chose then is
// neither lost nor left unapplied when it runs. The page's scripts are held back until the choice is made.
// Without JavaScript these controls work by their buttons (listing and checkout specs).

/** Holds the page's scripts back; the returned function lets them through. */
async function holdScripts(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

async function openCategory(page: Page) {
  await page.goto('/en/home')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.locator('summary').first().click()
  await nav.locator('details[open] .flyout .nav-level-2 a').first().click()
  await expect(page).toHaveURL(/-ctg[^/]+$/)
  return page.url()
}

test('a sorting chosen before the JavaScript ran is kept and applied when it runs @js-only', async ({
  page,
}) => {
  const category = await openCategory(page)
  const release = await holdScripts(page)
  await page.goto(category, { waitUntil: 'domcontentloaded' })
  const sorting = page.getByLabel('Sort by')
  await sorting.selectOption({ label: 'Name: Z to A' })
  release()
  await expect(page).toHaveURL(/sorting=name-desc/)
  await expect(sorting).toHaveValue('name-desc')
  const names = await page.locator('.product-tile h3').allTextContents()
  expect(names.length).toBeGreaterThan(1)
  const sorted = [...names].sort((a, b) => b.localeCompare(a, 'en'))
  expect(names).toEqual(sorted)
})

test('a country chosen before the JavaScript ran keeps its regions when it runs @js-only', async ({
  page,
}) => {
  await startCheckout(page)
  const release = await holdScripts(page)
  await page.reload({ waitUntil: 'domcontentloaded' })
  const invoice = page.getByRole('group', { name: 'Invoice address' })
  await invoice.getByLabel('Country').selectOption({ label: 'United States' })
  release()
  // Hydrated: the post-back button for regions is gone, the region select of the chosen country is there.
  await expect(invoice.getByRole('button', { name: 'Show the regions of this country' })).toHaveCount(0)
  await expect(invoice.getByLabel('Country')).toHaveValue('US')
  await expect(invoice.getByLabel('State/region')).toBeVisible()
  await expect(invoice.getByLabel('State/region').getByRole('option', { name: 'California' })).toHaveCount(1)
})
