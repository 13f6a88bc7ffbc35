/**
 * What the storefront's HTTP layer checks and adds before a request reaches Remix (issue 14): security
 * headers with a per-response CSP nonce, forwarded headers only from trusted proxies, a valid Host, and
 * the bounds of a request (methods, body size, body type). The app's form reader checks the rest (origin,
 * per-route size limits of chunked bodies, fields).
 */
import { randomFillSync } from 'node:crypto'
import helmet from 'helmet'
import { sendErrorPage } from './error-pages.mjs'

/**
 * Paths (tested against the path without query) whose POSTs may carry a body type other than a form
 * (`application/x-www-form-urlencoded`, `multipart/form-data`): entry points other systems post to in their
 * own format, such as a punchout setup request in cXML. Empty: every page of the shop posts forms.
 */
export const OTHER_POST_BODY_TYPES_ALLOWED = Object.freeze([])

export const ALLOWED_METHODS = 'GET, HEAD, POST'

/**
 * Paths (regular expressions) other sites may post to by design: the punchout entry (`/{lang}/punchout`,
 * issue 34), which procurement systems open with a form post from their own pages. Every other post must
 * come from the shop's own pages.
 */
export const CROSS_SITE_POSTS_ALLOWED = Object.freeze([/^\/[a-z]{2}\/punchout\/?$/])

/**
 * An answer whose page has a form posting to another site (a punchout's hook or return URL) names that
 * site's origin in this header (app/services/headers.ts `FORM_TARGET_HEADER`, the same name); the answer's
 * CSP allows it in `form-action`, and the header itself is not sent.
 */
export const FORM_TARGET_HEADER = 'x-shop-form-target'

/**
 * Adds `origin` to the `form-action` of the answer's CSP (set by `securityHeaders` before the app ran). Only an
 * http(s) origin as such (no path, no query) is taken; anything else leaves the CSP as it is.
 * @param {import('express').Response} res
 * @param {string} origin
 */
export function allowFormTarget(res, origin) {
  let parsed
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.origin !== origin) return false
  const csp = res.getHeader('Content-Security-Policy')
  if (typeof csp !== 'string' || !/(?:^|;)\s*form-action\s/.test(csp)) return false
  res.setHeader(
    'Content-Security-Policy',
    csp.replace(/((?:^|;)\s*form-action\s[^;]*)/, (directive) => `${directive} ${parsed.origin}`),
  )
  return true
}

/**
 * Pages whose documents may compile WebAssembly (CSP `'wasm-unsafe-eval'`): the code scanner's, whose decoder
 * is ZXing in WebAssembly where the browser has no BarcodeDetector (ADR 0044). The same pattern as
 * app/models/scanner.ts `SCANNER_PAGE`. Every other page may not.
 */
export const WASM_PAGES = Object.freeze([/^\/[a-z]{2}\/(?:scanner|scandit)\/?$/])

const FORM_BODY_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/** Request headers only a trusted proxy may send: they name the client's address, host and scheme. */
const FORWARDED_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'forwarded',
]

/**
 * The client's address as Express sees it (`req.ip`: the connection's, or the one a trusted proxy forwarded),
 * passed to the app in this request header (app/services/shopper.server.ts reads it); a client's own value
 * is replaced.
 */
export const CLIENT_ADDRESS_HEADER = 'x-storefront-client-address'

/** host[:port]: a DNS name or IPv4 address (underscores occur in internal names), or an [IPv6] literal. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]{0,252})?)(?::(\d{1,5}))?$/i

/** Hosts found valid lately: nearly every request names one of the shop's few (URL parsing is per request). */
const validHosts = new Set()

/** host[:port] as Remix will parse it into the request's URL (`1.2.3.4.5` is no IPv4 address, for one). */
export function isValidHost(value) {
  if (typeof value !== 'string') return false
  if (validHosts.has(value)) return true
  const match = HOST.exec(value)
  const valid =
    match !== null &&
    (match[1] === undefined || Number(match[1]) <= 65535) &&
    URL.canParse(`http://${value}/`)
  if (valid) {
    // Bounded: a stranger sending many valid names only empties it.
    if (validHosts.size >= 256) validHosts.clear()
    validHosts.add(value)
  }
  return valid
}

const NONCE_BYTES = 16
/**
 * Random bytes for nonces (from the CSPRNG), filled 256 nonces at a time: a call per response costs several
 * microseconds, which a page cache hit need not pay. Every byte is used for one nonce only.
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 256)
let noncePoolOffset = noncePool.length

/** 128 random bits, base64url: a nonce no response had before. */
export function freshNonce() {
  if (noncePoolOffset === noncePool.length) {
    randomFillSync(noncePool)
    noncePoolOffset = 0
  }
  const nonce = noncePool.toString('base64url', noncePoolOffset, noncePoolOffset + NONCE_BYTES)
  noncePoolOffset += NONCE_BYTES
  return nonce
}

