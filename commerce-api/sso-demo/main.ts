/**
 * Starts the development OpenID provider on this machine (`node --import tsx commerce-api/sso-demo/main.ts`;
 * `npm start` does so with SSO_DEMO=on, scripts/start.mjs). Settings from the environment:
 *   SSO_DEMO_PORT                       port on 127.0.0.1 (default 4400); the issuer is http://127.0.0.1:<port>
 *   SSO_DEMO_CLIENT_SECRET              the storefront client's secret (required, at least 24 characters)
 *   SSO_DEMO_REDIRECT_URIS              the storefront's callback URLs (comma- or space-separated, required)
 *   SSO_DEMO_POST_LOGOUT_REDIRECT_URIS  where RP-initiated logout may return to (comma- or space-separated)
 *   SSO_DEMO_COOKIE_SECRET              key of the provider's signed cookies (default: random per start)
 */
import { createServer } from 'node:http'
import { createDemoProvider } from './provider'

const list = (value: string | undefined) => (value ?? '').split(/[\s,]+/).filter(Boolean)

function settingsOf(env: NodeJS.ProcessEnv) {
  const port = Number(env.SSO_DEMO_PORT ?? 4400)
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`SSO_DEMO_PORT must be a port number, got '${env.SSO_DEMO_PORT}'`)
  const clientSecret = env.SSO_DEMO_CLIENT_SECRET?.trim() ?? ''
  if (clientSecret.length < 24) throw new Error('SSO_DEMO_CLIENT_SECRET must be at least 24 characters')
  const redirectUris = list(env.SSO_DEMO_REDIRECT_URIS)
  if (!redirectUris.length)
    throw new Error(
      'SSO_DEMO_REDIRECT_URIS must name the storefront callback, e.g. http://localhost:3000/sso/callback/demo',
    )
  for (const uri of [...redirectUris, ...list(env.SSO_DEMO_POST_LOGOUT_REDIRECT_URIS)]) new URL(uri)
  return {
    port,
    issuer: `http://127.0.0.1:${port}`,
    clientSecret,
    redirectUris,
    postLogoutRedirectUris: list(env.SSO_DEMO_POST_LOGOUT_REDIRECT_URIS),
    cookieKeys: env.SSO_DEMO_COOKIE_SECRET?.trim() ? [env.SSO_DEMO_COOKIE_SECRET.trim()] : undefined,
  }
}

const settings = (() => {
  try {
    return settingsOf(process.env)
  } catch (error) {
    console.error(`sso-demo: not started: ${(error as Error).message}`)
    process.exit(1)
  }
})()

const { handle } = await createDemoProvider(settings)
const server = createServer((request, response) => void handle(request, response))
server.listen(settings.port, '127.0.0.1', () =>
  console.log(`sso-demo: development OpenID provider at ${settings.issuer} (never for production)`),
)

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => server.close(() => process.exit(0)))
