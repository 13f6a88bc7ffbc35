import { z } from 'zod'

type Translate = (key: string, values?: Record<string, unknown>) => string

export type QuantityRules = { minOrderQuantity: number; maxOrderQuantity?: number; stepQuantity: number }

/** The channel's maximum quantity of one line item when the product sets none (spec §9). */
export const DEFAULT_MAX_QUANTITY = 100

/** The most of a product one line may hold: its maximum order quantity, capped by the channel's setting. */
export function maxQuantity(product: QuantityRules, maxItemQuantity = DEFAULT_MAX_QUANTITY) {
  return Math.min(product.maxOrderQuantity ?? maxItemQuantity, maxItemQuantity)
}

/**
 * Add-to-basket form: quantity honours the product's minimum, maximum and step (checked again by the API),
 * the maximum capped by the channel's `basket.maxItemQuantity`; `warranty` is the chosen warranty's id, empty
 * for none (the API checks that the product offers it).
 */
export function addToBasketSchema(
  product: QuantityRules,
  t: Translate,
  maxItemQuantity = DEFAULT_MAX_QUANTITY,
) {
  const max = maxQuantity(product, maxItemQuantity)
  const { minOrderQuantity: min, stepQuantity: step } = product
  return z.object({
    intent: z.literal('addToBasket'),
    sku: z.string().min(1),
    warranty: z.string().optional(),
    quantity: z
      .number({
        invalid_type_error: t('product.quantity.error.invalid', { min }),
        required_error: t('product.quantity.error.invalid', { min }),
      })
      // One message per violation, the first that applies.
      .superRefine((q, ctx) => {
        const problem =
          !Number.isInteger(q) || q < min
            ? t('product.quantity.error.invalid', { min })
            : q > max
              ? t('product.quantity.error.max', { max })
              : (q - min) % step !== 0
                ? t('product.quantity.error.step', { step, min })
                : undefined
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem })
      }),
  })
}
