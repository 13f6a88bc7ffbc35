import { z } from 'zod'

type Translate = (key: string, values?: Record<string, unknown>) => string

export type QuantityRules = { minOrderQuantity: number; maxOrderQuantity?: number; stepQuantity: number }

/** The channel's maximum quantity of one line item when the product sets none (spec §9). */
export const DEFAULT_MAX_QUANTITY = 100

/**
 * Add-to-basket form: quantity honours the product's minimum, maximum and step (checked again by the API);
 * `warranty` is the chosen warranty's id, empty for none (the API checks that the product offers it).
 */
export function addToBasketSchema(product: QuantityRules, t: Translate) {
  const max = Math.min(product.maxOrderQuantity ?? DEFAULT_MAX_QUANTITY, DEFAULT_MAX_QUANTITY)
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
      .int(t('product.quantity.error.invalid', { min }))
      .min(min, t('product.quantity.error.invalid', { min }))
      .max(max, t('product.quantity.error.max', { max }))
      .refine((q) => (q - min) % step === 0, t('product.quantity.error.step', { step, min })),
  })
}
