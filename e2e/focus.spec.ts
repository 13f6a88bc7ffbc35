import { expect, test, type Page } from '@playwright/test'
import { generateCatalog } from '../commerce-api/db/seed/generate'
import { mandatoryDemo } from '../commerce-api/db/seed/mandatory-links'
import { productExtras } from '../commerce-api/db/seed/product-extras'
import { fillGuestAddress, startCheckout } from './checkout-flow'
import { expectAccessible } from './helpers'

// Focus where the shopper is (issue 19): after a failed submission, after a basket change, after a client-side
// navigation, and when a flyout is left with Escape.

const jsOn = () => test.info().project.name === 'js-on'

/** Three products any quantity of which a basket line takes at once (the e2e shop's 1500 seeded products). */
function plainProducts(count: number) {
  const catalog = generateCatalog({ productCount: 1500 })
  const demo = mandatoryDemo(catalog, productExtras(catalog))
  const linked = new Set((demo?.links ?? []).flatMap((link) => [link.sku, link.targetSku]))
  const stock = new Map(catalog.inventories.map((i) => [i.sku, i.stock]))
  return catalog.products
    .filter(
      (p) =>
        p.kind === 'product' &&
        p.minOrderQuantity === 1 &&
        p.stepQuantity === 1 &&
        p.maxOrderQuantity === null &&
        (stock.get(p.sku) ?? 0) >= 20 &&
        !linked.has(p.sku),
    )
    .slice(0, count)
    .map((p) => p.sku)
}

test('a failed submission shows a summary that takes focus and links each error to its field', async ({
  page,
}) => {
  await startCheckout(page)
  // An address the browser's own check lets through but the shop does not: the e-mail has no domain ending.
  await fillGuestAddress(page, 'grace@example')
  await page.getByRole('button', { name: 'Continue' }).click()

  const summary = page.getByRole('alert', { name: 'Please check your entries' })
  await expect(summary).toBeFocused()
  // It is the first thing of the form, above the fields.
  const summaryBox = (await summary.boundingBox())!
  const emailBox = (await page.getByLabel('E-mail').boundingBox())!
  expect(summaryBox.y).toBeLessThan(emailBox.y)
  const link = summary.getByRole('link', { name: /^E-mail: / })
  await expect(link).toBeVisible()
  await expectAccessible(page)
  await link.click()
  await expect(page.getByLabel('E-mail')).toBeFocused()
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
})

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('a basket change leaves the shopper at the changed line, a deletion at the line after it', async ({
    page,
  }) => {
    const skus = plainProducts(3)
    await page.goto(`/en/basket?addItems=${skus.map((sku) => `${sku}|1`).join(';')}`)
    const lines = page.getByTestId('basket-line')
    await expect(lines).toHaveCount(3)
    const last = lines.nth(2)
    const lastId = await last.getAttribute('id')
    await last.getByRole('spinbutton').fill('3')
    await last.getByRole('button', { name: 'Update' }).click()
    await expect(page).toHaveURL(new RegExp(`/en/basket#${lastId}$`))
    await expect(last.getByRole('spinbutton')).toHaveValue('3')
    // The page did not jump to its top: the changed line is on the screen.
    await expect(last).toBeInViewport()
    if (jsOn()) await expect(last).toBeFocused()

    const middleId = await lines.nth(1).getAttribute('id')
    await lines
      .nth(1)
      .getByRole('button', { name: /^Remove/ })
      .click()
    await expect(lines).toHaveCount(2)
    await expect(page).toHaveURL(new RegExp(`/en/basket#${lastId}$`))
    expect(middleId).not.toBe(lastId)
    await expect(page.locator(`#${lastId}`)).toBeInViewport()
  })

  test('the checkout’s order summary is a closed drawer above the form that says items and total', async ({
    page,
  }) => {
    // The way into the checkout (startCheckout) is the desktop's; the step is then looked at on a phone.
    await page.setViewportSize({ width: 1280, height: 900 })
    await startCheckout(page)
    await page.setViewportSize({ width: 360, height: 740 })
    const drawer = page.locator('.checkout-summary-drawer')
    const toggle = drawer.locator('summary')
    await expect(toggle).toHaveText(/^Order summary: 1 item, total /)
    await expect(page.getByRole('heading', { level: 2, name: 'Order summary' })).toBeHidden()
    const toggleBox = (await toggle.boundingBox())!
    const emailBox = (await page.getByLabel('E-mail').boundingBox())!
    expect(toggleBox.y).toBeLessThan(emailBox.y)
    // The first field is on the first screen.
    await expect(page.getByLabel('E-mail')).toBeInViewport()
    await toggle.click()
    await expect(page.getByRole('heading', { level: 2, name: 'Order summary' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Edit basket' })).toBeVisible()
  })
})

test('on a desktop the checkout’s order summary is a column beside the form', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await startCheckout(page)
  const heading = page.getByRole('heading', { level: 2, name: 'Order summary' })
  await expect(heading).toBeVisible()
  await expect(page.locator('.checkout-summary-drawer summary')).toBeHidden()
  const summaryBox = (await page.locator('.checkout-summary').boundingBox())!
  const formBox = (await page.locator('.checkout-form').first().boundingBox())!
  expect(summaryBox.x).toBeGreaterThan(formBox.x + formBox.width - 1)
  expect(summaryBox.y).toBeLessThan(formBox.y + 200)
  await expect(page.locator('.checkout-summary-lines li')).toHaveCount(1)
})

async function openFirstFlyout(page: Page) {
  await page.goto('/en/home')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  const toggle = nav.locator('.nav-level-0 > li > details > summary').first()
  await toggle.click()
  await expect(nav.locator('.nav-level-0 > li > details').first()).toHaveAttribute('open', '')
  return { nav, toggle }
}

// Without JavaScript every page is a new document, which the browser announces and starts focus in.
test('client-side navigation focuses the new page’s heading and announces its title @js-only', async ({
  page,
}) => {
  const { nav } = await openFirstFlyout(page)
  const link = nav.locator('details[open] .flyout .nav-level-2 a').first()
  const name = (await link.textContent())!.trim()
  await link.click()
  await expect(page).toHaveURL(/-ctg[^/]+$/)
  const heading = page.getByRole('heading', { level: 1, name })
  await expect(heading).toBeFocused()
  await expect(page.getByTestId('route-announcer')).toHaveText(await page.title())
})

// Without JavaScript a flyout closes by its toggle, as any details element does (navigation.spec.ts).
test('Escape closes an open flyout and gives focus back to its toggle @js-only', async ({ page }) => {
  const { nav, toggle } = await openFirstFlyout(page)
  await nav.locator('details[open] .flyout a').first().focus()
  await page.keyboard.press('Escape')
  await expect(nav.locator('.nav-level-0 > li > details[open]')).toHaveCount(0)
  await expect(toggle).toBeFocused()
})
