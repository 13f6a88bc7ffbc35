import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { SerializeFrom } from '@remix-run/node'
import type { CatalogLoader } from '~/routes/$lang.$'
import { Breadcrumb } from '../Breadcrumb'
import { pageGroup, SORTINGS, VIEWS } from '~/models/listing'
import { ProductGrid } from '../ProductTile'
import { useShell } from '../useShell'

type Page = Extract<SerializeFrom<CatalogLoader>, { kind: 'category' }>

export function CategoryPage({ page }: { page: Page }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const location = useLocation()
  const { category, listing } = page
  const submit = useSubmit()
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
          <Form
            method="get"
            className="listing-toolbar"
            // With JavaScript a change applies at once; without it the Apply button does.
            onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
          >
            <label>
              {t('listing.sorting.label')}{' '}
              <select name="sorting" defaultValue={listing.sorting ?? ''}>
                <option value="">{t('listing.sorting.default')}</option>
                {SORTINGS.map((key) => (
                  <option key={key} value={key}>
                    {t(`listing.sorting.${key}`)}
                  </option>
                ))}
              </select>
            </label>
            <fieldset>
              <legend>{t('listing.view.label')}</legend>
              {VIEWS.map((view) => (
                <label key={view}>
                  <input type="radio" name="view" value={view} defaultChecked={listing.view === view} />{' '}
                  {t(`listing.view.${view}`)}
                </label>
              ))}
            </fieldset>
            <noscript>
              <button type="submit">{t('listing.apply')}</button>
            </noscript>
          </Form>
          <ProductGrid entries={listing.products} view={listing.view} />
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
                {pageGroup(listing.page, pageCount).map((n) => (
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
