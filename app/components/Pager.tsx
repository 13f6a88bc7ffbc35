import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'

/**
 * Page links of a list: previous, the first and last page and those near the current one, next; the current
 * page marked (`aria-current`). `href` makes each page's address (keeping the list's filters); the texts are
 * the keys `{texts}.pages` (the navigation's name), `.previous`, `.next` and `.page` ("Page 2 of 5").
 * Nothing when there is one page.
 */
export function Pager({
  page,
  pages,
  href,
  texts,
}: {
  page: number
  pages: number
  href: (page: number) => string
  texts: string
}) {
  const { t } = useTranslation()
  if (pages <= 1) return null
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter(
    (n) => n === 1 || n === pages || Math.abs(n - page) <= 2,
  )
  return (
    <nav aria-label={t(`${texts}.pages`)} className="pager">
      <ul>
        {page > 1 ? (
          <li>
            <Link to={href(Math.min(page - 1, pages))} rel="prev">
              {t(`${texts}.previous`)}
            </Link>
          </li>
        ) : null}
        {numbers.map((n) => (
          <li key={n}>
            <Link
              to={href(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t(`${texts}.page`, { page: n, pages })}
            >
              {n}
            </Link>
          </li>
        ))}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} rel="next">
              {t(`${texts}.next`)}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
