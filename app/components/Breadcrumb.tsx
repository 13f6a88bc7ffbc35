import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'

export function Breadcrumb({ items, homeUrl }: { items: { name: string; url?: string }[]; homeUrl: string }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('breadcrumb.label')} className="breadcrumb">
      <ol>
        <li>
          <Link to={homeUrl}>{t('breadcrumb.home')}</Link>
        </li>
        {items.map((item, i) =>
          item.url && i < items.length - 1 ? (
            <li key={i}>
              <Link to={item.url}>{item.name}</Link>
            </li>
          ) : (
            <li key={i} aria-current={i === items.length - 1 ? 'page' : undefined}>
              {item.name}
            </li>
          ),
        )}
      </ol>
    </nav>
  )
}
