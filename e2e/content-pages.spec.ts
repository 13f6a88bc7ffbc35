import { expect, test } from '@playwright/test'

test('open a content page from the footer and move on through its navigation and links', async ({
  page,
  baseURL,
}) => {
  await page.goto('/en/home')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping and delivery' }).click()
  await expect(page).toHaveURL(/\/en\/service\/shipping-and-delivery-pgshipping$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping and delivery' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Express delivery' })).toBeVisible()
  await expect(page).toHaveTitle('Shipping and delivery')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/en/service/shipping-and-delivery-pgshipping`,
  )

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(breadcrumb.getByRole('link', { name: 'Service' })).toHaveAttribute(
    'href',
    '/en/service-pgservice',
  )
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Shipping and delivery')

  const pages = page.getByRole('navigation', { name: 'Pages in Service' })
  await expect(pages.getByRole('link')).toHaveText([
    'Service',
    'About us',
    'Shipping and delivery',
    'Returns',
    'Payment methods',
  ])
  await expect(pages.getByRole('link', { name: 'Shipping and delivery' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  await pages.getByRole('link', { name: 'Returns' }).click()
  await expect(page).toHaveURL(/\/en\/service\/returns-pgreturns$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible()

  // A page:// link inside the content leads to the canonical URL of a page in the other tree.
  await page.getByRole('main').getByRole('link', { name: 'terms and conditions' }).click()
  await expect(page).toHaveURL(/\/en\/legal-information\/terms-and-conditions-pgterms$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible()
  await expect(
    page
      .getByRole('navigation', { name: 'Pages in Legal information' })
      .getByRole('link', { name: 'Imprint' }),
  ).toBeVisible()
})

test('page/{id} answers 301 to the canonical URL of the language', async ({ page, request }) => {
  const response = await request.get('/de/page/imprint', { maxRedirects: 0 })
  expect(response.status()).toBe(301)
  expect(response.headers()['location']).toBe('/de/rechtliches/impressum-pgimprint')

  await page.goto('/fr/page/returns')
  await expect(page).toHaveURL(/\/fr\/service-client\/retours-pgreturns$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Retours' })).toBeVisible()
})

test('an unknown content page is a 404 error page kept out of indexes', async ({ page }) => {
  for (const path of ['/en/page/nope', '/en/service/nope-pgnope']) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  }
})

test('categoryref/{ref} leads to the category page', async ({ page, request }) => {
  const response = await request.get('/en/categoryref/Power-Tools@ironbridge-Catalog', { maxRedirects: 0 })
  expect(response.status()).toBe(301)
  expect(response.headers()['location']).toBe('/en/power-tools-ctgPower-Tools')

  await page.goto('/en/categoryref/Power-Tools.Drilling-And-Screwdriving@ironbridge-Catalog')
  await expect(page).toHaveURL(
    /\/en\/power-tools\/drilling-screwdriving-ctgPower-Tools\.Drilling-And-Screwdriving$/,
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Drilling & Screwdriving' })).toBeVisible()

  expect((await request.get('/en/categoryref/Nope@ironbridge-Catalog')).status()).toBe(404)
  expect((await request.get('/en/categoryref/Power-Tools@other-Catalog')).status()).toBe(404)
})

test('legacy content links and the pages sitemap lead to canonical content pages in every language', async ({
  request,
  baseURL,
}) => {
  const legacy = await request.get(
    '/INTERSHOP/web/WFS/ironbridge-Site/pl_PL/-/PLN/ViewContent-Start?PageletEntryPointID=privacy',
  )
  expect(legacy.status()).toBe(200)
  expect(legacy.url()).toBe(`${baseURL}/pl/informacje-prawne/polityka-prywatnosci-pgprivacy`)

  const index = await (await request.get('/sitemap.xml')).text()
  for (const lang of ['en', 'de', 'fr', 'pl', 'ro']) {
    expect(index).toContain(`<loc>${baseURL}/sitemap/${lang}/pages.xml</loc>`)
  }
  const sitemap = await request.get('/sitemap/ro/pages.xml')
  expect(sitemap.headers()['content-type']).toContain('application/xml')
  const urls = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
  expect(urls).toHaveLength(9)
  expect(urls).toContain(`${baseURL}/ro/serviciu-clienti/livrare-pgshipping`)
  for (const url of urls) {
    const page = await request.get(url, { maxRedirects: 0 })
    expect(page.status()).toBe(200)
    expect(page.headers()['cache-control']).toContain('s-maxage')
    const html = await page.text()
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`)
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"\/>/)
  }
  const shipping = await (await request.get('/ro/serviciu-clienti/livrare-pgshipping')).text()
  expect(shipping).toContain(`hrefLang="de-DE" href="${baseURL}/de/service/versand-und-lieferung-pgshipping"`)
  expect(shipping).toContain(
    `hrefLang="x-default" href="${baseURL}/de/service/versand-und-lieferung-pgshipping"`,
  )
})
