import { describe, expect, it } from 'vitest'
import { loader as rootLoader } from '~/root'
import { loader } from '~/routes/$lang._shop.$'
import { loader as legacyLoader } from '~/routes/INTERSHOP.web.WFS.$'
import { loader as sitemapLoader } from '~/routes/sitemap.$lang.$file'
import { loader as sitemapIndexLoader } from '~/routes/sitemap[.]xml'
import {
  categoryData,
  configurationData,
  defaultCategory,
  get,
  icm,
  icmError,
  localizedTree,
  emptyConfigurationInclude,
} from './icm-mock'
import { answer, args as shared, thrown } from './loader-args'
import './setup'

const args = (path: string, lang = 'en') =>
  shared(`/${lang}/${path}`, { params: { lang, '*': path.split('?')[0]! } })

/** Page names of the mocked page tree per ICM locale. */
const NAMES: Record<string, Record<string, string>> = {
  en_US: { service: 'Service', shipping: 'Shipping and delivery', returns: 'Returns' },
  de_DE: { service: 'Service', shipping: 'Versand und Lieferung', returns: 'Rücksendungen' },
  fr_FR: { service: 'Service client', shipping: 'Expédition et livraison', returns: 'Retours' },
  pl_PL: { service: 'Obsługa klienta', shipping: 'Wysyłka i dostawa', returns: 'Zwroty' },
  ro_RO: { service: 'Serviciu clienți', shipping: 'Livrare', returns: 'Retururi' },
}
const localeOf = (request: Request) => /;loc=(\w+)/.exec(request.url)?.[1] ?? 'en_US'
const link = (id: string, locale: string) => ({
  type: 'Link',
  uri: `ironbridge-Site/-/cms/pages/${id}`,
  itemId: id,
  title: NAMES[locale]![id]!,
})

/** `cms/pagetree/{id}` of a two-level tree: service with shipping and returns below it. */
const pageTreeHandlers = (requested: string[] = []) =>
  ['service', 'shipping', 'returns'].map((id) =>
    get(`cms/pagetree/${id}`, (request) => {
      requested.push(new URL(request.url).pathname.split('/').pop() + new URL(request.url).search)
      const locale = localeOf(request)
      const depth = Number(new URL(request.url).searchParams.get('depth') ?? 99)
      if (id !== 'service') {
        return {
          type: 'PageTreeRO',
          name: NAMES[locale]![id],
          page: link(id, locale),
          path: [link('service', locale)],
        }
      }
      return {
        type: 'PageTreeRO',
        name: NAMES[locale]!.service,
        page: link('service', locale),
        ...(depth > 0
          ? {
              elements: ['shipping', 'returns'].map((child) => ({
                type: 'PageTreeRO',
                name: NAMES[locale]![child]!,
                page: link(child, locale),
                path: [link('service', locale)],
              })),
            }
          : {}),
      }
    }),
  )

const STATIC_PAGE = 'app_sf_base_cm:component.shopping.staticPage.pagelet2-Component'
const CONTENT_SLOT = 'app_sf_base_cm:slot.staticPage.content.pagelet2-Slot'

const shippingPage = (request: Request) => ({
  id: 'shipping',
  definitionQualifiedName: 'app_sf_base_cm:page.staticPage.pagelet2-Page',
  displayName: NAMES[localeOf(request)]!.shipping,
  seoAttributes: { metaTitle: 'Shipping costs and times', metaDescription: 'We ship from Brandenburg.' },
  pagelets: [
    {
      id: 'shipping-layout',
      definitionQualifiedName: STATIC_PAGE,
      displayName: 'Layout',
      configurationParameters: {
        ShowNavigation: { definitionQualifiedName: `${STATIC_PAGE}-ShowNavigation`, value: true },
        NavigationRoot: { definitionQualifiedName: `${STATIC_PAGE}-NavigationRoot`, value: 'service' },
        NavigationDepth: { definitionQualifiedName: `${STATIC_PAGE}-NavigationDepth`, value: 1 },
      },
      // As ICM sends them: keyed by the slot's qualified name.
      slots: {
        [CONTENT_SLOT]: {
          definitionQualifiedName: CONTENT_SLOT,
          displayName: 'Content',
          pagelets: [
            {
              id: 'shipping-text',
              definitionQualifiedName: 'app_sf_base_cm:component.common.text.pagelet2-Component',
              displayName: 'Text',
              configurationParameters: {
                HTMLText: {
                  definitionQualifiedName: 'app_sf_base_cm:component.common.text.pagelet2-Component-HTMLText',
                  type: 'bc_pmc:types.pagelet2-HTML',
                  value:
                    '<p>We ship from Brandenburg.</p><p>See <a href="page://returns">returns</a>, <a href="product://1000042@ironbridge">a drill</a>, <a href="category://Power-Tools.Drills@ironbridge-Catalog">drills</a> and <a href="https://example.com/x">elsewhere</a>.</p>',
                },
              },
            },
          ],
        },
      },
    },
  ],
})

