import {
  ContentIncludeSchema,
  ContentPageSchema,
  linkedPageIds,
  mapContentInclude,
  mapContentPage,
  mapPageTree,
  PageTreeSchema,
  withShopLinks,
  type Pagelet,
  type PageTreeNode,
} from '~/models/cms'
import { contentPageUrl } from '~/models/url'
import { notFoundOnLoadFailure } from './load-failure.server'
import { icmCall, type CachePolicy, type IcmScope } from './icm.server'

export const HOME_INCLUDE = 'include.homepage.content.pagelet2-Include'
/** The footer include, under the id ICM has it (the Intershop PWA's footer asks for the same). */
export const FOOTER_INCLUDE = 'include.footer.content.pagelet2-Include'

async function includeOf(scope: IcmScope, id: string, cache: CachePolicy = 'short') {
  const data = await icmCall(scope, {
    path: `cms/includes/${encodeURIComponent(id)}`,
    schema: ContentIncludeSchema,
    cache,
    group: 'pgid',
  })
  return mapContentInclude(data)
}

/**
 * A content include with its `page://` links turned into page URLs. Parts of the layout every page shows
 * (the footer) are cached `long`, like the category tree: they do not change with the page.
 */
export async function contentInclude(scope: IcmScope, id: string, cache: CachePolicy = 'short') {
  const include = await includeOf(scope, id, cache)
  return { ...include, pagelets: await withPageLinks(scope, include.pagelets) }
}

/** A content page with its links turned into page URLs; an unknown page is a 404. */
export async function contentPage(scope: IcmScope, id: string) {
  const data = await icmCall(scope, {
    path: `cms/pages/${encodeURIComponent(id)}`,
    schema: ContentPageSchema,
    cache: 'short',
    group: 'pgid',
  }).catch(notFoundOnLoadFailure)
  const page = mapContentPage(data)
  return { ...page, pagelets: await withPageLinks(scope, page.pagelets) }
}

/** The page tree below a page, `depth` levels deep (all levels without it); an unknown page is a 404. */
export async function pageTree(
  scope: IcmScope,
  id: string,
  depth?: number,
  cache: CachePolicy = 'short',
): Promise<PageTreeNode> {
  const data = await icmCall(scope, {
    path: `cms/pagetree/${encodeURIComponent(id)}`,
    query: { depth },
    schema: PageTreeSchema,
    cache,
    group: 'pgid',
  }).catch(notFoundOnLoadFailure)
  return mapPageTree(data)
}

/**
 * A page's path in its page tree, from the top down to the page; null when ICM cannot name it. Used to
 * build links (every page's footer has several), so cached `long`: a page rarely moves in its tree.
 */
export async function contentPagePath(scope: IcmScope, id: string) {
  return pageTree(scope, id, 0, 'long').then(
    (node) => node.path,
    () => null,
  )
}

/** Links to content pages point at the pages' canonical URLs, so following one costs no redirect. */
async function withPageLinks(scope: IcmScope, pagelets: Pagelet[]) {
  const ids = linkedPageIds(pagelets)
  if (ids.length === 0) return withShopLinks(pagelets, scope.locale, new Map())
  const paths = await Promise.all(ids.map((id) => contentPagePath(scope, id)))
  const urls = new Map<string, string>()
  ids.forEach((id, i) => {
    const path = paths[i]
    if (path) urls.set(id, contentPageUrl(scope.locale, { id, path }))
  })
  return withShopLinks(pagelets, scope.locale, urls)
}

/** The resource set of ICM's standard view contexts (the PWA's `defaultResourceSetId`). */
const VIEW_CONTEXT_RESOURCE_SET = 'app_sf_base_cm'

/**
 * The content a view context places for an object (`viewcontext.include.category.base.top` with
 * `Category={uniqueId}`), links turned into shop URLs. Content beside a page is no reason for the page to fail:
 * an ICM that does not answer it shows none.
 */
export async function viewContextContent(
  scope: IcmScope,
  viewContext: string,
  parameters: Record<string, string>,
): Promise<Pagelet[]> {
  try {
    const data = await icmCall(scope, {
      path: `cms/viewcontexts/${encodeURIComponent(`${viewContext}@${VIEW_CONTEXT_RESOURCE_SET}`)}/entrypoint`,
      query: parameters,
      schema: ContentIncludeSchema,
      cache: 'short',
      group: 'pgid',
    })
    return await withPageLinks(scope, mapContentInclude(data).pagelets)
  } catch (error) {
    if (error instanceof Response && error.status >= 500) throw error
    return []
  }
}

/** Tops of the page trees the footer links into: where the shop's content pages hang. */
export async function linkedPageTreeRoots(scope: IcmScope): Promise<string[]> {
  const footer = await includeOf(scope, FOOTER_INCLUDE, 'long')
  const paths = await Promise.all(linkedPageIds(footer.pagelets).map((id) => contentPagePath(scope, id)))
  return [...new Set(paths.flatMap((path) => (path?.[0] ? [path[0].id] : [])))]
}