/** A fresh nonce for each response, where the CSP header and the page find it. */
export function cspNonce(_req, res, next) {
  res.locals.cspNonce = freshNonce()
  next()
}

/**
 * Security headers of every answer (pages, data, assets, errors) through helmet. The CSP lets only this
 * origin's scripts and the response's own inline scripts (Remix's and React's, which carry the nonce) run,
 * and WebAssembly be compiled on WASM_PAGES only;
 * styles come from this origin, with `style` attributes allowed (components and CMS content use them);
 * forms post to this origin, or lead to the payment provider's page (see settings.paymentPageOrigin) or an
 * identity provider's (settings.identityProviderOrigins).
 */
export function securityHeaders(settings) {
  const frameAncestors = settings.frameAncestors
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (req, res) =>
            `'nonce-${res.locals.cspNonce}'${WASM_PAGES.some((page) => page.test(req.path)) ? " 'wasm-unsafe-eval'" : ''}`,
          // The trust badge's external script (feature trustbadge only; settings.mjs trustbadgeSettings).
          ...(settings.trustbadgeOrigin ? [settings.trustbadgeOrigin] : []),
        ],
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        // The store finder's map tiles, when a tile server is configured (MAP_TILE_URL).
        imgSrc: ["'self'", 'data:', ...(settings.mapTileSource ? [settings.mapTileSource] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'", settings.paymentPageOrigin, ...(settings.identityProviderOrigins ?? [])],
        frameAncestors,
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: settings.httpsOnly ? [] : null,
      },
    },
    // Pages are shared between origins only by link; images and attachments are also shown by mail
    // clients and procurement systems (see `crossOriginResources` below).
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Not `no-referrer`: a browser then sends `Origin: null` with form posts, which the same-origin check
    // of the app's form reader must refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity:
      settings.hstsMaxAge > 0 ? { maxAge: settings.hstsMaxAge, includeSubDomains: false } : false,
    // Older browsers know only X-Frame-Options, which cannot name other origins: sent when it agrees.
    xFrameOptions:
      frameAncestors.length === 1 && frameAncestors[0] === "'self'"
        ? { action: 'sameorigin' }
        : frameAncestors.length === 1 && frameAncestors[0] === "'none'"
          ? { action: 'deny' }
          : false,
  })
  return [cspNonce, headers, crossOriginResources]
}

/** ICM's images and attachments may be embedded anywhere (mails, procurement systems). */
function crossOriginResources(req, res, next) {
  if (req.path.startsWith('/INTERSHOP/static/')) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
  next()
}

/**
 * Forwarded headers count only when the connection comes from a trusted proxy (`trust proxy`,
 * TRUSTED_PROXIES); from anyone else they are removed, so neither Express (`req.ip`, `req.hostname`,
 * `req.protocol`) nor the app sees them. The app gets the client's address in CLIENT_ADDRESS_HEADER. Then the Host (and a trusted X-Forwarded-Host) must be a valid
 * host[:port] and a trusted X-Forwarded-Proto http or https, or the request answers 400: Remix builds the
 * request's URL from them.
 */
export function forwardedHeadersAndHost(app) {
  const trusted = app.get('trust proxy fn')
  return function checkForwardedAndHost(req, res, next) {
    if (!trusted(req.socket.remoteAddress, 0)) {
      for (const name of FORWARDED_HEADERS) delete req.headers[name]
    }
    if (req.ip) req.headers[CLIENT_ADDRESS_HEADER] = req.ip
    else delete req.headers[CLIENT_ADDRESS_HEADER]
    const forwardedHost = firstValue(req.headers['x-forwarded-host'])
    const forwardedProto = firstValue(req.headers['x-forwarded-proto'])
    if (
      !isValidHost(req.headers.host) ||
      (forwardedHost !== undefined && !isValidHost(forwardedHost)) ||
      (forwardedProto !== undefined && !/^https?$/i.test(forwardedProto))
    )
      return sendErrorPage(req, res, 400, closeIfBody(req))
    next()
  }
}

/**
 * Request headers the layers before the page cache set or remove (forwardedHeadersAndHost): a request
 * carrying none of them reaches the page cache with its headers as they came, but for CLIENT_ADDRESS_HEADER.
 */
export const HEADERS_THE_LAYERS_CHANGE = Object.freeze([...FORWARDED_HEADERS, CLIENT_ADDRESS_HEADER])

