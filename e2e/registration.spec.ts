import { spawnSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { BACKOFFICE_TOKEN } from '../playwright.config'
import { API_ORIGIN, expectAccessible, openOrderableProduct } from './helpers'

/**
 * Issue 33, with and without JavaScript: a private customer registers (captcha answered, newsletter opted
 * into) and shops at once; a business customer registers in German, waits for approval, cannot log in,
 * is approved by the operator (`npm run customers`) and then logs in.
 */
const customersCli = (...args: string[]) =>
  spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'commerce-api/cli/customers.ts', ...args], {
    env: { ...process.env, BACKOFFICE_URL: API_ORIGIN, BACKOFFICE_TOKEN },
    encoding: 'utf8',
    timeout: 30_000,
  })

/** Answers the page's captcha question (its label: "What is 3 plus 4?", in any language). */
async function answerCaptcha(page: Page) {
  const field = page.locator('.captcha input[name="captchaAnswer"]')
  const label = await page.locator(`label[for="${await field.getAttribute('id')}"]`).textContent()
  const [a, b] = (label ?? '').match(/\d+/g)!.map(Number) as [number, number]
  await field.fill(String(a + b))
}

test('a private customer registers with the newsletter and shops right away', async ({ page }, info) => {
  const email = `rosa.${info.project.name}.${Date.now()}@example.test`
  await page.goto('/en/login')
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel(/^E-mail address \(your login\)/).fill(email)
  await page.getByLabel('Password *', { exact: true }).fill('Secret!2026')
  await page.getByLabel('Repeat password *').fill('Secret!2026')
  await page.getByLabel(/^First name/).fill('Rosa')
  await page.getByLabel(/^Last name/).fill('Register')
  await page.getByLabel(/^Street and number/).fill('Hauptstraße 5')
  await page.getByLabel(/^Postal code/).fill('10115')
  await page.getByLabel(/^City/).fill('Berlin')
  await page.getByLabel('Yes, send me the newsletter by e-mail.').check()
  await page.getByLabel(/^I accept the terms and conditions/).check()
  // A wrong answer is refused, and a new question comes.
  await page.locator('.captcha input[name="captchaAnswer"]').fill('99999')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'The answer to the question was not correct' }),
  ).toBeVisible()
  await page.getByLabel('Password *', { exact: true }).fill('Secret!2026')
  await page.getByLabel('Repeat password *').fill('Secret!2026')
  await answerCaptcha(page)
  await page.getByRole('button', { name: 'Create account' }).click()
  // The login page sent its own returnUrl (the home page) along: the new customer lands there (spec §4).
  await expect(page).toHaveURL(/\/en\/home$/)
  await expect(page.locator('.login-status')).toContainText('Rosa Register')

  await openOrderableProduct(page)
  await page.getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page.getByTestId('mini-basket')).toContainText('1')
})

test('a business customer waits for approval, is refused at login, and logs in once approved', async ({
  page,
}, info) => {
  const email = `bernd.${info.project.name}.${Date.now()}@example.test`
  await page.goto('/de/register?type=business')
  await page.getByLabel(/^Firmenname/).fill('Register Bau GmbH')
  await page.getByLabel('Steuernummer').fill('DE999999999')
  await page.getByLabel('Branche').fill('Bau')
  await page.getByLabel(/^E-Mail-Adresse \(Ihr Login\)/).fill(email)
  await page.getByLabel('Passwort *', { exact: true }).fill('Secret!2026')
  await page.getByLabel('Passwort wiederholen *').fill('Secret!2026')
  await page.getByLabel(/^Vorname/).fill('Bernd')
  await page.getByLabel(/^Nachname/).fill('Betrieb')
  await page.getByLabel(/^Straße und Hausnummer/).fill('Werkstraße 1')
  await page.getByLabel(/^Postleitzahl/).fill('80331')
  await page.getByLabel(/^Ort/).fill('München')
  await page.getByLabel(/^Ich akzeptiere/).check()
  await answerCaptcha(page)
  await page.getByRole('button', { name: 'Konto anlegen' }).click()
  await expect(page).toHaveURL(/\/de\/register\/approval$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihre Registrierung wird geprüft')

  const login = async () => {
    await page.goto('/de/login')
    await page.getByLabel(/E-Mail-Adresse oder Benutzername/).fill(email)
    await page.getByLabel('Passwort').fill('Secret!2026')
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  }
  await login()
  await expect(page.getByRole('alert').filter({ hasText: 'noch nicht freigeschaltet' })).toBeVisible()

  const pending = customersCli('pending')
  expect(pending.status, pending.stderr).toBe(0)
  const customerNo = pending.stdout
    .split('\n')
    .find((line) => line.includes(email))
    ?.split(/\s+/)[0]
  expect(customerNo).toMatch(/^BC-\d+$/)
  const approved = customersCli('approve', customerNo!)
  expect(approved.status, approved.stderr).toBe(0)

  await login()
  await expect(page.locator('.login-status')).toContainText('Bernd Betrieb')
})
