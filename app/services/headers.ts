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

/**
 * A page whose form posts to another site (a punchout's hook or return URL) names that site's origin in this
 * answer header; the HTTP layer adds it to the CSP's `form-action` and does not send the header on
 * (server/security.mjs `FORM_TARGET_HEADER`, the same name).
 */
export const FORM_TARGET_HEADER = 'x-shop-form-target'

/** The origin a form posting to `url` needs in `form-action`. */
export const formTargetOf = (url: string) => ({ [FORM_TARGET_HEADER]: new URL(url).origin })

/**
 * Document headers of a page whose form posts to another site: `pageHeaders`, and the form's target origin
 * from its loader (`formTargetOf`), which the HTTP layer turns into the CSP's `form-action`.
 */
export const formPageHeaders: HeadersFunction = (args) => {
  const headers = new Headers(pageHeaders(args))
  const target = args.loaderHeaders.get(FORM_TARGET_HEADER)
  if (target && !args.errorHeaders) headers.set(FORM_TARGET_HEADER, target)
  return headers
}
