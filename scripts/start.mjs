#!/usr/bin/env node
/**
 * `npm start`: builds the storefront when no build exists, bundles and starts the commerce API (unless
 * ICM_BASE_URL points at another ICM), waits for it, then serves the storefront on PORT (default 3000) in
 * WEB_CONCURRENCY processes (default: one per core; server.mjs is their cluster's primary, ADR 0050).
 * `npm run dev` does the same with the Vite dev server (one storefront process) and a watching API.
 *
 * It supervises both (the storefront's primary restarts its own workers): a process that dies is started again after a back-off (1 s, doubling up to 30 s,
 * back to 1 s once it ran for a minute), and the other keeps serving meanwhile (the storefront shows its
 * maintenance page while the API is away). Ctrl-C or SIGTERM stops both.
 *
 * Without SESSION_SECRET the storefront gets a random one made on first start and kept in
 * DATA_DIR/session-secret (mode 0600), so sessions survive restarts and no built-in secret is ever used.
 * Likewise the bundled API's back office gets BACKOFFICE_TOKEN from DATA_DIR/backoffice-token, which is where
 * `npm run orders` finds it too, and, without SMTP_URL, its local mailbox is switched on (MAILBOX=on) behind
 * MAILBOX_TOKEN from DATA_DIR/mailbox-token (the password the mailbox page asks for), and its procurement sandbox
 * (PUNCHOUT_SANDBOX=on) behind PUNCHOUT_SANDBOX_TOKEN from DATA_DIR/punchout-sandbox-token. Without a
 * TRACKING_COLLECTOR_URL of its own, the storefront sends consented tracking events to the API's local
 * collector (TRACKING_COLLECTOR=on) behind TRACKING_COLLECTOR_TOKEN from DATA_DIR/tracking-collector-token.
 *
 * SSO_DEMO=on also starts the development OpenID provider (commerce-api/sso-demo/) on 127.0.0.1:SSO_DEMO_PORT
 * (default 4400), supervised like the others, and points the shop at it: the API's OIDC_PROVIDERS and
 * SSO_DEMO_ISSUER (which links its demo identity of a shop user), the storefront's IDENTITY_PROVIDERS (added to
 * any given), and the provider's redirect URIs from PUBLIC_URL. Its client secret and cookie key are kept in
 * DATA_DIR/sso-demo-client-secret and DATA_DIR/sso-demo-cookie-secret.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { heapFlags } from '../server/cluster.mjs'
import { API_BUNDLE, API_NODE_FLAGS } from './build-api.mjs'
import { waitFor } from './wait-for.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dev = process.argv.includes('--dev')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const env = { ...process.env, PORT: process.env.PORT ?? '3000', API_PORT: process.env.API_PORT ?? '4100' }
const bundledApi = !process.env.ICM_BASE_URL
if (bundledApi) env.ICM_BASE_URL = `http://127.0.0.1:${env.API_PORT}`
if (!dev) env.NODE_ENV = 'production'
// The bundled API's mails (a new user's password link) lead to the storefront's public address.
if (!env.STOREFRONT_URL) env.STOREFRONT_URL = env.PUBLIC_URL || `http://localhost:${env.PORT}`

/** The exit code of a process that cannot start with its settings (server.mjs): restarting it cannot help. */
const CANNOT_START = 78
const FIRST_DELAY_MS = 1000
const MAX_DELAY_MS = 30_000
/** A process that ran this long counts as healthy: its next crash is restarted after the first delay again. */
const HEALTHY_AFTER_MS = 60_000
/** How long a stop waits for the processes to end before it kills them. */
const STOP_GRACE_MS = 10_000

/** A secret kept in the data folder (`name`): read it, or make it on first start. */
function keptSecret(name, what) {
  const dir = path.resolve(root, process.env.DATA_DIR || 'data')
  const file = path.join(dir, name)
  mkdirSync(dir, { recursive: true })
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim()
    if (secret) {
      chmodSync(file, 0o600)
      return secret
    }
  }
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  const shown = path.relative(process.cwd(), file)
  console.log(`${what}, kept in ${shown.startsWith('..') ? file : shown}`)
  return secret
}

let stopping = false
const services = []

