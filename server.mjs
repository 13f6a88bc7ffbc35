/**
 * Production server of the storefront (see server/app.mjs for what answers a request). Unlike
 * `remix-serve` it logs no line per request (see docs/decisions/0003). Settings: server/settings.mjs and
 * app/services/config.server.ts; an invalid or missing one (SESSION_SECRET in production, a feature this
 * build cannot run: app/services/feature-check.server.ts) stops the start with a message and exit code
 * CANNOT_START, which tells `npm start`'s supervisor not to try again.
 */
import { installGlobals } from '@remix-run/node'
import { createApp } from './server/app.mjs'
import { serverSettings } from './server/settings.mjs'

installGlobals({ nativeFetch: true })

/** EX_CONFIG of sysexits.h: the settings are wrong; starting again with them fails again. */
const CANNOT_START = 78

// A stray rejected promise or a throw in a callback is logged; it does not take every visitor's page down
// (`npm start` restarts the process if it dies anyway).
process.on('unhandledRejection', (reason) => {
  console.error('storefront: unhandled promise rejection:', reason)
})
process.on('uncaughtException', (error) => {
  console.error('storefront: uncaught exception:', error)
})

let app
let settings
try {
  settings = serverSettings()
  if (process.argv.includes('--dev')) {
    // `npm run dev`: Vite compiles the app on demand and reloads it on change; the server around it is the same.
    const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
    const build = () => vite.ssrLoadModule('virtual:remix/server-build')
    // Loaded once now, so that its settings are checked at start as in production.
    await build()
    app = createApp({ build, settings, devMiddleware: vite.middlewares })
  } else {
    const build = await import('./build/server/index.js')
    app = createApp({ build, settings })
  }
} catch (error) {
  console.error(`storefront: cannot start: ${error instanceof Error ? error.message : error}`)
  process.exit(CANNOT_START)
}

const { port, host } = settings
const server = app.listen(port, host, () =>
  console.log(`storefront: listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`),
)
server.on('error', (error) => {
  console.error(`storefront: cannot listen on ${host}:${port}: ${error.message}`)
  process.exit(1)
})
server.keepAliveTimeout = 65_000
// A stop lets answers under way finish: keep-alive connections are closed as soon as they are idle (not
// after keepAliveTimeout), and whatever is still open after STOP_GRACE_MS is cut.
const STOP_GRACE_MS = 10_000
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    setInterval(() => server.closeIdleConnections(), 250).unref()
    setTimeout(() => {
      server.closeAllConnections()
      process.exit(0)
    }, STOP_GRACE_MS).unref()
  })
}
