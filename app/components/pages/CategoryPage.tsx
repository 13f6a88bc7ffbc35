import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { CategoryPageData } from '~/models/catalog-page'
import { Breadcrumb } from '../Breadcrumb'
import { Listing } from '../Listing'
import { CmsContent } from '../CmsContent'
import { useShell } from '../useShell'

type Page = CategoryPageData

export function CategoryPage({ page }: { page: Page }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const { category, listing } = page
  return (
    <>
      <Breadcrumb items={category.breadcrumb} homeUrl={`/${locale.lang}/home`} />
      <h1>{category.name}</h1>
      {category.description ? <p>{category.description}</p> : null}
      {category.content?.top.length ? (
        <div className="category-content category-content-top">
          <CmsContent pagelets={category.content.top} />
        </div>
      ) : null}
      {category.subCategories.length > 0 ? (
        <section>
          <h2>{t('category.subcategories.title')}</h2>
          <ul className="category-grid">
            {category.subCategories.map((c) => (
              <li key={c.id}>
                <Link to={c.url} className="category-card" prefetch="intent">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {listing.total > 0 || listing.filters ? (
        <Listing listing={listing} title={t('category.products.count', { count: listing.total })} />
      ) : category.subCategories.length === 0 ? (
        <p>{t('category.empty')}</p>
      ) : null}
      {category.content?.bottom.length ? (
        <div className="category-content category-content-bottom">
          <CmsContent pagelets={category.content.bottom} />
        </div>
      ) : null}
    </>
  )
}
