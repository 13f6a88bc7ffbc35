import type { z } from 'zod'
import { categoryApiPath } from '~/models/category'
import { mapFilters, ProductFiltersSchema } from '~/models/filter'
import { InventoriesSchema, mapInventory } from '~/models/inventory'
import {
  LISTING_ATTRS,
  localizedNamesOf,
  mapProduct,
  mapProductLinks,
  mapProductStub,
  partQuantity,
  PartsSchema,
  ProductLinksSchema,
  ProductSchema,
  SearchResultSchema,
} from '~/models/product'
import { mapVariation, VariationsSchema, type Variation } from '~/models/variation'
import { icmCall, type IcmScope } from './icm.server'
import { notFoundOnLoadFailure } from './load-failure.server'

export function product(scope: IcmScope, sku: string) {
  return icmCall(scope, productCall(sku), mapProduct).catch(notFoundOnLoadFailure)
}

/** `products/{sku}` with all images and the extended attributes; with `localizedNames`, its names too. */
const productCall = (sku: string, localizedNames?: true) => ({
  path: `products/${encodeURIComponent(sku)}`,
  query: { allImages: true, extended: true, localizedNames },
  schema: ProductSchema,
  cache: 'short' as const,
  group: 'spgid' as const,
})

/**
 * A product with its names in every locale, for its page's language links: one call where the bundled
 * commerce API answers `localizedNames=true`; `names` is null from a real ICM, which ignores the parameter
 * (the page then loads the product in each other locale, ADR 0051).
 */
export function productWithNames(scope: IcmScope, sku: string) {
  return icmCall(scope, productCall(sku, true), mapProductWithNames).catch(notFoundOnLoadFailure)
}

const mapProductWithNames = (data: z.infer<typeof ProductSchema>) => ({
  product: mapProduct(data),
  names: localizedNamesOf(data),
})

/** Stock changes quickly: an answer is shared for a few seconds only (the `stock` policy of icm.server). */
export async function inventory(scope: IcmScope, skus: string[]) {
  if (skus.length === 0) return new Map<string, ReturnType<typeof mapInventory>>()
  return icmCall(
    scope,
    { path: 'inventories', query: { sku: skus }, schema: InventoriesSchema, cache: 'stock' },
    inventoryBySku,
  )
}

const inventoryBySku = (data: z.infer<typeof InventoriesSchema>) =>
  new Map(data.data.map((entry) => [entry.sku, mapInventory(entry)]))

/**
 * What a listing shows: a category's products, a search's hits or a master's variations. A search with
 * `correctSpelling: false` asks the bundled commerce API for the words as typed (no "did you mean").
 */
export type ListingSource =
  { categoryId: string } | { searchTerm: string; correctSpelling?: boolean } | { masterSku: string }

/** The search parameters of a source (none for a category). */
const searchQuery = (source: ListingSource) => ({
  searchTerm: 'searchTerm' in source ? source.searchTerm : undefined,
  correctSpelling: 'searchTerm' in source && source.correctSpelling === false ? false : undefined,
  MasterSKU: 'masterSku' in source ? source.masterSku : undefined,
})

export type ListingQuery = { page: number; pageSize: number; sortKey?: string; filters?: string }

/**
 * One page of a listing in ICM's listing shape: `categories/{id}/products`, or `products` with `searchTerm`
 * or `MasterSKU`, with the sort keys ICM offers for it. `redirectUrl` when a search term leads to a page instead (spec §4 Search);
 * `correctedTerm` when the bundled commerce API searched for a corrected spelling (ICM never sends one). A
 * rejected source or selection is a 404 like any listing load failure.
 */
export async function productListing(
  scope: IcmScope,
  source: ListingSource,
  { page, pageSize, sortKey, filters }: ListingQuery,
) {
  return icmCall(
    scope,
    {
      path: 'categoryId' in source ? `categories/${categoryApiPath(source.categoryId)}/products` : 'products',
      query: {
        ...searchQuery(source),
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
    },
    mapListing,
  ).catch(notFoundOnLoadFailure)
}

const mapListing = (data: z.infer<typeof SearchResultSchema>) => ({
  total: data.total ?? data.elements.length,
  products: data.elements.map(mapProductStub),
  sortKeys: data.sortKeys ?? [],
  redirectUrl: data.redirectUrl,
  correctedTerm: data.correctedSearchTerm,
})

export const categoryProducts = (scope: IcmScope, categoryId: string, query: ListingQuery) =>
  productListing(scope, { categoryId }, query)

export const masterVariations = (scope: IcmScope, masterSku: string, query: ListingQuery) =>
  productListing(scope, { masterSku }, query)

export const searchProducts = (
  scope: IcmScope,
  searchTerm: string,
  query: ListingQuery,
  { correctSpelling = true }: { correctSpelling?: boolean } = {},
) => productListing(scope, { searchTerm, correctSpelling }, query)

/**
 * Facet groups with counts of a listing (`productfilters`); `filters` is the current selection. A
 * selection ICM rejects (unknown facet) is a 404 like any listing load failure.
 */
export function productFilters(scope: IcmScope, source: ListingSource, filters: string | undefined) {
  return icmCall(
    scope,
    {
      path:
        'categoryId' in source
          ? `categories/${categoryApiPath(source.categoryId)}/productfilters`
          : 'productfilters',
      query: { ...searchQuery(source), SearchParameter: filters },
      schema: ProductFiltersSchema,
      cache: 'short',
      group: 'spgid',
    },
    mapFilters,
  ).catch(notFoundOnLoadFailure)
}

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
  return [first, ...rest].flatMap((data) => data.elements).map(mapVariation)
}

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
  return data.elements.map((stub) => ({
    ...mapProductStub(stub),
    quantity: kind === 'Bundle' ? partQuantity(stub) : 1,
  }))
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
