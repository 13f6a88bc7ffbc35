/**
 * A shared HTTP cache inside the storefront process for the pages our own headers call shareable: what a
 * CDN in front of the shop would keep (the Intershop PWA ships an nginx page cache for the same reason),
 * so crawlers and first-time visitors on a busy shop get a page rendered once per few seconds, not once
 * per request.
 *
 * It follows RFC 9111 for the responses it stores, which keeps it correct without knowing the pages:
 * - only GET answers with status 200, `Cache-Control: public` and `s-maxage` > 0, and without `private`,
 *   `no-store`, `no-cache` or a `Set-Cookie` header: a shopper's page (session cookie, basket, flash
 *   message) is `private, no-store` and never stored;
 * - `Vary` is honoured: a stored page is used only for requests with the same values of the headers it
 *   names (our pages vary on `Cookie`, product pages also on `User-Agent`); `Vary: *` is never stored;
 * - freshness is the response's `s-maxage`, at most `maxSeconds`; a hit carries `Age`;
 * - a request with `Cache-Control: no-cache` goes to the page itself (and refreshes the stored copy);
 * - `stale-while-revalidate` (RFC 5861), at most `maxSeconds`: when a page expires, the first request renders
 *   it again and the requests meanwhile get the stale copy, instead of all rendering it at once (a busy page
 *   was rendered some fifty times at each expiry under fifty connections).
 * HEAD is answered from a stored GET. Bodies are stored uncompressed (this runs inside `compression()`).
 *
 * A stored page embeds the CSP nonce of the response it was rendered for (`nonceOf`). A nonce is good for
 * one response only, so every hit carries the nonce of its own response instead: the body is kept split at
 * the stored nonce, a hit writes the parts with the new one between them (no copy), and header values
 * that name the stored nonce (the CSP) name the new one. A client that takes gzip (every browser) gets
 * the parts compressed once, on the first such hit, with the new nonce spliced in as a stored block
 * (gzip-parts.mjs): compressing the page again per hit cost more than the rest of the hit (ADR 0052).
 *
 * A hit on a plain request (GET or HEAD of a path, no body, no forwarded header, a valid Host) is answered
 * before Express and the layers in front of the cache (`answerBeforeLayers`, wired in app.mjs): the same
 * stored head and body, one writeHead with a flat header list, a fresh nonce. Through Express and the
 * layers a hit cost about three times as much (ADR 0053). Every other request reaches this middleware as
 * before and may be a hit here.
 */
import express from 'express'
import { LRUCache } from 'lru-cache'
import { gzipChunks, gzipParts } from './gzip-parts.mjs'

/** Headers of a stored answer that belong to one transfer, not to the page. */
const TRANSFER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
])
/** `compression()` adds `Vary: Accept-Encoding`; stored bodies are uncompressed, so it does not split entries. */
const IGNORED_VARY = new Set(['accept-encoding'])

/** The `s-maxage` of a shareable answer in seconds, or 0 when it must not be stored. */
export function sharedMaxAge(cacheControl) {
  const directives = String(cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim())
  if (!directives.includes('public')) return 0
  if (directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache')) return 0
  const sMaxAge = directives.find((d) => d.startsWith('s-maxage='))
  const seconds = sMaxAge ? Number(sMaxAge.slice('s-maxage='.length)) : 0
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0
}

/** The `stale-while-revalidate` of an answer in seconds (RFC 5861), or 0. */
export function staleSeconds(cacheControl) {
  const match = /(?:^|,)\s*stale-while-revalidate=(\d+)\s*(?:,|$)/i.exec(String(cacheControl ?? ''))
  return match ? Number(match[1]) : 0
}

/** A refresh that has not ended after this long (a hung render) is taken over by the next request. */
const REFRESH_TAKEOVER_MS = 10_000

function varyNames(vary) {
  const names = String(vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
  return names.includes('*') ? null : names.filter((name) => !IGNORED_VARY.has(name)).sort()
}

const keyOf = (url, names, req) =>
  `${url}\n${names.map((name) => `${name}: ${req.headers[name] ?? ''}`).join('\n')}`

/** Nonces shorter than this are not replaced: a short string could occur in a page by chance. */
const MIN_NONCE_LENGTH = 16

/** The body split at every occurrence of `nonce` (the whole body when there is none). */
function splitAt(body, nonce) {
  if (!nonce) return [body]
  const parts = []
  let from = 0
  for (let at = body.indexOf(nonce); at !== -1; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at))
    from = at + nonce.length
  }
  parts.push(body.subarray(from))
  return parts
}

/** The stored body with `fill` where the stored nonce was, as chunks to write in order (no copy). */
function bodyChunks(entry, fill) {
  const chunks = []
  entry.parts.forEach((part, i) => {
    if (i > 0) chunks.push(fill)
    chunks.push(part)
  })
  return chunks
}

