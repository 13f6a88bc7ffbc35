/**
 * What a search term asks for, decided in the database on the derived search data (db/search-index.ts):
 * the product codes it may be (EAN, manufacturer part number), the spelling of words no product uses
 * corrected to the most similar word that one does (trigram index on `search_vocabulary`), and the synonyms
 * of its words (`search_synonyms`, matched by lexeme). The result is a tsquery text made of letters, digits
 * and operators only, bound as a parameter where it is used: user input never forms query syntax.
 */
import { sql, type SQL } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import { TEXT_SEARCH_CONFIG, type Locale } from './channel'

/** Words of a term used at most; more add nothing but cost. */
export const MAX_SEARCH_WORDS = 8
/**
 * Least trigram similarity of a correction to the word typed: "hamer" → "hammer" is 0.63, "scrwdriver" →
 * "screwdriver" 0.64, "dril" → "drill" 0.57; below 0.4 a "correction" is mostly another word.
 */
export const MIN_CORRECTION_SIMILARITY = 0.4
/** Words shorter than this are never corrected: too little to tell a typo from another word. */
const MIN_CORRECTION_LENGTH = 3

/** Lower-case runs of letters and digits: everything else separates words, so input cannot form syntax. */
export function searchWords(term: string): string[] {
  return (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS)
}

/** A term as a product code: lower case, letters and digits only ("4 006381-333931" → "4006381333931"). */
export function codeOf(term: string): string {
  return term.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
}

/**
 * Letters with diacritics and what they are without them, one for one (SQL `translate` drops a letter that
 * has no counterpart, so both lists have the same length).
 */
export const DIACRITICS = 'àáâãäåăąæçćčďđèéêëěęìíîïłľĺńňñòóôõöőøœřŕșşśšțţťùúûüůűýÿźżžß'
export const BASE_LETTERS = 'aaaaaaaaacccddeeeeeeiiiilllnnnoooooooorrsssstttuuuuuuyyzzzs'

/** A word without diacritics, so that "bormasina" finds "bormașină" and "wkretarka" "wkrętarka". */
export const plainSql = (word: SQL) => sql`translate(${word}, ${DIACRITICS}, ${BASE_LETTERS})`

/** A word without diacritics, as `plainSql` makes it in the database. */
export function plainWord(word: string): string {
  return [...word].map((c) => BASE_LETTERS[DIACRITICS.indexOf(c)] ?? c).join('')
}

/**
 * Locales that write compounds as one word: a search word also finds the words it ends or is inside of
 * ("Hammer" finds "Klauenhammer"), from `search_word_parts` (db/search-index.ts).
 */
export const COMPOUND_LOCALES: readonly Locale[] = ['de_DE']
/** Letters a compound's part has at least ("rohr", "mmer"), and letters before it at least. */
export const MIN_PART_LENGTH = 4
export const MIN_PART_HEAD = 3
/** Compounds a word adds to a search at most, the most used first. */
const MAX_COMPOUNDS = 40

/** Polish case and number endings, longest first (PostgreSQL has no Polish stemmer: the search strips them). */
const POLISH_ENDINGS = ['iami', 'iach', 'ami', 'ach', 'iem', 'iom', 'ów', 'om', 'em', 'ie', 'ą', 'ę', 'y', 'i', 'a', 'e', 'o', 'u'] // prettier-ignore
/** Consonant pairs written as one sound, before which Polish inserts no vowel ("klucz", not "klucez"). */
const POLISH_DIGRAPHS = ['ch', 'cz', 'dz', 'dż', 'dź', 'rz', 'sz']
const POLISH_VOWELS = /[aeiouyąęó]/u

/**
 * The prefixes that find the other forms of a Polish word: its stem without a case or number ending
 * ("wiertarkę" → "wiertark", "kasków" → "kask"), and the stem without the vowel Polish inserts before the
 * last consonant in some forms ("młotek" → "młotk", "kotew" → "kotw") or, after an ending, with it
 * ("młotka" → "młotek", "kotwy" → "kotew"). Stems keep at least four letters.
 */
