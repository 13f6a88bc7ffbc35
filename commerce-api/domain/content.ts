import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  cmsIncludes,
  cmsPages,
  cmsPreviewContexts,
  cmsViewContextContent,
  type CmsPagelet,
  type LocalizedText,
} from '../db/schema'
import { localize, type Locale } from './channel'
import { notFoundError } from './errors'

export type ContentScope = { site: string; locale: Locale }

/** The layout component of a content page, and the slot its content pagelets fill. */
export const STATIC_PAGE_COMPONENT = 'app_sf_base_cm:component.shopping.staticPage.pagelet2-Component'
export const STATIC_PAGE_CONTENT_SLOT = 'app_sf_base_cm:slot.staticPage.content.pagelet2-Slot'

/** A database seeded before the names carried ICM's `.pagelet2-Component` suffix still lays its pages out. */
const isStaticPageLayout = (name: string | undefined) =>
  name === STATIC_PAGE_COMPONENT || name === STATIC_PAGE_COMPONENT.replace(/\.pagelet2-Component$/, '')

/**
 * The include ids an ICM storefront (the Intershop PWA) asks for on its pages: ICM answers each of them, empty
 * where the shop placed no content, so the shop answers them too instead of 404. From the PWA's templates.
 */
export const STANDARD_INCLUDE_IDS: readonly string[] = [
  'include.configuration.pagelet2-Include',
  'include.homepage.content.pagelet2-Include',
  'include.header.navigation.pagelet2-Include',
  'include.footer.content.pagelet2-Include',
  'include.dialog.privacyPolicy.pagelet2-Include',
  'include.dialog.safeAndSecure.pagelet2-Include',
  'include.basket.content.top.pagelet2-Include',
  'include.basket.content.bottom.pagelet2-Include',
  'include.basket.ordersummary.pagelet2-Include',
  'include.searchresult.base.top.pagelet2-Include',
  'include.searchresult.base.bottom.pagelet2-Include',
  'include.searchresult.navigation.pagelet2-Include',
  'include.searchresult.content.top.pagelet2-Include',
  'include.searchresult.content.bottom.pagelet2-Include',
]

/**
 * The storefront pages ICM's content model places includes on: an include of one of them (e.g.
 * `include.registration.content.top.pagelet2-Include`, `include.account.navigation.pagelet2-Include`) answers,
 * empty where the shop placed no content, as the ids above do; the PWA versions differ in the ids they ask for.
 */
const STANDARD_INCLUDE =
  /^include\.(?:homepage|header|footer|dialog|basket|searchresult|searchnoresult|search|registration|login|account|checkout|product|category)(?:\.[A-Za-z0-9_-]{1,40}){0,4}\.pagelet2-Include$/

const isStandardInclude = (id: string) => STANDARD_INCLUDE_IDS.includes(id) || STANDARD_INCLUDE.test(id)

/** The cartridge whose models define the standard includes and view contexts (ICM's default resource set). */
export const BASE_CONTENT_MODEL = 'app_sf_base_cm'

/** Longest meta description search engines show in full. */
const META_DESCRIPTION_LENGTH = 160

export const isLocalized = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'en_US' in value

export type ContentInclude = typeof cmsIncludes.$inferSelect

/** A standard include the shop placed no content in: named after its id, without pagelets. */
const emptyInclude = (id: string): ContentInclude => ({
  id,
  definitionQualifiedName: `${BASE_CONTENT_MODEL}:${id}`,
  displayNames: { en_US: id },
  pagelets: [],
})

/** A preview context id as ICM forms them: bounded, of letters, digits, `.`, `_` and `-`. */
const PREVIEW_CONTEXT_ID = /^[A-Za-z0-9._-]{1,64}$/

/**
 * Whether `;prectx={id}` names a preview context that is valid now (spec shell §2.4, §7): only then do calls
 * see unpublished (draft) content. An unknown, expired or malformed id is ignored, as if none were sent: the
 * published content answers.
 */
