import { hasSessionCookie } from './session.server'

export const PRIVATE_NO_STORE = 'private, no-store'

/**
 * Anonymous catalog pages may be shared by a CDN for a minute and served stale while it revalidates;
 * a shopper with a session (token, basket, flash message) always gets a personal, uncached page.
 */
export function catalogCacheControl(request: Request): string {
  return hasSessionCookie(request)
    ? PRIVATE_NO_STORE
    : 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'
}

export function cacheHeaders(request: Request, kind: 'catalog' | 'private'): HeadersInit {
  return {
    'Cache-Control': kind === 'catalog' ? catalogCacheControl(request) : PRIVATE_NO_STORE,
    Vary: 'Cookie',
  }
}
