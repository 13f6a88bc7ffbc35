import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

/**
 * What a full page load gives for free and a client-side navigation does not: the new page is announced
 * (its title, in a polite live region) and focus moves into it, so a screen reader or keyboard user goes on
 * from the new page, not from the link that led there.
 *
 * - A new page (another path) focuses its main heading, without scrolling (scroll restoration decides that).
 * - A location with a fragment focuses its target (`/basket#line-42` after a change of that line, the reason
 *   checkout is blocked), which the browser also scrolls into view; without JavaScript the browser scrolls
 *   to it as well and starts the next Tab there.
 * - The same page again without a fragment (a filter, a form posted back to its page) leaves focus where
 *   the shopper is, unless it was lost with the element that had it; then the heading takes it.
 * Not at hydration: the browser has placed focus for the loaded page already.
 */
export function RouteAnnouncer() {
  const location = useLocation()
  const [announcement, setAnnouncement] = useState('')
  const shown = useRef({ key: location.key, pathname: location.pathname })
  useEffect(() => {
    const previous = shown.current
    if (previous.key === location.key) return
    shown.current = { key: location.key, pathname: location.pathname }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
    const newPage = previous.pathname !== location.pathname
    const lost = !document.activeElement || document.activeElement === document.body
    if (target) focusElement(target, false)
    else if (newPage || lost) focusHeading()
    if (newPage) setAnnouncement(document.title)
  }, [location.key, location.pathname, location.hash])
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </p>
  )
}

function focusHeading() {
  const main = document.getElementById('main')
  const heading = main?.querySelector<HTMLElement>('h1') ?? main
  if (heading) focusElement(heading, true)
}

/** Focuses an element, making it focusable by script (not by Tab) when it is not already. */
function focusElement(element: HTMLElement, preventScroll: boolean) {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll })
}
