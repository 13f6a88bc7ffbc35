import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { PUNCHOUT_SANDBOX_TOKEN } from '../playwright.config'
import { API_ORIGIN, CATALOG_API, textsOf, type Lang } from './helpers'

/** The procurement sandbox of the commerce API (commerce-api/routes/punchout-sandbox.ts). */
export const SANDBOX = `${API_ORIGIN}/punchout-sandbox`

/**
 * The sandbox's token as the browser's password for the API's origin only (any user name): the storefront
 * never gets it. Each spec of the sandbox uses it: `test.use({ httpCredentials: SANDBOX_CREDENTIALS })`.
 */
export const SANDBOX_CREDENTIALS = { username: 'buyer', password: PUNCHOUT_SANDBOX_TOKEN, origin: API_ORIGIN }

export const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false

/** The sandbox's start page, and its form of one protocol (a fieldset named by its legend). */
export async function sandboxForm(page: Page, legend: RegExp): Promise<Locator> {
  await page.goto(SANDBOX)
  await expect(page.getByRole('heading', { level: 1, name: 'Procurement sandbox' })).toBeVisible()
  return page.getByRole('group', { name: legend })
}

/** Digits only: a price as the shop shows it (12,34 € or €12.34) and as a format carries it (12.34). */
export const digits = (text: string) => text.replace(/\D/g, '')

/** Puts the open product into the basket and opens the basket page; the basket line's unit price. */
export async function addAndOpenBasket(page: Page, lang: Lang, name: string) {
  const t = await textsOf(lang)
  await page.getByRole('button', { name: t('product.add_to_basket'), exact: true }).click()
  await expect(page.getByRole('status')).toContainText(
    t('ede.shopping_cart.product.added.message_one', { name }),
  )
  await page.getByTestId('mini-basket').click()
  await expect(page).toHaveURL(new RegExp(`/${lang}/basket$`))
  const line = page.getByTestId('basket-line').filter({ hasText: name })
  await expect(line).toHaveCount(1)
  return { line, unitPrice: (await line.getByRole('cell').nth(1).textContent())!.trim() }
}

/**
 * "Transfer basket" on the basket page: with JavaScript the transfer page sends itself to the procurement
 * system, without it the buyer presses the visible "Continue".
 */
export async function transferBasket(page: Page, lang: Lang) {
  const t = await textsOf(lang)
  await page
    .getByRole('button', { name: t('punchout.transfer.button') })
    .first()
    .click()
  if (javaScriptOn()) return
  await expect(page).toHaveURL(new RegExp(`/${lang}/basket/transfer\\??$`))
  await expect(page.getByText(t('punchout.transfer.continue.hint'))).toBeVisible()
  await page.getByRole('button', { name: t('punchout.transfer.continue') }).click()
}

/** The sandbox hook page's row of a line (Pos., SKU, Description, Quantity, Unit, Price, Line total). */
export const hookLine = (page: Page, sku: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: sku, exact: true }) })

/**
 * Plain products in stock of the first leaf category (test data through the commerce API, not the UI under
 * test): no master, set or bundle, each with its SKU and its name in `locale`.
 */
export async function plainProducts(request: APIRequestContext, count: number, locale = 'en_US') {
  const api = CATALOG_API.replace('loc=en_US', `loc=${locale}`)
  const tree = await (await request.get(`${api}/categories?view=tree&limit=3`)).json()
  const leaf = tree.elements[0].subCategories[0].subCategories[0]
  const path = leaf.categoryPath.map((p: { id: string }) => p.id).join('/')
  const listing = await (
    await request.get(
      `${api}/categories/${path}/products?amount=50&attrs=sku,inStock,productMaster,retailSet,productBundle`,
    )
  ).json()
  const flag = (element: any, name: string) =>
    element.attributes.some((a: any) => a.name === name && a.value === true)
  const found = listing.elements
    .filter(
      (e: any) =>
        flag(e, 'inStock') && !flag(e, 'productMaster') && !flag(e, 'retailSet') && !flag(e, 'productBundle'),
    )
    .slice(0, count)
    .map((e: any) => ({
      sku: e.attributes.find((a: any) => a.name === 'sku').value as string,
      name: e.title as string,
    }))
  expect(found).toHaveLength(count)
  return found as { sku: string; name: string }[]
}
