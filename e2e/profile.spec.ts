import { expect, test, type Page } from '@playwright/test'
import { newBuyer } from './business-buyers'
import { login } from './checkout-flow'
import { DEMO_PASSWORD, expectAccessible, expectFitsWidth, textsOf } from './helpers'

/**
 * The profile (issue 33), with JavaScript on and off, for a buyer of Brightline made for this test (so no demo
 * login changes): the overview shows the user's data, the profile saves the personal data, the e-mail address
 * changes only with the right current password and the password only with the right current one; afterwards
 * the new e-mail address and the new password log in and the old password does not. The newsletter is
 * subscribed and unsubscribed on the profile. On the German shop the
 * display-type switch turns the product page's net price (business customers' display) into the gross one,
 * and the choice comes back at the next login. At 360 px in Polish, a demo user's overview and profile fit and
 * pass axe.
 */
const NEW_PASSWORD = 'Profile2027x'

async function loginAs(page: Page, lang: string, name: string, password: string) {
  await page.goto(`/${lang}/login`)
  const t = await textsOf(lang as 'en' | 'de')
  await page.getByLabel(t('account.login.login.label')).fill(name)
  await page.getByLabel(t('account.login.password.label')).fill(password)
  await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click()
}

test('a user changes their profile, e-mail address and password; the display switch changes prices', async ({
  page,
}) => {
  // One walk through three forms, two logins and the switch: longer than one page's test.
  test.slow()
  const buyer = await newBuyer(page, { prefix: 'prof' })
  await login(page, buyer.login)

  await page.goto('/en/account')
  const data = page.getByRole('region', { name: 'My data' })
  await expect(data).toContainText('BC-200001')
  await expect(data).toContainText(`${buyer.login}@brightline.test`)
  await expect(page.getByRole('region', { name: 'Latest orders' })).toContainText(
    'You have not ordered anything yet.',
  )
  await data.getByRole('link', { name: 'Edit my profile' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
  await expectAccessible(page)

  await page.getByLabel('Last name').fill('Profiled')
  await page.getByLabel('Department').fill('Site logistics')
  await page.getByLabel('Phone (business)').fill('+49 89 1234')
  await page.getByRole('button', { name: 'Save personal data' }).click()
  await expect(page.getByText('Your personal data has been saved.')).toBeVisible()
  await expect(page.getByLabel('Last name')).toHaveValue('Profiled')
  await expect(page.getByLabel('Department')).toHaveValue('Site logistics')

  // The newsletter: subscribed and unsubscribed on the profile, each change said and shown.
  const newsletter = page.getByRole('region', { name: 'Newsletter' })
  await expect(newsletter).toContainText('You do not receive our newsletter.')
  await newsletter.getByRole('button', { name: 'Subscribe to the newsletter' }).click()
  await expect(page.getByText('You have subscribed to the newsletter.')).toBeVisible()
  await expect(newsletter).toContainText('You receive our newsletter at your e-mail address.')
  await newsletter.getByRole('button', { name: 'Unsubscribe from the newsletter' }).click()
  await expect(page.getByText('You have unsubscribed from the newsletter.')).toBeVisible()
  await expect(newsletter).toContainText('You do not receive our newsletter.')

  // The e-mail address: refused with a wrong current password, changed with the right one.
  const email = `${buyer.login}.new@brightline.test`
  await page.getByRole('link', { name: 'Change e-mail address' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Change e-mail address' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('E-mail address', { exact: true }).fill(email)
  await page.getByLabel('Repeat e-mail address').fill(email)
  await page.getByLabel('Current password').fill('Wrong12345')
  await page.getByRole('button', { name: 'Change e-mail address' }).click()
  await expect(page.getByText('Your current password is not correct.').first()).toBeVisible()
  await page.getByLabel('Current password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Change e-mail address' }).click()
  await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Login data' })).toContainText(email)

  // The password: refused with a wrong current one, changed with the right one.
  await page.getByRole('link', { name: 'Change password' }).click()
  await page.getByLabel('Current password').fill('Wrong12345')
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Repeat new password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your current password is not correct.').first()).toBeVisible()
  await page.getByLabel('Current password').fill(DEMO_PASSWORD)
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Repeat new password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password has been changed.')).toBeVisible()
  await expect(page).toHaveURL(/\/en\/account\/profile$/)

  // The old password no longer logs in; the new e-mail address with the new password does.
  await page.context().clearCookies()
  await loginAs(page, 'en', email, DEMO_PASSWORD)
  await expect(
    page.getByText('The e-mail address or password you entered is incorrect.').first(),
  ).toBeVisible()
  await loginAs(page, 'en', email, NEW_PASSWORD)
  await expect(page).toHaveURL(/\/en\/home$/)

  // On the German shop, a business user sees net prices until switching to gross (B2C).
  const t = await textsOf('de')
  await page.goto('/de/product/1000001')
  const price = page.getByTestId('price').first()
  await expect(price).toContainText(t('product.price.net_hint'))
  const net = (await price.locator('.price-sale').textContent())!
  await page
    .getByRole('button', { name: t('header.price_display.gross') })
    .first()
    .click()
  await expect(price).not.toContainText(t('product.price.net_hint'))
  const gross = (await price.locator('.price-sale').textContent())!
  expect(gross).not.toBe(net)
  await expect(page.getByRole('button', { name: t('header.price_display.gross') }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expectAccessible(page)

  // The choice is the user's: it comes back at the next login.
  await page.context().clearCookies()
  await loginAs(page, 'de', email, NEW_PASSWORD)
  await expect(page).toHaveURL(/\/de\/home$/)
  await page.goto('/de/product/1000001')
  await expect(page.getByTestId('price').first().locator('.price-sale')).toHaveText(gross)
})

test.describe('at 360 px wide, in Polish', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the overview and the profile fit and pass axe', async ({ page }) => {
    const t = await textsOf('pl')
    await loginAs(page, 'pl', 'lnowak', DEMO_PASSWORD)
    await expect(page).toHaveURL(/\/pl\/home$/)
    await page.goto('/pl/account')
    await expect(page.getByRole('region', { name: t('account.overview.data.heading') })).toContainText(
      'BC-200001',
    )
    await expectFitsWidth(page, 360)
    await expectAccessible(page)
    await page.goto('/pl/account/profile')
    await expect(page.getByRole('heading', { level: 1, name: t('account.profile.heading') })).toBeVisible()
    await expectFitsWidth(page, 360)
    await expectAccessible(page)
  })
})
