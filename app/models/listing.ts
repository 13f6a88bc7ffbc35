import { parseFilters } from './filter'
import type { Translate } from './messages'

/**
 * A listing's sort order is one of the sort keys ICM offers with the listing (`sortKeys`; `name-asc`,
 * `price-desc`, or a shop's own): any key of letters, digits and `_ . : -` can be one.
 */
export type Sorting = string
const SORT_KEY = /^[A-Za-z0-9_.:-]{1,100}$/

/** A sort order the shopper can choose: ICM's key and its name in the page language. */
export type SortOption = { key: Sorting; label: string }

/** How tiles are laid out. */
export const VIEWS = ['grid', 'list'] as const
export type ListingView = (typeof VIEWS)[number]

export type ListingParams = {
  page: number
  sorting?: Sorting
  view: ListingView
  filters?: string
  /** Products per page: the listing's default size or one of its larger choices (`pageSizesOf`). */
  pageSize: number
}

/** The page sizes a listing offers: its default size (spec §9) and two and four times as many. */
export const pageSizesOf = (defaultSize: number) => [defaultSize, defaultSize * 2, defaultSize * 4]

/**
 * Reads `page`, `sorting`, `view`, `filters` and `pageSize` from a listing URL. Returns null for values no
 * link of the shop produces (the page answers 404 then): a page below 1 or not a number, a sorting no sort
 * key can be (whether ICM offers it is known with the listing: `sortOptions`), an unknown view, a malformed filter selection, a page size the listing does not offer.
 */
export function parseListingParams(search: URLSearchParams, defaultSize: number): ListingParams | null {
  const pageParam = search.get('page')
  const page = pageParam === null ? 1 : Number(pageParam)
  if (!Number.isInteger(page) || page < 1) return null
  const sorting = search.get('sorting') || undefined
  if (sorting !== undefined && !SORT_KEY.test(sorting)) return null
  const view = search.get('view') || 'grid'
  if (!(VIEWS as readonly string[]).includes(view)) return null
  const filters = parseFilters(search.get('filters'))
  if (filters === null) return null
  const sizeParam = search.get('pageSize')
  const pageSize = sizeParam ? Number(sizeParam) : defaultSize
  if (!pageSizesOf(defaultSize).includes(pageSize)) return null
  return { page, sorting: sorting as Sorting | undefined, view: view as ListingView, filters, pageSize }
}

/**
 * The sort orders a listing offers: ICM's `sortKeys`, in ICM's order, each named in the page language (a
 * key the shop has no text for by its words and direction). Null when the chosen sorting is not among them:
 * ICM did not offer it for this listing, so no link of the shop leads there (the page answers 404).
 */
export function sortOptions(
  sortKeys: readonly string[],
  chosen: Sorting | undefined,
  t: Translate,
): SortOption[] | null {
  const keys = [...new Set(sortKeys)].filter((key) => SORT_KEY.test(key))
  if (chosen !== undefined && !keys.includes(chosen)) return null
  return keys.map((key) => ({
    key,
    label: t(`listing.sorting.${key}`, { defaultValue: readableSortKey(key, t) }),
  }))
}

/** `ProductTopSeller-desc` → "Product top seller (descending)": the words of the key and its direction. */
function readableSortKey(key: string, t: Translate): string {
  const [, field = key, direction] = /^(.+?)[-_.](asc|desc)$/i.exec(key) ?? []
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[-_.:]+/g, ' ')
    .trim()
    .toLowerCase()
  const name = words.charAt(0).toUpperCase() + words.slice(1)
  return direction ? t(`listing.sorting_fallback.${direction.toLowerCase()}`, { name }) : name
}

/** The page numbers shown around the current one: the group of ten it belongs to (spec §9). */
export function pageGroup(page: number, pageCount: number): number[] {
  const first = Math.floor((page - 1) / 10) * 10 + 1
  const last = Math.min(pageCount, first + 9)
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i)
}
