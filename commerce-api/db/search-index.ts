/**
 * Derived search data: full-text documents and facet values per product, facet names, keyword list.
 * Everything here is computed from the product tables, so it can be rebuilt at any time; a version in
 * the meta table tells a start-up whether the data of an older release needs rebuilding.
 */
import { eq, sql } from 'drizzle-orm'
import {
  CURRENCIES,
  GROSS_COLUMN,
  LOCALES,
  NET_COLUMN,
  SEARCH_COLUMN,
  TEXT_SEARCH_CONFIG,
  type Locale,
} from '../domain/channel'
import { SEARCH_SYNONYMS } from '../domain/search-synonyms'
import {
  COMPOUND_LOCALES,
  forgetSearchTerms,
  lexemeSql,
  MIN_PART_HEAD,
  MIN_PART_LENGTH,
  plainSql,
  searchWords,
} from '../domain/search-terms'
import type { Db } from './client'
import * as t from './schema'
import type { LocalizedText } from './schema'

export const SEARCH_INDEX_VERSION = 6
const META_KEY = 'search-index'

/** The language-neutral value of an attribute (English for localized values), as used in facet ids. */
const valueOf = (locale: Locale) =>
  `coalesce(case when jsonb_typeof(a->'value') = 'object' then a->'value'->>'${locale}' else a->>'value' end, '')`
const neutralValueSql = sql.raw(valueOf('en_US'))

/**
 * The search document of a product in a locale; empty for what lists never show (variations, offline
 * products): an exact SKU or EAN finds those (codes), and the text index stays the size of the listed range.
 */
function documentSql(locale: Locale) {
  const config = TEXT_SEARCH_CONFIG[locale]
  return sql.raw(`case when not p.online or p.kind = 'variation' then ''::tsvector else
    setweight(to_tsvector('${config}', coalesce(p.names->>'${locale}', '')), 'A') ||
    setweight(to_tsvector('simple', p.sku || ' ' || p.manufacturer || ' ' || coalesce(p.manufacturer_sku, '') ||
      ' ' || coalesce(p.ean, '')), 'A') ||
    setweight(to_tsvector('${config}', coalesce(p.short_descriptions->>'${locale}', '') || ' ' ||
      coalesce(c.names->>'${locale}', '') || ' ' ||
      coalesce((select string_agg(${valueOf(locale)}, ' ') from jsonb_array_elements(p.attributes) a), '')), 'B') ||
    setweight(to_tsvector('${config}', coalesce(p.long_descriptions->>'${locale}', '')), 'C') end`)
}

/** A code as search-terms.ts `codeOf` makes a term one: lower case, letters and digits only; null if empty. */
const normalizedCode = (column: string) =>
  `nullif(lower(regexp_replace(coalesce(${column}, ''), '[^[:alnum:]]+', '', 'g')), '')`

/**
 * The codes that find a product: its EAN, and its manufacturer part number unless it is a variation (which
 * shares its master's: the number finds the master, the EAN the variation).
 */
const codesSql = sql.raw(`array_remove(array[${normalizedCode('p.ean')},
  case when p.kind <> 'variation' then ${normalizedCode('p.manufacturer_sku')} end], null)`)

/** Decimal comma for the locales that write one. */
const formatNumber = (value: string, locale: Locale) => (locale === 'en_US' ? value : value.replace('.', ','))

