import { expect, test, type Locator, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from './helpers'

/**
 * Screens that feel finished (issue 32): measured in the browser, not looked at. The German navigation fits
 * one row at 1280 px, a logged-in header takes at most two rows, the home grids leave no empty slot, the
 * phone's checkout steps stay in one row, the organization's forms are laid out as the checkout's with German
 * hyphenation, and the "You save" text of a basket line is readable (contrast).
 */

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4200}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD`

/** How many rows the elements take: one starting below the lowest bottom of the row before opens a new row. */
async function rowsOf(elements: Locator) {
  const boxes = (await elements.evaluateAll((all) =>
    all
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .map((box) => ({ top: box.top, bottom: box.bottom })),
  )) as { top: number; bottom: number }[]
  boxes.sort((a, b) => a.top - b.top)
  let rows = 0
  let bottom = -Infinity
  for (const box of boxes) {
    if (box.top >= bottom - 1) {
      rows++
      bottom = box.bottom
    } else bottom = Math.max(bottom, box.bottom)
  }
  return rows
}

/** Empty slots in the last row of each grid: columns counted by the items' left edges. */
async function emptySlots(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((grids) =>
    grids.map((grid) => {
      const items = [...grid.children].map((item) => item.getBoundingClientRect())
      const columns = new Set(items.map((box) => Math.round(box.left))).size
      const rows = new Set(items.map((box) => Math.round(box.top))).size
      return columns * rows - items.length
    }),
  )
}

/** The header bar's parts: logo, search, each account link, the basket and the language switch. */
const headerParts = (page: Page) =>
  page.locator(
    '.header-bar > :not(.header-utility), .header-utility > :not(.header-links), .header-utility > .header-links > *',
  )

test('German home: the categories in one row at 1280 px, no empty slot in its grids, list prices in line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/de/home')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  const categories = page.locator('.nav-level-0 > li')
  await expect(categories).toHaveCount(6)
  expect(await rowsOf(categories)).toBe(1)
  expect(await rowsOf(headerParts(page))).toBe(1)
  for (const width of [1280, 1024, 800, 360]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await emptySlots(page, '.category-grid, .product-grid'), `${width} px`).toEqual([0, 0])
  }

  // The list view: every row's price starts at the same x, however long the product's name.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/de/search?searchTerm=bohrer&view=list')
  const prices = page.locator('.product-list .product-tile > .price')
  await expect(prices.first()).toBeVisible()
  const lefts = await prices.evaluateAll((all) => all.map((e) => Math.round(e.getBoundingClientRect().left)))
  expect(lefts.length).toBeGreaterThan(3)
  expect(new Set(lefts).size).toBe(1)
})

test('logged in, with the compare link too: the German header takes at most two rows; the organization forms read as the checkout’s', async ({
  page,
}) => {
  await page.goto('/de/login')
  await page.getByLabel('E-Mail-Adresse oder Benutzername').fill('jlink')
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(page).toHaveURL(/\/de\/home$/)
  await page
    .getByRole('button', { name: /^Vergleichen/ })
    .first()
    .click()
  await expect(page.getByRole('link', { name: /Vergleich \(1\)/ }).first()).toBeVisible()
  for (const width of [1280, 1024, 800]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/de/home')
    expect(await rowsOf(headerParts(page)), `${width} px`).toBeLessThanOrEqual(2)
  }

  // A German organization page on a phone: its words are hyphenated by the page's language.
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/de/account/organization/cost-centers')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  const heading = page.getByRole('heading', { level: 1, name: 'Kostenstellenverwaltung' })
  expect(await heading.evaluate((e) => getComputedStyle(e).hyphens)).toBe('auto')
  expect(await heading.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
  await page.getByRole('link', { name: 'Kostenstelle anlegen' }).click()
  const owner = page.locator('label', { hasText: 'Kostenstellenverantwortliche(r)' })
  expect(await owner.evaluate((e) => getComputedStyle(e).hyphens)).toBe('auto')

  // As the checkout's: each label above its field, the fields' edges in line, required fields marked.
  await page.setViewportSize({ width: 1280, height: 900 })
  const fields = [
    page.getByLabel('Kostenstellen-ID'),
    page.getByLabel('Name', { exact: true }),
    page.getByLabel('Kostenstellenverantwortliche(r)'),
    page.getByLabel('Budget', { exact: true }),
  ]
  const boxes = await Promise.all(fields.map((field) => field.boundingBox()))
  expect(new Set(boxes.map((box) => Math.round(box!.x))).size).toBe(1)
  expect(new Set(boxes.map((box) => Math.round(box!.width))).size).toBe(1)
  const idLabel = page.locator('label', { hasText: 'Kostenstellen-ID' })
  expect((await idLabel.boundingBox())!.y + (await idLabel.boundingBox())!.height).toBeLessThanOrEqual(
    boxes[0]!.y,
  )
  expect(await idLabel.evaluate((e) => getComputedStyle(e, '::after').content)).toBe('" *"')
  // The budget may stay empty: no marker.
  const budgetLabel = page.locator('label', { hasText: /^Budget$/ })
  expect(await budgetLabel.evaluate((e) => getComputedStyle(e, '::after').content)).toBe('none')
})

test('a saving reads clearly, and the checkout steps stay in one row on a phone', async ({
  page,
  request,
}) => {
  // A product in an item promotion (test data from the commerce API), orderable by one.
  const search = await (await request.get(`${API}/products?searchTerm=drill&amount=200&attrs=sku`)).json()
  let sku: string | undefined
  for (const element of search.elements) {
    const candidate = element.attributes.find((a: { name: string }) => a.name === 'sku').value
    const product = await (await request.get(`${API}/products/${candidate}`)).json()
    if (product.promotions?.length && product.inStock && product.minOrderQuantity === 1) {
      sku = candidate
      break
    }
  }
  expect(sku).toBeDefined()
  await page.goto(`/en/product/${sku}`)
  await page.getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')
  await page.goto('/en/basket')
  const saving = page.getByText(/^You save /)
  await expect(saving).toBeVisible()
  if (test.info().project.use.javaScriptEnabled !== false) {
    const { default: AxeBuilder } = await import('@axe-core/playwright')
    const results = await new AxeBuilder({ page })
      .include('.line-rebate')
      .withRules(['color-contrast'])
      .analyze()
    expect(results.violations.flatMap((v) => v.nodes.map((n) => n.failureSummary))).toEqual([])
    expect(results.passes.length).toBeGreaterThan(0)
  }

  await page.getByRole('button', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/address$/)
  await page.setViewportSize({ width: 360, height: 800 })
  const steps = page.getByRole('navigation', { name: 'Checkout steps' }).getByRole('listitem')
  await expect(steps).toHaveCount(4)
  expect(await rowsOf(steps)).toBe(1)
  const bar = page.locator('.checkout-steps ol')
  expect(await bar.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
  // Every step keeps its whole name for screen readers.
  await expect(steps.first()).toHaveText('1. Addresses')
})
