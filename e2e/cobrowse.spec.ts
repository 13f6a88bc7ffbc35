import { expect, test } from '@playwright/test'
import { BACKOFFICE_TOKEN } from '../playwright.config'
import { newBuyer, toReview } from './business-buyers'
import { expectReceipt, placeOrder } from './checkout-flow'
import { API_ORIGIN, DEMO_PASSWORD, expectAccessible, expectFitsWidth, textsOf } from './helpers'

/**
 * Co-browse (issue 35): a sales representative signs in at the commerce API's sales desk, opens the shop as a
 * user of a customer they look after, sees the banner saying so on every page, orders for the customer (the
 * order names the representative), cannot change the user's e-mail, password or profile, and ends co-browse.
 * A link without its access token ends on the error page. With JavaScript and without (the desk has none).
 */

const BRIGHTLINE = 'Brightline Construction GmbH'

test('a sales representative opens the shop as a customer’s user, orders for them and ends co-browse', async ({
  page,
}) => {
  test.slow()
  // A buyer of Brightline of this test's own, so that no other test shares the basket.
  const buyer = await newBuyer(page, { prefix: 'cob' })

  await page.goto(`${API_ORIGIN}/sales-desk`)
  await expect(page.getByRole('heading', { level: 1, name: 'Sales desk' })).toBeVisible()
  await page.getByLabel('Login or e-mail address').fill('svogt')
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('The login or the password is not correct.')
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Signed in as Sabine Vogt (SR-1001)')).toBeVisible()
  const brightline = page.getByRole('region', { name: `${BRIGHTLINE} (BC-200001)` })
  await expect(brightline).toBeVisible()
  await expectAccessible(page)

  await brightline.getByRole('button', { name: `Open the shop as this user (${buyer.name})` }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
  const banner = page.getByRole('region', { name: 'Co-browse' })
  await expect(
    banner.getByText(
      `You are acting for ${buyer.name} (${BRIGHTLINE}) — sales representative Sabine Vogt (SR-1001)`,
      { exact: true },
    ),
  ).toBeVisible()
  await expect(page.getByRole('banner').getByText(buyer.name)).toBeVisible()
  await expectAccessible(page)

  // The representative fills the customer's basket and orders; the checkout shows the banner too.
  await toReview(page)
  await expect(banner).toBeVisible()
  await placeOrder(page)
  await expectReceipt(page)
  const orderId = new URL(page.url()).searchParams.get('orderId')!
  await page.goto(`/en/account/orders/${orderId}`)
  await expect(page.getByTestId('order-sales-rep')).toHaveText('Sales representative Sabine Vogt (SR-1001)')
  await expect(page.getByText('Placed by', { exact: true })).toBeVisible()

  // The customer's e-mail address, password and profile stay the customer's.
  await page.goto('/en/account/profile')
  await expect(page.getByRole('note')).toContainText('their e-mail address, password and profile')
  await expect(page.getByRole('link', { name: 'Change e-mail address' })).toHaveCount(0)
  // The profile is shown, not offered as a form.
  await expect(page.getByLabel('First name', { exact: true })).toHaveCount(0)
  await page.goto('/en/account/profile/password')
  await expect(page).toHaveURL(/\/en\/account\/profile$/)

  await banner.getByRole('button', { name: 'End co-browse' }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
  await expect(page.getByRole('region', { name: 'Co-browse' })).toHaveCount(0)
  await expect(page.getByRole('banner').getByText(buyer.name)).toHaveCount(0)
})

test('a co-browse link without an access token ends on the error page', async ({ page }) => {
  const t = await textsOf('de')
  const answer = await page.goto('/de/cobrowse?salesRepId=SR-1001')
  expect(answer?.status()).toBe(400)
  await expect(page).toHaveURL(/\/de\/error\?error=cobrowse\.error\.missing\.parameter$/)
  await expect(page.getByRole('heading', { level: 1, name: t('cobrowse.error.title') })).toBeVisible()
  await expect(page.getByText(t('cobrowse.error.missing.parameter'))).toBeVisible()
  await expectAccessible(page)
})

test('the banner fits a 360 px phone in German and ends co-browse by keyboard', async ({
  page,
}, testInfo) => {
  const t = await textsOf('de')
  await page.setViewportSize({ width: 360, height: 740 })
  // Each project its own user: ending co-browse ends the representative's tokens for that user.
  const [rep, user, banner] =
    testInfo.project.name === 'js-on'
      ? [
          'SR-1002',
          'patricia@ironbridge.test',
          t('cobrowse.banner.text_private', { user: 'Patricia Miller', rep: 'David Hale (SR-1002)' }),
        ]
      : [
          'SR-1001',
          'tkestrel',
          t('cobrowse.banner.text', {
            user: 'Tobias Kaufmann',
            company: 'Kestrel Facility Services GmbH',
            rep: 'Sabine Vogt (SR-1001)',
          }),
        ]
  // The operator's link from the back office (as `npm run customers -- cobrowse` prints it).
  const minted = await page.request.post(`${API_ORIGIN}/backoffice/sales-reps/${rep}/cobrowse`, {
    headers: { authorization: `Bearer ${BACKOFFICE_TOKEN}` },
    data: { user, locale: 'de_DE' },
  })
  expect(minted.status()).toBe(201)
  await page.goto((await minted.json()).url)
  await expect(page).toHaveURL(/\/de\/home$/)
  // Every page has the banner, the account's too.
  await page.goto('/de/account/orders')
  const region = page.getByRole('region', { name: t('cobrowse.banner.label') })
  await expect(region.getByText(banner, { exact: true })).toBeVisible()
  await expectFitsWidth(page, 360)
  const end = region.getByRole('button', { name: t('cobrowse.banner.end') })
  await expect(end).toBeInViewport()
  // The skip link first, then the way out of co-browse.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(end).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/de\/home$/)
  await expect(page.getByRole('region', { name: t('cobrowse.banner.label') })).toHaveCount(0)
  // Ended: the account is the customer's again, behind a login.
  await page.goto('/de/account/orders')
  await expect(page).toHaveURL(/\/de\/login\?/)
})
