import { useLocation } from '@remix-run/react'
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from '~/components/useTranslation'
import { DEFAULT_NAVIGATION_COLUMNS, type NavLevel2Icon } from '~/models/extra-settings'
import type { MainNavigationRef } from '~/models/navigation'
import { documentHydrated } from './useDocumentHydrated'
import { useLinkClicks } from './useLinkClicks'

/**
 * The markup of the page's list, on the server only (entry.server provides it from the shop layout's loader).
 * In the browser the list the server sent stays as it is: a page's data carries its key, not the tree.
 */
export const MainNavigationHtml = createContext<string | undefined>(undefined)

/** Level-0 flyouts share this name, so the browser keeps one open at a time, even without JavaScript. */
const FLYOUT_GROUP = 'main-nav-flyout'

/** Spec §9 breakpoints: mobile under 768 px, tablet under 992 px, desktop otherwise. */
const MOBILE = '(max-width: 767.98px)'

/**
 * Flyouts are `<details>` elements: they open and close without JavaScript. On phones the whole menu sits
 * behind one more `<details>` ("Menu"); from tablet width on it is always shown (CSS). The ~80 links are
 * plain anchors with one delegated click handler doing client-side navigation when JavaScript runs:
 * rendering a router `<Link>` for each cost more server time than the rest of the header.
 */
export function MainNavigation({
  lang,
  navigation,
  extra,
  columns = DEFAULT_NAVIGATION_COLUMNS,
  level2Icon = 'arrow',
}: {
  /** The page's language in URLs (`en`). */
  lang: string
  /** The key of the list the page's data names (null: the shop layout's data failed, an empty list). */
  navigation: MainNavigationRef | null
  extra?: ReactNode
  /** navigationColumns of the extra settings (spec §2.5, default 4): the desktop flyouts' columns. */
  columns?: number
  /** NavLevel2Icon of the extra settings: what marks the flyouts' second-level entries. */
  level2Icon?: NavLevel2Icon
}) {
  const { t } = useTranslation()
  const list = useNavigationList(lang, navigation)
  const location = useLocation()
  const ref = useRef<HTMLDetailsElement>(null)
  const onClick = useLinkClicks()
  // Escape closes the innermost open flyout (or the phone menu) around the focus and returns focus to its
  // toggle, so a keyboard user is never left inside a panel covering the page.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return
    const open = (event.target as Element).closest<HTMLDetailsElement>('details[open]')
    if (!open || !ref.current?.contains(open)) return
    event.preventDefault()
    open.open = false
    open.querySelector<HTMLElement>(':scope > summary')?.focus()
  }
  // With JavaScript, a navigation closes the menu and any open flyout. Not at hydration: a flyout the
  // visitor opened while the page was still loading stays open.
  const shownKey = useRef(location.key)
  useEffect(() => {
    if (shownKey.current === location.key) return
    shownKey.current = location.key
    ref.current?.querySelectorAll('details[open]').forEach((d) => d.removeAttribute('open'))
    ref.current?.removeAttribute('open')
  }, [location.key])
  // Opening a flyout closes the others, except on phones (spec §4.6), where the menu is an accordion.
  useEffect(() => {
    const mobile = window.matchMedia(MOBILE)
    const apply = () =>
      ref.current
        ?.querySelectorAll('.nav-level-0 > li > details')
        .forEach((d) => (mobile.matches ? d.removeAttribute('name') : d.setAttribute('name', FLYOUT_GROUP)))
    apply()
    mobile.addEventListener('change', apply)
    return () => mobile.removeEventListener('change', apply)
  }, [])
  return (
    <details className="nav-menu" ref={ref} onKeyDown={onKeyDown}>
      <summary className="nav-menu-toggle">{t('header.navigation.menu')}</summary>
      <nav
        className={`main-nav nav-l2-${level2Icon}`}
        aria-label={t('header.navigation.label')}
        onClick={onClick}
        style={{ '--nav-columns': columns } as CSSProperties}
        data-nav-columns={columns}
      >
        {/* The server's list is kept at hydration (React and Preact leave inner HTML as it is then). */}
        <ul
          className="nav-level-0"
          ref={list.ref}
          dangerouslySetInnerHTML={{ __html: list.html }}
          suppressHydrationWarning
        />
        {/* The header's further links, here on phones only (app.css). */}
        {extra ? <div className="nav-extra">{extra}</div> : null}
      </nav>
    </details>
  )
}

/**
 * The list's markup: on the server the page's own. In the browser, the list the server sent is kept at
 * hydration (the value is then a placeholder React and Preact do not write) and remembered by its key, so a
 * header made again (an error page's) shows it too. A page naming another list (a category added, removed or
 * renamed since, or a link into another language) fetches it; if that fails the list shown stays, and the
 * next page tries again. The value of one header changes only with its key: rewriting the same markup would
 * close an open flyout.
 */
function useNavigationList(lang: string, navigation: MainNavigationRef | null) {
  const serverHtml = useContext(MainNavigationHtml)
  const key = navigation?.key ?? ''
  const page = useLocation().key
  const ref = useRef<HTMLUListElement>(null)
  const [shown, setShown] = useState(() => {
    const html = serverHtml ?? knownLists.get(key)
    if (html !== undefined) return { key, html }
    // At hydration the server's list is in the page and kept; a header made later without it shows none
    // until it is fetched.
    return { key: documentHydrated() ? '' : key, html: KEPT }
  })
  useEffect(() => {
    if (shown.html === KEPT && shown.key && ref.current && !knownLists.has(shown.key))
      knownLists.set(shown.key, ref.current.innerHTML)
  }, [shown])
  useEffect(() => {
    if (!key || key === shown.key) return
    const known = knownLists.get(key)
    if (known !== undefined) return setShown({ key, html: known })
    const controller = new AbortController()
    fetch(`/${lang}/main-navigation?v=${encodeURIComponent(key)}`, { signal: controller.signal })
      .then((response) =>
        response.ok ? response.text() : Promise.reject(new Error(String(response.status))),
      )
      .then((html) => {
        knownLists.set(key, html)
        setShown({ key, html })
      })
      .catch(() => {})
    return () => controller.abort()
  }, [lang, key, shown.key, page])
  return { ref, html: shown.html }
}

/** What the browser renders for the list it keeps from the server (never written into the page). */
const KEPT = ''

/** The lists this page has shown, by key (a few: one per language and catalog change visited). */
const knownLists = new Map<string, string>()
