/**
 * Search suggestions (`suggest?SearchTerm=`): products, categories, brands and keywords for what a shopper
 * has typed so far, from the derived search data of db/search-index.ts. Every query uses an index or reads
 * a table of a few dozen rows, so suggestions stay fast with a large catalog.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { LocalizedText } from '../db/schema'
import { localize, SEARCH_COLUMN, TEXT_SEARCH_CONFIG, type Locale } from './channel'
import type { CatalogScope } from './catalog'
import { IMAGE_SIZES, productImageUrl } from './images'
import { searchQuery, type SearchQuery } from './search-terms'

/** Spec §9: search suggest minimum (after trimming) and the number of suggestions per type. */
export const SUGGEST_MIN_LENGTH = 2
export const SUGGEST_MAX_LENGTH = 200
export const SUGGEST_LIMITS = { product: 10, category: 5, brand: 5, keyword: 5 } as const

/** Products ranked at most: a two-letter prefix can match most of the catalog, and ranking reads each hit. */
const RANK_CANDIDATES = 200
/** Words of a term used for the product query; more add nothing but cost. */
const MAX_WORDS = 8

export type SuggestType = 'product' | 'category' | 'brand' | 'keyword'
export type Suggestion = {
  term: string
  suggestType: SuggestType
  id?: string
  hitCount?: number
  imageURL?: string
  uri?: string
}

/**
 * Words of a term usable in a tsquery: lower-case runs of letters and digits. Everything else (`:`, `*`,
 * `&`, `|`, `!`, quotes, parentheses) separates words, so user input can never form tsquery syntax.
 */
export function suggestWords(term: string): string[] {
  return (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS)
}

/** `word:*` for every word joined with `&`: all words must match, each as a prefix ("dri" finds drills). */
export function prefixQueryText(words: string[]): string {
  return words.map((word) => `${word}:*`).join(' & ')
}

