/**
 * Cookie consent and tracking (issue 35, ADR 0035), from a first visit without the consent cookie every other
 * spec starts with (playwright.config.ts CONSENTED): the banner and its choices with and without JavaScript,
 * the settings page with receipts and withdrawal, the footer's dialog, what a first page load requests and
 * stores, and the tracked events on the commerce API's local collector only with tracking consent.
 */
import { expect, test, type Page } from '@playwright/test'
import { TRACKING_COLLECTOR_TOKEN } from '../playwright.config'
import {
  API_ORIGIN,
  CATALOG_API,
  expectAccessible,
  expectFitsWidth,
  openOrderableProduct,
  textsOf,
} from './helpers'

test.use({ storageState: { cookies: [], origins: [] } })

/** Spec shell §9: the only cookies the shop sets. */
const ALLOWED_COOKIES = ['apiToken', 'cookieConsent', 'preferredLocale']

const consentOf = async (page: Page) => {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cookieConsent')
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : undefined
}

/** The stored consent once it is there (with JavaScript the banner goes before the answer comes). */
async function storedConsent(page: Page) {
  await expect.poll(() => consentOf(page)).toBeDefined()
  return consentOf(page)
}

const bannerOf = async (page: Page, lang: 'en' | 'de' = 'en') => {
  const t = await textsOf(lang)
  return page.getByRole('region', { name: t('cookies.banner.label') })
}

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false

/** With JavaScript, waits until the banner's form and the footer's link are the page's own (hydrated). */
async function hydrated(page: Page) {
  if (!withJavaScript()) return
  await expect(page.locator('.footer-legal a')).toHaveAttribute('data-enhanced', '')
}

/** The events the local collector received from a client. */
async function collected(page: Page, clientId: string) {
  const answer = await page.request.get(`${API_ORIGIN}/tracking.json?clientId=${clientId}&limit=200`, {
    headers: { Authorization: `Bearer ${TRACKING_COLLECTOR_TOKEN}` },
  })
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { elements: { name: string; params: Record<string, any> }[] }).elements
}

test('a first page load asks with the banner, requests nothing from elsewhere and sets no other cookie', async ({
  page,
  baseURL,
}) => {
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  const t = await textsOf('en')
  await page.goto('/en/home')
  const banner = await bannerOf(page)
  await expect(banner).toBeVisible()
  await expect(banner.getByRole('heading', { name: t('cookies.banner.title') })).toBeVisible()
  await expect(banner.getByRole('button', { name: t('cookies.banner.accept_all') })).toBeVisible()
  await expect(banner.getByRole('button', { name: t('cookies.banner.only_required') })).toBeVisible()
  await expect(banner.getByRole('link', { name: t('cookies.banner.settings'), exact: true })).toHaveAttribute(
    'href',
    '/en/cookies',
  )
  await page.waitForLoadState('networkidle')
  const origin = new URL(baseURL!).origin
  expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([])
  const names = (await page.context().cookies()).map((cookie) => cookie.name)
  expect(names.filter((name) => !ALLOWED_COOKIES.includes(name))).toEqual([])
  expect(names).not.toContain('cookieConsent')
  expect(names).not.toContain('preferredLocale')
  if (withJavaScript()) expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
  await expectAccessible(page)
})

test('accept all stores every category for a year and comes back to the same page', async ({ page }) => {
  const t = await textsOf('en')
  await page.goto('/en/search?searchTerm=drill')
  await hydrated(page)
  const banner = await bannerOf(page)
  const accept = banner.getByRole('button', { name: t('cookies.banner.accept_all') })
  // Keyboard: the banner comes first in the page.
  await page.keyboard.press('Tab')
  await expect(banner.getByRole('button').first()).toBeFocused()
  await accept.press('Enter')
  await expect(banner).toHaveCount(0)
  await expect(page).toHaveURL(/\/en\/search\?searchTerm=drill$/)
  await expect(page.getByText(t('cookies.saved.message'))).toBeVisible()
  if (withJavaScript()) await expect(page.locator('#main')).toBeFocused()
  const consent = await consentOf(page)
  expect(consent).toMatchObject({
    version: 1,
    enabledOptions: ['required', 'functional', 'tracking'],
    source: 'all',
  })
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cookieConsent')!
  expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000)
  await page.reload()
  await expect(banner).toHaveCount(0)
})

test('only required: nothing else, the language switch remembers nothing', async ({ page }) => {
  const t = await textsOf('en')
  await page.goto('/en/home')
  await (await bannerOf(page)).getByRole('button', { name: t('cookies.banner.only_required') }).click()
  await expect(await bannerOf(page)).toHaveCount(0)
  expect(await storedConsent(page)).toMatchObject({ enabledOptions: ['required'], source: 'required' })
  await page.locator('.language-switch summary').click()
  await page.getByRole('link', { name: 'Deutsch' }).click()
  await expect(page).toHaveURL(/\/de\/home$/)
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('preferredLocale')
})

