import { expect, test, type Page } from '@playwright/test'
import { SoftwareAuthenticator } from '../commerce-api/domain/passkey-test-authenticator'
import { PASSKEY_SHOP } from '../playwright.config'
import { newBuyer } from './business-buyers'
import { apiToken, DEMO_PASSWORD, expectAccessible, expectFitsWidth, REST, textsOf } from './helpers'

/**
 * Passkeys (issue 35). With JavaScript, on the shop browsed at a host name (WebAuthn refuses IP addresses):
 * Chromium's virtual authenticator makes a passkey on the account page, signs in with it after a logout, and
 * the passkey is deleted, after which it signs nobody in. Without JavaScript the account page lists, renames
 * and deletes passkeys with plain forms and says what adding one needs; on the shop at an IP address the
 * login page offers no passkey and the account page says why. Each test makes its own Brightline user.
 */

async function passwordLogin(page: Page, user: string, shop = '') {
  await page.goto(`${shop}/en/login`)
  await page.getByLabel('E-mail address or user name').fill(user)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
}

async function logout(page: Page, shop = '') {
  await page.goto(`${shop}/en/logout`)
  await page.locator('#main').getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByText('You have been logged out.')).toBeVisible()
}

test('a passkey is added on the account page, signs in after a logout, and is deleted @js-only', async ({
  page,
}) => {
  const en = await textsOf('en')
  const { login: user } = await newBuyer(page, { prefix: 'passkey' })
  // A platform authenticator that holds discoverable credentials and verifies its user (Chromium's CDP).
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })

  await passwordLogin(page, user, PASSKEY_SHOP)
  await page.goto(`${PASSKEY_SHOP}/en/account`)
  await page.getByRole('link', { name: en('account.passkeys.title') }).click()
  await expect(page.getByRole('heading', { level: 1, name: en('account.passkeys.title') })).toBeVisible()
  await expect(page.getByText(en('account.passkeys.list.empty'))).toBeVisible()
  await page.setViewportSize({ width: 360, height: 800 })
  await expect(page.getByRole('button', { name: en('account.passkeys.add.button') })).toBeVisible()
  await expectFitsWidth(page, 360)
  await expectAccessible(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  await page.getByLabel(en('account.passkeys.name.label')).fill('Test laptop')
  await page.getByRole('button', { name: en('account.passkeys.add.button') }).click()
  await expect(page.getByText(en('account.passkeys.add.success.message'))).toBeVisible()
  await expect(page.getByTestId('passkey')).toHaveCount(1)
  await expect(page.getByTestId('passkey')).toContainText('Test laptop')
  await expect(page.getByTestId('passkey')).toContainText(en('account.passkeys.list.never_used'))
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]?.isResidentCredential).toBe(true)
  await expectAccessible(page)

  // The login field's passkey suggestions (conditional mediation): Chromium's virtual authenticator answers
  // the waiting request at once, as a shopper picking the passkey from the suggestions would.
  await logout(page, PASSKEY_SHOP)
  await page.goto(`${PASSKEY_SHOP}/en/login`)
  await expect(page).toHaveURL(/\/en\/home$/)
  await expect(page.getByText(en('account.login.success.message', { name: `Rita ${user}` }))).toBeVisible()

  // The button, in a browser without those suggestions.
  await page.addInitScript(() => {
    Object.defineProperty(window.PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: async () => false,
    })
  })
  await logout(page, PASSKEY_SHOP)
  await page.goto(`${PASSKEY_SHOP}/en/login`)
  // The password form stays the page's first way in; the passkey button is offered beside it.
  await expect(page.getByLabel('E-mail address or user name')).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  )
  await page.getByRole('button', { name: en('account.login.passkey.button') }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
  await expect(page.getByText(en('account.login.success.message', { name: `Rita ${user}` }))).toBeVisible()

  await page.goto(`${PASSKEY_SHOP}/en/account/passkeys`)
  await expect(page.getByTestId('passkey')).not.toContainText(en('account.passkeys.list.never_used'))
  await page
    .getByRole('button', { name: en('account.passkeys.delete.label', { name: 'Test laptop' }) })
    .click()
  await expect(page.getByText(en('account.passkeys.delete.success.message'))).toBeVisible()
  await expect(page.getByText(en('account.passkeys.list.empty'))).toBeVisible()

  // The authenticator still holds it, but the shop no longer knows it.
  await logout(page, PASSKEY_SHOP)
  await page.goto(`${PASSKEY_SHOP}/en/login`)
  await page.getByRole('button', { name: en('account.login.passkey.button') }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: en('account.login.passkey.error.unknown') }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/en\/login/)
})

test('passkeys are listed, renamed and deleted with plain forms; adding one says what it needs', async ({
  page,
}) => {
  const en = await textsOf('en')
  const { login: user } = await newBuyer(page, { prefix: 'passkeyform' })
  // A passkey made through the API with a software authenticator at the passkey shop's origin.
  const token = await apiToken(page.request, user)
  const headers = { 'authentication-token': token }
  const start = await page.request.post(`${REST}/customers/-/users/-/passkeys/registration-options`, {
    headers,
  })
  expect(start.status()).toBe(200)
  const { challengeId, options } = await start.json()
  const made = await page.request.post(`${REST}/customers/-/users/-/passkeys`, {
    headers,
    data: {
      challengeId,
      name: 'Office key',
      response: new SoftwareAuthenticator(PASSKEY_SHOP).register(options),
    },
  })
  expect(made.status()).toBe(201)

  // The shop at an IP address (this project's base URL): passkeys can be seen and removed, not added.
  await passwordLogin(page, user)
  await page.goto('/en/account/passkeys')
  await expect(page.getByTestId('passkey')).toContainText('Office key')
  const javaScript = test.info().project.use.javaScriptEnabled !== false
  await expect(
    page.getByText(en(javaScript ? 'account.passkeys.add.unavailable' : 'account.passkeys.add.needs')),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: en('account.passkeys.add.button') })).toHaveCount(0)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectFitsWidth(page, 360)
  await expectAccessible(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  await page.getByText(en('account.passkeys.rename.button')).click()
  await page.getByLabel(en('account.passkeys.name.label')).fill('Front desk key')
  await page.getByRole('button', { name: en('account.passkeys.rename.submit') }).click()
  await expect(page.getByText(en('account.passkeys.rename.success.message'))).toBeVisible()
  await expect(page.getByTestId('passkey')).toContainText('Front desk key')

  await page
    .getByRole('button', { name: en('account.passkeys.delete.label', { name: 'Front desk key' }) })
    .click()
  await expect(page.getByText(en('account.passkeys.delete.success.message'))).toBeVisible()
  await expect(page.getByText(en('account.passkeys.list.empty'))).toBeVisible()

  // Its login page offers the password form only.
  await logout(page)
  await page.goto('/en/login')
  await expect(page.getByLabel('Password')).toBeVisible()
  await expect(page.getByRole('button', { name: en('account.login.passkey.button') })).toHaveCount(0)
})
