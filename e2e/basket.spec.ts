import { expect, test, type Page } from '@playwright/test'
import { openOrderableProduct, parseMoney } from './helpers'

/** Puts one orderable product into a fresh basket and opens the basket page. */
async function basketWithOneLine(page: Page) {
  const name = await openOrderableProduct(page)
  await page.getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')
  await page.getByTestId('mini-basket').click()
  await expect(page).toHaveURL(/\/en\/basket$/)
  const line = page.getByTestId('basket-line')
  await expect(line).toHaveCount(1)
  return { name, line }
}

const totalOf = async (page: Page) => parseMoney((await page.getByTestId('basket-total').textContent())!)

test('change the quantity of a line, then remove it', async ({ page }) => {
  const { name, line } = await basketWithOneLine(page)
  const single = await totalOf(page)

  await line.getByRole('spinbutton', { name: `Quantity of ${name}` }).fill('3')
  await line.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByRole('status')).toContainText('The quantity has been updated.')
  await expect(line.getByRole('spinbutton')).toHaveValue('3')
  expect(await totalOf(page)).toBeCloseTo(single * 3, 1)
  await expect(page.getByTestId('mini-basket')).toContainText('3 items')

  // The input offers no more than a line may hold (the server checks again).
  await expect(line.getByRole('spinbutton')).toHaveAttribute('max', '100')

  await line.getByRole('button', { name: `Remove ${name}` }).click()
  await expect(page.getByRole('status')).toContainText('The product has been removed from your basket.')
  await expect(page.getByText('Your basket is empty.')).toBeVisible()
})

test('before checkout the basket says what shipping costs and how much more ships free', async ({ page }) => {
  const { name, line } = await basketWithOneLine(page)
  // No address yet: the cheapest method for every country, "from".
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary.getByText('Shipping from')).toBeVisible()
  await expect(page.getByTestId('basket-shipping')).toContainText('(Standard delivery)')
  await expect(page.getByTestId('free-shipping')).toHaveText(
    /^(Only .+ more to free shipping \(Standard delivery, free from .+\)\.|Free shipping with Standard delivery\.)$/,
  )
  // The total leaves out shipping that would cost something, and says so.
  const free = (await page.getByTestId('basket-shipping').textContent())!.startsWith('Free')
  await expect(page.getByText('Estimated total, without shipping')).toHaveCount(free ? 0 : 1)
  // And when it arrives with that method (issue 19): one day or a range, each a <time> of the server's day.
  const delivery = summary.getByTestId('delivery-date')
  await expect(delivery).toHaveText(
    /^Delivered (by \S+ \S+ \d+|between \S+ \S+ \d+ and \S+ \S+ \d+) with Standard delivery$/,
  )
  const today = new Date().toISOString().slice(0, 10)
  for (const day of await delivery.locator('time').all())
    expect((await day.getAttribute('datetime'))! >= today).toBe(true)

  // Enough of it and standard delivery is free.
  await line.getByRole('spinbutton', { name: `Quantity of ${name}` }).fill('100')
  await line.getByRole('button', { name: 'Update' }).click()
  await expect(line.getByRole('spinbutton')).toHaveValue('100')
  await expect(page.getByTestId('free-shipping')).toHaveText('Free shipping with Standard delivery.')
  await expect(page.getByTestId('basket-shipping')).toHaveText('Free (Standard delivery)')
  await expect(page.getByText('Estimated total: shipping and tax are calculated at checkout.')).toBeVisible()
})

test('a promotion code takes its discount off the total; an invalid one is refused', async ({ page }) => {
  await basketWithOneLine(page)
  const before = await totalOf(page)

  const code = page.getByLabel('Enter a promotion code')
  await code.fill('NOT-A-CODE')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('alert')).toContainText('This promotion code is not valid.')
  expect(await totalOf(page)).toBeCloseTo(before, 2)

  await code.fill('welcome10')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('status')).toContainText('The promotion code WELCOME10 has been applied.')
  await expect(page.getByTestId('promotion-code')).toHaveText('WELCOME10')
  const rebate = parseMoney((await page.getByTestId('basket-rebate').textContent())!)
  expect(rebate).toBeCloseTo(before * 0.1, 1)
  expect(await totalOf(page)).toBeCloseTo(before - rebate, 2)

  await page.getByRole('button', { name: 'Remove code WELCOME10' }).click()
  await expect(page.getByRole('status')).toContainText('The promotion code WELCOME10 has been removed.')
  await expect(page.getByTestId('promotion-code')).toHaveCount(0)
  expect(await totalOf(page)).toBeCloseTo(before, 2)
})

test('order reference, message to the merchant and a desired delivery date are kept', async ({ page }) => {
  const { line } = await basketWithOneLine(page)
  await page.getByLabel('Your order reference').fill('PO-2026-17')
  await page.getByLabel('Message to the merchant').fill('Please deliver to gate 3.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('Your order details have been saved.')
  await page.reload()
  await expect(page.getByLabel('Your order reference')).toHaveValue('PO-2026-17')
  await expect(page.getByLabel('Message to the merchant')).toHaveValue('Please deliver to gate 3.')

  // The first weekday at least a week ahead: inside the channel's delivery window.
  const day = new Date()
  day.setUTCDate(day.getUTCDate() + 7)
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1)
  const date = day.toISOString().slice(0, 10)
  await line.getByLabel('Desired delivery date').fill(date)
  await line.getByRole('button', { name: 'Save date' }).click()
  await expect(page.getByRole('status')).toContainText('The desired delivery date has been saved.')
  await expect(line.getByLabel('Desired delivery date')).toHaveValue(date)
})
