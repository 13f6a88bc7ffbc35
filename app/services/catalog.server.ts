import { z } from 'zod'
import {
  CategorySchema,
  CategoryTreeSchema,
  categoryApiPath,
  mapCategory,
  type Category,
} from '~/models/category'
import { mapFilters, ProductFiltersSchema } from '~/models/filter'
import { InventoriesSchema, mapInventory } from '~/models/inventory'
import { mapProductPrices, ProductPricesSchema, type ProductPrice } from '~/models/price'
import {
  LISTING_ATTRS,
  mapProduct,
  mapProductLinks,
  mapProductStub,
  ProductCollectionSchema,
  ProductLinksSchema,
  ProductSchema,
  ProductStubSchema,
} from '~/models/product'
import { mapPromotion, PromotionSchema, type Promotion } from '~/models/promotion'
import { productUrl } from '~/models/url'
import type { Variation } from '~/models/variation'
import { icmCall, IcmError, type IcmScope } from './icm.server'

/** Levels of the category tree the main navigation shows (spec §2.5: max sub-category depth 3). */
export const NAVIGATION_DEPTH = 3

/** Mapped trees per cached ICM answer: the mapping runs once per cache entry, not once per page. */
const mappedTrees = new WeakMap<object, Category[]>()

export async function categoryTree(scope: IcmScope): Promise<Category[]> {
  const data = await icmCall(scope, {
    path: 'categories',
    query: { view: 'tree', limit: NAVIGATION_DEPTH, omitHasOnlineProducts: true, imageView: 'NO-IMAGE' },
    schema: CategoryTreeSchema,
    cache: 'long',
    group: 'spgid',
  })
  let tree = mappedTrees.get(data)
  if (!tree) {
    tree = data.map(mapCategory)
    mappedTrees.set(data, tree)
  }
  return tree
}

type ProductLinkRef = {
  sku: string
  name: string
  defaultCategoryId?: string
  variationValues?: { displayValue: string }[]
}

const treePaths = new WeakMap<Category[], Map<string, Category['path']>>()

/** Every category of the cached tree by uniqueId, with its path (ids and localized names). */
async function treeIndex(scope: IcmScope): Promise<Map<string, Category['path']>> {
  const tree = await categoryTree(scope).catch(() => [])
  let paths = treePaths.get(tree)
  if (!paths) {
    const index = new Map<string, Category['path']>()
    const walk = (nodes: Category[]) =>
      nodes.forEach((node) => {
        index.set(node.uniqueId, node.path)
        walk(node.subCategories)
      })
    walk(tree)
    paths = index
    treePaths.set(tree, paths)
  }
  return paths
}

/**
 * The path of a category (ids and names in the scope's language) for links and breadcrumbs: from the
 * cached category tree when the category is in it, else from the category itself; null when it cannot be
 * loaded. Pages use it for their other languages' URLs and a product's home category: no call per page.
 */
export async function categoryPath(scope: IcmScope, uniqueId: string): Promise<Category['path'] | null> {
  const known = (await treeIndex(scope)).get(uniqueId)
  if (known) return known
  return category(scope, uniqueId).then(
    (c) => c.path,
    () => null,
  )
}

/**
 * Builds canonical product links (default category path as folders, spec §2) for tiles, from the cached
 * category tree: no call per product. A default category deeper than the tree gives a link without folders,
 * which the product page answers just the same.
 */
export async function productLinker(scope: IcmScope) {
  const known = await treeIndex(scope)
  return (p: ProductLinkRef) =>
    productUrl(scope.locale, {
      sku: p.sku,
      name: p.name,
      variationValues: p.variationValues?.map((v) => v.displayValue),
      categoryPath: p.defaultCategoryId ? known.get(p.defaultCategoryId) : undefined,
    })
}

/**
 * Category, product, listing, search and content page load failures are 404s (spec §8): an ICM error answer
 * (4xx, or a 5xx other than 503 / an unreadable answer, both 502 here). ICM down (503, maintenance) and ICM
 * too slow (504) stay what they are: the shop as a whole is failing, not this page.
 */
