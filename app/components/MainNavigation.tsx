import { useLocation, useNavigate } from '@remix-run/react'
import {
  useEffect,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_NAVIGATION_COLUMNS, type NavLevel2Icon } from '~/models/extra-settings'
import type { NavItem } from '~/models/navigation'

/** At depth above 1 only the first 5 entries show, with "see all" after the 4th (spec §2.5). */
const MAX_ENTRIES = 5
const SHOWN_BEFORE_SEE_ALL = 4

/** Text as HTML text or attribute value. */
const escaped = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

type NavTexts = { seeAll: string; toggle: (name: string) => string }

/** A category's entries below it: at depth above 1 only the first 5, with "see all" after the 4th (spec §2.5). */
function subListHtml(item: NavItem, depth: number, texts: NavTexts): string {
  if (item.children.length === 0) return ''
  const limited = depth > 1 && item.children.length > MAX_ENTRIES
  const shown = limited ? item.children.slice(0, SHOWN_BEFORE_SEE_ALL) : item.children
  const entries = shown.map(
    (child) =>
      `<li><a href="${escaped(child.url)}">${escaped(child.name)}</a>${subListHtml(child, depth + 1, texts)}</li>`,
  )
  if (limited)
    entries.push(`<li class="see-all"><a href="${escaped(item.url)}">${escaped(texts.seeAll)}</a></li>`)
  return `<ul class="nav-level-${depth}">${entries.join('')}</ul>`
}

/**
 * The flyouts' markup: ~80 links the same on every page of a language, so it is made once per navigation
 * (the tree is the ICM cache's, so this lives as long as that answer) and language, as HTML rather than
 * ~250 React elements rendered per page (issue 37). The browser builds the same string from the same data,
 * so hydration keeps it as it is; the links are plain anchors anyway (one delegated click handler).
 */
const listHtmlOf = new WeakMap<NavItem[], Map<string, string>>()
export function navigationListHtml(items: NavItem[], language: string, texts: NavTexts): string {
  let byLanguage = listHtmlOf.get(items)
  if (!byLanguage) listHtmlOf.set(items, (byLanguage = new Map()))
  let html = byLanguage.get(language)
  if (html === undefined) {
    html = items
      .map(
        (item) =>
          `<li><details name="${FLYOUT_GROUP}"><summary aria-label="${escaped(texts.toggle(item.name))}">${escaped(item.name)}</summary>` +
          `<div class="flyout"><a href="${escaped(item.url)}" class="flyout-title">${escaped(item.name)}</a>${subListHtml(item, 1, texts)}</div></details></li>`,
      )
      .join('')
    byLanguage.set(language, html)
  }
  return html
}

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
  items,
  extra,
  columns = DEFAULT_NAVIGATION_COLUMNS,
  level2Icon = 'arrow',
}: {
  items: NavItem[]
  extra?: ReactNode
  /** navigationColumns of the extra settings (spec §2.5, default 4): the desktop flyouts' columns. */
  columns?: number
  /** NavLevel2Icon of the extra settings: what marks the flyouts' second-level entries. */
  level2Icon?: NavLevel2Icon
}) {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  const navigate = useNavigate()
  const ref = useRef<HTMLDetailsElement>(null)
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest('a')
    if (!anchor || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    event.preventDefault()
    navigate(anchor.getAttribute('href')!)
  }
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
        <ul
          className="nav-level-0"
          dangerouslySetInnerHTML={{
            __html: navigationListHtml(items, i18n.language, {
              seeAll: t('header.navigation.see_all'),
              toggle: (name) => t('header.navigation.toggle', { name }),
            }),
          }}
        />
        {/* The header's further links, here on phones only (app.css). */}
        {extra ? <div className="nav-extra">{extra}</div> : null}
      </nav>
    </details>
  )
}
