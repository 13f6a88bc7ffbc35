/**
 * Catalog rows nearly every basket and product answer reads, kept in memory per database (issue 37, ADRs 0048
 * and 0057). On the embedded database each query costs a few tenths of a millisecond of the one connection
 * before any row is read, and a basket answer read its shipping and payment methods, prices, mandatory links
 * and promotions on every call: thousands of times a minute for rows that only the seed (and tests) write.
 *
 * Nothing has to remember to empty the cache: `watchCatalogWrites` (called by `openDatabase`) looks at every
 * statement the database's client runs, and one that inserts, updates or deletes rows of a `CATALOG_TABLES`
 * table empties it. A transaction that writes catalog rows counts as a writer from its first such statement
 * until it ends; meanwhile every read goes to the database and nothing is kept (so neither that transaction
 * nor anyone else keeps rows that may be rolled back or are about to change), and when it ends the cache is
 * emptied again. A database and its transactions share one cache (Drizzle gives them the same dialect).
 * Cached rows are shared: callers must not change them.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type { Db } from './client'

/** The tables whose rows are kept here: a statement writing one of them empties the cache. */
export const CATALOG_TABLES = [
  'shipping_methods',
  'warranties',
  'product_warranties',
  'prices',
  'product_links',
  'promotions',
  'product_promotions',
  'payment_methods',
] as const

const CATALOG_WRITE = new RegExp(
  String.raw`\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:${CATALOG_TABLES.join('|')})"?(?=[\s(,;]|$)`,
  'i',
)

/** Whether a statement (or script) writes rows of a catalog table. */
export const writesCatalog = (text: string) => CATALOG_WRITE.test(text)

/** Keyed rows kept per kind at most: a kind that reaches it starts over (a 100,000-product catalog's prices). */
export const MAX_KEYED_ROWS = 50_000

type WholeRead<T> = { promise: Promise<T>; done: boolean }

type CacheState = {
  /** Counts emptyings: a read that began before one does not keep what it read. */
  generation: number
  /** Catalog-writing transactions (and statements) under way. */
  writers: number
  whole: Map<string, WholeRead<unknown>>
  keyed: Map<string, Map<string, unknown>>
}

const states = new WeakMap<object, CacheState>()
const ABSENT = Symbol('absent')

/** The cache of a database, the same for its transactions (Drizzle gives both the database's dialect). */
function stateOf(db: Db): CacheState {
  const owner = (db as unknown as { dialect: object }).dialect
  let state = states.get(owner)
  if (!state) states.set(owner, (state = { generation: 0, writers: 0, whole: new Map(), keyed: new Map() }))
  return state
}

function empty(state: CacheState) {
  state.generation++
  state.whole.clear()
  state.keyed.clear()
}

/**
 * `load(db)` once per database and key while no catalog write is under way; a failed load is not kept. A
 * transaction takes only a read that has finished: one still waiting for the embedded database's one
 * connection would wait for the transaction that holds it.
 */
export function cachedCatalogRead<T>(db: Db, key: string, load: (db: Db) => Promise<T>): Promise<T> {
  const state = stateOf(db)
  if (state.writers > 0) return load(db)
  const read = state.whole.get(key) as WholeRead<T> | undefined
  if (read && (read.done || !((db as unknown) instanceof PgTransaction))) return read.promise
  if (read || (db as unknown) instanceof PgTransaction) return load(db)
  // A real promise: Drizzle's query builders are thenables that run their query again on every `then`.
  const kept: WholeRead<T> = { done: false, promise: Promise.resolve(load(db)) }
  state.whole.set(key, kept)
  kept.promise.then(
    () => (kept.done = true),
    () => {
      if (state.whole.get(key) === kept) state.whole.delete(key)
    },
  )
  return kept.promise
}

/**
 * Rows by key (e.g. a SKU) of one kind: the keys not kept yet are read with one `load(db, missing)`, which
 * answers the rows it found; keys without a row are remembered as such. Answers the rows of `keys` found.
 */
