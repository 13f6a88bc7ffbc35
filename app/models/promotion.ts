import { z } from 'zod'

/** ICM's PromotionData (`promotions/{id}`). */
export const PromotionSchema = z.object({
  id: z.string(),
  title: z.string().optional(),
  longTitle: z.string().optional(),
  ruleDescription: z.string().optional(),
  legalContentMessage: z.string().optional(),
  couponCodeRequired: z.boolean().optional(),
  icon: z.string().optional(),
  disableMessages: z.boolean().optional(),
})

export type Promotion = {
  id: string
  title: string
  longTitle: string
  ruleDescription: string
  legalText: string
  couponCodeRequired: boolean
}

/** A promotion to show, or undefined when ICM says its messages are not to be shown. */
export function mapPromotion(data: z.infer<typeof PromotionSchema>): Promotion | undefined {
  if (data.disableMessages) return undefined
  return {
    id: data.id,
    title: data.title ?? data.id,
    longTitle: data.longTitle ?? '',
    ruleDescription: data.ruleDescription ?? '',
    legalText: data.legalContentMessage ?? '',
    couponCodeRequired: data.couponCodeRequired ?? false,
  }
}
