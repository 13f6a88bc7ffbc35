import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CategoryPage } from '~/components/pages/CategoryPage'
import { ContentPage } from '~/components/pages/ContentPage'
import { ProductPage } from '~/components/pages/ProductPage'
import { seoMeta } from '~/models/seo'
import { parseShopPath } from '~/models/url'
import { loadCategoryPage } from '~/services/category-page.server'
import { loadContentPage } from '~/services/content-page.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { notFound } from '~/services/http.server'
import { loadProductPage } from '~/services/product-page.server'
import { productPageHeaders } from '~/services/recently.server'
import { shopperOf } from '~/services/shopper.server'
import { catalogTracking, trackedPageHeaders } from '~/services/tracking.server'

export const headers = pageHeaders

/**
 * The shop's SEO paths (`…-ctg{id}`, `…-prd{sku}`, `…-pg{id}`) cannot be route patterns: this splat route
 * parses them and hands over to the page's loader. It has no action: the product page's add form posts to
 * `/{lang}/basket/add`, so a post here is answered 405 by Remix.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await shopperOf({ request, params, context })
  const path = parseShopPath(params['*'] ?? '')
  if (path.kind === 'unknown') throw notFound()
  if (path.kind === 'product') {
    const page = await loadProductPage({ request, shopper, sku: path.sku, canonical: path.canonical })
    // With the shopper's tracking consent, the view is tracked (ADR 0035): `tracking` feeds the dataLayer.
    const tracking = await catalogTracking({ request, context }, shopper, page)
    return data({ ...page, tracking }, { headers: trackedPageHeaders(productPageHeaders(request), tracking) })
  }
  const page =
    path.kind === 'category'
      ? await loadCategoryPage({ request, shopper, ...path })
      : await loadContentPage(request, shopper, path.id, path.canonical)
  const tracking = await catalogTracking({ request, context }, shopper, page)
  return data(
    { ...page, tracking },
    { headers: trackedPageHeaders(cacheHeaders(request, 'catalog'), tracking) },
  )
}

export default function CatalogPage() {
  const page = useLoaderData<typeof loader>()
  if (page.kind === 'content') return <ContentPage page={page} />
  return page.kind === 'category' ? <CategoryPage page={page} /> : <ProductPage page={page} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo)
