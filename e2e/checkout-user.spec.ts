import { expect, test } from '@playwright/test'
import { expectReceipt, login, pay, placeOrder, standardShipping, startCheckout } from './checkout-flow'

// Each project has its own customer, so that parallel runs do not share a basket.
const customer = (project: string) =>
  project === 'js-on' ? { login: 'patricia@ironbridge.test' } : { login: 'pierre@ironbridge.test' }

test('a logged-in customer checks out with a saved address', async ({ page }, testInfo) => {
  const { login: user } = customer(testInfo.project.name)
  await login(page, user)
  await startCheckout(page)
  const invoice = page.getByRole('group', { name: 'Invoice address' })
  const saved = invoice.getByRole('radio')
  await expect(saved.first()).toBeVisible()
  await saved.first().check()
  const chosen = (await saved.first().locator('xpath=..').textContent())!.trim()
  await page.getByRole('group', { name: 'Shipping address' }).getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await standardShipping(page)
  await pay(page, /Invoice/)
  const street = chosen.split(', ').find((part) => /\d/.test(part) && !/^\d{4,5}/.test(part))!
  await expect(page.getByText(street).first()).toBeVisible()
  await placeOrder(page)
  await expectReceipt(page)
  await expect(page.getByText(street).first()).toBeVisible()
})
