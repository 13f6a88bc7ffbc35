import { Link, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
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
          <Link to={child.url} prefetch="intent">
            {child.name}
          </Link>
          <SubList item={child} depth={depth + 1} />
        </li>
      ))}
      {limited ? (
        <li className="see-all">
          <Link to={item.url}>{t('header.navigation.see_all')}</Link>
        </li>
      ) : null}
    </ul>
  )
}

/** Flyouts are `<details>` elements: they open and close without JavaScript. */
export function MainNavigation({ items }: { items: NavItem[] }) {
  const { t } = useTranslation()
  const location = useLocation()
  const ref = useRef<HTMLElement>(null)
  // With JavaScript, a navigation closes any open flyout.
  useEffect(() => {
    ref.current?.querySelectorAll('details[open]').forEach((d) => d.removeAttribute('open'))
  }, [location.key])
  return (
    <nav className="main-nav" aria-label={t('header.navigation.label')} ref={ref}>
      <ul className="nav-level-0">
        {items.map((item) => (
          <li key={item.id}>
            <details>
              <summary aria-label={t('header.navigation.toggle', { name: item.name })}>{item.name}</summary>
              <div className="flyout">
                <Link to={item.url} className="flyout-title">
                  {item.name}
                </Link>
                <SubList item={item} depth={1} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </nav>
  )
}
