/**
 * Rows that nearly every call reads and hardly any call writes, kept in memory per database (issue 37, ADRs
 * 0048, 0057 and 0058). On the embedded database each query costs a few tenths of a millisecond of the one
 * connection before any row is read.
 *
 * - **Catalog rows** (`CATALOG_TABLES`): a basket answer read its shipping and payment methods, prices,
 *   mandatory links and promotions on every call, thousands of times a minute, for rows that only the seed
 *   (and tests) write.
 * - **Principals** (`PRINCIPAL_TABLES`): every call with a token read the token, its user, customer, roles'
 *   permissions and acting sales representative: about 45 queries per checkout. A requisition's decision read
 *   its company's people with their permissions (who may approve) and then the buyer, the decider and the
 *   approvers again, one by one. Kept only on the embedded
 *   database, which one process owns: with `DATABASE_URL` several API processes may share the database, and a
 *   token revoked through one of them must stop working at once in all (there every call reads it).
 *
 * Nothing has to remember to empty a cache: `watchWrites` (called by `openDatabase`) looks at every statement
 * the database's client runs, and one that writes a table of a group empties that group. A transaction that
 * writes one counts as a writer of the group from its first such statement until it ends; meanwhile every
 * read of the group goes to the database and nothing is kept (so neither that transaction nor anyone else
 * keeps rows that may be rolled back or are about to change), and when it ends the group is emptied again. A
 * database and its transactions share one cache (Drizzle gives them the same dialect). Cached rows are
 * shared: callers must not change them.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type { Db } from './client'

/** The tables whose rows the catalog cache keeps: a statement writing one of them empties it. */
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

/**
 * The tables a principal is read from (domain/tokens.ts checkToken), and those whose deletions cascade into
 * them (roles and permissions into role_permissions): a statement writing one empties the principals.
 * A token inserted changes no principal kept (only found tokens are kept), so only changes of api_tokens count.
 */
export const PRINCIPAL_TABLES = [
  'users',
  'customers',
  'sales_reps',
  'roles',
  'permissions',
  'role_permissions',
] as const

const TABLE = String.raw`(?:only\s+)?(?:"?public"?\.)?"?`
const END = String.raw`"?(?=[\s(,;]|$)`
const writing = (
  tables: readonly string[],
  verbs = String.raw`insert\s+into|update|delete\s+from|truncate(?:\s+table)?`,
) => String.raw`\b(?:${verbs})\s+${TABLE}(?:${tables.join('|')})${END}`

const CATALOG_WRITE = new RegExp(writing(CATALOG_TABLES), 'i')
const PRINCIPAL_WRITE = new RegExp(
  `${writing(PRINCIPAL_TABLES)}|${writing(['api_tokens'], String.raw`update|delete\s+from|truncate(?:\s+table)?`)}`,
  'i',
)

/**
 * The table of the basket rows kept (the promotion codes a basket holds, which every basket answer reads and
 * hardly any call writes): a statement writing it empties the kept codes of every basket.
 */
export const BASKET_CODE_TABLES = ['basket_promotion_codes'] as const
const BASKET_CODE_WRITE = new RegExp(writing(BASKET_CODE_TABLES), 'i')

/** Whether a statement (or script) writes a basket's promotion codes. */
export const writesBasketCodes = (text: string) => BASKET_CODE_WRITE.test(text)

/** Baskets whose promotion codes are kept at most (the shoppers of the last while): beyond, they start over. */
export const MAX_BASKET_CODES = 50_000

/** Whether a statement (or script) writes rows of a catalog table. */
export const writesCatalog = (text: string) => CATALOG_WRITE.test(text)

/** Whether a statement (or script) may change a principal: writes of PRINCIPAL_TABLES, changes of api_tokens. */
export const writesPrincipals = (text: string) => PRINCIPAL_WRITE.test(text)

/** Keyed rows kept per kind at most: a kind that reaches it starts over (a 100,000-product catalog's prices). */
export const MAX_KEYED_ROWS = 50_000

