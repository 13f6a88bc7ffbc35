import { Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { SerializeFrom } from '@remix-run/node'
import type { CatalogLoader } from '~/routes/$lang.$'
import { Breadcrumb } from '../Breadcrumb'
import { ProductGrid } from '../ProductTile'
import { useShell } from '../useShell'

type Page = Extract<SerializeFrom<CatalogLoader>, { kind: 'category' }>

export function CategoryPage({ page }: { page: Page }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const location = useLocation()
  const { category, listing } = page
  const pageCount = Math.ceil(listing.total / listing.pageSize)
  const pageUrl = (n: number) => {
    const params = new URLSearchParams(location.search)
    if (n === 1) params.delete('page')
    else params.set('page', String(n))
    const query = params.toString()
    return `${location.pathname}${query ? `?${query}` : ''}`
  }
  return (
    <>
      <Breadcrumb items={category.breadcrumb} homeUrl={`/${locale.lang}/home`} />
      <h1>{category.name}</h1>
      {category.description ? <p>{category.description}</p> : null}
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
      {listing.total > 0 ? (
        <section aria-labelledby="listing-title">
          <h2 id="listing-title">{t('category.products.count', { count: listing.total })}</h2>
          <ProductGrid entries={listing.products} />
          {pageCount > 1 ? (
            <nav className="pagination" aria-label={t('paging.label')}>
              <ul>
                {listing.page > 1 ? (
                  <li>
                    <Link to={pageUrl(listing.page - 1)} rel="prev">
                      {t('paging.previous')}
                    </Link>
                  </li>
                ) : null}
                {Array.from({ length: pageCount }, (_, i) => i + 1)
                  .filter((n) => Math.floor((n - 1) / 10) === Math.floor((listing.page - 1) / 10))
                  .map((n) => (
                    <li key={n}>
                      {n === listing.page ? (
                        <span aria-current="page">{n}</span>
                      ) : (
                        <Link to={pageUrl(n)} aria-label={t('paging.page', { page: n })}>
                          {n}
                        </Link>
                      )}
                    </li>
                  ))}
                {listing.page < pageCount ? (
                  <li>
                    <Link to={pageUrl(listing.page + 1)} rel="next">
                      {t('paging.next')}
                    </Link>
                  </li>
                ) : null}
              </ul>
            </nav>
          ) : null}
        </section>
      ) : category.subCategories.length === 0 ? (
        <p>{t('category.empty')}</p>
      ) : null}
    </>
  )
}
