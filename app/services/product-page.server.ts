import { redirect } from '@remix-run/node'
import type { LinkSection, ListingData, ProductPageData, TileEntry } from '~/models/catalog-page'
import { productDeliveryEstimate } from '~/models/delivery-date'
import { pageSizesOf, parseListingParams, sortOptions, type ListingParams } from '~/models/listing'
import { SHOP_LOCALES, type ShopLocale } from '~/models/locale'
import { pick } from '~/models/price'
import { showsPrices } from '~/models/price-visibility'
import type { LocalizedProductName, Product } from '~/models/product'
import { breadcrumbJsonLd, productJsonLd, type PageSeo } from '~/models/seo'
import { categoryUrl, productUrl } from '~/models/url'
import { variationGroups } from '~/models/variation'
import { categoryPath, productLinker } from './categories.server'
import { priceDisplayFor } from './price-display.server'
import { priceVisibilityFor } from './price-visibility.server'
import { config } from './config.server'
import { configuration } from './configuration.server'
import { isFeatureEnabled } from './features.server'
import type { IcmScope } from './icm.server'
import { notFound } from './http.server'
import { fixedT } from './i18n.server'
import { prices } from './prices.server'
import {
  inventory,
  masterVariations,
  product as loadProduct,
  productFilters,
  productLinks,
  productParts,
  productWithNames,
  variations as loadVariations,
} from './products.server'
import { promotions as loadPromotions } from './promotions.server'
import { trackProductView } from './recently.server'
import { alternatesOf, publicOrigin } from './seo.server'
import type { Shopper } from './shopper.server'

type ProductRequest = {
  request: Request
  shopper: Shopper
  sku: string
  canonical: boolean
  /** The enabled features; the shop's configured set unless a test names its own. */
  features?: ReadonlySet<string>
}

/** Items per page of a master's variation listing (spec §9). */
const MASTER_PAGE_SIZE = 6

/**
 * A product page (`…-prd{sku}`; the short form answers 301): the critical data awaited; linked and recently
 * viewed products and the promotions streamed (they never delay the page's main facts, and never fail it;
 * a document waits for them, ADR 0051).
 */
export async function loadProductPage(page: ProductRequest): Promise<ProductPageData> {
  // Recorded before any await: session changes must be made before the response is (see trackProductView).
  const recentlyViewed = page.canonical
    ? trackProductView(page.request, page.shopper.scope, page.shopper.session, page.sku)
    : null
  const critical = await criticalData(page)
  return { ...critical, ...deferredData(page.shopper, page.sku), recentlyViewed }
}

/**
 * Whether this ICM answered `localizedNames` on the last product page: unknown at start, false for a real
 * ICM, whose pages then load the other languages' products alongside the product again, as before.
 */
let icmSendsLocalizedNames: boolean | undefined

/** Linked products, streamed: a promise that never rejects (null when they fail). */
function deferredData(shopper: Shopper, sku: string): Pick<ProductPageData, 'related'> {
  return { related: relatedProducts(shopper, sku).catch(() => null) }
}

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

type OtherLanguageUrls = Map<string, Promise<string> | null>

/**
 * The product's URLs in the other languages from a call per language (a real ICM, which sends no
 * `localizedNames`): they need only the SKU, so they can load alongside the product.
 */
function otherLanguageUrls(shopper: Shopper, sku: string, canonical: boolean): OtherLanguageUrls {
  return new Map(
    SHOP_LOCALES.filter((locale) => locale.lang !== shopper.locale.lang).map((locale) => {
      const load = canonical ? otherLanguageUrl(shopper, locale, sku) : null
      load?.catch(() => undefined)
      return [locale.lang, load]
    }),
  )
}

function otherLanguageUrl(shopper: Shopper, locale: ShopLocale, sku: string) {
  const scope = { locale, pgid: shopper.scope.pgid }
  return loadProduct(scope, sku).then(async (other) => (await canonicalProductUrl(scope, other)).url)
}

/**
 * The product's URLs in the other languages from its names in every locale (one answer of the bundled
 * commerce API) and each language's cached category tree: no call per language. A locale the answer lacks
 * is loaded as from a real ICM.
 */
