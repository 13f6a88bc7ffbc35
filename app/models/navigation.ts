import type { Category } from './category'
import type { ShopLocale } from './locale'
import { categoryUrl } from './url'

export type NavItem = { id: string; name: string; url: string; children: NavItem[] }

/** The category tree as the main navigation needs it: names and ready-made URLs, nothing else. */
const built = new WeakMap<Category[], NavItem[]>()

/** Memoized per tree object (the tree itself is cached), so URLs are slugged once, not on every page. */
export function navigationFrom(tree: Category[], locale: ShopLocale): NavItem[] {
  const cached = built.get(tree)
  if (cached) return cached
  const map = (category: Category): NavItem => ({
    id: category.uniqueId,
    name: category.name,
    url: categoryUrl(locale, category),
    children: category.subCategories.map(map),
  })
  const items = tree.map(map)
  built.set(tree, items)
  return items
}
