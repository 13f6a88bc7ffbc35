/**
 * Product listings of a category or a search, their facets (`productfilters`) and the filter selection
 * (`SearchParameter`), all in SQL on the derived search data of db/search-index.ts.
 *
 * A selection is a query string of facet group keys and values, e.g. `brand=Rotwerk&brand=Voltix&voltage=18`.
 * Values of one group are alternatives (OR), groups narrow each other (AND). The counts of a group are
 * computed with the selections of all other groups applied, so that choosing a second brand shows how
 * many products it adds.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { LocalizedText } from '../db/schema'
import {
  GROSS_COLUMN,
  localize,
  NET_COLUMN,
  SEARCH_COLUMN,
  TEXT_SEARCH_CONFIG,
  type Currency,
  type Locale,
} from './channel'
import { productsBySku, type CatalogScope, type ProductPage } from './catalog'
import { invalidError } from './errors'
import type { SearchQuery } from './search-terms'

export type Selection = Map<string, string[]>

/** Group keys that are not product attributes. */
const PRICE = 'price'
const CATEGORY = 'category'
const BRAND = 'brand'

const MAX_SELECTED_VALUES = 30
const GROUP_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,40}$/
/** Attribute groups shown at most, after category, brand and price. */
const MAX_ATTRIBUTE_GROUPS = 8
/** Facets shown before "show more" (spec: filter limitCount default 3). */
export const FACET_LIMIT_COUNT = 3

/** Upper bounds of the price ranges in major units, per currency (the last range is open). */
const PRICE_BOUNDS: Record<Currency, number[]> = {
  EUR: [25, 50, 100, 250, 500, 1000],
  USD: [25, 50, 100, 250, 500, 1000],
  PLN: [100, 250, 500, 1000, 2500, 5000],
  RON: [100, 250, 500, 1000, 2500, 5000],
}

/** A malformed listing request, with ICM's code for a bad request. */
const malformed = (message: string) => invalidError('request.invalid', message)

/** Parses a `SearchParameter`; unknown shapes are invalid, unknown group keys are checked later. */
export function parseSelection(value: unknown): Selection {
  const selection: Selection = new Map()
  if (value === undefined || value === '') return selection
  if (typeof value !== 'string' || value.length > 2000) throw malformed('The SearchParameter is malformed.')
  let count = 0
  for (const [key, raw] of new URLSearchParams(value)) {
    const entry = raw.trim()
    if (!GROUP_KEY.test(key) || entry === '' || entry.length > 100) {
      throw malformed(`The filter '${key}=${raw}' is malformed.`)
    }
    if (key === PRICE && !/^\d{1,7}-\d{0,7}$/.test(entry)) {
      throw malformed(`The price range '${entry}' is malformed; use min-max, e.g. 50-100.`)
    }
    const values = selection.get(key) ?? []
    if (!values.includes(entry)) values.push(entry)
    selection.set(key, values)
    if (++count > MAX_SELECTED_VALUES) throw malformed(`At most ${MAX_SELECTED_VALUES} filter values.`)
  }
  return selection
}

/** The canonical text of a selection: groups and values sorted, so one selection has one URL. */
export function formatSelection(selection: Selection): string {
  const params = new URLSearchParams()
  for (const key of [...selection.keys()].sort()) {
    for (const value of [...(selection.get(key) ?? [])].sort()) params.append(key, value)
  }
  return params.toString()
}

const SINGLE_SELECT = new Set([PRICE, CATEGORY])

/** The selection after clicking a facet: single-select groups replace, the others toggle the value. */
export function toggle(selection: Selection, key: string, value: string): Selection {
  const next: Selection = new Map([...selection].map(([k, v]) => [k, [...v]]))
  const current = next.get(key) ?? []
  const values = current.includes(value)
    ? current.filter((v) => v !== value)
    : SINGLE_SELECT.has(key)
      ? [value]
      : [...current, value]
  if (values.length) next.set(key, values)
  else next.delete(key)
  return next
}

