/** Products side by side: at most this many; adding one more drops the oldest. */
export const MAX_COMPARE = 4

export function addToComparison(list: string[], sku: string): string[] {
  const without = list.filter((s) => s !== sku)
  return [...without, sku].slice(-MAX_COMPARE)
}

export function removeFromComparison(list: string[], sku: string): string[] {
  return list.filter((s) => s !== sku)
}

/** Attribute names of all compared products, in first-seen order, each with one value per product. */
export function comparisonRows(products: { attributes: { name: string; value: string }[] }[]) {
  const names: string[] = []
  for (const product of products)
    for (const a of product.attributes) if (!names.includes(a.name)) names.push(a.name)
  return names.map((name) => ({
    name,
    values: products.map((p) => p.attributes.find((a) => a.name === name)?.value ?? '–'),
  }))
}
