import { readFile, writeFile } from 'node:fs/promises'
import type { PGlite } from '@electric-sql/pglite'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { openDatabase, type Database } from '../../commerce-api/db/client'
import { seedDatabase } from '../../commerce-api/db/seed/seed'
import type { ProtectionOptions } from '../../commerce-api/rate-limits'
import { buildServer } from '../../commerce-api/server'
import { installWireCheck } from './wire-check'

export const SITE = 'ironbridge-Site'

/**
 * A fresh database on the PostgreSQL server of DATABASE_URL, one per test file, so that files running in
 * parallel never see each other's rows and every run starts from the migrations.
 */
async function freshPostgres(url: string) {
  const name = `api_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const scoped = new URL(url)
  scoped.pathname = `/${name}`
  return { url: scoped.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

export type Api = {
  url: (path: string, matrix?: string) => string
  /** The API's own address (`http://127.0.0.1:{port}`): the ICM base URL of a client, and its paths outside ICM's REST root. */
  origin: string
  database: Database
  /** The running server, for tests that look at what it registered (its routes and their access rules). */
  app: FastifyInstance
  close: () => Promise<void>
}

/**
 * Migrates and seeds a PGlite database in memory and writes its data directory to `file`, for `startApi`'s
 * `snapshot`: loading it takes about two seconds where migrating and seeding take ten.
 */
export async function writeSeededSnapshot(file: string, { products = 400 }: { products?: number } = {}) {
  const database = await openDatabase({})
  try {
    await seedDatabase(database.db, { products })
    const client = (database.db as unknown as { $client: PGlite }).$client
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
  } finally {
    await database.close()
  }
}

/**
 * Starts the commerce API over HTTP on a free port, on PGlite in memory, or on the PostgreSQL server of
 * DATABASE_URL when that is set (CI runs the suite both ways). On PGlite, `snapshot` (a file of
 * `writeSeededSnapshot`) is the seeded database to start from; otherwise it is migrated and seeded here.
 */
export async function startApi({
  products = 400,
  protection,
  corsOrigins,
  snapshot,
  backofficeToken,
}: {
  products?: number
  /** The operator's back office with this token (BACKOFFICE_TOKEN); default none. */
  backofficeToken?: string
  /** Origins allowed to read answers cross-origin (ICM_CORS_ORIGINS); default none. */
  corsOrigins?: string[]
  /** Rate limits, login throttle and trusted proxies; default: the production defaults. */
  protection?: ProtectionOptions
  /** A seeded PGlite database written by `writeSeededSnapshot` (its `products` count applies). */
  snapshot?: string
} = {}): Promise<Api> {
  const server = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined
  const fromSnapshot = snapshot && !server ? new Blob([await readFile(snapshot)]) : undefined
  const database = await openDatabase({ databaseUrl: server?.url, snapshot: fromSnapshot })
  if (!fromSnapshot) await seedDatabase(database.db, { products })
  const app = buildServer({
    db: database.db,
    site: SITE,
    protection,
    corsOrigins,
    backoffice: { token: backofficeToken },
  })
  installWireCheck(app)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    database,
    app,
    origin: address,
    url: (path, matrix = ';loc=en_US;cur=USD') => `${address}/INTERSHOP/rest/WFS/${SITE}/-${matrix}/${path}`,
    close: async () => {
      await app.close()
      await database.close()
      await server?.drop()
    },
  }
}

export async function call(url: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authentication-token', init.token)
  let body = init.body
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(init.json)
  }
  const response = await fetch(url, { ...init, headers, body })
  const text = await response.text()
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = text
  }
  return { status: response.status, headers: response.headers, json }
}

export async function tokenFor(api: Api, form: Record<string, string>) {
  return call(api.url('token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  })
}