export async function cachedCatalogRows<T>(
  db: Db,
  kind: string,
  keys: readonly string[],
  load: (db: Db, missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const unique = [...new Set(keys)]
  const state = stateOf(db)
  if (unique.length === 0) return new Map()
  if (state.writers > 0) return load(db, unique)
  const kept = state.keyed.get(kind)
  const found = new Map<string, T>()
  const missing: string[] = []
  for (const key of unique) {
    const row = kept?.get(key)
    if (row === undefined) missing.push(key)
    else if (row !== ABSENT) found.set(key, row as T)
  }
  if (missing.length === 0) return found
  const generation = state.generation
  const loaded = await load(db, missing)
  if (state.generation === generation && state.writers === 0) {
    let rows = state.keyed.get(kind)
    if (!rows || rows.size + missing.length > MAX_KEYED_ROWS) state.keyed.set(kind, (rows = new Map()))
    for (const key of missing) rows.set(key, loaded.has(key) ? loaded.get(key) : ABSENT)
  }
  for (const [key, row] of loaded) found.set(key, row)
  return found
}

/** Empties the cached catalog rows of a database (tests that look at the cache itself). */
export function invalidateCatalogCache(db: Db) {
  empty(stateOf(db))
}

type QueryText = string | { text: string }
const textOf = (query: QueryText) => (typeof query === 'string' ? query : (query?.text ?? ''))

/** Runs a statement outside any transaction: a writer while it runs, the cache emptied when it is done. */
async function autocommit<R>(state: CacheState, text: string, run: () => Promise<R>): Promise<R> {
  if (!writesCatalog(text)) return run()
  state.writers++
  try {
    return await run()
  } finally {
    state.writers--
    empty(state)
  }
}

/**
 * Empties `db`'s cache whenever its client writes catalog rows (see above): PGlite's `query`, `exec` and
 * `transaction`, a pg pool's `query` and its connections' statements between `begin` and `commit`/`rollback`.
 */
export function watchCatalogWrites(
  db: Db,
  client: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool },
) {
  const state = stateOf(db)
  if (client.kind === 'pglite') {
    const pglite = client.client
    const query = pglite.query.bind(pglite)
    const exec = pglite.exec.bind(pglite)
    const transaction = pglite.transaction.bind(pglite)
    Object.assign(pglite, {
      query: (text: string, ...rest: unknown[]) =>
        autocommit(state, text, () => (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest)),
      exec: (text: string, ...rest: unknown[]) =>
        autocommit(state, text, () => (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest)),
      transaction: <T>(callback: (tx: Transaction) => Promise<T>) => {
        let wrote = false
        const seen = (text: string) => {
          if (!wrote && writesCatalog(text)) {
            wrote = true
            state.writers++
          }
        }
        return transaction(async (tx) => {
          const txQuery = tx.query.bind(tx)
          const txExec = tx.exec.bind(tx)
          Object.assign(tx, {
            query: (text: string, ...rest: unknown[]) => {
              seen(text)
              return (txQuery as (...args: unknown[]) => Promise<unknown>)(text, ...rest)
            },
            exec: (text: string, ...rest: unknown[]) => {
              seen(text)
              return (txExec as (...args: unknown[]) => Promise<unknown>)(text, ...rest)
            },
          })
          return callback(tx)
        }).finally(() => {
          if (!wrote) return
          state.writers--
          empty(state)
        })
      },
    })
    return
  }
  const pool = client.pool
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  Object.assign(pool, {
    query: (query: QueryText, ...rest: unknown[]) =>
      autocommit(state, textOf(query), () => poolQuery(query, ...rest)),
  })
  pool.on('connect', (connection) => {
    const connectionQuery = connection.query.bind(connection) as (...args: unknown[]) => Promise<unknown>
    let inTransaction = false
    let wrote = false
    const ended = () => {
      if (!wrote) return
      wrote = false
      state.writers--
      empty(state)
    }
    connection.once('end', ended)
    Object.assign(connection, {
      query: async (query: QueryText, ...rest: unknown[]) => {
        const text = textOf(query).trim()
        if (/^begin\b/i.test(text)) inTransaction = true
        if (!inTransaction) return autocommit(state, text, () => connectionQuery(query, ...rest))
        if (!wrote && writesCatalog(text)) {
          wrote = true
          state.writers++
        }
        if (!/^(?:commit|rollback|end|abort)\s*;?$/i.test(text)) return connectionQuery(query, ...rest)
        try {
          return await connectionQuery(query, ...rest)
        } finally {
          inTransaction = false
          ended()
        }
      },
    })
  })
}