test('the settings page saves categories, lists the receipts and withdraws in one click', async ({
  page,
}) => {
  const t = await textsOf('en')
  await page.goto('/en/home')
  await (await bannerOf(page)).getByRole('link', { name: t('cookies.banner.settings'), exact: true }).click()
  await expect(page).toHaveURL(/\/en\/cookies$/)
  await expect(page.getByRole('heading', { level: 1, name: t('cookies.title') })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  // The settings page is where the choice is made: no banner on top of it.
  await expect(await bannerOf(page)).toHaveCount(0)
  await expect(page.getByText(t('cookies.receipts.none'))).toBeVisible()
  const required = page.getByLabel(new RegExp(`^${t('cookies.category.required.name')}`))
  await expect(required).toBeChecked()
  await expect(required).toBeDisabled()
  await page.getByLabel(t('cookies.category.functional.name'), { exact: true }).check()
  await expect(page.getByLabel(t('cookies.category.tracking.name'), { exact: true })).not.toBeChecked()
  await expectAccessible(page)
  await page.getByRole('button', { name: t('cookies.save') }).click()
  await expect(page.getByText(t('cookies.saved.message'))).toBeVisible()
  const receipts = page.locator('.consent-receipts > li')
  await expect(receipts).toHaveCount(1)
  await expect(receipts.first()).toContainText(t('cookies.receipt.source.settings'))
  await expect(receipts.first()).toContainText(
    `${t('cookies.category.required.name')}, ${t('cookies.category.functional.name')}`,
  )
  await expect(receipts.first().locator('time')).toContainText(String(new Date().getFullYear()))

  // With functional consent the language switch remembers the choice; withdrawing deletes that cookie.
  await page.goto('/en/home')
  await page.locator('.language-switch summary').click()
  await page.getByRole('link', { name: 'Deutsch' }).click()
  await expect(page).toHaveURL(/\/de\/home$/)
  expect((await page.context().cookies()).map((c) => c.name)).toContain('preferredLocale')
  await page.goto('/en/cookies')
  await page.getByRole('button', { name: t('cookies.withdraw') }).click()
  await expect(page.getByText(t('cookies.withdrawn.message'))).toBeVisible()
  await expect(receipts).toHaveCount(2)
  await expect(receipts.first()).toContainText(t('cookies.receipt.source.withdrawn'))
  await expect(page.getByRole('button', { name: t('cookies.withdraw') })).toHaveCount(0)
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('preferredLocale')
  expect(await consentOf(page)).toMatchObject({ enabledOptions: ['required'], source: 'withdrawn' })
})

test('the footer’s privacy link opens the settings in a dialog the backdrop does not close @js-only', async ({
  page,
}) => {
  const t = await textsOf('en')
  await page.goto('/en/home')
  await hydrated(page)
  const link = page.getByRole('link', { name: t('footer.cookie_settings') })
  await link.click()
  const dialog = page.getByRole('dialog', { name: t('cookies.title') })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: t('cookies.title') })).toBeVisible()
  await expect(page).toHaveURL(/\/en\/home$/)
  // A large dialog (spec §9 "size lg").
  expect((await dialog.boundingBox())!.width).toBeGreaterThan(700)
  await page.mouse.click(5, 5)
  await expect(dialog).toBeVisible()
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(link).toBeFocused()
  await link.click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: t('cookies.modal.close') }).click()
  await expect(dialog).toBeHidden()
  // A choice stored in the dialog closes it, and the banner no longer asks.
  await link.click()
  await dialog.getByLabel(t('cookies.category.tracking.name'), { exact: true }).check()
  await dialog.getByRole('button', { name: t('cookies.save') }).click()
  await expect(dialog).toBeHidden()
  await expect(await bannerOf(page)).toHaveCount(0)
  expect(await consentOf(page)).toMatchObject({
    enabledOptions: ['required', 'tracking'],
    source: 'settings',
  })
})

test('the footer’s privacy link opens the settings: a dialog with JavaScript, the page without', async ({
  page,
}) => {
  const t = await textsOf('en')
  await page.goto('/en/home')
  await hydrated(page)
  await page.getByRole('link', { name: t('footer.cookie_settings') }).click()
  if (!withJavaScript()) {
    await expect(page).toHaveURL(/\/en\/cookies$/)
    await expect(page.getByRole('heading', { level: 1, name: t('cookies.title') })).toBeVisible()
  } else {
    await expect(page.getByRole('dialog', { name: t('cookies.title') })).toBeVisible()
    await expect(page).toHaveURL(/\/en\/home$/)
  }
})

test('in German on a 360 px phone the banner fits and covers nothing', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const t = await textsOf('de')
  await page.goto('/de/basket')
  const banner = await bannerOf(page, 'de')
  await expect(banner.getByRole('button', { name: t('cookies.banner.accept_all') })).toBeVisible()
  await expect(banner.getByRole('button', { name: t('cookies.banner.only_required') })).toBeVisible()
  await expectFitsWidth(page, 360)
  // In the flow of the page: the header follows it, nothing lies beneath it.
  const bottom = (await banner.boundingBox())!
  const header = (await page.locator('header').first().boundingBox())!
  expect(header.y).toBeGreaterThanOrEqual(bottom.y + bottom.height - 1)
  await expectAccessible(page)
  await banner.getByRole('button', { name: t('cookies.banner.only_required') }).click()
  await expect(banner).toHaveCount(0)
  await expect(page.getByText(t('cookies.saved.message'))).toBeVisible()
})

