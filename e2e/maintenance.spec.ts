import { expect, test } from '@playwright/test'
import { UNREACHABLE_ICM_SHOP } from '../playwright.config'

test('an unreachable commerce API shows the maintenance page with status 503', async ({ page }) => {
  const response = await page.goto(`${UNREACHABLE_ICM_SHOP}/en/home`)
  expect(response?.status()).toBe(503)
  await expect(page.getByRole('heading', { level: 1, name: "We'll be right back" })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible()
})

test('the maintenance route redirects home while the shop is up', async ({ page }) => {
  await page.goto('/en/maintenance')
  await expect(page).toHaveURL(/\/en\/home$/)
})
