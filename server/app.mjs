/**
 * The storefront's Express app: security headers and request bounds first (they answer every request,
 * assets and errors included), then gzip, static files with long-lived caching of fingerprinted assets,
 * the page cache, Remix, and an error handler that turns anything thrown into a 500 page. A page-cache hit
 * on a request those layers would pass on unchanged is answered before Express (ADR 0053).
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import compression from 'compression'
import express from 'express'
import { pageCache } from './page-cache.mjs'
import { remixHandler } from './remix-handler.mjs'
import {
  closeAfterUnreadBody,
  errorHandler,
  forwardedHeadersAndHost,
  freshNonce,
  HEADERS_THE_LAYERS_CHANGE,
  passesLayersUnchanged,
  requestBounds,
  requestTarget,
  retryAfterOn503,
  sameOriginPosts,
  securityHeaders,
  urlChecks,
} from './security.mjs'

/** What all processes of the storefront keep of shareable pages together (one process: all of it). */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * `build` is the Remix server build, `settings` come from server/settings.mjs. `handler` replaces Remix
 * (tests of the layers around it).
 * @param {{
 *   build: unknown,
 *   settings: ReturnType<typeof import('./settings.mjs').serverSettings>,
 *   handler?: import('express').RequestHandler,
 *   devMiddleware?: import('express').RequestHandler,
 * }} options
 */
export function createApp({ build, settings, handler, devMiddleware }) {
  const app = express()
  app.disable('x-powered-by')
  // Shareable anonymous pages are kept for PAGE_CACHE_SECONDS (default 10, 0 = off): see page-cache.mjs.
  // Each process of a cluster keeps its own copies, in its share of PAGE_CACHE_BYTES (ADR 0050).
  const cache = pageCache({
    maxSeconds: settings.pageCacheSeconds,
    maxBytes: Math.floor(PAGE_CACHE_BYTES / (settings.processes ?? 1)),
    nonceOf: (res) => res.locals.cspNonce,
    headersTheLayersChange: HEADERS_THE_LAYERS_CHANGE,
  })
  // A hit on a request every layer below would pass on unchanged is answered before Express, with the
  // stored head (security headers included) and a fresh nonce: the layers cost several times the hit
  // itself (ADR 0053). Not in development, where Vite's middleware answers what it likes.
  if (!devMiddleware) {
    const handle = app.handle
    app.handle = function handleOrAnswerHit(req, res, callback) {
      if (passesLayersUnchanged(req) && cache.answerBeforeLayers(req, res, freshNonce)) return
      return handle.call(this, req, res, callback)
    }
  }
  try {
    app.set('trust proxy', settings.trustProxy)
  } catch (error) {
    throw new Error(`TRUSTED_PROXIES: ${error instanceof Error ? error.message : error}`)
  }
  app.use(securityHeaders(settings))
  app.use(requestTarget())
  app.use(retryAfterOn503(settings.retryAfterSeconds))
  app.use(closeAfterUnreadBody())
  app.use(forwardedHeadersAndHost(app))
  app.use(requestBounds(settings))
  app.use(urlChecks())
  app.use(sameOriginPosts(settings))
  app.use(compression())
  if (devMiddleware) app.use(devMiddleware)
  app.use(
    '/assets',
    express.static(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y' }),
  )
  app.use(publicFiles(path.join(root, 'build/client')))
  app.use(cache)
  app.all(
    '*',
    handler ??
      remixHandler({
        build,
        mode: settings.mode,
        getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce, sendsDocuments: true }),
      }),
  )
  app.use(errorHandler())
  return app
}

/**
 * The build's public files outside /assets (the favicon and whatever public/ holds), listed once at start:
 * only their paths reach the file system. Before, every page request was a failed stat() in serve-static,
 * about a tenth of a rendered page's CPU (ADR 0047).
 */
function publicFiles(dir) {
  let names = []
  try {
    names = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path
            .relative(dir, path.join(entry.parentPath ?? entry.path, entry.name))
            .split(path.sep)
            .join('/')}`,
      )
      .filter((name) => !name.startsWith('/assets/'))
  } catch {
    // No build yet (the dev server serves public/ itself).
  }
  const known = new Set(names)
  const serve = express.static(dir, { maxAge: '1h' })
  return (req, res, next) => (known.has(req.path) ? serve(req, res, next) : next())
}
