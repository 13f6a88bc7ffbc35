import { expect, test } from '@playwright/test'
import { switchUser } from './business-buyers'
import { expectAccessible, expectFitsWidth, textsOf } from './helpers'

// Issue 34: the company's account admin manages its punchout users and OCI field mapping, from the account
// overview, with and without JavaScript, at 360 px and by keyboard.
test('an account admin creates, finds and deletes an OCI punchout user, and sees the OCI mapping', async ({
  page,
}, testInfo) => {
  // One walk through five pages and two languages: longer than the default minute on a busy CI machine.
  test.slow()
  const login = `e2e-oci-${testInfo.project.name}-${Date.now().toString(36)}`
  await switchUser(page, 'jlink')
  await page.goto('/en/account')
  await page.getByRole('link', { name: 'Punchout', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Punchout' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Punchout formats' }).getByRole('link', { name: 'OCI' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'OCI users' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'brightline-oci' })).toBeVisible()
  await expectAccessible(page)

  // By keyboard: "Add user" is reachable with Tab and opens the form.
  const add = page.getByRole('link', { name: 'Add user' })
  await add.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'New punchout user' })).toBeVisible()
  await page.getByLabel('User name').fill(login)
  await page.getByLabel('Password', { exact: true }).fill('Punch!2026')
  await page.getByLabel('Repeat password').fill('Punch!2027')
  await page.getByRole('button', { name: 'Create user' }).click()
  // Two passwords that differ stay on the form, said at the field.
  await expect(page.getByText('The passwords do not match.', { exact: true })).toBeVisible()
  await expect(page.getByLabel('User name')).toHaveValue(login)
  await page.getByLabel('Password', { exact: true }).fill('Punch!2026')
  await page.getByLabel('Repeat password').fill('Punch!2026')
  await page.getByRole('button', { name: 'Create user' }).click()
  await expect(page.getByText(`The punchout user ${login} was created.`)).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: login })).toContainText('Active')

  // At 360 px the list and the OCI mapping fit the screen.
  await page.setViewportSize({ width: 360, height: 740 })
  await expectFitsWidth(page, 360)
  await page.getByRole('link', { name: 'OCI configuration' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'OCI configuration' })).toBeVisible()
  const description = page.getByRole('group', { name: 'NEW_ITEM-DESCRIPTION' })
  await expect(description.getByLabel('Value', { exact: true })).toHaveValue(/\{ProductShortName\}/)
  await expectFitsWidth(page, 360)
  await expectAccessible(page)
  await page.setViewportSize({ width: 1280, height: 800 })

  // Deleting asks first, then the user is gone.
  await page.goto('/en/account/punchout?type=oci')
  await page.getByRole('link', { name: `Edit ${login}` }).click()
  await page.getByRole('link', { name: 'Delete user' }).click()
  await expect(page.getByText(`Really delete the punchout user ${login}?`)).toBeVisible()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText(`The punchout user ${login} was deleted.`)).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: login })).toHaveCount(0)

  // The same pages in German.
  const de = await textsOf('de')
  await page.goto('/de/account/punchout?type=oci')
  await expect(page.getByRole('link', { name: de('account.punchout.user.add') })).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 2, name: de('account.punchout.user.list.heading', { type: 'OCI' }) }),
  ).toBeVisible()
})
