import type { LoaderFunctionArgs } from '@remix-run/node'
import type { Category } from '~/models/category'
import type { PageTreeNode } from '~/models/cms'
import { urlSet, XML_HEADERS } from '~/models/sitemap'
import { categoryUrl, contentPageUrl, productUrl } from '~/models/url'
import { category, categoryTree } from '~/services/categories.server'
import { categoryProducts } from '~/services/products.server'
import { linkedPageTreeRoots, pageTree } from '~/services/cms.server'
import { publicOrigin } from '~/services/seo.server'
import { requireLocale } from '~/services/shopper.server'
import { notFound } from '~/services/http.server'

const PAGE = 200
const flatten = (tree: Category[]): Category[] => tree.flatMap((c) => [c, ...flatten(c.subCategories)])
const pagesOf = (node: PageTreeNode): PageTreeNode[] => [node, ...node.children.flatMap(pagesOf)]

/**
 * `categories.xml`: every category of a locale; `products-{categoryId}.xml`: the products homed there;
 * `pages.xml`: the content pages of the page trees the footer links into.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  const origin = publicOrigin(request)
  const scope = { locale }
  const file = params.file ?? ''
  if (file === 'categories.xml') {
    const all = flatten(await categoryTree(scope))
    return new Response(urlSet(all.map((c) => `${origin}${categoryUrl(locale, c)}`)), {
      headers: XML_HEADERS,
    })
  }
  if (file === 'pages.xml') {
    const trees = await Promise.all((await linkedPageTreeRoots(scope)).map((root) => pageTree(scope, root)))
    const urls = trees.flatMap(pagesOf).map((page) => `${origin}${contentPageUrl(locale, page)}`)
    return new Response(urlSet([...new Set(urls)]), { headers: XML_HEADERS })
  }
  const match = /^products-(.+)\.xml$/.exec(file)
  if (!match) throw notFound()
  const uniqueId = decodeURIComponent(match[1]!)
  const home = await category(scope, uniqueId)
  const urls: string[] = []
  for (let page = 1; ; page++) {
    const listing = await categoryProducts(scope, uniqueId, { page, pageSize: PAGE })
    for (const product of listing.products) {
      // A product listed in several categories belongs to the sitemap of its default category only.
      if (product.defaultCategoryId && product.defaultCategoryId !== uniqueId) continue
      urls.push(
        `${origin}${productUrl(locale, { sku: product.sku, name: product.name, categoryPath: home.path })}`,
      )
    }
    if (page * PAGE >= listing.total || listing.products.length === 0) break
  }
  return new Response(urlSet(urls), { headers: XML_HEADERS })
}
