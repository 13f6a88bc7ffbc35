/**
 * Settings of the storefront's HTTP layer (server.mjs, server/*.mjs) from the environment, read once at
 * start. The app's own settings (PUBLIC_URL, SESSION_SECRET, ICM_…) are in app/services/config.server.ts.
 * An invalid value stops the start with a message naming the variable.
 */

import os from 'node:os'

/** Keywords of a CSP source list, written with or without their quotes in FRAME_ANCESTORS. */
const CSP_KEYWORDS = new Set(['self', 'none'])

/** @param {Record<string, string | undefined>} [env] */
export function serverSettings(env = process.env) {
  const apiPort = env.API_PORT ?? '4100'
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    mode: env.NODE_ENV,
    /**
     * Processes serving the shop (WEB_CONCURRENCY): more than 1 makes server.mjs the primary of a cluster of
     * that many workers (server/cluster.mjs). Default: the cores this process may run on.
     */
    processes: positiveInteger('WEB_CONCURRENCY', env.WEB_CONCURRENCY, os.availableParallelism()),
    /** Shareable anonymous pages kept in memory (server/page-cache.mjs); 0 switches it off. */
    pageCacheSeconds: Number(env.PAGE_CACHE_SECONDS ?? 10),
    /** Express `trust proxy`: who may set X-Forwarded-For/-Host/-Proto. Default: nobody. */
    trustProxy: trustedProxies(env.TRUSTED_PROXIES),
    /** CSP `frame-ancestors`: who may show the shop in a frame (punchout procurement systems). */
    frameAncestors: frameAncestors(env.FRAME_ANCESTORS),
    /** `Strict-Transport-Security` max-age in seconds; 0 sends no HSTS header. */
    hstsMaxAge: nonNegativeInteger('HSTS_MAX_AGE', env.HSTS_MAX_AGE, 0),
    /** Largest declared request body; a larger POST answers 413 before the app reads it. */
    maxBodyBytes: nonNegativeInteger('MAX_BODY_BYTES', env.MAX_BODY_BYTES, 1024 * 1024),
    /**
     * Where the checkout's place-order post may lead: the payment provider's hosted page (CREDIT_CARD,
     * WALLET) is reached by a redirect answering a form post, and browsers check such redirects against
     * `form-action`. Same default as the commerce API's PAYMENT_PAGE_URL: the API's own address.
     */
    paymentPageOrigin: originOf(
      env.PAYMENT_PAGE_URL ? 'PAYMENT_PAGE_URL' : 'ICM_BASE_URL',
      env.PAYMENT_PAGE_URL || env.ICM_BASE_URL || `http://127.0.0.1:${apiPort}`,
    ),
    /**
     * The OpenID providers' origins (IDENTITY_PROVIDERS' issuers): "Sign in with …" and the logout are form
     * posts answered by a redirect to the provider, which browsers check against `form-action` (ADR 0037).
     */
    identityProviderOrigins: identityProviderOrigins(env.IDENTITY_PROVIDERS),
    /** The shop's public origin (PUBLIC_URL), besides the request's own, for the same-origin check of posts. */
    publicOrigin: env.PUBLIC_URL ? originOf('PUBLIC_URL', env.PUBLIC_URL) : undefined,
    /** https public URL: browsers are told to fetch any http subresource over https. */
    httpsOnly: (env.PUBLIC_URL ?? '').startsWith('https:'),
    /**
     * The store finder's tile server (MAP_TILE_URL, ADR 0043) as a CSP source for `img-src`: Leaflet shows its
     * tiles as images. `{s}` subdomains become a wildcard; none without MAP_TILE_URL.
     */
    mapTileSource: mapTileSource(env.MAP_TILE_URL),
    /** `Retry-After` of 503 answers (maintenance: ICM unreachable). */
    retryAfterSeconds: 30,
    /** Trusted Shops' script origin, allowed in `script-src` only with feature trustbadge (issue 36). */
    trustbadgeOrigin: trustbadgeSettings(env)?.scriptOrigin,
  }
}

/** The Trusted Shops id form: an X followed by 32 hex digits. */
const TRUSTBADGE_ID = /^X[A-F0-9]{32}$/

