import { PRIVATE_NO_STORE } from './headers'
import { hasSessionCookie } from './session.server'

export { PRIVATE_NO_STORE }

/**
 * Anonymous catalog pages may be shared by a CDN for a minute and served stale while it revalidates;
 * a shopper with a session (token, basket, flash message) always gets a personal, uncached page.
 */
export function catalogCacheControl(request: Request): string {
  return hasSessionCookie(request)
    ? PRIVATE_NO_STORE
    : 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'
}

/**
 * The one way a personal answer (account, basket, checkout, a download) is marked: never stored by a shared
 * cache, and varying by the cookie it was made for. `extra` adds the answer's own headers.
 */
export function privateHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'Cache-Control': PRIVATE_NO_STORE, Vary: 'Cookie', ...extra }
}

export function cacheHeaders(request: Request, kind: 'catalog' | 'private'): HeadersInit {
  if (kind === 'private') return privateHeaders()
  return { 'Cache-Control': catalogCacheControl(request), Vary: 'Cookie' }
}

/** The 404 a loader throws for a page or resource that does not exist (the root boundary renders it). */
export function notFound(): Response {
  return new Response(null, { status: 404, statusText: 'Not Found' })
}
