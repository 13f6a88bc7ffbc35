import { mkdirSync } from 'node:fs'
import v8 from 'node:v8'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { usePreparedStatements } from './pglite-statements'
import { watchWrites } from './read-cache'
import * as schema from './schema'

export type Schema = typeof schema
/** The one query layer: the same Drizzle API over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** The driver under a Db: the pg Pool of a PostgreSQL server, or the embedded PGlite. */
export type Driver = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite }

/**
 * The driver of a Db made by openDatabase, for the few libraries that speak to it directly (the rate
 * limiter's PostgreSQL store). Drizzle keeps the client it was given as `$client`.
 */
export function driverOf(db: Db): Driver {
  const client = (db as unknown as { $client?: unknown }).$client
  if (client instanceof PGlite) return { kind: 'pglite', client }
  if (client instanceof pg.Pool) return { kind: 'postgres', pool: client }
  throw new Error('driverOf: this database handle has neither a pg Pool nor a PGlite client')
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export type DatabaseOptions = {
  /** postgres://… connection string; when absent an embedded PGlite is used. */
  databaseUrl?: string
  /** Folder for PGlite's files; absent means in memory (tests). */
  dataDir?: string
  /** A PGlite data directory dumped before (`dumpDataDir`) to start from: a seeded database in a moment (tests). */
  snapshot?: Blob
}

/**
 * PostgreSQL's memory settings inside PGlite (ADR 0049). PGlite's WebAssembly memory only grows, and
 * PostgreSQL zeroes its shared buffers at start: initdb's 128 MB of shared_buffers were resident from the
 * first moment, for a database of some 60 MB whose files the operating system caches anyway. The other
 * settings bound what a sort, an index build or VACUUM may take before it spills to disk, so that no single
 * statement grows the memory for good.
 */
export const PGLITE_MEMORY_SETTINGS = {
  shared_buffers: '16MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
  wal_buffers: '1MB',
  max_connections: '8',
} as const

/** PGlite's own start parameters with the memory settings added as `-c name=value`. */
export function pgliteStartParams(settings: Record<string, string> = PGLITE_MEMORY_SETTINGS): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
    })
    // An idle connection the server drops (restart, failover) must not crash the process: the pool replaces it.
    pool.on('error', (error) =>
      console.error(`commerce-api: idle database connection lost: ${error.message}`),
    )
    // pool.end() resolves before the sockets are closed; close() waits for them, so that whoever drops the
    // database next (the test harness) never terminates a connection still open.
    const open = new Set<pg.PoolClient>()
    pool.on('connect', (client) => {
      open.add(client)
      client.once('end', () => open.delete(client))
    })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    watchWrites(db, { kind: 'postgres', pool })
    await migratePg(drizzlePg(pool), { migrationsFolder })
    const close = async () => {
      const closed = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)))
      await pool.end()
      await Promise.all(closed)
    }
    return { db, kind: 'postgres', close }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  // PGlite's 9 MB of WebAssembly stay with V8's baseline compiler (Liftoff): optimizing all of it in the
  // background held some 50 MB of code and CPU for no faster query (ADR 0049). Set before PGlite compiles it.
  if (process.env.PGLITE_WASM_OPTIMIZE !== 'on') v8.setFlagsFromString('--liftoff-only')
  // pg_trgm (spelling correction in search) ships with PGlite as with PostgreSQL's contrib; a migration creates it.
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.snapshot,
    extensions: { pg_trgm },
    startParams: pgliteStartParams(),
  })
  // Before the write watcher wraps query and transaction: it sees every statement, prepared or not.
  usePreparedStatements(client)
  const db = drizzlePglite(client, { schema }) as unknown as Db
  watchWrites(db, { kind: 'pglite', client })
  await migratePglite(drizzlePglite(client), { migrationsFolder })
  return { db, kind: 'pglite', close: () => client.close() }
}