export async function rebuildSearchIndex(db: Db) {
  await db.execute(sql`delete from category_listing`)
  await db.execute(sql`delete from product_search`)
  await db.execute(sql`delete from facet_values`)
  await db.execute(sql`delete from facet_groups`)
  await db.execute(sql`delete from search_keywords`)
  await db.execute(sql`delete from search_vocabulary`)
  await db.execute(sql`delete from search_synonyms`)
  await db.execute(sql`delete from search_word_parts`)

  const columns = LOCALES.map((l) => SEARCH_COLUMN[l]).join(', ')
  const priceColumns = CURRENCIES.flatMap((c) => [GROSS_COLUMN[c], NET_COLUMN[c]]).join(', ')
  const pricePivot = CURRENCIES.flatMap((c) => [
    `max(sale_gross) filter (where currency = '${c}') as ${GROSS_COLUMN[c]}`,
    `max(sale_net) filter (where currency = '${c}') as ${NET_COLUMN[c]}`,
  ]).join(', ')
  await db.execute(sql`
    insert into product_search (sku, online, listed, master_sku, categories, facets, codes, brand,
      ${sql.raw(priceColumns)}, sort_names, ${sql.raw(columns)})
    select p.sku, p.online, p.online and p.kind <> 'variation', p.master_sku,
      coalesce(pcs.categories, '{}'),
      array(select distinct f from (
        select 'brand:' || p.manufacturer as f
        union all
        select (a->>'key') || ':' || ${neutralValueSql} from jsonb_array_elements(p.attributes) a
        union all
        select (v->>'id') || ':' || (v->>'value')
        from jsonb_array_elements(coalesce(p.variation_attributes, '[]'::jsonb)) v
      ) x order by f),
      ${codesSql}, p.manufacturer,
      ${sql.raw(CURRENCIES.flatMap((c) => [`pr.${GROSS_COLUMN[c]}`, `pr.${NET_COLUMN[c]}`]).join(', '))},
      (select coalesce(jsonb_object_agg(n.key, lower(n.value)), '{}') from jsonb_each_text(p.names) n),
      ${sql.join(
        LOCALES.map((l) => documentSql(l)),
        sql`, `,
      )}
    from products p
      left join categories c on c.unique_id = p.default_category_id
      -- Aggregated once and hash-joined: a lookup per product would scan product_categories (keyed by category).
      left join (
        select sku, array_agg('category:' || category_id order by category_id) as categories
        from product_categories group by sku
      ) pcs on pcs.sku = p.sku
      left join (select sku, ${sql.raw(pricePivot)} from prices group by sku) pr on pr.sku = p.sku
    -- Inserted by category: the hits of a word mostly share a category, so a search reads few pages.
    order by p.default_category_id, p.sku`)

  // Category listings in listing order: inserted sorted, each category's rows lie together on disk.
  await db.execute(sql`
    insert into category_listing (category_id, position, sku, facets, brand, ${sql.raw(priceColumns)}, sort_names)
    select pc.category_id, pc.position, pc.sku, ps.facets, ps.brand, ${sql.raw(
      CURRENCIES.flatMap((c) => [`ps.${GROSS_COLUMN[c]}`, `ps.${NET_COLUMN[c]}`]).join(', '),
    )}, ps.sort_names
    from product_categories pc join product_search ps on ps.sku = pc.sku
    where ps.online
    order by pc.category_id, pc.position, pc.sku`)

  // Facet groups and values with their display names, from one product carrying each.
  const groups = (await db.execute(sql`
    select distinct on (a->>'key') a->>'key' as key, a->'names' as names, a->>'type' as type,
      coalesce(a->>'unit', '') as unit
    from products p, jsonb_array_elements(p.attributes) a order by a->>'key'`)) as unknown as {
    rows: { key: string; names: LocalizedText; type: string; unit: string }[]
  }
  const brandNames = Object.fromEntries(LOCALES.map((l) => [l, BRAND_GROUP_NAMES[l]])) as LocalizedText
  await db.insert(t.facetGroups).values([
    { key: 'brand', names: brandNames, kind: 'text', unit: '' },
    ...rowsOf(groups).map((g) => ({
      key: g.key,
      names: g.names,
      kind: g.type === 'String' ? 'text' : 'number',
      unit: g.unit,
    })),
  ])
  // Variation attributes (size, length...) facet the variations of a master.
  await db.execute(sql`
    insert into facet_groups (key, names, kind, unit)
    select distinct on (v->>'id') v->>'id', v->'names', 'text', ''
    from products p, jsonb_array_elements(p.variation_attributes) v
    where p.variation_attributes is not null
    order by v->>'id'
    on conflict (key) do nothing`)
  await db.execute(sql`
    insert into facet_values (id, group_key, value, names, sort_number)
    select distinct on (v->>'id', v->>'value') (v->>'id') || ':' || (v->>'value'), v->>'id', v->>'value', v->'values', null
    from products p, jsonb_array_elements(p.variation_attributes) v
    where p.variation_attributes is not null
    order by v->>'id', v->>'value'
    on conflict (id) do nothing`)
  const values = rowsOf(
    (await db.execute(sql`
    select distinct on (a->>'key', ${neutralValueSql}) a->>'key' as key, ${neutralValueSql} as value,
      a->'value' as raw, coalesce(a->>'unit', '') as unit
    from products p, jsonb_array_elements(p.attributes) a
    order by a->>'key', ${neutralValueSql}`)) as unknown as {
      rows: { key: string; value: string; raw: unknown; unit: string }[]
    },
  )
  const brands = rowsOf(
    (await db.execute(sql`select distinct manufacturer from products order by 1`)) as unknown as {
      rows: { manufacturer: string }[]
    },
  )
  const valueRows = [
    ...brands.map((b) => ({
      id: `brand:${b.manufacturer}`,
      groupKey: 'brand',
      value: b.manufacturer,
      names: Object.fromEntries(LOCALES.map((l) => [l, b.manufacturer])),
      sortNumber: null,
    })),
    ...values.map((v) => {
      const localized = typeof v.raw === 'object' && v.raw !== null
      const names = Object.fromEntries(
        LOCALES.map((l) => [
          l,
          localized
            ? ((v.raw as LocalizedText)[l] ?? v.value)
            : `${formatNumber(v.value, l)}${v.unit ? ` ${v.unit}` : ''}`,
        ]),
      )
      const number = Number(v.value)
      return {
        id: `${v.key}:${v.value}`,
        groupKey: v.key,
        value: v.value,
        names,
        // Numbers sort by value (kept as thousandths in an integer column), texts by count.
        sortNumber: !localized && Number.isFinite(number) ? Math.round(number * 1000) : null,
      }
    }),
  ]
  for (let i = 0; i < valueRows.length; i += 2000) {
    await db
      .insert(t.facetValues)
      .values(valueRows.slice(i, i + 2000))
      .onConflictDoNothing()
  }

  // Keywords: words of at least two characters in the names of listed products, not pure numbers.
  for (const locale of LOCALES) {
    await db.execute(sql`
      insert into search_keywords (locale, keyword, hits)
      select ${locale}, word, count(distinct p.sku)::int
      from products p, regexp_split_to_table(lower(p.names->>${locale}), '[[:space:],.;:()/"''–-]+') word
      where p.online and p.kind <> 'variation' and length(word) >= 2 and word !~ '^[0-9]+$'
      group by word`)
  }

  for (const locale of LOCALES) await buildVocabulary(db, locale)
  for (const locale of COMPOUND_LOCALES) await buildWordParts(db, locale)

  await db
    .insert(t.meta)
    .values({ key: META_KEY, value: SEARCH_INDEX_VERSION })
    .onConflictDoUpdate({ target: t.meta.key, set: { value: SEARCH_INDEX_VERSION } })
}

