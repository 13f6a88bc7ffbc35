import { parseIdentityProviders } from '~/models/identity-providers'
import {
  DEFAULT_DELIVERY_CALENDAR,
  parseDayRange,
  parseHolidays,
  type DayRange,
  type DeliveryCalendar,
} from '~/models/delivery-date'

/** Storefront settings from the environment (README, "Configuration"). Read once at start. */
const env = process.env
const production = env.NODE_ENV === 'production'

/** Signs the session cookie in development and tests only: it is public, so production refuses it. */
const DEVELOPMENT_SESSION_SECRET = 'storefront-development-secret'

const publicUrl = publicOriginOf(env.PUBLIC_URL) ?? `http://localhost:${env.PORT ?? 3000}`

export const config = {
  icmBaseUrl: (env.ICM_BASE_URL ?? `http://127.0.0.1:${env.API_PORT ?? 4100}`).replace(/\/+$/, ''),
  icmSite: env.ICM_SITE ?? 'ironbridge-Site',
  icmApplication: env.ICM_APPLICATION ?? '-',
  icmTimeoutMs: Number(env.ICM_TIMEOUT_MS ?? 8000),
  /** Lifetime of cached anonymous catalog and content answers; 0 switches that cache off. */
  icmCacheSeconds: Number(env.ICM_CACHE_SECONDS ?? 60),
  sessionSecrets: sessionSecrets(env.SESSION_SECRET),
  /** `Secure` cookies: COOKIE_SECURE when set, else whenever the shop's public URL is https. */
  secureCookies: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : publicUrl.startsWith('https:'),
  /**
   * Public origin of the shop (https://shop.example.com): every absolute URL the shop writes (canonical,
   * hreflang, JSON-LD, sitemaps, robots.txt, payment return URLs) starts with it. Never taken from the
   * request: its Host and X-Forwarded-Host are the client's to choose, and pages are shared by the page
   * cache and CDNs (issue 14). Unset, it is this process's local address, for development.
   */
  publicUrl,
  /** Feature toggles (spec §6, §9): FEATURES replaces the default set, ADD_FEATURES adds to it. */
  features: env.FEATURES === undefined ? undefined : commaList(env.FEATURES),
  addFeatures: env.ADD_FEATURES === undefined ? undefined : commaList(env.ADD_FEATURES),
  /** The working calendar of delivery dates (issue 19): time zone, order cut-off, holidays. */
  deliveryCalendar: deliveryCalendar(),
  /** Working days of the standard shipping method, for the product page's date (no basket chooses one). */
  standardDeliveryDays: parseDayRange(env.STANDARD_DELIVERY_DAYS ?? '3-5') satisfies DayRange,
  /** OpenID Connect providers users sign in with besides the shop's own login (issue 35, ADR 0037). */
  identityProviders: parseIdentityProviders(env.IDENTITY_PROVIDERS),
  /** Seconds to wait for an identity provider (discovery, token and logout calls) before giving up. */
  identityProviderTimeoutSeconds: Number(env.IDENTITY_PROVIDER_TIMEOUT_SECONDS ?? 5),
  /** Spec shell §3, §9: the cookie consent version (COOKIE_CONSENT_VERSION, default 1); a lower stored one asks again. */
  cookieConsentVersion: consentVersion(env.COOKIE_CONSENT_VERSION),
  /**
   * Where tracked events go server-side (TRACKING_COLLECTOR_URL: a GA4 Measurement Protocol URL with its
   * measurement id and API secret, or the commerce API's local collector); unset, they go nowhere.
   */
  trackingCollectorUrl: collectorUrl(env.TRACKING_COLLECTOR_URL),
  /**
   * The Trusted Shops id of the trust badge (TRUSTBADGE_ID, feature trustbadge, spec §2.6); the configuration
   * include's `trustbadgeId` takes its place. Checked at start (server/settings.mjs `trustbadgeSettings`).
   */
  trustbadgeId: env.TRUSTBADGE_ID?.trim() || undefined,
  /** How long one send to the collector may take (TRACKING_TIMEOUT_MS, default 2000). */
  trackingTimeoutMs: Number(env.TRACKING_TIMEOUT_MS ?? 2000),
  /** The external catalogue portal `/portal` leads to (PORTAL_URL, spec shell §2.1); unset, the page says so. */
  portalUrl: httpUrl('PORTAL_URL', env.PORTAL_URL),
  /**
   * The store finder's map tiles (spec shell §2.7: the maps key is part of the configuration): MAP_TILE_URL, a
   * tile URL template with `{z}`, `{x}`, `{y}` (and `{s}` for subdomains, `{key}` for MAP_KEY), and
   * MAP_ATTRIBUTION, the credit the tile provider asks for. Unset: the map is the server-drawn one.
   */
  mapTiles: mapTiles(env.MAP_TILE_URL, env.MAP_KEY, env.MAP_ATTRIBUTION),
}

