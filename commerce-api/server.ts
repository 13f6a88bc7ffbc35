import { STATUS_CODES } from 'node:http'
import { installAuthorization } from './authorization'
import { installSalesRepAttribution } from './sales-rep-attribution'
import { icmErrorOf, isDomainError } from './icm/errors'
import fastifyCors from '@fastify/cors'
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import helmet from 'helmet'
import { addCorsHeaders, corsOptions, type CorsOrigins } from './cors'
import { driverOf, type Db } from './db/client'
import { DatabaseBusy, WriteQueue, writeQueueOptionsFromEnv } from './db/write-queue'
import {
  ApiError,
  badRequest,
  controlCharacterPaths,
  errorBody,
  isDataException,
  rewriteIcmUrl,
  scopeFromMatrix,
  sqlState,
  type Matrix,
} from './http'
import { addressRoutes } from './routes/addresses'
import { basketMergeRoutes } from './routes/basket-merges'
import { basketRoutes } from './routes/baskets'
import { checkoutRoutes } from './routes/checkout'
import { orderRoutes } from './routes/orders'
import { pspRoutes } from './routes/psp'
import { catalogRoutes } from './routes/catalog'
import { cmsRoutes } from './routes/cms'
import { localizationRoutes } from './routes/localizations'
import { mailboxRoutes } from './routes/mailbox'
import { trackingCollectorRoutes } from './routes/tracking-collector'
import { schedulerRunRoutes } from './routes/scheduler-runs'
import { securityRoutes } from './routes/security'
import { contactRoutes } from './routes/contact'
import { configureMail, type MailSettings } from './mail/settings'
import { sendMailOnEvents } from './mail/subscriber'
import { startDeferredMails } from './mail/deferred'
import type { ApiContext, PaymentSettings } from './routes/context'
import { customerRoutes } from './routes/customers'
import { productLookupRoutes } from './routes/product-lookup'
import { promotionRoutes } from './routes/promotions'
import { storeRoutes } from './routes/stores'
import { staticRoutes } from './routes/static'
import { suggestRoutes } from './routes/suggest'
import { tokenRoutes } from './routes/token'
import { passkeyRoutes } from './routes/passkeys'
import { passkeySettingsOf, type PasskeySettings } from './domain/passkeys'
import { DEFAULT_STOREFRONT_URL } from './mail/settings'
import { userRoutes } from './routes/users'
import { organizationUserRoutes } from './routes/organization-users'
import { costCenterRoutes } from './routes/cost-centers'
import { wishlistRoutes } from './routes/wishlists'
import { orderTemplateRoutes } from './routes/order-templates'
import { requisitionRoutes } from './routes/requisitions'
import { recurringOrderRoutes } from './routes/recurring-orders'
import { backofficeRoutes } from './routes/backoffice'
import { backofficeCustomerRoutes } from './routes/backoffice-customers'
import { backofficeSalesRepRoutes } from './routes/backoffice-sales-reps'
import { salesDeskRoutes } from './routes/sales-desk'
import { registrationRoutes } from './routes/registration'
import { ssoRoutes } from './routes/sso'
import { IdTokenVerifier, type OidcProvider } from './domain/id-tokens'
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from './domain/configuration'
import { customerPaymentRoutes } from './routes/customer-payments'
import { profileRoutes } from './routes/profile'
import { personalDataRequestRoutes } from './routes/personal-data-requests'
import { punchoutConfigurationRoutes } from './routes/punchout-configurations'
import { punchoutCxmlRoutes } from './routes/punchout-cxml'
import { punchoutTransferRoutes } from './routes/punchout-transfers'
import { punchoutUserRoutes } from './routes/punchout-users'
import { punchoutSandboxRoutes, type PunchoutSandboxSettings } from './routes/punchout-sandbox'
import { orderSnapshotOf } from './icm/orders'
import { recurringOrderJob, type RecurringOrderJob } from './jobs/recurring-orders'
import { quoteResponder, type QuoteResponder } from './jobs/quote-responses'
import type { AutoResponseRule } from './domain/quote-auto-response'
import { quoteRoutes } from './routes/quotes'
import { backofficeQuoteRoutes } from './routes/backoffice-quotes'
import { createLimiters, trustProxyOf, type ProtectionOptions } from './rate-limits'
import { apiHelmetOptions, type SecuritySettings } from './security'

