import type { FastifyInstance } from 'fastify'
import { ErrorBodySchema, NOT_JSON, wireSchemaOf } from '../../commerce-api/icm/schemas'
import { invariantViolations } from '../../commerce-api/icm/schemas/invariants'

/** Answers in a shape ICM never sends, seen by any test of this file; `assertWireFaithful` reports them. */
const violations: string[] = []

const notJson = new Set(NOT_JSON.map((entry) => `${entry.method} ${entry.route}`))

function describe(issues: { path: (string | number)[]; message: string }[]) {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ')
}

/**
 * Validates every JSON answer of the server against the schema of the route that made it (ICM's shape for the
 * resource), and every refusal against ICM's error body. A route without a rule is a violation too, and so is
 * a message code outside the registry or a set of totals that does not add up (icm/schemas/invariants.ts).
 */
export function installWireCheck(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url
    const method = request.method === 'HEAD' ? 'GET' : request.method
    const where = `${request.method} ${request.url} (${route ?? 'no route'}) → ${reply.statusCode}`
    const type = String(reply.getHeader('content-type') ?? '')
    const status = reply.statusCode
    if (route && notJson.has(`${method} ${route}`) && status < 400) return payload
    // A page that is no ICM resource (the payment page) refuses in its own format; a JSON refusal is ICM's.
    if (route && notJson.has(`${method} ${route}`) && !/json/.test(type)) return payload
    if (payload === undefined || payload === null || payload === '') return payload
    if (!/json/.test(type)) {
      if (status >= 400) violations.push(`${where}: a refusal must be ICM's JSON error body, got ${type}`)
      return payload
    }
    if (typeof payload !== 'string') return payload
    let body: unknown
    try {
      body = JSON.parse(payload)
    } catch {
      violations.push(`${where}: the body is not JSON`)
      return payload
    }
    const path = request.url.split('?')[0] ?? ''
    const schema = status >= 400 ? ErrorBodySchema : route ? wireSchemaOf(method, route, path) : undefined
    if (!schema) {
      violations.push(`${where}: no wire schema for ${method} ${route} (commerce-api/icm/schemas)`)
      return payload
    }
    const result = schema.safeParse(body)
    if (!result.success) violations.push(`${where}: ${describe(result.error.issues)}`)
    for (const found of invariantViolations(body)) violations.push(`${where}: ${found}`)
    return payload
  })
}

/** Throws (failing the test that caused them) when answers broke ICM's shapes since the last call. */
export function assertWireFaithful() {
  if (violations.length === 0) return
  const found = violations.splice(0)
  throw new Error(`Answers in a shape ICM never sends:\n- ${found.join('\n- ')}`)
}
