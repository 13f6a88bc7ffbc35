import { redirect } from '@remix-run/node'
import type { CategoryPageData } from '~/models/catalog-page'
import { isDeepFilter } from '~/models/filter'
import { pageSizesOf, parseListingParams, sortOptions } from '~/models/listing'
import { SHOP_LOCALES } from '~/models/locale'
import { breadcrumbJsonLd, type PageSeo } from '~/models/seo'
import { categoryUrl, productUrl } from '~/models/url'
import { category, categoryPath } from './categories.server'
import { viewContextContent } from './cms.server'
import { notFound } from './http.server'
import { fixedT } from './i18n.server'
import { prices } from './prices.server'
import { categoryProducts, productFilters } from './products.server'
import { alternatesOf, publicOrigin } from './seo.server'
import type { Shopper } from './shopper.server'

/** The view contexts whose content a category page shows above and below its listing (ICM's standard ones). */
const CATEGORY_VIEW_CONTEXTS = [
  'viewcontext.include.category.base.top',
  'viewcontext.include.category.base.bottom',
] as const

/** Items per category listing page (spec §9). */
const CATEGORY_PAGE_SIZE = 9

type CategoryRequest = {
  request: Request
  shopper: Shopper
  uniqueId: string
  canonical: boolean
  /** `categoryref/{uniqueId}@{catalogId}` names a category of one catalog only. */
  catalogId?: string
}

/**
 * A category page (`…-ctg{id}`; the short forms answer 301): the category, one page of its products with
 * prices and facets, and its SEO. All of it is critical data: a listing is what the page is for, and the
 * other languages' URLs go into the head, so a category page streams nothing.
 */
export async function loadCategoryPage({
  request,
  shopper,
  uniqueId,
  canonical,
  catalogId,
}: CategoryRequest): Promise<CategoryPageData> {
  const params = parseListingParams(new URL(request.url).searchParams, CATEGORY_PAGE_SIZE)
  // The listing and the other languages' category data need only the id: they start with the category
  // itself instead of after it (handled rejections: a redirect or 404 below leaves them unused).
  const early = <T>(load: () => Promise<T>) => {
    const promise = canonical && params ? load() : null
    promise?.catch(() => undefined)
    return promise
  }
  const query = params && {
    page: params.page,
    pageSize: params.pageSize,
    sortKey: params.sorting,
    filters: params.filters,
  }
  const listingLoad = early(() =>
    Promise.all([
      categoryProducts(shopper.scope, uniqueId, query!),
      productFilters(shopper.scope, { categoryId: uniqueId }, query!.filters),
    ]),
  )
  const elsewhere = new Map(
    SHOP_LOCALES.filter((locale) => locale.lang !== shopper.locale.lang).map((locale) => [
      locale.lang,
      early(() => categoryPath({ locale, pgid: shopper.scope.pgid }, uniqueId)),
    ]),
  )
  const contentLoad = early(() =>
    Promise.all(
      CATEGORY_VIEW_CONTEXTS.map((viewContext) =>
        viewContextContent(shopper.scope, viewContext, { Category: uniqueId }),
      ),
    ),
  )
  const current = await category(shopper.scope, uniqueId)
  if (catalogId && current.ref && current.ref !== `${uniqueId}@${catalogId}`) throw notFound()
  const url = categoryUrl(shopper.locale, current)
  if (!canonical) throw redirect(`${url}${new URL(request.url).search}`, 301)
  if (!params) throw notFound()
  const { page, sorting, view, filters, pageSize } = params
  const [listing, filterGroups] = current.hasProducts
    ? await listingLoad!
    : [{ total: 0, products: [], sortKeys: [] }, []]
  if (page > 1 && listing.products.length === 0) throw notFound()
  const sortings = sortOptions(listing.sortKeys, sorting, fixedT(shopper.locale.id))
  if (!sortings) throw notFound()
  const priceMap = await prices(
    shopper.scope,
    listing.products.map((p) => p.sku),
  )
  const origin = publicOrigin(request)
  const breadcrumb = current.path.map((p, i) => ({
    name: p.name,
    url: categoryUrl(shopper.locale, { uniqueId: p.uniqueId, path: current.path.slice(0, i + 1) }),
  }))
  // Paged listings are their own canonical pages; a filtered listing names the unfiltered one, and deep
  // facet combinations are not indexed at all.
  const pageSuffix = page > 1 && !filters ? `?page=${page}` : ''
  const seo: PageSeo = {
    title: current.seo.title ?? current.name,
    description: current.seo.description ?? current.description,
    robots: isDeepFilter(filters) ? 'noindex, follow' : (current.seo.robots ?? 'index, follow'),
    canonical: `${origin}${url}${pageSuffix}`,
    alternates: await alternatesOf(origin, async (locale) => {
      if (locale.lang === shopper.locale.lang) return `${url}${pageSuffix}`
      const path = await elsewhere.get(locale.lang)
      return path ? `${categoryUrl(locale, { uniqueId, path })}${pageSuffix}` : null
    }),
    jsonLd: [breadcrumbJsonLd(breadcrumb, origin)],
  }
  const [top = [], bottom = []] = (await contentLoad) ?? []
  return {
    kind: 'category' as const,
    seo,
    category: {
      name: current.name,
      description: current.description,
      breadcrumb,
      content: { top, bottom },
      subCategories: current.subCategories.map((c) => ({
        id: c.uniqueId,
        name: c.name,
        url: categoryUrl(shopper.locale, c),
      })),
    },
    listing: {
      page,
      sorting,
      sortings,
      view,
      filters,
      filterGroups,
      pageSize,
      pageSizes: pageSizesOf(CATEGORY_PAGE_SIZE),
      total: listing.total,
      products: listing.products.map((p) => ({
        tile: p,
        url: productUrl(
          shopper.locale,
          { sku: p.sku, name: p.name, categoryPath: current.path },
          p.defaultCategoryId === uniqueId ? undefined : uniqueId,
        ),
        price: priceMap.get(p.sku),
      })),
    },
  }
}
