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
  /** The item total from which it ships free (the bundled API's addition; a real ICM may not say). */
  shippingCostsThreshold: PriceItemSchema.optional(),
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
  /** Free from this item total on. */
  freeFrom?: PriceItem
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
    freeFrom: data.shippingCostsThreshold,
    days,
  }
}

/**
 * What the basket page says about shipping before checkout (issue 19): what shipping costs this basket (its
 * chosen method's costs, or else `from` the cheapest method eligible now), and how far the items are from
 * free shipping with a method that offers it (the chosen one if it does, else the cheapest that does);
 * `missing` is absent once the items reach it.
 */
export type ShippingPreview = {
  costs: PriceItem
  /** The method whose costs these are. */
  method: string
  /** The costs are those of the basket's chosen method (part of its total). */
  chosen: boolean
  from: boolean
  free?: { method: string; threshold: PriceItem; missing?: PriceItem }
}

const net = (item: PriceItem) => item.net.value
const minus = (a: PriceItem, b: PriceItem): PriceItem => {
  const diff = (x: number, y: number) => Math.max(0, Math.round((x - y) * 100) / 100)
  return {
    net: { ...a.net, value: diff(a.net.value, b.net.value) },
    gross: { ...a.gross, value: diff(a.gross.value, b.gross.value) },
  }
}

export function shippingPreview(
  basket: { items: PriceItem; shipping?: PriceItem; methodId?: string },
  methods: ShippingMethod[],
): ShippingPreview | undefined {
  const priced = methods.filter((m): m is ShippingMethod & { costs: PriceItem } => m.costs !== undefined)
  const chosen = basket.methodId ? methods.find((m) => m.id === basket.methodId) : undefined
  const cheapest = [...priced].sort((a, b) => net(a.costs) - net(b.costs))[0]
  const isChosen = !!chosen && !!basket.shipping
  const costs = isChosen ? basket.shipping : cheapest?.costs
  if (!costs) return undefined
  const freeMethod =
    chosen?.freeFrom !== undefined
      ? chosen
      : [...priced].filter((m) => m.freeFrom).sort((a, b) => net(a.costs) - net(b.costs))[0]
  const free = freeMethod?.freeFrom
    ? {
        method: freeMethod.name,
        threshold: freeMethod.freeFrom,
        ...(net(basket.items) < net(freeMethod.freeFrom)
          ? { missing: minus(freeMethod.freeFrom, basket.items) }
          : {}),
      }
    : undefined
  return {
    costs,
    method: (isChosen ? chosen : cheapest)?.name ?? '',
    chosen: isChosen,
    from: !isChosen && priced.some((m) => net(m.costs) !== net(costs)),
    ...(free ? { free } : {}),
  }
}

/**
 * The method a basket's delivery date is computed with: its chosen one, else the cheapest eligible one (the
 * one the shipping preview shows "from").
 */
export function deliveryMethod(
  basket: { methodId?: string },
  methods: ShippingMethod[],
): ShippingMethod | undefined {
  const chosen = basket.methodId ? methods.find((m) => m.id === basket.methodId) : undefined
  if (chosen) return chosen
  const priced = methods.filter((m): m is ShippingMethod & { costs: PriceItem } => m.costs !== undefined)
  return [...priced].sort((a, b) => net(a.costs) - net(b.costs))[0] ?? methods[0]
}
