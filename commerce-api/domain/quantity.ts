/**
 * The order quantity rules of a basket line, decided in one place for adding, editing, merging and
 * validating (spec §3 "Product quantity info", §5): a line holds at least the product's minimum order
 * quantity, then whole steps (the packing unit) counted from that minimum, at most the product's maximum,
 * and never more than the channel's maximum item quantity (configuration `basket.maxItemQuantity`).
 */
import { channelSettings } from './configuration'
import type { MessageCode } from './message-codes'

/** A product's order quantity rules: minimum, maximum (null: only the channel's cap) and step. */
export type QuantityRules = { min: number; max: number | null; step: number }

/** Why a quantity breaks the rules: the ICM error key and a message naming the product. */
export type QuantityProblem = { code: MessageCode; message: string }

/** The channel's cap on one line's quantity. */
export const channelQuantityCap = () => channelSettings().basket.maxItemQuantity

/** Rules as stored can be incomplete (0 or negative from an import); a step below 1 counts as 1. */
const sane = (rules: QuantityRules): QuantityRules => ({
  min: Math.max(rules.min, 1),
  max: rules.max,
  step: Math.max(rules.step, 1),
})

/** The most one line of the product may hold: its maximum, never above the channel's cap. */
export function maxQuantity(rules: QuantityRules, cap = channelQuantityCap()): number {
  return Math.min(rules.max ?? cap, cap)
}

/** Why a line cannot hold `quantity` of the product, or undefined when it can. */
export function quantityProblem(
  sku: string,
  rules: QuantityRules,
  quantity: number,
  cap = channelQuantityCap(),
): QuantityProblem | undefined {
  const { min, step } = sane(rules)
  const max = maxQuantity(rules, cap)
  if (quantity < min) {
    return {
      code: 'basket.line_item.quantity.min_order_quantity.error',
      message: `The minimum order quantity of '${sku}' is ${min}.`,
    }
  }
  if (quantity > max) {
    return {
      code: 'basket.line_item.quantity.max_order_quantity.error',
      message: `The maximum order quantity of '${sku}' is ${max}.`,
    }
  }
  if ((quantity - min) % step !== 0) {
    return {
      code: 'basket.line_item.quantity.step_quantity.error',
      message: `'${sku}' can only be ordered in steps of ${step}, starting at ${min}.`,
    }
  }
  return undefined
}

/**
 * The quantity a line holds when `requested` does not fit the rules, or undefined when no quantity fits (the
 * minimum is above the maximum, the stock `limit` or the channel's cap).
 *
 * The one direction everywhere is DOWN: the largest allowed quantity that is not above the request, so a
 * fitted line never holds more than the buyer asked for and never costs more than they expected. The one
 * exception is a request below the minimum, which is raised to the minimum: below it the product cannot be
 * ordered at all. The same rule takes a `limit` (the stock left) as one more maximum.
 */
export function fitQuantity(
  rules: QuantityRules,
  requested: number,
  { limit = Number.POSITIVE_INFINITY, cap = channelQuantityCap() }: { limit?: number; cap?: number } = {},
): number | undefined {
  const { min, step } = sane(rules)
  const max = Math.min(maxQuantity(rules, cap), limit)
  if (max < min) return undefined
  const capped = Math.min(Math.max(requested, min), max)
  return min + Math.floor((capped - min) / step) * step
}