/** Answers of Express's `req.acceptsEncodings('gzip', 'identity')` per Accept-Encoding value. */
const gzipAnswers = new Map()

/** Whether a client sending this Accept-Encoding gets gzip from Express's negotiation (remembered per value). */
function takesGzip(acceptEncoding) {
  let answer = gzipAnswers.get(acceptEncoding)
  if (answer === undefined) {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }
    answer = express.request.acceptsEncodings.call({ headers }, 'gzip', 'identity') === 'gzip'
    // Bounded: a stranger sending many values only empties it.
    if (gzipAnswers.size >= 256) gzipAnswers.clear()
    gzipAnswers.set(acceptEncoding, answer)
  }
  return answer
}

/**
 * The answer to a hit: gzip assembled from parts compressed once when the client takes gzip (see
 * gzip-parts.mjs), else the stored bytes (then `compression()` encodes them as for any other answer).
 */
function hitBody(entry, fill, req) {
  if (entry.size > 0 && takesGzip(req.headers['accept-encoding'])) {
    entry.gzip ??= gzipParts(entry.parts)
    return { encoding: 'gzip', ...gzipChunks(entry.gzip, fill) }
  }
  return { encoding: null, chunks: bodyChunks(entry, fill), length: entry.size }
}

/**
 * A hit's header fields as one flat list (name, value, name, value …): the stored ones, those naming the
 * stored nonce naming the hit's, then Age, X-Page-Cache and the body's encoding and length.
 */
function hitHead(entry, nonce, body, now) {
  const head = []
  for (const [name, value] of entry.headers) {
    const renewed = nonce && typeof value === 'string' && value.includes(entry.nonce)
    head.push(name, renewed ? value.replaceAll(entry.nonce, nonce) : value)
  }
  head.push('Age', String(Math.floor((now - entry.stored) / 1000)), 'X-Page-Cache', 'hit')
  if (body.encoding) head.push('Content-Encoding', body.encoding)
  head.push('Content-Length', String(body.length))
  return head
}

function writeBody(req, res, body) {
  if (req.method === 'HEAD') return void res.end()
  // One writev for the parts: corked until end() uncorks.
  res.cork()
  for (const chunk of body.chunks) res.write(chunk)
  res.end()
}

const usableNonce = (nonce) => (typeof nonce === 'string' && nonce.length >= MIN_NONCE_LENGTH ? nonce : null)

/**
 * Express middleware; `maxSeconds` 0 switches it off. `maxBytes` bounds the stored bodies (least recently
 * used go first); `now` is the clock (tests); `nonceOf(res)` is the CSP nonce of a response, if any.
 *
 * The middleware's `answerBeforeLayers(req, res, freshNonce)` answers a hit on a raw node:http request, before
 * Express and the layers in front of the cache, with the same head and body the middleware would send
 * through them; it returns false, having touched nothing, when it cannot say that. The caller vouches that
 * those layers would pass `req` on unchanged (security.mjs `passesLayersUnchanged`) and add nothing but the
 * security headers, which a stored answer holds already (ADR 0053). `headersTheLayersChange`: request
 * headers they set, so an entry varying on one is left to the middleware.
 * @param {{
 *   maxSeconds: number,
 *   maxBytes?: number,
 *   now?: () => number,
 *   nonceOf?: (res: import('express').Response) => string | null | undefined,
 *   headersTheLayersChange?: readonly string[],
 * }} options
 */
