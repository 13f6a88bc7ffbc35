import { z } from 'zod'
import { PriceItemSchema, type PriceItem } from './price'

/**
 * Days of an ISO 8601 period as ICM sends delivery times (`P3D`, `P1W`, `PT48H`); hours round up to whole
 * days. Undefined for anything else.
 */
export function periodDays(period: string | undefined | null): number | undefined {
  if (!period) return undefined
  const match = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(period.trim())
  if (!match || period.trim() === 'P' || period.trim().endsWith('T')) return undefined
  const [, weeks, days, hours, minutes] = match
  if (weeks === undefined && days === undefined && hours === undefined && minutes === undefined)
    return undefined
  const total =
    Number(weeks ?? 0) * 7 +
    Number(days ?? 0) +
    Math.ceil((Number(hours ?? 0) * 60 + Number(minutes ?? 0)) / 1440)
  return total
}

/** A delivery time range in days: `{min: 3, max: 5}`; one bound stands for both when the other is missing. */
export function deliveryDays(min?: string, max?: string): { min: number; max: number } | undefined {
  const low = periodDays(min)
  const high = periodDays(max)
  if (low === undefined && high === undefined) return undefined
  const a = low ?? high!
  const b = high ?? low!
  return { min: Math.min(a, b), max: Math.max(a, b) }
}

/** A shipping method as ICM lists it for a basket, and as the basket's chosen one. */
export const ShippingMethodSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  shippingCosts: PriceItemSchema.optional(),
  deliveryTimeMin: z.string().optional(),
  deliveryTimeMax: z.string().optional(),
  shippingTimeMin: z.number().optional(),
  shippingTimeMax: z.number().optional(),
})

export const ShippingMethodsSchema = z.object({ data: z.array(ShippingMethodSchema) })

export type ShippingMethod = {
  id: string
  name: string
  description?: string
  costs?: PriceItem
  days?: { min: number; max: number }
}

export function mapShippingMethod(data: z.infer<typeof ShippingMethodSchema>): ShippingMethod {
  const days =
    deliveryDays(data.deliveryTimeMin, data.deliveryTimeMax) ??
    (data.shippingTimeMin !== undefined || data.shippingTimeMax !== undefined
      ? {
          min: data.shippingTimeMin ?? data.shippingTimeMax!,
          max: data.shippingTimeMax ?? data.shippingTimeMin!,
        }
      : undefined)
  return {
    id: data.id,
    name: data.name ?? data.id,
    description: data.description,
    costs: data.shippingCosts,
    days,
  }
}
