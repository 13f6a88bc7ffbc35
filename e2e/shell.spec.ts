import { expect, test } from '@playwright/test'
import { FEATURES_OFF_SHOP } from '../playwright.config'
import { expectAccessible, expectFitsWidth, textsOf, type Lang } from './helpers'

/** The shop with feature stickyHeader (playwright.config.ts: the shop on PORT + 3). */
const STICKY_SHOP = FEATURES_OFF_SHOP

for (const lang of ['en', 'de'] as Lang[]) {
  test(`the loading page and the back-to-top link (${lang})`, async ({ page }) => {
    const t = await textsOf(lang)
    const response = await page.goto(`/${lang}/loading`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: t('loading.title') })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(page.getByRole('link', { name: t('loading.continue') })).toHaveAttribute(
      'href',
      `/${lang}/home`,
    )
    await expectAccessible(page)

    // The back-to-top link goes to the top of the page.
    await expect(page.locator('a.back-to-top')).toHaveAttribute('href', '#top')
  })

  test(`category top and bottom content from the view contexts (${lang})`, async ({ page }) => {
    await page.goto(`/${lang}/category/Power-Tools`)
    const top = page.locator('.category-content-top')
    await expect(top.getByRole('heading', { level: 2 })).toHaveText(
      lang === 'en' ? 'Cordless in every class' : 'Akku in jeder Klasse',
    )
    await top.getByRole('link').nth(1).click()
    await expect(page).toHaveURL(new RegExp(`/${lang}/.*-ctgPower-Tools\\.Drilling-And-Screwdriving`))
    await page.goBack()
    await expect(page.locator('.category-content-bottom a[href$="/quick-order"]')).toBeVisible()
    await expectAccessible(page)
  })
}

test('back to top by keyboard from the end of the page, with and without JavaScript', async ({ page }) => {
  await page.goto('/en/category/Power-Tools')
  const link = page.getByRole('link', { name: 'Back to top' })
  // To the end at once: Chromium animates a scroll by the End key, and under load that animation could
  // still be going on after Enter below and take the page back down.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await link.focus()
  // Without JavaScript a plain link at the page's end; with JavaScript it shows while it has the focus.
  await expect(link).toBeVisible()
  await expect(link).toHaveAttribute('href', '#top')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('back to top appears when scrolling up and moves the focus to the top @js-only', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 })
  await page.goto('/en/category/Power-Tools')
  const button = page.locator('a.back-to-top[data-enhanced]')
  await expect(button).toBeAttached()
  // Hidden at once, without a fade: fading out at hydration, its white text on a half-transparent button
  // had too little contrast for a moment (axe caught it).
  const fade = () => button.evaluate((element) => getComputedStyle(element).transitionDuration)
  expect(await fade()).toBe('0s')
  await page.evaluate(() => window.scrollTo(0, 1200))
  // The button reads the position once per animation frame: two frames later it has seen the scroll down
  // (both scrolls within one frame, as under load, would read as one scroll down to 1100).
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  )
  await expect(button).not.toHaveClass(/is-shown/)
  await page.evaluate(() => window.scrollTo(0, 1100))
  await expect(button).toHaveClass(/is-shown/)
  // It fades in.
  expect(await fade()).toBe('0.2s, 0.2s')
  await button.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page.locator('.skip-link')).toBeFocused()
  await expectFitsWidth(page, 360)
})

test('the sticky header from 170 px with its search toggle @js-only', async ({ page }) => {
  await page.goto(`${STICKY_SHOP}/en/category/Power-Tools`)
  const header = page.locator('header.site-header')
  await page.evaluate(() => window.scrollTo(0, 100))
  await expect(header).not.toHaveClass(/is-sticky/)
  const before = await page
    .locator('main')
    .evaluate((main) => main.getBoundingClientRect().top + window.scrollY)
  await page.evaluate(() => window.scrollTo(0, 400))
  await expect(header).toHaveClass(/is-sticky/)
  // Nothing below the header moved.
  expect(
    await page.locator('main').evaluate((main) => main.getBoundingClientRect().top + window.scrollY),
  ).toBeCloseTo(before, 0)
  const toggle = page.locator('button[aria-controls="header-search-box"]')
  await toggle.click()
  const search = page.getByRole('combobox').or(page.getByRole('searchbox')).first()
  await search.fill('drill')
  await toggle.click()
  await toggle.click()
  await expect(search).toHaveValue('')
  await expectAccessible(page)
})
