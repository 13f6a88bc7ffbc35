import type { LoaderFunctionArgs } from '@remix-run/node'
import { config } from '~/services/config.server'

/**
 * ICM's static files (product images, attachments) through the storefront's own origin, so the browser
 * never needs to reach ICM directly; their long cache headers let a CDN keep them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  let upstream: Response
  try {
    upstream = await fetch(`${config.icmBaseUrl}${url.pathname}`, {
      signal: AbortSignal.timeout(config.icmTimeoutMs),
    })
  } catch {
    return new Response(null, { status: 503 })
  }
  const headers = new Headers()
  for (const name of ['content-type', 'cache-control', 'content-length', 'etag', 'last-modified']) {
    const value = upstream.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(upstream.ok ? upstream.body : null, { status: upstream.status, headers })
}
