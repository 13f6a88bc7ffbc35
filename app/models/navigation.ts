import type { Category } from './category'
import type { ShopLocale } from './locale'
import { categoryUrl } from './url'

export type NavItem = { id: string; name: string; url: string; children: NavItem[] }

/**
 * What a page's data says of the main navigation: the key of its markup (language and a hash of it). The
 * markup itself is rendered on the server and kept by the browser; a page whose key differs fetches the
 * list from `/{lang}/main-navigation` (ADR 0055).
 */
export type MainNavigationRef = { key: string }

/** The category tree as the main navigation needs it: names and ready-made URLs, nothing else. */
export function navigationFrom(tree: Category[], locale: ShopLocale): NavItem[] {
  const map = (category: Category): NavItem => ({
    id: category.uniqueId,
    name: category.name,
    url: categoryUrl(locale, category),
    children: category.subCategories.map(map),
  })
  return tree.map(map)
}