/**
 * Feature trustbadge (spec shell §2.6) loads Trusted Shops' external script: with the feature on, TRUSTBADGE_ID
 * must name the shop's Trusted Shops id, else the shop does not start (never a badge that cannot load). Off:
 * undefined, and the CSP names no Trusted Shops origin.
 * @param {Record<string, string | undefined>} env
 */
export function trustbadgeSettings(env) {
  const list = (value) => (value ?? '').split(',').map((feature) => feature.trim())
  const enabled = [...list(env.FEATURES), ...list(env.ADD_FEATURES)].includes('trustbadge')
  if (!enabled) return undefined
  const id = env.TRUSTBADGE_ID?.trim()
  if (!id || !TRUSTBADGE_ID.test(id))
    throw new Error(
      'Feature trustbadge is on, but TRUSTBADGE_ID does not name a Trusted Shops id (X and 32 hex digits, ' +
        `got "${id ?? ''}"). Set TRUSTBADGE_ID or switch the feature off.`,
    )
  return { id, scriptOrigin: 'https://widgets.trustedshops.com' }
}

/**
 * TRUSTED_PROXIES: a hop count (`1`: the one proxy in front), or a comma list of addresses, CIDR ranges or
 * proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`). Unset or empty: no proxy is trusted.
 */
export function trustedProxies(value) {
  const text = (value ?? '').trim()
  if (!text) return false
  if (/^\d+$/.test(text)) return Number(text)
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

/** FRAME_ANCESTORS: CSP sources separated by commas or spaces; `self`/`none` may come without quotes. */
export function frameAncestors(value) {
  const sources = (value ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((source) => (CSP_KEYWORDS.has(source.toLowerCase()) ? `'${source.toLowerCase()}'` : source))
  for (const source of sources) {
    if (!/^('self'|'none'|[a-z][a-z0-9+.-]*:(\/\/[^\s;,'"]+)?|(\*\.)?[a-z0-9.-]+(:(\d+|\*))?)$/i.test(source))
      throw new Error(
        `FRAME_ANCESTORS: "${source}" is not a CSP source (e.g. 'self' https://buy.example.com)`,
      )
  }
  if (sources.length > 1 && sources.includes("'none'"))
    throw new Error("FRAME_ANCESTORS: 'none' cannot be combined with other sources")
  return sources.length > 0 ? sources : ["'self'"]
}

function nonNegativeInteger(name, value, fallback) {
  if (value === undefined || value === '') return fallback
  const number = Number(value)
  if (!Number.isSafeInteger(number) || number < 0)
    throw new Error(`${name} must be a whole number ≥ 0 (got "${value}")`)
  return number
}

function positiveInteger(name, value, fallback) {
  if (value === undefined || value.trim() === '') return fallback
  const number = Number(value)
  if (!Number.isSafeInteger(number) || number < 1)
    throw new Error(`${name} must be a whole number ≥ 1 (got "${value}")`)
  return number
}

function originOf(name, value) {
  try {
    return new URL(value).origin
  } catch {
    throw new Error(`${name} must be an absolute URL (got "${value}")`)
  }
}

/**
 * The issuers' origins of IDENTITY_PROVIDERS. Its checks are the app's (app/models/identity-providers.ts),
 * which stop the start on a malformed value; here an issuer that is no URL is left out.
 */
export function identityProviderOrigins(value) {
  if (!value?.trim()) return []
  let providers
  try {
    providers = JSON.parse(value)
  } catch {
    return []
  }
  if (!Array.isArray(providers)) return []
  const origins = providers.flatMap((provider) => {
    try {
      const origin = new URL(provider?.issuer).origin
      return origin === 'null' ? [] : [origin]
    } catch {
      return []
    }
  })
  return [...new Set(origins)]
}

/**
 * MAP_TILE_URL's origin as a CSP source (`https://*.tile.example` for `https://{s}.tile.example/{z}/{x}/{y}.png`);
 * undefined when unset. app/services/config.server.ts checks the template itself.
 * @param {string | undefined} value
 */
export function mapTileSource(value) {
  const template = (value ?? '').trim()
  if (!template) return undefined
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template)
  const host = match?.[2]?.replace(/^\{s\}\./, '*.')
  if (!match || !host || !/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host))
    throw new Error(`MAP_TILE_URL: "${template}" is not an http(s) URL template with a plain host`)
  return `${match[1].toLowerCase()}://${host.toLowerCase()}`
}
