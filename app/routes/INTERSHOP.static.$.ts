import type { LoaderFunctionArgs } from '@remix-run/node'
import { config } from '~/services/config.server'
import { notFound } from '~/services/http.server'

/** ICM's static files (product pictures, attachments) live below this path, on ICM as here. */
const STATIC_PREFIX = '/INTERSHOP/static/'

/** Headers of ICM's answer that describe the file; its length only when the body passes unchanged. */
const FILE_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-disposition']
/** Conditional request headers, so that a browser's revalidation can end in a bodyless 304. */
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since']

/**
 * A path this proxy passes on: below the static prefix, and staying there once ICM decodes it (no `.` or
 * `..` segment, no encoded slash or backslash, no control character). Anything else could reach other
 * parts of ICM under the storefront's name.
 */
function isStaticPath(pathname: string): boolean {
  if (!pathname.startsWith(STATIC_PREFIX)) return false
  return pathname
    .slice(STATIC_PREFIX.length)
    .split('/')
    .every((segment) => {
      let decoded: string
      try {
        decoded = decodeURIComponent(segment)
      } catch {
        return false
      }
      // eslint-disable-next-line no-control-regex
      return decoded !== '.' && decoded !== '..' && !/[/\\\u0000-\u001f\u007f]/.test(decoded)
    })
}

/**
 * ICM's static files through the storefront's own origin, so the browser never needs to reach ICM
 * directly; their long cache headers let a CDN keep them. Only a file's body passes: any other answer of
 * ICM becomes the same status without a body (its body is cancelled), and `Content-Length` is sent only
 * with the body it measures (fetch decompresses an encoded body, so an encoded answer's length is not
 * the length passed on).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (!isStaticPath(url.pathname)) return notFound()
  const head = request.method === 'HEAD'
  const forwarded = new Headers()
  for (const name of CONDITIONAL_HEADERS) {
    const value = request.headers.get(name)
    if (value) forwarded.set(name, value)
  }
  let upstream: Response
  try {
    upstream = await fetch(`${config.icmBaseUrl}${url.pathname}`, {
      method: head ? 'HEAD' : 'GET',
      headers: forwarded,
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(config.icmTimeoutMs)]),
    })
  } catch {
    return new Response(null, { status: 503 })
  }
  const headers = new Headers()
  if (upstream.status === 200 || upstream.status === 304) {
    for (const name of FILE_HEADERS) {
      const value = upstream.headers.get(name)
      if (value) headers.set(name, value)
    }
  }
  const length = upstream.headers.get('content-length')
  const encoded = (upstream.headers.get('content-encoding') ?? 'identity') !== 'identity'
  if (upstream.status === 200 && !head) {
    if (length && !encoded) headers.set('content-length', length)
    return new Response(upstream.body, { status: 200, headers })
  }
  await upstream.body?.cancel().catch(() => undefined)
  // A HEAD answer names the length a GET would send.
  if (upstream.status === 200 && length && !encoded) headers.set('content-length', length)
  return new Response(null, { status: passedStatus(upstream.status), headers })
}

/** ICM's status as this answer's: the file's (200, 304, 4xx) or ICM's maintenance (503); else 502. */
function passedStatus(status: number): number {
  return status === 200 || status === 304 || status === 503 || (status >= 400 && status < 500) ? status : 502
}
