import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ProductGrid } from '~/components/ProductTile'
import { productUrl } from '~/models/url'
import { prices, searchProducts } from '~/services/catalog.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'
import { noindexMeta } from '~/models/seo'

export const headers = pageHeaders

/** Items per search page (spec §9). */
const SEARCH_PAGE_SIZE = 12

/** `/search?searchTerm=…`: matching products; a single hit goes straight to the product (spec §4 Search). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale, scope } = await shopperOf(request, params)
  const t = fixedT(locale.id)
  const term = (new URL(request.url).searchParams.get('searchTerm') ?? '').trim().slice(0, 200)
  if (!term) {
    return data(
      { title: t('search.title'), term, total: 0, results: [] },
      { headers: cacheHeaders(request, 'catalog') },
    )
  }
  const found = await searchProducts(scope, term, { page: 1, pageSize: SEARCH_PAGE_SIZE })
  const urlOf = (p: { sku: string; name: string }) => productUrl(locale, p)
  if (found.total === 1 && found.products[0]) throw redirect(urlOf(found.products[0]))
  const priceMap = await prices(
    scope,
    found.products.map((p) => p.sku),
  )
  return data(
    {
      title: t('search.results', { count: found.total, term }),
      term,
      total: found.total,
      results: found.products.map((p) => ({ tile: p, url: urlOf(p), price: priceMap.get(p.sku) })),
    },
    { headers: cacheHeaders(request, 'catalog') },
  )
}

export default function SearchPage() {
  const { term, total, results } = useLoaderData<typeof loader>()

  const { t } = useTranslation()
  if (!term) return <h1>{t('search.empty_term')}</h1>
  return (
    <>
      <h1>{total > 0 ? t('search.results', { count: total, term }) : t('search.no_results', { term })}</h1>
      {total === 0 ? <p>{t('search.no_results.hint')}</p> : null}
      <ProductGrid entries={results} />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
