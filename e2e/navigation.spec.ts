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
