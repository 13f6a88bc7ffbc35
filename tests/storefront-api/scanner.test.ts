/**
 * The code scanner against the real commerce API (issue 36): a typed or scanned code is looked up through the
 * shop's search, which finds products by EAN (ADR 0021): one product leads to its page, in the page's
 * language; several to the search results; none leaves the page saying so. With feature scanner off the pages
 * are gone. The header's link follows spec shell §2.5: everyone but business users, except buyers without
 * order rights (punchout users).
 */
import { and, eq, isNotNull } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { products } from '../../commerce-api/db/schema'
import type * as FeaturesModule from '~/services/features.server'
import { loader as shopLoader } from '~/routes/$lang._shop'
import { loader as scanditLoader } from '~/routes/$lang._shop.scandit'
import { loader as scannerLoader } from '~/routes/$lang._shop.scanner'
import { Browser } from './shop'
import { api } from './setup'

const features = vi.hoisted(() => ({ scanner: true, scandit: false }))
vi.mock('~/services/features.server', async (importOriginal) => {
  const actual = await importOriginal<typeof FeaturesModule>()
  return {
    ...actual,
    isFeatureEnabled: (feature: Parameters<typeof actual.isFeatureEnabled>[0]) =>
      feature === 'scanner' || feature === 'scandit' ? features[feature] : actual.isFeatureEnabled(feature),
  }
})
beforeEach(() => {
  features.scanner = true
  features.scandit = false
})

/** A simple product of the seeded catalog with its EAN, and its names. */
async function productWithEan() {
  const [row] = await api.database.db
    .select({ sku: products.sku, ean: products.ean, names: products.names })
    .from(products)
    .where(and(eq(products.kind, 'product'), eq(products.online, true), isNotNull(products.ean)))
    .orderBy(products.sku)
    .limit(1)
  if (!row?.ean) throw new Error('no seeded product with an EAN')
  return { sku: row.sku, ean: row.ean }
}

const lookup = (browser: Browser, code: string, page = 'scanner') =>
  browser.call(
    page === 'scanner' ? scannerLoader : scanditLoader,
    `/${browser.lang}/${page}?${new URLSearchParams({ code })}`,
  )

describe('the code scanner', () => {
  it('shows the page to scan or type a code, private to the shopper', async () => {
    const { response, data } = await new Browser('en').call(scannerLoader, '/en/scanner')
    expect(response.status).toBe(200)
    expect(data).toEqual({ title: 'Code scanner', code: '', notFound: false, problem: null })
    expect(response.headers.get('Cache-Control')).toContain('no-store')
  })

  it('goes to the one product an EAN finds, in the page’s language, also as printed with spaces', async () => {
    const { sku, ean } = await productWithEan()
    for (const lang of ['en', 'de']) {
      const browser = new Browser(lang)
      for (const code of [ean, `${ean.slice(0, 1)} ${ean.slice(1, 7)} ${ean.slice(7)}`]) {
        const { response } = await lookup(browser, code)
        expect(response.status, code).toBe(302)
        const location = response.headers.get('Location')!
        expect(location, code).toMatch(new RegExp(`^/${lang}/.*-prd${sku}$`))
      }
    }
  })

  it('shows the search results for a code that several products match', async () => {
    const { response } = await lookup(new Browser('en'), 'hammer')
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/en/search?searchTerm=hammer')
  })

  it('stays on the page saying no product was found for an unknown code, keeping the code', async () => {
    const unknown = '2999999999994'
    const { response, data } = await lookup(new Browser('de'), unknown)
    expect(response.status).toBe(200)
    expect(data).toMatchObject({ code: unknown, notFound: true, problem: null })
  })

  it('refuses an empty or too long code with a message, 400', async () => {
    const empty = await lookup(new Browser('en'), '   ')
    expect(empty.response.status).toBe(400)
    expect(empty.data).toMatchObject({ problem: 'Please enter a code.', notFound: false })
    const long = await lookup(new Browser('fr'), '7'.repeat(201))
    expect(long.response.status).toBe(400)
    expect(long.data.problem).toBe('Un code comporte au maximum 200 caractères.')
    expect(long.data.code).toHaveLength(200)
  })

  it('answers the same at /scandit, which has no Scandit licence to use', async () => {
    const { sku, ean } = await productWithEan()
    const { response } = await lookup(new Browser('en'), ean, 'scandit')
    expect(response.headers.get('Location')).toMatch(new RegExp(`-prd${sku}$`))
    const page = await new Browser('en').call(scanditLoader, '/en/scandit')
    expect(page.response.status).toBe(200)
  })

  it('is gone with feature scanner off: both pages answer feature-deactivated', async () => {
    features.scanner = false
    const { ean } = await productWithEan()
    for (const page of ['scanner', 'scandit']) {
      const { response } = await lookup(new Browser('en'), ean, page)
      expect(response.headers.get('Location'), page).toBe('/en/error?error=feature-deactivated&value=scanner')
    }
  })
})

describe('the header’s scanner link (spec shell §2.5)', () => {
  const linkOf = async (browser: Browser) => (await browser.load(shopLoader, `/${browser.lang}/home`)).scanner

  it('is there for visitors and private customers, to /scanner, or /scandit with feature scandit', async () => {
    expect(await linkOf(new Browser('en'))).toBe('scanner')
    const patricia = new Browser('en')
    await patricia.login('patricia@ironbridge.test')
    expect(await linkOf(patricia)).toBe('scanner')
    features.scandit = true
    expect(await linkOf(patricia)).toBe('scandit')
  })

  it('is not there for a business buyer who orders, but for a buyer without order rights (punchout)', async () => {
    const buyer = new Browser('de')
    await buyer.login('bbuyer')
    expect(await linkOf(buyer)).toBeNull()
    const punchout = new Browser('de')
    await punchout.login('brightline-oci')
    expect(await linkOf(punchout)).toBe('scanner')
  })

  it('is there for nobody with feature scanner off', async () => {
    features.scanner = false
    const patricia = new Browser('en')
    await patricia.login('patricia@ironbridge.test')
    expect(await linkOf(patricia)).toBeNull()
    expect(await linkOf(new Browser('en'))).toBeNull()
  })
})
