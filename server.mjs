/**
 * Production server of the storefront: Express with Remix's request handler, gzip, and long-lived caching
 * of fingerprinted assets. Unlike `remix-serve` it logs no line per request (see docs/decisions/0003).
 */
import { createRequestHandler } from '@remix-run/express'
import { installGlobals } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { pageCache } from './server/page-cache.mjs'

installGlobals({ nativeFetch: true })

const build = await import('./build/server/index.js')
const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
app.use(express.static('build/client', { maxAge: '1h' }))
// Shareable anonymous pages are kept for PAGE_CACHE_SECONDS (default 10, 0 = off): see server/page-cache.mjs.
app.use(pageCache({ maxSeconds: Number(process.env.PAGE_CACHE_SECONDS ?? 10) }))
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }))

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'
const server = app.listen(port, host, () =>
  console.log(`storefront: listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`),
)
server.keepAliveTimeout = 65_000
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0))
    server.closeIdleConnections()
  })
}
