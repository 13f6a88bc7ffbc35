import Fastify, { type FastifyInstance } from 'fastify'
import type { Db } from './db/client'
import { ApiError, errorBody, rewriteIcmUrl, scopeFromMatrix, type Matrix } from './http'
import { addressRoutes } from './routes/addresses'
import { basketMergeRoutes } from './routes/basket-merges'
import { basketRoutes } from './routes/baskets'
import { checkoutRoutes } from './routes/checkout'
import { orderRoutes } from './routes/orders'
import { pspRoutes } from './routes/psp'
import { catalogRoutes } from './routes/catalog'
import { cmsRoutes } from './routes/cms'
import type { ApiContext, PaymentSettings } from './routes/context'
import { customerRoutes } from './routes/customers'
import { productLookupRoutes } from './routes/product-lookup'
import { promotionRoutes } from './routes/promotions'
import { staticRoutes } from './routes/static'
import { suggestRoutes } from './routes/suggest'
import { tokenRoutes } from './routes/token'

const MATRIX = Symbol('icm-matrix')
type WithMatrix = { [MATRIX]?: Matrix }

export type ServerOptions = { db: Db; site: string; logger?: boolean; payment?: PaymentSettings }

/** The commerce API: ICM's REST contract under /INTERSHOP/rest/WFS/{site}/…, over one database. */
export function buildServer({ db, site, logger = false, payment = {} }: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger,
    // Matrix parameters may sit on any segment; take them out before routing (see rewriteIcmUrl).
    rewriteUrl(req) {
      const { url, matrix } = rewriteIcmUrl(req.url ?? '/')
      ;(req as WithMatrix)[MATRIX] = matrix
      return url
    },
    bodyLimit: 1024 * 1024,
    keepAliveTimeout: 65_000,
  })

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  app.decorateRequest('scope', null as never)
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/psp/')) return
    if (request.url.startsWith('/rest/')) {
      const requestedSite = request.url.split('/')[2]
      if (requestedSite !== site)
        throw new ApiError(404, 'site.not_found', `Unknown site '${requestedSite}'.`)
    }
    request.scope = scopeFromMatrix((request.raw as WithMatrix)[MATRIX] ?? {})
  })

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).header('error-key', error.code).send(errorBody(error))
    }
    const fastifyError = error as { statusCode?: number; code?: string; message?: string }
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      // Body parser failures (malformed JSON, wrong content type, too large) are the caller's fault.
      const apiError = new ApiError(
        fastifyError.statusCode,
        'request.invalid',
        fastifyError.message ?? 'Bad request.',
      )
      return reply.code(apiError.status).header('error-key', apiError.code).send(errorBody(apiError))
    }
    request.log.error(error)
    console.error(error)
    const apiError = new ApiError(500, 'server.error', 'An unexpected error occurred.')
    return reply.code(500).send(errorBody(apiError))
  })

  app.setNotFoundHandler((request, reply) => {
    const apiError = new ApiError(
      404,
      'resource.not_found',
      `No resource at ${request.method} ${request.url}.`,
    )
    reply.code(404).header('error-key', apiError.code).send(errorBody(apiError))
  })

  const ctx: ApiContext = { db, site, payment }
  for (const routes of [
    tokenRoutes,
    customerRoutes,
    catalogRoutes,
    promotionRoutes,
    suggestRoutes,
    cmsRoutes,
    basketRoutes,
    basketMergeRoutes,
    productLookupRoutes,
    addressRoutes,
    checkoutRoutes,
    orderRoutes,
    pspRoutes,
    staticRoutes,
  ]) {
    routes(app, ctx)
  }
  app.get('/health', async () => ({ status: 'ok' }))
  return app
}