export async function isPreview(db: Db, prectx: string | undefined, now = new Date()): Promise<boolean> {
  if (!prectx || !PREVIEW_CONTEXT_ID.test(prectx)) return false
  const [context] = await db
    .select({ validUntil: cmsPreviewContexts.validUntil })
    .from(cmsPreviewContexts)
    .where(eq(cmsPreviewContexts.id, prectx))
  return context !== undefined && (context.validUntil === null || context.validUntil > now)
}

/** The pagelets a call sees: drafts only in a preview. */
export const visiblePagelets = (pagelets: CmsPagelet[], preview: boolean) =>
  preview ? pagelets : pagelets.filter((pagelet) => !pagelet.draft)

/** `cms/includes/{id}`: a stored include, or an empty one for a standard id; any other is not found. */
export async function contentInclude(db: Db, id: string, preview = false): Promise<ContentInclude> {
  const [include] = await db.select().from(cmsIncludes).where(eq(cmsIncludes.id, id))
  if (include) return { ...include, pagelets: visiblePagelets(include.pagelets, preview) }
  if (isStandardInclude(id)) return emptyInclude(id)
  throw notFoundError('cms.include.not_found', `The content include '${id}' does not exist.`)
}

/** A view context entry point: its id (`viewcontext.{name}@{resource set}`) and the model that defines it. */
export type ViewContext = { id: string; definitionQualifiedName: string; pagelets: CmsPagelet[] }

/** `viewcontext.include.product.base.top`, optionally `@app_sf_base_cm`: a name ICM can define, bounded. */
const VIEW_CONTEXT_ID = /^(viewcontext(?:\.[A-Za-z0-9_-]{1,40}){1,8})(?:@([A-Za-z0-9_]{1,60}))?$/

/** The call parameters a view context's content is assigned by: a category's uniqueId, a product's SKU. */
export const VIEW_CONTEXT_KINDS = ['Category', 'Product'] as const
export type ViewContextObject = { kind: (typeof VIEW_CONTEXT_KINDS)[number]; id: string }

/**
 * The objects a view context call names in its free parameters (`Category={uniqueId}[@{catalog}]`,
 * `Product={sku}`); other parameters are free and ignored, an overlong or empty value too.
 */
export function viewContextObjects(query: Record<string, unknown>): ViewContextObject[] {
  return VIEW_CONTEXT_KINDS.flatMap((kind) => {
    const value = query[kind]
    if (typeof value !== 'string' || !value || value.length > 256) return []
    return [{ kind, id: kind === 'Category' ? value.split('@')[0]! : value }]
  })
}

/**
 * `cms/viewcontexts/{id}/entrypoint?{context}`: the content assigned to the view context for the object its
 * call names (a category, a product), as ICM answers it; nothing assigned answers empty, as ICM does for a view
 * context without assignments. A malformed id is not found.
 */
export async function viewContextEntryPoint(
  db: Db,
  id: string,
  objects: ViewContextObject[] = [],
  preview = false,
): Promise<ViewContext> {
  const match = VIEW_CONTEXT_ID.exec(id)
  if (!match) throw notFoundError('cms.viewcontext.not_found', `The view context '${id}' does not exist.`)
  const [, name, resourceSet = BASE_CONTENT_MODEL] = match
  const assigned = (
    await Promise.all(
      objects.map((object) =>
        db
          .select({ pagelets: cmsViewContextContent.pagelets })
          .from(cmsViewContextContent)
          .where(
            and(
              eq(cmsViewContextContent.viewContext, name!),
              eq(cmsViewContextContent.contextKind, object.kind),
              eq(cmsViewContextContent.contextId, object.id),
            ),
          ),
      ),
    )
  ).flatMap((rows) => rows.flatMap((row) => row.pagelets))
  return {
    id,
    definitionQualifiedName: `${resourceSet}:${name}.pagelet2-ViewContext`,
    pagelets: visiblePagelets(assigned, preview),
  }
}

/** A pagelet id as the shop's content names them: bounded, no path or matrix characters. */
const PAGELET_ID = /^[A-Za-z0-9._@-]{1,128}$/

/**
 * `cms/pagelets/{id}`: one component wherever it is placed (an include, a page, a view context's content);
 * a draft only in a preview. An unknown or malformed id is not found.
 */