/** Starts a supervised process: it is started again whenever it ends, until the shop stops. */
function supervise(name, command, args, childEnv = env) {
  const service = { name, child: null, timer: null, delay: FIRST_DELAY_MS, restarts: 0 }
  const launch = () => {
    service.timer = null
    const startedAt = Date.now()
    const child = spawn(command, args, { cwd: root, env: childEnv, stdio: 'inherit' })
    service.child = child
    let ended = false
    const restart = (reason) => {
      if (ended) return
      ended = true
      service.child = null
      if (stopping) return
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) service.delay = FIRST_DELAY_MS
      const delay = service.delay
      service.delay = Math.min(delay * 2, MAX_DELAY_MS)
      service.restarts += 1
      console.error(
        `${name} stopped (${reason}); restarting it in ${delay / 1000} s (restart ${service.restarts}).`,
      )
      service.timer = setTimeout(launch, delay)
    }
    child.on('exit', (code, signal) => {
      if (code === CANNOT_START && !stopping) {
        ended = true
        service.child = null
        console.error(`${name} cannot start with these settings (see above); stopping the shop.`)
        void stop(1)
        return
      }
      restart(signal ? `signal ${signal}` : `exit code ${code}`)
    })
    // A process that could not be started at all has no exit to wait for.
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`)
      if (child.pid === undefined) restart('not started')
    })
  }
  launch()
  services.push(service)
  return service
}

/** Stops every process (SIGTERM, SIGKILL after STOP_GRACE_MS), then exits. */
async function stop(code = 0) {
  if (stopping) return
  stopping = true
  const running = []
  for (const service of services) {
    clearTimeout(service.timer)
    const child = service.child
    if (child && child.exitCode === null && child.signalCode === null) {
      running.push(new Promise((resolve) => child.once('exit', resolve)))
      child.kill('SIGTERM')
    }
  }
  const killer = setTimeout(() => {
    for (const service of services) service.child?.kill('SIGKILL')
  }, STOP_GRACE_MS)
  await Promise.race([
    Promise.all(running),
    new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS + 1000)),
  ])
  clearTimeout(killer)
  process.exit(code)
}
process.on('SIGINT', () => void stop(0))
process.on('SIGTERM', () => void stop(0))

if (!dev && !existsSync(path.join(root, 'build', 'server', 'index.js'))) {
  console.log('storefront: no build found, building…')
  const result = spawnSync(bin('remix'), ['vite:build'], { cwd: root, stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const storefrontEnv = { ...env }
if (!env.SESSION_SECRET)
  storefrontEnv.SESSION_SECRET = keptSecret('session-secret', 'storefront: made a session secret')

/** A JSON list from the environment with `entry` added (unless one with its key is there already). */
function withEntry(name, key, entry) {
  let list = []
  if (env[name]?.trim()) {
    try {
      list = JSON.parse(env[name])
    } catch (error) {
      console.error(`${name} is not a JSON list: ${error.message}`)
      process.exit(1)
    }
    if (!Array.isArray(list)) {
      console.error(`${name} must be a JSON list`)
      process.exit(1)
    }
  }
  return JSON.stringify(list.some((item) => item?.[key] === entry[key]) ? list : [...list, entry])
}

// The development OpenID provider (SSO_DEMO=on): single sign-on to try on one machine.
const ssoDemoSetting = env.SSO_DEMO?.trim() || 'off'
if (ssoDemoSetting !== 'on' && ssoDemoSetting !== 'off') {
  console.error(`SSO_DEMO must be 'on' or 'off', got '${ssoDemoSetting}'`)
  process.exit(1)
}
const ssoDemo =
  ssoDemoSetting === 'on'
    ? (() => {
        const port = env.SSO_DEMO_PORT || '4400'
        const issuer = `http://127.0.0.1:${port}`
        const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT}`).replace(/\/+$/, '')
        const clientSecret =
          env.SSO_DEMO_CLIENT_SECRET ||
          keptSecret('sso-demo-client-secret', 'sso-demo: made the storefront client secret')
        return {
          issuer,
          env: {
            ...env,
            SSO_DEMO_PORT: port,
            SSO_DEMO_CLIENT_SECRET: clientSecret,
            SSO_DEMO_COOKIE_SECRET:
              env.SSO_DEMO_COOKIE_SECRET ||
              keptSecret('sso-demo-cookie-secret', 'sso-demo: made a cookie key'),
            SSO_DEMO_REDIRECT_URIS: env.SSO_DEMO_REDIRECT_URIS || `${publicUrl}/sso/callback/demo`,
            SSO_DEMO_POST_LOGOUT_REDIRECT_URIS: env.SSO_DEMO_POST_LOGOUT_REDIRECT_URIS || `${publicUrl}/`,
          },
          provider: { issuer, audience: 'storefront' },
          identityProvider: {
            id: 'demo',
            displayName: 'Demo SSO',
            issuer,
            clientId: 'storefront',
            clientSecret,
            scopes: 'openid email profile offline_access',
            registration: true,
          },
        }
      })()
    : undefined
if (ssoDemo) {
  storefrontEnv.IDENTITY_PROVIDERS = withEntry('IDENTITY_PROVIDERS', 'id', ssoDemo.identityProvider)
  supervise('sso-demo', process.execPath, ['--import', 'tsx', 'commerce-api/sso-demo/main.ts'], ssoDemo.env)
  console.log(
    `sso-demo: the development OpenID provider is ${ssoDemo.issuer} (identities: README, "Single sign-on")`,
  )
}

if (bundledApi) {
  // The operator's back office of the bundled API (`npm run orders` reads the same file).
  const apiEnv = { ...env }
  // Single sign-on with the development provider: its id tokens, and its identity of a shop user linked.
  if (ssoDemo) {
    apiEnv.OIDC_PROVIDERS = withEntry('OIDC_PROVIDERS', 'issuer', ssoDemo.provider)
    apiEnv.SSO_DEMO_ISSUER = ssoDemo.issuer
  }
  if (!env.BACKOFFICE_TOKEN)
    apiEnv.BACKOFFICE_TOKEN = keptSecret('backoffice-token', 'commerce-api: made a back-office token')
  // Without a mail server the demo keeps its mails in the API's local mailbox, behind a kept token.
  if (!env.SMTP_URL && !env.MAILBOX) {
    apiEnv.MAILBOX = 'on'
    if (!env.MAILBOX_TOKEN)
      apiEnv.MAILBOX_TOKEN = keptSecret('mailbox-token', 'commerce-api: made a mailbox token')
    console.log(
      `commerce-api: mails stay in the local mailbox ${env.ICM_BASE_URL}/mailbox (its password: ` +
        `${env.MAILBOX_TOKEN ? 'MAILBOX_TOKEN' : path.join(process.env.DATA_DIR || 'data', 'mailbox-token')})`,
    )
  }
  // The demo shows how procurement systems punch out: the API's procurement sandbox, behind a kept token.
  if (!env.PUNCHOUT_SANDBOX) {
    apiEnv.PUNCHOUT_SANDBOX = 'on'
    if (!env.PUNCHOUT_SANDBOX_TOKEN)
      apiEnv.PUNCHOUT_SANDBOX_TOKEN = keptSecret(
        'punchout-sandbox-token',
        'commerce-api: made a procurement sandbox token',
      )
    console.log(
      `commerce-api: the procurement sandbox is ${env.ICM_BASE_URL}/punchout-sandbox (its password: ` +
        `${env.PUNCHOUT_SANDBOX_TOKEN ? 'PUNCHOUT_SANDBOX_TOKEN' : path.join(process.env.DATA_DIR || 'data', 'punchout-sandbox-token')})`,
    )
  }
  // Tracking with a shopper's consent goes to the API's local collector, unless another one is configured
  // (TRACKING_COLLECTOR_URL, e.g. GA4's Measurement Protocol): a page of what the shop sent, behind a kept token.
  if (!env.TRACKING_COLLECTOR_URL && !env.TRACKING_COLLECTOR) {
    apiEnv.TRACKING_COLLECTOR = 'on'
    if (!env.TRACKING_COLLECTOR_TOKEN)
      apiEnv.TRACKING_COLLECTOR_TOKEN = keptSecret(
        'tracking-collector-token',
        'commerce-api: made a tracking collector token',
      )
    storefrontEnv.TRACKING_COLLECTOR_URL =
      `${env.ICM_BASE_URL}/tracking/mp/collect?measurement_id=G-LOCAL&api_secret=` +
      encodeURIComponent(apiEnv.TRACKING_COLLECTOR_TOKEN)
    console.log(
      `commerce-api: consented tracking events go to the local collector ${env.ICM_BASE_URL}/tracking (its ` +
        `password: ${env.TRACKING_COLLECTOR_TOKEN ? 'TRACKING_COLLECTOR_TOKEN' : path.join(process.env.DATA_DIR || 'data', 'tracking-collector-token')})`,
    )
  }
  // Production runs the API bundled (scripts/build-api.mjs, about a second), some 80 MB smaller than under tsx.
  if (!dev && spawnSync(process.execPath, ['scripts/build-api.mjs'], { cwd: root, stdio: 'inherit' }).status)
    await stop(1)
  supervise(
    'commerce-api',
    process.execPath,
    dev ? ['--import', 'tsx', '--watch', 'commerce-api/main.ts'] : [...API_NODE_FLAGS, API_BUNDLE],
    apiEnv,
  )
  // Only the first start waits: it migrates and seeds the database, which takes a while. Later restarts of
  // the API find the storefront serving its maintenance page until the API answers again.
  try {
    await waitFor(`${env.ICM_BASE_URL}/health`, 600_000)
  } catch (error) {
    console.error(`commerce-api: ${error.message}; stopping the shop.`)
    await stop(1)
  }
}

if (ssoDemo && !stopping) {
  try {
    await waitFor(`${ssoDemo.issuer}/.well-known/openid-configuration`, 60_000)
  } catch (error) {
    console.error(`sso-demo: ${error.message}; the shop starts without it answering yet.`)
  }
}

if (!stopping) {
  // Development runs the same Express server, with Vite's middleware in place of the build.
  // With V8's heap limits of a storefront worker, for the one process of WEB_CONCURRENCY=1 too (ADR 0050).
  supervise(
    'storefront',
    process.execPath,
    dev ? ['server.mjs', '--dev'] : [...heapFlags([], storefrontEnv.NODE_OPTIONS), 'server.mjs'],
    storefrontEnv,
  )
}
