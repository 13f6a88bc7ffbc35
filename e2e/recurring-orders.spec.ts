import { expect, test, type Page } from '@playwright/test'
import { newBuyer, newBuyerAtReview, readyBasketThroughApi, submitThroughApi } from './business-buyers'
import { login } from './checkout-flow'
import { API_ORIGIN, expectAccessible, expectFitsWidth, LANGUAGES, REST, textsOf } from './helpers'

/**
 * Recurring orders (issue 18; spec commerce-and-checkout §3, §4; ADR 0020), with JavaScript on and off: a buyer
 * chooses "Order regularly" on the review step and sets up a recurring order; the scheduler of the commerce API
 * places its first order when its day comes (the test runs the scheduler's job as of that day through the
 * API's test route, SCHEDULER_TEST_RUNS=on in playwright.config.ts); the buyer finds the order in the recurring
 * order and in the order history, switches the recurring order off and deletes it after confirming. Each test
 * makes its own buyer (no order limit: nothing needs approval).
 */

/** A day `days` from today (UTC), yyyy-mm-dd: the shop's and the scheduler's calendar. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** The shop's way of writing a day (app/components/order/OrderStatus.tsx formatDate). */
const dateText = (day: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day))

/** A recurring order of the buyer's set up through the API (every week from `start`): its id and number. */
async function recurringOrderThroughApi(page: Page, login: string, start: string) {
  const ready = await readyBasketThroughApi(page, login)
  const set = await page.request.patch(`${REST}/baskets/${ready.basket}`, {
    headers: ready.headers,
    data: { recurrence: { interval: 'P1W', startDate: start } },
  })
  expect(set.status()).toBe(200)
  const answer = await submitThroughApi(page, ready)
  expect(answer.orderCreation).toMatchObject({ stopAction: { exitReason: 'recurring.order' } })
  return { id: answer.recurringOrderID as string, number: answer.documentNumber as string }
}

/**
 * Runs the commerce API's scheduler as of 06:00 UTC on `day` for one recurring order (the tests of the other
 * project run at the same time, theirs must stay theirs): what it placed.
 */
async function runSchedulerOn(page: Page, day: string, id: string) {
  const answer = await page.request.post(`${API_ORIGIN}/scheduler/recurring-orders/runs`, {
    data: { at: `${day}T06:00:00Z`, recurringOrderIds: [id] },
  })
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { outcomes: { recurringOrderId: string; outcome: string }[] }).outcomes
}

