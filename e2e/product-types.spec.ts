import { expect, test, type APIRequestContext } from '@playwright/test'

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4200}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD`

/** Finds products of a kind through the commerce API's category listings (test data, not the UI under test). */
async function findProducts(
  request: APIRequestContext,
  flag: 'retailSet' | 'productBundle' | 'productMaster',
) {
  const tree = await (await request.get(`${API}/categories?view=tree&limit=3`)).json()
  const leaves = tree.flatMap((top: any) => top.subCategories.flatMap((sub: any) => sub.subCategories))
  for (const leaf of leaves) {
    const path = leaf.categoryPath.map((p: { id: string }) => p.id).join('/')
    const listing = await (
      await request.get(`${API}/categories/${path}/products?amount=200&attrs=sku,${flag}`)
    ).json()
    const hit = listing.elements.find((e: any) =>
      e.attributes.some((a: any) => a.name === flag && a.value === true),
    )
    if (hit) return hit.attributes.find((a: any) => a.name === 'sku').value as string
  }
  throw new Error(`no product with ${flag}`)
}

test('a bundle shows its parts with quantities', async ({ page, request }) => {
  const sku = await findProducts(request, 'productBundle')
  await page.goto(`/en/product/${sku}`)
  await expect(page).toHaveURL(new RegExp(`-prd${sku}$`))
  const parts = page.getByRole('region', { name: 'This bundle contains' })
  await expect(parts.getByRole('listitem')).not.toHaveCount(0)
  await expect(parts.getByRole('listitem').first()).toContainText('×')
  await expect(page.getByRole('button', { name: 'Add to basket' }).first()).toBeVisible()
})

test('a retail set lists its parts, each addable to the basket', async ({ page, request }) => {
  const sku = await findProducts(request, 'retailSet')
  await page.goto(`/en/product/${sku}`)
  const parts = page.getByRole('region', { name: 'This set consists of' })
  const addable = parts
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Add to basket' }) })
  await expect(addable.first()).toBeVisible()
  const partName = (await addable.first().getByRole('link').first().textContent())!.trim()
  await addable.first().getByRole('button', { name: 'Add to basket' }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')
  await expect(page).toHaveURL(new RegExp(`-prd${sku}$`))
  await page.getByTestId('mini-basket').click()
  await expect(page.getByTestId('basket-line')).toContainText(partName)
})

test('a master leads to its variations, and a variation to its siblings', async ({ page, request }) => {
  const sku = await findProducts(request, 'productMaster')
  await page.goto(`/en/product/${sku}`)
  await expect(page.getByText('This product comes in variations')).toBeVisible()
  const variations = page.getByRole('region', { name: 'Variations' })
  const first = variations.getByRole('link').first()
  const label = (await first.textContent())!.trim()
  await first.click()
  await expect(
    page.getByRole('region', { name: 'Variations' }).locator('[aria-current="true"]'),
  ).toContainText(label)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`${page.url().split('/en/')[1]}$`),
  )
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
