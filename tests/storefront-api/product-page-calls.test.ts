import { and, eq, isNotNull } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { products } from '../../commerce-api/db/schema'
import { loader as catalogLoader } from '~/routes/$lang._shop.$'
import { clearIcmCache } from '~/services/icm.server'
import { api } from './setup'
import { Browser } from './shop'

const LANGS = ['en', 'de', 'fr', 'pl', 'ro'] as const
const TAGS = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', pl: 'pl-PL', ro: 'ro-RO' } as const
const ORIGIN = 'http://shop.test'

/** The canonical URL of a product's page in `lang`: where the short form `/{lang}/product/{sku}` leads. */
async function canonicalUrl(lang: string, sku: string) {
  const moved = await new Browser(lang).call(catalogLoader, `/${lang}/product/${sku}`, {
    params: { '*': `product/${sku}` },
  })
  expect(moved.response.status).toBe(301)
  return moved.response.headers.get('Location')!
}

/** A product page's loader data, its streamed parts settled. */
async function productPage(lang: string, path: string) {
  const page = await new Browser(lang).load(catalogLoader, path, { '*': path.replace(`/${lang}/`, '') })
  await Promise.all(Object.values(page).filter((value) => value instanceof Promise))
  return page
}

/** The calls the storefront sends to the commerce API while `run` runs, as `{locale} {resource path}`. */
async function apiCallsDuring(run: () => Promise<unknown>) {
  const calls: string[] = []
  const fetch = globalThis.fetch
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url.startsWith(api.origin)) {
      const { pathname, search } = new URL(url)
      const path = decodeURIComponent(pathname + search)
      const [, locale = '', resource = ''] = /;loc=([a-z]{2}_[A-Z]{2})[^/]*\/(.*)$/.exec(path) ?? [
        '',
        '',
        path,
      ]
      calls.push(`${locale} ${resource}`)
    }
    return fetch(input, init)
  })
  try {
    await run()
  } finally {
    spy.mockRestore()
  }
  return calls
}

afterEach(() => vi.restoreAllMocks())

/** Seeded products of `kind` with a default category (a variation also has its own variation values). */
async function seededSkus(kind: 'product' | 'variation', count: number) {
  const rows = await api.database.db
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.kind, kind), eq(products.online, true), isNotNull(products.defaultCategoryId)))
    .orderBy(products.sku)
    .limit(count)
  return rows.map((row) => row.sku)
}

describe('a product page names its URLs in all five languages from one answer of the API', () => {
  it.each(['product', 'variation'] as const)(
    'links a %s to the canonical page of each language (hreflang, x-default German)',
    async (kind) => {
      const [sku] = (await seededSkus(kind, 1)) as [string]
      const canonical = Object.fromEntries(
        await Promise.all(LANGS.map(async (lang) => [lang, await canonicalUrl(lang, sku)] as const)),
      )
      // Each language's URL has that language's name in it: they differ from the English one.
      for (const lang of LANGS.slice(1))
        expect(canonical[lang]).not.toBe(canonical.en!.replace('/en/', `/${lang}/`))

      for (const from of ['en', 'pl'] as const) {
        clearIcmCache()
        let page: Awaited<ReturnType<typeof productPage>> = undefined
        const calls = await apiCallsDuring(async () => (page = await productPage(from, canonical[from]!)))
        // From one answer: the product is asked for once, in the page's language.
        expect(calls.filter((call) => call.includes(` products/${sku}?`))).toHaveLength(1)
        expect(page.seo.canonical).toBe(`${ORIGIN}${canonical[from]}`)
        expect(page.seo.alternates).toEqual([
          ...LANGS.map((lang) => ({ hrefLang: TAGS[lang], href: `${ORIGIN}${canonical[lang]}` })),
          { hrefLang: 'x-default', href: `${ORIGIN}${canonical.de}` },
        ])
      }
    },
  )

  it('loads the product once, in its own language only, with every answer cold but the category trees', async () => {
    const [warm, cold] = (await seededSkus('product', 2)) as [string, string]
    // The category trees and the configuration are kept for minutes whatever ICM_CACHE_SECONDS says: a page
    // of another product warms them, in all five languages.
    clearIcmCache()
    await productPage('en', `/en/prd${warm}`)
    // Then a page of a product none of whose answers are cached, as with ICM_CACHE_SECONDS=0.
    const calls = await apiCallsDuring(() => productPage('en', `/en/prd${cold}`))
    expect(calls.filter((call) => /^\S+ products\/[^/?]+(\?|$)/.test(call))).toEqual([
      `en_US products/${cold}?allImages=true&extended=true&localizedNames=true`,
    ])
    expect(calls.filter((call) => !call.startsWith('en_US '))).toEqual([])
    // The product, its price, its stock, its warranties' prices, its links and their prices: 6 at most (10 when
    // every language loaded the product).
    expect(calls.length).toBeLessThanOrEqual(6)
  })
})
