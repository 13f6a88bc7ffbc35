import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { ContentPageData } from '~/models/catalog-page'
import type { PageNavItem } from '~/models/cms'
import { Breadcrumb } from '../Breadcrumb'
import { CmsContent } from '../CmsContent'
import { useShell } from '../useShell'

type Page = ContentPageData

function NavList({ items }: { items: PageNavItem[] }) {
  if (items.length === 0) return null
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={item.url} aria-current={item.current ? 'page' : undefined} prefetch="intent">
            {item.name}
          </Link>
          <NavList items={item.children} />
        </li>
      ))}
    </ul>
  )
}

/** The pages of the content page's tree: the root as heading, its sub-pages below, the current one marked. */
function PageNavigation({ root }: { root: PageNavItem }) {
  const { t } = useTranslation()
  return (
    <nav className="page-navigation" aria-label={t('content.navigation.label', { name: root.name })}>
      <h2>
        <Link to={root.url} aria-current={root.current ? 'page' : undefined}>
          {root.name}
        </Link>
      </h2>
      <NavList items={root.children} />
    </nav>
  )
}

export function ContentPage({ page }: { page: Page }) {
  const { locale } = useShell()
  const { content } = page
  return (
    <>
      <Breadcrumb items={content.breadcrumb} homeUrl={`/${locale.lang}/home`} />
      <div className={content.navigation ? 'content-page content-page-with-navigation' : 'content-page'}>
        <article className="content-page-body">
          <h1>{content.name}</h1>
          <CmsContent pagelets={content.pagelets} />
        </article>
        {content.navigation ? <PageNavigation root={content.navigation} /> : null}
      </div>
    </>
  )
}
