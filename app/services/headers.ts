import type { HeadersFunction } from '@remix-run/node'

/** Cache-Control of every personal answer: no shared or browser cache keeps it. */
export const PRIVATE_NO_STORE = 'private, no-store'

/**
 * Document headers of a page: its loader's Cache-Control and Vary, unless a cookie is being set, which
 * makes the page personal. Errors are never cached.
 */
export const pageHeaders: HeadersFunction = ({
  loaderHeaders,
  parentHeaders,
  errorHeaders,
  actionHeaders,
}) => {
  const headers = new Headers()
  // How long to wait before trying again (429, 503), from whatever answer of this request said so.
  const retryAfter = [errorHeaders, actionHeaders, loaderHeaders]
    .map((h) => h?.get('Retry-After'))
    .find(Boolean)
  if (retryAfter) headers.set('Retry-After', retryAfter)
  if (errorHeaders) {
    headers.set('Cache-Control', 'no-store')
    return headers
  }
  const setsCookie = parentHeaders.has('Set-Cookie') || loaderHeaders.has('Set-Cookie')
  const cacheControl = loaderHeaders.get('Cache-Control')
  headers.set('Cache-Control', setsCookie || !cacheControl ? PRIVATE_NO_STORE : cacheControl)
  headers.set('Vary', loaderHeaders.get('Vary') ?? 'Cookie')
  return headers
}
