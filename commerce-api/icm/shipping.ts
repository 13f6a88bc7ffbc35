import { localize, type Currency, type Locale } from '../domain/channel'
import type { Amount } from '../domain/money'
import type { ShippingMethodRow } from '../domain/shipping'
import { priceItemOf } from './money'

/**
 * ICM's ShippingMethod, with what it costs the basket (`costs`, in the basket's currency). This API adds
 * `shippingCostsThreshold` (named after ICM's `paymentCostsThreshold` of payment methods): the item total from
 * which the method ships free, so that a shop can say so before checkout; absent when it never does.
 */
export function shippingMethodJson(
  method: ShippingMethodRow,
  locale: Locale,
  currency: Currency,
  costs: Amount,
  freeFrom?: Amount,
) {
  return {
    id: method.id,
    name: localize(method.names, locale),
    description: localize(method.descriptions, locale),
    shippingCosts: priceItemOf(costs, currency),
    ...(freeFrom ? { shippingCostsThreshold: priceItemOf(freeFrom, currency) } : {}),
    deliveryTimeMin: method.deliveryTimeMin,
    deliveryTimeMax: method.deliveryTimeMax,
  }
}
