import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CategoryPage } from '~/components/pages/CategoryPage'
import { ContentPage } from '~/components/pages/ContentPage'
import { ProductPage } from '~/components/pages/ProductPage'
import type { Product } from '~/models/product'
import { isDeepFilter } from '~/models/filter'
import { SHOP_LOCALES } from '~/models/locale'
import { parseListingParams, type ListingParams } from '~/models/listing'
import { pick, priceDisplayOf } from '~/models/price'
import { breadcrumbJsonLd, productJsonLd, seoMeta, type PageSeo } from '~/models/seo'
import { categoryUrl, parseShopPath, productUrl } from '~/models/url'
import { variationGroups } from '~/models/variation'
import { problemText } from '~/models/add-items'
import { mandatoryPath } from '~/models/basket'
import { addToast } from '~/services/add-to-basket.server'
import { addedAll, addToBasket } from '~/services/basket.server'
import {
  category,
  categoryPath,
  categoryProducts,
  configuration,
  inventory,
  prices,
  masterVariations,
  productFilters,
  productLinker,
  productLinks,
  product as loadProduct,
  productParts,
  promotions as loadPromotions,
  variations as loadVariations,
} from '~/services/catalog.server'
import { pageHeaders } from '~/services/headers'
import { loadContentPage } from '~/services/content-page.server'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import type { IcmScope } from '~/services/icm.server'
import { productPageHeaders, trackProductView } from '~/services/recently.server'
import { alternatesOf, publicOrigin } from '~/services/seo.server'
import { commitSession } from '~/services/session.server'
import { shopperOf, type Shopper } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'
import { addToBasketSchema } from '~/models/quantity'
import { parseSubmission, readForm } from '~/services/form.server'

export const headers = pageHeaders

/** Items per category listing page (spec §9). */
const CATEGORY_PAGE_SIZE = 9

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

/** The canonical URL of a product: its default category path in the folder part (spec §2 link building). */
async function canonicalProductUrl(scope: IcmScope, product: Product) {
  const homePath = product.defaultCategoryId ? await categoryPath(scope, product.defaultCategoryId) : null
  return {
    url: productUrl(scope.locale, {
      sku: product.sku,
      name: product.name,
      variationValues: product.variationValues.map((v) => v.displayValue),
      categoryPath: homePath ?? undefined,
    }),
    homePath,
  }
}

