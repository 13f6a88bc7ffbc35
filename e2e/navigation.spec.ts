import { expect, test, type Page } from '@playwright/test'

/** Spec §9 breakpoints: mobile under 768 px, tablet under 992 px, desktop otherwise. */
const DEVICES = [
  { device: 'mobile', width: 375 },
  { device: 'tablet', width: 800 },
  { device: 'desktop', width: 1280 },
] as const

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })

for (const { device, width } of DEVICES) {
  test(`${device} (${width} px): the menu opens and leads to a category`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/en/home')
    const nav = mainNavigation(page)
    const menuToggle = page.locator('summary', { hasText: /^Menu$/ })
    if (device === 'mobile') {
      // Collapsed behind the toggle; nothing sticks out sideways.
      await expect(nav).toBeHidden()
      await menuToggle.click()
    } else {
      await expect(menuToggle).toBeHidden()
    }
    await expect(nav).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

    const topLevel = nav.locator('.nav-level-0 > li > details > summary')
    await topLevel.first().click()
    const flyout = nav.locator('details[open] > .flyout')
    await expect(flyout).toBeVisible()
    const box = (await flyout.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(width)

    const target = flyout.locator('.nav-level-2 a').first()
    const name = (await target.textContent())!.trim()
    await target.click()
    await expect(page).toHaveURL(/-ctg[^/]+$/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    if (device === 'mobile') await expect(nav).toBeHidden()
  })
}

test('desktop: opening a flyout closes the open one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/en/home')
  const topLevel = mainNavigation(page).locator('.nav-level-0 > li > details')
  await topLevel.nth(0).locator('summary').click()
  await expect(topLevel.nth(0)).toHaveAttribute('open', '')
  await topLevel.nth(1).locator('summary').click()
  await expect(topLevel.nth(1)).toHaveAttribute('open', '')
  await expect(topLevel.nth(0)).not.toHaveAttribute('open', '')
  await expect(mainNavigation(page).locator('details[open] > .flyout')).toHaveCount(1)
})

// Without JavaScript the device is unknown: one flyout at a time (covered above), so js-on only.
test(
  'mobile with JavaScript: categories open as an accordion, several at once',
  { tag: '@js-only' },
  async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/en/home')
    await page.locator('summary', { hasText: /^Menu$/ }).click()
    const topLevel = mainNavigation(page).locator('.nav-level-0 > li > details')
    await topLevel.nth(0).locator('summary').click()
    await topLevel.nth(1).locator('summary').click()
    await expect(topLevel.nth(0)).toHaveAttribute('open', '')
    await expect(topLevel.nth(1)).toHaveAttribute('open', '')
  },
)

/** The names of the main navigation's top categories, in any language. */
const topCategories = (page: Page) =>
  page.locator('nav.main-nav .nav-level-0 > li > details > summary').allTextContents()

// The page's data names the list by key; the browser keeps the server's list and fetches another only for a
// page naming another (ADR 0055). Without JavaScript every page is a document with its own list.
test(
  'with JavaScript the list stays through pages and an error page, and a page in another language brings its own',
  { tag: '@js-only' },
  async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/de/home')
    const german = await topCategories(page)
    await page.goto('/en/home')
    await expect(page.locator('.footer-legal a')).toHaveAttribute('data-enhanced', '')
    const english = await topCategories(page)
    expect(english.length).toBeGreaterThan(1)
    expect(english).not.toEqual(german)
    const fetched: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/main-navigation')) fetched.push(request.url())
    })
    const navigate = (to: string) => page.evaluate((path) => (window as any).__remixRouter.navigate(path), to)

    // A category page, by the flyout's link, with JavaScript.
    await mainNavigation(page).locator('.nav-level-0 > li > details > summary').first().click()
    const title = mainNavigation(page).locator('details[open] .flyout-title')
    const category = (await title.textContent())!.trim()
    await title.click()
    await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible()
    expect(await topCategories(page)).toEqual(english)

    // An error page made in the browser has the same header, with the list.
    await navigate('/en/nothing-here-ctgNo.Such.Category')
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    expect(await topCategories(page)).toEqual(english)
    expect(fetched).toEqual([])

    // A page in another language names the other list: it is fetched once and works as the server's.
    await navigate('/de/home')
    await expect.poll(() => topCategories(page)).toEqual(german)
    expect(fetched).toHaveLength(1)
    // (The header's own texts stay in the document's language: the language switch reloads the document.)
    const germanNavigation = page.locator('nav.main-nav')
    await germanNavigation.locator('.nav-level-0 > li > details > summary').first().click()
    await expect(germanNavigation.locator('details[open] > .flyout')).toBeVisible()
  },
)
