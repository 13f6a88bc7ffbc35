import { parseFilters } from './filter'

/** Sort orders a listing offers (ICM sort keys), and how tiles are laid out. */
export const SORTINGS = ['name-asc', 'name-desc', 'price-asc', 'price-desc'] as const
export type Sorting = (typeof SORTINGS)[number]
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
 * link of the shop produces (the page answers 404 then): a page below 1 or not a number, an unknown sorting
 * or view, a malformed filter selection, a page size the listing does not offer.
 */
export function parseListingParams(search: URLSearchParams, defaultSize: number): ListingParams | null {
  const pageParam = search.get('page')
  const page = pageParam === null ? 1 : Number(pageParam)
  if (!Number.isInteger(page) || page < 1) return null
  const sorting = search.get('sorting') || undefined
  if (sorting !== undefined && !(SORTINGS as readonly string[]).includes(sorting)) return null
  const view = search.get('view') || 'grid'
  if (!(VIEWS as readonly string[]).includes(view)) return null
  const filters = parseFilters(search.get('filters'))
  if (filters === null) return null
  const sizeParam = search.get('pageSize')
  const pageSize = sizeParam ? Number(sizeParam) : defaultSize
  if (!pageSizesOf(defaultSize).includes(pageSize)) return null
  return { page, sorting: sorting as Sorting | undefined, view: view as ListingView, filters, pageSize }
}

/** The page numbers shown around the current one: the group of ten it belongs to (spec §9). */
export function pageGroup(page: number, pageCount: number): number[] {
  const first = Math.floor((page - 1) / 10) * 10 + 1
  const last = Math.min(pageCount, first + 9)
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i)
}