export function polishStems(word: string): string[] {
  const ending = POLISH_ENDINGS.find((e) => word.endsWith(e) && word.length - e.length >= 4)
  const stem = ending ? word.slice(0, -ending.length) : word
  const stems = new Set<string>([stem])
  const last = stem.slice(-1)
  const beforeLast = stem.slice(-2, -1)
  if (
    stem.length >= 5 &&
    beforeLast === 'e' &&
    !POLISH_VOWELS.test(last) &&
    !POLISH_VOWELS.test(stem.slice(-3, -2))
  ) {
    stems.add(stem.slice(0, -2) + last) // "młotek" → "młotk", "kotew" → "kotw"
  } else if (
    ending &&
    stem.length >= 4 &&
    !POLISH_VOWELS.test(last) &&
    !POLISH_VOWELS.test(beforeLast) &&
    !POLISH_DIGRAPHS.includes(stem.slice(-2)) &&
    ['k', 'w', 'c', 'n', 'l', 'r'].includes(last)
  ) {
    stems.add(`${stem.slice(0, -1)}e${last}`) // "młotk" → "młotek", "kotw" → "kotew"
  }
  stems.delete(word)
  return [...stems].filter((s) => s.length >= 4 && s !== word)
}

/**
 * The lexeme of one word in a text search configuration (its stem), or the word itself where the
 * configuration has none (a stop word). The search index and the term analysis use this same expression.
 */
export const lexemeSql = (config: string, word: SQL) =>
  sql`coalesce((tsvector_to_array(to_tsvector(${config}::regconfig, ${word})))[1], ${word})`

/** Whether a word may be a misspelling: letters only (codes and measures are never corrected), long enough. */
const correctable = (word: string) => word.length >= MIN_CORRECTION_LENGTH && /^\p{L}+$/u.test(word)

/** A synonym group found in a term: the words it covers (from `start`, `length` words) and its phrases. */
type SynonymMatch = { start: number; length: number; phrases: string[][] }

/** A search as the database will run it. */
export type SearchQuery = {
  /** The term as typed (trimmed). */
  term: string
  /** The words searched for: the term's, or their corrections. */
  words: string[]
  /** The term as a product code, '' when it has no letters or digits. */
  code: string
  /** `to_tsquery` text in the locale's configuration: each word (or its synonyms) as a prefix; '' for none. */
  tsquery: string
  /**
   * The tsquery without the compounds and other forms the words were widened by, when they were: its hits
   * (the words as written) rank before the others ("Hammer" before "Klauenhammer").
   */
  wordTsquery?: string
  /** The corrected term when a word was corrected ("hamer" → "hammer"). */
  correctedTerm?: string
}

