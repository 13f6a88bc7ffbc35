import type { CmsPagelet } from '../db/schema'
import { localize } from '../domain/channel'
import {
  isLocalized,
  STATIC_PAGE_CONTENT_SLOT,
  type ContentInclude,
  type ContentPage,
  type ContentScope,
  type PageRef,
  type PageTree,
  type ViewContext,
} from '../domain/content'

/** Resource set of the demo content, as ICM names the origin of CMS objects. */
const RESOURCE_SET = 'ironbridge'

type Slot = { definitionQualifiedName: string; displayName: string; pagelets: CmsPagelet[] }

/**
 * A component's configuration parameters in the scope's locale, each qualified by its component as ICM names
 * them (`…freeStyle.pagelet2-Component-HTML`). ICM leaves the map out when a component has none (and the PWA's
 * mapper fails on an empty one).
 */
function parametersJson(scope: ContentScope, pagelet: CmsPagelet) {
  const entries = Object.entries(pagelet.configurationParameters)
  if (entries.length === 0) return {}
  return {
    configurationParameters: Object.fromEntries(
      entries.map(([key, parameter]) => [
        key,
        {
          definitionQualifiedName: `${pagelet.definitionQualifiedName}-${key}`,
          type: parameter.type,
          value: isLocalized(parameter.value) ? localize(parameter.value, scope.locale) : parameter.value,
        },
      ]),
    ),
  }
}

/** A pagelet (component) with its parameters in the scope's locale and its slots keyed by their names. */
function pageletJson(scope: ContentScope, pagelet: CmsPagelet, slots: Slot[] = []): Record<string, unknown> {
  return {
    id: pagelet.id,
    definitionQualifiedName: pagelet.definitionQualifiedName,
    displayName: pagelet.id,
    domain: scope.site,
    ...parametersJson(scope, pagelet),
    // ICM keys a component's slots by their qualified name, and leaves `slots` out when it has none.
    ...(slots.length
      ? {
          slots: Object.fromEntries(
            slots.map((slot) => [
              slot.definitionQualifiedName,
              {
                definitionQualifiedName: slot.definitionQualifiedName,
                displayName: slot.displayName,
                pagelets: slot.pagelets.map((p) => pageletJson(scope, p)),
              },
            ]),
          ),
        }
      : {}),
  }
}

/** A PageletEntryPointRO (include, page, view context): its pagelets and what names it. */
function entryPointJson(
  scope: ContentScope,
  entry: { id: string; definitionQualifiedName: string; displayName: string },
  pagelets: Record<string, unknown>[],
) {
  return {
    id: entry.id,
    definitionQualifiedName: entry.definitionQualifiedName,
    displayName: entry.displayName,
    domain: scope.site,
    resourceSetId: RESOURCE_SET,
    pageletIDs: pagelets.map((p) => p.id as string),
    pagelets,
  }
}

/** `cms/pagelets/{id}`: a PageletRO. */
export function pageletResourceJson(scope: ContentScope, pagelet: CmsPagelet) {
  return pageletJson(scope, pagelet)
}

/** `cms/includes/{id}`: a PageletEntryPointRO. */
export function includeJson(scope: ContentScope, include: ContentInclude) {
  return entryPointJson(
    scope,
    { ...include, displayName: localize(include.displayNames, scope.locale) },
    include.pagelets.map((pagelet) => pageletJson(scope, pagelet)),
  )
}

/** `cms/viewcontexts/{id}/entrypoint`: a PageletEntryPointRO of the view context's content. */
export function viewContextJson(scope: ContentScope, viewContext: ViewContext) {
  return entryPointJson(
    scope,
    { ...viewContext, displayName: viewContext.id },
    viewContext.pagelets.map((pagelet) => pageletJson(scope, pagelet)),
  )
}

/**
 * `cms/pages/{id}`: a PageletEntryPointRO whose layout pagelet holds the content in its content slot. The
 * page's SEO attributes are its name and the summary of its content.
 */
export function pageJson(scope: ContentScope, page: ContentPage) {
  const pagelets = page.layout
    ? [
        pageletJson(scope, page.layout, [
          {
            definitionQualifiedName: STATIC_PAGE_CONTENT_SLOT,
            displayName: 'Content',
            pagelets: page.content,
          },
        ]),
      ]
    : page.content.map((pagelet) => pageletJson(scope, pagelet))
  const name = localize(page.names, scope.locale)
  return {
    ...entryPointJson(scope, { ...page, displayName: name }, pagelets),
    seoAttributes: { metaTitle: name, metaDescription: page.summary },
  }
}

/**
 * `cms/pagetree/{id}`: a PageTreeRO. As in ICM, `path` lists the page's ancestors from the top of its tree
 * (without the page itself) and is left out for a top-level page; `parent` names the direct parent.
 */
export function pageTreeJson(scope: ContentScope, tree: PageTree): Record<string, unknown> {
  const link = (page: PageRef) => ({
    type: 'Link',
    uri: `${scope.site}/-/cms/pages/${page.id}`,
    title: localize(page.names, scope.locale),
    itemId: page.id,
  })
  const { page, ancestors, children } = tree
  return {
    type: 'PageTreeRO',
    name: localize(page.names, scope.locale),
    page: link(page),
    link: { ...link(page), uri: `${scope.site}/-/cms/pagetree/${page.id}` },
    ...(ancestors.length ? { parent: link(ancestors.at(-1)!), path: ancestors.map(link) } : {}),
    ...(children.length ? { elements: children.map((child) => pageTreeJson(scope, child)) } : {}),
  }
}

/** `localizations?searchKeys=`: ICM answers a flat object of key to text. */
export function localizationsJson(texts: [string, string][]): Record<string, string> {
  return Object.fromEntries(texts)
}
