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

test('the maintenance route answers 503 while the commerce API cannot be reached', async ({ page }) => {
  const response = await page.goto(`${UNREACHABLE_ICM_SHOP}/en/maintenance`)
  expect(response?.status()).toBe(503)
  await expect(page.getByRole('heading', { level: 1, name: "We'll be right back" })).toBeVisible()
})

test('a guard’s error page answers 404 in the page language, unindexed, with a way home', async ({
  page,
}) => {
  const response = await page.goto('/de/error?error=missing-permission&value=APP_B2B_MANAGE_USERS')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Zugriff verweigert')
  await expect(page.getByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await page.getByRole('link', { name: 'Zurück zur Startseite' }).click()
  await expect(page).toHaveURL(/\/de\/home$/)
})

test('a switched-off feature and a bare /error are error pages, never 200 and never 5xx', async ({
  page,
}) => {
  const feature = await page.goto('/en/error?error=feature-deactivated&value=costCenters')
  expect(feature?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Function not available' })).toBeVisible()
  const general = await page.goto('/en/error')
  expect(general?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
})
