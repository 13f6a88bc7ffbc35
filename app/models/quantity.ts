/**
 * Hints for quantity inputs (`min`, `max`, `step` attributes). The commerce API owns the quantity rules and
 * judges every add and change; the storefront only helps the shopper type a likely value.
 */
export type QuantityRules = {
  minOrderQuantity: number
  maxOrderQuantity?: number
  stepQuantity: number
  /** ICM's packing unit ("box", "pair"...); empty for single pieces. */
  packingUnit?: string
}

/**
 * The `max` hint of a quantity input: the product's maximum order quantity, capped by the channel's
 * `maxItemQuantity` (configuration, in the shell data); undefined when neither names one.
 */
export function maxQuantity(product: QuantityRules, maxItemQuantity?: number): number | undefined {
  const limits = [product.maxOrderQuantity, maxItemQuantity].filter((n): n is number => n !== undefined)
  return limits.length ? Math.min(...limits) : undefined
}

/** The attributes of a product's quantity input. */
export const quantityHints = (product: QuantityRules, maxItemQuantity?: number) => ({
  min: product.minOrderQuantity,
  max: maxQuantity(product, maxItemQuantity),
  step: product.stepQuantity,
})

type Translate = (key: string, values?: Record<string, unknown>) => string

/** Packing units the shop names in words, with each language's plural forms; "piece" stands for none. */
const NAMED_UNITS = new Set(['piece', 'box', 'pair', 'bag', 'roll'])

const unitCode = (unit: string | undefined) => (unit ?? '').trim().toLowerCase() || 'piece'

/**
 * A quantity of a product in words: "5 boxes", "1 Paar", "20 de bucăți". A unit ICM sends that the shop has
 * no words for is shown as sent, after the number.
 */
export function amountInWords(t: Translate, count: number, unit?: string): string {
  const code = unitCode(unit)
  return NAMED_UNITS.has(code) ? t(`product.unit.count.${code}`, { count }) : `${count} ${unit!.trim()}`
}

/** One rule of a product in words ("Minimum order: 5 boxes."); '' for a rule the product does not have. */
export function quantityRuleInWords(
  t: Translate,
  rule: 'min' | 'max' | 'step',
  product: QuantityRules,
): string {
  const count = { min: product.minOrderQuantity, max: product.maxOrderQuantity, step: product.stepQuantity }[
    rule
  ]
  if (count === undefined) return ''
  return t(`product.quantity.rules.${rule}`, { amount: amountInWords(t, count, product.packingUnit) })
}

/**
 * The product's quantity rules in words, for the product page and the tiles: the packing unit it is sold
 * by, the minimum order quantity, the steps and the maximum. Rules that say nothing (1, 1, none) are left out.
 */
export function quantityRulesInWords(product: QuantityRules, t: Translate): string[] {
  const { minOrderQuantity: min, stepQuantity: step, maxOrderQuantity: max, packingUnit } = product
  const code = unitCode(packingUnit)
  const texts: string[] = []
  if (code !== 'piece')
    texts.push(
      t('product.quantity.rules.unit', {
        unit: NAMED_UNITS.has(code) ? t(`product.unit.name.${code}`) : packingUnit!.trim(),
      }),
    )
  if (min > 1) texts.push(quantityRuleInWords(t, 'min', product))
  if (step > 1) texts.push(quantityRuleInWords(t, 'step', product))
  if (max !== undefined) texts.push(quantityRuleInWords(t, 'max', product))
  return texts
}

/**
 * What is wrong with a quantity typed on the product page, in words, or undefined: the first rule it breaks
 * (a whole number from the minimum, at most the maximum, in steps from the minimum). The page checks in the
 * browser with it, from the same hints as the input's attributes, so a shopper learns of a wrong quantity
 * before posting; the add route does not use it: the API judges the posted quantity. `NaN` stands for an
 * empty or unreadable field.
 */
export function quantityProblem(
  quantity: number,
  product: QuantityRules,
  t: Translate,
  maxItemQuantity?: number,
): string | undefined {
  const { minOrderQuantity: min, stepQuantity: step } = product
  const max = maxQuantity(product, maxItemQuantity)
  if (!Number.isInteger(quantity) || quantity < min) return t('product.quantity.error.invalid', { min })
  // The maximum in the product's own unit ("at most 10 boxes"), as its quantity rules say it.
  if (max !== undefined && quantity > max)
    return t('product.quantity.error.max', { max: amountInWords(t, max, product.packingUnit) })
  if ((quantity - min) % step !== 0) return t('product.quantity.error.step', { step, min })
  return undefined
}
