import { openDatabase, type Database } from './client'
import { users } from './schema'
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
