import { spawnSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { BACKOFFICE_TOKEN, NO_COST_CENTERS_SHOP } from '../playwright.config'
import { newBuyer } from './business-buyers'
import { login, expectReceipt, pay, placeOrder, standardShipping } from './checkout-flow'
import {
  API_ORIGIN,
  expectAccessible,
  expectFitsWidth,
  openOrderableProduct,
  textsOf,
  type Lang,
} from './helpers'

/**
 * Quotes (issue 36; spec shell §2.1 `quote-list`, `addProductToQuoteRequest`, §6 `quoting`,
 * `freetextQuoting`, §7 `POST quotecontact`), with JavaScript on and off, in English and German: a new buyer
 * asks for a quote from a product page, names and submits the request, the shop's operator answers it with
 * `npm run quotes -- respond`, the buyer adds the quote to the basket (the line shows the quote and its
 * validity at the quoted price) and orders it. Anyone asks for a free-text quote with the captcha. A guest is
 * sent to log in with the quotes notice; the shop with the features off has no quote pages.
 */

/** `npm run quotes -- …` as the shop's operator runs it, against the e2e shop's back office. */
function quotesCli(...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'commerce-api/cli/quotes.ts', ...args],
    { env: { ...process.env, BACKOFFICE_URL: API_ORIGIN, BACKOFFICE_TOKEN }, encoding: 'utf8' },
  )
  expect(run.status, run.stderr).toBe(0)
  return run.stdout
}

/** Answers the shop's captcha question on the page ("What is 3 plus 4?", in any language: two numbers). */
async function solveCaptcha(page: Page) {
  const question = page.locator('.captcha label')
  const [a, b] = ((await question.textContent()) ?? '').match(/\d+/g)!.map(Number)
  await page.locator('.captcha input[inputmode="numeric"]').fill(String(a! + b!))
}

