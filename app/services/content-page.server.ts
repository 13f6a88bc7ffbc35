import { redirect } from '@remix-run/node'
import type { ContentPageData } from '~/models/catalog-page'
import { pageLayout, type PageNavItem, type PageTreeNode } from '~/models/cms'
import { breadcrumbJsonLd, type PageSeo } from '~/models/seo'
import { contentPageUrl } from '~/models/url'
import { contentPage, contentPagePath, pageTree } from './cms.server'
import { alternatesOf, publicOrigin } from './seo.server'
import type { Shopper } from './shopper.server'

function navItem(node: PageTreeNode, shopper: Shopper, currentId: string): PageNavItem {
  return {
    id: node.id,
    name: node.name,
    url: contentPageUrl(shopper.locale, node),
    current: node.id === currentId,
    children: node.children.map((child) => navItem(child, shopper, currentId)),
  }
}

/**
 * A content page (`…-pg{id}`; `page/{id}` answers 301 to it): its CMS content, breadcrumb and canonical URL
 * from its place in the page tree, and the side navigation its layout asks for.
 */
export async function loadContentPage(
  request: Request,
  shopper: Shopper,
  id: string,
  canonical: boolean,
): Promise<ContentPageData> {
  const [page, treePath] = await Promise.all([
    contentPage(shopper.scope, id),
    contentPagePath(shopper.scope, id),
  ])
  // A page ICM cannot place in a tree still has a URL of its own name.
  const path = treePath ?? [{ id, name: page.name }]
  const url = contentPageUrl(shopper.locale, { id, path })
  if (!canonical) throw redirect(`${url}${new URL(request.url).search}`, 301)
  const layout = pageLayout(page.pagelets)
  const navigation = layout.navigation
    ? await pageTree(shopper.scope, layout.navigation.root, layout.navigation.depth).then(
        (root) => navItem(root, shopper, id),
        () => null,
      )
    : null
  const breadcrumb = path.map((p, i) => ({
    name: p.name,
    url:
      i < path.length - 1
        ? contentPageUrl(shopper.locale, { id: p.id, path: path.slice(0, i + 1) })
        : undefined,
  }))
  const origin = publicOrigin(request)
  const seo: PageSeo = {
    title: page.seo.title ?? page.name,
    description: page.seo.description ?? '',
    robots: page.seo.robots ?? 'index, follow',
    canonical: `${origin}${url}`,
    alternates: await alternatesOf(origin, async (locale) => {
      if (locale.lang === shopper.locale.lang) return url
      const localized = await contentPagePath({ locale, pgid: shopper.scope.pgid }, id)
      return localized && contentPageUrl(locale, { id, path: localized })
    }),
    jsonLd: [breadcrumbJsonLd(breadcrumb, origin)],
  }
  return {
    kind: 'content' as const,
    seo,
    content: { id, name: page.name, breadcrumb, navigation, pagelets: layout.content },
  }
}
