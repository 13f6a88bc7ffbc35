import {
  CategorySchema,
  CategoryTreeSchema,
  categoryApiPath,
  mapCategory,
  type Category,
} from '~/models/category'
import { productUrl } from '~/models/url'
import { icmCall, type IcmScope } from './icm.server'
import { notFoundOnLoadFailure } from './load-failure.server'

/** Levels of the category tree the main navigation shows (spec §2.5: max sub-category depth 3). */
export const NAVIGATION_DEPTH = 3

/** Mapped trees per cached ICM answer: the mapping runs once per cache entry, not once per page. */
const mappedTrees = new WeakMap<object, Category[]>()

export async function categoryTree(scope: IcmScope): Promise<Category[]> {
  const data = await icmCall(scope, {
    path: 'categories',
    query: { view: 'tree', limit: NAVIGATION_DEPTH, omitHasOnlineProducts: true, imageView: 'NO-IMAGE' },
    schema: CategoryTreeSchema,
    cache: 'long',
    group: 'spgid',
  })
  let tree = mappedTrees.get(data)
  if (!tree) {
    tree = data.elements.map(mapCategory)
    mappedTrees.set(data, tree)
  }
  return tree
}

export async function category(scope: IcmScope, uniqueId: string) {
  const data = await icmCall(scope, {
    path: `categories/${categoryApiPath(uniqueId)}`,
    schema: CategorySchema,
    cache: 'short',
    group: 'spgid',
  }).catch(notFoundOnLoadFailure)
  return mapCategory(data)
}

const treePaths = new WeakMap<Category[], Map<string, Category['path']>>()

/** Every category of the cached tree by uniqueId, with its path (ids and localized names). */
async function treeIndex(scope: IcmScope): Promise<Map<string, Category['path']>> {
  const tree = await categoryTree(scope).catch(() => [])
  let paths = treePaths.get(tree)
  if (!paths) {
    const index = new Map<string, Category['path']>()
    const walk = (nodes: Category[]) =>
      nodes.forEach((node) => {
        index.set(node.uniqueId, node.path)
        walk(node.subCategories)
      })
    walk(tree)
    paths = index
    treePaths.set(tree, paths)
  }
  return paths
}

/**
 * The path of a category (ids and names in the scope's language) for links and breadcrumbs: from the
 * cached category tree when the category is in it, else from the category itself; null when it cannot be
 * loaded. Pages use it for their other languages' URLs and a product's home category: no call per page.
 */
export async function categoryPath(scope: IcmScope, uniqueId: string): Promise<Category['path'] | null> {
  const known = (await treeIndex(scope)).get(uniqueId)
  if (known) return known
  return category(scope, uniqueId).then(
    (c) => c.path,
    () => null,
  )
}

type ProductLinkRef = {
  sku: string
  name: string
  defaultCategoryId?: string
  variationValues?: { displayValue: string }[]
}

/**
 * Builds canonical product links (default category path as folders, spec §2) for tiles, from the cached
 * category tree: no call per product. A default category deeper than the tree gives a link without folders,
 * which the product page answers just the same.
 */
export async function productLinker(scope: IcmScope) {
  const known = await treeIndex(scope)
  return (p: ProductLinkRef) =>
    productUrl(scope.locale, {
      sku: p.sku,
      name: p.name,
      variationValues: p.variationValues?.map((v) => v.displayValue),
      categoryPath: p.defaultCategoryId ? known.get(p.defaultCategoryId) : undefined,
    })
}
