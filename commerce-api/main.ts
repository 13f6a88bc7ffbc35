/** Starts the commerce API: opens (and migrates) the database, seeds it on first start, listens. */
import { loadApiConfig } from './config'
import { openDatabase } from './db/client'
import { ensureSearchIndex } from './db/search-index'
import { DEFAULT_PRODUCT_COUNT, seedDatabase } from './db/seed/seed'
import { purgeDeadTokens } from './domain/tokens'
import { buildServer } from './server'

const config = loadApiConfig()
const database = await openDatabase(config)
const started = Date.now()
const seed = await seedDatabase(database.db, { products: config.seedProducts ?? DEFAULT_PRODUCT_COUNT })
if (seed.seeded)
  console.log(`commerce-api: seeded ${seed.info.products} products in ${Date.now() - started} ms`)
if (!seed.seeded && (await ensureSearchIndex(database.db)))
  console.log('commerce-api: rebuilt the search index')
await purgeDeadTokens(database.db)
const purge = setInterval(() => void purgeDeadTokens(database.db).catch(console.error), 3600_000)
purge.unref()

const app = buildServer({
  db: database.db,
  site: config.site,
  payment: { pageUrl: config.paymentPageUrl, secret: config.paymentSecret },
})
await app.listen({ port: config.port, host: config.host })
console.log(`commerce-api: ${database.kind} database, listening on http://${config.host}:${config.port}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close()
    await database.close()
    process.exit(0)
  })
}
