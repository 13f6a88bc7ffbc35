import { localize, type Currency, type Locale } from '../domain/channel'
import type { Amount } from '../domain/money'
import type { ShippingMethodRow } from '../domain/shipping'
import { priceItemOf } from './money'

/** ICM's ShippingMethod, with what it costs the basket (`costs`, in the basket's currency). */
export function shippingMethodJson(
  method: ShippingMethodRow,
  locale: Locale,
  currency: Currency,
  costs: Amount,
) {
  return {
    id: method.id,
    name: localize(method.names, locale),
    description: localize(method.descriptions, locale),
    shippingCosts: priceItemOf(costs, currency),
    deliveryTimeMin: method.deliveryTimeMin,
    deliveryTimeMax: method.deliveryTimeMax,
  }
}
