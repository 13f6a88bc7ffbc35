import { openDatabase, type Database } from './client'
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