/** A word of a term: its lexeme in the locale's configuration, and whether the vocabulary knows it. */
type WordRow = { word: string; lexeme: string; known: boolean }

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`

/**
 * Each word's lexeme, and whether the locale's vocabulary knows it: as a word of the documents, as the
 * lexeme of one (a plural, another inflection), or as a stop word of the configuration (never searched).
 * Both lookups are index scans of a table of a few thousand rows, whatever the size of the catalog.
 */
async function readWords(db: Db, locale: Locale, words: string[]): Promise<WordRow[]> {
  const config = TEXT_SEARCH_CONFIG[locale]
  return rows<WordRow>(
    db,
    sql`select u.w as word, ${lexemeSql(config, sql`u.w`)} as lexeme,
        cardinality(tsvector_to_array(to_tsvector(${config}::regconfig, u.w))) = 0 or exists (
          select 1 from search_vocabulary v
          where v.locale = ${locale} and (v.word = u.w or v.lexeme = ${lexemeSql(config, sql`u.w`)})
        ) as known
      from unnest(${textArray(words)}) with ordinality as u(w, o)
      order by u.o`,
  )
}

/** Prefixes that find a locale's other forms of a word, for locales PostgreSQL has no stemmer for. */
const OTHER_FORMS: Partial<Record<Locale, (word: string) => string[]>> = { pl_PL: polishStems }

/** What a word finds besides itself: the compounds it is a part of, its other forms' prefixes. */
type WordForms = { compounds: string[]; stems: string[] }

/**
 * The compounds a word is a part of (`search_word_parts`, its beginning matched by the prefix index; the
 * most used first) and, for a locale without a stemmer, the prefixes of its other forms that begin a word
 * of the vocabulary (prefix index). One statement of index lookups; none for other locales.
 */
async function readWordForms(db: Db, locale: Locale, words: string[]): Promise<WordForms[]> {
  const none = words.map((): WordForms => ({ compounds: [], stems: [] }))
  const compounding = COMPOUND_LOCALES.includes(locale)
  const stemsOf = OTHER_FORMS[locale]
  const lookups: SQL[] = []
  words.forEach((word, i) => {
    if (!/^\p{L}+$/u.test(word)) return
    const plain = plainWord(word)
    if (compounding && plain.length >= MIN_PART_LENGTH) {
      lookups.push(sql`select ${i}::int as i, 'compound' as kind, x.word from (
          select word, max(hits) as hits from search_word_parts
          where locale = ${locale} and part like ${`${plain}%`}
          group by word order by max(hits) desc, word limit ${MAX_COMPOUNDS}
        ) x`)
    }
    // The word itself too: "śrub" begins "śruba", a form of its own, not a misspelling to correct.
    for (const stem of stemsOf ? [word, ...stemsOf(word)] : []) {
      lookups.push(sql`select ${i}::int as i, 'stem' as kind, ${stem} as word where exists (
          select 1 from search_vocabulary where locale = ${locale} and word like ${`${stem}%`}
        )`)
    }
  })
  if (lookups.length === 0) return none
  const found = await rows<{ i: number; kind: 'compound' | 'stem'; word: string }>(
    db,
    sql.join(
      lookups.map((lookup) => sql`(${lookup})`),
      sql` union all `,
    ),
  )
  for (const row of found) {
    const forms = none[Number(row.i)]!
    if (row.kind === 'compound') forms.compounds.push(row.word)
    else forms.stems.push(row.word)
  }
  return none
}

type Correction = { word: string; correction: string | null; lexeme: string | null }

/**
 * The corrections of words the vocabulary does not know: the nearest vocabulary word by trigram distance
 * (the GiST index orders by it), within MIN_CORRECTION_SIMILARITY, the more used on a tie, compared without
 * diacritics. None when the term is a product's exact code (an EAN, a manufacturer part number, a SKU).
 */
async function readCorrections(db: Db, locale: Locale, term: string, unknown: string[]) {
  const code = codeOf(term)
  const [row] = await rows<{ codeFound: boolean; corrections: Correction[] | null }>(
    db,
    sql`select ${code} <> '' and exists (
          select 1 from product_search ps where ps.codes && array[${code}]::text[] or ps.sku = ${term}
        ) as "codeFound",
        (select json_agg(json_build_object('word', u.w, 'correction', k.word, 'lexeme', k.lexeme))
          from unnest(${textArray(unknown)}) as u(w)
          left join lateral (
            select n.word, n.lexeme from (
              (select v.word, v.lexeme, v.hits, v.plain <-> ${plainSql(sql`u.w`)} as distance
              from search_vocabulary v
              where v.locale = ${locale}
              order by v.plain <-> ${plainSql(sql`u.w`)}
              limit 10)${partCandidates(locale)}
            ) n
            where n.distance <= ${1 - MIN_CORRECTION_SIMILARITY}
            order by n.distance, n.hits desc, n.word
            limit 1
          ) k on true
        ) as corrections`,
  )
  if (!row || row.codeFound) return new Map<string, Correction>()
  return new Map((row.corrections ?? []).filter((c) => c.correction).map((c) => [c.word, c]))
}

/**
 * In a compounding locale, the parts of compounds are candidates of a correction too: "hamer" and "hammr"
 * become "hammer", which finds the "Klauenhammer".
 */
function partCandidates(locale: Locale): SQL {
  if (!COMPOUND_LOCALES.includes(locale)) return sql``
  const config = TEXT_SEARCH_CONFIG[locale]
  return sql` union all
    (select p.part, ${lexemeSql(config, sql`p.part`)}, p.hits, p.part <-> ${plainSql(sql`u.w`)} as distance
    from search_word_parts p
    where p.locale = ${locale}
    order by p.part <-> ${plainSql(sql`u.w`)}
    limit 10)`
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/** A synonym group's phrases: words and their lexemes. */
type SynonymGroup = { phrases: { words: string[]; lexemes: string[] }[] }

/** How long the synonym lists are reused: they change only with a rebuild of the search index. */
const SYNONYMS_TTL_MS = 60_000
const synonymCache = new WeakMap<Db, Map<Locale, { expires: number; groups: Promise<SynonymGroup[]> }>>()

/** The locale's synonym groups (`search_synonyms`, a few dozen rows), read once a minute. */
function synonymGroups(db: Db, locale: Locale): Promise<SynonymGroup[]> {
  const perLocale = synonymCache.get(db) ?? new Map()
  synonymCache.set(db, perLocale)
  const cached = perLocale.get(locale)
  if (cached && cached.expires > Date.now()) return cached.groups
  const groups = rows<{ groupId: number; phrase: string; lexemes: string }>(
    db,
    sql`select group_id as "groupId", phrase, lexemes from search_synonyms
      where locale = ${locale} order by group_id, phrase`,
  ).then((list) => {
    const byGroup = new Map<number, SynonymGroup>()
    for (const row of list) {
      const group = byGroup.get(row.groupId) ?? { phrases: [] }
      group.phrases.push({ words: row.phrase.split(' '), lexemes: row.lexemes.split(' ') })
      byGroup.set(row.groupId, group)
    }
    return [...byGroup.values()]
  })
  groups.catch(() => perLocale.delete(locale))
  perLocale.set(locale, { expires: Date.now() + SYNONYMS_TTL_MS, groups })
  return groups
}

/**
 * The synonym groups a term's words contain (a phrase's lexemes in a row among the words' lexemes): longest
 * first, then leftmost, none overlapping another; groups found at the same words are one alternative.
 */
export function synonymMatches(lexemes: string[], groups: SynonymGroup[]): SynonymMatch[] {
  const found = new Map<string, SynonymMatch>()
  for (const group of groups) {
    for (const phrase of group.phrases) {
      const length = phrase.lexemes.length
      for (let start = 1; start + length - 1 <= lexemes.length; start++) {
        if (!phrase.lexemes.every((lexeme, i) => lexemes[start - 1 + i] === lexeme)) continue
        const key = `${start}:${length}`
        const match = found.get(key) ?? { start, length, phrases: [] }
        for (const other of group.phrases) {
          if (!match.phrases.some((p) => p.join(' ') === other.words.join(' ')))
            match.phrases.push(other.words)
        }
        found.set(key, match)
      }
    }
  }
  const chosen: SynonymMatch[] = []
  const sorted = [...found.values()].sort((a, b) => b.length - a.length || a.start - b.start)
  for (const match of sorted) {
    const end = match.start + match.length
    if (chosen.some((c) => match.start < c.start + c.length && c.start < end)) continue
    chosen.push(match)
  }
  return chosen.sort((a, b) => a.start - b.start)
}

const prefixes = (words: string[]) => words.map((w) => `${w}:*`).join(' & ')

/**
 * The alternatives that add hits: one whose every word begins another's words ("drilling machine" after
 * "drill": drill:* finds all it finds) is left out, so a query holds no prefix scan that cannot add a hit.
 */
function withoutImplied(alternatives: string[][]): string[][] {
  const unique = alternatives.filter(
    (words, i) => alternatives.findIndex((other) => other.join(' ') === words.join(' ')) === i,
  )
  const implies = (a: string[], b: string[]) => b.every((prefix) => a.some((word) => word.startsWith(prefix)))
  return unique.filter(
    (words, i) => !unique.some((other, j) => j !== i && implies(words, other) && !implies(other, words)),
  )
}

/**
 * The tsquery text: every word as a prefix ("drill" finds drills), all of them required; the words of a
 * synonym match are one alternative among the group's phrases ("bohrmaschine" → bohrmaschine:* |
 * bohrschrauber:* | (akku:* & bohrschrauber:*) | …). A position may hold several words (a corrected
 * "akku-bohrschrauber").
 */
export function tsQueryText(positions: string[][], matches: SynonymMatch[] = []): string {
  const parts: string[] = []
  const group = (words: string[]) => (words.length > 1 ? `(${prefixes(words)})` : prefixes(words))
  for (let position = 1; position <= positions.length;) {
    const match = matches.find((m) => m.start === position)
    if (!match) {
      parts.push(group(positions[position - 1]!))
      position++
      continue
    }
    const own = positions.slice(position - 1, position - 1 + match.length).flat()
    const alternatives = withoutImplied([own, ...match.phrases]).map(group)
    parts.push(alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!)
    position += match.length
  }
  return parts.filter((part) => part !== '').join(' & ')
}

/**
 * The search a term asks for. With `correct` (the default) a word no product uses is replaced by the most
 * similar word one does, unless the term is a product's exact code; `correct: false` searches the words
 * as typed ("search instead for …"). Analyses are kept a minute per database: the storefront asks for a
 * search's products and its filters with the same term, and the vocabulary changes only with a rebuild.
 */
export function searchQuery(
  db: Db,
  locale: Locale,
  rawTerm: string,
  { correct = true }: { correct?: boolean } = {},
): Promise<SearchQuery> {
  const term = rawTerm.trim()
  const key = `${locale}|${correct}|${term}`
  let cache = analysisCache.get(db)
  if (!cache) {
    cache = new LRUCache<string, Promise<SearchQuery>>({ max: 2000, ttl: ANALYSIS_TTL_MS })
    analysisCache.set(db, cache)
  }
  let query = cache.get(key)
  if (!query) {
    query = analyseTerm(db, locale, term, correct)
    query.catch(() => cache.delete(key))
    cache.set(key, query)
  }
  return query
}

const ANALYSIS_TTL_MS = 60_000
const analysisCache = new WeakMap<Db, LRUCache<string, Promise<SearchQuery>>>()

/** Forgets the analysed terms and synonym lists of a database, e.g. after its search index was rebuilt. */
export function forgetSearchTerms(db: Db) {
  analysisCache.delete(db)
  synonymCache.delete(db)
}

async function analyseTerm(db: Db, locale: Locale, term: string, correct: boolean): Promise<SearchQuery> {
  const typed = searchWords(term)
  const code = codeOf(term)
  if (typed.length === 0) return { term, words: [], code, tsquery: '' }
  const [wordRows, groups, typedForms] = await readTogether(db, [
    () => readWords(db, locale, typed),
    () => synonymGroups(db, locale),
    () => readWordForms(db, locale, typed),
  ])
  const finds = (i: number) => typedForms[i]!.compounds.length > 0 || typedForms[i]!.stems.length > 0
  const unknown = correct
    ? wordRows.filter((w, i) => !w.known && !finds(i) && correctable(w.word)).map((w) => w.word)
    : []
  const corrections = unknown.length ? await readCorrections(db, locale, term, unknown) : new Map()
  const words = wordRows.map((w) => corrections.get(w.word)?.correction ?? w.word)
  const lexemes = wordRows.map((w) => corrections.get(w.word)?.lexeme ?? w.lexeme)
  const corrected = words.some((w, i) => w !== typed[i])
  const forms = corrected ? await readWordForms(db, locale, words) : typedForms
  const positions = words.map((w) => searchWords(w))
  const matches = synonymMatches(lexemes, groups)
  const tsquery = tsQueryText(positions, withForms(matches, forms))
  const wordTsquery = tsQueryText(positions, matches)
  return {
    term,
    words,
    code,
    tsquery,
    ...(tsquery !== wordTsquery ? { wordTsquery } : {}),
    ...(corrected ? { correctedTerm: correctedTerm(term, typed, words) } : {}),
  }
}

/**
 * The synonym matches with each word's other forms and compounds as alternatives of its own: added to a
 * synonym match of that one word, or a match of their own; a word inside a longer synonym phrase keeps
 * the phrase's alternatives only.
 */
export function withForms(matches: SynonymMatch[], forms: WordForms[]): SynonymMatch[] {
  const result = matches.map((m) => ({ ...m, phrases: [...m.phrases] }))
  forms.forEach((form, i) => {
    const extra = [...form.stems, ...form.compounds].map((word) => [word])
    if (extra.length === 0) return
    const start = i + 1
    const covering = result.find((m) => m.start <= start && start < m.start + m.length)
    if (!covering) result.push({ start, length: 1, phrases: extra })
    else if (covering.length === 1) covering.phrases.push(...extra)
  })
  return result.sort((a, b) => a.start - b.start)
}

/** The words searched for: as typed, a correction capitalized like the word it replaces ("Bohrmaschine"). */
function correctedTerm(term: string, typed: string[], words: string[]): string {
  const asTyped = (term.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS)
  return words
    .map((word, i) => {
      const original = asTyped[i] ?? ''
      if (word === typed[i]) return original || word
      if (original[0] === original[0]?.toLowerCase()) return word
      return word.charAt(0).toUpperCase() + word.slice(1)
    })
    .join(' ')
}