export const notFoundOnLoadFailure = (error: unknown): never => {
  if (error instanceof IcmError || (error instanceof Response && error.status === 502))
    throw new Response(null, { status: 404, statusText: 'Not Found' })
  throw error
}

export async function category(scope: IcmScope, uniqueId: string) {
  const data = await icmCall(scope, {
    path: `categories/${categoryApiPath(uniqueId)}`,
    schema: CategorySchema,
    cache: 'short',
    group: 'spgid',
  }).catch(notFoundOnLoadFailure)
  return mapCategory(data)
}

/** What a listing shows: a category's products, a search's hits or a master's variations. */
export type ListingSource = { categoryId: string } | { searchTerm: string } | { masterSku: string }

export type ListingQuery = { page: number; pageSize: number; sortKey?: string; filters?: string }

/**
 * Facet groups with counts of a category listing or a search (`productfilters`); `filters` is the current
 * selection. A selection ICM rejects (unknown facet) is a 404 like any listing load failure.
 */
export async function productFilters(scope: IcmScope, source: ListingSource, filters: string | undefined) {
  const data = await icmCall(scope, {
    path:
      'categoryId' in source
        ? `categories/${categoryApiPath(source.categoryId)}/productfilters`
        : 'productfilters',
    query: {
      searchTerm: 'searchTerm' in source ? source.searchTerm : undefined,
      MasterSKU: 'masterSku' in source ? source.masterSku : undefined,
      SearchParameter: filters,
    },
    schema: ProductFiltersSchema,
    cache: 'short',
    group: 'spgid',
  }).catch(notFoundOnLoadFailure)
  return mapFilters(data)
}

export async function categoryProducts(
  scope: IcmScope,
  uniqueId: string,
  { page, pageSize, sortKey, filters }: ListingQuery,
) {
  const data = await icmCall(scope, {
    path: `categories/${categoryApiPath(uniqueId)}/products`,
    query: {
      attrs: LISTING_ATTRS,
      amount: pageSize,
      offset: (page - 1) * pageSize,
      returnSortKeys: true,
      sortKey,
      SearchParameter: filters,
    },
    schema: ProductCollectionSchema,
    cache: 'short',
    group: 'spgid',
  }).catch(notFoundOnLoadFailure)
  return { total: data.total ?? data.elements.length, products: data.elements.map(mapProductStub) }
}

export async function product(scope: IcmScope, sku: string) {
  const data = await icmCall(scope, {
    path: `products/${encodeURIComponent(sku)}`,
    query: { allImages: true, extended: true },
    schema: ProductSchema,
    cache: 'short',
    group: 'spgid',
  }).catch(notFoundOnLoadFailure)
  return mapProduct(data)
}

/** Prices of several products in one call; an empty list makes no call (spec §5). */
export async function prices(scope: IcmScope, skus: string[]) {
  if (skus.length === 0) return new Map<string, ProductPrice>()
  const data = await icmCall(scope, {
    path: 'productprices',
    query: { sku: [...new Set(skus)].sort() },
    schema: ProductPricesSchema,
    cache: 'short',
  })
  return mapProductPrices(data)
}

/** Stock changes quickly: inventories are never cached. */
export async function inventory(scope: IcmScope, skus: string[]) {
  if (skus.length === 0) return new Map<string, ReturnType<typeof mapInventory>>()
  const data = await icmCall(scope, {
    path: 'inventories',
    query: { sku: skus },
    schema: InventoriesSchema,
    cache: 'none',
    token: null,
  })
  return new Map(data.data.map((entry) => [entry.sku, mapInventory(entry)]))
}

