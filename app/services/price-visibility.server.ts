/**
 * Whether the shopper sees prices (ADR 0045, app/models/price-visibility.ts for the rule): the session's user
 * (a business customer's `isPriceDisplayActive`, kept at login) and the extra setting `noPriceCheckoutEnabled`
 * of the configuration include, which is read only for a customer whose price display is off.
 */
import { ContentIncludeSchema, mapContentInclude } from '~/models/cms'
import { priceVisibilityOf, type PriceVisibility } from '~/models/price-visibility'
import { isFeatureEnabled } from './features.server'
import { icmCall, IcmError, type IcmScope } from './icm.server'
import type { ShopSession } from './session.server'

/** The include ICM serves the shop's extra settings in (spec shell §3, §7). */
const CONFIGURATION_INCLUDE = 'include.configuration.pagelet2-Include'

const flag = (value: unknown) => value === true || value === 'true'

/**
 * The extra setting `noPriceCheckoutEnabled` (spec shell §3): a parameter of the include's first component, or
 * a key of its ConfigurationJSON; the parameter wins. Off when feature extraConfiguration is off (extra settings
 * are not loaded then, §4.6) or ICM has no such include. Cached `long`, like the configuration.
 */
export async function noPriceCheckoutEnabled(scope: IcmScope): Promise<boolean> {
  if (!isFeatureEnabled('extraConfiguration')) return false
  try {
    const include = mapContentInclude(
      await icmCall(scope, {
        path: `cms/includes/${CONFIGURATION_INCLUDE}`,
        schema: ContentIncludeSchema,
        cache: 'long',
        group: 'pgid',
      }),
    )
    const params = include.pagelets[0]?.params ?? {}
    if (params.noPriceCheckoutEnabled !== undefined) return flag(params.noPriceCheckoutEnabled)
    return flag(configurationJson(params.ConfigurationJSON).noPriceCheckoutEnabled)
  } catch (error) {
    if (error instanceof IcmError && error.status === 404) return false
    throw error
  }
}

/** ConfigurationJSON as an object (a JSON text, bounded); anything else: none. */
function configurationJson(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>
  if (typeof value !== 'string' || value.length > 20_000) return {}
  try {
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/** The shopper's price visibility; guests and customers with price display on cost no call. */
export async function priceVisibilityFor(scope: IcmScope, session: ShopSession): Promise<PriceVisibility> {
  const user = session.get('user')
  if (!user?.priceDisplayInactive || session.get('isAnonymous')) return 'shown'
  return priceVisibilityOf({
    customerType: user.customerType,
    priceDisplayActive: false,
    noPriceCheckoutEnabled: await noPriceCheckoutEnabled(scope),
  })
}
