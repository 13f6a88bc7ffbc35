import { spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { newBuyer, readyBasketThroughApi, submitThroughApi } from './business-buyers'
import { login } from './checkout-flow'
import { BACKOFFICE_TOKEN } from '../playwright.config'
import {
  API_ORIGIN,
  apiToken,
  DEMO_PASSWORD,
  expectAccessible,
  mailLinks,
  openOrderableProduct,
} from './helpers'

const API_PORT = Number(process.env.E2E_API_PORT ?? 4200)
const API = `http://127.0.0.1:${API_PORT}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD`
const LOGIN = 'patricia@ironbridge.test'

/**
 * Places an invoice order for the demo user straight through the commerce API (the user's saved address,
 * standard shipping), as the storefront's checkout would, and returns its number.
 */
async function placeOrder(request: APIRequestContext, sku: string, quantity: number) {
  const headers = { 'authentication-token': await apiToken(request, LOGIN) }
  const created = await request.post(`${API}/baskets`, { headers })
  expect(created.status()).toBe(201)
  const basket = `${API}/baskets/${(await created.json()).data.id}`
  const added = await request.post(`${basket}/items`, {
    headers,
    data: [{ product: sku, quantity: { value: quantity } }],
  })
  expect(added.status()).toBe(201)
  const eligible = await (await request.get(`${basket}/eligible-addresses`, { headers })).json()
  const urn = eligible.data[0].urn as string
  for (const patch of [
    { invoiceToAddress: urn, commonShipToAddress: urn },
    { commonShippingMethod: 'STD_GROUND' },
  ])
    expect((await request.patch(basket, { headers, data: patch })).status()).toBe(200)
  expect(
    (
      await request.put(`${basket}/payments/open-tender`, { headers, data: { paymentInstrument: 'INVOICE' } })
    ).status(),
  ).toBe(200)
  const placed = await request.post(`${API}/orders`, {
    headers,
    data: { basket: (await created.json()).data.id, termsAndConditionsAccepted: true },
  })
  expect(placed.status()).toBe(201)
  const order = (await placed.json()).data
  expect(order.orderCreation.status).toBe('COMPLETED')
  return order.documentNumber as string
}

async function logIn(page: Page) {
  await page.getByLabel('E-mail address or user name').fill(LOGIN)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('an order placed by the user is in the account with its details and CSV export', async ({
  page,
  request,
}) => {
  const name = await openOrderableProduct(page)
  const sku = decodeURIComponent(
    /prd([^/?]+?)(?:-ctg[^/?]*)?(?:\?|$)/.exec(new URL(page.url()).pathname)![1]!,
  )
  const number = await placeOrder(request, sku, 2)
  const other = await placeOrder(request, sku, 1)

  // Login is required: the list sends the shopper to the login page and comes back after it.
  await page.goto('/en/account/orders')
  await expect(page).toHaveURL(/\/en\/login\?returnUrl=/)
  await logIn(page)
  await expect(page).toHaveURL(/\/en\/account\/orders$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'My orders' })).toBeVisible()

  const row = page.getByTestId('order-row').filter({ hasText: number })
  await expect(row).toContainText('2 items')
  await expect(row).toContainText('New')

  // Download one order's CSV: named after the order, one row for its line.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: `Download CSV: order ${number}` }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`order-${number}.csv`)
  const csv = await readFile((await download.path())!, 'utf8')
  const lines = csv.trim().split(/\r\n/)
  expect(lines[0]).toContain('Order number')
  expect(lines.slice(1)).toHaveLength(1)
  expect(lines[1]).toContain(number)
  expect(lines[1]).toContain(sku)

  // Exporting with nothing selected says so; with a selection it downloads orders.csv.
  await page.getByRole('button', { name: 'Export selected as CSV' }).click()
  await expect(page.getByText('Select at least one order to export.')).toBeVisible()
  await page.getByRole('checkbox', { name: `Select order ${number}` }).check()
  await page.getByRole('checkbox', { name: `Select order ${other}` }).check()
  const [selected] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export selected as CSV' }).click(),
  ])
  expect(selected.suggestedFilename()).toBe('orders.csv')
  const both = await readFile((await selected.path())!, 'utf8')
  expect(both).toContain(number)
  expect(both).toContain(other)
  expect(both.trim().split(/\r\n/)).toHaveLength(3)

  // The detail page: status, the line with its fulfilment status, address, payment and total.
  await page.getByRole('link', { name: `View order ${number}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('New')
  const line = page.getByTestId('order-line')
  await expect(line).toHaveCount(1)
  await expect(line).toContainText(name)
  await expect(line).toContainText('Not shipped yet')
  await expect(page.getByRole('heading', { name: 'Invoice address' })).toBeVisible()
  await expect(page.getByText('Patricia Miller').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible()
  await expect(page.getByTestId('order-total')).toContainText('$')
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Orders')

  // Someone else's or an unknown order is not found.
  const missing = await page.goto('/en/account/orders/00000000-0000-4000-8000-000000000000')
  expect(missing?.status()).toBe(404)
})

/** `npm run orders -- …` as the shop's operator runs it, against the e2e shop's back office. */
const ordersCli = (...args: string[]) =>
  spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'commerce-api/cli/orders.ts', ...args], {
    env: { ...process.env, BACKOFFICE_URL: API_ORIGIN, BACKOFFICE_TOKEN },
    encoding: 'utf8',
    timeout: 30_000,
  })

function expectDone(run: ReturnType<typeof ordersCli>) {
  expect(run.status, run.stderr).toBe(0)
  return run.stdout
}

test('the operator ships an order with npm run orders: the customer sees it shipped, with the carrier’s tracking link, and gets the mail', async ({
  page,
}) => {
  const buyer = await newBuyer(page, { prefix: 'ship' })
  const order = await submitThroughApi(page, await readyBasketThroughApi(page, buyer.login))
  const number = order.documentNumber as string
  expect(expectDone(ordersCli('show', number))).toContain(number)
  expectDone(ordersCli('ship', number, '--carrier', 'DHL', '--tracking', '00340434161094042557'))

  await login(page, buyer.login)
  await page.goto('/en/account/orders')
  await expect(page.getByTestId('order-row').filter({ hasText: number })).toContainText('Shipped')
  await page.getByRole('link', { name: `View order ${number}` }).click()
  await expect(page.getByTestId('order-status')).toHaveText('Shipped')
  await expect(page.getByTestId('order-line')).toContainText('Shipped')
  const track = page.getByTestId('tracking-links').getByRole('link', { name: 'Track parcel 1 (www.dhl.com)' })
  await expect(track).toHaveAttribute('href', /tracking-id=00340434161094042557$/)
  await expectAccessible(page)

  // The parcel's mail: the carrier's tracking page and the order's page in the shop.
  const links = await mailLinks(page, `${buyer.login}@brightline.test`, (link) =>
    link.includes('00340434161094042557'),
  )
  expect(links.some((link) => link.includes('/account/orders/'))).toBe(true)

  // Delivered next, which the order page says; a delivered order cannot be cancelled (the CLI exits 1).
  expectDone(ordersCli('deliver', number))
  await page.reload()
  await expect(page.getByTestId('order-status')).toHaveText('Delivered')
  expect(ordersCli('cancel', number).status).toBe(1)
})

test('buy again: an order of the history, and one line of it, go back into the basket', async ({ page }) => {
  // A buyer of this test's own: their basket is touched by nobody else.
  const buyer = await newBuyer(page, { prefix: 'again' })
  const order = await submitThroughApi(page, await readyBasketThroughApi(page, buyer.login))
  const number = order.documentNumber as string
  await login(page, buyer.login)

  await page.goto('/en/account/orders')
  const row = page.getByTestId('order-row').filter({ hasText: number })
  await expectAccessible(page)
  await row.getByRole('button', { name: `Buy again: order ${number}` }).click()
  await expect(page).toHaveURL(/\/en\/basket$/)
  await expect(page.getByText(/ is in your basket again\.$/)).toBeVisible()
  const line = page.getByTestId('basket-line')
  await expect(line).toHaveCount(1)
  const quantity = line.getByRole('spinbutton')
  await expect(quantity).toHaveValue('1')

  // One line from the order's page: the same product once more.
  await page.goto('/en/account/orders')
  await page.getByRole('link', { name: `View order ${number}` }).click()
  const ordered = page.getByTestId('order-line')
  const name = (await ordered.getByRole('link').first().textContent())!.trim()
  await expectAccessible(page)
  await ordered.getByRole('button', { name: `Buy again: ${name}` }).click()
  await expect(page).toHaveURL(/\/en\/basket$/)
  await expect(page.getByText(`${name} is in your basket again.`)).toBeVisible()
  await expect(line).toHaveCount(1)
  await expect(quantity).toHaveValue('2')
})
