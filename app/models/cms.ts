import { z } from 'zod'
import type { ShopLocale } from './locale'
import { mapSeo, SeoAttributesSchema, type Seo } from './seo'

type PageletData = {
  id: string
  definitionQualifiedName: string
  configurationParameters: Record<string, { value?: unknown }>
  slots: Record<string, { definitionQualifiedName: string; pagelets?: PageletData[] }>
}

/**
 * ICM's pagelet: parameters `{definitionQualifiedName, value}` by name, slots keyed by their qualified name;
 * ICM leaves either out when there is none.
 */
const PageletSchema: z.ZodType<PageletData, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.object({
    id: z.string(),
    definitionQualifiedName: z.string(),
    configurationParameters: z.record(z.object({ value: z.unknown() })).default({}),
    slots: z
      .record(z.object({ definitionQualifiedName: z.string(), pagelets: z.array(PageletSchema).optional() }))
      .default({}),
  }),
)

/** An include may come without pagelets when nothing is placed in it. */
export const ContentIncludeSchema = z.object({ id: z.string(), pagelets: z.array(PageletSchema).default([]) })

export type Pagelet = {
  id: string
  component: string
  params: Record<string, unknown>
  /** Pagelets of the component's slots, by slot name (`slot.staticPage.content.pagelet2-Slot`). */
  slots?: Record<string, Pagelet[]>
}

export type ContentInclude = { id: string; pagelets: Pagelet[] }

/**
 * ICM qualifies names with their cartridge and kind (`app_sf_base_cm:component.common.freeStyle.pagelet2-Component`);
 * the UI keys on the name between them (`component.common.freeStyle`), whether or not ICM sends the suffix.
 */
const unqualified = (name: string) => (name.split(':').pop() ?? name).replace(/\.pagelet2-Component$/, '')

function mapPagelet(data: PageletData): Pagelet {
  return {
    id: data.id,
    component: unqualified(data.definitionQualifiedName),
    params: Object.fromEntries(Object.entries(data.configurationParameters).map(([k, v]) => [k, v.value])),
    ...(Object.keys(data.slots).length
      ? {
          slots: Object.fromEntries(
            Object.values(data.slots).map((slot) => [
              unqualified(slot.definitionQualifiedName),
              (slot.pagelets ?? []).map(mapPagelet),
            ]),
          ),
        }
      : {}),
  }
}

export function mapContentInclude(data: z.infer<typeof ContentIncludeSchema>): ContentInclude {
  return { id: data.id, pagelets: data.pagelets.map(mapPagelet) }
}

// ---------------------------------------------------------------------------------------------------------
// Content pages

export const ContentPageSchema = z.object({
  id: z.string(),
  displayName: z.string().optional(),
  pagelets: z.array(PageletSchema).default([]),
  seoAttributes: SeoAttributesSchema.optional(),
})

export type ContentPage = { id: string; name: string; pagelets: Pagelet[]; seo: Seo }

export function mapContentPage(data: z.infer<typeof ContentPageSchema>): ContentPage {
  return {
    id: data.id,
    name: data.displayName ?? data.id,
    pagelets: data.pagelets.map(mapPagelet),
    seo: mapSeo(data.seoAttributes),
  }
}

const STATIC_PAGE = 'component.shopping.staticPage'
const STATIC_PAGE_CONTENT = 'slot.staticPage.content.pagelet2-Slot'

/** What a content page's layout asks for: the page tree navigation beside it, and the content it holds. */
export type PageLayout = {
  navigation: { root: string; depth: number } | null
  content: Pagelet[]
}

const flag = (value: unknown) => value === true || value === 'true'

/**
 * A page laid out by a `shopping.staticPage` component shows the page tree of its `NavigationRoot` down to
 * `NavigationDepth` levels when `ShowNavigation` is set, and its content slot; other pages show their pagelets.
 */
