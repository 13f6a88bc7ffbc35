/** Products side by side: at most this many; adding one more drops the oldest. */
export const MAX_COMPARE = 4

export function addToComparison(list: string[], sku: string): string[] {
  const without = list.filter((s) => s !== sku)
  return [...without, sku].slice(-MAX_COMPARE)
}

export function removeFromComparison(list: string[], sku: string): string[] {
  return list.filter((s) => s !== sku)
}

type Attribute = { name: string; value: string }
type Compared = { attributes: Attribute[]; attributeGroups?: { attributes: Attribute[] }[] }

/** Every attribute of a product: the ungrouped ones, then those of its attribute groups. */
const allAttributes = (product: Compared): Attribute[] => [
  ...product.attributes,
  ...(product.attributeGroups ?? []).flatMap((group) => group.attributes),
]

/** Attribute names of all compared products, in first-seen order, each with one value per product. */
export function comparisonRows(products: Compared[]) {
  const lists = products.map(allAttributes)
  const names: string[] = []
  for (const list of lists) for (const a of list) if (!names.includes(a.name)) names.push(a.name)
  return names.map((name) => ({
    name,
    values: lists.map((list) => list.find((a) => a.name === name)?.value ?? '–'),
  }))
}
