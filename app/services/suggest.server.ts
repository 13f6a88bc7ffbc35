import type { Category } from '~/models/category'
import { suggestionGroups, SuggestTermsSchema, type CategoryPathOf } from '~/models/suggest'
import { categoryTree } from './categories.server'
import { icmCall, type IcmScope } from './icm.server'
import { prices } from './prices.server'
import { hasSessionCookie } from './session.server'

/** Category paths by uniqueId per (cached) category tree: built once per tree, not once per key stroke. */
const pathIndexes = new WeakMap<Category[], Map<string, Category['path']>>()

function pathIndex(tree: Category[]): CategoryPathOf {
  let index = pathIndexes.get(tree)
  if (!index) {
    const built = new Map<string, Category['path']>()
    const visit = (categories: Category[]) => {
      for (const category of categories) {
        built.set(category.uniqueId, category.path)
        visit(category.subCategories)
      }
    }
    visit(tree)
    pathIndexes.set(tree, built)
    index = built
  }
  return (uniqueId) => index.get(uniqueId)
}

/**
 * Search suggestions for a normalized term (see `suggestTerm`), grouped with their storefront URLs, the
 * products with their sale prices (ICM's suggestions carry none: one `productprices` call for all of them).
 * Anonymous catalog data: the ICM answers are cached briefly and shared by every shopper of the price group.
 */
export async function suggestions(scope: IcmScope, term: string) {
  const groups = await suggestionsWithoutPrices(scope, term)
  if (groups.products.length === 0) return groups
  // Only for a richer list: without prices the products are still suggested.
  const priceMap = await prices(
    scope,
    groups.products.map((p) => p.sku),
  ).catch(() => null)
  return {
    ...groups,
    products: groups.products.map((product) => {
      const sale = priceMap?.get(product.sku)?.sale
      return sale ? { ...product, price: sale } : product
    }),
  }
}

async function suggestionsWithoutPrices(scope: IcmScope, term: string) {
  const [data, tree] = await Promise.all([
    icmCall(scope, {
      path: 'suggest',
      query: { SearchTerm: term },
      schema: SuggestTermsSchema,
      cache: 'short',
      group: 'spgid',
    }),
    // Only for nicer URLs: without the tree, links still work (product URLs without category folders).
    categoryTree(scope).catch(() => [] as Category[]),
  ])
  return suggestionGroups(scope.locale, term, data.elements, pathIndex(tree))
}

/**
 * Suggestions are the same for every anonymous shopper: browsers and CDNs may keep them for a minute (a
 * shopper deleting a letter asks again). With a session they may depend on the price group: private.
 */
export function suggestCacheControl(request: Request): string {
  return hasSessionCookie(request)
    ? 'private, max-age=60'
    : 'public, max-age=60, s-maxage=60, stale-while-revalidate=300'
}
