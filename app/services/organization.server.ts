import { redirect } from '@remix-run/node'
import type { ShopSession } from './session.server'

/** The organization area of the account (spec org §2: its routes are relative to it). */
export const organizationBase = (lang: string) => `/${lang}/account/organization`

/** The parents remembered at once: a few open tabs' worth, so the cookie stays small. */
const MAX_PARENTS = 4

/**
 * A parent page (the user list, a user's detail, the cost center list or detail) remembers that it was opened:
 * the create and edit pages it links to may be opened from now on. Kept in the session, so it holds without
 * JavaScript as well as with client-side navigation (the parent's loader has run before its link is followed).
 */
export function markParentVisited(session: ShopSession, parentPath: string) {
  const visited = session.get('visitedParents') ?? []
  if (visited[0] === parentPath) return
  session.set(
    'visitedParents',
    [parentPath, ...visited.filter((p) => p !== parentPath)].slice(0, MAX_PARENTS),
  )
}

/**
 * A create or edit page opened without its parent page having been opened first (a bookmark, a typed or shared
 * address) goes to the parent (spec org §2, §5).
 */
export function requireParentVisited(shopper: { session: ShopSession }, parentPath: string) {
  if (!(shopper.session.get('visitedParents') ?? []).includes(parentPath)) throw redirect(parentPath)
}

/**
 * After a create or edit page's successful post the marker is used up: opening the page again directly goes to
 * the parent, which sets it anew when the shopper returns there (one-shot).
 */
export function clearParentVisited(session: ShopSession) {
  session.unset('visitedParents')
}
