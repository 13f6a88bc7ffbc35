import path from 'node:path'

export type ApiConfig = {
  port: number
  host: string
  databaseUrl?: string
  dataDir?: string
  site: string
  seedProducts?: number
  /** Base URL of the simulated payment provider's hosted page; default: this API's own address. */
  paymentPageUrl?: string
  /** HMAC secret of the payment returns; default: a random secret kept in the database. */
  paymentSecret?: string
}

/** Reads the commerce API's settings from the environment (see README, "Configuration"). */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    port: Number(env.API_PORT ?? 4100),
    host: env.API_HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATABASE_URL ? undefined : path.resolve(env.DATA_DIR ?? 'data', 'pglite'),
    site: env.ICM_SITE ?? 'ironbridge-Site',
    seedProducts: env.SEED_PRODUCTS ? Number(env.SEED_PRODUCTS) : undefined,
    paymentPageUrl: env.PAYMENT_PAGE_URL || undefined,
    paymentSecret: env.PAYMENT_SECRET || undefined,
  }
}
