import { expect, test, type Locator } from '@playwright/test'
import { DEMO_PASSWORD, tileProduct } from './helpers'

/**
 * Issue 32, on a phone and a desktop: a refused login marks its fields invalid; the welcome comes with the
 * next page (in the flow above the header) and goes with the page after it; a message that floats covers
 * neither the control that was used nor the header, and can be closed from the keyboard.
 */
const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!]
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height
}

for (const { name, viewport } of [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport })

    test('a refused login marks both fields invalid, described by the error', async ({ page }) => {
      await page.goto('/en/login')
      await page.getByLabel('E-mail address or user name').fill(`nobody-${name}@example.com`)
      await page.getByLabel('Password').fill('not the password')
      await page.getByRole('button', { name: 'Log in' }).click()
      const summary = page.getByRole('alert').filter({ hasText: 'is incorrect' })
      await expect(summary).toBeVisible()
      const id = (await summary.getAttribute('id'))!
      for (const label of ['E-mail address or user name', 'Password']) {
        const field = page.getByLabel(label)
        await expect(field).toHaveAttribute('aria-invalid', 'true')
        await expect(field).toHaveAttribute('aria-describedby', new RegExp(`(^| )${id}($| )`))
      }
    })

    test('the welcome comes with the next page, above the header, and goes with the page after it', async ({
      page,
    }) => {
      await page.goto('/en/login')
      await page.getByLabel('E-mail address or user name').fill('nbauer')
      await page.getByLabel('Password').fill(DEMO_PASSWORD)
      await page.getByRole('button', { name: 'Log in' }).click()
      await expect(page).toHaveURL(/\/en\/home$/)
      const welcome = page.getByRole('status').filter({ hasText: 'Welcome back' })
      await expect(welcome).toHaveCount(1)
      await expect(welcome).toBeVisible()
      // Part of the page: in the flow above the header, covering nothing.
      const header = (await page.locator('header').first().boundingBox())!
      const box = (await welcome.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + 1)
      // The next page comes without it, and a reload brings it back no more.
      // On a phone the link is in the menu.
      if (name === 'phone') await page.locator('summary', { hasText: /^Menu$/ }).click()
      await page.getByRole('link', { name: 'Quick order' }).click()
      await expect(page).toHaveURL(/\/en\/quick-order$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible()
      await expect(page.getByText('Welcome back')).toHaveCount(0)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible()
      await expect(page.getByText('Welcome back')).toHaveCount(0)
    })

    test('a floating message covers neither the button used nor the header, and Escape closes it @js-only', async ({
      page,
    }) => {
      await page.goto('/en/fasteners/screws/wood-screws-ctgFasteners.Screws.Wood-Screws')
      const tile = page
        .locator('.product-tile')
        .filter({ has: page.getByRole('button', { name: /^Add to basket: .+$/ }) })
        .nth(1)
      const product = await tileProduct(tile)
      const button = tile.getByRole('button', { name: `Add to basket: ${product.name}` })
      // A click before hydration would post the form itself: the message would come with the next page.
      await expect(tile.locator('form.tile-add-to-basket')).toHaveAttribute('data-enhanced', '')
      // The button near the bottom of the screen, where a message at the bottom edge would sit.
      await button.evaluate((element) =>
        window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight + 30),
      )
      await button.click()
      const message = page
        .getByRole('status')
        .filter({ hasText: `${product.name} has been added to your basket` })
      await expect(message).toBeVisible()
      expect(await overlaps(message, button)).toBe(false)
      expect(await overlaps(message, tile.getByRole('spinbutton'))).toBe(false)
      await page.keyboard.press('Escape')
      await expect(message).toBeHidden()
    })
  })
}
