/**
 * The demo products that ask for mandatory selections and accessories (ADR 0011), derived from the generated
 * catalog without any randomness, so that the catalog and the other extras stay exactly as generated.
 */
import { MANDATORY_ACCESSORY, MANDATORY_LINK_TYPES, MANDATORY_SELECTION } from '../../domain/mandatory'
import type { Catalog } from './generate'
import type { ProductExtras } from './product-extras'

export { MANDATORY_LINK_TYPES }

/** The top category the demo products come from: the last one, away from the first pages shoppers open. */
export const MANDATORY_CATEGORY = 'Electrical'

export type MandatoryDemo = {
  links: Catalog['productLinks']
  /** A product with both: one of three selections and one accessory. */
  both: { sku: string; selections: string[]; accessories: string[] }
  /** A product with a selection of two only. */
  selectionOnly: { sku: string; selections: string[] }
  /** A product with two accessories only. */
  accessoriesOnly: { sku: string; accessories: string[] }
}

/**
 * Candidates are plain products of the category that can simply be ordered: priced, well in stock, one
 * piece at a time without a maximum, not part of a bundle or set. They are taken from the end of the
 * category's product list (highest SKUs first).
 */
export function mandatoryDemo(
  catalog: Catalog,
  extras: Pick<ProductExtras, 'unpricedSkus'>,
): MandatoryDemo | null {
  const parts = new Set(catalog.productParts.map((p) => p.partSku))
  const stock = new Map(catalog.inventories.map((i) => [i.sku, i]))
  const priced = new Set(catalog.prices.map((p) => p.sku))
  const candidates = catalog.products
    .filter(
      (p) =>
        p.kind === 'product' &&
        p.defaultCategoryId.split('.')[0] === MANDATORY_CATEGORY &&
        p.minOrderQuantity === 1 &&
        p.stepQuantity === 1 &&
        p.maxOrderQuantity === null &&
        priced.has(p.sku) &&
        !extras.unpricedSkus.has(p.sku) &&
        !parts.has(p.sku) &&
        (stock.get(p.sku)?.stock ?? 0) >= 20,
    )
    .map((p) => p.sku)
    .sort()
    .reverse()
  // A small catalog (tests seed 100 products) has too few such products: no demo links then.
  if (candidates.length < 11) return null
  const c = candidates.slice(0, 11)
  const both = { sku: c[0]!, selections: [c[1]!, c[2]!, c[3]!], accessories: [c[4]!] }
  const selectionOnly = { sku: c[5]!, selections: [c[6]!, c[7]!] }
  const accessoriesOnly = { sku: c[8]!, accessories: [c[9]!, c[10]!] }
  const rows = (sku: string, linkType: string, targets: string[]) =>
    targets.map((targetSku, position) => ({ sku, linkType, targetSku, position }))
  return {
    links: [
      ...rows(both.sku, MANDATORY_SELECTION, both.selections),
      ...rows(both.sku, MANDATORY_ACCESSORY, both.accessories),
      ...rows(selectionOnly.sku, MANDATORY_SELECTION, selectionOnly.selections),
      ...rows(accessoriesOnly.sku, MANDATORY_ACCESSORY, accessoriesOnly.accessories),
    ],
    both,
    selectionOnly,
    accessoriesOnly,
  }
}
