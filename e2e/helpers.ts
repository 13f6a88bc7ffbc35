import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { MAILBOX_TOKEN } from '../playwright.config'

/**
 * Opens the first orderable product reachable through the main navigation, as a shopper would, in the shop's
 * language `lang` (its texts from the locale file).
 */
export async function openOrderableProduct(page: Page, lang: Lang = 'en') {
  const t = await textsOf(lang)
  await page.goto(`/${lang}/home`)
  const nav = page.getByRole('navigation', { name: t('header.navigation.label') })
  await nav.locator('summary').first().click()
  const flyout = nav.locator('details[open] .flyout')
  await flyout.locator('.nav-level-2 a').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Plain products in stock have a price without "from" and the "In stock" label.
  const from = new RegExp(`^${t('product.price.from', { price: '' }).trim()} `)
  for (let attempt = 0; attempt < 5; attempt++) {
    const tile = page
      .locator('.product-tile')
      .filter({ hasText: t('product.stock.in_stock') })
      .filter({ hasNotText: from })
      .first()
    if ((await tile.count()) > 0) {
      const name = (await tile.getByRole('heading').textContent())!.trim()
      await tile.getByRole('link').first().click()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      if ((await page.getByRole('button', { name: t('product.add_to_basket'), exact: true }).count()) > 0)
        return name
      await page.goBack()
    }
    await page.getByRole('link', { name: t('paging.next') }).click()
  }
  throw new Error('no orderable product found in the first category pages')
}

export function parseMoney(text: string): number {
  return Number(text.replace(/[^0-9.]/g, ''))
}

/**
 * The SKU and name of a product tile, read together: two reads could land on different tiles while a listing
 * hydrates (a filtered or nth locator is looked up again for each read).
 */
export async function tileProduct(tile: Locator) {
  const { href, name } = await tile.evaluate((element) => ({
    href: element.querySelector('a[href]')!.getAttribute('href')!,
    name: element.querySelector('h1, h2, h3, h4, [role="heading"]')!.textContent!.trim(),
  }))
  return { sku: /prd([^/?]+)$/.exec(href)![1]!, name }
}

/**
 * No serious or critical accessibility violation on the page as it is now (axe-core, WCAG 2.0, 2.1 and 2.2
 * A and AA rules, target sizes of 24 px among them, and the check that an accessible name contains the
 * visible label, which axe ships as experimental). Minor and moderate findings are not failures here. axe runs as a script in the page, so it checks
 * the pages of the JavaScript-on runs; the JavaScript-off runs walk the same server-rendered pages.
 */
export async function expectAccessible(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return
  const { default: AxeBuilder } = await import('@axe-core/playwright')
  const results = await new AxeBuilder({ page })
    // One axe.run in the page itself: our pages have no frames, and the default (a partial run per frame,
    // finished in a blank page opened for it) costs a new page per check.
    .setLegacyMode()
    // options() replaces the whole option object, so it comes first; withTags() adds runOnly to it.
    // resultTypes: details only for violations (passes and the rest keep one node each), much less work.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(serious, page.url()).toEqual([])
}

/** The commerce API the end-to-end servers run (playwright.config.ts), on loopback. */
export const API_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_API_PORT ?? 4200)}`
/** Its ICM REST base, in English and euros. */
export const REST = `${API_ORIGIN}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=EUR`
export const DEMO_PASSWORD = 'Demo!2026'

/** A user's token from the commerce API (the demo password). */
export async function apiToken(request: APIRequestContext, login: string) {
  const answer = await request.post(`${REST.replace(/;loc=.*$/, '')}/token`, {
    form: { grant_type: 'password', username: login, password: DEMO_PASSWORD },
  })
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { access_token: string }).access_token
}

/**
 * The links of the newest mail to an address that has one matching `wanted` (any link when not given), read
 * from the commerce API's local mailbox; waits for it to arrive.
 */
export async function mailLinks(
  page: Page,
  to: string,
  wanted?: (link: string) => boolean,
): Promise<string[]> {
  let links: string[] = []
  await expect(async () => {
    const answer = await page.request.get(
      `${API_ORIGIN}/mailbox.json?to=${encodeURIComponent(to)}&limit=20`,
      {
        headers: { Authorization: `Bearer ${MAILBOX_TOKEN}` },
      },
    )
    expect(answer.status()).toBe(200)
    const { elements } = (await answer.json()) as { elements: { links: string[] }[] }
    const mail = elements.find((element) => !wanted || element.links.some(wanted))
    expect(mail).toBeDefined()
    links = mail!.links
  }).toPass({ timeout: 15_000 })
  return links
}

/**
 * The page is no wider than the screen: nothing scrolls sideways. On failure the message names the elements
 * that reach beyond it (tag, class, width), so that the culprit is found without a trace.
 */
export async function expectFitsWidth(page: Page, width: number) {
  const { scrollWidth, wide } = await page.evaluate((limit) => {
    const beyond = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > limit + 1)
      .filter((element) => !element.closest('[role="region"][tabindex]'))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)})`,
      )
    return { scrollWidth: document.documentElement.scrollWidth, wide: beyond }
  }, width)
  expect(scrollWidth, `wider than ${width}: ${wide.join(', ')}`).toBeLessThanOrEqual(width)
}

/** The shop's five languages: the path's prefix and the locale file of its texts. */
export const LANGUAGES = [
  ['en', 'en_US'],
  ['de', 'de_DE'],
  ['fr', 'fr_FR'],
  ['pl', 'pl_PL'],
  ['ro', 'ro_RO'],
] as const
export type Lang = (typeof LANGUAGES)[number][0]

/**
 * A language's texts as the shop shows them (locales/{file}.json), with `{{name}}` filled in: what a test in
 * that language expects, without writing each translation a second time.
 */
export async function textsOf(lang: Lang) {
  const file = LANGUAGES.find(([prefix]) => prefix === lang)![1]
  const texts = (await import(`../locales/${file}.json`, { with: { type: 'json' } })).default as Record<
    string,
    string
  >
  return (key: string, values: Record<string, string | number> = {}) => {
    const text = texts[key]
    if (text === undefined) throw new Error(`no text ${key} in ${file}`)
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`))
  }
}

/** The commerce API's English catalog (test data lookups, not the UI under test). */
export const CATALOG_API = `${API_ORIGIN}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD`

/** Finds products of a kind through the commerce API's category listings (test data, not the UI under test). */
export async function findProducts(
  request: APIRequestContext,
  flag: 'retailSet' | 'productBundle' | 'productMaster',
  { inStock = false } = {},
) {
  const tree = await (await request.get(`${CATALOG_API}/categories?view=tree&limit=3`)).json()
  const leaves = tree.elements.flatMap((top: any) =>
    top.subCategories.flatMap((sub: any) => sub.subCategories),
  )
  for (const leaf of leaves) {
    const path = leaf.categoryPath.map((p: { id: string }) => p.id).join('/')
    const listing = await (
      await request.get(`${CATALOG_API}/categories/${path}/products?amount=200&attrs=sku,inStock,${flag}`)
    ).json()
    const has = (e: any, name: string) => e.attributes.some((a: any) => a.name === name && a.value === true)
    const hit = listing.elements.find((e: any) => has(e, flag) && (!inStock || has(e, 'inStock')))
    if (hit) return hit.attributes.find((a: any) => a.name === 'sku').value as string
  }
  throw new Error(`no product with ${flag}`)
}