export async function contentPagelet(db: Db, id: string, preview = false): Promise<CmsPagelet> {
  const notFound = () => notFoundError('cms.pagelet.not_found', `The pagelet '${id}' does not exist.`)
  if (!PAGELET_ID.test(id)) throw notFound()
  const [includes, pages, assigned] = await Promise.all([
    db.select({ pagelets: cmsIncludes.pagelets }).from(cmsIncludes),
    db.select({ pagelets: cmsPages.pagelets }).from(cmsPages),
    db.select({ pagelets: cmsViewContextContent.pagelets }).from(cmsViewContextContent),
  ])
  for (const row of [...includes, ...pages, ...assigned]) {
    const pagelet = visiblePagelets(row.pagelets, preview).find((p) => p.id === id)
    if (pagelet) return pagelet
  }
  throw notFound()
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

/** A content page: its layout (if it has one), the pagelets of its content, and the text that sums it up. */
export type ContentPage = {
  id: string
  definitionQualifiedName: string
  names: LocalizedText
  /** The `component.shopping.staticPage` layout whose content slot holds `content`, as ICM nests them. */
  layout?: CmsPagelet
  content: CmsPagelet[]
  /** The first paragraph of the content, in the scope's locale: the page's meta description. */
  summary: string
}

/**
 * `cms/pages/{id}`: a stored page's first pagelet may be its layout (`component.shopping.staticPage…`); the
 * pagelets after it are the page's content. An unknown page is not found.
 */
export async function contentPage(db: Db, locale: Locale, id: string, preview = false): Promise<ContentPage> {
  const [page] = await db.select().from(cmsPages).where(eq(cmsPages.id, id))
  if (!page) throw notFoundError('cms.page.not_found', `The content page '${id}' does not exist.`)
  const [first, ...rest] = visiblePagelets(page.pagelets, preview)
  const layout = isStaticPageLayout(first?.definitionQualifiedName) ? first : undefined
  const content = layout ? rest : page.pagelets
  return {
    id: page.id,
    definitionQualifiedName: page.definitionQualifiedName,
    names: page.displayNames,
    layout,
    content,
    summary: summaryOf(content, locale),
  }
}

export type PageRef = { id: string; parentId: string | null; names: LocalizedText }

/** A page of a page tree with its ancestors from the top of the tree and the sub-pages asked for. */
export type PageTree = { page: PageRef; ancestors: PageRef[]; children: PageTree[] }

/** The ancestors of a page from the top of its tree; a cycle in the stored tree must not hang the call. */
function ancestorsOf(byId: Map<string, PageRef>, page: PageRef): PageRef[] {
  const ancestors: PageRef[] = []
  for (let parent = page.parentId ? byId.get(page.parentId) : undefined; parent;) {
    if (ancestors.includes(parent)) break
    ancestors.unshift(parent)
    parent = parent.parentId ? byId.get(parent.parentId) : undefined
  }
  return ancestors
}

/**
 * `cms/pagetree/{id}?depth=N`: the page `id` with N levels of sub-pages (all of them without depth), each
 * knowing its ancestors. An unknown page is not found.
 */
export async function contentPageTree(db: Db, id: string, depth = Infinity): Promise<PageTree> {
  const rows: PageRef[] = await db
    .select({ id: cmsPages.id, parentId: cmsPages.parentId, names: cmsPages.displayNames })
    .from(cmsPages)
    .orderBy(asc(cmsPages.position), asc(cmsPages.id))
  const root = rows.find((row) => row.id === id)
  if (!root) throw notFoundError('cms.pagetree.not_found', `The content page '${id}' does not exist.`)
  const subtree = (page: PageRef, ancestors: PageRef[], levels: number): PageTree => {
    const path = [...ancestors, page]
    const children =
      levels > 0 ? rows.filter((r) => r.parentId === page.id && r !== page && !ancestors.includes(r)) : []
    return { page, ancestors, children: children.map((child) => subtree(child, path, levels - 1)) }
  }
  return subtree(root, ancestorsOf(new Map(rows.map((row) => [row.id, row])), root), depth)
}