test('a buyer sets up a recurring order at checkout; the scheduler places its first order on its day; the buyer switches it off and deletes it', async ({
  page,
}) => {
  // The whole checkout, the scheduler's runs and the account's pages: more than the usual time.
  test.slow()
  await newBuyerAtReview(page, { prefix: 'rec' })

  // Order regularly: every 2 weeks from tomorrow, 3 times.
  const start = dayFromToday(1)
  const form = page.getByRole('region', { name: 'Order regularly' })
  await form.getByRole('radio', { name: 'Order regularly' }).check()
  await form.getByRole('spinbutton', { name: 'Every' }).fill('2')
  await form.getByLabel('Unit').selectOption('week')
  await form.getByLabel('First order on').fill(start)
  await form.getByRole('radio', { name: 'After a number of orders' }).check()
  await form.getByRole('spinbutton', { name: 'Number of orders' }).fill('3')
  await form.getByRole('button', { name: 'Save schedule' }).click()
  await expect(page.getByText('Your order will be placed regularly.')).toBeVisible()
  await expect(page.getByTestId('recurrence-summary')).toContainText('every 2 weeks')
  await expect(page.getByTestId('recurrence-summary')).toContainText('3 times')
  await expectAccessible(page)

  await page.getByLabel('I accept the terms and conditions.').check()
  await page.getByRole('button', { name: 'Set up recurring order' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/receipt\?recurringOrderId=/)
  const id = new URL(page.url()).searchParams.get('recurringOrderId')!
  const heading = page.getByRole('heading', { level: 1, name: /^Recurring order \d+ set up$/ })
  await expect(heading).toBeVisible()
  const number = (await heading.textContent())!.replace(/\D/g, '')
  await expect(page.getByTestId('recurring-next')).toBeVisible()
  await expectAccessible(page)

  // Nothing is ordered before its day.
  await page.getByRole('link', { name: 'View recurring order' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Recurring order ${number}` })).toBeVisible()
  await expect(page.getByTestId('recurring-count')).toHaveText('0')
  await expect(page.getByTestId('recurring-status')).toHaveText('Active')
  expect(await runSchedulerOn(page, dayFromToday(0), id)).toEqual([])

  // Its day: the scheduler places the first order, once.
  expect(await runSchedulerOn(page, start, id)).toEqual([
    expect.objectContaining({ recurringOrderId: id, outcome: 'order', scheduledFor: start }),
  ])
  expect(await runSchedulerOn(page, start, id)).toEqual([])
  await page.reload()
  await expect(page.getByTestId('recurring-count')).toHaveText('1')
  await expect(page.getByTestId('recurring-next')).toHaveText(dateText(dayFromToday(15), 'en-US'))
  const last = page.getByTestId('last-order')
  await expect(last).toHaveCount(1)
  const order = (await last.getByRole('link').textContent())!.replace(/\D/g, '')
  await expectAccessible(page)

  // The order is in the buyer's history.
  await page.goto('/en/account/orders')
  await expect(page.getByTestId('order-row').filter({ hasText: order })).toBeVisible()

  // Switched off from the list, then deleted after confirming.
  await page.goto('/en/account/recurring-orders')
  const row = page.getByTestId('recurring-order-row').filter({ hasText: number })
  await expect(row).toContainText('Active')
  await expectAccessible(page)
  await row.getByRole('button', { name: `Switch off recurring order ${number}` }).click()
  await expect(page.getByText(`Recurring order ${number} is switched off.`)).toBeVisible()
  await expect(row).toContainText('Inactive')
  // Switched off, its next day places nothing.
  expect(await runSchedulerOn(page, dayFromToday(15), id)).toEqual([])
  await row.getByRole('link', { name: `View recurring order ${number}` }).click()
  await page.getByRole('link', { name: 'Delete' }).click()
  const confirmation = page.getByRole('alertdialog', { name: `Delete recurring order ${number}?` })
  await expect(confirmation).toBeVisible()
  await expectAccessible(page)
  await confirmation.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page).toHaveURL(/\/en\/account\/recurring-orders$/)
  await expect(page.getByText('The recurring order has been deleted.')).toBeVisible()
  await expect(page.getByTestId('recurring-order-row').filter({ hasText: number })).toHaveCount(0)
  // The order it placed stays.
  await page.goto('/en/account/orders')
  await expect(page.getByTestId('order-row').filter({ hasText: order })).toBeVisible()
})

test('a buyer who chooses "Order regularly" and places the order without saving the schedule gets the recurring order (issue 32)', async ({
  page,
}) => {
  test.slow()
  await newBuyerAtReview(page, { prefix: 'rec-unsaved' })
  const form = page.getByRole('region', { name: 'Order regularly' })
  await form.getByRole('radio', { name: 'Order regularly' }).check()
  await form.getByRole('spinbutton', { name: 'Every' }).fill('1')
  await form.getByLabel('Unit').selectOption('month')
  // A day in the past first: refused at its field, nothing ordered, the choice kept.
  await form.getByLabel('First order on').fill('2020-01-01')
  await page.getByLabel('I accept the terms and conditions.').check()
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/review/)
  await expect(page.getByLabel('First order on')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByRole('radio', { name: 'Order regularly' })).toBeChecked()
  await expectAccessible(page)
  // Tomorrow: the form as shown is what is ordered, without "Save schedule".
  await page.getByLabel('First order on').fill(dayFromToday(1))
  if (!(await page.getByLabel('I accept the terms and conditions.').isChecked()))
    await page.getByLabel('I accept the terms and conditions.').check()
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/receipt\?recurringOrderId=/)
  await expect(page.getByRole('heading', { level: 1, name: /^Recurring order \d+ set up$/ })).toBeVisible()
  await expect(page.getByTestId('recurring-next')).toHaveText(
    `Next order: ${dateText(dayFromToday(1), 'en-US')}`,
  )
})

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the recurring orders and one of them fit a phone, in every language', async ({ page }) => {
    // Two pages in each of five languages, with the accessibility check on each.
    test.slow()
    const buyer = await newBuyer(page, { prefix: 'rec' })
    const start = dayFromToday(3)
    const { id, number } = await recurringOrderThroughApi(page, buyer.login, start)
    await login(page, buyer.login)
    // Drawn on the server: without JavaScript two languages show the same pages.
    for (const [lang, file] of test.info().project.name === 'js-on' ? LANGUAGES : LANGUAGES.slice(1, 3)) {
      const t = await textsOf(lang)
      const tag = file.replace('_', '-')
      await page.goto(`/${lang}/account/recurring-orders`)
      await expect(
        page.getByRole('heading', { level: 1, name: t('account.recurring_orders.title') }),
      ).toBeVisible()
      const row = page.getByTestId('recurring-order-row').filter({ hasText: number })
      await expect(row).toContainText(t('account.recurring_orders.status.active'))
      await expect(row).toContainText(dateText(start, tag))
      await expectFitsWidth(page, 360)
      await expectAccessible(page)
      await row.getByRole('link', { name: t('account.recurring_orders.view', { number }) }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/account/recurring-orders/${id}$`))
      await expect(
        page.getByRole('heading', { level: 1, name: t('account.recurring_orders.detail.title', { number }) }),
      ).toBeVisible()
      await expect(page.getByTestId('recurring-schedule')).toContainText(
        t('account.recurring_orders.frequency.week_one'),
      )
      await expect(page.getByTestId('recurring-next')).toHaveText(dateText(start, tag))
      await expectFitsWidth(page, 360)
      await expectAccessible(page)
    }
    // Switched off and on again in the last language, by keyboard.
    const t = await textsOf(test.info().project.name === 'js-on' ? 'ro' : 'fr')
    const off = page.getByRole('button', { name: t('account.recurring_orders.deactivate_of', { number }) })
    await off.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText(t('account.recurring_orders.deactivated.message', { number }))).toBeVisible()
    await expect(page.getByTestId('recurring-status')).toHaveText(
      t('account.recurring_orders.status.inactive'),
    )
    await page.getByRole('button', { name: t('account.recurring_orders.activate_of', { number }) }).click()
    await expect(page.getByText(t('account.recurring_orders.activated.message', { number }))).toBeVisible()
    await expect(page.getByTestId('recurring-status')).toHaveText(t('account.recurring_orders.status.active'))
  })
})
