import { expect, test } from '@playwright/test'
import { FEATURES_OFF_SHOP } from '../playwright.config'
import { expectAccessible, textsOf } from './helpers'

/**
 * Spec shell §2.1's feature-gated routes and §8's guard: on the shop with every feature toggle off
 * (FEATURES and ADD_FEATURES empty), each of them is the feature-deactivated page — status 404, the error page
 * naming the feature — for a visitor, before any login is asked for; links to them are gone from the shell.
 */
const GATED: [path: string, feature: string][] = [
  ['compare', 'compare'],
  ['contact', 'contactUs'],
  ['quote-list', 'freetextQuoting'],
  ['punchout', 'punchout'],
  ['quick-order', 'quickorder'],
  ['addProductToQuoteRequest', 'quoting'],
  ['recently', 'recently'],
  ['store-finder', 'storeLocator'],
  ['configure', 'tacton'],
  ['wishlists/a1b2c3?owner=x&secureCode=y', 'wishlists'],
  ['scanner', 'scanner'],
  ['account/order-templates', 'orderTemplates'],
]

for (const lang of ['en', 'de'] as const) {
  test(`every feature-gated route is the feature-deactivated page with its feature off (${lang})`, async ({
    page,
  }) => {
    const texts = await textsOf(lang)
    for (const [path, feature] of GATED) {
      const response = await page.goto(`${FEATURES_OFF_SHOP}/${lang}/${path}`)
      expect(response?.status(), path).toBe(404)
      await expect(page, path).toHaveURL(
        new RegExp(`/${lang}/error\\?error=feature-deactivated&value=${feature}$`),
      )
      await expect(
        page.getByRole('heading', { level: 1, name: texts['error.feature_deactivated.title'] }),
      ).toBeVisible()
    }
    await expectAccessible(page)
  })
}

test('the shell offers no link to a feature that is off', async ({ page }) => {
  await page.goto(`${FEATURES_OFF_SHOP}/en/home`)
  for (const path of ['compare', 'contact', 'quick-order', 'recently', 'store-finder', 'scanner', 'scandit'])
    await expect(page.locator(`a[href^="/en/${path}"]`), path).toHaveCount(0)
})