export const ConfigurationSchema = z.object({
  data: z.object({
    general: z.object({ defaultLocale: z.string().optional() }).passthrough().optional(),
    basket: z
      .object({
        maxItemQuantity: z.number().optional(),
        termsAndConditions: z.boolean().optional(),
        acceleration: z.boolean().optional(),
      })
      .passthrough()
      .optional(),
    shipping: z
      .object({
        desiredDeliveryDate: z.boolean().optional(),
        desiredDeliveryDaysMin: z.number().optional(),
        desiredDeliveryDaysMax: z.number().optional(),
        deliveryExcludeSaturday: z.boolean().optional(),
        deliveryExcludeSunday: z.boolean().optional(),
      })
      .passthrough()
      .optional(),
    pricing: z
      .object({
        privateCustomerPriceDisplayType: z.string().optional(),
        smbCustomerPriceDisplayType: z.string().optional(),
      })
      .passthrough()
      .optional(),
  }),
})

export async function configuration(scope: IcmScope) {
  const data = await icmCall(scope, {
    path: 'configurations',
    schema: ConfigurationSchema,
    cache: 'long',
    unscoped: true,
  })
  return {
    maxItemQuantity: data.data.basket?.maxItemQuantity ?? 100,
    /** Checkout: the terms must be accepted before ordering (default yes), and "acceleration" (spec §4). */
    termsAndConditions: data.data.basket?.termsAndConditions ?? true,
    acceleration: data.data.basket?.acceleration ?? false,
    b2cDisplay: data.data.pricing?.privateCustomerPriceDisplayType === 'net' ? 'net' : 'gross',
    b2bDisplay: data.data.pricing?.smbCustomerPriceDisplayType === 'gross' ? 'gross' : 'net',
    /** Desired delivery dates per line (spec §9 config keys); null when the channel offers none. */
    delivery: data.data.shipping?.desiredDeliveryDate
      ? {
          daysMin: data.data.shipping.desiredDeliveryDaysMin ?? 0,
          daysMax: data.data.shipping.desiredDeliveryDaysMax ?? 365,
          excludeSaturday: data.data.shipping.deliveryExcludeSaturday ?? false,
          excludeSunday: data.data.shipping.deliveryExcludeSunday ?? false,
        }
      : null,
  } as const
}

const VariationsSchema = z.object({
  elements: z.array(
    z.object({
      title: z.string().optional(),
      attributes: z.array(z.object({ name: z.string(), value: z.unknown() })).default([]),
      variableVariationAttributes: z
        .array(
          z.object({
            variationAttributeId: z.string().optional(),
            name: z.string(),
            value: z.object({ value: z.string(), displayValue: z.string() }),
          }),
        )
        .optional(),
    }),
  ),
  total: z.number().optional(),
})

/** Variations asked for per call; a master with more has its further pages fetched in parallel (spec §7). */
const VARIATIONS_PER_CALL = 50

/** All variations of a master with their attribute values, for choosing one. */
export async function variations(scope: IcmScope, masterSku: string): Promise<Variation[]> {
  const page = (offset: number) =>
    icmCall(scope, {
      path: `products/${encodeURIComponent(masterSku)}/variations`,
      query: { extended: true, amount: VARIATIONS_PER_CALL, offset },
      schema: VariationsSchema,
      cache: 'short',
      group: 'spgid',
    }).catch(notFoundOnLoadFailure)
  const first = await page(0)
  const total = first.total ?? first.elements.length
  const offsets: number[] = []
  for (
    let offset = first.elements.length;
    first.elements.length > 0 && offset < total;
    offset += VARIATIONS_PER_CALL
  )
    offsets.push(offset)
  const rest = await Promise.all(offsets.map(page))
  return [first, ...rest]
    .flatMap((data) => data.elements)
    .map((element) => ({
      sku: String(element.attributes.find((a) => a.name === 'sku')?.value ?? ''),
      name: element.title ?? '',
      available: element.attributes.find((a) => a.name === 'inStock')?.value !== false,
      attributes: (element.variableVariationAttributes ?? []).map((v) => ({
        id: v.variationAttributeId ?? v.name,
        name: v.name,
        value: v.value.value,
        displayValue: v.value.displayValue,
      })),
    }))
}