/**
 * The words of a locale's search documents (the texts documentSql indexes for listed products, tokenized as
 * written: lower case, without digits), each with its lexeme, its form without diacritics and how often
 * products use it; then
 * the locale's synonym groups, whose words join the vocabulary, so that a misspelled synonym is corrected
 * to it. Texts are counted first: the catalog repeats names, descriptions and attribute values.
 */
async function buildVocabulary(db: Db, locale: Locale) {
  const config = TEXT_SEARCH_CONFIG[locale]
  await db.execute(sql`
    insert into search_vocabulary (locale, word, plain, lexeme, hits)
    select ${locale}, w.word, ${plainSql(sql`w.word`)}, ${lexemeSql(config, sql`w.word`)}, w.hits
    from (
      select word, sum(texts.uses)::int as hits
      from (
        select body, count(*) as uses from (
          select unnest(array[
            p.names->>${locale},
            p.manufacturer || ' ' || coalesce(p.manufacturer_sku, ''),
            p.short_descriptions->>${locale},
            c.names->>${locale},
            (select string_agg(${sql.raw(valueOf(locale))}, ' ') from jsonb_array_elements(p.attributes) a),
            p.long_descriptions->>${locale}
          ]) as body
          from products p left join categories c on c.unique_id = p.default_category_id
          where p.online and p.kind <> 'variation'
        ) bodies
        where body is not null
        group by body
      ) texts, unnest(tsvector_to_array(to_tsvector('simple', texts.body))) word
      where length(word) >= 3 and word !~ '[0-9]'
      group by word
    ) w`)

  const groups = SEARCH_SYNONYMS[locale].map((group) => [
    ...new Set(group.map((phrase) => searchWords(phrase).join(' ')).filter(Boolean)),
  ])
  const rows = groups.flatMap((phrases, groupId) =>
    phrases.map((phrase) => ({ locale, groupId, phrase, lexemes: '' })),
  )
  if (rows.length === 0) return
  await db.insert(t.searchSynonyms).values(rows).onConflictDoNothing()
  // Lexemes as a search term's words get them (domain/search-terms.ts), word by word in phrase order.
  await db.execute(sql`
    update search_synonyms s set lexemes = (
      select string_agg(${lexemeSql(config, sql`u.w`)}, ' ' order by u.o)
      from unnest(string_to_array(s.phrase, ' ')) with ordinality as u(w, o)
    )
    where s.locale = ${locale}`)
  await db.execute(sql`
    insert into search_vocabulary (locale, word, plain, lexeme, hits)
    select distinct on (w) ${locale}, w, ${plainSql(sql`w`)}, ${lexemeSql(config, sql`w`)}, 0
    from search_synonyms s, unnest(string_to_array(s.phrase, ' ')) w
    where s.locale = ${locale} and length(w) >= 3 and w !~ '[0-9]'
    order by w
    on conflict (locale, word) do nothing`)
}

