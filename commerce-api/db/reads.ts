import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from './client'

type Read = () => unknown

/**
 * Independent reads: at once on the pool (each on a connection of its own), one after another inside a
 * transaction, whose single connection runs one query at a time (node-postgres would queue them, and pg 9
 * refuses that). Each read is a function, as Drizzle's queries run when they are awaited.
 */
export async function readTogether<T extends readonly Read[]>(
  db: Db,
  reads: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as never
  const results: unknown[] = []
  for (const read of reads) results.push(await read())
  return results as never
}
