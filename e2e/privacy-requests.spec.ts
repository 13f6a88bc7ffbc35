import { expect, test } from '@playwright/test'
import { BACKOFFICE_TOKEN } from '../playwright.config'
import { newBuyer, readyBasketThroughApi, submitThroughApi } from './business-buyers'
import { login } from './checkout-flow'
import { API_ORIGIN, DEMO_PASSWORD, expectAccessible, expectFitsWidth, mailLinks, textsOf } from './helpers'

/**
 * Data-protection requests (issue 33), with JavaScript on and off: a user asks for a copy of their data on the
 * account page, confirms it with the mailed link and reads the copy (page and JSON file); another asks for the
 * deletion of theirs on the German page, confirms, is logged out and cannot log in again, while their order
 * stays in the back office. Each test makes its own Brightline user, so runs never collide.
 */
const isConfirmationLink = (link: string) => link.includes('/gdpr-requests?')

test('a copy of one’s data is asked for, confirmed by the mailed link and read as a page and a file', async ({
  page,
}) => {
  const { login: user } = await newBuyer(page, { prefix: 'gdprcopy' })
  await login(page, user)
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/en/account')
  await page.getByRole('link', { name: 'Data protection' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Data protection' })).toBeVisible()
  await expect(page.getByText('You have not made any request yet.')).toBeVisible()
  await expectFitsWidth(page, 360)
  await expectAccessible(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  await page.getByRole('button', { name: 'Ask for a copy' }).click()
  await expect(page.getByText('We have sent you an e-mail.')).toBeVisible()
  await expect(page.getByTestId('privacy-request')).toContainText('Waiting for your confirmation')

  const [link] = (await mailLinks(page, `${user}@brightline.test`, isConfirmationLink)).filter(
    isConfirmationLink,
  )
  await page.goto(link!)
  await expect(page.getByRole('heading', { level: 1, name: 'Data-protection request' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Confirm request' }).click()
  await expect(page.getByTestId('gdpr-request-outcome')).toHaveText(
    'Thank you: your request has been confirmed and carried out.',
  )
  await page.getByRole('link', { name: 'Open my copy' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your personal data' })).toBeVisible()
  await expect(page.getByText(`${user}@brightline.test`)).toBeVisible()
  await expectAccessible(page)
  const file = await page.request.get(
    (await page.getByRole('link', { name: 'Download as JSON file' }).first().getAttribute('href'))!,
  )
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="personal-data-/)
  expect((await file.json()).user.login).toBe(user)
})

test('a deletion confirmed by its link logs the user out for good and keeps their order', async ({
  page,
}) => {
  const de = await textsOf('de')
  const { login: user } = await newBuyer(page, { prefix: 'gdprdel' })
  const order = await submitThroughApi(page, await readyBasketThroughApi(page, user))
  await login(page, user)
  await page.goto('/de/account/privacy')
  await expect(page.getByRole('heading', { level: 1, name: de('account.privacy.title') })).toBeVisible()
  // Without the box ticked nothing is asked.
  await page.getByRole('button', { name: de('account.privacy.deletion.button') }).click()
  await expect(page.getByText(de('account.privacy.deletion.confirm.error.required')).first()).toBeVisible()
  await page.getByLabel(de('account.privacy.deletion.confirm.label')).check()
  await page.getByRole('button', { name: de('account.privacy.deletion.button') }).click()
  await expect(page.getByText(de('account.privacy.requested.message'))).toBeVisible()
  await expectAccessible(page)

  const [link] = (await mailLinks(page, `${user}@brightline.test`, isConfirmationLink)).filter(
    isConfirmationLink,
  )
  await page.goto(link!)
  await page.getByRole('button', { name: 'Confirm request' }).click()
  await expect(page.getByTestId('gdpr-request-outcome')).toHaveText(
    'Thank you: your request has been confirmed and carried out.',
  )
  await expect(page.getByText('You have been logged out.')).toBeVisible()
  await page.goto('/en/account')
  await expect(page).toHaveURL(/\/en\/login/)

  await page.getByLabel('E-mail address or user name').fill(user)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/en\/login/)
  await expect(page.getByRole('alert').first()).toBeVisible()

  const kept = await page.request.get(`${API_ORIGIN}/backoffice/orders/${order.documentNumber}`, {
    headers: { Authorization: `Bearer ${BACKOFFICE_TOKEN}` },
  })
  expect(kept.status()).toBe(200)
})
