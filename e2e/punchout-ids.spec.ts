import { expect, test } from '@playwright/test'
import { textsOf } from './helpers'
import { SANDBOX_CREDENTIALS, hookLine, plainProducts, sandboxForm, transferBasket } from './punchout-sandbox'

// Issue 34: IDS Connect 2.5 through the procurement sandbox, as a German trade software opens the shop (a
// form POST from its own page), with and without JavaScript.
test.use({ httpCredentials: SANDBOX_CREDENTIALS })

test('IDS Connect: a WKS cart comes in, a quantity changes, WKE sends both lines back; ADL opens the article', async ({
  page,
}) => {
  test.slow()
  const t = await textsOf('de')
  const [first, second] = await plainProducts(page.request, 2, 'de_DE')

  const ids = await sandboxForm(page, /IDS Connect 2\.5/)
  await expect(ids.getByLabel('Login')).toHaveValue('brightline-ids')
  await ids.getByLabel('action', { exact: true }).selectOption('WKS')
  await ids.getByLabel('ArtNo, line 1').fill(first!.sku)
  await ids.getByLabel('Qty, line 1').fill('2')
  await ids.getByLabel('ArtNo, line 2').fill(second!.sku)
  await ids.getByLabel('Qty, line 2').fill('1')
  await ids.getByRole('button', { name: 'Show the IDS entry' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'IDS Connect entry' })).toBeVisible()
  await page.getByRole('button', { name: 'Open the shop' }).click()

  // The cart's two lines are in the punchout's basket, which says so.
  await expect(page).toHaveURL(/\/de\/basket$/)
  await expect(page.getByRole('status')).toContainText(t('punchout.ids.cart.added_other', { count: 2 }))
  await expect(page.getByRole('link', { name: 'Ingo Punchout' })).toBeVisible()
  await expect(page.getByTestId('basket-line')).toHaveCount(2)
  const quantity = (name: string) =>
    page.getByRole('spinbutton', { name: t('basket.line.quantity_of', { name }) })
  await expect(quantity(first!.name)).toHaveValue('2')
  await expect(quantity(second!.name)).toHaveValue('1')
  await quantity(second!.name).fill('3')
  await page
    .getByTestId('basket-line')
    .filter({ has: quantity(second!.name) })
    .getByRole('button', { name: t('basket.line.update') })
    .click()
  await expect(page.getByRole('status')).toContainText(t('basket.line.updated.message'))
  await expect(quantity(second!.name)).toHaveValue('3')

  await transferBasket(page, 'de')
  await expect(page.getByRole('heading', { level: 1, name: 'IDS basket received' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Lines (2)' })).toBeVisible()
  await expect(hookLine(page, first!.sku).getByRole('cell').nth(3)).toHaveText('2')
  await expect(hookLine(page, second!.sku).getByRole('cell').nth(3)).toHaveText('3')
  await expect(page.getByText('None: the transfer keeps to the format.')).toBeVisible()

  // ADL: the deep link with an article number opens that product.
  const adl = await sandboxForm(page, /IDS Connect 2\.5/)
  await adl.getByLabel('action', { exact: true }).selectOption('ADL')
  await adl.getByLabel('ghnummer (ADL)').fill(first!.sku)
  await adl.getByRole('button', { name: 'Show the IDS entry' }).click()
  await page.getByRole('button', { name: 'Open the shop' }).click()
  await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible()
  await expect(page).toHaveURL(/\/de\//)
})
