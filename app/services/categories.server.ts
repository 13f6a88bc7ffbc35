import type { z } from 'zod'
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

/** The navigation's categories, and each category of them by uniqueId with its path (ids, localized names). */
type CategoryTree = { tree: Category[]; paths: Map<string, Category['path']> }

function mapCategoryTree(data: z.infer<typeof CategoryTreeSchema>): CategoryTree {
  const tree = data.elements.map(mapCategory)
  const paths = new Map<string, Category['path']>()
  const walk = (nodes: Category[]) =>
    nodes.forEach((node) => {
      paths.set(node.uniqueId, node.path)
      walk(node.subCategories)
    })
  walk(tree)
  return { tree, paths }
}

const treeOf = (scope: IcmScope) =>
  icmCall(
    scope,
    {
      path: 'categories',
      query: { view: 'tree', limit: NAVIGATION_DEPTH, omitHasOnlineProducts: true, imageView: 'NO-IMAGE' },
      schema: CategoryTreeSchema,
      cache: 'long',
      group: 'spgid',
    },
    mapCategoryTree,
  )

export async function categoryTree(scope: IcmScope): Promise<Category[]> {
  return (await treeOf(scope)).tree
}

export function category(scope: IcmScope, uniqueId: string) {
  return icmCall(
    scope,
    {
      path: `categories/${categoryApiPath(uniqueId)}`,
      schema: CategorySchema,
      cache: 'short',
      group: 'spgid',
    },
    mapCategory,
  ).catch(notFoundOnLoadFailure)
}

/** Every category of the cached tree by uniqueId, with its path; none when the tree cannot be loaded. */
async function treeIndex(scope: IcmScope): Promise<Map<string, Category['path']>> {
  return treeOf(scope).then(
    (tree) => tree.paths,
    () => new Map(),
  )
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