export function pageCache({
  maxSeconds,
  maxBytes = 64 * 1024 * 1024,
  now = Date.now,
  nonceOf = () => null,
  headersTheLayersChange = [],
}) {
  if (!(maxSeconds > 0)) {
    const off = (_req, _res, next) => next()
    off.answerBeforeLayers = () => false
    return off
  }
  /** Per URL, the request headers its last stored answer varies on. */
  const variesOn = new LRUCache({ max: 100_000 })
  const entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => entry.size + 512 })
  const changed = new Set(headersTheLayersChange)

  const bypasses = (req) => /no-cache/i.test(String(req.headers['cache-control'] ?? ''))

  /**
   * The stored answer to a GET or HEAD of `url`, unless the request asks to go to the page: a fresh one,
   * or a stale one within its `stale-while-revalidate` while another request renders the page again.
   */
  function lookup(req, url) {
    if (bypasses(req)) return undefined
    const names = variesOn.get(url)
    if (!names) return undefined
    const key = keyOf(url, names, req)
    const entry = entries.get(key)
    if (!entry) return undefined
    const time = now()
    if (entry.expires > time) return entry
    if (time < entry.staleUntil) return entry.refreshing > time - REFRESH_TAKEOVER_MS ? entry : undefined
    entries.delete(key)
    return undefined
  }

  /**
   * On a miss, the stale entry this request renders again (the others get it meanwhile), or undefined. When
   * the request ends without storing a new answer (an error, a page no longer shareable), the stale one goes:
   * without `stale-if-error` it must not outlive its revalidation.
   */
  function claimRefresh(req, res, url) {
    const names = variesOn.get(url)
    if (!names || bypasses(req)) return
    const key = keyOf(url, names, req)
    const entry = entries.peek(key)
    if (!entry || entry.expires > now() || entry.refreshing > now() - REFRESH_TAKEOVER_MS) return
    entry.refreshing = now()
    res.once('close', () => {
      entry.refreshing = 0
      if (entries.peek(key) === entry) entries.delete(key)
    })
  }

  function pageCacheMiddleware(req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const url = req.originalUrl
    const entry = lookup(req, url)
    if (entry) {
      const nonce = entry.nonce ? usableNonce(nonceOf(res)) : null
      const body = hitBody(entry, Buffer.from(nonce ?? entry.nonce ?? ''), req)
      const head = hitHead(entry, nonce, body, now())
      res.status(entry.status)
      for (let i = 0; i < head.length; i += 2) res.setHeader(head[i], head[i + 1])
      return writeBody(req, res, body)
    }
    if (req.method === 'HEAD') return next()
    claimRefresh(req, res, url)

    /** What the layers before the cache set on this answer (the security headers). */
    const layerHeaders = res.getHeaders()
    const chunks = []
    let size = 0
    let overflow = false
    const record = (chunk, encoding) => {
      if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
      size += buffer.length
      // A body larger than the whole cache is passed through without keeping a copy.
      if (size > maxBytes) {
        overflow = true
        chunks.length = 0
      } else chunks.push(buffer)
    }
    const write = res.write
    const end = res.end
    res.write = function (chunk, encoding, callback) {
      record(chunk, encoding)
      return write.call(this, chunk, encoding, callback)
    }
    res.end = function (chunk, encoding, callback) {
      record(chunk, encoding)
      return end.call(this, chunk, encoding, callback)
    }
    res.setHeader('X-Page-Cache', 'miss')
    res.once('finish', () => {
      if (overflow || res.statusCode !== 200 || res.getHeader('set-cookie') !== undefined) return
      const seconds = Math.min(sharedMaxAge(res.getHeader('cache-control')), maxSeconds)
      const vary = varyNames(res.getHeader('vary'))
      if (seconds <= 0 || vary === null) return
      // A hit answered through the layers has their headers, then the stored ones over them: the stored
      // head is both, so that a hit answered before the layers has the same.
      const headers = Object.entries({ ...layerHeaders, ...res.getHeaders() }).filter(
        ([name]) => !TRANSFER_HEADERS.has(name) && name !== 'x-page-cache' && name !== 'age',
      )
      const stored = now()
      const body = Buffer.concat(chunks)
      const nonce = usableNonce(nonceOf(res))
      variesOn.set(url, vary)
      entries.set(keyOf(url, vary, req), {
        status: res.statusCode,
        headers,
        parts: splitAt(body, nonce),
        size: body.length,
        nonce,
        stored,
        expires: stored + seconds * 1000,
        staleUntil:
          stored + (seconds + Math.min(staleSeconds(res.getHeader('cache-control')), maxSeconds)) * 1000,
        /** When a request began to render this page again (0: none does). */
        refreshing: 0,
        beforeLayers: !vary.some((name) => changed.has(name)),
      })
    })
    next()
  }

  /**
   * A hit answered on the raw request with a flat header list (one writeHead), or false. Only encodings
   * that `compression()` would leave as they are: gzip as the middleware assembles it, or the stored
   * bytes to a client that named no encoding or only `identity` (compression() sends those as they are
   * too). Anything else (`br` only, `deflate`) goes through compression().
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {() => string} freshNonce a nonce no answer had before (security.mjs `freshNonce`)
   */
  pageCacheMiddleware.answerBeforeLayers = function answerBeforeLayers(req, res, freshNonce) {
    const entry = lookup(req, req.url)
    if (!entry || !entry.beforeLayers) return false
    const acceptEncoding = req.headers['accept-encoding']
    const gzip = entry.size > 0 && takesGzip(acceptEncoding)
    if (!gzip && acceptEncoding !== undefined && acceptEncoding.trim().toLowerCase() !== 'identity')
      return false
    const nonce = entry.nonce ? usableNonce(freshNonce()) : null
    const body = hitBody(entry, Buffer.from(nonce ?? entry.nonce ?? ''), req)
    res.writeHead(entry.status, hitHead(entry, nonce, body, now()))
    writeBody(req, res, body)
    return true
  }

  return pageCacheMiddleware
}
