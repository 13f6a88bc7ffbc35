/** Starts the commerce API: opens (and migrates) the database, seeds it on first start, listens. */
import { loadApiConfig } from './config'
import { openDatabase } from './db/client'
import { ensureSearchIndex } from './db/search-index'
import { DEFAULT_PRODUCT_COUNT, seedDatabase } from './db/seed/seed'
import { cleanUp } from './domain/cleanup'
import { linkDemoIdentities } from './sso-demo/identities'
import { startMailDelivery } from './mail/delivery'
import { mailSettings } from './mail/settings'
import { isNewDataDir, SEED_ONLY, seedInChildProcess } from './seed-process'
import { buildServer } from './server'

const config = (() => {
  try {
    return loadApiConfig()
  } catch (error) {
    // A setting that cannot be right (a missing mail server in production, a short secret): one line, exit 1.
    console.error(`commerce-api: not started: ${(error as Error).message}`)
    process.exit(1)
  }
})()
// A new embedded database is seeded by a child process, which takes seeding's memory with it when it ends.
if (config.dataDir && !config.databaseUrl && !process.env[SEED_ONLY] && isNewDataDir(config.dataDir)) {
  try {
    await seedInChildProcess()
  } catch (error) {
    console.error(`commerce-api: not started: ${(error as Error).message}`)
    process.exit(1)
  }
}
const database = await openDatabase(config)
const started = Date.now()
const seed = await seedDatabase(database.db, {
  products: config.seedProducts ?? DEFAULT_PRODUCT_COUNT,
  demoHistory: true,
})
if (seed.seeded)
  console.log(`commerce-api: seeded ${seed.info.products} products in ${Date.now() - started} ms`)
if (process.env[SEED_ONLY]) {
  await database.close()
  process.exit(0)
}
if (!seed.seeded && (await ensureSearchIndex(database.db)))
  console.log('commerce-api: rebuilt the search index')
// Clean-up of dead tokens, abandoned guest baskets and old rate-limit counters: at start and then
// periodically; with several processes on one database only one runs it at a time (advisory lock).
const cleanUpNow = () =>
  cleanUp(database.db, { emptyBasketSeconds: config.emptyBasketSeconds }).catch((error: unknown) =>
    console.error('commerce-api: clean-up failed', error),
  )
void cleanUpNow()
// The development OpenID provider (SSO_DEMO=on): its identity of a shop user signs that user in.
if (config.ssoDemoIssuer) await linkDemoIdentities(database.db, config.ssoDemoIssuer)
if (config.cleanupSeconds > 0) setInterval(() => void cleanUpNow(), config.cleanupSeconds * 1000).unref()

const app = buildServer({
  db: database.db,
  site: config.site,
  payment: {
    pageUrl: config.paymentPageUrl,
    secret: config.paymentSecret,
    frameAncestors: config.paymentFrameAncestors,
  },
  security: { hstsMaxAge: config.hstsMaxAge },
  corsOrigins: config.corsOrigins,
  mail: {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    shop: config.shopMail,
    contact: config.contactMail,
    storefrontUrl: config.storefrontUrl,
    mailboxToken: config.mailboxToken,
  },
  // The recurring order scheduler starts with the server (pg-boss on this database) and stops on close.
  recurringOrders: {
    cron: config.recurringOrdersCron,
    testRuns: config.schedulerTestRuns,
    catchUpDays: config.recurringOrdersCatchUpDays,
  },
  // The operator's back office (`npm run orders`), only with BACKOFFICE_TOKEN.
  backoffice: { token: config.backofficeToken },
  // Who registers, who waits for approval, whether the newsletter is offered.
  accounts: config.accounts,
  // The procurement sandbox (/punchout-sandbox): outside production by default, in production on request.
  punchoutSandbox: config.punchoutSandbox,
  // Passkeys' relying party (PASSKEY_RP_ID) and origins (PASSKEY_ORIGINS); none at an IP address.
  passkeys: config.passkeys,
  // Single sign-on: the OpenID providers whose id tokens `users/processtoken` accepts.
  oidcProviders: config.oidcProviders,
  // The sales representatives' desk (/sales-desk, issue 35), unless SALES_DESK=off.
  salesDesk: config.salesDesk,
  trackingCollector: config.trackingCollector,
  // Quotes (issue 36): QUOTE_AUTO_RESPONSE answers submitted requests by a job; else the back office does.
  quotes: { autoResponse: config.quoteAutoResponse, startJob: true },
  protection: {
    limits: config.limits,
    trustedProxies: config.trustedProxies,
    challengeSecret: config.challengeSecret,
  },
})
await app.listen({ port: config.port, host: config.host })
// Mail queued in the outbox is delivered after its transaction committed: over SMTP when SMTP_URL is set,
// else into the local mailbox (/mailbox). Runs after each queued mail and every MAIL_INTERVAL_SECONDS.
const mailDelivery = startMailDelivery(database.db, mailSettings(), {
  intervalSeconds: config.mailIntervalSeconds,
})
if (config.schedulerTestRuns)
  console.warn(
    'commerce-api: SCHEDULER_TEST_RUNS=on: callers on this machine may run the scheduler as of any time',
  )
console.log(`commerce-api: ${database.kind} database, listening on http://${config.host}:${config.port}`)
if (!config.passkeys)
  console.log(
    'commerce-api: no passkeys: the storefront is addressed by IP address, which WebAuthn refuses (PASSKEY_RP_ID)',
  )

// Process-level safety net once serving (a failed start still exits): an error no handler caught (a stray
// rejected promise, an exception in a timer or socket callback) is logged and the API keeps serving.
process.on('unhandledRejection', (reason) => console.error('commerce-api: unhandled rejection', reason))
process.on('uncaughtException', (error, origin) => console.error(`commerce-api: uncaught ${origin}`, error))

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    mailDelivery.stop()
    await app.close()
    await database.close()
    process.exit(0)
  })
}
