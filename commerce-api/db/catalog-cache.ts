/**
 * Catalog rows nearly every basket and product answer reads, kept in memory per database (issue 37, ADR 0048).
 * On the embedded database each query costs about a millisecond of the one connection's time before any row is
 * read, and the shipping methods and the products' warranties were read on every basket answer: thousands of
 * times a minute for a few rows that only the seed writes. A cached read is a promise per database and key,
 * loaded on first use; `invalidateCatalogCache` forgets a database's rows, and whatever writes these tables
 * calls it (the seed, and tests that change them). Reads inside a transaction go to the database, so a
 * transaction sees its own writes.
 */
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from './client'

const caches = new WeakMap<Db, Map<string, Promise<unknown>>>()

/** `load(db)` once per database and key, outside transactions; a failed load is not kept. */
export function cachedCatalogRead<T>(db: Db, key: string, load: (db: Db) => Promise<T>): Promise<T> {
  if ((db as unknown) instanceof PgTransaction) return load(db)
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  let read = cache.get(key) as Promise<T> | undefined
  if (!read) {
    read = load(db)
    cache.set(key, read)
    const kept = read
    read.catch(() => {
      if (cache.get(key) === kept) cache.delete(key)
    })
  }
  return read
}

/** Forgets the cached catalog rows of a database: call it after writing shipping methods or warranties. */
export function invalidateCatalogCache(db: Db) {
  caches.delete(db)
}
