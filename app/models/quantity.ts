import { z } from 'zod'

/**
 * Hints for quantity inputs (`min`, `max`, `step` attributes). The commerce API owns the quantity rules and
 * judges every add and change; the storefront only helps the shopper type a likely value.
 */
export type QuantityRules = { minOrderQuantity: number; maxOrderQuantity?: number; stepQuantity: number }

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

/**
 * The product page's instant check in the browser, from the same hints: a shopper learns of a wrong
 * quantity before posting. The add action does not use it; the API judges the posted quantity.
 */
export function addToBasketSchema(product: QuantityRules, t: Translate, maxItemQuantity?: number) {
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
            : max !== undefined && q > max
              ? t('product.quantity.error.max', { max })
              : (q - min) % step !== 0
                ? t('product.quantity.error.step', { step, min })
                : undefined
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem })
      }),
  })
}
