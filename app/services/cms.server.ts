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

function includeOf(scope: IcmScope, id: string, cache: CachePolicy = 'short') {
  return icmCall(
    scope,
    { path: `cms/includes/${encodeURIComponent(id)}`, schema: ContentIncludeSchema, cache, group: 'pgid' },
    mapContentInclude,
  )
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
  const page = await icmCall(
    scope,
    { path: `cms/pages/${encodeURIComponent(id)}`, schema: ContentPageSchema, cache: 'short', group: 'pgid' },
    mapContentPage,
  ).catch(notFoundOnLoadFailure)
  return { ...page, pagelets: await withPageLinks(scope, page.pagelets) }
}

/** The page tree below a page, `depth` levels deep (all levels without it); an unknown page is a 404. */
export function pageTree(
  scope: IcmScope,
  id: string,
  depth?: number,
  cache: CachePolicy = 'short',
): Promise<PageTreeNode> {
  return icmCall(
    scope,
    {
      path: `cms/pagetree/${encodeURIComponent(id)}`,
      query: { depth },
      schema: PageTreeSchema,
      cache,
      group: 'pgid',
    },
    mapPageTree,
  ).catch(notFoundOnLoadFailure)
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

/**
 * The pagelets of a mapped answer with their links rewritten, and the page paths they were rewritten with:
 * a cached include and the cached paths give the same pagelets again, not a new rewrite of their HTML per page.
 */
const linkedPagelets = new WeakMap<Pagelet[], { paths: unknown[]; pagelets: Pagelet[] }>()
/** The page ids each mapped answer's pagelets link to. */
const linkedIds = new WeakMap<Pagelet[], string[]>()

/** Links to content pages point at the pages' canonical URLs, so following one costs no redirect. */
async function withPageLinks(scope: IcmScope, pagelets: Pagelet[]) {
  let ids = linkedIds.get(pagelets)
  if (!ids) linkedIds.set(pagelets, (ids = linkedPageIds(pagelets)))
  const paths = await Promise.all(ids.map((id) => contentPagePath(scope, id)))
  const known = linkedPagelets.get(pagelets)
  if (known && known.paths.every((path, i) => path === paths[i])) return known.pagelets
  const urls = new Map<string, string>()
  ids.forEach((id, i) => {
    const path = paths[i]
    if (path) urls.set(id, contentPageUrl(scope.locale, { id, path }))
  })
  const linked = withShopLinks(pagelets, scope.locale, urls)
  linkedPagelets.set(pagelets, { paths, pagelets: linked })
  return linked
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
    const content = await icmCall(
      scope,
      {
        path: `cms/viewcontexts/${encodeURIComponent(`${viewContext}@${VIEW_CONTEXT_RESOURCE_SET}`)}/entrypoint`,
        query: parameters,
        schema: ContentIncludeSchema,
        cache: 'short',
        group: 'pgid',
      },
      mapContentInclude,
    )
    return await withPageLinks(scope, content.pagelets)
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