async function loadCategoryPage(
  request: Request,
  shopper: Shopper,
  uniqueId: string,
  canonical: boolean,
  catalogId?: string,
) {
  const params = parseListingParams(new URL(request.url).searchParams)
  // The listing and the other languages' category data need only the id: they start with the category
  // itself instead of after it (handled rejections: a redirect or 404 below leaves them unused).
  const early = <T,>(load: () => Promise<T>) => {
    const promise = canonical && params ? load() : null
    promise?.catch(() => undefined)
    return promise
  }
  const query = params && {
    page: params.page,
    pageSize: CATEGORY_PAGE_SIZE,
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
  const current = await category(shopper.scope, uniqueId)
  // `categoryref/{uniqueId}@{catalogId}` names a category of one catalog only.
  if (catalogId && current.ref && current.ref !== `${uniqueId}@${catalogId}`) throw notFound()
  const url = categoryUrl(shopper.locale, current)
  const search = new URL(request.url).search
  if (!canonical) throw redirect(`${url}${search}`, 301)
  if (!params) throw notFound()
  const { page, sorting, view, filters } = params
  const [listing, filterGroups] = current.hasProducts ? await listingLoad! : [{ total: 0, products: [] }, []]
  if (page > 1 && listing.products.length === 0) throw notFound()
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
  return {
    kind: 'category' as const,
    seo,
    category: {
      name: current.name,
      description: current.description,
      breadcrumb,
      subCategories: current.subCategories.map((c) => ({
        id: c.uniqueId,
        name: c.name,
        url: categoryUrl(shopper.locale, c),
      })),
    },
    listing: {
      page,
      sorting,
      view,
      filters,
      filterGroups,
      pageSize: CATEGORY_PAGE_SIZE,
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

/** Accessories, cross-selling and other linked products as priced tiles per link type; null when they fail. */
async function relatedProducts(shopper: Shopper, sku: string) {
  const [links, linkOf] = await Promise.all([productLinks(shopper.scope, sku), productLinker(shopper.scope)])
  // Without prices the tiles still show, their price "not available".
  const priceMap = await prices(
    shopper.scope,
    links.flatMap((link) => link.products.map((p) => p.sku)),
  ).catch(() => null)
  return links.map((link) => ({
    type: link.type,
    entries: link.products.map((tile) => ({
      tile,
      url: linkOf(tile),
      price: priceMap ? priceMap.get(tile.sku) : null,
    })),
  }))
}

/** Items per page of a master's variation listing (spec §9). */
const MASTER_PAGE_SIZE = 6

async function loadVariationListing(
  shopper: Shopper,
  masterSku: string,
  { page, sorting, view, filters }: ListingParams,
  categoryPath: { name: string }[] | undefined,
) {
  const query = { page, pageSize: MASTER_PAGE_SIZE, sortKey: sorting, filters }
  const [listing, filterGroups] = await Promise.all([
    masterVariations(shopper.scope, masterSku, query),
    productFilters(shopper.scope, { masterSku }, filters),
  ])
  const priceMap = await prices(
    shopper.scope,
    listing.products.map((p) => p.sku),
  )
  return {
    page,
    sorting,
    view,
    filters,
    filterGroups,
    pageSize: MASTER_PAGE_SIZE,
    total: listing.total,
    products: listing.products.map((p) => ({
      tile: p,
      url: productUrl(shopper.locale, { sku: p.sku, name: p.name, categoryPath }),
      price: priceMap.get(p.sku),
    })),
  }
}

async function loadProductPage(request: Request, shopper: Shopper, sku: string, canonical: boolean) {
  // Recorded before any await (see trackProductView); the list is streamed, never awaited.
  const recentlyViewed = canonical ? trackProductView(request, shopper.scope, shopper.session, sku) : null
  // The product's URLs in the other languages need only the SKU: they load alongside the product.
  const elsewhere = new Map(
    SHOP_LOCALES.filter((locale) => locale.lang !== shopper.locale.lang).map((locale) => {
      const scope = { locale, pgid: shopper.scope.pgid }
      const load = canonical
        ? loadProduct(scope, sku).then(async (other) => (await canonicalProductUrl(scope, other)).url)
        : null
      load?.catch(() => undefined)
      return [locale.lang, load]
    }),
  )
  const [product, priceMap, stock] = await Promise.all([
    loadProduct(shopper.scope, sku),
    prices(shopper.scope, [sku]),
    inventory(shopper.scope, [sku]),
  ])
  // A warranty is a product for ICM, not a page of the shop.
  if (product.kind === 'Warranty') throw notFound()
  const { url, homePath } = await canonicalProductUrl(shopper.scope, product)
  if (!canonical) throw redirect(url, 301)
  // Streamed: never awaited here, so linked products never delay the page.
  const related = relatedProducts(shopper, sku).catch(() => null)
  const origin = publicOrigin(request)
  // A master lists its variations; a variation lists its siblings, so the shopper can switch.
  const masterSku =
    product.kind === 'VariationProductMaster'
      ? sku
      : product.kind === 'VariationProduct'
        ? product.masterSku
        : undefined
  // A master also lists its variations as a listing: 6 a page, faceted by variation attributes.
  const variationParams =
    product.kind === 'VariationProductMaster'
      ? parseListingParams(new URL(request.url).searchParams)
      : undefined
  if (variationParams === null) throw notFound()
  const variationListing = variationParams
    ? loadVariationListing(shopper, sku, variationParams, homePath ?? undefined)
    : Promise.resolve(null)
  const [variationList, partList, promotionList, warrantyPrices, settings] = await Promise.all([
    masterSku ? loadVariations(shopper.scope, masterSku) : [],
    product.kind === 'Bundle' || product.kind === 'RetailSet'
      ? productParts(shopper.scope, sku, product.kind)
      : [],
    // Promotions are extras: the page shows without them when they cannot be loaded.
    loadPromotions(shopper.scope, product.promotionIds).catch(() => []),
    prices(
      shopper.scope,
      product.warranties.map((w) => w.id),
    ),
    configuration(shopper.scope),
  ])
  // Each variation's URL is the one its own page names as canonical.
  const variationUrls = new Map(
    variationList.map((v) => [
      v.sku,
      productUrl(shopper.locale, {
        sku: v.sku,
        name: v.name,
        variationValues: v.attributes.map((a) => a.displayValue),
        categoryPath: homePath ?? undefined,
      }),
    ]),
  )
  // A master's links start from its default variation, but nothing is chosen on the master itself.
  const master = product.kind === 'VariationProductMaster'
  const reference = master ? product.defaultVariationSku : sku
  const variationSelection = variationGroups(variationList, reference).map((group) => ({
    ...group,
    options: group.options.map((option) => ({
      ...option,
      selected: option.selected && !master,
      url: variationUrls.get(option.sku)!,
    })),
  }))
  const defaultVariation =
    product.kind === 'VariationProductMaster' && product.defaultVariationSku
      ? variationList.find((v) => v.sku === product.defaultVariationSku)
      : undefined
  const variationPage = await variationListing
  if (variationParams && variationParams.page > 1 && !variationPage?.products.length) throw notFound()
  const [partPrices, linkOf] = await Promise.all([
    prices(
      shopper.scope,
      partList.map((p) => p.sku),
    ),
    productLinker(shopper.scope),
  ])
  const parts = partList.map((part) => ({
    ...part,
    url: linkOf(part),
    price: partPrices.get(part.sku),
  }))
  const breadcrumb = [
    ...(homePath?.map((p, i) => ({
      name: p.name,
      url: categoryUrl(shopper.locale, { uniqueId: p.uniqueId, path: homePath.slice(0, i + 1) }),
    })) ?? []),
    { name: product.name },
  ]
  const price = priceMap.get(sku)
  const stockInfo = stock.get(sku)
  const display = priceDisplayOf(shopper.session.get('user')?.customerType, settings)
  const seo: PageSeo = {
    title: product.seo.title ?? product.name,
    description: product.seo.description ?? product.shortDescription,
    robots: product.seo.robots ?? 'index, follow',
    canonical: `${origin}${url}`,
    alternates: await alternatesOf(origin, async (locale) =>
      locale.lang === shopper.locale.lang ? url : elsewhere.get(locale.lang)!,
    ),
    jsonLd: [
      productJsonLd(
        {
          sku,
          name: product.name,
          description: product.shortDescription,
          url,
          image: product.images.find((i) => i.typeID === 'L')?.url,
          brand: product.manufacturer,
          rating: product.rating,
          price: price?.sale && pick(price.sale, display),
          stockStatus: stockInfo?.status ?? (product.available ? 1 : 3),
        },
        origin,
      ),
      breadcrumbJsonLd(breadcrumb, origin),
    ],
  }
  return {
    kind: 'product' as const,
    seo,
    product,
    price,
    inventory: stockInfo,
    variationSelection,
    defaultVariation: defaultVariation && {
      name: defaultVariation.attributes.map((a) => a.displayValue).join(', ') || defaultVariation.name,
      url: variationUrls.get(defaultVariation.sku)!,
    },
    variationListing: variationPage,
    parts,
    maxItemQuantity: settings.maxItemQuantity,
    breadcrumb,
    promotions: promotionList,
    // Warranty prices come from the price call, net and gross, like product prices.
    warranties: product.warranties.map((w) => ({
      id: w.id,
      name: w.name,
      price: warrantyPrices.get(w.id)?.sale ?? null,
    })),
    related,
    recentlyViewed,
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await shopperOf(request, params)
  const parsed = parseShopPath(params['*'] ?? '')
  if (parsed.kind === 'unknown') throw notFound()
  const page =
    parsed.kind === 'category'
      ? await loadCategoryPage(request, shopper, parsed.uniqueId, parsed.canonical, parsed.catalogId)
      : parsed.kind === 'content'
        ? await loadContentPage(request, shopper, parsed.id, parsed.canonical)
        : await loadProductPage(request, shopper, parsed.sku, parsed.canonical)
  const headers =
    page.kind === 'product'
      ? await productPageHeaders(request, shopper.session)
      : cacheHeaders(request, 'catalog')
  return data(page, { headers })
}

/** Add to basket: a plain form post that works without JavaScript, answered by a redirect and a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  const shopper = await shopperOf(request, params)
  const parsed = parseShopPath(params['*'] ?? '')
  if (parsed.kind !== 'product') throw new Response(null, { status: 405 })
  const t = fixedT(shopper.locale.id)
  const formData = await readForm(request)
  // The page's product, or one of the parts a retail set page offers; the API has the last word.
  const sku = String(formData.get('sku') ?? parsed.sku)
  const product = await loadProduct(shopper.scope, sku).catch((error) => {
    if (error instanceof Response && error.status === 404) return null
    throw error
  })
  if (!product) {
    return data(
      {
        result: { status: 'error' as const, error: { '': [t('basket.line_item.product_not_found.error')] } },
      },
      { status: 400 },
    )
  }
  const { maxItemQuantity } = await configuration(shopper.scope)
  const submission = parseSubmission(formData, { schema: addToBasketSchema(product, t, maxItemQuantity), t })
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: 400 })
  }
  const result = await addToBasket(shopper.scope, shopper.session, [
    { sku: product.sku, quantity: submission.value.quantity, warranty: submission.value.warranty },
  ])
  if (!addedAll(result)) {
    return data(
      {
        result: submission.reply({
          // The page names the product: the reason alone, first cause each (spec §8).
          formErrors: [
            ...result.refused.flatMap((r) => r.errors.slice(0, 1)),
            ...result.errors.slice(0, 1),
          ].map((problem) => problemText(t, problem)),
        }),
      },
      { status: 422, headers: { 'Set-Cookie': await commitSession(shopper.session) } },
    )
  }
  // A product that asks for mandatory selections or accessories: on to the page that asks (ADR 0011).
  const mandatory = result.mandatoryLineIds[0]
  const next = mandatory ? mandatoryPath(shopper.locale.lang, mandatory) : new URL(request.url).pathname
  return redirectWithToast(shopper.session, next, addToast(t, result))
}

export default function CatalogPage() {
  const page = useLoaderData<typeof loader>()
  if (page.kind === 'content') return <ContentPage page={page} />
  return page.kind === 'category' ? <CategoryPage page={page} /> : <ProductPage page={page} />
}

export type CatalogLoader = typeof loader

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo)
