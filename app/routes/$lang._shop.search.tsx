import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Listing } from '~/components/Listing'
import { SearchCorrection } from '~/components/SearchCorrection'
import { pageSizesOf, parseListingParams, sortOptions } from '~/models/listing'
import { noindexMeta } from '~/models/seo'
import { categoryUrl, searchRedirectTarget, searchUrl } from '~/models/url'
import { categoryTree, productLinker } from '~/services/categories.server'
import { prices } from '~/services/prices.server'
import { productFilters, searchProducts } from '~/services/products.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders, notFound } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'

export const headers = pageHeaders

/** Items per search page (spec §9). */
const SEARCH_PAGE_SIZE = 12
const MAX_TERM_LENGTH = 200

/**
 * `/search?searchTerm=…`: ranked matches with facets, sorting and paging. A term with a redirect URL
 * leads there; a single hit goes straight to the product (spec §4 Search). When the commerce API searched
 * for a corrected spelling, the page says so and links to the term as typed (`correctSpelling=false`).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, scope } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const search = new URL(request.url).searchParams
  const term = (search.get('searchTerm') ?? '').trim().slice(0, MAX_TERM_LENGTH)
  const listingParams = parseListingParams(search, SEARCH_PAGE_SIZE)
  if (!listingParams) throw notFound()
  if (!term) {
    return data(
      { title: t('search.title'), term, correction: null, asTyped: false, listing: null, browse: [] },
      { headers: cacheHeaders(request, 'catalog') },
    )
  }
  const { page, sorting, view, filters, pageSize } = listingParams
  const correctSpelling = search.get('correctSpelling') !== 'false'
  const [found, filterGroups] = await Promise.all([
    searchProducts(scope, term, { page, pageSize, sortKey: sorting, filters }, { correctSpelling }),
    productFilters(scope, { searchTerm: term, correctSpelling }, filters),
  ])
  const sortings = sortOptions(found.sortKeys, sorting, t)
  if (!sortings) throw notFound()
  if (found.redirectUrl) throw redirect(searchRedirectTarget(locale, found.redirectUrl))
  const urlOf = await productLinker(scope)
  if (found.total === 1 && found.products[0] && !filters) throw redirect(urlOf(found.products[0]))
  if (page > 1 && found.products.length === 0) throw notFound()
  const priceMap = await prices(
    scope,
    found.products.map((p) => p.sku),
  )
  // Nothing found: the top categories to browse instead (the header's tree, from the ICM cache).
  const browse =
    found.total === 0 && !filters
      ? (await categoryTree(scope)).map((category) => ({
          id: category.uniqueId,
          name: category.name,
          url: categoryUrl(locale, category),
        }))
      : []
  const correction = found.correctedTerm
    ? { term: found.correctedTerm, insteadUrl: `${searchUrl(locale, term)}&correctSpelling=false` }
    : null
  return data(
    {
      title: t('search.results', { count: found.total, term: correction?.term ?? term }),
      term,
      correction,
      asTyped: !correctSpelling,
      browse,
      listing: {
        page,
        sorting,
        sortings,
        view,
        filters,
        filterGroups,
        pageSize,
        pageSizes: pageSizesOf(SEARCH_PAGE_SIZE),
        total: found.total,
        products: found.products.map((p) => ({ tile: p, url: urlOf(p), price: priceMap.get(p.sku) })),
      },
    },
    { headers: cacheHeaders(request, 'catalog') },
  )
}

export default function SearchPage() {
  const { term, listing, correction, asTyped, browse } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  if (!term || !listing) return <h1>{t('search.empty_term')}</h1>
  if (listing.total === 0 && !listing.filters) {
    return (
      <section className="search-empty">
        <h1>{t('search.no_results', { term })}</h1>
        <p>{t('search.no_results.hint')}</p>
        <ul>
          <li>{t('search.no_results.tip_spelling')}</li>
          <li>{t('search.no_results.tip_words')}</li>
          <li>{t('search.no_results.tip_sku')}</li>
        </ul>
        {browse.length ? (
          <>
            <h2>{t('search.no_results.browse')}</h2>
            <ul className="category-grid">
              {browse.map((entry) => (
                <li key={entry.id}>
                  <Link to={entry.url} className="category-card">
                    {entry.name}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    )
  }
  const searched = correction?.term ?? term
  return (
    <>
      <h1>{t('search.heading', { term: searched })}</h1>
      {correction ? <SearchCorrection typed={term} {...correction} /> : null}
      <Listing
        listing={listing}
        title={t('search.results', { count: listing.total, term: searched })}
        hidden={{ searchTerm: term, ...(asTyped ? { correctSpelling: 'false' } : {}) }}
      />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
