import { z } from 'zod'
import {
  CHECKOUT_INCLUDE,
  CheckoutBasketSchema,
  mapCheckoutBasket,
  type CheckoutBasket,
} from '~/models/checkout-basket'
import { basketPathOf } from './basket.server'
import { icmCall, IcmError, tryIcm, type IcmResult, type IcmScope, tokenOf } from './icm.server'

/**
 * The basket as checkout reads and changes it (spec §7 Baskets): with its addresses, shipping method and
 * payment. Countries, addresses, shipping, payments, validation and orders each have their own module.
 */

/** The current basket with its addresses, shipping method and payment; null without token or basket. */
export async function checkoutBasket(scope: IcmScope): Promise<CheckoutBasket | null> {
  if (!tokenOf(scope)) return null
  try {
    const data = await icmCall(scope, {
      path: basketPathOf(scope),
      query: { include: CHECKOUT_INCLUDE },
      schema: CheckoutBasketSchema,
      cache: 'none',
    })
    return mapCheckoutBasket(data)
  } catch (error) {
    if (error instanceof IcmError && (error.status === 404 || error.status === 401)) return null
    throw error
  }
}

/** Basket fields checkout sets: invoice and ship-to address (URN or id) and the shipping method. */
export function updateCheckoutBasket(
  scope: IcmScope,
  basketId: string,
  fields: { invoiceToAddress?: string; commonShipToAddress?: string; commonShippingMethod?: string },
): Promise<IcmResult> {
  return tryIcm(
    icmCall(scope, {
      method: 'PATCH',
      path: `baskets/${encodeURIComponent(basketId)}`,
      json: fields,
      schema: z.unknown(),
      cache: 'none',
    }).then(() => undefined),
  )
}