/** The store finder's tile layer, its key filled in; undefined without MAP_TILE_URL (ADR 0043). */
function mapTiles(
  template: string | undefined,
  key: string | undefined,
  attribution: string | undefined,
): { url: string; attribution: string } | undefined {
  if (!template?.trim()) return undefined
  const url = template.trim()
  let parsed: URL
  try {
    parsed = new URL(url.replace(/\{[a-z]+\}/g, 'x'))
  } catch {
    throw new Error(
      `MAP_TILE_URL must be an http(s) URL template such as https://tile.example/{z}/{x}/{y}.png (got "${url}").`,
    )
  }
  if (
    (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') ||
    !['{z}', '{x}', '{y}'].every((p) => url.includes(p))
  )
    throw new Error(`MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y} (got "${url}").`)
  if (url.includes('{key}') && !key?.trim())
    throw new Error("MAP_TILE_URL names a {key}: set MAP_KEY to the tile provider's key.")
  return {
    url: key?.trim() ? url.replaceAll('{key}', encodeURIComponent(key.trim())) : url,
    attribution: attribution?.trim() ?? '',
  }
}

function consentVersion(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1
  const version = Number(value)
  if (!Number.isInteger(version) || version < 1)
    throw new Error(`COOKIE_CONSENT_VERSION must be a whole number of at least 1 (got "${value}").`)
  return version
}

function collectorUrl(value: string | undefined): string | undefined {
  return httpUrl('TRACKING_COLLECTOR_URL', value)
}

/** An absolute http(s) URL setting (`name`), or undefined when unset; anything else stops the start. */
function httpUrl(name: string, value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL (got "${value}").`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an absolute http(s) URL (got "${value}").`)
  return url.href
}

function deliveryCalendar(): DeliveryCalendar {
  const timeZone = env.SHOP_TIME_ZONE ?? DEFAULT_DELIVERY_CALENDAR.timeZone
  // An unknown zone throws here, at start, not on the first product page.
  new Intl.DateTimeFormat('en', { timeZone })
  const cutoffHour = Number(env.ORDER_CUTOFF_HOUR ?? DEFAULT_DELIVERY_CALENDAR.cutoffHour)
  if (!Number.isInteger(cutoffHour) || cutoffHour < 0 || cutoffHour > 24)
    throw new Error(`ORDER_CUTOFF_HOUR must be a whole hour from 0 to 24 (got "${env.ORDER_CUTOFF_HOUR}").`)
  const holidays =
    env.SHOP_HOLIDAYS === undefined ? DEFAULT_DELIVERY_CALENDAR.holidays : parseHolidays(env.SHOP_HOLIDAYS)
  return { timeZone, cutoffHour, holidays }
}

function publicOriginOf(value: string | undefined): string | undefined {
  if (!value) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL such as https://shop.example.com (got "${value}").`)
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search)
    throw new Error(`PUBLIC_URL must be an http(s) origin without a path (got "${value}").`)
  return url.origin
}

/**
 * The secrets signing the session cookie, the first one signing (comma-separated for rotation). A known
 * secret lets anyone forge a session that passes `requireLogin`, so production has no fallback: `npm start`
 * makes and keeps a random one, `node server.mjs` needs SESSION_SECRET.
 */
function sessionSecrets(value: string | undefined): string[] {
  const secrets = (value ?? '').split(',').filter(Boolean)
  if (secrets.length > 0) {
    // A short secret can be guessed offline from one signed cookie: production refuses it (issue 31).
    if (production && secrets.some((secret) => secret.length < 32))
      throw new Error(
        'SESSION_SECRET is too short: each comma-separated secret needs at least 32 characters. Set a long ' +
          'random string, for example `openssl rand -base64 32`.',
      )
    return secrets
  }
  if (production)
    throw new Error(
      'SESSION_SECRET is not set. Production has no built-in session secret: set SESSION_SECRET to a long ' +
        'random string (the same on every storefront process), or start the shop with `npm start`, which ' +
        'keeps one in DATA_DIR/session-secret.',
    )
  if (env.NODE_ENV !== 'test')
    console.warn('storefront: SESSION_SECRET is not set; using the development secret (never in production).')
  return [DEVELOPMENT_SESSION_SECRET]
}

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}
