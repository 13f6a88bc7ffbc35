import { expect, test, type Page } from '@playwright/test'
import { toReview as toBusinessReview } from './business-buyers'
import { expectReceipt, login, ordersOfBasket, placeOrder } from './checkout-flow'

// Business users of Brightline, one per project and test, so that parallel runs never share a basket.
const users: Record<string, [string, string]> = {
  'js-on': ['bbuyer', 'aapprover'],
  'js-off': ['ccowner', 'jlink'],
}

/** The user, logged in, at the review step of a basket with one product; the basket's id. */
async function toReview(page: Page, user: string) {
  await login(page, user)
  await toBusinessReview(page)
  return (await page.locator('input[name="basketId"]').inputValue())!
}

test('a reloaded order POST and a second tab end on the same receipt with one order', async ({
  page,
  context,
}, testInfo) => {
  const user = users[testInfo.project.name]![0]
  const basketId = await toReview(page, user)
  const second = await context.newPage()
  await second.goto('/en/checkout/review')
  await second.getByLabel('I accept the terms and conditions.').check()

  await placeOrder(page)
  await expectReceipt(page)
  const receipt = page.url()

  // The other tab submits the same basket: it lands on the same receipt.
  await second.getByRole('button', { name: 'Place order' }).click()
  await expect(second).toHaveURL(receipt)

  // The browser sends the POST again (reload after submit).
  const again = await page.request.post('/en/checkout/review', {
    form: { basketId, termsAndConditions: 'on' },
    maxRedirects: 0,
  })
  expect(again.status()).toBe(303)
  expect(new URL(again.headers().location!, receipt).href).toBe(receipt)

  expect(await ordersOfBasket(page, user, basketId)).toHaveLength(1)
})

test('a double click places one order @js-only', async ({ page }, testInfo) => {
  const user = users[testInfo.project.name]![1]
  const basketId = await toReview(page, user)
  await page.getByLabel('I accept the terms and conditions.').check()
  await page.getByRole('button', { name: 'Place order' }).dblclick()
  await expectReceipt(page)
  expect(await ordersOfBasket(page, user, basketId)).toHaveLength(1)
})
