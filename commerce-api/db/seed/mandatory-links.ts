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
 * piece at a time without a maximum, not part of a bundle or set. Each role takes them from the leaves where
 * it makes sense (a floodlight asks for a cable and a junction box to connect it, a flush-mounted switch for
 * its box, an outlet for box and cable), highest SKUs first, and from the rest of the category when a small
 * catalog has too few there.
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
    .sort((a, b) => (a.sku < b.sku ? 1 : -1))
  // A small catalog (tests seed 100 products) has too few such products: no demo links then.
  if (candidates.length < 11) return null
  const taken = new Set<string>()
  const take = (leaf: string, count: number) => {
    const inLeaf = candidates.filter((p) => p.defaultCategoryId.endsWith(`.${leaf}`))
    const picked = [...inLeaf, ...candidates].filter((p) => !taken.has(p.sku)).slice(0, count)
    for (const p of picked) taken.add(p.sku)
    return picked.map((p) => p.sku)
  }
  const both = {
    sku: take('LED-Floodlights', 1)[0]!,
    selections: take('Installation-Cable', 3),
    accessories: take('Junction-Boxes', 1),
  }
  const selectionOnly = { sku: take('Light-Switches', 1)[0]!, selections: take('Junction-Boxes', 2) }
  const accessoriesOnly = {
    sku: take('Wall-Outlets', 1)[0]!,
    accessories: [...take('Junction-Boxes', 1), ...take('Installation-Cable', 1)],
  }
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
