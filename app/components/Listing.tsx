import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import { useEffect, useRef, type RefObject } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { useHydrated } from 'remix-utils/use-hydrated'
import { listingUrls, splitFacets, type Facet, type FilterGroup } from '~/models/filter'
import { pageGroup, VIEWS } from '~/models/listing'
import type { ListingData } from '~/models/catalog-page'
import { ProductGrid } from './ProductTile'
import { useLinkClicks } from './useLinkClicks'

/**
 * A product listing with facets, sorting, view switch and paging. Everything is a link or a GET form,
 * so every state has a shareable URL that works without JavaScript and with the back button.
 */
export function Listing({
  listing,
  title,
  hidden = {},
}: {
  listing: ListingData
  title: string
  /** Further parameters the toolbar form must keep, e.g. the search term. */
  hidden?: Record<string, string>
}) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const location = useLocation()
  const hydrated = useHydrated()
  const toolbar = useRef<HTMLFormElement>(null)
  // A choice made while the JavaScript was still loading is in the form but was never applied (the change
  // event had no handler yet, and the Apply button goes with hydration): apply it now.
  useEffect(() => {
    const form = toolbar.current
    if (!form) return
    const chosen = new FormData(form)
    const applied: Record<string, string> = {
      sorting: listing.sorting ?? '',
      view: listing.view,
      pageSize: String(listing.pageSize),
    }
    if (Object.entries(applied).some(([name, value]) => chosen.has(name) && chosen.get(name) !== value))
      submit(form, { preventScrollReset: true })
    // Once, at hydration: later changes submit themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const drawer = useRef<HTMLDetailsElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const filters = new URLSearchParams(location.search).get('filters') ?? ''
  // On a phone the filters are a drawer above the products: once a choice in it has been applied, the drawer
  // closes and the results take focus and come into view, so the shopper sees what the filter found (issue 32).
  // From tablet width the drawer is never opened (its content shows without it), so this does nothing there.
  // Not at hydration: on a slow phone the shopper may have opened the drawer before the script ran.
  const appliedFilters = useRef(filters)
  useEffect(() => {
    if (appliedFilters.current === filters) return
    appliedFilters.current = filters
    if (!drawer.current?.open) return
    drawer.current.open = false
    heading.current?.focus({ preventScroll: true })
    heading.current?.scrollIntoView({ block: 'start' })
  }, [filters])
  const pageCount = Math.ceil(listing.total / listing.pageSize)
  const pageUrl = (n: number) => {
    const params = new URLSearchParams(location.search)
    if (n === 1) params.delete('page')
    else params.set('page', String(n))
    const query = params.toString()
    return `${location.pathname}${query ? `?${query}` : ''}`
  }
  return (
    <div className={listing.filterGroups.length ? 'listing with-facets' : 'listing'}>
      {listing.filterGroups.length ? <Facets groups={listing.filterGroups} drawer={drawer} /> : null}
      <section aria-labelledby="listing-title" className="listing-results">
        <h2 id="listing-title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <Form
          ref={toolbar}
          method="get"
          className="listing-toolbar"
          // With JavaScript a change applies at once; without it the Apply button does.
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
        >
          {Object.entries({ ...hidden, ...(listing.filters ? { filters: listing.filters } : {}) }).map(
            ([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ),
          )}
          {/* The sort orders ICM offers for this listing, in its order (none offered: no choice). */}
          {listing.sortings.length ? (
            <label>
              {t('listing.sorting.label')}{' '}
              <select name="sorting" defaultValue={listing.sorting ?? ''}>
                <option value="">{t('listing.sorting.default')}</option>
                {listing.sortings.map(({ key, label }) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <fieldset>
            <legend>{t('listing.view.label')}</legend>
            {VIEWS.map((view) => (
              <label key={view}>
                <input type="radio" name="view" value={view} defaultChecked={listing.view === view} />{' '}
                {t(`listing.view.${view}`)}
              </label>
            ))}
          </fieldset>
          {listing.pageSizes.length > 1 ? (
            <label>
              {t('listing.page_size.label')}{' '}
              <select name="pageSize" defaultValue={String(listing.pageSize)}>
                {listing.pageSizes.map((size) => (
                  <option key={size} value={String(size)}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {/* Before the JavaScript runs (or without it) a change applies with this button. */}
          {hydrated ? null : <button type="submit">{t('listing.apply')}</button>}
        </Form>
        {listing.total > 0 ? (
          <ProductGrid entries={listing.products} view={listing.view} />
        ) : (
          <p className="listing-empty">{t('listing.filters.no_results')}</p>
        )}
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
    </div>
  )
}

/** Facet groups as link lists; the selected values on top with remove links and "clear all". */
function Facets({ groups, drawer }: { groups: FilterGroup[]; drawer: RefObject<HTMLDetailsElement> }) {
  const { t } = useTranslation()
  const location = useLocation()
  const urlFor = listingUrls(location.pathname, location.search)
  const onLinkClick = useLinkClicks({ preventScrollReset: true })
  const selected = groups.flatMap((g) =>
    g.facets.filter((f) => f.selected).map((f) => ({ group: g, facet: f })),
  )
  return (
    // The facets are plain links; with JavaScript one handler navigates in the app and keeps the scroll.
    <aside className="facets" aria-label={t('listing.filters.label')} onClick={onLinkClick}>
      <h2 className="visually-hidden">{t('listing.filters.label')}</h2>
      {selected.length > 0 ? (
        <section className="facets-selected" aria-label={t('listing.filters.selected')}>
          <ul>
            {selected.map(({ group, facet }) => (
              <li key={facet.name}>
                <a href={urlFor(facet.filters)} className="facet-chip">
                  {group.name}: {facet.displayName}
                  <span className="visually-hidden"> – {t('listing.filters.remove')}</span>
                  <span aria-hidden="true"> ×</span>
                </a>
              </li>
            ))}
          </ul>
          <a href={urlFor('')}>{t('listing.filters.clear')}</a>
        </section>
      ) : null}
      {/* On a phone the filters are a drawer, closed, so the first products are on the first screen; from
          tablet width on the sidebar shows them without its summary (app.css). */}
      <details className="filter-drawer" ref={drawer}>
        <summary>
          {selected.length > 0
            ? t('listing.filters.drawer_selected', { count: selected.length })
            : t('listing.filters.label')}
        </summary>
        <FacetGroups groups={groups} urlFor={urlFor} />
      </details>
    </aside>
  )
}

function FacetGroups({ groups, urlFor }: { groups: FilterGroup[]; urlFor: (filters: string) => string }) {
  const { t } = useTranslation()
  return (
    <>
      {groups.map((group) => {
        const { shown, more } = splitFacets(group)
        return (
          <section key={group.id} className="facet-group" aria-labelledby={`facet-${group.id}`}>
            <h3 id={`facet-${group.id}`}>{group.name}</h3>
            <FacetList facets={shown} multiple={group.multiple} urlFor={urlFor} />
            {more.length > 0 ? (
              <details>
                <summary>{t('listing.filters.more', { count: more.length })}</summary>
                <FacetList facets={more} multiple={group.multiple} urlFor={urlFor} />
              </details>
            ) : null}
          </section>
        )
      })}
    </>
  )
}

function FacetList({
  facets,
  multiple,
  urlFor,
}: {
  facets: Facet[]
  multiple: boolean
  urlFor: (filters: string) => string
}) {
  const { t } = useTranslation()
  return (
    <ul className={multiple ? 'facet-list multiple' : 'facet-list single'}>
      {facets.map((facet) => (
        <li key={facet.name}>
          <a
            href={urlFor(facet.filters)}
            rel="nofollow"
            className={facet.selected ? 'facet selected' : 'facet'}
            aria-current={facet.selected ? 'true' : undefined}
          >
            <span className="facet-name">{facet.displayName}</span>{' '}
            <span className="facet-count">({facet.count})</span>
            {facet.selected ? (
              <span className="visually-hidden"> – {t('listing.filters.is_selected')}</span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  )
}