/**
 * Whether every layer of server/app.mjs before the page cache would pass this raw request on unchanged
 * (but for CLIENT_ADDRESS_HEADER) and add nothing to its answer but the security headers, so that the page
 * cache may answer it before Express (ADR 0053). Only the plainest requests: GET or HEAD of a path
 * (requestTarget), no body declared (requestBounds, closeAfterUnreadBody), no forwarded header
 * (forwardedHeadersAndHost, whoever connects), a valid Host (forwardedHeadersAndHost). urlChecks are a
 * function of the URL alone: the page cache answers only URLs it stored, which passed them. Anything else
 * goes through the layers as before (and may still be a hit there).
 * @param {import('node:http').IncomingMessage} req
 */
export function passesLayersUnchanged(req) {
  const method = req.method
  if (method !== 'GET' && method !== 'HEAD') return false
  if (req.url.charCodeAt(0) !== 47 /* / */) return false
  const headers = req.headers
  if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false
  for (const name of HEADERS_THE_LAYERS_CHANGE) if (headers[name] !== undefined) return false
  return isValidHost(headers.host)
}

const firstValue = (header) => (header === undefined ? undefined : String(header).split(',')[0].trim())

/**
 * Only GET, HEAD and POST reach the app (405 otherwise). A POST declaring a body larger than
 * `maxBodyBytes` answers 413 unread; a POST that is not a form (and not to a path of
 * OTHER_POST_BODY_TYPES_ALLOWED) answers 415.
 */
export function requestBounds({ maxBodyBytes, otherBodyTypesAllowed = OTHER_POST_BODY_TYPES_ALLOWED }) {
  return function checkRequestBounds(req, res, next) {
    if (req.method === 'GET' || req.method === 'HEAD') return next()
    if (req.method !== 'POST')
      return sendErrorPage(req, res, 405, { Allow: ALLOWED_METHODS, ...closeIfBody(req) })
    const declared = req.headers['content-length']
    if (declared !== undefined && Number(declared) > maxBodyBytes)
      return sendErrorPage(req, res, 413, { Connection: 'close' })
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase()
    if (!FORM_BODY_TYPES.has(type) && !otherBodyTypesAllowed.some((path) => path.test(req.path)))
      return sendErrorPage(req, res, 415, {
        'Accept-Post': [...FORM_BODY_TYPES].join(', '),
        ...closeIfBody(req),
      })
    next()
  }
}

/** Whether the request declares a body (a length above 0, or chunks). */
const declaresBody = (req) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0

/** A body left unread is not read to its end only to keep the connection: the connection closes. */
function closeIfBody(req) {
  return declaresBody(req) ? { Connection: 'close' } : {}
}

/**
 * An answer sent before the request's body was read to its end (a 413 or 415 from the app, a refusal of
 * the form before it was parsed, a redirect that ignores the post) closes the connection. Node would
 * otherwise keep it for the next request and first wait for the rest of the unread body, which a client
 * that declared a large body and sent little of it never sends: the next request on it would hang.
 */
export function closeAfterUnreadBody() {
  return function closeIfUnread(req, res, next) {
    const writeHead = res.writeHead
    res.writeHead = function (...args) {
      // A request without a body keeps its connection even when answered in the tick its headers arrived
      // (a page-cache hit), before Node marks it complete.
      if (!req.complete && declaresBody(req) && !this.hasHeader('connection'))
        this.setHeader('Connection', 'close')
      return writeHead.apply(this, args)
    }
    next()
  }
}

/**
 * Every 503 (the maintenance page while ICM is unreachable, its data requests, resource routes) tells
 * clients and crawlers when to come back.
 */
export function retryAfterOn503(seconds) {
  return function retryAfter(_req, res, next) {
    const writeHead = res.writeHead
    res.writeHead = function (statusCode, ...rest) {
      // A 429 the app answered without saying how long (a refusal from ICM that named no wait) gets the same.
      if ((statusCode === 503 || statusCode === 429) && !this.hasHeader('retry-after'))
        this.setHeader('Retry-After', String(seconds))
      return writeHead.call(this, statusCode, ...rest)
    }
    next()
  }
}

/**
 * The last Express handler: an error that reaches Express answers the 500 page (a client error with its
 * own 4xx status, e.g. a malformed path, its page) and logs one line. When the answer has begun, the
 * connection is closed, so the client sees a broken answer rather than waiting for the rest.
 */
