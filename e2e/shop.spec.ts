import { expect, test } from '@playwright/test'
import { openOrderableProduct, parseMoney } from './helpers'

test('/ redirects to the default locale home page', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL(/\/de\/home$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
})

test('the language chosen with the switch is the one / opens, and a URL naming a language keeps it', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/de\/home$/)
  await page.locator('.language-switch summary').click()
  await page.getByRole('link', { name: 'Français' }).click()
  await expect(page).toHaveURL(/\/fr\/home$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR')
  const cookie = (await page.context().cookies()).find((c) => c.name === 'preferredLocale')
  expect(cookie).toMatchObject({ value: 'fr_FR', path: '/', httpOnly: true })
  // About a year (spec §4.5).
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000)

  await page.goto('/')
  await expect(page).toHaveURL(/\/fr\/home$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR')
  // A link that names its language (shared, from a search engine) shows that language.
  await page.goto('/en/home')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
})

test('browse from home to a product, add it to the basket and see it there', async ({ page }) => {
  const name = await openOrderableProduct(page)
  const unitPrice = parseMoney((await page.locator('.price-sale').first().textContent())!)
  await page.getByLabel('Quantity').fill('2')
  await page.getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')
  const miniBasket = page.getByTestId('mini-basket')
  await expect(miniBasket).toContainText('2 items')

  await miniBasket.click()
  await expect(page).toHaveURL(/\/en\/basket$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Basket' })).toBeVisible()
  const line = page.getByTestId('basket-line')
  await expect(line).toHaveCount(1)
  await expect(line).toContainText(name)
  await expect(line.getByRole('spinbutton')).toHaveValue('2')
  // Before any item promotion the line costs twice the unit price; the basket total is the line's total.
  const undiscounted = line.getByTestId('line-undiscounted')
  const before = (await undiscounted.count()) ? undiscounted : line.getByTestId('line-total')
  expect(parseMoney((await before.textContent())!)).toBeCloseTo(unitPrice * 2, 2)
  const total = parseMoney((await page.getByTestId('basket-total').textContent())!)
  expect(total).toBeCloseTo(parseMoney((await line.getByTestId('line-total').textContent())!), 2)
  await expect(miniBasket).toContainText((await page.getByTestId('basket-total').textContent())!)
})

test('an invalid quantity is refused with a message and nothing is added', async ({
  page,
  javaScriptEnabled,
}) => {
  await openOrderableProduct(page)
  const quantity = page.getByLabel('Quantity')
  await quantity.fill('0')
  await page.getByRole('button', { name: 'Add to basket', exact: true }).click()
  if (javaScriptEnabled) {
    // The schema's own check in the browser: the message next to the field, named by aria-describedby.
    await expect(quantity).toHaveAttribute('aria-invalid', 'true')
    await expect(quantity).toHaveAccessibleDescription(/Please enter a whole number/)
  } else {
    // Without JavaScript the add route judges the post and says so on the page it sends the shopper back to.
    await expect(page.getByRole('status')).toContainText(
      'was not added: an item needs a SKU and a quantity above 0',
    )
  }
  await expect(page.getByTestId('mini-basket')).toContainText('0 items')
})

test('log in with a demo user and log out again', async ({ page }) => {
  await page.goto('/en/home')
  await page.getByRole('link', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
  await page.getByLabel('E-mail address or user name').fill('patricia@ironbridge.test')
  await page.getByLabel('Password').fill('wrong password')
  await page.getByRole('button', { name: 'Log in' }).click()
  // The refusal is a summary at the top of the form that takes focus (by autofocus without JavaScript).
  const summary = page.getByRole('alert', { name: 'Please check your entries' })
  await expect(summary.getByRole('listitem')).toHaveText(
    'The e-mail address or password you entered is incorrect.',
  )
  await expect(summary).toBeFocused()

  await page.getByLabel('E-mail address or user name').fill('patricia@ironbridge.test')
  await page.getByLabel('Password').fill('Demo!2026')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
  await expect(page.locator('.login-status')).toHaveText('Patricia Miller')
  await expect(page.getByRole('status')).toContainText('Welcome back, Patricia Miller!')

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(page.getByRole('status')).toContainText('You have been logged out.')
})

test('a business user logs in with the user name', async ({ page }) => {
  await page.goto('/en/login')
  await page.getByLabel('E-mail address or user name').fill('jlink')
  await page.getByLabel('Password').fill('nope')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(
    'The user name or password you entered is incorrect.',
  )
  await page.getByLabel('E-mail address or user name').fill('jlink')
  await page.getByLabel('Password').fill('Demo!2026')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.locator('.login-status')).toHaveText('Jack Link')
})

test('an unknown product answers 404 with the error page', async ({ page }) => {
  const response = await page.goto('/en/product/NO-SUCH-SKU')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  const seo = await page.goto('/en/tools/no-such-thing-prd999999999')
  expect(seo?.status()).toBe(404)
  const unknown = await page.goto('/en/this/path/does/not/exist')
  expect(unknown?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
})

test('the language switch shows the same page in another language', async ({ page }) => {
  await page.goto('/en/home')
  await page.locator('.language-switch summary').click()
  await page.getByRole('link', { name: 'Deutsch' }).click()
  await expect(page).toHaveURL(/\/de\/home$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
})

test('anonymous catalog pages are cacheable, pictures come through the shop, personal pages are not', async ({
  page,
}) => {
  const home = await page.goto('/en/home')
  expect(home?.headers()['cache-control']).toContain('s-maxage=60')
  expect(home?.headers()['vary']).toContain('Cookie')
  await openOrderableProduct(page)
  const src = await page.locator('.product-zoom img').getAttribute('src')
  expect(src).toMatch(/^\/INTERSHOP\/static\//)
  const picture = await page.request.get(src!)
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toContain('image/svg+xml')
  expect(picture.headers()['cache-control']).toContain('immutable')
  await page.getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')
  const again = await page.goto('/en/home')
  expect(again?.headers()['cache-control']).toBe('private, no-store')
  // A shopper's page never comes from the storefront's page cache, nor goes into it.
  expect(again?.headers()['x-page-cache']).toBe('miss')
})

test('the storefront keeps an anonymous page and serves it again without rendering it', async ({
  request,
}) => {
  const url = '/en/search?searchTerm=drill'
  await request.get(url, { headers: { Cookie: '' } })
  const second = await request.get(url, { headers: { Cookie: '' } })
  expect(second.status()).toBe(200)
  expect(second.headers()['x-page-cache']).toBe('hit')
  expect(second.headers()['cache-control']).toContain('s-maxage=60')
  expect(await second.text()).toContain('<h1>Search: “drill”</h1>')
})