/** The separators search-index.ts splits product names at when it builds the keyword list. */
const KEYWORD_SEPARATORS = /[\s,.;:()/"'–-]+/u

/** The word being typed: the term's last word, split as the keyword list was. */
export function lastWord(term: string): string {
  return term.toLowerCase().split(KEYWORD_SEPARATORS).filter(Boolean).at(-1) ?? ''
}

/** A LIKE pattern matching values that start with `text` literally (`%`, `_` and `\` escaped). */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Below this length only word starts match: "st" inside "Fasteners" is noise, "ste" inside it is not. */
const MIN_INFIX_LENGTH = 3

/**
 * How well a name matches: 0 starts with the term, 1 a later word starts with it, 2 contains it; -1 no match.
 */
export function matchRank(name: string, term: string): number {
  const lower = name.toLowerCase()
  const needle = term.toLowerCase()
  if (lower.startsWith(needle)) return 0
  let infix = -1
  for (let index = lower.indexOf(needle, 1); index > 0; index = lower.indexOf(needle, index + 1)) {
    if (!/[\p{L}\p{N}]/u.test(lower[index - 1] ?? '')) return 1
    infix = 2
  }
  return needle.length >= MIN_INFIX_LENGTH ? infix : -1
}

function bestMatches<T extends { name: string }>(items: T[], term: string, limit: number): T[] {
  return items
    .map((item) => ({ item, rank: matchRank(item.name, term) }))
    .filter((m) => m.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.item.name.length - b.item.name.length)
    .slice(0, limit)
    .map((m) => m.item)
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

const categoryUri = (scope: CatalogScope, uniqueId: string) =>
  `${scope.site}/-/categories/${uniqueId
    .split('.')
    .map((segment) => encodeURIComponent(segment))
    .join('/')}`

/**
 * Up to 10 sellable products (no variations, online) whose search document matches the tsquery, every kind
 * first: the best hit of each default category, then the second best of each, and so on, so that "drill"
 * suggests cordless drills and hammer drills, not ten drills of one kind. The GIN index of the locale's
 * column finds the hits; only the first few hundred are ranked (ts_rank_cd reads each hit), which keeps a
 * two-letter term about as fast as a precise one.
 */
async function productHits(db: Db, scope: CatalogScope, search: SearchQuery) {
  const column = sql.raw(`ps.${SEARCH_COLUMN[scope.locale]}`)
  // The query text is one bound parameter, the configuration name comes from our own table of locales. The
  // query stays an expression of parameters (no join) so that the planner can estimate its selectivity.
  const tsQuery = (text: string) => sql`to_tsquery(${TEXT_SEARCH_CONFIG[scope.locale]}::regconfig, ${text})`
  const query = tsQuery(search.tsquery)
  // The words as written rank before their compounds and other forms ("Hammer" before "Klauenhammer").
  const written = search.wordTsquery ? sql`${column} @@ ${tsQuery(search.wordTsquery)}` : sql`true`
  return rows<{ sku: string; name: string | null; style: number; category: string }>(
    db,
    sql`select sku, name, style, category from (
        select hit.*,
          row_number() over (partition by category order by written desc, rank desc, name, sku) as nth
        from (
          select p.sku, p.names->>${scope.locale} as name, p.image_style as style,
            p.default_category_id as category, ts_rank_cd(${column}, ${query}) as rank, ${written} as written
          from product_search ps join products p on p.sku = ps.sku
          where ${column} @@ ${query} and p.online and p.kind <> 'variation'
          limit ${RANK_CANDIDATES}
        ) hit
      ) kinds
      order by nth, written desc, rank desc, name, sku
      limit ${SUGGEST_LIMITS.product}`,
  )
}

/**
 * Product suggestions: the words typed so far as prefixes ("dri" finds drills), with the synonyms of whole
 * words ("bohrmaschine" suggests Akku-Bohrschrauber); when that finds nothing, with misspelled words
 * corrected ("hamer" suggests hammers). Each with its small picture and its place in its default category.
 */
async function productSuggestions(db: Db, scope: CatalogScope, term: string): Promise<Suggestion[]> {
  if (suggestWords(term).length === 0) return []
  const asTyped = await searchQuery(db, scope.locale, term, { correct: false })
  let hits = await productHits(db, scope, asTyped)
  if (hits.length === 0) {
    const corrected = await searchQuery(db, scope.locale, term)
    if (corrected.correctedTerm) hits = await productHits(db, scope, corrected)
  }
  return hits.map((hit) => ({
    term: hit.name ?? hit.sku,
    suggestType: 'product',
    id: hit.sku,
    imageURL: productImageUrl(scope.site, hit.sku, hit.style, IMAGE_SIZES.S),
    // The product in its default category, as ICM addresses it; the storefront builds its URL from this.
    uri: `${categoryUri(scope, hit.category)}/products/${encodeURIComponent(hit.sku)}`,
  }))
}

/** Up to 5 online categories whose localized name contains the term (few rows: filtered here). */
async function categorySuggestions(db: Db, scope: CatalogScope, term: string): Promise<Suggestion[]> {
  const all = await rows<{ id: string; names: LocalizedText }>(
    db,
    sql`select unique_id as id, names from categories where online order by level, position`,
  )
  const named = all.map((c) => ({ id: c.id, name: localize(c.names, scope.locale) }))
  return bestMatches(named, term, SUGGEST_LIMITS.category).map((c) => ({
    term: c.name,
    suggestType: 'category',
    id: c.id,
    uri: categoryUri(scope, c.id),
  }))
}

type Brand = { value: string; names: LocalizedText }

/** How long brand names and product counts are reused: they change only when the catalog is rebuilt. */
const BRAND_TTL_MS = 5 * 60_000
const brandCache = new WeakMap<
  Db,
  { expires: number; brands: Promise<Brand[]>; counts: Map<string, Promise<number>> }
>()

function brandData(db: Db) {
  let entry = brandCache.get(db)
  if (!entry || entry.expires < Date.now()) {
    const brands = rows<Brand>(db, sql`select value, names from facet_values where group_key = 'brand'`)
    entry = { expires: Date.now() + BRAND_TTL_MS, brands, counts: new Map() }
    brands.catch(() => brandCache.delete(db))
    brandCache.set(db, entry)
  }
  return entry
}

/** Sellable products of a brand, counted through the GIN index of product_search.facets once per TTL. */
function brandHits(db: Db, brand: string): Promise<number> {
  const { counts } = brandData(db)
  let count = counts.get(brand)
  if (!count) {
    count = rows<{ hits: number }>(
      db,
      sql`select count(*)::int as hits from product_search ps join products p on p.sku = ps.sku
        where ps.facets @> array[${`brand:${brand}`}::text] and p.online and p.kind <> 'variation'`,
    ).then(([row]) => Number(row?.hits ?? 0))
    count.catch(() => counts.delete(brand))
    counts.set(brand, count)
  }
  return count
}

/** Forgets cached brand names and counts, e.g. after products were changed outside a catalog rebuild. */
export function forgetBrandCounts(db: Db) {
  brandCache.delete(db)
}

/** Up to 5 brands whose name starts with (or contains) the term, with their number of sellable products. */
async function brandSuggestions(db: Db, scope: CatalogScope, term: string): Promise<Suggestion[]> {
  const all = await brandData(db).brands
  const brands = bestMatches(
    all.map((b) => ({ value: b.value, name: localize(b.names, scope.locale) || b.value })),
    term,
    SUGGEST_LIMITS.brand,
  )
  const hits = await Promise.all(brands.map((b) => brandHits(db, b.value)))
  return brands.flatMap((b, i): Suggestion[] =>
    hits[i] ? [{ term: b.name, suggestType: 'brand', id: b.value, hitCount: hits[i] }] : [],
  )
}

/**
 * Up to 5 words of product names starting with the word being typed, most used first; numbers alone are
 * no suggestion (spec §5). A multi-word term keeps its first words: "cordless dri" suggests "cordless drill".
 * A single word is also completed to the synonym phrases with a word starting with it, the kinds of product
 * buyers name with it: "drill" suggests "drill driver", "cordless drill", "hammer drill".
 */
async function keywordSuggestions(db: Db, locale: Locale, term: string): Promise<Suggestion[]> {
  const word = lastWord(term)
  if (word.length === 0) return []
  // lower() in SQL, as search-index.ts lower-cases the keywords; the escaped prefix is a bound parameter,
  // a constant at planning time, so the text_pattern_ops index serves the LIKE.
  const keywords = await rows<{ keyword: string; hits: number }>(
    db,
    sql`select keyword, hits from search_keywords
      where locale = ${locale} and keyword like lower(${likePrefix(word)}) and keyword !~ '^[0-9]+$'
      order by hits desc, keyword
      limit ${SUGGEST_LIMITS.keyword}`,
  )
  const lead = term.slice(0, term.toLowerCase().lastIndexOf(word)).toLowerCase()
  if (lead.trim()) return keywords.map((k) => ({ term: `${lead}${k.keyword}`, suggestType: 'keyword' }))
  const suggestions: Suggestion[] = keywords.map((k) => ({
    term: k.keyword,
    suggestType: 'keyword',
    hitCount: Number(k.hits),
  }))
  const room = SUGGEST_LIMITS.keyword - suggestions.length
  if (room <= 0 || word.length < MIN_INFIX_LENGTH) return suggestions
  // The synonym lists are short (a few hundred phrases): read without an index.
  const phrases = await rows<{ phrase: string }>(
    db,
    sql`select phrase from search_synonyms
      where locale = ${locale} and phrase like '% %'
        and (phrase like ${likePrefix(word)} or phrase like ${`% ${likePrefix(word)}`})
      group by phrase
      order by bool_or(phrase like ${likePrefix(word)}) desc, length(phrase), phrase
      limit ${room + suggestions.length}`,
  )
  const shown = new Set(suggestions.map((s) => s.term))
  for (const { phrase } of phrases) {
    if (suggestions.length === SUGGEST_LIMITS.keyword) break
    if (!shown.has(phrase)) suggestions.push({ term: phrase, suggestType: 'keyword' })
  }
  return suggestions
}

/**
 * Suggestions for a term: products, then categories, brands and keywords. The term is trimmed; fewer than
 * two characters give no suggestions (spec §5). The caller rejects terms longer than 200 characters.
 */
export async function suggest(db: Db, scope: CatalogScope, rawTerm: string): Promise<Suggestion[]> {
  const term = rawTerm.trim().replace(/\s+/g, ' ')
  if (term.length < SUGGEST_MIN_LENGTH) return []
  const [products, categories, brands, keywords] = await Promise.all([
    productSuggestions(db, scope, term),
    categorySuggestions(db, scope, term),
    brandSuggestions(db, scope, term),
    keywordSuggestions(db, scope.locale, term),
  ])
  return [...products, ...categories, ...brands, ...keywords]
}