/**
 * The parts of a compounding locale's words (`search_word_parts`): every ending of a vocabulary word of
 * letters only, without diacritics, of at least MIN_PART_LENGTH letters after at least MIN_PART_HEAD
 * ("klauenhammer": "uenhammer" … "hammer", "ammer", "mmer"), with the word's hits. Derived from the
 * vocabulary (a few thousand words whatever the catalog's size), so it stays small.
 */
async function buildWordParts(db: Db, locale: Locale) {
  await db.execute(sql`
    insert into search_word_parts (locale, part, word, hits)
    select v.locale, substr(v.plain, i), v.word, v.hits
    from search_vocabulary v,
      generate_series(${MIN_PART_HEAD + 1}::int, length(v.plain) - ${MIN_PART_LENGTH - 1}::int) i
    where v.locale = ${locale} and v.hits > 0 and v.plain ~ '^[a-z]+$'
      and length(v.plain) >= ${MIN_PART_HEAD + MIN_PART_LENGTH}
    on conflict do nothing`)
}

/** Rebuilds the search data when it was built by an older release (or never), in one transaction. */
export async function ensureSearchIndex(db: Db): Promise<boolean> {
  const [row] = await db.select().from(t.meta).where(eq(t.meta.key, META_KEY))
  if (row?.value === SEARCH_INDEX_VERSION) return false
  await db.transaction(async (tx) => rebuildSearchIndex(tx as unknown as Db))
  forgetSearchTerms(db)
  await refreshStatistics(db)
  return true
}

/**
 * After bulk writes (seed, rebuild): statistics for every table and visibility maps, so that index-only
 * scans do not visit the heap. VACUUM must run outside a transaction.
 */
export async function refreshStatistics(db: Db) {
  await db.execute(sql`vacuum analyze`)
}

const BRAND_GROUP_NAMES: Record<Locale, string> = {
  en_US: 'Brand',
  de_DE: 'Marke',
  fr_FR: 'Marque',
  pl_PL: 'Marka',
  ro_RO: 'Marcă',
}

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: { rows: T[] }): T[] {
  return result.rows
}