export function pageLayout(pagelets: Pagelet[]): PageLayout {
  const layout = pagelets.find((p) => p.component === STATIC_PAGE)
  if (!layout) return { navigation: null, content: pagelets }
  const root = layout.params.NavigationRoot
  const depth = Number(layout.params.NavigationDepth ?? 1)
  return {
    navigation:
      flag(layout.params.ShowNavigation) && typeof root === 'string' && root
        ? { root, depth: Number.isInteger(depth) && depth >= 0 ? depth : 1 }
        : null,
    content: pagelets.flatMap((p) => (p === layout ? (layout.slots?.[STATIC_PAGE_CONTENT] ?? []) : [p])),
  }
}

// ---------------------------------------------------------------------------------------------------------
// Page trees

const TreeLinkSchema = z.object({ itemId: z.string(), title: z.string().optional() })
type TreeLink = z.infer<typeof TreeLinkSchema>
type PageTreeData = {
  name?: string
  page: TreeLink
  path?: TreeLink[]
  elements?: (PageTreeData | TreeLink)[]
}

/** ICM's PageTreeRO: `path` holds the ancestors; deeper levels may come as plain links. */
export const PageTreeSchema: z.ZodType<PageTreeData, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.object({
    name: z.string().optional(),
    page: TreeLinkSchema,
    path: z.array(TreeLinkSchema).optional(),
    elements: z.array(z.union([PageTreeSchema, TreeLinkSchema])).optional(),
  }),
)

export type PageTreeNode = {
  id: string
  name: string
  /** From the top of the tree down to this page, itself included. */
  path: { id: string; name: string }[]
  children: PageTreeNode[]
}

/** An entry of a content page's side navigation: a page of its page tree. */
export type PageNavItem = { id: string; name: string; url: string; current: boolean; children: PageNavItem[] }

export function mapPageTree(data: PageTreeData, parentPath: PageTreeNode['path'] = []): PageTreeNode {
  const self = { id: data.page.itemId, name: data.page.title ?? data.name ?? data.page.itemId }
  const ancestors = data.path
    ? data.path.map((p) => ({ id: p.itemId, name: p.title ?? p.itemId }))
    : parentPath
  const path = [...ancestors, self]
  return {
    ...self,
    path,
    children: (data.elements ?? []).map((element) =>
      'page' in element ? mapPageTree(element, path) : mapPageTree({ page: element }, path),
    ),
  }
}

// ---------------------------------------------------------------------------------------------------------
// Links in CMS HTML (spec §2.3)

/** Every `href` attribute in content HTML: double-, single- or unquoted. */
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"'`=]+))/gi

const htmlParams = (pagelet: Pagelet): string[] => [
  ...Object.values(pagelet.params).filter((v): v is string => typeof v === 'string'),
  ...Object.values(pagelet.slots ?? {}).flatMap((pagelets) => pagelets.flatMap(htmlParams)),
]

/** An attribute's text as the browser reads it: character references decoded (`jav&#x61;script:`). */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (entity, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1))
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : ''
    }
    const named: Record<string, string> = { amp: '&', colon: ':', tab: '\t', newline: '\n', sol: '/' }
    return named[code.toLowerCase()] ?? entity
  })
}

/** What a content link is: one of ICM's forms with its target, a link that passes, or one that must not. */
export type ContentLink =
  | { kind: 'page' | 'product' | 'category' | 'route'; target: string }
  | { kind: 'pass' }
  | { kind: 'unsafe' }
  | { kind: 'unknown'; scheme: string }

/**
 * Spec §2.3: `page://`, `product://`, `category://` and `route://` are ICM's forms; http, https (and mailto,
 * tel, and links without a scheme: paths and anchors) pass unchanged. Unlike the spec's `javascript:`, which
 * would run script in the shop's origin, scripts (`javascript:`, `vbscript:`, `data:`) never pass: content is
 * edited by people who must not be able to take over a shopper's session. Any other scheme is unknown.
 */
