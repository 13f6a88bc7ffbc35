import { expect, test, type APIRequestContext, type Locator } from '@playwright/test'
import { parseMoney } from './helpers'

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4200}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD`

type Leaf = { id: string; path: string }

/** Leaf categories (three levels deep) through the commerce API, optionally of one top category. */
async function leaves(request: APIRequestContext, top?: string): Promise<Leaf[]> {
  const tree = await (await request.get(`${API}/categories?view=tree&limit=3`)).json()
  return tree.elements
    .filter((t: any) => !top || t.id === top)
    .flatMap((t: any) => t.subCategories.flatMap((sub: any) => sub.subCategories))
    .map((leaf: any) => ({
      id: leaf.categoryPath.map((p: { id: string }) => p.id).join('.'),
      path: leaf.categoryPath.map((p: { id: string }) => p.id).join('/'),
    }))
}

/** SKUs of a leaf's plain products (the test data, not the UI under test). */
async function plainProducts(request: APIRequestContext, leaf: Leaf): Promise<string[]> {
  const listing = await (
    await request.get(
      `${API}/categories/${leaf.path}/products?amount=200&attrs=sku,inStock,mastered,productMaster,productBundle,retailSet`,
    )
  ).json()
  return listing.elements
    .filter((e: any) => !e.attributes.some((a: any) => a.value === true && a.name !== 'inStock'))
    .map((e: any) => e.attributes.find((a: any) => a.name === 'sku').value as string)
}

/** The first plain product whose details (`products/{sku}`) satisfy the test's need. */
async function findProduct(
  request: APIRequestContext,
  wanted: (product: any) => boolean | Promise<boolean>,
  top?: string,
) {
  for (const leaf of await leaves(request, top)) {
    for (const sku of await plainProducts(request, leaf)) {
      const product = await (await request.get(`${API}/products/${sku}`)).json()
      if (await wanted(product)) return product
    }
  }
  throw new Error('no such product in the seed')
}

const priceOf = async (request: APIRequestContext, sku: string) =>
  (await (await request.get(`${API}/productprices?sku=${sku}`)).json()).data[0]?.prices.SalePrice[0]

test('choose a warranty for a power tool, add it to the basket and see it on the basket line', async ({
  page,
  request,
}) => {
  const product = await findProduct(
    request,
    async (p) =>
      p.availableWarranties?.length >= 2 &&
      p.inStock &&
      p.minOrderQuantity === 1 &&
      p.stepOrderQuantity === 1 &&
      (await priceOf(request, p.sku)) !== undefined,
    'Power-Tools',
  )
  // ICM sends warranties as Links: the warranty's id is the Link's itemId, its name the title.
  const link = product.availableWarranties[1]
  const warranty = { id: link.itemId as string, name: link.title as string }
  const [unit, cover] = await Promise.all([priceOf(request, product.sku), priceOf(request, warranty.id)])

  await page.goto(`/en/product/${product.sku}`)
  const choice = page.getByRole('combobox', { name: 'Extended warranty' })
  await expect(choice).toHaveValue('')
  await expect(choice.locator('option:checked')).toHaveText('No warranty')
  await choice.selectOption({ value: warranty.id })
  await page.getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')

  await page.getByTestId('mini-basket').click()
  await expect(page).toHaveURL(/\/en\/basket$/)
  const line = page.getByTestId('basket-line').filter({ hasText: product.productName })
  await expect(line).toHaveCount(1)
  await expect(line.getByTestId('line-warranty')).toContainText(`Warranty: ${warranty.name}`)
  // Anonymous shoppers see gross prices; the warranty is part of the line total (before item promotions).
  const undiscounted = line.getByTestId('line-undiscounted')
  const before = (await undiscounted.count()) ? undiscounted : line.getByTestId('line-total')
  expect(parseMoney((await before.textContent())!)).toBeCloseTo(unit.gross.value + cover.gross.value, 2)
})

test('a product in a promotion shows it, with the legal text folded in', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.promotions?.length > 0)
  const promotion = await (await request.get(`${API}/promotions/${product.promotions[0].itemId}`)).json()

  await page.goto(`/en/product/${product.sku}`)
  const promotions = page.getByRole('region', { name: 'Promotions' })
  await expect(promotions.getByRole('heading', { name: promotion.title })).toBeVisible()
  await expect(promotions.getByText(promotion.longTitle)).toBeVisible()
  await expect(promotions.getByText(promotion.legalContentMessage)).toBeHidden()
  await promotions.getByText('Terms and conditions').click()
  await expect(promotions.getByText(promotion.legalContentMessage)).toBeVisible()
})

test('linked products show as tiles under their link type', async ({ page, request }) => {
  type Links = { elements: { linkType: string; productLinks: { title: string }[] }[] }
  let accessories: { title: string }[] = []
  const product = await findProduct(request, async (p) => {
    const links: Links = await (await request.get(`${API}/products/${p.sku}/links`)).json()
    accessories = links.elements.find((link) => link.linkType === 'accessory')?.productLinks ?? []
    return accessories.length > 0
  })

  await page.goto(`/en/product/${product.sku}`)
  const region = page.getByRole('region', { name: 'Accessories' })
  await expect(region.locator('.product-tile')).toHaveCount(accessories.length)
  await expect(region.getByRole('heading', { name: accessories[0]!.title, exact: true })).toBeVisible()
  await expect(page.getByText('Loading related products…')).toBeHidden()
})

test('a product without a price is on request: no add button, on its page and in the listing', async ({
  page,
  request,
}) => {
  let found: { sku: string; leaf: Leaf } | undefined
  for (const leaf of await leaves(request)) {
    const skus = await plainProducts(request, leaf)
    const priced = (
      await (await request.get(`${API}/productprices?${skus.map((s) => `sku=${s}`).join('&')}`)).json()
    ).data.map((p: { sku: string }) => p.sku)
    const sku = skus.find((s) => !priced.includes(s))
    if (sku) {
      found = { sku, leaf }
      break
    }
  }
  expect(found, 'a product without a price in the seed').toBeDefined()

  await page.goto(`/en/product/${found!.sku}`)
  await expect(page.getByText('Price on request')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add to basket', exact: true })).toHaveCount(0)

  // Sorted by price, products without one come last.
  const listing = await (
    await request.get(`${API}/categories/${found!.leaf.path}/products?amount=1&attrs=sku`)
  ).json()
  const lastPage = Math.ceil(listing.total / 9)
  await page.goto(`/en/category/${found!.leaf.id}?sorting=price-asc&page=${lastPage}`)
  await expect(page.locator('.product-tile').last()).toContainText('Price on request')
})

test('the product picture comes in L and XL sizes with a zoom link to the large picture', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, () => true)
  await page.goto(`/en/product/${product.sku}`)
  const picture = page.locator('.product-zoom img')
  await expect(picture).toHaveAttribute('srcset', /\/247\/\S+ 247w, \S+\/427\/\S+ 427w/)
  await expect(picture).toHaveAttribute('width', '427')
  await expect(picture).toHaveAttribute('height', '427')
  await page.getByRole('link', { name: /View large image/ }).click()
  await expect(page).toHaveURL(new RegExp(`/2000/${product.sku}\\.svg$`))
})

/**
 * The `<time>` elements of a delivery date line: each text is its `datetime` day in the page's language (the
 * server formats it, with JavaScript or without), none before today.
 */
async function expectDeliveryDays(line: Locator, localeTag: string) {
  const format = new Intl.DateTimeFormat(localeTag, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  const days = line.locator('time')
  expect(await days.count()).toBeGreaterThan(0)
  const today = new Date().toISOString().slice(0, 10)
  for (const day of await days.all()) {
    const iso = (await day.getAttribute('datetime'))!
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(iso >= today).toBe(true)
    await expect(day).toHaveText(format.format(new Date(`${iso}T00:00:00Z`)))
  }
}

test('a product in stock says by when it is delivered, in the page’s language', async ({ page, request }) => {
  const product = await findProduct(
    request,
    (p) => p.inStock && Number.isInteger(p.readyForShipmentMax),
    'Power-Tools',
  )
  // The days are the server's: hydration finds the same text (React reports a mismatch as error 418/425).
  const mismatches: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text()))
      mismatches.push(message.text())
  })
  page.on('pageerror', (error) => {
    if (/hydrat|#418|#423|#425/i.test(error.message)) mismatches.push(error.message)
  })
  await page.goto(`/en/product/${product.sku}`)
  const english = page.getByTestId('delivery-date')
  await expect(english).toHaveText(/^Delivered (by \S+ \S+ \d+|between \S+ \S+ \d+ and \S+ \S+ \d+)$/)
  await expectDeliveryDays(english, 'en-US')

  await page.goto(`/de/product/${product.sku}`)
  const german = page.getByTestId('delivery-date')
  await expect(german).toHaveText(/^Lieferung (bis|zwischen) /)
  await expectDeliveryDays(german, 'de-DE')
  await page.waitForLoadState('networkidle')
  expect(mismatches).toEqual([])
})

test('a product out of stock says why it has no delivery date', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.inStock === false)
  await page.goto(`/en/product/${product.sku}`)
  await expect(page.getByText('Out of stock', { exact: true })).toBeVisible()
  await expect(page.getByTestId('delivery-date')).toHaveText(
    'No delivery date while this product is out of stock',
  )
})

test('the product is pictured from several sides: a small picture per view shows that view', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const product = await findProduct(request, () => true)
  await page.goto(`/en/product/${product.sku}`)
  const views = page.locator('.product-thumbnails a')
  await expect(views).toHaveCount(3)
  const side = page.getByRole('link', { name: `${product.productName}, picture 2 of 3` })
  await side.click()
  if (javaScriptEnabled) {
    await expect(page.locator('.product-zoom img')).toHaveAttribute(
      'src',
      new RegExp(`/${product.sku}-side\\.svg$`),
    )
    await expect(side).toHaveAttribute('aria-current', 'true')
  } else {
    await expect(page).toHaveURL(new RegExp(`/2000/${product.sku}-side\\.svg$`))
  }
})
