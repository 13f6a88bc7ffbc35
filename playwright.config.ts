import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const API_PORT = Number(process.env.E2E_API_PORT ?? 4200)
/** The development OpenID provider of the e2e shop (4400 beside the default ports). */
export const SSO_DEMO_PORT = API_PORT + 200
// A fresh database for every run: tests see the seeded shop, not leftovers of an earlier run.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `storefront-e2e-${Date.now()}`)

/** The operator's token of the e2e shop's back office (`npm run orders`). */
export const BACKOFFICE_TOKEN = 'e2e-operator-token-e2e-operator-token'
/** The local mailbox's token (MAILBOX_TOKEN) the tests read mails with (e2e/helpers.ts, mailLinks). */
export const MAILBOX_TOKEN = 'e2e-mailbox-token-e2e-mailbox-token'
/** The procurement sandbox's token (PUNCHOUT_SANDBOX_TOKEN): e2e/punchout*.spec.ts play the buyer there. */
export const PUNCHOUT_SANDBOX_TOKEN = 'e2e-sandbox-token-e2e-sandbox-token'
/**
 * The store finder's tile server (MAP_TILE_URL, ADR 0043): an address on loopback where nothing listens;
 * e2e/store-finder.spec.ts answers its tile requests in the browser (page.route) with a PNG of its own, so the
 * interactive map runs without the internet, under the CSP the shop sends for a configured tile server.
 */
export const MAP_TILES_ORIGIN = `http://127.0.0.1:${PORT + 9}`
export const MAP_KEY = 'e2e-map-key'
/** The local tracking collector's token (TRACKING_COLLECTOR_TOKEN): e2e/consent.spec.ts reads what was sent. */
export const TRACKING_COLLECTOR_TOKEN = 'e2e-tracking-token-e2e-tracking-token'

/**
 * Every test starts with the shopper's cookie consent stored (required and functional: the language switch
 * remembers its choice, nothing is tracked), so the banner asks nobody; e2e/consent.spec.ts starts without.
 */
