/** `npm run seed -- --products 100000`: creates and seeds the database named by DATA_DIR or DATABASE_URL. */
import { parseArgs } from 'node:util'
import { loadApiConfig } from '../../config'
import { openDatabase } from '../client'
import { DEFAULT_PRODUCT_COUNT, seedDatabase } from './seed'

const { values } = parseArgs({ options: { products: { type: 'string' } } })
const products = Number(values.products ?? process.env.SEED_PRODUCTS ?? DEFAULT_PRODUCT_COUNT)
if (!Number.isInteger(products) || products < 100) {
  console.error('--products must be a whole number of at least 100')
  process.exit(2)
}
const config = loadApiConfig()
const started = Date.now()
const database = await openDatabase(config)
const result = await seedDatabase(database.db, { products, demoHistory: true })
console.log(
  result.seeded
    ? `seeded ${products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`
    : `already seeded with ${result.info.products} products on ${result.info.seededAt}; nothing done`,
)
await database.close()
