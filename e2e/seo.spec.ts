import { expect, test } from '@playwright/test'

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

test('a crawler gets complete product HTML with canonical, alternates and JSON-LD', async ({
  request,
  baseURL,
}) => {
  const home = await (await request.get('/en/home', { headers: { 'user-agent': GOOGLEBOT } })).text()
  const categoryPath = /href="(\/en\/[^"]+-ctg[^".]+\.[^".]+\.[^"]+)"/.exec(home)?.[1]
  expect(categoryPath).toBeTruthy()
  const category = await request.get(categoryPath!, { headers: { 'user-agent': GOOGLEBOT } })
  const categoryHtml = await category.text()
  expect(categoryHtml).toContain(`<link rel="canonical" href="${baseURL}${categoryPath}"/>`)
  expect(categoryHtml).toContain('"@type":"BreadcrumbList"')

  const productPath = /href="(\/en\/[^"]+-prd[^"]+)"/.exec(categoryHtml)?.[1]
  const response = await request.get(productPath!, { headers: { 'user-agent': GOOGLEBOT } })
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toContain('</html>')
  expect(html).toMatch(/<h1>[^<]+<\/h1>/)
  expect(html).toContain('<link rel="canonical" href="')
  for (const lang of ['en-US', 'de-DE', 'fr-FR', 'pl-PL', 'ro-RO', 'x-default']) {
    expect(html).toContain(`hrefLang="${lang}"`)
  }
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  )
  const product = jsonLd.find((j) => j['@type'] === 'Product')
  expect(product.offers.priceCurrency).toBe('USD')
  expect(product.offers.availability).toMatch(
    /^https:\/\/schema\.org\/(InStock|LimitedAvailability|OutOfStock)$/,
  )
  expect(jsonLd.some((j) => j['@type'] === 'BreadcrumbList')).toBe(true)
})

test('a product reached through another category names its canonical URL', async ({ request, baseURL }) => {
  const home = await (await request.get('/en/home')).text()
  const productPath = /href="(\/en\/[^"]+-prd[^"]+)"/.exec(home)![1]!
  const viaOther = await request.get(`${productPath}-ctgSomewhere.Else`)
  expect(viaOther.status()).toBe(200)
  const html = await viaOther.text()
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)![1]
  expect(canonical).not.toContain('-ctgSomewhere')
  expect(canonical!.startsWith(`${baseURL}/en/`)).toBe(true)
})

test('robots.txt points at the sitemap index, whose sitemaps list working canonical URLs', async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  expect(robots).toContain('Disallow: /*/basket')

  const index = await request.get('/sitemap.xml')
  expect(index.headers()['content-type']).toContain('application/xml')
  const sitemaps = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
  expect(sitemaps).toContain(`${baseURL}/sitemap/de/categories.xml`)
  const productSitemap = sitemaps.find((s) => s.includes('/sitemap/en/products-'))!
  const urls = [...(await (await request.get(productSitemap)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => m[1]!,
  )
  expect(urls.length).toBeGreaterThan(0)
  for (const url of urls.slice(0, 3)) {
    const page = await request.get(url, { maxRedirects: 0 })
    expect(page.status()).toBe(200)
    expect(await page.text()).toContain(`<link rel="canonical" href="${url}"/>`)
  }
  const categories = [
    ...(await (await request.get(`${baseURL}/sitemap/fr/categories.xml`)).text()).matchAll(
      /<loc>([^<]+)<\/loc>/g,
    ),
  ]
  expect(categories.length).toBe(6 + 18 + 54)
  expect((await request.get('/sitemap/en/nothing.xml')).status()).toBe(404)
})
