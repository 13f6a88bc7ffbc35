/**
 * Cross-origin access for browser-side ICM clients (an Intershop PWA served from another origin): the origins
 * of ICM_CORS_ORIGINS may call the API with a preflighted JSON request and read the answers and the headers ICM
 * clients read. Clients authenticate with the `authentication-token` header, never with cookies, so no
 * credentials are allowed. Without ICM_CORS_ORIGINS no other origin may read an answer.
 */
import type { FastifyCorsOptions } from '@fastify/cors'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** `*` (any origin) or exact origins, `scheme://host[:port]`. */
export type CorsOrigins = readonly string[]

/** The headers an ICM client reads from answers: the token of a new basket or login, and the error keys. */
export const EXPOSED_HEADERS = [
  'authentication-token',
  'error-key',
  'error-type',
  'error-missing-attributes',
  'error-invalid-attributes',
]

/** The headers ICM clients send besides the CORS-safelisted ones (the captcha goes in Authorization). */
const ALLOWED_HEADERS = ['authentication-token', 'content-type', 'accept', 'authorization', 'pgid']

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/

/** ICM_CORS_ORIGINS (space- or comma-separated); a value that is no origin stops the start with why. */
export function parseCorsOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(/[\s,]+/).filter(Boolean)
  for (const origin of origins) {
    if (origin !== '*' && !ORIGIN.test(origin))
      throw new Error(`ICM_CORS_ORIGINS: '${origin}' is not an origin (scheme://host[:port], or *)`)
  }
  return origins.map((origin) => (origin === '*' ? origin : new URL(origin).origin))
}

export const isAllowedOrigin = (origins: CorsOrigins, origin: string | undefined): origin is string =>
  origin !== undefined && (origins.includes('*') || origins.includes(origin))

/** @fastify/cors settings: preflights of allowed origins answer 204; others get no CORS headers. */
export function corsOptions(origins: CorsOrigins): FastifyCorsOptions {
  return {
    origin: (origin, callback) => callback(null, isAllowedOrigin(origins, origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
    // A preflight without Access-Control-Request-Method is answered like any other (no text/plain 400).
    strictPreflight: false,
  }
}

/**
 * The CORS headers of an allowed origin on answers made before the CORS hook ran (a malformed URL, an unknown
 * site): a browser-side client can read why it was refused.
 */
export function addCorsHeaders(origins: CorsOrigins, request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin
  if (reply.hasHeader('access-control-allow-origin') || !isAllowedOrigin(origins, origin)) return
  reply
    .header('access-control-allow-origin', origin)
    .header('access-control-expose-headers', EXPOSED_HEADERS.join(', '))
    .header('vary', 'Origin')
}
