import { randomUUID } from 'node:crypto'
import { openDatabase, type Database } from './client'
import { orders, users } from './schema'
import { seedDatabase } from './seed/seed'

/**
 * A seeded database for domain tests, without any HTTP server: PGlite in memory (the same migrations and
 * queries as production). Domain tests call domain functions with `database.db` directly; the contract
 * tests in `tests/commerce-api/` go over HTTP instead. `products` keeps the catalog small and the seed fast.
 */
export async function seededTestDatabase({ products = 60 }: { products?: number } = {}): Promise<Database> {
  const database = await openDatabase({})
  await seedDatabase(database.db, { products })
  return database
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