export function classifyContentLink(href: string): ContentLink {
  // The browser drops control characters and whitespace inside a scheme (`java\tscript:`) and reads references.
  // eslint-disable-next-line no-control-regex
  const plain = decodeAttribute(href).replace(/[\u0000-\u0020\u007f]+/g, '')
  const form = /^(page|product|category|route):\/\/(.*)$/i.exec(plain)
  if (form) return { kind: form[1]!.toLowerCase() as 'page', target: form[2]! }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(plain)?.[1]?.toLowerCase()
  if (!scheme) return { kind: 'pass' }
  if (['http', 'https', 'mailto', 'tel'].includes(scheme)) return { kind: 'pass' }
  if (['javascript', 'vbscript', 'data'].includes(scheme)) return { kind: 'unsafe' }
  return { kind: 'unknown', scheme }
}

/** Ids of the content pages the pagelets link to (`page://{id}`). */
export function linkedPageIds(pagelets: Pagelet[]): string[] {
  const ids = new Set<string>()
  for (const html of pagelets.flatMap(htmlParams)) {
    for (const match of html.matchAll(HREF)) {
      const link = classifyContentLink(match[1] ?? match[2] ?? match[3] ?? '')
      if (link.kind === 'page' && link.target) ids.add(link.target)
    }
  }
  return [...ids]
}

/**
 * The shop path of one of ICM's link forms: `page://{id}` to the page's URL (from `pageUrls`, else
 * `/page/{id}`), `product://{sku}[@{domain}]` to `/product/{sku}`, `category://{ref}` to `/categoryref/{ref}`,
 * `route://{path}` to `/{path}`, all under the locale's prefix.
 */
export function contentLinkPath(
  link: { kind: 'page' | 'product' | 'category' | 'route'; target: string },
  locale: ShopLocale,
  pageUrls: ReadonlyMap<string, string> = new Map(),
): string {
  const prefix = `/${locale.lang}`
  const { kind, target } = link
  if (kind === 'page') return pageUrls.get(target) ?? `${prefix}/page/${encodeURIComponent(target)}`
  if (kind === 'product') return `${prefix}/product/${encodeURIComponent(target.split('@')[0]!)}`
  if (kind === 'category') return `${prefix}/categoryref/${encodeURIComponent(target)}`
  // A route keeps its query and anchor; it stays a path of this shop (`route:////evil.example` too).
  return `${prefix}/${target.replace(/^[/\\]+/, '')}`
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * Turns ICM's content link forms in HTML into shop paths (`contentLinkPath`); http, https and plain links pass
 * unchanged; a script link loses its `href` (the anchor stays, as text); an unknown link type is logged and
 * loses its `href` as well, so nothing unforeseen becomes clickable.
 */
export function rewriteContentLinks(
  html: string,
  locale: ShopLocale,
  pageUrls: ReadonlyMap<string, string> = new Map(),
  log: (message: string) => void = console.warn,
): string {
  return html.replace(HREF, (attribute, double?: string, single?: string, bare?: string) => {
    const href = double ?? single ?? bare ?? ''
    const link = classifyContentLink(href)
    if (link.kind === 'pass') return attribute
    if (link.kind === 'unsafe') {
      log('CMS content: a script link was removed')
      return 'data-removed-href=""'
    }
    if (link.kind === 'unknown') {
      log(`CMS content: unknown link type '${link.scheme}' in '${href.slice(0, 100)}'`)
      return 'data-removed-href=""'
    }
    return `href="${escapeAttribute(contentLinkPath(link, locale, pageUrls))}"`
  })
}

/** `rewriteContentLinks` on every HTML parameter of the pagelets and of their slots' pagelets. */
export function withShopLinks(
  pagelets: Pagelet[],
  locale: ShopLocale,
  pageUrls: ReadonlyMap<string, string>,
): Pagelet[] {
  const rewrite = (pagelet: Pagelet): Pagelet => ({
    ...pagelet,
    params: Object.fromEntries(
      Object.entries(pagelet.params).map(([key, value]) => [
        key,
        typeof value === 'string' ? rewriteContentLinks(value, locale, pageUrls) : value,
      ]),
    ),
    ...(pagelet.slots
      ? {
          slots: Object.fromEntries(
            Object.entries(pagelet.slots).map(([name, slotPagelets]) => [name, slotPagelets.map(rewrite)]),
          ),
        }
      : {}),
  })
  return pagelets.map(rewrite)
}
