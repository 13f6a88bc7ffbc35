import { useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { NavItem } from '~/models/navigation'

/** At depth above 1 only the first 5 entries show, with "see all" after the 4th (spec §2.5). */
const MAX_ENTRIES = 5
const SHOWN_BEFORE_SEE_ALL = 4

function SubList({ item, depth }: { item: NavItem; depth: number }) {
  const { t } = useTranslation()
  if (item.children.length === 0) return null
  const limited = depth > 1 && item.children.length > MAX_ENTRIES
  const shown = limited ? item.children.slice(0, SHOWN_BEFORE_SEE_ALL) : item.children
  return (
    <ul className={`nav-level-${depth}`}>
      {shown.map((child) => (
        <li key={child.id}>
          <a href={child.url}>{child.name}</a>
          <SubList item={child} depth={depth + 1} />
        </li>
      ))}
      {limited ? (
        <li className="see-all">
          <a href={item.url}>{t('header.navigation.see_all')}</a>
        </li>
      ) : null}
    </ul>
  )
}

/**
 * Flyouts are `<details>` elements: they open and close without JavaScript. The ~80 links are plain
 * anchors with one delegated click handler doing client-side navigation when JavaScript runs: rendering
 * a router `<Link>` for each cost more server time than the rest of the header.
 */
export function MainNavigation({ items }: { items: NavItem[] }) {
  const { t } = useTranslation()
  const location = useLocation()
  const navigate = useNavigate()
  const ref = useRef<HTMLElement>(null)
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest('a')
    if (!anchor || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    event.preventDefault()
    navigate(anchor.getAttribute('href')!)
  }
  // With JavaScript, a navigation closes any open flyout.
  useEffect(() => {
    ref.current?.querySelectorAll('details[open]').forEach((d) => d.removeAttribute('open'))
  }, [location.key])
  return (
    <nav className="main-nav" aria-label={t('header.navigation.label')} ref={ref} onClick={onClick}>
      <ul className="nav-level-0">
        {items.map((item) => (
          <li key={item.id}>
            <details>
              <summary aria-label={t('header.navigation.toggle', { name: item.name })}>{item.name}</summary>
              <div className="flyout">
                <a href={item.url} className="flyout-title">
                  {item.name}
                </a>
                <SubList item={item} depth={1} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </nav>
  )
}