export const CONSENTED = {
  cookies: [
    {
      name: 'cookieConsent',
      value: encodeURIComponent(
        JSON.stringify({
          version: 1,
          enabledOptions: ['required', 'functional'],
          consentedAt: Date.UTC(2026, 0, 1),
          source: 'settings',
          history: [],
        }),
      ),
      domain: '127.0.0.1',
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax' as const,
    },
  ],
  origins: [],
}

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // Debian's chromium-headless-shell (scripts/e2e.mjs installs it; ADR 0030), or CHROMIUM_PATH.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: 'retain-on-failure', storageState: CONSENTED },
  projects: [
    { name: 'js-on', use: { ...chromium, javaScriptEnabled: true } },
    // Tests of behaviour that only exists with JavaScript (e.g. the suggestion list) are tagged @js-only.
    { name: 'js-off', use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${PORT}/en/home`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        API_PORT: String(API_PORT),
        DATA_DIR: dataDir,
        SEED_PRODUCTS: '1500',
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        // One storefront process per shop (ADR 0050): the browsers need the cores, the specs read per-process
        // state (the tracking collector's events, page-cache hits), and tests/server/processes.test.ts covers
        // the cluster.
        WEB_CONCURRENCY: '1',
        // Two browsers on one loopback address: room for every test's tokens and wrong passwords; a short
        // lock so e2e/security.spec.ts reaches the login challenge in seconds.
        RATE_LIMIT_ANONYMOUS_TOKENS: '600/60',
        // Every view of the registration page (e2e/registration.spec.ts) asks for a captcha question.
        RATE_LIMIT_CHALLENGES: '600/60',
        // Every contact message of e2e/contact.spec.ts comes from the one loopback address.
        RATE_LIMIT_CONTACT_PER_IP: '600/60',
        RATE_LIMIT_QUOTE_CONTACTS: '600/60',
        LOGIN_IP_FAILURES: '200/900',
        LOGIN_LOCK_FAILURES: '8',
        LOGIN_LOCK_SECONDS: '3',
        // Absolute URLs (canonical, sitemaps, payment returns) name the address the tests browse.
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        // e2e/icm-client.spec.ts serves a browser-side ICM client from this origin.
        ICM_CORS_ORIGINS: `http://127.0.0.1:${PORT + 2}`,
        // e2e/recurring-orders.spec.ts runs the scheduler as of a later day (routes/scheduler-runs.ts).
        SCHEDULER_TEST_RUNS: 'on',
        // The default extras (ADD_FEATURES replaces them), and what is off by default (spec §9): the language
        // switch remembering its choice (e2e/shop.spec.ts), wishlists, the store finder and quotes (their specs).
        ADD_FEATURES:
          'quickorder,costCenters,saveLanguageSelection,wishlists,punchout,tracking,storeLocator,maps,scanner,extraConfiguration,orderTemplates,quoting,freetextQuoting',
        // The store finder's interactive map (e2e/store-finder.spec.ts serves the tiles in the browser).
        MAP_TILE_URL: `${MAP_TILES_ORIGIN}/tiles/{z}/{x}/{y}.png?key={key}`,
        MAP_KEY,
        MAP_ATTRIBUTION: 'Test tiles',
        // e2e/account-orders.spec.ts ships an order with `npm run orders` as the operator.
        BACKOFFICE_TOKEN,
        // The tests read mails (password and approval links) from the local mailbox with its token.
        MAILBOX_TOKEN,
        PUNCHOUT_SANDBOX_TOKEN,
        // e2e/sso.spec.ts signs in through the development OpenID provider (commerce-api/sso-demo/), which
        // npm start runs beside the shop and configures both programs for (IDENTITY_PROVIDERS, OIDC_PROVIDERS).
        SSO_DEMO: 'on',
        SSO_DEMO_PORT: String(SSO_DEMO_PORT),
        // Passkeys (e2e/passkeys.spec.ts) belong to a host name, never an IP address: the shop on PORT + 4,
        // browsed as localhost, is their relying party.
        PASSKEY_RP_ID: 'localhost',
        PASSKEY_ORIGINS: `http://localhost:${PORT + 4}`,
        // Consented tracking goes to the API's local collector (scripts/start.mjs points the storefront there).
        TRACKING_COLLECTOR_TOKEN,
      },
    },
    // A second storefront whose ICM is unreachable: every page is the maintenance page (503).
    {
      command: 'node server.mjs',
      url: `http://127.0.0.1:${PORT + 1}/favicon.svg`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT + 1),
        HOST: '127.0.0.1',
        ICM_BASE_URL: 'http://127.0.0.1:9',
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        WEB_CONCURRENCY: '1',
        PUBLIC_URL: `http://127.0.0.1:${PORT + 1}`,
      },
    },
    {
      // The shop with (almost) every feature off, on the same commerce API.
      command: 'node server.mjs',
      url: `http://127.0.0.1:${PORT + 3}/favicon.svg`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT + 3),
        HOST: '127.0.0.1',
        ICM_BASE_URL: `http://127.0.0.1:${API_PORT}`,
        // Every feature off (e2e/features-off.spec.ts: each gated route is the feature-deactivated page; cost
        // centers, wishlists, the store finder off) but the sticky header (e2e/shell.spec.ts), off by default.
        FEATURES: '',
        ADD_FEATURES: 'stickyHeader',
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        WEB_CONCURRENCY: '1',
        PUBLIC_URL: `http://127.0.0.1:${PORT + 3}`,
      },
    },
    {
      // The shop at a host name (localhost) on the same commerce API: WebAuthn takes no IP address as relying
      // party, so the passkey ceremonies of e2e/passkeys.spec.ts run here.
      command: 'node server.mjs',
      url: `http://127.0.0.1:${PORT + 4}/favicon.svg`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT + 4),
        HOST: '127.0.0.1',
        ICM_BASE_URL: `http://127.0.0.1:${API_PORT}`,
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        WEB_CONCURRENCY: '1',
        PUBLIC_URL: `http://localhost:${PORT + 4}`,
      },
    },
  ],
})

/** The shop at a host name, the relying party of passkeys (PASSKEY_RP_ID=localhost). */
export const PASSKEY_SHOP = `http://localhost:${PORT + 4}`
export const UNREACHABLE_ICM_SHOP = `http://127.0.0.1:${PORT + 1}`
/** The bundled commerce API as an ICM client addresses it, and the other origin such a client is served from. */
export const ICM_REST = `http://127.0.0.1:${API_PORT}/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD`
export const ICM_CLIENT_PORT = PORT + 2
/** The shop without the costCenters feature. */
/** The shop with every feature toggle off but the sticky header. */
export const FEATURES_OFF_SHOP = `http://127.0.0.1:${PORT + 3}`