/** Asks ICM directly (no cache) whether it answers; throws the 503/504 response when it does not. */
export async function ping(scope: IcmScope) {
  await icmCall(scope, {
    path: 'configurations',
    schema: z.unknown(),
    cache: 'none',
    token: null,
    unscoped: true,
  })
}

const SearchResultSchema = ProductCollectionSchema.extend({ redirectUrl: z.string().optional() })

/** One page of a master's variations (`products?MasterSKU=`), filtered by variation attributes. */
export async function masterVariations(
  scope: IcmScope,
  masterSku: string,
  { page, pageSize, sortKey, filters }: ListingQuery,
) {
  const data = await icmCall(scope, {
    path: 'products',
    query: {
      MasterSKU: masterSku,
      attrs: LISTING_ATTRS,
      amount: pageSize,
      offset: (page - 1) * pageSize,
      returnSortKeys: true,
      sortKey,
      SearchParameter: filters,
    },
    schema: ProductCollectionSchema,
    cache: 'short',
    group: 'spgid',
  }).catch(notFoundOnLoadFailure)
  return { total: data.total ?? data.elements.length, products: data.elements.map(mapProductStub) }
}

/**
 * Products matching a search term, ranked, in ICM's listing shape; `redirectUrl` when the term leads to a
 * page instead (spec §4 Search). A rejected term or selection is a 404 like other listing failures.
 */
export async function searchProducts(
  scope: IcmScope,
  searchTerm: string,
  { page, pageSize, sortKey, filters }: ListingQuery,
) {
  const data = await icmCall(scope, {
    path: 'products',
    query: {
      searchTerm,
      attrs: LISTING_ATTRS,
      amount: pageSize,
      offset: (page - 1) * pageSize,
      returnSortKeys: true,
      sortKey,
      SearchParameter: filters,
    },
    schema: SearchResultSchema,
    cache: 'short',
    group: 'spgid',
  }).catch(notFoundOnLoadFailure)
  return {
    total: data.total ?? data.elements.length,
    products: data.elements.map(mapProductStub),
    redirectUrl: data.redirectUrl,
  }
}

const PartsSchema = z.array(ProductStubSchema)

/**
 * Parts of a bundle (`products/{sku}/bundles`, each with its quantity) or of a retail set
 * (`products/{sku}/partOfRetailSet`, each bought on its own: quantity 1 here).
 */
export async function productParts(scope: IcmScope, sku: string, kind: 'Bundle' | 'RetailSet') {
  const data = await icmCall(scope, {
    path: `products/${encodeURIComponent(sku)}/${kind === 'Bundle' ? 'bundles' : 'partOfRetailSet'}`,
    schema: PartsSchema,
    cache: 'short',
    group: 'spgid',
  }).catch(notFoundOnLoadFailure)
  return data.map((stub) => ({
    ...mapProductStub(stub),
    quantity: kind === 'Bundle' ? Number(stub.attributes.find((a) => a.name === 'quantity')?.value ?? 1) : 1,
  }))
}

/**
 * The promotions a product names, each from `promotions/{id}`, in parallel. One that ICM no longer knows
 * (ended since the product was cached) is left out; other failures are thrown.
 */
export async function promotions(scope: IcmScope, ids: string[]): Promise<Promotion[]> {
  const list = await Promise.all(
    [...new Set(ids)].map((id) =>
      icmCall(scope, {
        path: `promotions/${encodeURIComponent(id)}`,
        schema: PromotionSchema,
        cache: 'short',
      }).then(mapPromotion, (error) => {
        if (error instanceof IcmError && error.status === 404) return undefined
        throw error
      }),
    ),
  )
  return list.filter((p) => p !== undefined)
}

/** Accessories, cross-selling and other linked products (`products/{sku}/links`), per link type. */
export async function productLinks(scope: IcmScope, sku: string) {
  const data = await icmCall(scope, {
    path: `products/${encodeURIComponent(sku)}/links`,
    schema: ProductLinksSchema,
    cache: 'short',
    group: 'spgid',
  })
  return mapProductLinks(data)
}
