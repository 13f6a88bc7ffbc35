import { type LoaderFunctionArgs, type MetaFunction, data } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { CmsContent } from '~/components/CmsContent'
import { ProductGrid } from '~/components/ProductTile'
import { categoryUrl } from '~/models/url'
import { fullRowGrid } from '~/models/grid'
import { tileOf } from '~/models/product'
import type { Pagelet } from '~/models/cms'
import { categoryTree, productLinker } from '~/services/categories.server'
import { prices } from '~/services/prices.server'
import { product } from '~/services/products.server'
import { contentInclude, HOME_INCLUDE } from '~/services/cms.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'

export const headers = pageHeaders

/** Home: the CMS include's pagelets; product lists and category teasers are resolved here. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, scope } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const [content, tree] = await Promise.all([contentInclude(scope, HOME_INCLUDE), categoryTree(scope)])
  const skus = content.pagelets.flatMap((p) =>
    Array.isArray(p.params.Products) ? (p.params.Products as string[]) : [],
  )
  const [featured, priceMap, linkOf] = await Promise.all([
    Promise.all(skus.map((sku) => product(scope, sku).catch(() => null))),
    prices(scope, skus),
    productLinker(scope),
  ])
  return data(
    {
      title: t('home.title'),
      description: t('home.meta.description'),
      pagelets: content.pagelets,
      categories: tree.map((c) => ({ id: c.uniqueId, name: c.name, url: categoryUrl(locale, c) })),
      featured: featured.flatMap((p) =>
        p
          ? [
              {
                tile: tileOf(p),
                url: linkOf(p),
                price: priceMap.get(p.sku),
              },
            ]
          : [],
      ),
    },
    { headers: cacheHeaders(request, 'catalog') },
  )
}

/** Category names are words, not pictures: at most three a row, so long German names fit their cards. */
const CATEGORY_COLUMNS = { phone: 2, tablet: 3, laptop: 3, desktop: 3 }
const PRODUCT_COLUMNS = { phone: 2, tablet: 4, laptop: 5, desktop: 6 }

export default function Home() {
  const { pagelets, categories, featured } = useLoaderData<typeof loader>()

  const { t } = useTranslation()
  const renderSpecial = (pagelet: Pagelet) => {
    if (pagelet.component.endsWith('categoryTeasers')) {
      return (
        <section>
          <h2>{t('home.categories.title')}</h2>
          <ul className="category-grid home-grid" style={fullRowGrid(categories.length, CATEGORY_COLUMNS)}>
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={c.url} className="category-card" prefetch="intent">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )
    }
    if (pagelet.component.startsWith('component.common.productList')) {
      return (
        <section>
          <h2>{t('home.featured.title')}</h2>
          <ProductGrid entries={featured} columns={fullRowGrid(featured.length, PRODUCT_COLUMNS)} />
        </section>
      )
    }
    return null
  }
  return <CmsContent pagelets={pagelets} renderSpecial={renderSpecial} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: 'description', content: data?.description },
]
