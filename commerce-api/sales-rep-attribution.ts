/**
 * Co-browse attribution of basket changes (issue 35): every change of a basket made with a co-browse token
 * (its principal names the sales representative) records the representative on the basket
 * (`baskets.sales_rep_id`), which its answers show as the attribute `salesRepId`. One hook for every basket
 * route that changes something, run once the change succeeded and before the answer is sent, so that no
 * route can forget it and a refused change records nothing. Orders record the representative who placed them
 * themselves (domain/orders.ts), and a basket made with such a token starts with it (domain/basket.ts).
 */
import type { FastifyInstance } from 'fastify'
import { principalOf } from './auth'
import type { Db } from './db/client'
import { recordBasketSalesRep } from './domain/sales-reps'

const BASKET_ROUTE = '/rest/:site/baskets/:id'
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether a route changes the basket `:id` (a validation only checks it). */
export const changesBasket = (method: string, route: string | undefined) =>
  !READS.has(method) &&
  !!route &&
  (route === BASKET_ROUTE || route.startsWith(`${BASKET_ROUTE}/`)) &&
  !route.endsWith('/validations')

export function installSalesRepAttribution(app: FastifyInstance, db: Db) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 300 || !changesBasket(request.method, request.routeOptions.url)) return payload
    const principal = await principalOf(db, request).catch(() => null)
    if (!principal || principal.anonymous || !principal.salesRep) return payload
    const { id } = request.params as { id: string }
    await recordBasketSalesRep(db, principal, id)
    return payload
  })
}