function urlsFromNames(
  shopper: Shopper,
  product: Product,
  names: Map<string, LocalizedProductName>,
): OtherLanguageUrls {
  return new Map(
    SHOP_LOCALES.filter((locale) => locale.lang !== shopper.locale.lang).map((locale) => {
      const localized = names.get(locale.id)
      const scope = { locale, pgid: shopper.scope.pgid }
      const url = localized
        ? (product.defaultCategoryId
            ? categoryPath(scope, product.defaultCategoryId)
            : Promise.resolve(null)
          ).then((homePath) =>
            productUrl(locale, {
              sku: product.sku,
              name: localized.name,
              variationValues: localized.variationValues,
              categoryPath: homePath ?? undefined,
            }),
          )
        : otherLanguageUrl(shopper, locale, product.sku)
      url.catch(() => undefined)
      return [locale.lang, url]
    }),
  )
}

async function criticalData({ request, shopper, sku, canonical, features }: ProductRequest) {
  // Against an ICM known not to send the names, the other languages load alongside the product.
  const early = icmSendsLocalizedNames === false ? otherLanguageUrls(shopper, sku, canonical) : null
  const [{ product, names }, priceMap, stock] = await Promise.all([
    productWithNames(shopper.scope, sku),
    prices(shopper.scope, [sku]),
    inventory(shopper.scope, [sku]),
  ])
  icmSendsLocalizedNames = names !== null
  // A warranty is a product for ICM, not a page of the shop.
  if (product.kind === 'Warranty') throw notFound()
  const { url, homePath } = await canonicalProductUrl(shopper.scope, product)
  if (!canonical) throw redirect(url, 301)
  const elsewhere =
    early ?? (names ? urlsFromNames(shopper, product, names) : otherLanguageUrls(shopper, sku, canonical))
  const categoryLinks = homePath ?? undefined
  // A master also lists its variations as a listing: 6 a page, faceted by variation attributes.
  const variationParams =
    product.kind === 'VariationProductMaster'
      ? parseListingParams(new URL(request.url).searchParams, MASTER_PAGE_SIZE)
      : undefined
  if (variationParams === null) throw notFound()
  // Promotions are extras, streamed: the page shows without them when they cannot be loaded.
  const promotions = loadPromotions(shopper.scope, product.promotionIds).catch(() => [])
  const [variationSelection, variationListing, parts, warranties, settings] = await Promise.all([
    variationChoice(shopper, product, categoryLinks),
    variationParams ? variationList(shopper, sku, variationParams, categoryLinks) : null,
    partsOf(shopper, product),
    warrantiesOf(shopper, product),
    configuration(shopper.scope),
  ])
  if (variationParams && variationParams.page > 1 && !variationListing?.products.length) throw notFound()
  const breadcrumb = [
    ...(homePath?.map((p, i) => ({
      name: p.name,
      url: categoryUrl(shopper.locale, { uniqueId: p.uniqueId, path: homePath.slice(0, i + 1) }),
    })) ?? []),
    { name: product.name },
  ]
  const price = priceMap.get(sku)
  const stockInfo = stock.get(sku)
  // The page shows the rating as every product view does (ProductRating, by the shell); its structured data
  // names it under the same toggle.
  const showRating = isFeatureEnabled('rating', features)
  const origin = publicOrigin(request)
  const display = priceDisplayFor(shopper.session, settings)
  // Structured data names no price the shopper may not see (ADR 0045); crawlers, anonymous, see them all.
  const visibility = await priceVisibilityFor(shopper.scope, shopper.session)
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
          rating: showRating ? product.rating : undefined,
          price: price?.sale && showsPrices(visibility) ? pick(price.sale, display) : undefined,
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
    deliveryDate:
      product.kind === 'VariationProductMaster'
        ? null
        : productDeliveryEstimate(
            product,
            stockInfo?.status,
            config.standardDeliveryDays,
            new Date(),
            config.deliveryCalendar,
          ),
    ...variationSelection,
    variationListing,
    parts,
    maxItemQuantity: settings.maxItemQuantity,
    breadcrumb,
    promotions,
    warranties,
  }
}

/**
 * A master lists its variations, a variation its siblings, as links to their pages (each the URL its own
 * page names as canonical). A master's links start from its default variation, but nothing is chosen on
 * the master itself.
 */
