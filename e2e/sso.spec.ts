import { expect, test, type Page } from '@playwright/test'
import { apiToken, expectAccessible, expectFitsWidth, LANGUAGES, mailLinks, REST, textsOf } from './helpers'

/**
 * Single sign-on through the development OpenID provider (issue 35, ADR 0037; `SSO_DEMO=on`, its pages are
 * plain forms, so every step runs with and without JavaScript): a known identity signs in, finds its profile
 * kept by the provider and logs out of both; a new identity registers at the provider and completes its
 * registration at /register/sso; an invitation is accepted with an identity made at the provider.
 */
const DEMO_PASSWORD = 'SsoDemo!2026'

/** The provider's sign-in page: the identity's e-mail address and password. */
async function signInAtProvider(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in to / })).toBeVisible()
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The provider asks an identity once whether the shop may use it: allowed, if it asks. */
async function allowIfAsked(page: Page, shopPath: RegExp) {
  const allow = page.getByRole('button', { name: 'Allow' })
  await expect(allow.or(page.locator('.login-status'))).toBeVisible()
  if (await allow.isVisible()) await allow.click()
  await expect(page).toHaveURL(shopPath)
}

/** An identity made on the provider's registration page (`prompt=create`), signed in there. */
async function createAtProvider(page: Page, identity: { first: string; last: string; email: string }) {
  await expect(page.getByRole('heading', { level: 1, name: /^Create an identity for / })).toBeVisible()
  await page.getByLabel('First name').fill(identity.first)
  await page.getByLabel('Last name').fill(identity.last)
  await page.getByLabel('E-mail address').fill(identity.email)
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Create and sign in' }).click()
}

test('a known identity signs in at the provider, finds its profile kept there, and logs out of both', async ({
  page,
}) => {
  await page.goto('/en/login')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Sign in with Demo SSO' }).click()
  await signInAtProvider(page, 'bbuyer@brightline.test')
  await allowIfAsked(page, /\/en\/home$/)
  await expect(page.locator('.login-status')).toContainText('Bernhard Boldner')

  await page.goto('/en/account/profile')
  await expect(page.getByRole('note')).toHaveText(
    'Your e-mail address, password and profile are managed by Demo SSO. Please change them there.',
  )
  await expect(page.getByRole('link', { name: 'Change e-mail address' })).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveCount(0)
  await expectAccessible(page)
  // The password page is not there for such a user.
  await page.goto('/en/account/profile/password')
  await expect(page).toHaveURL(/\/en\/account\/profile$/)

  await page.goto('/en/logout')
  await page.locator('main').getByRole('button', { name: 'Logout' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign out of the development identity provider?' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Yes, sign me out' }).click()
  await expect(page).toHaveURL(/\/[a-z]{2}\/home$/)
  await expect(page.locator('.login-status')).not.toContainText('Bernhard')
  // Signed out at the provider too: the next sign-in asks for the password again.
  await page.goto('/en/login')
  await page.getByRole('button', { name: 'Sign in with Demo SSO' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in to / })).toBeVisible()
})

test('a new identity registers at the provider and completes its customer account at /register/sso', async ({
  page,
}, info) => {
  const email = `nora.${info.project.name}.${Date.now()}@example.test`
  await page.goto('/en/register')
  await page.getByRole('button', { name: 'Register with Demo SSO' }).click()
  await createAtProvider(page, { first: 'Nora', last: 'Neumann', email })
  await allowIfAsked(page, /\/en\/register\/sso\?userid=.+&firstName=Nora&lastName=Neumann$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Complete your registration' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByLabel(/^First name/)).toHaveValue('Nora')
  await expectAccessible(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectFitsWidth(page, 360)
  await page.setViewportSize({ width: 1280, height: 800 })
  // Not a login yet: the account pages send to the login page.
  await page.goto('/en/account')
  await expect(page).toHaveURL(/\/en\/login\?returnUrl=/)
  await page.goBack()

  await page.getByLabel(/^Street and number/).fill('Lindenweg 3')
  await page.getByLabel(/^Postal code/).fill('10115')
  await page.getByLabel(/^City/).fill('Berlin')
  await page.getByLabel(/^I accept the terms and conditions/).check()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/en\/account$/)
  await expect(page.locator('.login-status')).toContainText('Nora Neumann')
})

test('an invitation is accepted by signing in at the provider', async ({ page, request }, info) => {
  const invited = `ina.${info.project.name}.${Date.now()}@brightline.test`
  const created = await request.post(`${REST}/customers/-/users`, {
    headers: { 'authentication-token': await apiToken(request, 'jlink') },
    data: { elements: [{ firstName: 'Ina', lastName: 'Invite', email: invited, invite: true }] },
  })
  expect(created.status()).toBe(201)
  const [link] = await mailLinks(page, invited, (candidate) => candidate.includes('/invite?'))
  const invitation = new URL(link!)

  // The invitee's identity at the provider: made there, then not used with the shop (cancelled at consent).
  const identity = `ina.idp.${info.project.name}.${Date.now()}@corp.test`
  await page.goto('/en/register')
  await page.getByRole('button', { name: 'Register with Demo SSO' }).click()
  await createAtProvider(page, { first: 'Ina', last: 'Idp', email: identity })
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/en\/login/)
  await expect(page.getByText('Signing in with Demo SSO was cancelled.')).toBeVisible()

  await page.goto(`${invitation.pathname}${invitation.search}`)
  await signInAtProvider(page, identity)
  await allowIfAsked(page, /\/en\/account$/)
  await expect(page.locator('.login-status')).toContainText('Ina Invite')
})

test('the provider buttons speak the page’s language', async ({ page }) => {
  for (const [lang] of LANGUAGES) {
    const t = await textsOf(lang)
    await page.goto(`/${lang}/login`)
    await expect(page.getByRole('heading', { level: 2, name: t('account.sso.login.heading') })).toBeVisible()
    await expect(
      page.getByRole('button', { name: t('account.sso.login.button', { provider: 'Demo SSO' }) }),
    ).toBeVisible()
  }
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/pl/register')
  const t = await textsOf('pl')
  await expect(
    page.getByRole('button', { name: t('account.sso.register.button', { provider: 'Demo SSO' }) }),
  ).toBeVisible()
  await expectFitsWidth(page, 360)
  await expectAccessible(page)
})
