/**
 * Production server of the storefront (see server/app.mjs for what answers a request). Unlike
 * `remix-serve` it logs no line per request (see docs/decisions/0003). Settings: server/settings.mjs and
 * app/services/config.server.ts; an invalid or missing one (SESSION_SECRET in production, a feature this
 * build cannot run: app/services/feature-check.server.ts) stops the start with a message and exit code
 * CANNOT_START, which tells `npm start`'s supervisor not to try again.
 *
 * With WEB_CONCURRENCY above 1 (default: the number of cores) this process is the primary of a cluster
 * (server/cluster.mjs, docs/decisions/0050): it forks that many workers, which run this file again and
 * serve; WEB_CONCURRENCY=1 (and `--dev`) serves in this one process.
 */
import cluster from 'node:cluster'
import { CANNOT_START, runPrimary } from './server/cluster.mjs'
import { serverSettings } from './server/settings.mjs'

const dev = process.argv.includes('--dev')

let settings
try {
  settings = serverSettings()
} catch (error) {
  console.error(`storefront: cannot start: ${error instanceof Error ? error.message : error}`)
  process.exit(CANNOT_START)
}
const { port, host } = settings
const address = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`

// `npm run dev` is one process: Vite's dev server compiles and reloads the app in it.
if (cluster.isPrimary && !dev && settings.processes > 1) runPrimary({ count: settings.processes, address })
else await serve()

async function serve() {
  // Loaded here, not above: the primary of a cluster never needs them (a smaller process).
  const { installGlobals } = await import('@remix-run/node')
  const { createApp } = await import('./server/app.mjs')
  installGlobals({ nativeFetch: true })

  // A stray rejected promise or a throw in a callback is logged; it does not take every visitor's page down
  // (`npm start`, or the cluster's primary, restarts the process if it dies anyway).
  process.on('unhandledRejection', (reason) => {
    console.error('storefront: unhandled promise rejection:', reason)
  })
  process.on('uncaughtException', (error) => {
    console.error('storefront: uncaught exception:', error)
  })

  // Not a cluster's worker: this process is the only one (WEB_CONCURRENCY=1 or `--dev`).
  const own = cluster.isWorker ? settings : { ...settings, processes: 1 }
  let app
  try {
    if (dev) {
      // `npm run dev`: Vite compiles the app on demand and reloads it on change; the server around it is the same.
      const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
      const build = () => vite.ssrLoadModule('virtual:remix/server-build')
      // Loaded once now, so that its settings are checked at start as in production.
      await build()
      app = createApp({ build, settings: own, devMiddleware: vite.middlewares })
    } else {
      const build = await import('./build/server/index.js')
      app = createApp({ build, settings: own })
    }
  } catch (error) {
    console.error(`storefront: cannot start: ${error instanceof Error ? error.message : error}`)
    process.exit(CANNOT_START)
  }

  const server = app.listen(port, host, () => {
    // A cluster's primary says it once for all its workers.
    if (cluster.isPrimary) console.log(`storefront: listening on ${address}`)
  })
  server.on('error', (error) => {
    console.error(`storefront: cannot listen on ${host}:${port}: ${error.message}`)
    process.exit(1)
  })
  server.keepAliveTimeout = 65_000
  // A stop lets answers under way finish: keep-alive connections are closed as soon as they are idle (not
  // after keepAliveTimeout), and whatever is still open after STOP_GRACE_MS is cut. Ctrl-C reaches a
  // cluster's workers twice (from the terminal and from the primary): the first signal counts.
  const STOP_GRACE_MS = 10_000
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      server.close(() => process.exit(0))
      server.closeIdleConnections()
      setInterval(() => server.closeIdleConnections(), 250).unref()
      setTimeout(() => {
        server.closeAllConnections()
        process.exit(0)
      }, STOP_GRACE_MS).unref()
    })
  }
}