/** Principals kept at most (tokens of the shoppers of the last while): beyond, the kept ones start over. */
export const MAX_PRINCIPALS = 10_000

/**
 * What the principals group keeps, per key, and how many keys of each kind at most (beyond, a kind starts
 * over): tokens (the shoppers of the last while), companies' people (who decides requisitions), buyers (a
 * user with their company's name, as a basket names them) and customers.
 */
export const PRINCIPAL_KINDS = {
  tokens: MAX_PRINCIPALS,
  companies: 1_000,
  buyers: MAX_PRINCIPALS,
  customers: MAX_PRINCIPALS,
} as const
export type PrincipalKind = keyof typeof PRINCIPAL_KINDS

type Group = 'catalog' | 'principals' | 'basketCodes'

type WholeRead<T> = { promise: Promise<T>; done: boolean }

type GroupState = {
  /** Counts emptyings: a read that began before one does not keep what it read. */
  generation: number
  /** Transactions (and statements) under way that write the group's tables. */
  writers: number
  whole: Map<string, WholeRead<unknown>>
  keyed: Map<string, Map<string, unknown>>
}

type DatabaseCache = {
  /** The embedded database, which only this process opens (set by watchWrites): principals may be kept. */
  ownedByThisProcess: boolean
  groups: Record<Group, GroupState>
}

const caches = new WeakMap<object, DatabaseCache>()
const ABSENT = Symbol('absent')
const newGroup = (): GroupState => ({ generation: 0, writers: 0, whole: new Map(), keyed: new Map() })

/** The cache of a database, the same for its transactions (Drizzle gives both the database's dialect). */
function cacheOf(db: Db): DatabaseCache {
  const owner = (db as unknown as { dialect: object }).dialect
  let cache = caches.get(owner)
  if (!cache)
    caches.set(
      owner,
      (cache = {
        ownedByThisProcess: false,
        groups: { catalog: newGroup(), principals: newGroup(), basketCodes: newGroup() },
      }),
    )
  return cache
}

function empty(state: GroupState) {
  state.generation++
  state.whole.clear()
  state.keyed.clear()
}

/**
 * `load(db)` once per database and key while no catalog write is under way; a failed load is not kept. A
 * transaction takes only a read that has finished: one still waiting for the embedded database's one
 * connection would wait for the transaction that holds it. When none is kept, what the transaction reads
 * itself is kept once it is done, unless a catalog write began meanwhile: with no writer, a transaction reads
 * the committed catalog, as anyone would. (Else a process that only ever read the catalog in transactions,
 * an approver's decisions after a restart, read it again every time.)
 */
export function cachedCatalogRead<T>(db: Db, key: string, load: (db: Db) => Promise<T>): Promise<T> {
  const state = cacheOf(db).groups.catalog
  if (state.writers > 0) return load(db)
  const read = state.whole.get(key) as WholeRead<T> | undefined
  const inTransaction = (db as unknown) instanceof PgTransaction
  if (read && (read.done || !inTransaction)) return read.promise
  if (read) return load(db)
  if (inTransaction) return keptOnceDone(state, key, Promise.resolve(load(db)))
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

/** A transaction's read of `key`, kept as a finished read if no write of the group began while it ran. */
async function keptOnceDone<T>(state: GroupState, key: string, loading: Promise<T>): Promise<T> {
  const generation = state.generation
  const value = await loading
  if (state.generation === generation && state.writers === 0 && !state.whole.has(key))
    state.whole.set(key, { done: true, promise: Promise.resolve(value) } satisfies WholeRead<T>)
  return value
}

/**
 * Rows by key of one kind of a group: the keys not kept yet are read with one `load(db, missing)`, which
 * answers the rows it found; keys without a row are remembered as such where `absentToo`. A kind holding
 * `bound` keys starts over.
 */
async function keyedRows<T>(
  db: Db,
  state: GroupState,
  kind: string,
  keys: readonly string[],
  load: (db: Db, missing: string[]) => Promise<Map<string, T>>,
  { absentToo, bound }: { absentToo: boolean; bound: number },
): Promise<Map<string, T>> {
  const unique = keys.length === 1 ? (keys as string[]) : [...new Set(keys)]
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
    if (!rows || rows.size + missing.length > bound) state.keyed.set(kind, (rows = new Map()))
    for (const key of missing)
      if (loaded.has(key)) rows.set(key, loaded.get(key))
      else if (absentToo) rows.set(key, ABSENT)
  }
  for (const [key, row] of loaded) found.set(key, row)
  return found
}

