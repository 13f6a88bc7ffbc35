import { expect, test, type Page, type ViewportSize } from '@playwright/test'
import { fillGuestAddress, standardShipping, startCheckout } from './checkout-flow'

/**
 * Issue 32, the checkout's forms on a phone and a desktop, with JavaScript and without: the English shop's
 * guest starts in Germany; no ship-to form while "ship to the invoice address" is ticked (the server's page
 * leaves it out); "Show the regions" keeps the focus; IBAN and account holder only under direct debit.
 */
for (const { name, viewport } of [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport })

    test('the address step starts in Germany, shows the ship-to form only when asked for, and keeps the focus', async ({
      page,
      javaScriptEnabled,
    }) => {
      await checkoutAt(page, viewport)
      const invoice = page.getByRole('group', { name: 'Invoice address' })
      await expect(invoice.getByLabel('Country')).toHaveValue('DE')
      const same = page.getByLabel('Ship to the invoice address')
      await expect(same).toBeChecked()
      await expect(page.getByRole('group', { name: 'Shipping address' })).toHaveCount(0)

      // Another country with regions: the region select appears and the focus is where the shopper is.
      await invoice.getByLabel('Country').focus()
      await invoice.getByLabel('Country').selectOption({ label: 'United States' })
      if (!javaScriptEnabled)
        await invoice.getByRole('button', { name: 'Show the regions of this country' }).click()
      await expect(invoice.getByLabel('State/region')).toBeVisible()
      const focused = javaScriptEnabled ? invoice.getByLabel('Country') : invoice.getByLabel('State/region')
      await expect(focused).toBeFocused()

      // Another ship-to address: the form comes with the box unticked (posted back without JavaScript).
      await same.uncheck()
      if (!javaScriptEnabled)
        await page.getByRole('button', { name: 'Apply the shipping address choice' }).click()
      const shipping = page.getByRole('group', { name: 'Shipping address' })
      await expect(shipping.getByLabel('First name')).toBeVisible()
      await expect(shipping.getByLabel('Country')).toHaveValue('DE')
      await expect(page.getByLabel('Ship to the invoice address')).toBeFocused()
      // What was typed survives the round trip.
      await expect(invoice.getByLabel('Country')).toHaveValue('US')

      await page.getByLabel('Ship to the invoice address').check()
      if (!javaScriptEnabled)
        await page.getByRole('button', { name: 'Apply the shipping address choice' }).click()
      await expect(page.getByRole('group', { name: 'Shipping address' })).toHaveCount(0)
    })

    test('IBAN and account holder show only under direct debit', async ({ page }) => {
      await checkoutAt(page, viewport)
      await fillGuestAddress(page, `iban-${name}@example.com`)
      await page.getByRole('button', { name: 'Continue' }).click()
      await standardShipping(page)
      await expect(page).toHaveURL(/\/en\/checkout\/payment/)
      await expectNoBankFields(page)
      await page.getByRole('radio', { name: /Invoice/ }).check()
      await expectNoBankFields(page)
      await page.getByRole('radio', { name: /Direct debit/ }).check()
      await expect(page.getByLabel('IBAN *')).toBeVisible()
      await expect(page.getByLabel('Account holder *')).toBeVisible()
      await page.getByRole('radio', { name: /Credit card/ }).check()
      await expectNoBankFields(page)
      // Invoice needs none of them: the step goes on without them.
      await page.getByRole('radio', { name: /Invoice/ }).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page).toHaveURL(/\/en\/checkout\/review$/)
    })
  })
}

/** Into checkout through the desktop's navigation, then on at the test's size. */
async function checkoutAt(page: Page, viewport: ViewportSize) {
  await page.setViewportSize({ width: 1280, height: 900 })
  await startCheckout(page)
  await page.setViewportSize(viewport)
}

async function expectNoBankFields(page: Page) {
  await expect(page.getByLabel('IBAN *')).toBeHidden()
  await expect(page.getByLabel('Account holder *')).toBeHidden()
}
