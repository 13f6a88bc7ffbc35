import type { LoaderFunctionArgs } from '@remix-run/node'
import type { Category } from '~/models/category'
import { SHOP_LOCALES } from '~/models/locale'
import { sitemapIndex, XML_HEADERS } from '~/models/sitemap'
import { categoryTree } from '~/services/categories.server'
import { publicOrigin } from '~/services/seo.server'

const leavesOf = (tree: Category[]): Category[] =>
  tree.flatMap((c) => (c.subCategories.length ? leavesOf(c.subCategories) : [c]))

/**
 * The sitemap index: per locale one sitemap of categories, one of products per leaf category (each
 * product in the category its canonical URL names), so no single file nears the 50,000-URL limit, and one
 * of content pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request)
  const tree = await categoryTree({ locale: SHOP_LOCALES[0] })
  // The tree is loaded without `hasOnlineProducts` (ICM omits it there): every leaf gets a sitemap, empty
  // when nothing is homed in it.
  const leaves = leavesOf(tree)
  const locations = SHOP_LOCALES.flatMap((locale) => [
    `${origin}/sitemap/${locale.lang}/categories.xml`,
    `${origin}/sitemap/${locale.lang}/pages.xml`,
    ...leaves.map(
      (leaf) => `${origin}/sitemap/${locale.lang}/products-${encodeURIComponent(leaf.uniqueId)}.xml`,
    ),
  ])
  return new Response(sitemapIndex(locations), { headers: XML_HEADERS })
}
