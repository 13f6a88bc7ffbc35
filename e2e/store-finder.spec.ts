import { expect, test, type Page } from '@playwright/test'
import { MAP_KEY, MAP_TILES_ORIGIN, FEATURES_OFF_SHOP } from '../playwright.config'
import { expectAccessible, expectFitsWidth, textsOf } from './helpers'

/**
 * The store finder (issue 36; spec shell §2.1 store-finder, §2.6, §2.7), with JavaScript on and off: search by
 * postal code (nearest first), filter by country, the map (Leaflet with the e2e shop's tile server, whose
 * tiles this file serves in the browser; the server-drawn map without JavaScript), at 360 px, with axe.
 */

/** A 1×1 PNG: every tile the map asks for. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** Serves the tile server's tiles in the browser and counts them, checking the key was filled in. */
async function serveTiles(page: Page) {
  const served: string[] = []
  await page.route(`${MAP_TILES_ORIGIN}/tiles/**`, (route) => {
    const url = new URL(route.request().url())
    served.push(url.pathname)
    return url.searchParams.get('key') === MAP_KEY
      ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE })
      : route.fulfill({ status: 403 })
  })
  return served
}

const entries = (page: Page) => page.locator('ol.store-list > li')

for (const lang of ['en', 'de'] as const) {
  test(`${lang}: a postal code lists the nearest stores first, with distance and opening hours`, async ({
    page,
  }) => {
    const t = await textsOf(lang)
    await serveTiles(page)
    await page.goto(`/${lang}/home`)
    // The footer leads there (feature storeLocator).
    await page.getByRole('link', { name: new RegExp(t('store_locator.link.subtitle')) }).click()
    await expect(page.getByRole('heading', { level: 1, name: t('store_locator.title') })).toBeVisible()

    // On the English page a five-digit code is read as a US ZIP code unless Germany is chosen.
    if (lang === 'en')
      await page
        .getByLabel(t('store_locator.form.country.label'), { exact: true })
        .selectOption({ label: 'Germany' })
    await page.getByLabel(t('store_locator.form.near.label'), { exact: true }).fill('80807')
    await page.getByRole('button', { name: t('store_locator.form.submit.label') }).click()
    // The search's page comes after its loader's two API calls: slow on a busy machine.
    await expect(page).toHaveURL(/near=80807/, { timeout: 30_000 })
    await expect(entries(page).first().getByRole('heading', { level: 2 })).toContainText(
      'Ironbridge Supply München-Freimann',
    )
    await expect(entries(page).nth(1).getByRole('heading', { level: 2 })).toContainText('Nürnberg')
    await expect(entries(page).first()).toContainText(t('store_locator.opening_hours'))
    await expect(entries(page).nth(1).locator('.store-distance')).toContainText('km')
    await expectAccessible(page)

    // An unknown place is said so, in the page's language.
    await page.getByLabel(t('store_locator.form.near.label'), { exact: true }).fill('Atlantis')
    await page.getByRole('button', { name: t('store_locator.form.submit.label') }).click()
    await expect(page.getByRole('alert')).toHaveText(t('store.place.unknown.error'))
    await expect(entries(page)).toHaveCount(0)
  })
}

test('filter by country and city from a bookmarkable address, at 360 px', async ({ page }) => {
  await serveTiles(page)
  await page.setViewportSize({ width: 360, height: 800 })
  const t = await textsOf('de')
  await page.goto('/de/store-finder')
  await page
    .getByLabel(t('store_locator.form.country.label'), { exact: true })
    .selectOption({ label: 'Polen' })
  await page.getByRole('button', { name: t('store_locator.form.submit.label') }).click()
  await expect(page).toHaveURL(/countryCode=PL/)
  await expect(entries(page)).toHaveCount(8)
  for (const entry of await entries(page).all()) await expect(entry.locator('address')).toContainText('Polen')
  await expectFitsWidth(page, 360)

  await page.goto(`/de/store-finder?countryCode=PL&city=${encodeURIComponent('Warszawa')}`)
  await expect(entries(page)).toHaveCount(2)
  await expect(page.getByLabel(t('store_locator.form.city.label'), { exact: true })).toHaveValue('Warszawa')
  await expectFitsWidth(page, 360)
  await expectAccessible(page)
})