describe('content page loader', () => {
  it('renders the page with canonical URL, alternates, breadcrumb and the navigation of its tree', async () => {
    const requested: string[] = []
    icm.use(get('cms/pages/shipping', shippingPage), ...pageTreeHandlers(requested))
    const result = (await loader(args('service/shipping-and-delivery-pgshipping'))) as any
    const page = result.data
    expect(page.kind).toBe('content')
    expect(page.content.name).toBe('Shipping and delivery')
    expect(page.seo).toMatchObject({
      title: 'Shipping costs and times',
      description: 'We ship from Brandenburg.',
      robots: 'index, follow',
      canonical: 'http://shop.test/en/service/shipping-and-delivery-pgshipping',
    })
    expect(Object.fromEntries(page.seo.alternates.map((a: any) => [a.hrefLang, a.href]))).toEqual({
      'en-US': 'http://shop.test/en/service/shipping-and-delivery-pgshipping',
      'de-DE': 'http://shop.test/de/service/versand-und-lieferung-pgshipping',
      'fr-FR': 'http://shop.test/fr/service-client/expedition-et-livraison-pgshipping',
      'pl-PL': 'http://shop.test/pl/obsluga-klienta/wysylka-i-dostawa-pgshipping',
      'ro-RO': 'http://shop.test/ro/serviciu-clienti/livrare-pgshipping',
      'x-default': 'http://shop.test/de/service/versand-und-lieferung-pgshipping',
    })
    expect(page.content.breadcrumb).toEqual([
      { name: 'Service', url: '/en/service-pgservice' },
      { name: 'Shipping and delivery', url: undefined },
    ])
    expect(page.seo.jsonLd[0].itemListElement[0].item).toBe('http://shop.test/en/service-pgservice')

    // The side navigation is the layout's navigation root, one level deep, with the current page marked.
    expect(requested).toContain('service?depth=1')
    expect(page.content.navigation).toMatchObject({
      name: 'Service',
      url: '/en/service-pgservice',
      current: false,
    })
    expect(page.content.navigation.children).toEqual([
      { id: 'shipping', name: 'Shipping and delivery', url: '/en/service/shipping-and-delivery-pgshipping', current: true, children: [] }, // prettier-ignore
      { id: 'returns', name: 'Returns', url: '/en/service/returns-pgreturns', current: false, children: [] },
    ])

    // The layout's content slot is the page's content; its ICM links point at shop URLs.
    const [text] = page.content.pagelets
    expect(text.component).toBe('component.common.text')
    expect(text.params.HTMLText).toContain('href="/en/service/returns-pgreturns"')
    expect(text.params.HTMLText).toContain('href="/en/product/1000042"')
    expect(text.params.HTMLText).toContain('href="/en/categoryref/Power-Tools.Drills%40ironbridge-Catalog"')
    expect(text.params.HTMLText).toContain('href="https://example.com/x"')
    expect(new Headers(result.init.headers).get('Cache-Control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    )
  })

  it('redirects page/{id} with 301 to the canonical URL in the language of the path', async () => {
    icm.use(get('cms/pages/shipping', shippingPage), ...pageTreeHandlers())
    const short = await thrown(loader(args('page/shipping?utm_source=mail')))
    expect(short.status).toBe(301)
    expect(short.headers.get('Location')).toBe('/en/service/shipping-and-delivery-pgshipping?utm_source=mail')
    const german = await thrown(loader(args('page/shipping', 'de')))
    expect(german.headers.get('Location')).toBe('/de/service/versand-und-lieferung-pgshipping')
  })

  it('answers an unknown page with 404, in both path shapes', async () => {
    icm.use(
      get('cms/pages/nope', () => icmError(404, 'cms.page.not_found')),
      get('cms/pagetree/nope', () => icmError(404, 'cms.pagetree.not_found')),
    )
    expect((await thrown(loader(args('page/nope')))).status).toBe(404)
    expect((await thrown(loader(args('some/thing-pgnope')))).status).toBe(404)
  })

  it('shows a page outside any page tree under its own name, without navigation', async () => {
    icm.use(
      get('cms/pages/lonely', {
        id: 'lonely',
        definitionQualifiedName: 'app_sf_base_cm:page.staticPage.pagelet2-Page',
        displayName: 'Lonely page',
        pagelets: [
          {
            // ICM's own name without the suffix is read the same.
            id: 'lonely-text',
            definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle',
            displayName: 'Text',
            configurationParameters: {
              HTML: {
                definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle-HTML',
                value: '<p>Alone.</p>',
              },
            },
          },
        ],
      }),
      get('cms/pagetree/lonely', () => icmError(404, 'cms.pagetree.not_found')),
    )
    const page = ((await loader(args('lonely-page-pglonely'))) as any).data
    expect(page.seo.canonical).toBe('http://shop.test/en/lonely-page-pglonely')
    expect(page.seo.description).toBe('')
    // No other locale can name it, so it is its only alternate.
    expect(page.seo.alternates).toEqual([
      { hrefLang: 'en-US', href: 'http://shop.test/en/lonely-page-pglonely' },
    ])
    expect(page.content.navigation).toBeNull()
    expect(page.content.pagelets[0].params.HTML).toBe('<p>Alone.</p>')
  })
})

describe('category references', () => {
  const drills = { ...categoryData, categoryRef: 'Power-Tools.Drills@ironbridge-Catalog' }

  it('redirect categoryref/{ref} with 301 to the category page', async () => {
    icm.use(get('categories/Power-Tools/Drills', drills))
    const response = await thrown(loader(args('categoryref/Power-Tools.Drills@ironbridge-Catalog')))
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe('/en/power-tools/drills-ctgPower-Tools.Drills')
  })

  it('answer an unknown category and one of another catalog with 404', async () => {
    icm.use(
      get('categories/Power-Tools/Drills', drills),
      get('categories/Nope', () => icmError(404, 'category.not_found')),
    )
    expect((await thrown(loader(args('categoryref/Nope@ironbridge-Catalog')))).status).toBe(404)
    expect((await thrown(loader(args('categoryref/Power-Tools.Drills@other-Catalog')))).status).toBe(404)
  })
})

const footer = {
  id: 'include.footer.content.pagelet2-Include',
  definitionQualifiedName: 'app_sf_base_cm:include.footer.content.pagelet2-Include',
  displayName: 'Footer content',
  pagelets: [
    {
      id: 'footer-content',
      definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle.pagelet2-Component',
      displayName: 'Footer',
      configurationParameters: {
        HTML: {
          definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle.pagelet2-Component-HTML',
          value:
            '<ul><li><a href="page://shipping">Shipping</a></li><li><a href="page://returns">Returns</a></li><li><a href=\'page://gone\'>Gone</a></li></ul>',
        },
      },
    },
  ],
}

describe('footer and sitemap', () => {
  it('links the footer to the canonical URLs of content pages', async () => {
    icm.use(
      get('categories', { elements: [categoryData] }),
      get('cms/includes/include.footer.content.pagelet2-Include', footer),
      get('cms/pagetree/gone', () => icmError(404, 'cms.pagetree.not_found')),
      ...pageTreeHandlers(),
      get('configurations', configurationData),
      emptyConfigurationInclude,
    )
    const result = await answer(rootLoader, shared('/fr/home'))
    const html = result.data.shell.footer[0].params.HTML as string
    expect(html).toContain('href="/fr/service-client/expedition-et-livraison-pgshipping"')
    expect(html).toContain('href="/fr/service-client/retours-pgreturns"')
    // A page ICM cannot place keeps the short form, which answers 404 or redirects once it exists.
    expect(html).toContain('href="/fr/page/gone"')
  })

  it('lists the pages of the footer trees in a pages sitemap per locale', async () => {
    icm.use(
      get('categories', { elements: [categoryData] }),
      get('cms/includes/include.footer.content.pagelet2-Include', footer),
      get('cms/pagetree/gone', () => icmError(404, 'cms.pagetree.not_found')),
      ...pageTreeHandlers(),
    )
    const response = (await sitemapLoader({
      request: new Request('http://shop.test/sitemap/pl/pages.xml'),
      params: { lang: 'pl', file: 'pages.xml' },
      context: {},
    })) as Response
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locations).toEqual([
      'http://shop.test/pl/obsluga-klienta-pgservice',
      'http://shop.test/pl/obsluga-klienta/wysylka-i-dostawa-pgshipping',
      'http://shop.test/pl/obsluga-klienta/zwroty-pgreturns',
    ])
    const index = await (
      (await sitemapIndexLoader({
        request: new Request('http://shop.test/sitemap.xml'),
        params: {},
        context: {},
      })) as Response
    ).text()
    for (const lang of ['en', 'de', 'fr', 'pl', 'ro']) {
      expect(index).toContain(`<loc>http://shop.test/sitemap/${lang}/pages.xml</loc>`)
    }
  })
  it('names a product sitemap per leaf category, listing the products homed there with canonical URLs', async () => {
    const requested: string[] = []
    icm.use(
      // ICM leaves out hasOnlineProducts in the tree (omitHasOnlineProducts): every leaf gets a sitemap.
      get('categories', (request) => {
        const tree = localizedTree(request) as any
        delete tree.elements[0].subCategories[0].hasOnlineProducts
        return tree
      }),
      get('categories/Power-Tools/Drills', categoryData),
      get('categories/Power-Tools/Drills/products', (request) => {
        const url = new URL(request.url)
        requested.push(`${url.searchParams.get('offset')}+${url.searchParams.get('amount')}`)
        const stub = (sku: string, name: string, home: string) => ({
          title: name,
          attributes: [
            { name: 'sku', value: sku },
            { name: 'defaultCategory', value: defaultCategory(home) },
          ],
        })
        return {
          elements: [
            stub('1000042', 'Voltwerk Drill XT 18', 'Power-Tools.Drills'),
            stub('2000001', 'Saw & Drill Set', 'Power-Tools.Sets'),
          ],
          total: 2,
        }
      }),
    )
    const index = await (
      (await sitemapIndexLoader({
        request: new Request('http://shop.test/sitemap.xml'),
        params: {},
        context: {},
      })) as Response
    ).text()
    expect(index).toContain('<loc>http://shop.test/sitemap/de/products-Power-Tools.Drills.xml</loc>')
    const products = await (
      (await sitemapLoader({
        request: new Request('http://shop.test/sitemap/en/products-Power-Tools.Drills.xml'),
        params: { lang: 'en', file: 'products-Power-Tools.Drills.xml' },
        context: {},
      })) as Response
    ).text()
    const locations = [...products.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    // The set is homed in another category: it belongs to that category's sitemap.
    expect(locations).toEqual(['http://shop.test/en/power-tools/drills/voltwerk-drill-xt-18-prd1000042'])
    expect(requested).toEqual(['0+200'])
  })
})

describe('legacy ICM storefront URLs', () => {
  it('move content pages to their page with 301 and answer others with 404', async () => {
    const legacy = (path: string) =>
      legacyLoader({
        request: new Request(`http://shop.test/INTERSHOP/web/WFS/ironbridge-Site/${path}`),
        params: { '*': path },
        context: {},
      })
    const response = (await legacy('de_DE/-/EUR/ViewContent-Start?PageletEntryPointID=imprint')) as Response
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe('/de/page/imprint')
    expect((await thrown(legacy('de_DE/-/EUR/ViewParametricSearch-Browse'))).status).toBe(404)
  })
})
