import { expect, test, type Page } from '@playwright/test'
import { login } from './checkout-flow'

/** A page on another site, served by the test itself, with a form that posts into the shop. */
async function evilSite(page: Page, html: string) {
  await page.route('http://evil.test/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!DOCTYPE html><html><body>${html}</body></html>`,
    }),
  )
  await page.goto('http://evil.test/')
}

const shop = (page: Page) => new URL(page.url()).origin

test('a form on another site cannot add to a logged-in shopper’s basket or replace the session', async ({
  page,
  baseURL,
}) => {
  await login(page, 'pierre@ironbridge.test')
  await evilSite(
    page,
    `<form method="post" action="${baseURL}/en/basket/add">
       <input type="hidden" name="sku" value="1000042"><input type="hidden" name="quantity" value="7">
       <input type="hidden" name="returnUrl" value="/en/basket">
       <button>Win a prize</button></form>`,
  )
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/en/basket/add')),
    page.getByRole('button', { name: 'Win a prize' }).click(),
  ])
  expect(response.status()).toBe(403)
  expect(response.headers()['set-cookie']).toBeUndefined()
  await expect(page.getByRole('heading', { level: 1, name: 'Request refused' })).toBeVisible()
  await page.goto(`${baseURL}/en/basket`)
  await expect(page.locator('.login-status')).toHaveText('Pierre Durand')
  await expect(page.getByText('1000042', { exact: false })).toHaveCount(0)
})

test('a GET of /logout asks before it logs out', async ({ page }) => {
  // A logout ends every session of the user (as ICM does): per project a user no other test logs in as.
  const [user, name] =
    test.info().project.name === 'js-off' ? ['omanager', 'Olivia Ordermann'] : ['mkestrel', 'Marta Kestrel']
  await login(page, user)
  // A tab smuggled into the target is refused outright; a backslash one falls back to the home page.
  const smuggled = await page.goto('/en/logout?returnUrl=%2F%09%2Fevil.example%2Fphish')
  expect(smuggled?.status()).toBe(400)
  await expect(
    page.getByText('The parameter “returnUrl” contains characters that cannot be used.'),
  ).toBeVisible()
  await page.goto('/en/logout?returnUrl=%2F%5Cevil.example%2Fphish')
  await expect(page.getByRole('heading', { level: 1, name: 'Logout' })).toBeVisible()
  await expect(page.getByText('Do you want to log out?')).toBeVisible()
  await expect(page.locator('.login-status')).toHaveText(name)
  const beforeLogout = await page.context().cookies()
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
  // The target is not followed off the shop: the shopper lands on the home page.
  await expect(page).toHaveURL(/\/en\/home$/)
  expect(shop(page)).toBe(new URL(page.url()).origin)
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  // The cookie from before the logout, replayed (copied off the machine, say): its token is dead, so no page
  // names the user any more (issue 31).
  await page.context().clearCookies()
  await page.context().addCookies(beforeLogout)
  for (const path of ['/en/basket', '/en/home', '/en/search?searchTerm=drill']) {
    await page.goto(path)
    await expect(page.locator('.login-status'), path).toHaveText('Login')
  }
})

test('an add-items link from elsewhere is confirmed by a logged-in shopper before anything is added', async ({
  page,
}) => {
  await login(page, 'pierre@ironbridge.test')
  await page.goto('/en/home?addItems=1000806|2')
  await expect(page).toHaveURL(/\/en\/basket\/add\?/)
  await expect(page.getByRole('heading', { level: 1, name: 'Add these items to your basket?' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: '2 × 1000806' })).toBeVisible()
  await page.getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
  // Named by the product's name, not its SKU (issue 19).
  await expect(page.getByRole('status')).toContainText('has been added to your basket.')
  await expect(page.getByRole('status')).not.toContainText('1000806')
})

test('repeated wrong passwords make the login form ask to wait, then for a challenge', async ({
  page,
}, info) => {
  test.setTimeout(120_000)
  const account = `nobody-${info.project.name}-${Date.now()}@ironbridge.test`
  // Burn the free failures quickly through the same form the page posts to (no Origin: a script, not a browser).
  const post = (password: string) =>
    page.request.post('/en/login', { form: { login: account, password }, maxRedirects: 0 })
  for (let i = 0; i < 5; i++) expect((await post(`wrong-${i}`)).status()).toBe(422)
  await page.goto('/en/login')
  await page.getByLabel('E-mail address or user name').fill(account)
  await page.getByLabel('Password').fill('still wrong')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(
    'Too many failed logins. Please wait a minute before you try again.',
  )
  // The e2e API locks after 8 failures for 3 s (playwright.config.ts); after the lock it asks for a challenge.
  await expect
    .poll(
      async () => {
        const answer = await post('wrong')
        if (answer.status() === 429)
          await page.waitForTimeout(Number(answer.headers()['retry-after'] ?? 1) * 1000)
        return /plus \d+\?/.test(await answer.text())
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toBe(true)
  await page.goto('/en/login')
  await page.getByLabel('E-mail address or user name').fill(account)
  await page.getByLabel('Password').fill('wrong again')
  await page.getByRole('button', { name: 'Log in' }).click()
  const question = page.getByLabel(/what is \d+ plus \d+\?/)
  await expect(question).toBeVisible()
  const [a, b] = (await page.getByText(/what is \d+ plus \d+\?/).textContent())!.match(/\d+/g)!.map(Number)
  await page.getByLabel('E-mail address or user name').fill(account)
  await page.getByLabel('Password').fill('wrong again')
  await question.fill(String(a! + b! + 1))
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert')).toContainText('The answer to the question was not correct.')
  const [c, d] = (await page.getByText(/what is \d+ plus \d+\?/).textContent())!.match(/\d+/g)!.map(Number)
  await page.getByLabel('E-mail address or user name').fill(account)
  await page.getByLabel('Password').fill('wrong again')
  await page.getByLabel(/what is \d+ plus \d+\?/).fill(String(c! + d!))
  await page.getByRole('button', { name: 'Log in' }).click()
  // With the right answer the password is checked again, and this one is wrong.
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(
    'The e-mail address or password you entered is incorrect.',
  )
})