for (const lang of ['en', 'de'] as Lang[]) {
  test(`${lang}: ask for a quote from a product page, the operator answers, the quote goes into the basket and is ordered`, async ({
    page,
  }, info) => {
    test.slow()
    const t = await textsOf(lang)
    const buyer = await newBuyer(page, { prefix: `q${lang}` })
    await login(page, buyer.login)

    const name = await openOrderableProduct(page, lang)
    await page.getByLabel(t('product.quantity.label')).first().fill('7')
    await page.getByRole('button', { name: t('quote.add_to_quote'), exact: true }).click()
    // With JavaScript the post goes through the router: on a busy machine more than the default wait.
    await expect(page).toHaveURL(new RegExp(`/${lang}/account/quotes/requests/[^/]+$`), { timeout: 30_000 })
    await expect(page.getByRole('status')).toContainText(
      t('quote.add_product.success', { quantity: 7, product: name }),
    )
    await expect(page.getByTestId('quote-state')).toHaveText(t('account.quotes.state.new'))
    const heading = (await page.getByRole('heading', { level: 1 }).textContent())!
    const requestNumber = heading.match(/\d+/)![0]
    await expectAccessible(page)

    const title = `Site ${info.project.name}`
    await page.getByLabel(t('account.quotes.request.name.label')).fill(title)
    await page.getByLabel(t('account.quotes.request.note.label')).fill('Delivery to the north site')
    await page.getByRole('button', { name: t('account.quotes.request.details.save') }).click()
    await expect(page.getByRole('status')).toContainText(t('account.quotes.request.saved'))
    await page.getByRole('button', { name: t('account.quotes.request.submit') }).click()
    await expect(page.getByRole('status')).toContainText(t('account.quotes.request.submitted'))
    await expect(page.getByTestId('quote-state')).toHaveText(t('account.quotes.state.submitted'))

    // The operator answers: 15 % off the list price, valid for 10 days, with a comment.
    quotesCli('respond', requestNumber, '--discount', '15', '--valid', '10', '--comment', 'Volume price')

    await page.goto(`/${lang}/account/quotes`)
    const row = page
      .getByTestId('quote-row')
      .filter({ hasText: t('account.quotes.kind.quote') })
      .first()
    await expect(row.getByTestId('quote-state')).toHaveText(t('account.quotes.state.responded'))
    await expectAccessible(page)
    await page.setViewportSize({ width: 360, height: 740 })
    await expectFitsWidth(page, 360)
    await row.getByRole('link').first().click()
    await expect(page).toHaveURL(new RegExp(`/${lang}/account/quotes/[^/]+$`))
    await expect(page.getByTestId('quote-seller-comment')).toHaveText('Volume price')
    await expectFitsWidth(page, 360)
    await page.setViewportSize({ width: 1280, height: 800 })
    await expectAccessible(page)
    const unitPrice = (await page.getByTestId('quote-single-price').first().textContent())!.trim()
    const lineTotal = (await page.getByTestId('quote-line-total').first().textContent())!.trim()

    await page.getByRole('button', { name: t('account.quotes.quote.accept') }).click()
    await expect(page).toHaveURL(new RegExp(`/${lang}/basket$`))
    await expect(page.getByRole('status')).toContainText(t('account.quotes.quote.accepted'))
    const line = page.getByTestId('basket-line').filter({ hasText: name })
    await expect(line.getByTestId('basket-line-quote')).toContainText(t('quote.basket.badge'))
    await expect(line).toContainText(unitPrice)
    await expect(line.getByTestId('line-total')).toHaveText(lineTotal)
    await expectAccessible(page)

    if (lang !== 'en') return
    // Ordered at the quoted price.
    await page.getByRole('button', { name: 'Checkout' }).first().click()
    await expect(page).toHaveURL(/\/en\/checkout\/address$/)
    await page.getByRole('group', { name: 'Invoice address' }).getByRole('radio').first().check()
    await page.getByRole('group', { name: 'Shipping address' }).getByRole('radio').first().check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await standardShipping(page)
    await pay(page, /Invoice/)
    await placeOrder(page)
    await expectReceipt(page)
  })

  test(`${lang}: anyone asks for a quote in their own words, with the captcha`, async ({ page }) => {
    const t = await textsOf(lang)
    await page.goto(`/${lang}/quote-contact`)
    await expect(page.getByRole('heading', { level: 1, name: t('quote.free_text.title') })).toBeVisible()
    await page
      .getByLabel(t('quote.free_text.description.label'))
      .fill('200 m of galvanised cable tray, 60 mm')
    await page.getByLabel(t('quote.free_text.quantity.label')).fill('200')
    await page.getByLabel(t('quote.free_text.name.label')).fill('Erika Muster')
    await page.getByLabel(t('quote.free_text.email.label')).fill(`quote-${Date.now()}@example.com`)
    await page.getByLabel(t('quote.free_text.phone.label')).fill('+49 30 1234567')
    await page.getByLabel(t('quote.free_text.company.label')).fill('Muster Bau GmbH')
    // A wrong answer is refused at the question, with a new question.
    await page.locator('.captcha input[inputmode="numeric"]').fill('999')
    await page.getByRole('button', { name: t('quote.free_text.submit') }).click()
    await expect(page.getByText(t('captcha.incorrect')).first()).toBeVisible({ timeout: 30_000 })
    await expectAccessible(page)
    await solveCaptcha(page)
    await page.getByRole('button', { name: t('quote.free_text.submit') }).click()
    await expect(page.getByRole('heading', { level: 1, name: t('quote.free_text.sent.title') })).toBeVisible()
    await expectAccessible(page)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(`/${lang}/quote-contact`)
    await expectFitsWidth(page, 360)
  })
}

test('a guest is sent to log in, told why; with the features off the quote pages are gone', async ({
  page,
}) => {
  const t = await textsOf('en')
  await page.goto('/en/quote-list')
  await expect(page).toHaveURL(/\/en\/login\?.*messageKey=quotes/)
  await expect(page.getByText(t('account.login.quotes.message'))).toBeVisible()

  const off = await page.goto(`${NO_COST_CENTERS_SHOP}/en/account/quotes`)
  expect(off?.status()).toBe(404)
  await expect(
    page.getByRole('heading', { level: 1, name: t('error.feature_deactivated.title') }),
  ).toBeVisible()
  const offContact = await page.goto(`${NO_COST_CENTERS_SHOP}/en/quote-contact`)
  expect(offContact?.status()).toBe(404)
})
