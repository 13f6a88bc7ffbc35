import { useNavigate } from '@remix-run/react'
import type { MouseEvent } from 'react'

/**
 * One click handler for the many plain links inside an element (the main navigation's, a listing's
 * facets): a plain click on one of them, or Enter on it, navigates in the app as a router `<Link>` would;
 * with a modifier key, another button, a target or a download it is the browser's (a new tab, a file).
 * Rendering a router `<Link>` for each of some sixty links costs more server time than their markup.
 * Without JavaScript they are the plain links they are.
 */
export function useLinkClicks(options?: { preventScrollReset?: boolean }) {
  const navigate = useNavigate()
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest('a')
    if (!anchor || !event.currentTarget.contains(anchor) || event.defaultPrevented) return
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const href = anchor.getAttribute('href')
    if (!href?.startsWith('/') || href.startsWith('//') || anchor.target || anchor.hasAttribute('download'))
      return
    event.preventDefault()
    navigate(href, options)
  }
}