const MATRIX = Symbol('icm-matrix')
const MALFORMED = Symbol('icm-malformed-url')
type RawMarks = { [MATRIX]?: Matrix; [MALFORMED]?: string }

export type ServerOptions = {
  db: Db
  site: string
  logger?: boolean
  payment?: PaymentSettings
  security?: SecuritySettings
  /** Rate limits, login throttle, trusted proxies (see rate-limits.ts); default: the production defaults. */
  protection?: ProtectionOptions
  /** Origins whose browser-side ICM clients may read the answers (ICM_CORS_ORIGINS, see cors.ts); none. */
  corsOrigins?: CorsOrigins
  /** SMTP_URL, MAIL_FROM, STOREFRONT_URL (mail/settings.ts); default: the local mailbox, localhost:3000. */
  mail?: Partial<MailSettings>
  /**
   * The recurring order scheduler (jobs/recurring-orders.ts): `cron` starts its pg-boss job with the server and
   * stops it on close (RECURRING_ORDERS_CRON); without it only `app.recurringOrders.runDue(at)` places orders.
   * `now` is the job's clock; `testRuns` adds the route through which a test on this machine runs the job as
   * of a time it names (routes/scheduler-runs.ts, SCHEDULER_TEST_RUNS).
   */
  recurringOrders?: {
    cron?: string
    now?: () => Date
    pollingIntervalSeconds?: number
    testRuns?: boolean
    /** RECURRING_ORDERS_CATCH_UP_DAYS: how late a run may still place a missed day. */
    catchUpDays?: number
  }
  /** The operator's back office (routes/backoffice.ts) with its token (BACKOFFICE_TOKEN); none without. */
  backoffice?: { token?: string }
  /** Registration, approval and newsletter (REGISTRATION, REGISTRATION_APPROVAL, NEWSLETTER); default: DEFAULT_ACCOUNT_SETTINGS. */
  accounts?: AccountSettings
  /**
   * The procurement sandbox's pages (routes/punchout-sandbox.ts) with their token (PUNCHOUT_SANDBOX_TOKEN);
   * none without (config.ts decides: on by default outside production).
   */
  punchoutSandbox?: PunchoutSandboxSettings
  /**
   * Passkeys' relying party and origins (PASSKEY_*, config.ts); null for none; default: the storefront's host
   * and origin (`mail.storefrontUrl`, else http://localhost:3000).
   */
  passkeys?: PasskeySettings | null
  /** The OpenID providers whose id tokens `users/processtoken` accepts (OIDC_PROVIDERS); none by default. */
  oidcProviders?: readonly OidcProvider[]
  /** The sales representatives' desk (routes/sales-desk.ts, SALES_DESK); default on. */
  salesDesk?: boolean
  /** The local tracking collector (routes/tracking-collector.ts) with its token; none without. */
  trackingCollector?: { token: string }
  /**
   * Quotes (issue 36, ADR 0040): the demo's automatic answer to submitted requests (QUOTE_AUTO_RESPONSE),
   * run as a pg-boss job started with the server when `startJob`; without it `app.quoteResponder.respond(id)`
   * answers. `now` is the responder's clock.
   */
  quotes?: { autoResponse?: AutoResponseRule; startJob?: boolean; now?: () => Date }
  /**
   * The queue in front of the embedded database that changing requests of ICM's REST API (POST, PUT, PATCH,
   * DELETE under /INTERSHOP/rest) wait in (db/write-queue.ts, ADR 0048). Default: on PGlite one with the bounds
   * of DB_WRITE_*; on a PostgreSQL pool none. `null`: none.
   */
  writeQueue?: WriteQueue | null
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The recurring order scheduler of this server (its runs, and its pg-boss job when started). */
    recurringOrders: RecurringOrderJob
    /** The automatic answer to quote requests (jobs/quote-responses.ts); answers nothing without a rule. */
    quoteResponder: QuoteResponder
  }
}

