import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, inject } from 'vitest'
import { openDatabase, type Database } from './client'
import { orders, users } from './schema'
import { seedDatabase } from './seed/seed'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run's seeded PGlite snapshots, one per catalog size (tests/commerce-api/global-setup.ts). */
    seedSnapshots?: string
  }
}

/**
 * An empty, migrated database in memory for the enclosing `describe`: opened before its tests, closed after
 * them. Call the returned function inside a test for the database.
 */
export function emptyDatabaseForTests(): () => Database {
  let database: Database | undefined
  beforeAll(async () => {
    database = await openDatabase({})
  })
  afterAll(() => database?.close())
  return () => {
    if (!database) throw new Error('The database opens before the tests of its describe')
    return database
  }
}

/**
 * A seeded database for domain tests, without any HTTP server: PGlite in memory (the same migrations and
 * queries as production). Domain tests call domain functions with `database.db` directly; the contract
 * tests in `tests/commerce-api/` go over HTTP instead. `products` keeps the catalog small and the seed fast.
 */
export async function seededTestDatabase({ products = 60 }: { products?: number } = {}): Promise<Database> {
  return seededPglite(products)
}

/** Writes a seeded PGlite database's data directory to `file` (what `openDatabase({snapshot})` starts from). */
export async function dumpTo(database: Database, file: string) {
  const client = (database.db as unknown as { $client: PGlite }).$client
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
}

/**
 * PGlite in memory with the demo data of `products` products. Where the test project provides a folder for
 * snapshots, the first file of the run that needs a catalog size migrates, seeds and dumps it (under a lock,
 * so that parallel files seed each size once) and every file after loads the dump: about two seconds instead
 * of eight. Each file still gets a database of its own. Without the folder it migrates and seeds here.
 */
export async function seededPglite(products: number): Promise<Database> {
  const folder = snapshotFolder()
  if (!folder) {
    const database = await openDatabase({})
    await seedDatabase(database.db, { products })
    return database
  }
  const file = path.join(folder, `seed-${products}.tar`)
  await onceInRun(file, async (written) => {
    const database = await openDatabase({})
    try {
      await seedDatabase(database.db, { products })
      await dumpTo(database, written)
    } finally {
      await database.close()
    }
  })
  return openDatabase({ snapshot: new Blob([await readFile(file)]) })
}

/** The run's folder for seeded snapshots, where the test project provides one. */
export function snapshotFolder() {
  try {
    return inject('seedSnapshots')
  } catch {
    return undefined // outside a vitest worker
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )

/**
 * Makes `file` once per run, whichever test file asks first: `make` writes it under another name, which is
 * renamed when complete; files asking meanwhile wait (a directory beside it is the lock).
 */
export async function onceInRun(file: string, make: (written: string) => Promise<void>) {
  const lock = `${file}.lock`
  for (let waited = 0; !(await exists(file)); waited += 100) {
    const mine = await mkdir(lock).then(
      () => true,
      () => false,
    )
    if (mine) {
      try {
        if (await exists(file)) return
        const written = `${file}.${process.pid}`
        await make(written)
        await rename(written, file)
      } finally {
        await rm(lock, { recursive: true, force: true })
      }
      return
    }
    if (waited > 180_000) throw new Error(`${file} not made after 3 minutes (stale ${lock}?)`)
    await sleep(100)
  }
}

/** The seeded users' ids by login, for domain tests that act as one of them. */
export async function userIdsByLogin(db: Database['db']): Promise<Record<string, string>> {
  const rows = await db.select({ id: users.id, login: users.login }).from(users)
  return Object.fromEntries(rows.map((row) => [row.login, row.id]))
}

/**
 * An order row as budgets count it (no lines, no snapshot content): a user's order of a customer placed at an
 * instant, with its totals in minor units; a requisition with `statusCode: 'PENDING_APPROVAL'`.
 */
export async function insertOrderRow(
  db: Database['db'],
  {
    userId,
    customerNo,
    createdAt,
    gross,
    net = Math.round(gross / 1.19),
    statusCode = 'NEW',
    orderCreation = 'COMPLETED',
    currency = 'EUR',
    costCenter = null,
  }: {
    userId: string
    customerNo: string
    createdAt: string
    gross: number
    net?: number
    statusCode?: string
    orderCreation?: string
    currency?: string
    costCenter?: string | null
  },
) {
  await db.insert(orders).values({
    documentNumber: `TEST-${randomUUID()}`,
    basketId: randomUUID(),
    owner: userId,
    userId,
    customerNo,
    currency,
    locale: 'en_US',
    statusCode,
    orderCreation,
    paymentMethodId: 'INVOICE',
    grandTotalGross: gross,
    grandTotalNet: net,
    costCenter,
    snapshot: { data: {}, included: {} },
    createdAt: new Date(createdAt),
  })
}
