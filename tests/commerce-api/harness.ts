import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { openDatabase, type Database } from '../../commerce-api/db/client'
import { dumpTo, onceInRun, seededPglite, snapshotFolder } from '../../commerce-api/db/test-database'
import { seedDatabase } from '../../commerce-api/db/seed/seed'
import type { AccountSettings } from '../../commerce-api/domain/configuration'
import type { PasskeySettings } from '../../commerce-api/domain/passkeys'
import type { OidcProvider } from '../../commerce-api/domain/id-tokens'
import type { ProtectionOptions } from '../../commerce-api/rate-limits'
import { buildServer } from '../../commerce-api/server'
import type { WriteQueue } from '../../commerce-api/db/write-queue'
import { templatePrefix } from './global-setup'
import { installWireCheck } from './wire-check'

export const SITE = 'ironbridge-Site'

async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

const databaseUrl = (url: string, name: string) => {
  const scoped = new URL(url)
  scoped.pathname = `/${name}`
  return scoped.toString()
}

/**
 * The run's migrated and seeded template database of a catalog size on the PostgreSQL server (made once per
 * run, like the PGlite snapshots), or none outside a run that provides a snapshot folder.
 */
async function seededTemplate(url: string, products: number) {
  const folder = snapshotFolder()
  if (!folder) return undefined
  // The folder's random suffix names the run: global-setup.ts drops its templates when the run ends.
  const name = `${templatePrefix(folder)}${products}`
  await onceInRun(path.join(folder, `${name}.ready`), async (written) => {
    await onServer(url, `drop database if exists ${name}`)
    await onServer(url, `create database ${name}`)
    const database = await openDatabase({ databaseUrl: databaseUrl(url, name) })
    try {
      await seedDatabase(database.db, { products })
    } finally {
      await database.close()
    }
    await writeFile(written, name)
  })
  return name
}

/**
 * A fresh database on the PostgreSQL server of DATABASE_URL, one per test file, so that files running in
 * parallel never see each other's rows: a copy of the run's seeded template where there is one (`seeded`),
 * else empty, for the caller to migrate and seed.
 */
async function freshPostgres(url: string, products: number) {
  const name = `api_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const template = await seededTemplate(url, products)
  await onServer(url, template ? `create database ${name} template ${template}` : `create database ${name}`)
  return {
    url: databaseUrl(url, name),
    seeded: template !== undefined,
    drop: () => onServer(url, `drop database if exists ${name} with (force)`),
  }
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
    await dumpTo(database, file)
  } finally {
    await database.close()
  }
}

/**
 * Starts the commerce API over HTTP on a free port, on PGlite in memory, or on the PostgreSQL server of
 * DATABASE_URL when that is set (CI runs the suite both ways). On PGlite, `snapshot` (a file of
 * `writeSeededSnapshot`) is the seeded database to start from; without it, the run's snapshot of a catalog
 * of `products` (`seededPglite`). On PostgreSQL each file's database is a copy of the run's seeded template.
 */
export async function startApi({
  products = 400,
  protection,
  corsOrigins,
  snapshot,
  backofficeToken,
  accounts,
  punchoutSandbox,
  passkeys,
  oidcProviders,
  trackingCollector,
  writeQueue,
}: {
  products?: number
  /** The queue changing requests wait in (db/write-queue.ts); default: the server's (PGlite's from DB_WRITE_*). */
  writeQueue?: WriteQueue | null
  /** Who registers, who waits for approval, the newsletter; default DEFAULT_ACCOUNT_SETTINGS. */
  accounts?: AccountSettings
  /** The operator's back office with this token (BACKOFFICE_TOKEN); default none. */
  backofficeToken?: string
  /** Origins allowed to read answers cross-origin (ICM_CORS_ORIGINS); default none. */
  corsOrigins?: string[]
  /** Rate limits, login throttle and trusted proxies; default: the production defaults. */
  protection?: ProtectionOptions
  /** A seeded PGlite database written by `writeSeededSnapshot` (its `products` count applies). */
  snapshot?: string
  /** The procurement sandbox's pages (PUNCHOUT_SANDBOX_TOKEN as `token`); default none. */
  punchoutSandbox?: { token?: string }
  /** Passkeys' relying party and origins; default the server's (localhost, http://localhost:3000), null none. */
  passkeys?: PasskeySettings | null
  /** The OpenID providers whose id tokens `users/processtoken` accepts (OIDC_PROVIDERS); default none. */
  oidcProviders?: OidcProvider[]
  /** The local tracking collector with this token (TRACKING_COLLECTOR_TOKEN); default none. */
  trackingCollector?: { token: string }
} = {}): Promise<Api> {
  const server = process.env.DATABASE_URL
    ? await freshPostgres(process.env.DATABASE_URL, products)
    : undefined
  const database = server
    ? await openDatabase({ databaseUrl: server.url })
    : snapshot
      ? await openDatabase({ snapshot: new Blob([await readFile(snapshot)]) })
      : await seededPglite(products)
  if (server && !server.seeded) await seedDatabase(database.db, { products })
  const app = buildServer({
    db: database.db,
    site: SITE,
    protection,
    corsOrigins,
    backoffice: { token: backofficeToken },
    accounts,
    punchoutSandbox,
    ...(passkeys !== undefined ? { passkeys } : {}),
    oidcProviders,
    trackingCollector,
    ...(writeQueue !== undefined ? { writeQueue } : {}),
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
