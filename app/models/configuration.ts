import { z } from 'zod'

/** ICM `configurations`: the channel settings the shop reads (spec §4, §9 config keys). */
export const ConfigurationSchema = z.object({
  data: z.object({
    general: z.object({ defaultLocale: z.string().optional() }).passthrough().optional(),
    basket: z
      .object({
        maxItemQuantity: z.number().optional(),
        termsAndConditions: z.boolean().optional(),
        acceleration: z.boolean().optional(),
      })
      .passthrough()
      .optional(),
    shipping: z
      .object({
        desiredDeliveryDate: z.boolean().optional(),
        desiredDeliveryDaysMin: z.number().optional(),
        desiredDeliveryDaysMax: z.number().optional(),
        deliveryExcludeSaturday: z.boolean().optional(),
        deliveryExcludeSunday: z.boolean().optional(),
      })
      .passthrough()
      .optional(),
    pricing: z
      .object({
        privateCustomerPriceDisplayType: z.string().optional(),
        smbCustomerPriceDisplayType: z.string().optional(),
      })
      .passthrough()
      .optional(),
    /** The commerce API's own captcha announces itself as `service: 'challenge'` (questions of `POST challenges`). */
    captcha: z.object({ service: z.string().optional() }).passthrough().optional(),
  }),
})

export function mapConfiguration(data: z.infer<typeof ConfigurationSchema>) {
  return {
    maxItemQuantity: data.data.basket?.maxItemQuantity ?? 100,
    /**
     * The shop's own country: that of the channel's default locale (`de_DE`: Germany), where a new address
     * starts whatever language the page is read in; undefined when the channel names none.
     */
    shopCountry: data.data.general?.defaultLocale?.split('_')[1],
    /** Checkout: the terms must be accepted before ordering (default yes), and "acceleration" (spec §4). */
    termsAndConditions: data.data.basket?.termsAndConditions ?? true,
    acceleration: data.data.basket?.acceleration ?? false,
    b2cDisplay: data.data.pricing?.privateCustomerPriceDisplayType === 'net' ? 'net' : 'gross',
    b2bDisplay: data.data.pricing?.smbCustomerPriceDisplayType === 'gross' ? 'gross' : 'net',
    /** Desired delivery dates per line (spec §9 config keys); null when the channel offers none. */
    delivery: data.data.shipping?.desiredDeliveryDate
      ? {
          daysMin: data.data.shipping.desiredDeliveryDaysMin ?? 0,
          daysMax: data.data.shipping.desiredDeliveryDaysMax ?? 365,
          excludeSaturday: data.data.shipping.deliveryExcludeSaturday ?? false,
          excludeSunday: data.data.shipping.deliveryExcludeSunday ?? false,
        }
      : null,
    /** Anonymous forms (registration, password reminder) ask the API's captcha question. */
    captcha: data.data.captcha?.service === 'challenge',
  } as const
}

export type Configuration = ReturnType<typeof mapConfiguration>
