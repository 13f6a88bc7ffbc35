import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { login } from './checkout-flow'
import { CATALOG_API } from './helpers'

/**
 * The product page's streamed parts (promotions, linked products, recently viewed; ADR 0051) and its links to
 * the other languages. With JavaScript off every part must be in the document itself: React's streamed chunks
 * would need a script to show.
 */

const api = (lang: string) => CATALOG_API.replace('loc=en_US;cur=USD', `loc=${lang};cur=EUR`)

/** An in-stock product with promotions and accessories (the seed's data, not the UI under test). */
async function richProduct(request: APIRequestContext) {
  const tree = await (await request.get(`${CATALOG_API}/categories?view=tree&limit=3`)).json()
  const leaves: string[] = tree.elements.flatMap((top: any) =>
    top.subCategories.flatMap((sub: any) =>
      sub.subCategories.map((leaf: any) => leaf.categoryPath.map((p: { id: string }) => p.id).join('/')),
    ),
  )
  for (const leaf of leaves) {
    const listing = await (
      await request.get(`${CATALOG_API}/categories/${leaf}/products?amount=100&attrs=sku,inStock,mastered`)
    ).json()
    for (const element of listing.elements) {
      const attr = (name: string) => element.attributes.find((a: any) => a.name === name)?.value
      if (attr('inStock') !== true || attr('mastered') === true) continue
      const sku = String(attr('sku'))
      const product = await (await request.get(`${CATALOG_API}/products/${sku}`)).json()
      if (!product.promotions?.length) continue
      const links = await (await request.get(`${CATALOG_API}/products/${sku}/links`)).json()
      const accessories = links.elements.find((l: any) => l.linkType === 'accessory')?.productLinks ?? []
      if (accessories.length > 0) return { sku, name: product.productName as string, accessories }
    }
  }
  throw new Error('no in-stock product with promotions and accessories in the seed')
}

/** An in-stock product without promotions: its promotions' boundary is empty (`<!--$--><!--/$-->`). */
async function productWithoutPromotions(request: APIRequestContext) {
  const listing = await (
    await request.get(`${CATALOG_API}/products?searchTerm=cordless&amount=50&attrs=sku,inStock,mastered`)
  ).json()
  for (const element of listing.elements) {
    const attr = (name: string) => element.attributes.find((a: any) => a.name === name)?.value
    if (attr('inStock') !== true || attr('mastered') === true) continue
    const product = await (await request.get(`${CATALOG_API}/products/${attr('sku')}`)).json()
    if (product.productMaster || product.promotions?.length) continue
    return { sku: String(attr('sku')), name: product.productName as string }
  }
  throw new Error('no in-stock product without promotions in the seed')
}

// With JavaScript, Preact hydrated the empty promotions boundary onto the Compare form and every later action
// onto the element after its own: a button "Compare" named "Add to wishlist: …" (ADR 0051).
test('after hydration each action of a product page is its own, for a guest and a logged-in buyer', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const { sku, name } = await productWithoutPromotions(request)
  for (const buyer of [false, true]) {
    if (buyer) await login(page, 'bbuyer')
    await page.goto(`/en/product/${sku}`)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    if (javaScriptEnabled)
      await expect(page.locator('form.add-to-basket')).toHaveAttribute('data-enhanced', '')
    const buy = page.locator('.product-buy')
    await expect(buy.locator('.product-promotions')).toHaveCount(0)
    await expect(buy.locator('form.compare-form button')).toHaveAccessibleName(`Compare: ${name}`)
    await expect(buy.locator('form.compare-form button')).toHaveText('Compare')
    await expect(buy.locator('form.wishlist-add-form button')).toHaveAccessibleName(
      `Add to wishlist: ${name}`,
    )
    await expect(buy.locator('form.wishlist-add-form button')).toHaveText('Add to wishlist')
    await expect(buy.getByRole('button', { name: /^Compare/ })).toHaveCount(1)
    await expect(buy.getByRole('button', { name: /^Add to wishlist/ })).toHaveCount(1)
    await expect(buy.getByRole('button', { name: 'Compare', exact: true })).toHaveCount(0)
    await expect(buy.locator('form')).toHaveCount(3)
    if (buyer) await expect(buy.locator('.order-template-add a')).toHaveCount(1)
  }
})

/** The product page of `name` with its streamed parts: promotions, the accessory, the delivery date. */
async function expectStreamedParts(page: Page, name: string, accessory: string) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Promotions' }).getByRole('heading').first()).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Accessories' }).getByRole('heading', { name: accessory, exact: true }),
  ).toBeVisible()
  await expect(page.getByTestId('delivery-date')).toHaveText(/^Delivered (by|between) /)
}

test('promotions, accessories, the delivery date and recently viewed are on the product page, with or without JavaScript', async ({
  page,
  request,
}) => {
  const product = await richProduct(request)
  const accessory = product.accessories[0].title as string

  await page.goto(`/en/product/${product.sku}`)
  await expectStreamedParts(page, product.name, accessory)

  // To an accessory's page and back through its "recently viewed" tile: with JavaScript both are page changes
  // whose streamed parts arrive after the page; without, documents.
  await page
    .getByRole('region', { name: 'Accessories' })
    .getByRole('link', { name: accessory, exact: true })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: accessory })).toBeVisible()
  const recently = page.getByRole('region', { name: 'Recently viewed' })
  await expect(recently.getByRole('heading', { name: product.name, exact: true })).toBeVisible()
  await recently.getByRole('link', { name: product.name, exact: true }).first().click()

  await expectStreamedParts(page, product.name, accessory)
  await expect(
    page
      .getByRole('region', { name: 'Recently viewed' })
      .getByRole('heading', { name: accessory, exact: true }),
  ).toBeVisible()
})

test('a document of the product page holds its streamed parts in place, not in chunks a script reveals', async ({
  request,
}) => {
  const product = await richProduct(request)
  const response = await request.get(`/en/product/${product.sku}`)
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toContain('class="product-promotions"')
  expect(html).not.toMatch(/<div hidden id="S:\d+">/)
})

test('the other languages’ links lead to the product’s page in that language', async ({ page, request }) => {
  const product = await richProduct(request)
  await page.goto(`/en/product/${product.sku}`)
  const alternate = (tag: string) => page.locator(`link[rel="alternate"][hreflang="${tag}"]`)
  for (const [lang, locale, tag] of [
    ['de', 'de_DE', 'de-DE'],
    ['fr', 'fr_FR', 'fr-FR'],
  ] as const) {
    const href = await alternate(tag).getAttribute('href')
    const name = (await (await request.get(`${api(locale)}/products/${product.sku}`)).json()).productName
    // The alternate is the page that language names as its canonical URL, showing the product in that language.
    await page.goto(href!)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', href!)
    expect(new URL(href!).pathname).toMatch(new RegExp(`^/${lang}/.+-prd${product.sku}$`))
    await page.goto(`/en/product/${product.sku}`)
  }

  // The header's language switch shows the same product in German, the page the German link names.
  const german = await (await request.get(`${api('de_DE')}/products/${product.sku}`)).json()
  const germanPage = (await alternate('de-DE').getAttribute('href'))!
  await page.locator('.language-switch summary').click()
  await page.getByRole('link', { name: 'Deutsch' }).click()
  await expect(page.getByRole('heading', { level: 1, name: german.productName })).toBeVisible()
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', germanPage)
})