const malformedUrl = (message: string) => new ApiError(400, 'request.url.invalid', message)

/** The commerce API: ICM's REST contract under /INTERSHOP/rest/WFS/{site}/…, over one database. */
export function buildServer({
  db,
  site,
  logger = false,
  payment = {},
  security = {},
  protection = {},
  corsOrigins = [],
  mail = {},
  recurringOrders,
  backoffice = {},
  accounts = DEFAULT_ACCOUNT_SETTINGS,
  punchoutSandbox,
  passkeys = passkeySettingsOf({ storefrontUrl: mail.storefrontUrl || DEFAULT_STOREFRONT_URL }),
  oidcProviders = [],
  salesDesk = true,
  trackingCollector,
  quotes = {},
  writeQueue = driverOf(db).kind === 'pglite' ? new WriteQueue(writeQueueOptionsFromEnv()) : null,
}: ServerOptions): FastifyInstance {
  const helmetOptions = apiHelmetOptions({ ...security, crossOriginReads: corsOrigins.length > 0 })
  // The same headers for answers made outside the routes' hooks (router errors, refusals before helmet ran).
  const jsonSecurityHeaders = helmet(helmetOptions)
  const secure = (request: FastifyRequest, reply: FastifyReply) => {
    if (!reply.hasHeader('content-security-policy') && !reply.raw.hasHeader('content-security-policy'))
      jsonSecurityHeaders(request.raw, reply.raw, () => undefined)
  }
  const sendError = (request: FastifyRequest, reply: FastifyReply, error: ApiError) => {
    secure(request, reply)
    addCorsHeaders(corsOrigins, request, reply)
    return reply.code(error.status).header('error-key', error.code).send(errorBody(error))
  }

  const app = Fastify({
    logger,
    // request.ip is the shopper's address when a trusted proxy (the storefront) names it in X-Forwarded-For.
    trustProxy: trustProxyOf(protection),
    // Matrix parameters may sit on any segment; take them out before routing (see rewriteIcmUrl). This runs
    // outside every error handler, where an exception would end the process: a bad URL is only marked here
    // and refused by the first hook.
    rewriteUrl(req) {
      const marks = req as RawMarks
      try {
        const result = rewriteIcmUrl(req.url ?? '/')
        if (result.malformed === undefined) {
          marks[MATRIX] = result.matrix
          return result.url
        }
        // A path the router accepts (no route: the not-found context), so that the hook answers with why.
        marks[MALFORMED] = result.malformed
        return '/'
      } catch {
        marks[MALFORMED] = 'The URL could not be read.'
        return '/'
      }
    },
    // Router failures (a path that does not decode, a path parameter over 100 characters) answer in ICM's
    // shape like every other error; this too runs outside the error handler, so it must not throw.
    frameworkErrors(error, request, reply) {
      try {
        const apiError =
          error.code === 'FST_ERR_BAD_URL'
            ? malformedUrl('The URL path is not correctly percent-encoded.')
            : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
              ? new ApiError(404, 'resource.not_found', 'No resource at this path.')
              : new ApiError(400, 'request.invalid', 'The request could not be routed.')
        sendError(request, reply, apiError)
      } catch (failure) {
        console.error('commerce-api: could not answer a router error', failure)
        reply.raw.destroy()
      }
    },
    // Malformed HTTP (bad request line or headers) never reaches Fastify's request handling.
    clientErrorHandler(error, socket) {
      try {
        const code = (error as { code?: string }).code
        if (code === 'ECONNRESET' || socket.destroyed) return
        const status = code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
        const apiError = new ApiError(status, 'request.malformed', 'The HTTP request is malformed.')
        const body = JSON.stringify(errorBody(apiError))
        if (socket.writable) {
          socket.write(
            `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
              'Content-Type: application/json; charset=utf-8\r\n' +
              `Content-Length: ${Buffer.byteLength(body)}\r\n` +
              `error-key: ${apiError.code}\r\n` +
              "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n" +
              'X-Content-Type-Options: nosniff\r\n' +
              'Connection: close\r\n\r\n' +
              body,
          )
        }
        socket.destroy()
      } catch (failure) {
        console.error('commerce-api: could not answer a malformed request', failure)
      }
    },
    bodyLimit: 1024 * 1024,
    keepAliveTimeout: 65_000,
  })

  // Before any route: every route must state who may call it, and one hook enforces it (authorization.ts).
  installAuthorization(app, db, { operatorToken: backoffice.token })
  // Basket changes made through co-browse record the sales representative (issue 35).
  installSalesRepAttribution(app, db)

  // @fastify/helmet declares its options against its own copy of helmet's types: the same shape.
  app.register(fastifyHelmet, helmetOptions as unknown as FastifyHelmetOptions)
  // Preflights (OPTIONS) and the CORS headers of allowed origins; refusals made earlier get them in sendError.
  app.register(fastifyCors, corsOptions(corsOrigins))

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    } catch {
      done(badRequest('The form body is malformed.'), undefined)
    }
  })

  app.decorateRequest('scope', null as never)
  const scheduler = recurringOrderJob(db, { snapshotOf: orderSnapshotOf, ...recurringOrders })
  app.decorate('recurringOrders', scheduler)
  if (recurringOrders?.cron) {
    // A scheduler that cannot start leaves the API serving (another process, or the next start, places the
    // orders, which are due until placed); it is logged.
    app.addHook('onReady', async () => {
      await scheduler
        .start()
        .catch((error: unknown) =>
          console.error('commerce-api: the recurring order scheduler did not start', error),
        )
    })
    app.addHook('onClose', () => scheduler.stop())
  }
  const responder = quoteResponder(db, { rule: quotes.autoResponse, now: quotes.now })
  app.decorate('quoteResponder', responder)
  if (quotes.autoResponse && quotes.startJob) {
    // Like the scheduler: a job that cannot start leaves requests for the shop (and the next start) to answer.
    app.addHook('onReady', async () => {
      await responder
        .start()
        .catch((error: unknown) =>
          console.error('commerce-api: the quote auto-response job did not start', error),
        )
    })
    app.addHook('onClose', () => responder.stop())
  }
  app.decorate('limiters', createLimiters(db, protection))
  app.addHook('onRequest', async (request) => {
    const marks = request.raw as RawMarks
    if (marks[MALFORMED] !== undefined) throw malformedUrl(marks[MALFORMED])
    if (request.url.startsWith('/psp/')) return
    if (request.url.startsWith('/rest/')) {
      const requestedSite = request.url.split('/')[2]
      if (requestedSite !== site)
        throw new ApiError(404, 'site.not_found', `Unknown site '${requestedSite}'.`)
    }
    request.matrix = marks[MATRIX] ?? {}
    request.scope = scopeFromMatrix(request.matrix)
  })

  // One check for every text a caller sends (path parameters, query, body, keys included): control
  // characters and lone surrogates are refused before any handler sees them, naming the field.
  app.addHook('preValidation', async (request) => {
    const paths = [
      ...controlCharacterPaths(request.params),
      ...controlCharacterPaths(request.query),
      ...controlCharacterPaths(request.body),
    ]
    if (paths.length) {
      throw badRequest(
        'The request contains control characters.',
        paths.map((path) => ({
          code: 'request.invalid.control_character',
          message: `${path} contains a control character or an invalid character sequence.`,
          paths: [path],
        })),
      )
    }
  })

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ApiError) return sendError(request, reply, error)
    // The embedded database's write queue is full (ADR 0048): nothing was done; the caller may come back soon.
    if (error instanceof DatabaseBusy) {
      reply.header('retry-after', String(error.retryAfterSeconds))
      return sendError(request, reply, new ApiError(503, 'server.busy.error', error.message))
    }
    // Business rules throw domain errors; the ICM layer decides their status and body.
    if (isDomainError(error)) return sendError(request, reply, icmErrorOf(error))
    // Bad input that got past validation into a query (a text that is no uuid, too long, not encodable).
    // Logged without the query's parameters, which may hold personal data.
    if (isDataException(error)) {
      console.warn(
        `commerce-api: data exception ${sqlState(error)} on ${request.method} ${request.routeOptions.url ?? '(no route)'}`,
      )
      return sendError(request, reply, badRequest('A value in the request has the wrong form or size.'))
    }
    const fastifyError = error as { statusCode?: number; code?: string; message?: string }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      // Body parser failures (malformed JSON, wrong content type, too large) are the caller's fault.
      return sendError(
        request,
        reply,
        new ApiError(fastifyError.statusCode, 'request.invalid', fastifyError.message ?? 'Bad request.'),
      )
    }
    request.log.error(error)
    console.error(error)
    return sendError(request, reply, new ApiError(500, 'server.error', 'An unexpected error occurred.'))
  })

  app.setNotFoundHandler((request, reply) => {
    sendError(
      request,
      reply,
      new ApiError(404, 'resource.not_found', `No resource at ${request.method} ${request.url}.`),
    )
  })

  // The handler of every changing ICM route waits its turn in the write queue (embedded database, ADR 0048).
  // The whole handler holds the slot, so a refused request has done nothing: it never stops between two
  // writes. Pages outside ICM's REST API (sandbox, desk, mailbox) call into it or are operators' tools.
  if (writeQueue)
    app.addHook('onRoute', (route) => {
      if (!route.url?.startsWith('/rest/')) return
      const methods = [route.method].flat()
      if (!methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE')) return
      const handler = route.handler
      route.handler = function queued(this: FastifyInstance, request, reply) {
        return writeQueue.run(async () => handler.call(this, request, reply))
      }
    })

  const ctx: ApiContext = { db, site, payment, mail: configureMail(mail), accounts, passkeys }
  // What the domain's transactions publish (an order placed, a user created, …) queues its mails (ADR 0025).
  sendMailOnEvents()
  // Mails that wait for their change's commit (a requisition's decision) are rendered right after it.
  const deferredMails = startDeferredMails(db)
  app.addHook('onClose', async () => {
    deferredMails.stop()
    await deferredMails.idle()
  })
  for (const routes of [
    tokenRoutes,
    passkeyRoutes,
    customerRoutes,
    userRoutes,
    organizationUserRoutes,
    costCenterRoutes,
    requisitionRoutes,
    recurringOrderRoutes,
    catalogRoutes,
    promotionRoutes,
    // The store finder's stores (issue 36).
    storeRoutes,
    suggestRoutes,
    cmsRoutes,
    localizationRoutes,
    basketRoutes,
    basketMergeRoutes,
    productLookupRoutes,
    addressRoutes,
    checkoutRoutes,
    orderRoutes,
    pspRoutes,
    staticRoutes,
    securityRoutes,
    contactRoutes,
    mailboxRoutes,
    personalDataRequestRoutes,
    ...(recurringOrders?.testRuns ? [schedulerRunRoutes] : []),
    // The operator's back office exists only with its token.
    ...(backoffice.token ? [backofficeRoutes(backoffice.token)] : []),
    registrationRoutes,
    // Single sign-on with the configured OpenID providers' id tokens (issue 35).
    ssoRoutes(new IdTokenVerifier(oidcProviders)),
    ...(backoffice.token ? [backofficeCustomerRoutes(backoffice.token)] : []),
    ...(backoffice.token ? [backofficeSalesRepRoutes(backoffice.token)] : []),
    ...(backoffice.token ? [backofficeQuoteRoutes(backoffice.token)] : []),
    customerPaymentRoutes,
    wishlistRoutes,
    orderTemplateRoutes,
    // Quote requests and quotes of business users, and quotes in baskets (issue 36).
    quoteRoutes,
    profileRoutes,
    punchoutUserRoutes,
    punchoutConfigurationRoutes,
    punchoutTransferRoutes,
    punchoutCxmlRoutes,
    ...(punchoutSandbox ? [punchoutSandboxRoutes(punchoutSandbox)] : []),
    // Sales representatives' desk for co-browse (issue 35); SALES_DESK=off leaves it out.
    ...(salesDesk ? [salesDeskRoutes] : []),
    ...(trackingCollector ? [trackingCollectorRoutes(trackingCollector)] : []),
  ]) {
    routes(app, ctx)
  }
  app.get('/health', async () => ({ status: 'ok' }))
  return app
}
