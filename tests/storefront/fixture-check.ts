import { ErrorBodySchema, wireSchemaForPath } from '../../commerce-api/icm/schemas'
import { rewriteIcmUrl } from '../../commerce-api/http'
import type { SetupServer } from 'msw/node'

/**
 * The storefront's loader tests stand in for ICM with fixtures; each fixture must be in the shape a real ICM
 * sends, so every mocked answer is validated against the commerce API's wire schema of its resource (the same
 * schemas the API's own answers are held to). A fixture in a shape ICM never sends fails the test using it.
 */
const checks: Promise<string | undefined>[] = []

async function check(request: Request, response: Response): Promise<string | undefined> {
  const url = new URL(request.url)
  const { url: path = '' } = rewriteIcmUrl(url.pathname)
  const where = `${request.method} ${url.pathname}${url.search} → ${response.status}`
  const text = await response.clone().text()
  if (!text || !/json/.test(response.headers.get('content-type') ?? '')) return undefined
  const schema =
    response.status >= 400 ? ErrorBodySchema : wireSchemaForPath(request.method, path.split('?')[0]!)
  if (!schema) return `${where}: no ICM resource answers this call (commerce-api/icm/schemas)`
  const result = schema.safeParse(JSON.parse(text))
  if (result.success) return undefined
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
  return `${where}: ${issues.join('; ')}`
}

export function checkFixtures(server: SetupServer) {
  server.events.on('response:mocked', ({ request, response }) => {
    if (!new URL(request.url).pathname.startsWith('/INTERSHOP/rest/WFS/')) return
    checks.push(check(request, response).catch((error: unknown) => `${request.url}: ${String(error)}`))
  })
}

/** Throws when a fixture answered since the last call was not in ICM's shape. */
export async function assertFixturesFaithful() {
  const found = (await Promise.all(checks.splice(0))).filter((v): v is string => v !== undefined)
  if (found.length) throw new Error(`ICM fixtures in a shape ICM never sends:\n- ${found.join('\n- ')}`)
}