export function errorHandler(log = console.error) {
  // Express tells error handlers by their four parameters.
  return function answerError(error, req, res, _next) {
    const declared = Number(error?.status ?? error?.statusCode)
    const status = declared >= 400 && declared < 500 ? declared : 500
    if (status === 500) {
      const detail = String(error?.stack ?? error).replace(/\s*\n\s*/g, ' | ')
      log(`storefront: ${req.method} ${req.originalUrl} failed: ${detail}`)
    }
    if (res.headersSent) {
      res.destroy()
      return
    }
    // Headers the failed answer had set describe that answer, not the error page.
    for (const name of ['set-cookie', 'content-disposition', 'etag', 'last-modified', 'location'])
      res.removeHeader(name)
    sendErrorPage(req, res, status)
  }
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/

function decoded(text) {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

/**
 * A URL the shop can read: every escape in the path and the query well-formed, and no control characters
 * (NUL and the like) in a path segment or a query parameter. Anything else is 400 naming the part, before
 * a loader passes it on to ICM (issue 14: NUL in a search term became a 5xx further down). A path whose
 * first segment begins with a backslash is 404.
 */
export function urlChecks() {
  return function checkUrl(req, res, next) {
    const url = req.originalUrl ?? req.url
    const queryStart = url.indexOf('?')
    const path = queryStart === -1 ? url : url.slice(0, queryStart)
    const refuse = (name) =>
      sendErrorPage(req, res, 400, closeIfBody(req), (texts) =>
        texts['error.bad_request.parameter'].replace('{{name}}', name),
      )
    const segments = path.split('/')
    for (const segment of segments) {
      const text = decoded(segment)
      if (text === null || CONTROL.test(text)) return refuse(segment.slice(0, 60))
    }
    // A path beginning with a backslash (`/%5C…`) is protocol-relative to URL parsers (`/\x` is `//x`): React
    // Router's server render throws on it (a 500). No page of the shop is there.
    if (decoded(segments[1] ?? '')?.startsWith('\\')) return sendErrorPage(req, res, 404, closeIfBody(req))
    if (queryStart !== -1) {
      for (const pair of url.slice(queryStart + 1).split('&')) {
        const [name = '', value = ''] = pair.split('=', 2).map((part) => part.replace(/\+/g, ' '))
        const key = decoded(name)
        const text = decoded(value)
        if (key === null || text === null || CONTROL.test(key) || CONTROL.test(text))
          return refuse((key ?? name).replace(CONTROL, '').slice(0, 60))
      }
    }
    next()
  }
}

function originOfUrl(text) {
  try {
    return new URL(text).origin
  } catch {
    return null
  }
}

/**
 * A post another site made a shopper's browser send (CSRF) answers 403 before Remix, which would otherwise
 * throw on the Origin/Host mismatch (a 500). The rule is the app's form reader's (app/services/form.server.ts,
 * ADR 0012): the browser must say the post comes from the shop's own pages (`Sec-Fetch-Site`, `Origin`, or
 * `Referer`); a request saying nothing of its origin is not a browser acting for someone and passes.
 */
export function sameOriginPosts({ publicOrigin, crossSiteAllowed = CROSS_SITE_POSTS_ALLOWED }) {
  return function checkOrigin(req, res, next) {
    if (req.method !== 'POST' || crossSiteAllowed.some((path) => path.test(req.path))) return next()
    const refuse = () => sendErrorPage(req, res, 403, closeIfBody(req))
    const site = req.headers['sec-fetch-site']
    if (site && site !== 'same-origin' && site !== 'none') return refuse()
    const origin = req.headers.origin
    const referer = req.headers.referer
    const from = origin
      ? origin === 'null'
        ? null
        : originOfUrl(origin)
      : referer
        ? originOfUrl(referer)
        : undefined
    if (from === undefined) return next()
    // The host the request was sent to, as Remix reads it (a trusted proxy's X-Forwarded-Host, else Host):
    // Remix aborts an action whose Origin names another host, and that abort would be a 500.
    const host = firstValue(req.headers['x-forwarded-host']) ?? req.headers.host
    if (from === null || (origin && new URL(from).host !== host)) return refuse()
    const own = new Set([`${req.protocol}://${host}`])
    if (publicOrigin) own.add(publicOrigin)
    if (!own.has(from)) return refuse()
    next()
  }
}

/**
 * The request target as a path: an absolute-form target (`GET http://host/en/home`, which HTTP/1.1 servers
 * must accept) becomes its path and query, so nothing downstream builds a URL out of two origins; any other
 * form that is not a path (`*`, garbage) answers 400.
 */
export function requestTarget() {
  return function checkRequestTarget(req, res, next) {
    if (req.url.startsWith('/')) return next()
    let target
    try {
      target = new URL(req.url)
    } catch {
      target = null
    }
    if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:'))
      return sendErrorPage(req, res, 400, closeIfBody(req))
    req.url = `${target.pathname}${target.search}`
    req.originalUrl = req.url
    next()
  }
}