test('with tracking consent a product view, an add and an error page reach the collector', async ({
  page,
}) => {
  const t = await textsOf('en')
  await page.goto('/en/home')
  await (await bannerOf(page)).getByRole('button', { name: t('cookies.banner.accept_all') }).click()
  await expect(await bannerOf(page)).toHaveCount(0)
  const { clientId } = await storedConsent(page)
  expect(clientId).toMatch(/^[0-9a-f-]{36}$/)
  await openOrderableProduct(page)
  const sku = /prd([^/?]+)$/.exec(page.url())![1]!
  await page.getByRole('button', { name: t('product.add_to_basket'), exact: true }).click()
  await expect(page.getByRole('status')).toContainText('has been added to your basket')
  await page.goto('/en/no-such-page-anywhere')
  await expect
    .poll(async () => (await collected(page, clientId)).map((e) => e.name), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['view_item_list', 'view_item', 'add_to_cart', 'page_error']))
  const events = await collected(page, clientId)
  const view = events.find((e) => e.name === 'view_item')!
  expect(view.params.items[0]).toMatchObject({ item_id: sku, affiliation: 'Ironbridge Supply' })
  expect(view.params.items[0].price).toBeGreaterThan(0)
  expect(view.params.items[0].item_category).toEqual(expect.any(String))
  expect(events.find((e) => e.name === 'add_to_cart')!.params.items[0]).toMatchObject({
    item_id: sku,
    quantity: 1,
  })
  expect(events.find((e) => e.name === 'page_error')!.params).toMatchObject({ page_status: 404 })
  // The collector's page shows them too.
  const listing = await page.request.get(`${API_ORIGIN}/tracking`, {
    headers: { Authorization: `Bearer ${TRACKING_COLLECTOR_TOKEN}` },
  })
  expect(await listing.text()).toContain(clientId)
  if (withJavaScript()) {
    // And the page's dataLayer, in GA4's e-commerce form.
    await page.goto(page.url().replace(/no-such-page-anywhere$/, `product/${sku}`))
    await expect
      .poll(() => page.evaluate(() => (window as any).dataLayer?.map((e: any) => e.event).filter(Boolean)))
      .toContain('view_item')
    const entry = await page.evaluate(() =>
      (window as any).dataLayer.find((e: any) => e.event === 'view_item'),
    )
    expect(entry.ecommerce.items[0].item_id).toBe(sku)
  }
})

test('without tracking consent nothing is pushed or sent', async ({ page, request }) => {
  const t = await textsOf('en')
  // A product no other test of this file looks at: the last of a leaf category's listing.
  const tree = await (await request.get(`${CATALOG_API}/categories?view=tree&limit=3`)).json()
  const leaf = tree.elements[1].subCategories[0].subCategories[0]
  const path = leaf.categoryPath.map((p: { id: string }) => p.id).join('/')
  const listing = await (
    await request.get(`${CATALOG_API}/categories/${path}/products?amount=200&attrs=sku`)
  ).json()
  const sku = listing.elements.at(-1).attributes.find((a: { name: string }) => a.name === 'sku')
    .value as string
  const before = await page.request.get(`${API_ORIGIN}/tracking.json?limit=200`, {
    headers: { Authorization: `Bearer ${TRACKING_COLLECTOR_TOKEN}` },
  })
  const seen = new Set(((await before.json()).elements as { id: number }[]).map((e) => e.id))

  await page.goto('/en/home')
  await (await bannerOf(page)).getByRole('button', { name: t('cookies.banner.only_required') }).click()
  await expect(await bannerOf(page)).toHaveCount(0)
  await page.goto(`/en/product/${sku}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto('/en/no-such-page-either')
  if (withJavaScript()) expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
  expect(
    await page
      .locator('script:not([src])')
      .evaluateAll((s) => s.some((e) => e.textContent?.includes('dataLayer'))),
  ).toBe(false)
  // Whatever was sent meanwhile (another test's consented shopper), nothing is about this product.
  await page.waitForTimeout(1000)
  const after = await page.request.get(`${API_ORIGIN}/tracking.json?limit=200`, {
    headers: { Authorization: `Bearer ${TRACKING_COLLECTOR_TOKEN}` },
  })
  const fresh = ((await after.json()).elements as { id: number; params: Record<string, any> }[]).filter(
    (e) => !seen.has(e.id),
  )
  expect(
    fresh.filter(
      (e) =>
        JSON.stringify(e.params).includes(`"${sku}"`) || e.params.page_path === '/en/no-such-page-either',
    ),
  ).toEqual([])
})
