import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'

/**
 * The simulated payment provider's settings (PAYMENT_PAGE_URL, PAYMENT_SECRET, PAYMENT_FRAME_ANCESTORS);
 * unset means the defaults (the API's own address, a stored random secret, no framing).
 */
export type PaymentSettings = { pageUrl?: string; secret?: string; frameAncestors?: string[] }

/** What every route module gets: the database, the one site it serves, the payment provider's settings. */
export type ApiContext = { db: Db; site: string; payment: PaymentSettings }
export type RouteModule = (app: FastifyInstance, ctx: ApiContext) => void
