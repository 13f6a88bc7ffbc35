import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { generateCatalog } from '../commerce-api/db/seed/generate'
import { mandatoryDemo } from '../commerce-api/db/seed/mandatory-links'
import { productExtras } from '../commerce-api/db/seed/product-extras'

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4200}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD`

// The e2e shop is seeded with 1500 products (playwright.config.ts); the demo products follow from that.
const catalog = generateCatalog({ productCount: 1500 })
const demo = mandatoryDemo(catalog, productExtras(catalog))!

const nameOf = async (request: APIRequestContext, sku: string) =>
  ((await (await request.get(`${API}/products/${sku}`)).json()) as { productName: string }).productName

async function names(request: APIRequestContext, skus: string[]) {
  return Promise.all(skus.map((sku) => nameOf(request, sku)))
}

/** A pattern that finds a product name inside a longer accessible name. */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))

/** With JavaScript, waits until the product page's add form is handled by it (hydrated), then adds. */
async function addOnProductPage(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator('form.add-to-basket')).toHaveAttribute('data-enhanced', '')
  await page.getByRole('button', { name: 'Add to basket', exact: true }).click()
}

/** The prompt (page or modal): one selection, the accessories as they are; then back on the basket page. */
async function choose(scope: Page | ReturnType<Page['getByRole']>, selection: string) {
  await scope.getByRole('radio', { name: containing(selection) }).check()
  await scope.getByRole('button', { name: 'Add the chosen products' }).click()
}

test('a product with mandatory items asks for them after the add, and its lines belong together', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const [parent, , second, , accessory] = await names(request, [
    demo.both.sku,
    ...demo.both.selections,
    ...demo.both.accessories,
  ])
  await page.goto(`/en/prd${demo.both.sku}`)
  await expect(page.getByRole('heading', { level: 1, name: parent })).toBeVisible()
  await addOnProductPage(page, javaScriptEnabled)

  // Without JavaScript the add leads to the prompt page; with it the same prompt opens in a modal.
  const prompt = javaScriptEnabled ? page.getByRole('dialog') : page.getByRole('main')
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/en\/basket\/mandatory\/[0-9a-f-]{36}$/)
  await expect(prompt.getByRole('heading', { name: `Complete ${parent}` })).toBeVisible()
  const selections = prompt.getByRole('group', { name: 'Choose one (required)' })
  await expect(selections.getByRole('radio')).toHaveCount(3)
  const accessories = prompt.getByRole('group', { name: 'Required accessories' })
  await expect(accessories.getByRole('checkbox', { name: containing(accessory!) })).toBeChecked()
  await choose(prompt, second!)

  await expect(page).toHaveURL(/\/en\/basket$/)
  await expect(
    page.getByRole('status').filter({
      hasText: `${second} and ${accessory} have been added to your basket`,
    }),
  ).toBeVisible()
  const lines = page.getByTestId('basket-line')
  await expect(lines).toHaveCount(3)
  await expect(lines.nth(0)).toContainText(parent!)
  await expect(lines.nth(1)).toContainText(second!)
  await expect(lines.nth(1)).toContainText(`Required for ${parent}`)
  await expect(lines.nth(2)).toContainText(accessory!)
  await expect(page.getByRole('note')).toHaveCount(0)

  // Removing the product removes what was chosen for it.
  await lines
    .nth(0)
    .getByRole('button', { name: `Remove ${parent}` })
    .click()
  await expect(page.getByText('Your basket is empty.')).toBeVisible()
})

test('an open choice keeps checkout closed until it is made from the basket', async ({ page, request }) => {
  const [parent, first] = await names(request, [demo.selectionOnly.sku, demo.selectionOnly.selections[0]!])
  // The add-items link adds without asking; the basket asks instead.
  await page.goto(`/en/basket?addItems=${demo.selectionOnly.sku}|2`)
  const line = page.getByTestId('basket-line')
  await expect(line).toHaveCount(1)
  await expect(line.getByRole('note')).toContainText('This product still needs one of its required choices.')

  await page.getByRole('button', { name: 'Checkout' }).click()
  // The basket comes back at the reason, on the screen (and, with JavaScript, focused), wherever it sits.
  await expect(page).toHaveURL(/\/en\/basket\?error=true#checkout-blocked$/)
  const reason = page
    .getByRole('alert')
    .filter({ hasText: 'A product in your basket still needs one of its required choices.' })
  await expect(reason).toBeInViewport()
  if (test.info().project.name === 'js-on') await expect(page.locator('#checkout-blocked')).toBeFocused()

  await page.getByRole('link', { name: `Choose what ${parent} needs` }).click()
  await expect(page).toHaveURL(/\/en\/basket\/mandatory\//)
  await expect(page.getByRole('heading', { level: 1, name: `Complete ${parent}` })).toBeVisible()
  await choose(page, first!)
  await expect(page).toHaveURL(/\/en\/basket$/)
  const lines = page.getByTestId('basket-line')
  await expect(lines).toHaveCount(2)
  // Chosen in the parent line's quantity.
  await expect(lines.nth(1)).toContainText(`Required for ${parent}`)
  await expect(lines.nth(1).getByRole('spinbutton')).toHaveValue('2')
  await expect(page.getByRole('note')).toHaveCount(0)

  await page.getByRole('button', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/address$/)
})

test('the modal can be left for later; the basket keeps asking @js-only', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const [parent, ...accessories] = await names(request, [
    demo.accessoriesOnly.sku,
    ...demo.accessoriesOnly.accessories,
  ])
  await page.goto(`/en/prd${demo.accessoriesOnly.sku}`)
  await addOnProductPage(page, javaScriptEnabled)
  const dialog = page.getByRole('dialog', { name: `Complete ${parent}` })
  await expect(dialog).toBeVisible()
  // No selection here: the accessories only, each checked.
  await expect(dialog.getByRole('radio')).toHaveCount(0)
  for (const name of accessories)
    await expect(dialog.getByRole('checkbox', { name: containing(name) })).toBeChecked()
  await dialog.getByRole('button', { name: 'Decide later' }).click()
  await expect(dialog).toBeHidden()
  // The shopper stays on the product page.
  await expect(page.getByRole('heading', { level: 1, name: parent })).toBeVisible()

  await page.goto('/en/basket')
  await expect(page.getByRole('note')).toContainText('This product still needs its required accessories.')
  await page.getByRole('link', { name: `Choose what ${parent} needs` }).click()
  // Only one of the two accessories: the basket still asks for the other.
  await page.getByRole('checkbox', { name: containing(accessories[1]!) }).uncheck()
  await page.getByRole('button', { name: 'Add the chosen products' }).click()
  await expect(page).toHaveURL(/\/en\/basket$/)
  await expect(page.getByTestId('basket-line')).toHaveCount(2)
  await expect(page.getByRole('note')).toContainText('This product still needs its required accessories.')
})
