import { expect, test } from '@playwright/test'
import { CATALOG_API as API, findProducts } from './helpers'

test('a bundle shows its parts with quantities', async ({ page, request }) => {
  // In stock, so that it can be added.
  const sku = await findProducts(request, 'productBundle', { inStock: true })
  await page.goto(`/en/product/${sku}`)
  await expect(page).toHaveURL(new RegExp(`-prd${sku}$`))
  const parts = page.getByRole('region', { name: 'This bundle contains' })
  await expect(parts.getByRole('listitem')).not.toHaveCount(0)
  await expect(parts.getByRole('listitem').first()).toContainText('×')
  await expect(page.getByRole('button', { name: 'Add to basket', exact: true }).first()).toBeVisible()
})

test('a retail set lists its parts, each addable to the basket', async ({ page, request }) => {
  const sku = await findProducts(request, 'retailSet')
  await page.goto(`/en/product/${sku}`)
  const parts = page.getByRole('region', { name: 'This set consists of' })
  const addable = parts
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Add to basket', exact: true }) })
  await expect(addable.first()).toBeVisible()
  const partName = (await addable.first().getByRole('link').first().textContent())!.trim()
  await addable.first().getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')
  await expect(page).toHaveURL(new RegExp(`-prd${sku}$`))
  await page.getByTestId('mini-basket').click()
  await expect(page.getByTestId('basket-line')).toContainText(partName)
})

test('a master names its default variation, and a variation switches to another by its attribute values', async ({
  page,
  request,
}) => {
  const sku = await findProducts(request, 'productMaster')
  await page.goto(`/en/product/${sku}`)
  await expect(page.getByText('This product comes in variations')).toBeVisible()
  const selection = page.getByRole('region', { name: 'Variations' })
  // Nothing is chosen on the master itself.
  await expect(selection.locator('[aria-current="true"]')).toHaveCount(0)
  const defaultLink = selection.getByRole('link', { name: /^Default variation: / })
  const defaultValue = (await defaultLink.textContent())!.replace('Default variation: ', '').trim()
  await defaultLink.click()

  const chosen = page.getByRole('region', { name: 'Variations' }).locator('[aria-current="true"]')
  await expect(chosen).toHaveCount(1)
  await expect(chosen).toContainText(defaultValue)
  const attribute = page.getByRole('region', { name: 'Variations' }).getByRole('group').first()
  const other = attribute.getByRole('link').first()
  const otherValue = (await other.textContent())!.trim()
  await other.click()
  await expect(chosen).toContainText(otherValue)
  expect(otherValue).not.toBe(defaultValue)
  // Every variation has its own crawlable canonical URL: the one the selection linked to.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`${page.url().split('/en/')[1]}$`),
  )
  // The demo variations are named after their value.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(otherValue)
})

test('a master lists all its variants as tiles and filters them by a variation attribute', async ({
  page,
  request,
}) => {
  const sku = await findProducts(request, 'productMaster')
  const variants = await (await request.get(`${API}/products?MasterSKU=${sku}&amount=1`)).json()
  await page.goto(`/en/product/${sku}`)
  const all = page.getByRole('region', { name: 'All variants' })
  await expect(all.locator('.product-tile')).toHaveCount(Math.min(6, variants.total))
  await expect(all.locator('#listing-title')).toHaveText(`${variants.total} variants`)

  const facet = all.locator('.facet').first()
  const count = Number((await facet.locator('.facet-count').textContent())!.replace(/\D/g, ''))
  await facet.click()
  await expect(page).toHaveURL(/filters=/)
  await expect(all.locator('.product-tile')).toHaveCount(count)
  // The filtered listing stays on the master's page with its canonical URL.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /-prd\d+$/)

  await all.locator('.product-tile').first().getByRole('link').first().click()
  await expect(
    page.getByRole('region', { name: 'Variations' }).locator('[aria-current="true"]'),
  ).toBeVisible()
})
