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
import { badRequest } from '../http'
import { localize, SEARCH_COLUMN, TEXT_SEARCH_CONFIG, type Currency, type Locale } from './channel'
import { productPage, type CatalogScope, type ListOptions } from './catalog'

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

/** Parses a `SearchParameter`; unknown shapes are a 400, unknown group keys are checked later. */
export function parseSelection(value: unknown): Selection {
  const selection: Selection = new Map()
  if (value === undefined || value === '') return selection
  if (typeof value !== 'string' || value.length > 2000) throw badRequest('The SearchParameter is malformed.')
  let count = 0
  for (const [key, raw] of new URLSearchParams(value)) {
    const entry = raw.trim()
    if (!GROUP_KEY.test(key) || entry === '' || entry.length > 100) {
      throw badRequest(`The filter '${key}=${raw}' is malformed.`)
    }
    if (key === PRICE && !/^\d{1,7}-\d{0,7}$/.test(entry)) {
      throw badRequest(`The price range '${entry}' is malformed; use min-max, e.g. 50-100.`)
    }
    const values = selection.get(key) ?? []
    if (!values.includes(entry)) values.push(entry)
    selection.set(key, values)
    if (++count > MAX_SELECTED_VALUES) throw badRequest(`At most ${MAX_SELECTED_VALUES} filter values.`)
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

/** What is listed: the products of one category, or the hits of a search. */
export type ListingSource =
  | { kind: 'category'; categoryId: string }
  | { kind: 'search'; term: string; words: string[] }
  | { kind: 'master'; masterSku: string }

/** Words of a search term usable in a tsquery: letters and digits only, so user input cannot form syntax. */
export function searchWords(term: string): string[] {
  return (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
}

function tsQuery(locale: Locale, words: string[]): SQL {
  // Every word as a prefix: 'drill' finds drills and drilling; the words are bound, never spliced in.
  const text = words.map((w) => `${w}:*`).join(' & ')
  return sql`to_tsquery(${TEXT_SEARCH_CONFIG[locale]}::regconfig, ${text})`
}

function searchDocument(locale: Locale): SQL {
  return sql.raw(`ps.${SEARCH_COLUMN[locale]}`)
}

/** FROM and WHERE of the source, before filters; `p` products, `ps` product_search, `pr` the price row. */
function sourceSql(scope: CatalogScope, source: ListingSource): SQL {
  const priceJoin = sql`left join prices pr on pr.sku = p.sku and pr.currency = ${scope.currency}`
  if (source.kind === 'category') {
    return sql`from product_categories pc
      join products p on p.sku = pc.sku
      join product_search ps on ps.sku = p.sku
      ${priceJoin}
      where pc.category_id = ${source.categoryId} and p.online`
  }
  if (source.kind === 'master') {
    return sql`from products p
      join product_search ps on ps.sku = p.sku
      ${priceJoin}
      where p.master_sku = ${source.masterSku} and p.online`
  }
  const matches = source.words.length
    ? sql`(p.kind <> 'variation' and ${searchDocument(scope.locale)} @@ ${tsQuery(scope.locale, source.words)})`
    : sql`false`
  return sql`from products p
    join product_search ps on ps.sku = p.sku
    ${priceJoin}
    where p.online and (${matches} or p.sku = ${source.term.trim()})`
}

/** The condition of one selected group. */
function groupCondition(key: string, values: string[]): SQL {
  if (key === PRICE) {
    return sql.join(
      values.map((value) => {
        const [min = '0', max = ''] = value.split('-')
        const lower = sql`pr.sale_gross >= ${Number(min) * 100}`
        return max === '' ? sql`(${lower})` : sql`(${lower} and pr.sale_gross < ${Number(max) * 100})`
      }),
      sql` or `,
    )
  }
  if (key === CATEGORY) {
    return sql`exists (select 1 from product_categories fc where fc.sku = p.sku and fc.category_id in (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}))`
  }
  const ids = values.map((v) => `${key}:${v}`)
  return sql`ps.facets && ${toTextArray(ids)}`
}

function toTextArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`
}

function filtersSql(selection: Selection, except?: string): SQL {
  const parts = [...selection]
    .filter(([key]) => key !== except)
    .map(([key, values]) => sql` and (${groupCondition(key, values)})`)
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
    throw badRequest(`Unknown filter '${key}'.`)
  }
}

// ---------------------------------------------------------------------------------------------------------
// Listing

export type ListingSortKey = 'name-asc' | 'name-desc' | 'price-asc' | 'price-desc'

function orderSql(scope: CatalogScope, source: ListingSource, sortKey: ListingSortKey | undefined): SQL {
  if (sortKey) {
    const [field, direction] = sortKey.split('-') as ['name' | 'price', 'asc' | 'desc']
    const value = field === 'name' ? sql`lower(p.names ->> ${scope.locale})` : sql`pr.sale_net`
    return sql`${value} ${sql.raw(direction)} nulls last, p.sku`
  }
  if (source.kind === 'category') return sql`pc.position, p.sku`
  if (source.kind === 'master') return sql`p.sku`
  // Search relevance: an exact SKU first, then the text rank (name and brand weigh most).
  return sql`(p.sku = ${source.term.trim()}) desc,
    ts_rank_cd(${searchDocument(scope.locale)}, ${tsQuery(scope.locale, source.words.length ? source.words : ['_'])}) desc, p.sku`
}

/** One page of a (filtered, sorted) listing as an ICM ResourceCollection of product stubs. */
export async function listProducts(
  db: Db,
  scope: CatalogScope,
  source: ListingSource,
  selection: Selection,
  options: ListOptions,
) {
  await checkSelection(db, source, selection)
  const from = sql`${sourceSql(scope, source)}${filtersSql(selection)}`
  const [countRows, pageRows] = await Promise.all([
    rows<{ total: number }>(db, sql`select count(*)::int as total ${from}`),
    rows<{ sku: string }>(
      db,
      sql`select p.sku ${from} order by ${orderSql(scope, source, options.sortKey)}
        limit ${options.amount} offset ${options.offset}`,
    ),
  ])
  return productPage(
    db,
    scope,
    options,
    pageRows.map((r) => r.sku),
    countRows[0]?.total ?? 0,
  )
}

// ---------------------------------------------------------------------------------------------------------
// Facets

type Facet = {
  type: 'Facet'
  name: string
  value: string
  displayName: string
  count: number
  selected: boolean
  level: number
  searchParameter: string
  link: { type: 'Link'; uri: string; title: string }
}

type Filter = {
  type: 'Filter'
  id: string
  name: string
  displayType: 'text' | 'swatch'
  selectionType: 'single' | 'multiple_or'
  limitCount: number
  facets: Facet[]
}

type CountRow = { value: string; count: number }

/** Counts of brand and attribute values within the result (optionally of one group only). */
function valueCounts(db: Db, from: SQL, group?: string) {
  const onlyGroup = group ? sql` where f like ${`${group.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`}` : sql``
  return rows<CountRow>(
    db,
    sql`select f as value, count(*)::int as count from (select ps.facets ${from}) r, unnest(r.facets) f${onlyGroup}
      group by f`,
  )
}

function priceCounts(db: Db, from: SQL, bounds: number[]) {
  const bucket = sql.join(
    bounds.map(
      (upper, i) => sql`when pr.sale_gross < ${upper * 100} then ${`${bounds[i - 1] ?? 0}-${upper}`}`,
    ),
    sql` `,
  )
  return rows<CountRow>(
    db,
    sql`select bucket as value, count(*)::int as count from (
      select case ${bucket} else ${`${bounds.at(-1)}-`} end as bucket ${from} and pr.sale_gross is not null
    ) r group by bucket`,
  )
}

function categoryCounts(db: Db, from: SQL) {
  return rows<CountRow>(
    db,
    sql`select fc.category_id as value, count(*)::int as count
      from (select p.sku ${from}) r join product_categories fc on fc.sku = r.sku group by fc.category_id`,
  )
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

/**
 * `productfilters`: the facet groups of the listing with counts, each facet carrying the
 * `searchParameter` that selecting (or deselecting) it leads to.
 */
export async function productFilters(
  db: Db,
  scope: CatalogScope,
  source: ListingSource,
  selection: Selection,
  filterUri: (searchParameter: string) => string,
): Promise<{ type: 'ResourceCollection'; name: 'productfilters'; elements: Filter[] }> {
  await checkSelection(db, source, selection)
  const groups = await facetGroups(db)
  const base = sourceSql(scope, source)
  const all = sql`${base}${filtersSql(selection)}`
  const bounds = PRICE_BOUNDS[scope.currency]
  const selectedGroups = [...selection.keys()]

  // One count over everything for the unselected groups, one per selected group without its own filter.
  const [counts, prices, categoryRows, ...perGroup] = await Promise.all([
    valueCounts(db, all),
    priceCounts(db, selection.has(PRICE) ? sql`${base}${filtersSql(selection, PRICE)}` : all, bounds),
    source.kind === 'search'
      ? categoryCounts(db, selection.has(CATEGORY) ? sql`${base}${filtersSql(selection, CATEGORY)}` : all)
      : Promise.resolve([]),
    ...selectedGroups
      .filter((key) => key !== PRICE && key !== CATEGORY)
      .map((key) =>
        valueCounts(db, sql`${base}${filtersSql(selection, key)}`, key).then((list) => ({ key, list })),
      ),
  ])

  const byGroup = new Map<string, CountRow[]>()
  for (const row of counts) {
    const key = row.value.slice(0, row.value.indexOf(':'))
    if (selection.has(key)) continue
    const list = byGroup.get(key) ?? []
    list.push({ value: row.value.slice(key.length + 1), count: row.count })
    byGroup.set(key, list)
  }
  for (const { key, list } of perGroup) {
    byGroup.set(
      key,
      list.map((row) => ({ value: row.value.slice(key.length + 1), count: row.count })),
    )
  }

  const facet = (key: string, value: string, displayName: string, count: number): Facet => {
    const selected = selection.get(key)?.includes(value) ?? false
    const searchParameter = formatSelection(toggle(selection, key, value))
    return {
      type: 'Facet',
      name: `${key}:${value}`,
      value,
      displayName,
      count,
      selected,
      level: 0,
      searchParameter,
      link: { type: 'Link', uri: filterUri(searchParameter), title: displayName },
    }
  }
  // A selected value that no longer has hits still shows, so it can be deselected.
  const withSelected = (key: string, list: CountRow[]) => {
    const missing = (selection.get(key) ?? []).filter((v) => !list.some((row) => row.value === v))
    return [...list, ...missing.map((value) => ({ value, count: 0 }))]
  }

  const elements: Filter[] = []
  if (source.kind === 'search') {
    const list = withSelected(CATEGORY, categoryRows)
    const names = await categoryNames(
      db,
      list.map((r) => r.value),
    )
    if (list.length > 1 || selection.has(CATEGORY)) {
      elements.push({
        type: 'Filter',
        id: CATEGORY,
        name: CATEGORY_GROUP_NAMES[scope.locale],
        displayType: 'text',
        selectionType: 'single',
        limitCount: FACET_LIMIT_COUNT,
        facets: list
          .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
          .map((r) =>
            facet(CATEGORY, r.value, localize(names.get(r.value), scope.locale) || r.value, r.count),
          ),
      })
    }
  }

  const valueNames = await facetValueNames(
    db,
    [...byGroup].flatMap(([key, list]) => list.map((r) => `${key}:${r.value}`)),
  )
  const textGroup = (key: string): Filter | undefined => {
    const group = groups.get(key)
    const list = withSelected(key, byGroup.get(key) ?? [])
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
      type: 'Filter',
      id: key,
      name: localize(group.names, scope.locale),
      displayType: 'text',
      selectionType: 'multiple_or',
      limitCount: FACET_LIMIT_COUNT,
      facets: named.map((r) => facet(key, r.value, r.name, r.count)),
    }
  }

  const brand = textGroup(BRAND)
  if (brand) elements.push(brand)

  const priceList = withSelected(PRICE, prices)
  if (priceList.length > 1 || selection.has(PRICE)) {
    const lower = (value: string) => Number(value.split('-')[0])
    elements.push({
      type: 'Filter',
      id: PRICE,
      name: PRICE_GROUP_NAMES[scope.locale],
      displayType: 'text',
      selectionType: 'single',
      limitCount: -1,
      facets: priceList
        .sort((a, b) => lower(a.value) - lower(b.value))
        .map((r) => facet(PRICE, r.value, formatPriceRange(r.value, scope), r.count)),
    })
  }

  // Attribute groups covering the most products first.
  const coverage = (key: string) => (byGroup.get(key) ?? []).reduce((sum, r) => sum + r.count, 0)
  const attributeKeys = [...byGroup.keys()]
    .filter((key) => key !== BRAND)
    .sort(
      (a, b) =>
        Number(selection.has(b)) - Number(selection.has(a)) ||
        coverage(b) - coverage(a) ||
        a.localeCompare(b),
    )
  for (const key of attributeKeys) {
    if (elements.length >= MAX_ATTRIBUTE_GROUPS + 3) break
    const group = textGroup(key)
    if (group) elements.push(group)
  }
  return { type: 'ResourceCollection', name: 'productfilters', elements }
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
