import { ErrorBodySchema, wireSchemaForPath } from '../../commerce-api/icm/schemas'
import { rewriteIcmUrl } from '../../commerce-api/http'
import { invariantViolations } from '../../commerce-api/icm/schemas/invariants'
import type { SetupServer } from 'msw/node'

/**
 * The storefront's loader tests stand in for ICM with fixtures; each fixture must be in the shape a real ICM
 * sends, so every mocked answer is validated against the commerce API's wire schema of its resource (the same
 * schemas the API's own answers are held to), and to what a shape cannot say: its message codes are ones the
 * API sends and its totals add up (icm/schemas/invariants.ts). A fixture the API could never answer fails the
 * test using it.
 */
const checks: Promise<string | undefined>[] = []

/** Codes the running test sends on purpose although the API never does (to see the shop's fallback text). */
const unknownCodes = new Set<string>()

/** For the running test only: these codes are not the API's, on purpose. */
export function allowUnknownCodes(...codes: string[]) {
  for (const code of codes) unknownCodes.add(code)
}

async function check(request: Request, response: Response): Promise<string | undefined> {
  const url = new URL(request.url)
  const { url: path = '' } = rewriteIcmUrl(url.pathname)
  const where = `${request.method} ${url.pathname}${url.search} → ${response.status}`
  const text = await response.clone().text()
  if (!text || !/json/.test(response.headers.get('content-type') ?? '')) return undefined
  const route = path.split('?')[0]!
  const schema = response.status >= 400 ? ErrorBodySchema : wireSchemaForPath(request.method, route)
  if (!schema) return `${where}: no ICM resource answers this call (commerce-api/icm/schemas)`
  const body: unknown = JSON.parse(text)
  const result = schema.safeParse(body)
  const issues = result.success
    ? []
    : result.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
  issues.push(...invariantViolations(body, unknownCodes))
  return issues.length ? `${where}: ${issues.join('; ')}` : undefined
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
  unknownCodes.clear()
  if (found.length) throw new Error(`ICM fixtures in a shape ICM never sends:\n- ${found.join('\n- ')}`)
}
