import { z } from 'zod'

/**
 * Facets of a listing (ICM `productfilters`). The selection travels in the `filters` query parameter as
 * the commerce API's `SearchParameter` text (e.g. `brand=Rotwerk&voltage=18`); every facet names the
 * selection its link leads to, so filtering is plain links that work without JavaScript.
 */
const FacetSchema = z.object({
  name: z.string(),
  displayName: z.string().optional(),
  count: z.number().default(0),
  selected: z.boolean().default(false),
  searchParameter: z.string().default(''),
})

export const ProductFiltersSchema = z.object({
  elements: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      selectionType: z.string().default('single'),
      limitCount: z.number().default(3),
      facets: z.array(FacetSchema).default([]),
    }),
  ),
})

export type Facet = { name: string; displayName: string; count: number; selected: boolean; filters: string }
export type FilterGroup = {
  id: string
  name: string
  multiple: boolean
  /** Facets shown before "show more"; the rest sits behind it (-1 or 0: all). */
  limitCount: number
  facets: Facet[]
}

export function mapFilters(data: z.infer<typeof ProductFiltersSchema>): FilterGroup[] {
  return data.elements
    .filter((group) => group.facets.length > 0)
    .map((group) => ({
      id: group.id,
      name: group.name,
      multiple: group.selectionType.startsWith('multiple'),
      limitCount: group.limitCount,
      facets: group.facets.map((f) => ({
        name: f.name,
        displayName: f.displayName ?? f.name,
        count: f.count,
        selected: f.selected,
        filters: f.searchParameter,
      })),
    }))
}

const GROUP_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,40}$/
const MAX_FILTERS_LENGTH = 2000

/**
 * Reads the `filters` parameter: undefined when absent, null when it is not a selection any link of the
 * shop produces (the page answers 404), else its text in canonical order (groups and values sorted).
 */
export function parseFilters(value: string | null): string | undefined | null {
  if (value === null || value === '') return undefined
  if (value.length > MAX_FILTERS_LENGTH) return null
  const entries = [...new URLSearchParams(value)]
  if (entries.length === 0) return undefined
  if (entries.some(([key, v]) => !GROUP_KEY.test(key) || v.trim() === '')) return null
  entries.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
  return new URLSearchParams(entries).toString()
}

/** How many facet values a selection holds. */
export const selectedCount = (filters: string | undefined) =>
  filters ? [...new URLSearchParams(filters)].length : 0

/** Deep facet combinations are not worth indexing: more than one selected value is `noindex`. */
export const isDeepFilter = (filters: string | undefined) => selectedCount(filters) > 1

/** The facets to show before "show more", and the rest; a selected facet is never hidden. */
export function splitFacets(group: FilterGroup): { shown: Facet[]; more: Facet[] } {
  if (group.limitCount <= 0 || group.facets.length <= group.limitCount)
    return { shown: group.facets, more: [] }
  const shown = group.facets.slice(0, group.limitCount)
  const rest = group.facets.slice(group.limitCount)
  return { shown: [...shown, ...rest.filter((f) => f.selected)], more: rest.filter((f) => !f.selected) }
}

/**
 * The URLs of a listing for other filter selections: each keeps sorting and view and starts again at page 1.
 * A listing has dozens of facets, so the page's query is read once, not once per facet link; `filters` takes
 * the place it has in the query (as URLSearchParams' `set`), or comes last.
 */
export function listingUrls(pathname: string, search: string): (filters: string) => string {
  const entries = [...new URLSearchParams(search)].filter(([name]) => name !== 'page')
  const at = entries.findIndex(([name]) => name === 'filters')
  const rest = entries.filter(([name]) => name !== 'filters')
  const before = new URLSearchParams(rest.slice(0, at === -1 ? rest.length : at)).toString()
  const after = at === -1 ? '' : new URLSearchParams(rest.slice(at)).toString()
  const unfiltered = new URLSearchParams(rest).toString()
  return (filters) => {
    if (!filters) return unfiltered ? `${pathname}?${unfiltered}` : pathname
    const own = new URLSearchParams([['filters', filters]]).toString()
    return `${pathname}?${[before, own, after].filter(Boolean).join('&')}`
  }
}
