import { expect, test, type Page } from '@playwright/test'
import { apiToken, DEMO_PASSWORD, openOrderableProduct } from './helpers'

/** Puts one orderable product into the basket, opens the basket and starts checkout. */
export async function startCheckout(page: Page) {
  const name = await openOrderableProduct(page)
  await page.getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')
  await page.goto('/en/basket')
  await page.getByRole('button', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/address$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible()
  return name
}

/** Chooses a country; without JavaScript the form is posted back for the country's regions. */
export async function chooseCountry(page: Page, group: ReturnType<Page['getByRole']>, country: string) {
  await group.getByLabel('Country').selectOption({ label: country })
  // The button is there until the JavaScript runs (then the regions follow the select at once).
  if (test.info().project.name === 'js-off') {
    await group.getByRole('button', { name: 'Show the regions of this country' }).click()
    await expect(group.getByLabel('Country')).toHaveValue(/[A-Z]{2}/)
  }
}

/** Types the guest's e-mail and invoice address in Berlin, shipped to the same address (not yet posted). */
export async function fillGuestAddress(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email)
  const invoice = page.getByRole('group', { name: 'Invoice address' })
  await invoice.getByLabel('First name').fill('Grace')
  await invoice.getByLabel('Last name').fill('Guest')
  await invoice.getByLabel('Street and number').fill('Invalidenstraße 1')
  await invoice.getByLabel('Postal code').fill('10115')
  await invoice.getByLabel('City').fill('Berlin')
  await chooseCountry(page, invoice, 'Germany')
  // What was typed survives the round trip for the regions.
  await expect(invoice.getByLabel('City')).toHaveValue('Berlin')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  // German addresses name no region (ICM's address form for DE has none).
  await expect(invoice.getByLabel('State/region')).toHaveCount(0)
  await page.getByLabel('Ship to the invoice address').check()
}

/** The guest's e-mail and invoice address in Berlin, shipped to the same address; then Continue. */
export async function guestAddress(page: Page, email: string) {
  await fillGuestAddress(page, email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/shipping$/)
}

export async function standardShipping(page: Page) {
  await expect(page.getByText('3–5 days')).toBeVisible()
  await page.getByLabel(/Standard delivery/).check()
  await page.getByRole('button', { name: 'Continue' }).click()
}

export async function pay(page: Page, method: string | RegExp) {
  await expect(page).toHaveURL(/\/en\/checkout\/payment/)
  await page.getByRole('radio', { name: method }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
}

/** Accepts the terms and places the order. */
export async function placeOrder(page: Page) {
  await expect(page).toHaveURL(/\/en\/checkout\/review$/)
  // The terms are one click away, in a tab of their own.
  const terms = page.getByRole('link', { name: 'Read the terms and conditions (opens in a new tab)' })
  await expect(terms).toHaveAttribute('href', '/en/page/terms')
  await expect(terms).toHaveAttribute('target', '_blank')
  await page.getByLabel('I accept the terms and conditions.').check()
  await page.getByRole('button', { name: 'Place order' }).click()
}

export async function expectReceipt(page: Page) {
  await expect(page).toHaveURL(/\/en\/checkout\/receipt\?orderId=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible()
  const number = (await page.getByTestId('order-number').textContent())!.replace(/\D/g, '')
  expect(number).toMatch(/^\d+$/)
  return number
}

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4200}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD`

/** The orders the commerce API holds for a basket, read with the user's own token. */
export async function ordersOfBasket(page: Page, login: string, basketId: string) {
  const list = await page.request.get(`${API}/orders?limit=100`, {
    headers: { 'authentication-token': await apiToken(page.request, login) },
  })
  const { data } = (await list.json()) as { data: { id: string; basket?: string }[] }
  return data.filter((o) => o.basket === basketId)
}

export async function login(page: Page, user: string) {
  await page.goto('/en/login')
  await page.getByLabel('E-mail address or user name').fill(user)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
}
