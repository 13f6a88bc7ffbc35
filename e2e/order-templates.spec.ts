import { expect, test } from '@playwright/test'
import { newBuyer, readyBasketThroughApi, submitThroughApi } from './business-buyers'
import { login } from './checkout-flow'
import { expectAccessible, expectFitsWidth, openOrderableProduct, textsOf } from './helpers'

/**
 * Order templates (issue 36, feature orderTemplates, ADR 0041), with JavaScript on and off: a new Brightline
 * buyer saves an order as a template from the order's page, edits a quantity, renames it, puts it into the
 * basket in one add (the toast names the template), saves the basket as another template in German, adds a
 * product from its page, and deletes a template; the pages fit 360 px and pass axe. The fitting of quantities
 * and the naming of refusals are the storefront-api test's (tests/storefront-api/order-templates.test.ts).
 */
test('an order becomes a template: edit, rename, into the basket, then the basket saved in German, delete', async ({
  page,
}, info) => {
  test.slow()
  const buyer = await newBuyer(page, { prefix: 'tpl' })
  const order = await submitThroughApi(page, await readyBasketThroughApi(page, buyer.login))
  await login(page, buyer.login)
  const title = `Restock ${info.project.name}`

  // The order's page: "Save as order template".
  await page.goto(`/en/account/orders/${encodeURIComponent(order.id)}`)
  const save = page.getByRole('region', { name: 'Save as order template' })
  await save.getByLabel('Name of the order template').fill(title)
  await save.getByRole('button', { name: 'Save as order template' }).click()
  await expect(page.getByRole('status')).toContainText(
    `The order was saved as the order template “${title}” with 1 product.`,
  )
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const templateUrl = page.url()
  expect(new URL(templateUrl).pathname).toMatch(/^\/en\/account\/order-templates\/[0-9a-f-]{36}$/)
  const line = page.locator('.wishlist-line').first()
  const product = (await line.getByRole('heading', { level: 3 }).innerText()).trim()

  // Edit the quantity, then rename.
  await line.getByLabel('Quantity').fill('3')
  await line.getByRole('button', { name: `Update: ${product}` }).click()
  await expect(page.getByRole('status')).toContainText('now has the quantity 3.')
  await expect(page.locator('.wishlist-line').first().getByLabel('Quantity')).toHaveValue('3')
  const renamed = `${title} (weekly)`
  await page.getByLabel('Name', { exact: true }).fill(renamed)
  await page.getByRole('button', { name: 'Rename', exact: true }).click()
  await expect(page.getByRole('status')).toContainText(`The order template is now called “${renamed}”.`)
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible()
  await expectAccessible(page)
  if (info.project.name === 'js-on') {
    await page.setViewportSize({ width: 360, height: 740 })
    await expectFitsWidth(page, 360)
    await page.setViewportSize({ width: 1280, height: 800 })
  }

  // Into the basket in one add.
  await page.getByRole('button', { name: 'Add all to basket' }).click()
  await expect(page).toHaveURL(/\/en\/basket$/)
  await expect(page.getByRole('status')).toContainText(`of the template “${renamed}” is in your basket.`)
  const basketLine = page.getByTestId('basket-line').filter({ hasText: product })
  await expect(basketLine).toHaveCount(1)
  // The template's 3: the ordered basket went with the order, the buyer's basket was empty.
  await expect(basketLine.getByRole('spinbutton').first()).toHaveValue('3')

  // The basket saved as a template, in German.
  const de = await textsOf('de')
  await page.goto('/de/basket')
  const deSave = page.getByRole('region', { name: de('order_templates.save.heading') })
  const germanTitle = `Warenkorb ${info.project.name}`
  await deSave.getByLabel(de('order_templates.save.title_label')).fill(germanTitle)
  await deSave.getByRole('button', { name: de('order_templates.save.submit') }).click()
  await expect(page.getByRole('heading', { level: 1, name: germanTitle })).toBeVisible()
  await expect(page.getByRole('status')).toContainText(`„${germanTitle}“`)
  await expect(page.locator('.wishlist-line')).toHaveCount(1)
  await page.goto('/de/account/order-templates')
  await expect(
    page.getByRole('heading', { level: 1, name: de('account.order_templates.title') }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: germanTitle })).toBeVisible()
  await expect(page.getByRole('link', { name: renamed })).toBeVisible()
  await expectAccessible(page)

  // The list in English: the account links to it; delete the German one.
  await page.goto('/en/account')
  await page.getByRole('link', { name: 'My order templates' }).click()
  await expect(page).toHaveURL(/\/en\/account\/order-templates$/)
  await page.getByRole('button', { name: `Delete: ${germanTitle}` }).click()
  await expect(page.getByRole('status')).toContainText('The order template was deleted.')
  await expect(page.getByRole('link', { name: germanTitle })).toHaveCount(0)
  if (info.project.name === 'js-on') {
    await page.setViewportSize({ width: 360, height: 740 })
    await expectFitsWidth(page, 360)
    await expectAccessible(page)
  }
})

test('a product page adds the product to a new or an existing template', async ({ page }, info) => {
  const buyer = await newBuyer(page, { prefix: 'tplp' })
  await login(page, buyer.login)
  await page.goto('/en/account/order-templates')
  await expect(page.getByText('You have no order templates yet.', { exact: false })).toBeVisible()
  const title = `Spares ${info.project.name}`
  await page.getByLabel('Name of the order template').fill(title)
  await page.getByRole('button', { name: 'Create order template' }).click()
  await expect(page.getByRole('status')).toContainText(`The order template “${title}” was created.`)
  await expect(page.getByText('This order template is empty.', { exact: false })).toBeVisible()

  // An orderable product, from its page.
  const name = await openOrderableProduct(page)
  const productUrl = page.url()
  await page.getByRole('link', { name: `Add to order template: ${name}` }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `Add “${name}” to an order template` }),
  ).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Order template', { exact: true }).selectOption({ label: title })
  await page.getByLabel('Quantity').fill('2')
  await page.getByRole('button', { name: 'Add to order template' }).click()
  await expect(page).toHaveURL(productUrl)
  await expect(page.getByRole('status')).toContainText(`was added to the order template “${title}”.`)

  await page.goto('/en/account/order-templates')
  await expect(page.getByText('1 product')).toBeVisible()
  await page.getByRole('link', { name: title }).click()
  await expect(page.getByRole('link', { name })).toBeVisible()
  await page.getByRole('button', { name: `Remove: ${name}` }).click()
  await expect(page.getByRole('status')).toContainText('was removed from the order template.')
  await expect(page.getByRole('link', { name })).toHaveCount(0)
})
