/**
 * Whether the shopper sees prices (ADR 0045, app/models/price-visibility.ts for the rule): the session's user
 * (a business customer's `isPriceDisplayActive`, kept at login) and the extra setting `noPriceCheckoutEnabled`
 * of the configuration include (extra-settings.server.ts), read only for a customer whose price display is off.
 */
import { priceVisibilityOf, type PriceVisibility } from '~/models/price-visibility'
import { extraSettings } from './extra-settings.server'
import type { IcmScope } from './icm.server'
import type { ShopSession } from './session.server'

/** The shopper's price visibility; guests and customers with price display on cost no call. */
export async function priceVisibilityFor(scope: IcmScope, session: ShopSession): Promise<PriceVisibility> {
  const user = session.get('user')
  if (!user?.priceDisplayInactive || session.get('isAnonymous')) return 'shown'
  return priceVisibilityOf({
    customerType: user.customerType,
    priceDisplayActive: false,
    noPriceCheckoutEnabled: (await extraSettings(scope)).noPriceCheckoutEnabled,
  })
}
