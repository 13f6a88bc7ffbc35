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
} from '../domain/content'

/** Resource set of the demo content, as ICM names the origin of CMS objects. */
const RESOURCE_SET = 'ironbridge'

/** A pagelet with its parameters in the scope's locale. */
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

/** `cms/includes/{id}`: a PageletEntryPointRO. */
export function includeJson(scope: ContentScope, include: ContentInclude) {
  return {
    id: include.id,
    definitionQualifiedName: include.definitionQualifiedName,
    displayName: localize(include.displayNames, scope.locale),
    domain: scope.site,
    resourceSetId: RESOURCE_SET,
    pageletIDs: include.pagelets.map((p) => p.id),
    pagelets: include.pagelets.map((pagelet) => pageletJson(scope, pagelet)),
  }
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
            pageletIDs: page.content.map((p) => p.id),
            pagelets: page.content.map((pagelet) => pageletJson(scope, pagelet)),
          },
        ]),
      ]
    : page.content.map((pagelet) => pageletJson(scope, pagelet))
  const name = localize(page.names, scope.locale)
  return {
    id: page.id,
    definitionQualifiedName: page.definitionQualifiedName,
    displayName: name,
    domain: scope.site,
    resourceSetId: RESOURCE_SET,
    pageletIDs: pagelets.map((p) => p.id),
    pagelets,
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
