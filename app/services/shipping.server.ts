import { ShippingMethodsSchema, mapShippingMethod, type ShippingMethod } from '~/models/shipping-method'
import { icmCall, type IcmScope } from './icm.server'

/** Shipping methods eligible for the basket's ship-to address (spec §7), personal, never cached. */
export async function eligibleShippingMethods(scope: IcmScope, basketId: string): Promise<ShippingMethod[]> {
  const data = await icmCall(scope, {
    path: `baskets/${encodeURIComponent(basketId)}/eligible-shipping-methods`,
    schema: ShippingMethodsSchema,
    cache: 'none',
  })
  return data.data.map(mapShippingMethod)
}
