import { parseFilters } from './filter'

/** Sort orders a listing offers (ICM sort keys), and how tiles are laid out. */
export const SORTINGS = ['name-asc', 'name-desc', 'price-asc', 'price-desc'] as const
export type Sorting = (typeof SORTINGS)[number]
export const VIEWS = ['grid', 'list'] as const
export type ListingView = (typeof VIEWS)[number]

export type ListingParams = { page: number; sorting?: Sorting; view: ListingView; filters?: string }

/**
 * Reads `page`, `sorting`, `view` and `filters` from a listing URL. Returns null for values no link of the
 * shop produces (the page answers 404 then): a page below 1 or not a number, an unknown sorting or view,
 * a malformed filter selection.
 */
export function parseListingParams(search: URLSearchParams): ListingParams | null {
  const pageParam = search.get('page')
  const page = pageParam === null ? 1 : Number(pageParam)
  if (!Number.isInteger(page) || page < 1) return null
  const sorting = search.get('sorting') || undefined
  if (sorting !== undefined && !(SORTINGS as readonly string[]).includes(sorting)) return null
  const view = search.get('view') || 'grid'
  if (!(VIEWS as readonly string[]).includes(view)) return null
  const filters = parseFilters(search.get('filters'))
  if (filters === null) return null
  return { page, sorting: sorting as Sorting | undefined, view: view as ListingView, filters }
}

/** The page numbers shown around the current one: the group of ten it belongs to (spec §9). */
export function pageGroup(page: number, pageCount: number): number[] {
  const first = Math.floor((page - 1) / 10) * 10 + 1
  const last = Math.min(pageCount, first + 9)
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i)
}