async function variationChoice(shopper: Shopper, product: Product, categoryLinks?: { name: string }[]) {
  const master = product.kind === 'VariationProductMaster'
  const masterSku = master ? product.sku : product.kind === 'VariationProduct' ? product.masterSku : undefined
  const list = masterSku ? await loadVariations(shopper.scope, masterSku) : []
  const urls = new Map(
    list.map((v) => [
      v.sku,
      productUrl(shopper.locale, {
        sku: v.sku,
        name: v.name,
        variationValues: v.attributes.map((a) => a.displayValue),
        categoryPath: categoryLinks,
      }),
    ]),
  )
  const reference = master ? product.defaultVariationSku : product.sku
  const defaultVariation =
    master && product.defaultVariationSku
      ? list.find((v) => v.sku === product.defaultVariationSku)
      : undefined
  return {
    variationSelection: variationGroups(list, reference).map((group) => ({
      ...group,
      options: group.options.map((option) => ({
        ...option,
        selected: option.selected && !master,
        url: urls.get(option.sku)!,
      })),
    })),
    defaultVariation: defaultVariation && {
      name: defaultVariation.attributes.map((a) => a.displayValue).join(', ') || defaultVariation.name,
      url: urls.get(defaultVariation.sku)!,
    },
  }
}

/** One page of a master's variations, priced, faceted by variation attributes. */
async function variationList(
  shopper: Shopper,
  masterSku: string,
  { page, sorting, view, filters, pageSize }: ListingParams,
  categoryLinks: { name: string }[] | undefined,
): Promise<ListingData> {
  const query = { page, pageSize, sortKey: sorting, filters }
  const [listing, filterGroups] = await Promise.all([
    masterVariations(shopper.scope, masterSku, query),
    productFilters(shopper.scope, { masterSku }, filters),
  ])
  const sortings = sortOptions(listing.sortKeys, sorting, fixedT(shopper.locale.id))
  if (!sortings) throw notFound()
  const priceMap = await prices(
    shopper.scope,
    listing.products.map((p) => p.sku),
  )
  return {
    page,
    sorting,
    sortings,
    view,
    filters,
    filterGroups,
    pageSize,
    pageSizes: pageSizesOf(MASTER_PAGE_SIZE),
    total: listing.total,
    products: listing.products.map((p) => ({
      tile: p,
      url: productUrl(shopper.locale, { sku: p.sku, name: p.name, categoryPath: categoryLinks }),
      price: priceMap.get(p.sku),
    })),
  }
}

/** The parts of a bundle or retail set with their links and prices; none for other products. */
async function partsOf(shopper: Shopper, product: Product) {
  if (product.kind !== 'Bundle' && product.kind !== 'RetailSet') return []
  const [list, linkOf] = await Promise.all([
    productParts(shopper.scope, product.sku, product.kind),
    productLinker(shopper.scope),
  ])
  const partPrices = await prices(
    shopper.scope,
    list.map((p) => p.sku),
  )
  return list.map((part) => ({ ...part, url: linkOf(part), price: partPrices.get(part.sku) }))
}

/** Offered warranties with their prices from the price call, net and gross, like product prices. */
async function warrantiesOf(shopper: Shopper, product: Product) {
  const warrantyPrices = await prices(
    shopper.scope,
    product.warranties.map((w) => w.id),
  )
  return product.warranties.map((w) => ({
    id: w.id,
    name: w.name,
    price: warrantyPrices.get(w.id)?.sale ?? null,
  }))
}

/** Accessories, cross-selling and other linked products as priced tiles per link type. */
async function relatedProducts(shopper: Shopper, sku: string): Promise<LinkSection[]> {
  const [links, linkOf] = await Promise.all([productLinks(shopper.scope, sku), productLinker(shopper.scope)])
  // Without prices the tiles still show, their price "not available".
  const priceMap = await prices(
    shopper.scope,
    links.flatMap((link) => link.products.map((p) => p.sku)),
  ).catch(() => null)
  return links.map((link) => ({
    type: link.type,
    entries: link.products.map((tile): TileEntry => ({
      tile,
      url: linkOf(tile),
      price: priceMap ? priceMap.get(tile.sku) : null,
    })),
  }))
}
