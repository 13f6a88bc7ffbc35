import { expect, test } from '@playwright/test'
import {
  expectReceipt,
  guestAddress,
  pay,
  placeOrder,
  standardShipping,
  startCheckout,
} from './checkout-flow'

test('credit card through the hosted payment page: cancel returns to payment, pay completes', async ({
  page,
}) => {
  await startCheckout(page)
  await guestAddress(page, 'card@example.com')
  await standardShipping(page)
  await pay(page, /Credit card/)
  await placeOrder(page)

  // The provider's page: cancel sends the shopper back to the payment step with a message.
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/payment\?error=true$/)
  await expect(page.getByRole('status')).toContainText('The payment was cancelled.')

  await pay(page, /Credit card/)
  await placeOrder(page)
  await page.getByLabel(/card number/i).fill('4111 1111 1111 1111')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expectReceipt(page)
  await expect(page.getByText('Credit card', { exact: true })).toBeVisible()
})

test('a wallet is authorised on the provider’s page before review', async ({ page }) => {
  await startCheckout(page)
  await guestAddress(page, 'wallet@example.com')
  await standardShipping(page)
  await pay(page, /IronPay wallet/)
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/review$/)
  await expect(page.getByTestId('review-payment')).toHaveText('IronPay wallet')
  await placeOrder(page)
  await expectReceipt(page)
})
