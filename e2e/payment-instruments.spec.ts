import { expect, test } from '@playwright/test'
import { newBuyer } from './business-buyers'
import { login, standardShipping, startCheckout } from './checkout-flow'
import { expectAccessible, expectFitsWidth, textsOf } from './helpers'

/**
 * Saved payment instruments (issue 33; spec commerce-and-checkout §3, §5, §7 Accounts), with JavaScript on and
 * off: a new buyer saves a bank account on the account's payment page (a wrong IBAN is refused with the
 * server's message first), makes it the preferred payment, finds it chosen in the checkout's payment step and
 * pays with it, then deletes it after the confirmation step. The page in German, and at 360 px once.
 */
test('a buyer saves a bank account, pays with it as the preferred payment, and deletes it', async ({
  page,
}) => {
  test.slow()
  const buyer = await newBuyer(page, { prefix: 'pay' })
  await login(page, buyer.login)
  const jsOn = test.info().project.use.javaScriptEnabled !== false

  await page.goto('/en/account')
  await page.getByRole('main').getByRole('link', { name: 'Payment methods' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible()
  await expect(page.getByTestId('payments-empty')).toBeVisible()

  const form = page.getByRole('group', { name: 'Direct debit' })
  await form.getByLabel('IBAN').fill('DE00')
  await form.getByLabel('Account holder').fill(buyer.name)
  await form.getByRole('button', { name: 'Save payment data' }).click()
  await expect(form.getByText('Please enter a valid IBAN.').first()).toBeVisible()
  await expectAccessible(page)

  await form.getByLabel('IBAN').fill('DE44500105175407324931')
  await form.getByRole('button', { name: 'Save payment data' }).click()
  await expect(page.getByText('Your payment data has been saved.')).toBeVisible()
  const saved = page.getByTestId('saved-payment')
  await expect(saved).toHaveCount(1)
  await expect(saved).toContainText('Direct debit')
  await expect(saved).toContainText('DE44 **** 4931')
  await expect(page.getByText('DE44500105175407324931')).toHaveCount(0)

  await saved.getByRole('button', { name: 'Make preferred: Direct debit DE44 **** 4931' }).click()
  await expect(page.getByText('Your preferred payment has been set.')).toBeVisible()
  await expect(saved.getByTestId('preferred-payment')).toHaveText('Preferred')
  if (jsOn) {
    await page.setViewportSize({ width: 360, height: 800 })
    await expectFitsWidth(page, 360)
    await page.setViewportSize({ width: 1280, height: 800 })
  } else {
    const de = await textsOf('de')
    await page.goto('/de/account/payment')
    await expect(page.getByRole('heading', { level: 1, name: de('account.payment.title') })).toBeVisible()
    await expect(page.getByTestId('preferred-payment')).toHaveText(de('account.payment.preferred'))
  }

  // The checkout's payment step chooses the preferred instrument; paying with it leads to the review.
  await startCheckout(page)
  await page.getByRole('group', { name: 'Invoice address' }).getByRole('radio').first().check()
  await page.getByRole('group', { name: 'Shipping address' }).getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await standardShipping(page)
  await expect(page).toHaveURL(/\/en\/checkout\/payment/)
  await expect(page.getByRole('radio', { name: 'Direct debit' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'DE44 **** 4931' })).toBeChecked()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/review$/)
  await expect(page.getByTestId('review-payment')).toHaveText('Direct debit (DE44 **** 4931)')

  await page.goto('/en/account/payment')
  await page.getByRole('link', { name: 'Delete Direct debit DE44 **** 4931' }).click()
  const confirmation = page.getByRole('alertdialog', { name: 'Delete payment data?' })
  await expect(confirmation).toContainText('Do you really want to delete Direct debit DE44 **** 4931?')
  await expectAccessible(page)
  await confirmation.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText('Your payment data has been deleted.')).toBeVisible()
  await expect(page.getByTestId('payments-empty')).toBeVisible()
  await expect(page.getByTestId('saved-payment')).toHaveCount(0)
})