test('@js-only the interactive map: markers with the default icon, a highlighted store pans and opens its name', async ({
  page,
}) => {
  const served = await serveTiles(page)
  const blocked: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text())
  })
  await page.goto('/en/store-finder?countryCode=FR')
  const map = page.getByRole('region', { name: 'Map of the stores' })
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible()
  expect(served.length).toBeGreaterThan(0)
  expect(served.every((path) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path))).toBe(true)
  // Initial zoom 2: every tile asked for is of zoom 2.
  expect(served.every((path) => path.startsWith('/tiles/2/'))).toBe(true)
  const markers = map.locator('.leaflet-marker-icon')
  await expect(markers).toHaveCount(await entries(page).count())
  // Leaflet's default icon, from the bundle (a hashed file, or inlined as a data URL).
  await expect(markers.first()).toHaveAttribute('src', /marker-icon|^data:image\/png/)
  // The server-drawn map gave way to the interactive one.
  await expect(page.locator('svg.store-map-svg')).toHaveCount(0)

  const lille = entries(page).filter({ hasText: 'Lille' })
  await lille.click()
  await expect(lille).toHaveClass(/highlighted/)
  await expect(map.locator('.leaflet-popup-content')).toHaveText('Ironbridge Supply Lille Fives')
  // The map panned to the store: its marker is in the middle of the map, left to right.
  const box = (await map.boundingBox())!
  const marker = markers.and(page.locator('[title="Ironbridge Supply Lille Fives"]'))
  await expect
    .poll(async () => {
      const at = (await marker.boundingBox())!
      return Math.abs(at.x + at.width / 2 - (box.x + box.width / 2))
    })
    .toBeLessThan(30)

  // Keyboard: focusing another entry highlights it; Tab leads out of the map again (no keyboard trap).
  await entries(page).filter({ hasText: 'Nantes' }).focus()
  // The previous popup fades out for a moment: in the end there is one, Nantes'.
  await expect(map.locator('.leaflet-popup-content')).toHaveText(['Ironbridge Supply Nantes'])
  await map.focus()
  let left = false
  for (let step = 0; step < 40 && !left; step += 1) {
    await page.keyboard.press('Tab')
    left = await page.evaluate(() => !document.activeElement?.closest('.leaflet-container'))
  }
  expect(left).toBe(true)
  await expectAccessible(page)
  expect(blocked).toEqual([])
})

test.describe('without JavaScript', () => {
  // In both projects: the e2e shop has a tile server, so only a browser without JavaScript keeps this map.
  test.use({ javaScriptEnabled: false })

  test('the map is drawn by the server, each store a numbered link to its entry', async ({ page }) => {
    await page.goto('/en/store-finder?countryCode=RO&near=Brasov')
    const map = page.locator('svg.store-map-svg')
    await expect(map).toBeVisible()
    await expect(entries(page).first().getByRole('heading', { level: 2 })).toContainText('Brașov')
    const markers = map.getByRole('link')
    await expect(markers).toHaveCount(await entries(page).count())
    await expect(markers.first()).toHaveAttribute('aria-label', '1. Ironbridge Supply Brașov')
    // Brașov's marker stands alone (Bucharest's two stores overlap at this scale, each still a link).
    await markers.first().click()
    const id = await entries(page).first().getAttribute('id')
    await expect(page).toHaveURL(new RegExp(`#${id}$`))
  })
})

test('with the feature off the store finder is deactivated', async ({ page }) => {
  const answer = await page.request.get(`${FEATURES_OFF_SHOP}/en/store-finder`, { maxRedirects: 5 })
  expect(answer.status()).toBe(404)
  expect(answer.url()).toContain('error=feature-deactivated&value=storeLocator')
  await page.goto(`${FEATURES_OFF_SHOP}/en/home`)
  await expect(page.getByRole('link', { name: /Find a store near you/ })).toHaveCount(0)
})
