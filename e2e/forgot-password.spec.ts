import { expect, test, type Page } from '@playwright/test'
import { newBuyer } from './business-buyers'
import { expectAccessible, expectFitsWidth, mailLinks, textsOf } from './helpers'

/**
 * Issue 33, with and without JavaScript: a buyer made for the test forgets their password, asks for a reminder
 * from the login page (the shop's captcha), opens the mail's link, sets a new password and logs in with it;
 * the used link is refused after; a stranger's address gets the same confirmation, in German.
 */

/** Answers the shop's captcha question on the page ("What is 3 plus 4?", in any language: two numbers). */
async function solveCaptcha(page: Page) {
  const question = page.locator('.captcha label')
  const [a, b] = ((await question.textContent()) ?? '').match(/\d+/g)!.map(Number)
  await page.locator('.captcha input[inputmode="numeric"]').fill(String(a! + b!))
}

test('a forgotten password: a reminder by mail, a new password once, then the login with it', async ({
  page,
}) => {
  const buyer = await newBuyer(page, { prefix: 'fp' })
  const email = `${buyer.login}@brightline.test`
  await page.goto('/en/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/en\/forgotPassword$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('E-mail address or user name').fill(email)
  await solveCaptcha(page)
  await page.getByRole('button', { name: 'Send link' }).click()
  await expect(page).toHaveURL(/\/en\/forgotPassword\?sent=1$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Please check your e-mails' })).toBeVisible()

  // The newest mail to the buyer is the reminder (the welcome's link was used by newBuyer).
  const link = (await mailLinks(page, email)).find((l) => l.includes('/forgotPassword/updatePassword'))!
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('Reminded2026')
  await page.getByLabel('Repeat new password').fill('Reminded2026')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page).toHaveURL(/\/en\/login$/)
  await page.getByLabel('E-mail address or user name').fill(buyer.login)
  await page.getByLabel('Password').fill('Reminded2026')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/en\/home$/)

  // The link worked once.
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('Again2026x')
  await page.getByLabel('Repeat new password').fill('Again2026x')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('This link is not valid or has already been used.').first()).toBeVisible()
})

test('an unknown address gets the same confirmation, in German and on a phone', async ({ page }) => {
  const t = await textsOf('de')
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/de/forgotPassword')
  await expectFitsWidth(page, 360)
  await page
    .getByLabel(t('account.forgotdata.request.name.label'))
    .fill(`niemand-${Date.now()}@brightline.test`)
  await solveCaptcha(page)
  await page.getByRole('button', { name: t('account.forgotdata.request.submit') }).click()
  await expect(page).toHaveURL(/\/de\/forgotPassword\?sent=1$/)
  await expect(page.getByText(t('account.forgotdata.request.sent.text'))).toBeVisible()
  await expectFitsWidth(page, 360)
  await expectAccessible(page)
})