// ---------------------------------------------------------------------------------------------------------
// The result set of a listing in SQL

/** What is listed: the products of one category, the hits of a search, or the variations of a master. */
export type ListingSource =
  | { kind: 'category'; categoryId: string }
  | { kind: 'search'; query: SearchQuery }
  | { kind: 'master'; masterSku: string }

/** The search's tsquery (search-terms.ts builds its text of letters, digits and operators; it is bound). */
function tsQuery(locale: Locale, query: SearchQuery): SQL {
  return sql`to_tsquery(${TEXT_SEARCH_CONFIG[locale]}::regconfig, ${query.tsquery})`
}

function searchDocument(locale: Locale): SQL {
  return sql.raw(`ps.${SEARCH_COLUMN[locale]}`)
}

/**
 * A product the term names exactly: its SKU, or one of its codes (EAN, manufacturer part number; spaces,
 * dashes and case ignored). Such a product is found even when lists do not show it (a variation).
 */
function exactSql(query: SearchQuery): SQL {
  return query.code
    ? sql`(ps.sku = ${query.term} or ps.codes && array[${query.code}]::text[])`
    : sql`ps.sku = ${query.term}`
}

/**
 * FROM and WHERE of the source, before filters, as `ps`: category_listing for a category (one contiguous
 * range per category), product_search otherwise. Both carry what filtering, counting and sorting need
 * (facets, prices per currency, sort names), so counts and facets never touch the wide tables.
 */
function sourceSql(scope: CatalogScope, source: ListingSource): SQL {
  if (source.kind === 'category') {
    return sql`from category_listing ps where ps.category_id = ${source.categoryId}`
  }
  if (source.kind === 'master') {
    return sql`from product_search ps where ps.master_sku = ${source.masterSku} and ps.online`
  }
  const { query } = source
  const exact = exactSql(query)
  // Written so that the text index, the primary key and the codes index can all serve it (a bitmap OR).
  const matches = query.tsquery
    ? sql`(${searchDocument(scope.locale)} @@ ${tsQuery(scope.locale, query)} or ${exact})`
    : exact
  return sql`from product_search ps
    where ${matches} and (ps.listed or ${exact}) and ps.online`
}

/** Where a condition finds a row's facet ids, gross sale price and categories. */
type Columns = { facets: SQL; gross: SQL; categories: SQL }
const listingColumns = (scope: CatalogScope): Columns => ({
  facets: sql`ps.facets`,
  gross: grossOf(scope),
  categories: sql`ps.categories`,
})
const grossOf = (scope: CatalogScope) => sql.raw(`ps.${GROSS_COLUMN[scope.currency]}`)

/** The condition of one selected group. */
function groupCondition(key: string, values: string[], columns: Columns): SQL {
  if (key === PRICE) {
    return sql.join(
      values.map((value) => {
        const [min = '0', max = ''] = value.split('-')
        const lower = sql`${columns.gross} >= ${Number(min) * 100}`
        return max === '' ? sql`(${lower})` : sql`(${lower} and ${columns.gross} < ${Number(max) * 100})`
      }),
      sql` or `,
    )
  }
  if (key === CATEGORY)
    return sql`${columns.categories} && ${toTextArray(values.map((v) => `${CATEGORY}:${v}`))}`
  return sql`${columns.facets} && ${toTextArray(values.map((v) => `${key}:${v}`))}`
}

function toTextArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`
}

function filtersSql(scope: CatalogScope, selection: Selection): SQL {
  const columns = listingColumns(scope)
  const parts = [...selection].map(([key, values]) => sql` and (${groupCondition(key, values, columns)})`)
  return sql.join(parts, sql``)
}

type FacetGroupRow = { key: string; names: LocalizedText; kind: string; unit: string }

const groupCache = new WeakMap<Db, Promise<Map<string, FacetGroupRow>>>()

/** The facet groups (brand and attribute keys); derived data that changes only with a rebuild. */
function facetGroups(db: Db): Promise<Map<string, FacetGroupRow>> {
  let groups = groupCache.get(db)
  if (!groups) {
    groups = rows<FacetGroupRow>(db, sql`select key, names, kind, unit from facet_groups`).then(
      (list) => new Map(list.map((g) => [g.key, g])),
    )
    groups.catch(() => groupCache.delete(db))
    groupCache.set(db, groups)
  }
  return groups
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/** Rejects selections of groups this shop does not have, and a category filter outside a search. */
async function checkSelection(db: Db, source: ListingSource, selection: Selection) {
  const groups = await facetGroups(db)
  for (const key of selection.keys()) {
    if (key === PRICE || (key === CATEGORY && source.kind === 'search') || groups.has(key)) continue
    throw malformed(`Unknown filter '${key}'.`)
  }
}

// ---------------------------------------------------------------------------------------------------------
// Listing

export const SORT_KEYS = ['name-asc', 'name-desc', 'price-asc', 'price-desc'] as const
export type SortKey = (typeof SORT_KEYS)[number]

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === 'string' && (SORT_KEYS as readonly string[]).includes(value)
}

/** Which page of a listing, and in which order (without a sort key: the source's own order). */
export type ListingOptions = { amount: number; offset: number; sortKey?: SortKey }

function orderSql(scope: CatalogScope, source: ListingSource, sortKey: SortKey | undefined): SQL {
  if (sortKey) {
    const [field, direction] = sortKey.split('-') as ['name' | 'price', 'asc' | 'desc']
    const value =
      field === 'name' ? sql`ps.sort_names ->> ${scope.locale}` : sql.raw(`ps.${NET_COLUMN[scope.currency]}`)
    return sql`${value} ${sql.raw(direction)} nulls last, ps.sku`
  }
  if (source.kind === 'category') return sql`ps.position, ps.sku`
  if (source.kind === 'master') return sql`ps.sku`
  // Search relevance: an exact SKU or code first, then the words as written before their compounds and other
  // forms ("Hammer" before "Klauenhammer"), then the text rank (name and brand weigh most).
  const { query } = source
  if (!query.tsquery) return sql`${exactSql(query)} desc, ps.sku`
  const asWritten = query.wordTsquery
    ? sql`${searchDocument(scope.locale)} @@ to_tsquery(${TEXT_SEARCH_CONFIG[scope.locale]}::regconfig, ${query.wordTsquery}) desc,`
    : sql``
  return sql`${exactSql(query)} desc, ${asWritten}
    ts_rank_cd(${searchDocument(scope.locale)}, ${tsQuery(scope.locale, query)}) desc, ps.sku`
}

/** One page of a (filtered, sorted) listing and the number of products it has in all. */
export async function listProducts(
  db: Db,
  scope: CatalogScope,
  source: ListingSource,
  selection: Selection,
  options: ListingOptions,
): Promise<ProductPage> {
  await checkSelection(db, source, selection)
  const from = sql`${sourceSql(scope, source)}${filtersSql(scope, selection)}`
  // One scan: the page and, with every row, the total (a page past the end asks for the count alone).
  const pageRows = await rows<{ sku: string; total: number }>(
    db,
    sql`select ps.sku, count(*) over ()::int as total ${from}
      order by ${orderSql(scope, source, options.sortKey)} limit ${options.amount} offset ${options.offset}`,
  )
  const total =
    pageRows[0]?.total ??
    (options.offset > 0
      ? ((await rows<{ total: number }>(db, sql`select count(*)::int as total ${from}`))[0]?.total ?? 0)
      : 0)
  const products = await productsBySku(
    db,
    scope.currency,
    pageRows.map((r) => r.sku),
  )
  return { products, total }
}

// ---------------------------------------------------------------------------------------------------------
// Facets

/** A value of a facet group: how many products selecting it would give, and the selection it leads to. */
export type Facet = {
  key: string
  value: string
  displayName: string
  count: number
  selected: boolean
  /** The canonical selection after clicking this facet (selecting or deselecting it). */
  searchParameter: string
}

/** A facet group of a listing. */
export type Filter = {
  id: string
  name: string
  displayType: 'text' | 'swatch'
  selectionType: 'single' | 'multiple_or'
  /** Facets shown before "show more"; -1 shows all. */
  limitCount: number
  facets: Facet[]
}

type CountRow = { value: string; count: number }

/**
 * Facet counts of a result in one statement that finds the result once. `r` holds each hit's facet ids
 * (brand and attributes), brand, price range, for a search its categories, and whether it matches each
 * selected group (`m{i}`). A value of a group counts the hits that match every selected group but its own:
 * a hit that matches all selections counts for all its values, a hit that misses exactly one selected group
 * only for that group's values (its brand is a column of its own: no array is read for it), and a hit that
 * misses two for none.
 */
async function facetCounts(
  db: Db,
  scope: CatalogScope,
  source: ListingSource,
  selection: Selection,
): Promise<Map<string, CountRow[]>> {
  const bounds = PRICE_BOUNDS[scope.currency]
  const gross = grossOf(scope)
  const bucket = sql.join(
    bounds.map(
      (upper, i) => sql`when ${gross} < ${upper * 100} then ${`price:${bounds[i - 1] ?? 0}-${upper}`}`,
    ),
    sql` `,
  )
  const price = sql`case when ${gross} is null then '{}'::text[] else array[case ${bucket} else ${`price:${bounds.at(-1)}-`} end] end`
  // A search is faceted by category too; its category ids are stored as facet ids.
  const categories = source.kind === 'search' ? sql`ps.categories` : sql`'{}'::text[]`
  const selected = [...selection]
  const m = (i: number) => sql.raw(`r.m${i}`)
  const columns = listingColumns(scope)
  const matches = selected.map(
    ([key, values], i) => sql`, (${groupCondition(key, values, columns)}) as ${sql.raw(`m${i}`)}`,
  )
  /** The hits that match every selected group, or every one but group `skip`, which they miss. */
  const hits = (skip = -1) =>
    sql.join([sql`true`, ...selected.map((_, i) => (i === skip ? sql`not ${m(i)}` : m(i)))], sql` and `)
  /** The values of selected group i of the hits that miss only that group. */
  const ownValues = ([key]: [string, string[]], i: number) => {
    if (key === BRAND) return sql`select 'brand:' || r.brand as v from r where ${hits(i)} and r.brand <> ''`
    if (key === PRICE) return sql`select unnest(r.price) as v from r where ${hits(i)}`
    if (key === CATEGORY) return sql`select unnest(r.categories) as v from r where ${hits(i)}`
    return sql`select f as v from r, unnest(r.facets) f where ${hits(i)} and starts_with(f, ${`${key}:`})`
  }
  const list = await rows<CountRow>(
    db,
    sql`with r as materialized (
        select ps.facets, ps.brand, ${categories} as categories, ${price} as price${sql.join(matches, sql``)}
        ${sourceSql(scope, source)}
      )
      select v as value, count(*)::int as count from (
        select unnest(r.facets || r.price || r.categories) as v from r where ${hits()}
        ${sql.join(
          selected.map((group, i) => sql` union all ${ownValues(group, i)}`),
          sql``,
        )}
      ) x group by v`,
  )
  const byGroup = new Map<string, CountRow[]>()
  for (const row of list) {
    const key = row.value.slice(0, row.value.indexOf(':'))
    const entries = byGroup.get(key) ?? []
    entries.push({ value: row.value.slice(key.length + 1), count: row.count })
    byGroup.set(key, entries)
  }
  return byGroup
}

function formatPriceRange(value: string, scope: CatalogScope) {
  const [min = '0', max = ''] = value.split('-')
  const format = new Intl.NumberFormat(scope.locale.replace('_', '-'), {
    style: 'currency',
    currency: scope.currency,
    maximumFractionDigits: 0,
  })
  return max === ''
    ? `≥ ${format.format(Number(min))}`
    : `${format.format(Number(min))} – ${format.format(Number(max))}`
}

/** What every facet group of one listing is built against. */
type FilterContext = { db: Db; scope: CatalogScope; selection: Selection }

function facetOf(
  selection: Selection,
  key: string,
  value: string,
  displayName: string,
  count: number,
): Facet {
  return {
    key,
    value,
    displayName,
    count,
    selected: selection.get(key)?.includes(value) ?? false,
    searchParameter: formatSelection(toggle(selection, key, value)),
  }
}

/** A selected value that no longer has hits still shows, so it can be deselected. */
function withSelected(selection: Selection, key: string, list: CountRow[]): CountRow[] {
  const missing = (selection.get(key) ?? []).filter((v) => !list.some((row) => row.value === v))
  return [...list, ...missing.map((value) => ({ value, count: 0 }))]
}

/** The categories of a search's hits, most hits first (single-select); shown when there is a choice. */
async function categoryFilter(ctx: FilterContext, counts: CountRow[]): Promise<Filter | undefined> {
  const { scope, selection } = ctx
  const list = withSelected(selection, CATEGORY, counts)
  if (list.length < 2 && !selection.has(CATEGORY)) return undefined
  const names = await categoryNames(
    ctx.db,
    list.map((r) => r.value),
  )
  return {
    id: CATEGORY,
    name: CATEGORY_GROUP_NAMES[scope.locale],
    displayType: 'text',
    selectionType: 'single',
    limitCount: FACET_LIMIT_COUNT,
    facets: list
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .map((r) =>
        facetOf(selection, CATEGORY, r.value, localize(names.get(r.value), scope.locale) || r.value, r.count),
      ),
  }
}

/** The price ranges with hits, lowest first (single-select, all shown). */
function priceFilter(ctx: FilterContext, counts: CountRow[]): Filter | undefined {
  const { scope, selection } = ctx
  const list = withSelected(selection, PRICE, counts)
  if (list.length < 2 && !selection.has(PRICE)) return undefined
  const lower = (value: string) => Number(value.split('-')[0])
  return {
    id: PRICE,
    name: PRICE_GROUP_NAMES[scope.locale],
    displayType: 'text',
    selectionType: 'single',
    limitCount: -1,
    facets: list
      .sort((a, b) => lower(a.value) - lower(b.value))
      .map((r) => facetOf(selection, PRICE, r.value, formatPriceRange(r.value, scope), r.count)),
  }
}

/**
 * A builder for the brand and attribute groups (multiple-or), with the display names of all their values
 * read at once: values in their defined order where they have one, else most hits first. A group with a
 * single value and nothing selected offers no choice and is left out.
 */
async function textFilters(ctx: FilterContext, byGroup: Map<string, CountRow[]>) {
  const { scope, selection } = ctx
  const [groups, valueNames] = await Promise.all([
    facetGroups(ctx.db),
    facetValueNames(
      ctx.db,
      [...byGroup].flatMap(([key, list]) => list.map((r) => `${key}:${r.value}`)),
    ),
  ])
  return (key: string): Filter | undefined => {
    const group = groups.get(key)
    const list = withSelected(selection, key, byGroup.get(key) ?? [])
    if (!group || (list.length < 2 && !selection.has(key))) return undefined
    const named = list.map((r) => ({
      ...r,
      name: localize(valueNames.get(`${key}:${r.value}`)?.names, scope.locale) || r.value,
      sortNumber: valueNames.get(`${key}:${r.value}`)?.sortNumber ?? null,
    }))
    named.sort((a, b) =>
      a.sortNumber !== null && b.sortNumber !== null
        ? a.sortNumber - b.sortNumber
        : b.count - a.count || a.name.localeCompare(b.name),
    )
    return {
      id: key,
      name: localize(group.names, scope.locale),
      displayType: 'text',
      selectionType: 'multiple_or',
      limitCount: FACET_LIMIT_COUNT,
      facets: named.map((r) => facetOf(selection, key, r.value, r.name, r.count)),
    }
  }
}

/** Attribute groups in the order they are offered: selected ones first, then those covering most products. */
function attributeKeys(byGroup: Map<string, CountRow[]>, selection: Selection): string[] {
  const coverage = (key: string) => (byGroup.get(key) ?? []).reduce((sum, r) => sum + r.count, 0)
  return [...byGroup.keys()]
    .filter((key) => key !== BRAND)
    .sort(
      (a, b) =>
        Number(selection.has(b)) - Number(selection.has(a)) ||
        coverage(b) - coverage(a) ||
        a.localeCompare(b),
    )
}

/**
 * `productfilters`: the facet groups of the listing with counts, each facet carrying the selection that
 * clicking it leads to: for a search its categories, then brand, price and the attribute groups.
 */
export async function productFilters(
  db: Db,
  scope: CatalogScope,
  source: ListingSource,
  selection: Selection,
): Promise<Filter[]> {
  await checkSelection(db, source, selection)
  const byGroup = await facetCounts(db, scope, source, selection)
  const take = (key: string) => {
    const list = byGroup.get(key) ?? []
    byGroup.delete(key)
    return list
  }
  const ctx: FilterContext = { db, scope, selection }
  const prices = take(PRICE)
  const categoryRows = take(CATEGORY)
  const filters: Filter[] = []
  const add = (filter: Filter | undefined) => filter && filters.push(filter)
  if (source.kind === 'search') add(await categoryFilter(ctx, categoryRows))
  const textFilter = await textFilters(ctx, byGroup)
  add(textFilter(BRAND))
  add(priceFilter(ctx, prices))
  for (const key of attributeKeys(byGroup, selection)) {
    // Category, brand and price come first; at most MAX_ATTRIBUTE_GROUPS attribute groups follow.
    if (filters.length >= MAX_ATTRIBUTE_GROUPS + 3) break
    add(textFilter(key))
  }
  return filters
}

async function facetValueNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { names: LocalizedText; sortNumber: number | null }>()
  const list = await rows<{ id: string; names: LocalizedText; sort_number: string | number | null }>(
    db,
    sql`select id, names, sort_number from facet_values where id = any(${toTextArray(ids)})`,
  )
  return new Map(
    list.map((r) => [
      r.id,
      { names: r.names, sortNumber: r.sort_number === null ? null : Number(r.sort_number) },
    ]),
  )
}

async function categoryNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, LocalizedText>()
  const list = await rows<{ unique_id: string; names: LocalizedText }>(
    db,
    sql`select unique_id, names from categories where unique_id = any(${toTextArray(ids)})`,
  )
  return new Map(list.map((r) => [r.unique_id, r.names]))
}

/** The page a search term leads to instead of a result list, if any. */
export async function searchRedirect(db: Db, term: string): Promise<string | undefined> {
  const [row] = await rows<{ url: string }>(
    db,
    sql`select url from search_redirects where term = ${term.trim().toLowerCase()}`,
  )
  return row?.url
}

const CATEGORY_GROUP_NAMES: Record<Locale, string> = {
  en_US: 'Category',
  de_DE: 'Kategorie',
  fr_FR: 'Catégorie',
  pl_PL: 'Kategoria',
  ro_RO: 'Categorie',
}

const PRICE_GROUP_NAMES: Record<Locale, string> = {
  en_US: 'Price',
  de_DE: 'Preis',
  fr_FR: 'Prix',
  pl_PL: 'Cena',
  ro_RO: 'Preț',
}
