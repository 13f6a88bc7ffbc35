import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cmsIncludes, cmsPages, type CmsPagelet } from '../db/schema'
import { localize, type Locale } from './channel'

export type ContentScope = { site: string; locale: Locale }

/** The layout component of a content page, and the slot its content pagelets fill. */
export const STATIC_PAGE_COMPONENT = 'app_sf_base_cm:component.shopping.staticPage'
export const STATIC_PAGE_CONTENT_SLOT = 'app_sf_base_cm:slot.staticPage.content.pagelet2-Slot'

/** Longest meta description search engines show in full. */
const META_DESCRIPTION_LENGTH = 160

const isLocalized = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'en_US' in value

function pageletJson(scope: ContentScope, pagelet: CmsPagelet, slots: unknown[] = []) {
  return {
    id: pagelet.id,
    definitionQualifiedName: pagelet.definitionQualifiedName,
    displayName: pagelet.id,
    domain: scope.site,
    configurationParameters: Object.fromEntries(
      Object.entries(pagelet.configurationParameters).map(([key, parameter]) => [
        key,
        {
          type: parameter.type,
          value: isLocalized(parameter.value) ? localize(parameter.value, scope.locale) : parameter.value,
        },
      ]),
    ),
    slots,
  }
}

/** `cms/includes/{id}`: a PageletEntryPointRO with the parameters in the call's locale, or undefined. */
export async function contentInclude(db: Db, scope: ContentScope, id: string) {
  const [include] = await db.select().from(cmsIncludes).where(eq(cmsIncludes.id, id))
  if (!include) return undefined
  return {
    id: include.id,
    definitionQualifiedName: include.definitionQualifiedName,
    displayName: localize(include.displayNames, scope.locale),
    domain: scope.site,
    resourceSetId: 'ironbridge',
    pageletIDs: include.pagelets.map((p) => p.id),
    pagelets: include.pagelets.map((pagelet) => pageletJson(scope, pagelet)),
  }
}

/** Plain text of the first paragraph of the first pagelet that has one, cut at a word boundary. */
export function summaryOf(pagelets: CmsPagelet[], locale: Locale): string {
  for (const pagelet of pagelets) {
    for (const parameter of Object.values(pagelet.configurationParameters)) {
      const html = isLocalized(parameter.value) ? localize(parameter.value, locale) : parameter.value
      if (typeof html !== 'string') continue
      const paragraph = /<p[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1]
      if (!paragraph) continue
      const text = paragraph
        .replace(/<[^>]+>/g, '')
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/\s+/g, ' ')
        .trim()
      if (text.length <= META_DESCRIPTION_LENGTH) return text
      const cut = text.slice(0, META_DESCRIPTION_LENGTH - 1)
      return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:.]$/, '')}…`
    }
  }
  return ''
}

/**
 * `cms/pages/{id}`: a content page as PageletEntryPointRO, or undefined. A stored page's first pagelet may be
 * its layout (`component.shopping.staticPage`); the pagelets after it fill the layout's content slot, as
 * ICM nests them. The page's SEO attributes are its name and the first paragraph of its content.
 */
export async function contentPage(db: Db, scope: ContentScope, id: string) {
  const [page] = await db.select().from(cmsPages).where(eq(cmsPages.id, id))
  if (!page) return undefined
  const [first, ...rest] = page.pagelets
  const layout = first?.definitionQualifiedName === STATIC_PAGE_COMPONENT ? first : undefined
  const content = layout ? rest : page.pagelets
  const pagelets = layout
    ? [
        pageletJson(scope, layout, [
          {
            definitionQualifiedName: STATIC_PAGE_CONTENT_SLOT,
            displayName: 'Content',
            pageletIDs: content.map((p) => p.id),
            pagelets: content.map((pagelet) => pageletJson(scope, pagelet)),
          },
        ]),
      ]
    : content.map((pagelet) => pageletJson(scope, pagelet))
  const name = localize(page.displayNames, scope.locale)
  return {
    id: page.id,
    definitionQualifiedName: page.definitionQualifiedName,
    displayName: name,
    domain: scope.site,
    resourceSetId: 'ironbridge',
    pageletIDs: pagelets.map((p) => p.id),
    pagelets,
    seoAttributes: { metaTitle: name, metaDescription: summaryOf(content, scope.locale) },
  }
}

type PageRow = { id: string; parentId: string | null; displayNames: Record<string, string> }

/**
 * `cms/pagetree/{id}?depth=N`: a PageTreeRO for the page `id` with N levels of sub-pages (all of them without
 * depth). As in ICM, `path` lists the page's ancestors from the top of its tree (without the page itself)
 * and is left out for a top-level page; `parent` names the direct parent.
 */
export async function contentPageTree(db: Db, scope: ContentScope, id: string, depth = Infinity) {
  const rows: PageRow[] = await db
    .select({ id: cmsPages.id, parentId: cmsPages.parentId, displayNames: cmsPages.displayNames })
    .from(cmsPages)
    .orderBy(asc(cmsPages.position), asc(cmsPages.id))
  const byId = new Map(rows.map((row) => [row.id, row]))
  const root = byId.get(id)
  if (!root) return undefined
  const link = (row: PageRow) => ({
    type: 'Link',
    uri: `${scope.site}/-/cms/pages/${row.id}`,
    title: localize(row.displayNames, scope.locale),
    itemId: row.id,
  })
  const ancestors: PageRow[] = []
  for (let parent = root.parentId ? byId.get(root.parentId) : undefined; parent;) {
    // A cycle in the stored tree must not hang the call.
    if (ancestors.includes(parent)) break
    ancestors.unshift(parent)
    parent = parent.parentId ? byId.get(parent.parentId) : undefined
  }
  const treeJson = (row: PageRow, path: PageRow[], levels: number): Record<string, unknown> => {
    const children =
      levels > 0 ? rows.filter((r) => r.parentId === row.id && r !== row && !path.includes(r)) : []
    return {
      type: 'PageTreeRO',
      name: localize(row.displayNames, scope.locale),
      page: link(row),
      link: { ...link(row), uri: `${scope.site}/-/cms/pagetree/${row.id}` },
      ...(path.length ? { parent: link(path.at(-1)!), path: path.map(link) } : {}),
      ...(children.length
        ? { elements: children.map((child) => treeJson(child, [...path, row], levels - 1)) }
        : {}),
    }
  }
  return treeJson(root, ancestors, depth)
}