/**
 * Catalog rows by key (e.g. a SKU) of one kind: the keys not kept yet are read with one `load(db, missing)`,
 * which answers the rows it found; keys without a row are remembered as such. Answers the rows of `keys` found.
 */
export const cachedCatalogRows = <T>(
  db: Db,
  kind: string,
  keys: readonly string[],
  load: (db: Db, missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> =>
  keyedRows(db, cacheOf(db).groups.catalog, kind, keys, load, { absentToo: true, bound: MAX_KEYED_ROWS })

/**
 * A row of a principal table (or rows made of them) of one kind by key, e.g. what a token names (the row
 * domain/tokens.ts checkToken reads): `load(db)` answers it or undefined. Kept on the embedded database while
 * no principal table is written; with `DATABASE_URL` read each time. A key without a row is read again each
 * time (a stranger's made-up tokens fill nothing). Whatever depends on the clock (expiry) the caller decides
 * on each use.
 */
export const cachedPrincipal = <T>(
  db: Db,
  kind: PrincipalKind,
  key: string,
  load: (db: Db) => Promise<T | undefined>,
): Promise<T | undefined> => keptByThisProcess(db, 'principals', kind, key, load, PRINCIPAL_KINDS[kind])

/**
 * One key's value of a group kept only on the embedded database, which one process owns (with `DATABASE_URL`
 * another API process may change it unseen, so it is read each time); a key without a value is not kept.
 */
async function keptByThisProcess<T>(
  db: Db,
  group: Group,
  kind: string,
  key: string,
  load: (db: Db) => Promise<T | undefined>,
  bound: number,
): Promise<T | undefined> {
  const cache = cacheOf(db)
  if (!cache.ownedByThisProcess) return load(db)
  const rows = await keyedRows(
    db,
    cache.groups[group],
    kind,
    [key],
    async (db) => {
      const row = await load(db)
      return new Map(row === undefined ? [] : [[key, row]])
    },
    { absentToo: false, bound },
  )
  return rows.get(key)
}

/** What a token names (domain/tokens.ts checkToken), kept as `cachedPrincipal` keeps a row. */
export const cachedPrincipalRow = <T>(db: Db, token: string, load: (db: Db) => Promise<T | undefined>) =>
  cachedPrincipal(db, 'tokens', token, load)

/**
 * The promotion codes of a basket (`load(db)` answers them, in the order they were entered), kept on the
 * embedded database until `basket_promotion_codes` is written, as `cachedPrincipal` keeps a row: every basket
 * answer asks, and most baskets hold none. With `DATABASE_URL` another API process may add a code, so they
 * are read each time. A basket deleted takes its codes along (a cascade the watcher does not see); what is
 * kept of it then is never asked for again, basket ids being never reused, and goes at the next emptying.
 */
export const cachedBasketCodes = async (
  db: Db,
  basketId: string,
  load: (db: Db) => Promise<string[]>,
): Promise<string[]> =>
  (await keptByThisProcess(db, 'basketCodes', 'codes', basketId, load, MAX_BASKET_CODES)) ?? []

/** Empties the cached catalog rows of a database (tests that look at the cache itself). */
export function invalidateCatalogCache(db: Db) {
  empty(cacheOf(db).groups.catalog)
}

const GROUP_WRITES: [Group, (text: string) => boolean][] = [
  ['catalog', writesCatalog],
  ['principals', writesPrincipals],
  ['basketCodes', writesBasketCodes],
]

/** The groups of `cache` that a statement writes. */
const writtenBy = (cache: DatabaseCache, text: string): GroupState[] =>
  GROUP_WRITES.filter(([, writes]) => writes(text)).map(([group]) => cache.groups[group])

type QueryText = string | { text: string }
const textOf = (query: QueryText) => (typeof query === 'string' ? query : (query?.text ?? ''))

/** Runs a statement outside any transaction: a writer while it runs, its groups emptied when it is done. */
async function autocommit<R>(cache: DatabaseCache, text: string, run: () => Promise<R>): Promise<R> {
  const written = writtenBy(cache, text)
  if (written.length === 0) return run()
  for (const state of written) state.writers++
  try {
    return await run()
  } finally {
    for (const state of written) {
      state.writers--
      empty(state)
    }
  }
}

/** The groups one transaction writes: each a writer from the first statement that writes it to the end. */
function transactionWrites(cache: DatabaseCache) {
  const written = new Set<GroupState>()
  return {
    seen(text: string) {
      for (const state of writtenBy(cache, text))
        if (!written.has(state)) {
          written.add(state)
          state.writers++
        }
    },
    ended() {
      for (const state of written) {
        state.writers--
        empty(state)
      }
      written.clear()
    },
  }
}

/**
 * Empties `db`'s cached groups whenever its client writes their tables (see above): PGlite's `query`, `exec`
 * and `transaction`, a pg pool's `query` and its connections' statements between `begin` and
 * `commit`/`rollback`.
 */
export function watchWrites(
  db: Db,
  client: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool },
) {
  const cache = cacheOf(db)
  cache.ownedByThisProcess = client.kind === 'pglite'
  if (client.kind === 'pglite') {
    const pglite = client.client
    const query = pglite.query.bind(pglite)
    const exec = pglite.exec.bind(pglite)
    const transaction = pglite.transaction.bind(pglite)
    Object.assign(pglite, {
      query: (text: string, ...rest: unknown[]) =>
        autocommit(cache, text, () => (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest)),
      exec: (text: string, ...rest: unknown[]) =>
        autocommit(cache, text, () => (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest)),
      transaction: <T>(callback: (tx: Transaction) => Promise<T>) => {
        const writes = transactionWrites(cache)
        return transaction(async (tx) => {
          const txQuery = tx.query.bind(tx)
          const txExec = tx.exec.bind(tx)
          Object.assign(tx, {
            query: (text: string, ...rest: unknown[]) => {
              writes.seen(text)
              return (txQuery as (...args: unknown[]) => Promise<unknown>)(text, ...rest)
            },
            exec: (text: string, ...rest: unknown[]) => {
              writes.seen(text)
              return (txExec as (...args: unknown[]) => Promise<unknown>)(text, ...rest)
            },
          })
          return callback(tx)
        }).finally(writes.ended)
      },
    })
    return
  }
  const pool = client.pool
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  Object.assign(pool, {
    query: (query: QueryText, ...rest: unknown[]) =>
      autocommit(cache, textOf(query), () => poolQuery(query, ...rest)),
  })
  pool.on('connect', (connection) => {
    const connectionQuery = connection.query.bind(connection) as (...args: unknown[]) => Promise<unknown>
    let inTransaction = false
    const writes = transactionWrites(cache)
    connection.once('end', writes.ended)
    Object.assign(connection, {
      query: async (query: QueryText, ...rest: unknown[]) => {
        const text = textOf(query).trim()
        if (/^begin\b/i.test(text)) inTransaction = true
        if (!inTransaction) return autocommit(cache, text, () => connectionQuery(query, ...rest))
        writes.seen(text)
        if (!/^(?:commit|rollback|end|abort)\s*;?$/i.test(text)) return connectionQuery(query, ...rest)
        try {
          return await connectionQuery(query, ...rest)
        } finally {
          inTransaction = false
          writes.ended()
        }
      },
    })
  })
}
