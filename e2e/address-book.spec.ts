import { expect, test, type Page } from '@playwright/test'
import { newBuyer, switchUser } from './business-buyers'
import { login, startCheckout } from './checkout-flow'
import { apiToken, expectAccessible, expectFitsWidth, REST } from './helpers'

/**
 * The account's address book (issue 33; spec commerce-and-checkout §3, §5, §8), with JavaScript on and off: a
 * new Brightline buyer adds an address, edits it, makes it the preferred shipping address, cannot delete it
 * then, deletes another one, and shares the first with a colleague by partner number; the colleague sees it
 * (not to change) in the address book, in German too, and can choose it at checkout. Each project makes its
 * own two buyers.
 */

/** The partner number user management gives a user (the API's `businessPartnerNo`). */
async function partnerNumber(page: Page, login: string) {
  const answer = await page.request.get(`${REST}/customers/BC-200001/users/${login}`, {
    headers: { 'authentication-token': await apiToken(page.request, 'jlink') },
  })
  expect(answer.status()).toBe(200)
  return (await answer.json()).businessPartnerNo as string
}

async function addAddress(page: Page, fields: { first: string; last: string; street: string; city: string }) {
  const form = page.getByRole('form', { name: 'Add a new address' })
  if (!(await form.isVisible())) await page.locator('summary', { hasText: 'Add a new address' }).click()
  await form.getByLabel('First name').fill(fields.first)
  await form.getByLabel('Last name').fill(fields.last)
  await form.getByLabel('Street and number').fill(fields.street)
  await form.getByLabel('Postal code').fill('80331')
  await form.getByLabel('City').fill(fields.city)
  await form.getByRole('button', { name: 'Save the address' }).click()
  await expect(page.getByRole('status')).toContainText('The new address has been created.')
}

const card = (page: Page, text: string) => page.getByTestId('address-card').filter({ hasText: text })

test('a buyer keeps an address book and shares an address with a colleague, who then uses it', async ({
  page,
}) => {
  test.slow()
  const owner = await newBuyer(page, { prefix: 'adr' })
  const colleague = await newBuyer(page, { prefix: 'ads' })
  const colleagueNo = await partnerNumber(page, colleague.login)
  const street = `Adlerweg ${Date.now() % 1000}`

  await login(page, owner.login)
  await page.goto('/en/account')
  await page.getByRole('link', { name: 'Address book' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible()
  // The company's addresses are there, not the owner's to change.
  await expect(card(page, 'Company address').first()).toBeVisible()
  await expect(card(page, 'Company address').first().getByRole('link', { name: /^Edit/ })).toHaveCount(0)

  await addAddress(page, { first: 'Anna', last: 'Adler', street, city: 'München' })
  const anna = card(page, street)
  await expect(anna).toContainText(`Owner: ${owner.login}`)

  await anna.getByRole('link', { name: 'Edit the address of Anna Adler' }).click()
  const edit = page.getByRole('form', { name: 'Edit the address' })
  await edit.getByLabel('City').fill('Freising')
  await edit.getByLabel('Postal code').fill('85354')
  await edit.getByRole('button', { name: 'Save the changes' }).click()
  await expect(page.getByRole('status')).toContainText('The address has been updated.')
  await expect(anna).toContainText('85354 Freising')

  await anna
    .getByRole('button', { name: 'Make the address of Anna Adler my preferred shipping address' })
    .click()
  await expect(page.getByRole('status')).toContainText('Your preferred shipping address has been saved.')
  await expect(anna).toContainText('Preferred shipping address')

  // The preferred address cannot go.
  await anna.getByRole('link', { name: 'Delete the address of Anna Adler' }).click()
  await page
    .getByRole('alertdialog', { name: 'Delete this address?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.locator('.toasts')).toContainText('preferred invoice or shipping address')
  await expect(anna).toBeVisible()

  await addAddress(page, { first: 'Bruno', last: 'Adler', street: 'Brunnenstraße 3', city: 'München' })
  await card(page, 'Bruno').getByRole('link', { name: 'Delete the address of Bruno Adler' }).click()
  await page
    .getByRole('alertdialog', { name: 'Delete this address?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByRole('status')).toContainText('The address has been deleted.')
  await expect(card(page, 'Bruno')).toHaveCount(0)

  await anna.getByRole('link', { name: 'Share the address of Anna Adler' }).click()
  const share = page.getByRole('form', { name: 'Share the address' })
  await share.getByRole('radio', { name: 'These users (partner numbers)' }).check()
  await share.getByLabel('Their partner numbers').fill(colleagueNo)
  await share.getByRole('button', { name: 'Save the sharing' }).click()
  await expect(page.getByRole('status')).toContainText('The sharing of the address has been saved.')
  await expect(anna).toContainText(`Shared with: ${colleagueNo}`)
  await expectAccessible(page)
  if (test.info().project.name === 'js-on') {
    await page.setViewportSize({ width: 360, height: 740 })
    await expectFitsWidth(page, 360)
    await page.setViewportSize({ width: 1280, height: 800 })
  }

  // The colleague sees it, shared and not theirs to change, in German too, and can choose it at checkout.
  await switchUser(page, colleague.login)
  await page.goto('/de/account/addresses')
  await expect(page.getByRole('heading', { level: 1, name: 'Adressbuch' })).toBeVisible()
  const shared = card(page, street)
  await expect(shared).toContainText(`Inhaber: ${owner.login}`)
  await expect(shared).toContainText(`Freigegeben für: ${colleagueNo}`)
  await expect(shared.getByRole('link')).toHaveCount(0)
  // Theirs to prefer, though: checkout then starts with it.
  await shared
    .getByRole('button', { name: 'Adresse von Anna Adler als bevorzugte Lieferadresse festlegen' })
    .click()
  await expect(page.locator('.toasts')).toContainText('Ihre bevorzugte Lieferadresse wurde gespeichert.')
  await startCheckout(page)
  const shipping = page.getByRole('group', { name: 'Shipping address' })
  await expect(shipping.getByRole('radio', { name: new RegExp(street) })).toBeChecked()
})
